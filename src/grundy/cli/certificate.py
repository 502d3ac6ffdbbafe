"""``grundy certificate FILE``: re-check a certificate with the independent checkers.

Three kinds are understood: Grundy tables (``grundy solve/table ... --certificate FILE``),
periodicity certificates (the ``certificate`` of ``grundy sequence ... --period
--json``, or that whole JSON object) and misère quotients (``grundy quotient ...
--certificate FILE``).  Exit code 0 when the certificate is valid, 1 when
the checker finds a problem, 2 when the file cannot be read or is not a certificate.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import IO, Any

from grundy.cli.common import UsageError, write_json
from grundy.cli.flags import add_json_option
from grundy.errors import brief
from grundy.files import FileTooLargeError, InputPathError, decode_document, read_limited
from grundy.validate import MAX_DIGITS

__all__ = ["register"]


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "certificate",
        help="re-check a Grundy-table, periodicity or misère-quotient certificate "
        "without the solver",
    )
    parser.add_argument("file", metavar="FILE", help="a certificate written by grundy (JSON)")
    add_json_option(parser)
    parser.set_defaults(run=run_certificate)


MAX_BYTES = 200 << 20
"""Largest certificate file read (JSON takes several times its size in memory)."""


def _load(path: str) -> Any:
    try:  # the limit is kept while reading: a device (/dev/zero) has no size
        text = read_limited(path, MAX_BYTES, "certificate").decode("utf-8")
    except (FileTooLargeError, InputPathError) as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not a certificate (not UTF-8 text)") from None
    return decode_document(
        json.loads,
        text,
        syntax_error=json.JSONDecodeError,
        fail=UsageError,
        syntax=lambda exc: f"{path} is not JSON (line {exc.lineno}: {exc.msg})",
        too_deep=f"{path} is not a certificate (nested too deeply)",
        too_long=lambda exc: f"{path}: a number in it is too long (at most {MAX_DIGITS:,} digits)",
    )


def _periodicity_data(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    if "theorem" in data and "values" in data:
        return data
    inner = data.get("certificate")
    if isinstance(inner, Mapping) and "theorem" in inner:
        return inner
    return None


def _rules(data: Mapping[str, Any]) -> str:
    """The rules as the command line writes them (``--code 0.77``, ``--set 1,2,3``)."""
    rules = str(data.get("rules"))
    rules = rules if len(rules) <= 60 else rules[:57] + "..."
    game = str(data.get("game"))[:60]
    flag = {"octal": "--code", "subtraction": "--set"}.get(game)
    return f"{game} {flag} {rules}" if flag else f"{game} {rules}"


def run_certificate(args: argparse.Namespace, out: IO[str]) -> int:
    from grundy.certify.periodicity_check import check_certificate
    from grundy.certify.quotient_check import check_quotient_certificate
    from grundy.certify.table_check import check_grundy_table

    data = _load(args.file)
    if not isinstance(data, Mapping):
        raise UsageError(f"{args.file} is not a certificate (expected a JSON object)")
    periodic = _periodicity_data(data)
    if data.get("certificate") == "grundy-table":
        table = check_grundy_table(data)
        kind, valid, problems = "grundy-table", table.ok, table.problems
        covering = (
            f", closed under moves from the {table.covers:,} it covers" if table.covers else ""
        )
        subject = (
            f"{table.game or str(data.get('game'))[:60]}: {table.entries:,} positions{covering}"
        )
    elif data.get("certificate") == "misere-quotient":
        quotient = check_quotient_certificate(data)
        if not quotient.replayable:
            raise UsageError(f"{args.file} is refused: {quotient.problems[0]}")
        kind, valid, problems = "misere-quotient", quotient.valid, quotient.problems
        subject = (  # only what the checker derived
            f"{quotient.label[:60]}, heaps 0..{quotient.upto}: |Q| = {quotient.size}, "
            f"{quotient.pairs_checked:,} (image, options) pairs and "
            f"{quotient.spot_positions:,} small sums checked"
            + ("; every heap size, by the heap map's period" if quotient.every_heap else "")
            if valid
            else quotient.label[:60]
        )
    elif periodic is not None:
        period = check_certificate(periodic)
        kind, valid, problems = "periodicity", period.valid, period.problems
        subject = (
            f"{_rules(periodic)}: period {brief(periodic.get('period'))} from "
            f"{brief(periodic.get('preperiod'))} ({str(periodic.get('theorem'))[:60]})"
        )
    elif data.get("certified") is False:
        raise UsageError(f"{args.file} holds no certificate: the period was not certified")
    else:
        raise UsageError(f"{args.file} is not a certificate grundy knows")
    if args.json:
        write_json(
            out, {"kind": kind, "subject": subject, "valid": valid, "problems": list(problems)}
        )
    else:
        out.write(f"{kind} certificate, {subject}: {'valid' if valid else 'INVALID'}\n")
        for problem in problems:
            out.write(f"  {problem}\n")
    return 0 if valid else 1
