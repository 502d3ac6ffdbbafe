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
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO, Any

from grundy.cli.common import UsageError, write_json
from grundy.cli.flags import add_json_option
from grundy.errors import brief
from grundy.files import FileTooLargeError, InputPathError, decode_document, read_limited
from grundy.validate import MAX_DIGITS

__all__ = ["Examined", "examine", "load_certificate", "register"]


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


LONG_LIST = 100_000
"""Characters of a list of values past which it is read as an array (see
:func:`_with_value_arrays`); below it the ordinary JSON reading is as quick."""

# JSON's own whitespace only: a list holding anything else is for the ordinary reading.
_VALUE_LIST = re.compile(r'"values"[ \t\n\r]*:[ \t\n\r]*\[([0-9, \t\n\r]*)\]')


def _as_numbers(body: str) -> Any | None:
    """The whole numbers of the JSON list ``body`` (digits, commas and JSON whitespace) as
    an array, or ``None`` unless it is a list that JSON allows: no empty item, no leading
    zero, no two numbers without a comma between, none of seven digits or more."""
    import numpy as np

    try:
        array = np.fromstring(body, dtype=np.uint32, sep=",")  # text mode: not deprecated
    except ValueError:  # an empty item, or two numbers with only spaces between
        return None
    commas = body.count(",")
    if len(array) != commas + 1:
        return None  # a trailing comma, passed over
    spaces = sum(body.count(c) for c in " \t\n\r")
    # Each number is written with at least as many digits as the decimal form of what was
    # read, and ``shortest`` counts at most six a number (a value is at most 65,535). Equal
    # totals leave no leading zero, no number of seven digits or more, none that wrapped.
    written = len(body) - commas - spaces
    shortest = len(array) + sum(int(np.count_nonzero(array >= 10**k)) for k in range(1, 6))
    return array if written == shortest else None


def _marked(value: Any, markers: Mapping[str, Any]) -> bool:
    return isinstance(value, str) and value in markers


def _with_value_arrays(text: str) -> Any | None:
    """The periodicity certificate ``text`` decoded with its list of values as a numpy
    array, or ``None`` when the ordinary reading must decide.

    Twenty million values as Python numbers take seconds and most of a gigabyte; the
    checker reads an array anyway.  Each long ``"values": [...]`` list is replaced by a
    random marker before the rest is decoded as JSON, and only a marker found exactly as the
    certificate's own ``values`` field is trusted: a list cut from inside a string, or from
    any other field, sends the whole file back to the ordinary reading."""
    lists = [m for m in _VALUE_LIST.finditer(text) if len(m.group(1)) >= LONG_LIST]
    if not lists:
        return None
    markers: dict[str, Any] = {}
    pieces, last = [], 0
    for found in lists:
        array = _as_numbers(found.group(1))
        if array is None:
            return None
        marker = f"grundy-values-{secrets.token_hex(16)}"
        markers[marker] = array
        pieces += [text[last : found.start()], f'"values":"{marker}"']
        last = found.end()
    try:
        data = json.loads("".join([*pieces, text[last:]]))
    except (ValueError, RecursionError):
        return None  # the ordinary reading words the error
    if not isinstance(data, Mapping):
        return None
    holders = [data, data.get("certificate")]
    placed = [h for h in holders if isinstance(h, dict) and _marked(h.get("values"), markers)]
    if len(placed) != len(markers) or _periodicity_data(data) is None:
        return None
    for holder in placed:
        holder["values"] = markers[holder["values"]]
    return data


def _load(path: str) -> Any:
    try:  # the limit is kept while reading: a device (/dev/zero) has no size
        text = read_limited(path, MAX_BYTES, "certificate").decode("utf-8")
    except (FileTooLargeError, InputPathError) as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not a certificate (not UTF-8 text)") from None
    fast = _with_value_arrays(text)
    if fast is not None:
        return fast
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


@dataclass(frozen=True, slots=True)
class Examined:
    """What the checker of a certificate's kind found: ``subject`` says what it covers."""

    kind: str
    subject: str
    valid: bool
    problems: tuple[str, ...]


def examine(data: Any, name: str) -> Examined:
    """Check the certificate ``data`` (read from ``name``) with the checker of its kind;
    :class:`UsageError` when it is not a certificate grundy knows.  ``grundy certificate``
    and ``grundy recheck`` both pass here."""
    from grundy.certify.periodicity_check import check_certificate
    from grundy.certify.quotient_check import check_quotient_certificate
    from grundy.certify.table_check import check_grundy_table

    if not isinstance(data, Mapping):
        raise UsageError(f"{name} is not a certificate (expected a JSON object)")
    periodic = _periodicity_data(data)
    if data.get("certificate") == "grundy-table":
        table = check_grundy_table(data)
        covering = (
            f", closed under moves from the {table.covers:,} it covers" if table.covers else ""
        )
        subject = (
            f"{table.game or str(data.get('game'))[:60]}: {table.entries:,} positions{covering}"
        )
        return Examined("grundy-table", subject, table.ok, tuple(table.problems))
    if data.get("certificate") == "misere-quotient":
        quotient = check_quotient_certificate(data)
        if not quotient.replayable:
            raise UsageError(f"{name} is refused: {quotient.problems[0]}")
        subject = (  # only what the checker derived
            f"{quotient.label[:60]}, heaps 0..{quotient.upto}: |Q| = {quotient.size}, "
            f"{quotient.pairs_checked:,} (image, options) pairs and "
            f"{quotient.spot_positions:,} small sums checked"
            + ("; every heap size, by the heap map's period" if quotient.every_heap else "")
            if quotient.valid
            else quotient.label[:60]
        )
        return Examined("misere-quotient", subject, quotient.valid, tuple(quotient.problems))
    if periodic is not None:
        period = check_certificate(periodic)
        subject = (
            f"{_rules(periodic)}: period {brief(periodic.get('period'))} from "
            f"{brief(periodic.get('preperiod'))} ({str(periodic.get('theorem'))[:60]})"
        )
        return Examined("periodicity", subject, period.valid, tuple(period.problems))
    if data.get("certified") is False:
        raise UsageError(f"{name} holds no certificate: the period was not certified")
    raise UsageError(f"{name} is not a certificate grundy knows")


def load_certificate(path: str) -> Any:
    """The JSON of the certificate file ``path`` (:class:`UsageError` when unreadable)."""
    return _load(path)


def run_certificate(args: argparse.Namespace, out: IO[str]) -> int:
    found = examine(_load(args.file), args.file)
    if args.json:
        write_json(
            out,
            {
                "kind": found.kind,
                "subject": found.subject,
                "valid": found.valid,
                "problems": list(found.problems),
            },
        )
    else:
        out.write(
            f"{found.kind} certificate, {found.subject}: {'valid' if found.valid else 'INVALID'}\n"
        )
        for problem in found.problems:
            out.write(f"  {problem}\n")
    return 0 if found.valid else 1
