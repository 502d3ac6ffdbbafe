"""How long computations tell a caller how far they have got, without printing.

The library never writes to a terminal.  A function that may run for seconds takes an
optional ``progress`` callback and calls it now and then with the work done so far;
the command line turns those calls into a rich progress bar (:mod:`grundy.cli.progress`),
and a script may log them, draw its own bar, or pass nothing at all.

Calls are rare on purpose: about once per :data:`PROGRESS_STEP` heaps or rows, or
:data:`POSITION_STEP` positions of the exact solver, plus a first call before the work
and a last one when it is done (where the total is known), so the fast paths pay one
integer comparison per unit of work and nothing more.

>>> seen = []
>>> def record(done: int, total: int | None, what: str) -> None:
...     seen.append((done, total, what))
>>> from grundy.games import SubtractionGame
>>> from grundy.solve import plain_grundy_sequence
>>> values = plain_grundy_sequence(SubtractionGame([1, 2]), 9, progress=record)
>>> seen
[(0, 9, 'Grundy values'), (9, 9, 'Grundy values')]
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = [
    "POSITION_STEP",
    "PROGRESS_STEP",
    "SEQUENCE_PROGRESS",
    "ProgressCallback",
    "next_report",
]

ProgressCallback = Callable[[int, "int | None", str], None]
"""``progress(done, total, what)``: ``done`` units of ``what`` (a plural noun such as
``"positions explored"``) finished out of ``total``, or out of an unknown total (``None``).
Successive calls for the same ``what`` have non-decreasing ``done``."""

PROGRESS_STEP = 4096
"""Units of work (heaps, rows) between two progress calls."""

POSITION_STEP = 1024
"""Positions the exact solver explores between two progress calls: fewer than
:data:`PROGRESS_STEP`, because each one costs a whole move generation (Wythoff's game
explores about 600 positions a second at heaps of 300)."""

SEQUENCE_PROGRESS = "Grundy values"
"""The ``what`` of every engine computing a Grundy sequence (:mod:`grundy.solve.sequence`)."""


def next_report(done: int) -> int:
    """The first count after ``done`` at which the next progress call is due.

    >>> next_report(0), next_report(4095), next_report(4096)
    (4096, 4096, 8192)
    """
    return (done // PROGRESS_STEP + 1) * PROGRESS_STEP
