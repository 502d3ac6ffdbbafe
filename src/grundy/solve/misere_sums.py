"""Misère outcomes of sums of many heaps, read from a verified misère quotient.

The exact misère search walks every position below a sum, so a sum of many heaps is slow
to decide.  For an octal game or a subtraction game, :func:`quotient_outcome` answers it
from the misère quotient Q_N of the heaps up to N instead (N at least the largest heap):
the sum is P exactly when the product of its heaps' images lies in the P-portion.  Each
quotient is built once per game (:mod:`grundy.solve.misere_quotient`) and is verified
exactly for every sum of heaps up to N, of any number of heaps (twice, by the two searches
of :mod:`grundy.solve.misere_verify`); its certificate can be re-checked by the independent
checker (``grundy quotient ... --certificate F`` then ``grundy certificate F``), which the
tests do for these quotients.  A quotient proved for every heap size
(:mod:`grundy.solve.misere_periodic`) answers sums of larger heaps too, its heap map
extended periodically.

Building a quotient is an attempt: when it fails (a quotient too large, no candidate
found) the solver searches the sum plainly, so an attempt may spend at most
:data:`QUOTIENT_SECONDS` of processor time (and a tenth of the solver's time budget, when
it has one) and
grow the process by at most :data:`QUOTIENT_MEMORY`; an attempt that runs out of that
allowance is given up, and no quotient as large is tried again for the game.  The
solver's own budget (its meter, or the time budget's signal of ``grundy solve``) ends the
whole run as usual, attempt or not.

The solver (:meth:`grundy.solve.solver.Solver.quotients_used`) names each quotient an
answer rested on, with its scope, so that a verdict can list it in ``assumes``.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from grundy.budget import Budget, Meter
from grundy.errors import BudgetExceededError, GrundyError
from grundy.verdict import Assumption

__all__ = ["MIN_HEAPS", "QUOTIENT_SECONDS", "QUOTIENT_UPTO", "QuotientAnswer", "quotient_outcome"]

QUOTIENT_UPTO = 96
"""Largest heap for which a quotient is built on demand (Q_30 of 0.07 takes seconds, Q_90
of Kayles 3 s of processor time; the allowance below ends the ones that grow)."""

QUOTIENT_SECONDS = 8.0
"""Most processor time one on-demand quotient may take before it is given up.  Measured on
the 2-core machine: Q_27 of 0.07 (|Q| = 176) takes 1.6 s and Q_30 (|Q| = 360)
4.2 s, while the failing Q_20 of 0.6 gave up only after 24-28 s (its element
construction runs out of candidates at heap 17; a size cap does not stop it sooner)."""

QUOTIENT_MEMORY = 512 << 20
"""Most the process may grow while one on-demand quotient is built.  Q_30 of 0.07 peaks at
about 120 MiB (the whole process); the failing Q_20 of 0.6 grew past 4 GiB before this
limit (and the solver's memory budget) was checked during the construction."""

BUDGET_SHARE = 0.1
"""Most share of the solver's time budget one on-demand quotient may take (as processor
time: see :class:`_Allowance`)."""

MIN_HEAPS = 3
"""Sums of fewer heaps are left to the search, which decides them quickly, unless the
game splits heaps and the heaps are large (:data:`SPLIT_TOTAL`)."""

SPLIT_TOTAL = 40
"""Tokens in all past which one or two heaps of a game that splits heaps are read from the
quotient: the search visits every way of splitting the total (Kayles' heap of 82 and
heap of 2 passed 10,000,000 moves)."""


@dataclass(frozen=True, slots=True)
class QuotientAnswer:
    """A misère outcome read from a verified quotient, and the quotient it rests on."""

    is_p: bool
    assumption: Assumption


@dataclass(frozen=True, slots=True)
class _Certified:
    quotient: Any  # a verified MisereQuotient
    assumption: Assumption


_CERTIFIED: dict[Hashable, _Certified | None] = {}
"""The largest quotient built for each game (None: none can be built)."""

_FAILED: dict[Hashable, int] = {}
"""For each game, the least N whose quotient could not be built: none that large is
tried again."""


class _AllowanceSpent(Exception):
    """An on-demand quotient used up its allowance (not the solver's budget)."""


class _Allowance(Meter):
    """The meter of one attempt: the solver's meter (whose limits end the run), then the
    attempt's own allowance (whose end only gives the attempt up).

    The allowance is processor time, not wall time: it bounds the work an attempt may
    waste, the same on a quiet machine and a busy one (a wall-time allowance ran out on a
    machine at load 15 while building Q_30 of 0.07, which takes 4 s of processor time,
    and the sum was then searched past the move limit).  The time the user waits is the
    solver's budget, kept by the outer meter as before."""

    __slots__ = ("cpu_deadline", "outer")

    def __init__(self, seconds: float, outer: Meter | None) -> None:
        super().__init__(Budget(memory_bytes=QUOTIENT_MEMORY))
        self.cpu_deadline = time.process_time() + seconds
        self.outer = outer

    def check(self) -> None:
        # first, so that the attempt's own limits give up the attempt only
        if time.process_time() >= self.cpu_deadline:
            raise _AllowanceSpent("the attempt's processor time allowance was used up")
        try:
            super().check()
        except BudgetExceededError as exc:
            raise _AllowanceSpent(str(exc)) from None
        if self.outer is not None:
            self.outer.check()


def quotient_outcome(game: Any, position: Any, meter: Meter | None = None) -> QuotientAnswer | None:
    """Whether the sum of heaps ``position`` of ``game`` is a misère P-position, read from
    a verified quotient; None when no quotient applies (not an octal or subtraction game,
    fewer than :data:`MIN_HEAPS` heaps with moves, heaps too large, or the quotient could
    not be built within its allowance).  ``meter`` is the solver's running budget: when it
    runs out while a quotient is built, its error is raised."""
    from grundy.games.octal import OctalGame
    from grundy.games.subtraction import SubtractionGame

    if type(game) not in (OctalGame, SubtractionGame) or not isinstance(position, tuple):
        return None  # the rules the quotient's checker re-reads
    heaps = [h for h in position if isinstance(h, int) and h > 0]
    if len(heaps) != len([h for h in position if h != 0]):
        return None
    splits = isinstance(game, OctalGame) and game.max_heaps_left >= 2
    if len(heaps) < MIN_HEAPS and not (splits and sum(heaps) > SPLIT_TOTAL):
        return None
    found = _certified(game, max(heaps), meter)
    if found is None:
        return None
    quotient = found.quotient
    x = 0
    for heap in heaps:
        x = quotient.table[x][quotient.heap_map[_in_range(quotient, heap)]]
    return QuotientAnswer(bool(x in quotient.p_portion), found.assumption)


def _in_range(quotient: Any, heap: int) -> int:
    if heap <= quotient.upto:
        return heap
    period = quotient.periodicity  # proved for every heap (checked in _certified)
    steps = (heap - quotient.upto + period.period - 1) // period.period
    return int(heap - steps * period.period)


def _certified(game: Any, largest: int, meter: Meter | None) -> _Certified | None:
    key = (type(game).__name__, game.key)
    known = _CERTIFIED.get(key)
    if known is not None and (known.quotient.upto >= largest or known.quotient.every_heap):
        return known
    if (key in _CERTIFIED and known is None) or (
        known is not None and known.quotient.upto >= QUOTIENT_UPTO
    ):
        return None  # none could be built, or none larger may be
    upto = min(QUOTIENT_UPTO, max(largest, 2 * known.quotient.upto if known else 12))
    failed = _FAILED.get(key)
    if failed is not None and upto >= failed:
        # The doubled size failed before (0.07 past heap 33): the size asked for may not.
        upto = largest
        if upto >= failed:
            return None  # an attempt this large failed before
    built = _build(game, upto, meter)
    if built is None:
        _FAILED[key] = min(upto, _FAILED.get(key, upto))
        if known is None:
            _CERTIFIED[key] = None
        return None
    _CERTIFIED[key] = built
    return built if built.quotient.upto >= largest or built.quotient.every_heap else None


def _build(game: Any, upto: int, meter: Meter | None) -> _Certified | None:
    seconds = QUOTIENT_SECONDS
    if meter is not None and meter.budget.seconds is not None:
        seconds = min(seconds, BUDGET_SHARE * meter.budget.seconds)
    # The allowance starts before the construction's modules load (numpy's import is a
    # fifth of a second): loading is part of what the attempt costs.
    allowance = _Allowance(seconds, meter)
    from grundy.solve.misere_quotient import misere_quotient

    try:
        quotient = misere_quotient(game, upto, meter=allowance)
    except BudgetExceededError:
        raise  # the solver's budget (its meter or the command's time signal) ran out
    except (GrundyError, _AllowanceSpent):
        return None
    if quotient.kind not in ("octal", "subtraction"):
        return None  # the rules the independent checker can re-read
    return _Certified(quotient, Assumption(quotient.lemma_id, quotient.scope))
