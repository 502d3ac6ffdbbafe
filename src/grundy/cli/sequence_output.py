"""What ``grundy sequence`` shows: the values, or a summary when there are many.

The summary gives the largest value and the first heap with it, the rare/common
labelling the engine found in the values (its mask, how many heaps ``0..N`` are rare and
the last of them), and the period with whether a theorem certifies it.  ``--out FILE``
writes every value (``.npy``, ``.csv`` or ``.txt``, chosen by the file's extension).
"""

from __future__ import annotations

import argparse
import dataclasses
import io
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from grundy.cli.common import (
    CommandParser,
    UsageError,
    check_output_file,
)
from grundy.files import write_atomic
from grundy.games import Game
from grundy.progress import ProgressCallback

if TYPE_CHECKING:  # the certificates load only with --period
    from grundy.certify.periodicity import PeriodReport

__all__ = [
    "OUT_FORMATS",
    "SUMMARY_ABOVE",
    "SequenceSummary",
    "add_sequence_options",
    "check_out_path",
    "compute_sequence",
    "rechecked",
    "summary_fields",
    "write_certificate",
    "write_sequence_text",
    "write_values",
]

# Beyond this many heaps the text output is a summary instead of every value.
SUMMARY_ABOVE = 1000
OUT_FORMATS = (".npy", ".csv", ".txt")


@dataclass(frozen=True, slots=True)
class SequenceSummary:
    """The values G(0..N) and what the summary says about them."""

    values: npt.NDArray[Any]
    largest: int
    largest_at: int
    rare_mask: int | None  # None when the game's moves never split a heap
    rare_heap_parity: bool  # the heap's parity joins the label (see fast_sequences)
    rare_count: int | None
    last_rare: int | None


def add_sequence_options(parser: CommandParser) -> None:
    """``--summary`` and ``--out FILE``."""
    parser.add_argument(
        "--summary",
        action="store_true",
        help="print the summary even for small N; with --json, leave out the values "
        "(and the period certificate, which lists them)",
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="write every value to FILE: .npy (numpy), .csv (heap,value) or .txt (one a line)",
    )


def compute_sequence(game: Game, upto: int, progress: ProgressCallback | None) -> SequenceSummary:
    """G(0..upto) by the game's fastest engine, with the summary's fields."""
    from grundy.solve import grundy_sequence
    from grundy.solve.fast_sequences import rare_classes, sequence_values
    from grundy.solve.heap_sequences import rules_of
    from grundy.solve.sequence import check_sequence_request, has_fast_sequence

    check_sequence_request(game, upto)
    mask: int | None = None
    parity = False
    rare: npt.NDArray[np.int64] | None = None
    if has_fast_sequence(game):
        rules = rules_of(game)
        values: npt.NDArray[Any] = sequence_values(rules, upto, progress)
        if rules.split_two:
            classes = rare_classes(rules, values)
            mask, parity = classes.mask, bool(classes.domain)
            rare = classes.rare_heaps(values)
    else:
        values = np.asarray(grundy_sequence(game, upto, progress), dtype=np.int64)
    largest_at = int(np.argmax(values))
    return SequenceSummary(
        values,
        int(values[largest_at]),
        largest_at,
        mask,
        parity,
        None if rare is None else len(rare),
        None if rare is None or not len(rare) else int(rare[-1]),
    )


def summary_fields(summary: SequenceSummary, report: PeriodReport | None) -> dict[str, Any]:
    """The summary as JSON fields (``period``, ``preperiod``, ``certified`` are ``null``
    without ``--period``)."""
    return {
        "largest": summary.largest,
        "largest_at": summary.largest_at,
        "rare_mask": None if summary.rare_mask is None else hex(summary.rare_mask),
        "rare_heap_parity": summary.rare_heap_parity if summary.rare_mask is not None else None,
        "rare_count": summary.rare_count,
        "last_rare": summary.last_rare,
        "period": None if report is None else report.period,
        "preperiod": None if report is None else report.preperiod,
        "certified": None if report is None else report.certified,
    }


def write_sequence_text(
    out: IO[str], options: argparse.Namespace, summary: SequenceSummary, report: Any
) -> bool:
    """Write the summary when N is large or ``--summary`` asks; whether it was written."""
    upto = len(summary.values) - 1
    if upto <= SUMMARY_ABOVE and not options.summary:
        return False
    out.write(f"  largest value: {summary.largest}, first at heap {summary.largest_at:,}\n")
    if summary.rare_mask is None:
        out.write("  rare heaps: none (no move splits a heap)\n")
    else:
        how = " xor the heap's parity" if summary.rare_heap_parity else ""
        last = "none" if summary.last_rare is None else f"{summary.last_rare:,}"
        out.write(
            f"  rare heaps (parity of G & {summary.rare_mask:#x}{how}, found from the "
            f"values): {summary.rare_count:,} of 0..{upto:,}, the last at {last}\n"
        )
    if report is None:
        out.write("  period: not looked for (add --period)\n")
    if options.out is None:
        out.write(f"  ({upto + 1:,} values: --out FILE writes them)\n")
    return True


def check_out_path(path_text: str) -> None:
    """Refuse, before any work, an ``--out`` file of an unknown format or that cannot be
    written."""
    suffix = Path(path_text).suffix.lower()
    if suffix not in OUT_FORMATS:
        raise UsageError(f"--out {path_text}: the file must end in {', '.join(OUT_FORMATS)}")
    check_output_file(path_text, "--out")


def write_values(path_text: str, values: npt.NDArray[Any]) -> None:
    """Write the values to ``path_text`` in the format its extension names, through a
    temporary file renamed over it (an interrupted run never leaves half a file)."""
    check_out_path(path_text)
    path = Path(path_text)
    data: bytes | str
    if path.suffix.lower() == ".npy":
        buffer = io.BytesIO()
        np.save(buffer, values)
        data = buffer.getvalue()
    else:
        numbers = values.tolist()
        if path.suffix.lower() == ".csv":
            lines = [f"{heap},{value}" for heap, value in enumerate(numbers)]
            data = "heap,grundy\n" + "\n".join(lines) + "\n"
        else:
            data = "\n".join(map(str, numbers)) + "\n"
    write_atomic(path, data, "--out")


def rechecked(report: PeriodReport) -> PeriodReport:
    """The report, certified only if the independent checker accepts its certificate.

    The engine's values pass the theorem's test in :func:`period_report`; the checker
    (:mod:`grundy.certify.periodicity_check`) re-checks every value and the theorem's
    hypotheses from the rules alone, so "certified" never rests on the engine.
    """
    if not report.certified or report.certificate is None:
        return report
    from grundy.certify.periodicity_check import check_certificate

    check = check_certificate(report.certificate)
    if check.valid:
        reason = f"{report.reason}; re-checked by the independent checker"
        return dataclasses.replace(report, reason=reason)
    return dataclasses.replace(
        report,
        certified=False,
        certificate=None,
        reason=f"the independent checker rejected the certificate: {check.problems[0]}",
    )


def write_certificate(path: str, report: PeriodReport) -> None:
    """``--certificate FILE``: the period's certificate as one line of JSON."""
    if report.certificate is None:
        raise UsageError(f"no period was certified, so no certificate was written: {report.reason}")
    write_atomic(path, report.certificate.to_json_text() + "\n", "--certificate")
