"""Exact outcomes of Lucky Nim, whose turns are simultaneous choices.

A turn: the mover names a non-empty heap, then mover and opponent reveal ``x`` and ``y``
together.  Information is otherwise perfect, so a player can *force* a win exactly when
they have a choice fixed before the other's number is seen that wins against every
number the other may reveal (a mixed choice that wins for sure must win with each of its
numbers).  From the rules alone, by a search over every turn:

* the mover wins (``N``) when some heap and some ``x`` lead, whatever ``y`` is, to a
  position the new mover cannot win and the old mover wins for sure;
* the opponent wins (``P``) when, for every heap the mover may name, one ``y`` leads,
  whatever ``x`` is, to a position won by its mover (the old opponent);
* otherwise neither player can force a win (``undetermined``): the result would depend
  on guessing.  With numbers in an interval ``[m, n]``, ``m >= 1``, this never happens
  (the block-parity theorems of ``proofs/lucky_nim_z3.py``); with a gap in the numbers
  (``numbers=(1, 4)``) it does, at a single heap of 8.

The empty board is lost by its mover in normal play (the other took the last counter)
and won in misère play.  The solver (:class:`grundy.solve.Solver`) reads Lucky Nim's
outcomes from here: 1 stands for ``N`` and 0 for ``P``; an undetermined position raises
:class:`~grundy.errors.UndeterminedOutcomeError` there.

>>> from grundy.games.lucky_nim import LuckyNim
>>> solver = LuckySolver(LuckyNim(2, 4))
>>> solver.winner((14,)).value, solver.winning_numbers(14), solver.winning_answers(14)
('N', (2, 3), ())
>>> solver.winner((7, 8)).value, solver.winning_answers(8)
('P', (2, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from grundy.budget import Meter
from grundy.errors import SearchLimitError, UndeterminedOutcomeError
from grundy.games.base import Game
from grundy.games.lucky_nim import Choice, LuckyNim, LuckyPosition
from grundy.solve.search_limits import too_many_positions
from grundy.solve.solver import Play, register_region_engine

__all__ = ["LuckyAnalysis", "LuckySolver", "SureWinner"]

_Heaps = tuple[int, ...]


class SureWinner(StrEnum):
    """Who can force a win: the mover (``N``), the opponent (``P``), or neither."""

    MOVER = "N"
    OPPONENT = "P"
    NEITHER = "undetermined"


@dataclass(frozen=True, slots=True)
class LuckyAnalysis:
    """One position: who wins, the mover's winning choices, and for each non-empty heap
    the opponent's answers that win whatever the mover shows."""

    position: LuckyPosition
    play: Play
    winner: SureWinner
    choices: tuple[Choice, ...]
    answers: tuple[tuple[int, tuple[int, ...]], ...]  # (heap index, winning answers)
    positions_explored: int


@dataclass
class LuckySolver:
    """Memoised exact analysis of one Lucky Nim game (or, with ``numbers``, the same turns
    with another set of numbers, used to show what the theorems' hypotheses are for)."""

    game: LuckyNim
    numbers: tuple[int, ...] | None = None
    position_limit: int | None = None
    meter: Meter | None = field(default=None, repr=False, compare=False)
    positions_explored: int = 0
    _memo: dict[tuple[_Heaps, Play], SureWinner] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.numbers is None:
            self.numbers = tuple(self.game.numbers)

    @property
    def _numbers(self) -> tuple[int, ...]:
        assert self.numbers is not None  # set in __post_init__
        return self.numbers

    # -- public API -------------------------------------------------------------------------

    def winner(self, heaps: Sequence[int], play: Play = Play.NORMAL) -> SureWinner:
        """Who can force a win from ``heaps`` with the player to move named the mover."""
        key = _canonical(heaps)
        if (key, play) not in self._memo:
            self._search(key, play)
        return self._memo[key, play]

    def analyse(self, position: LuckyPosition, play: Play = Play.NORMAL) -> LuckyAnalysis:
        """Winner, winning choices and winning answers of ``position``."""
        before = self.positions_explored
        winner = self.winner(position.heaps, play)
        heaps = position.heaps
        choices = tuple(
            Choice(index, x)
            for index, size in enumerate(heaps)
            if size
            for x in self._numbers
            if self._choice_wins(heaps, index, x, play)
        )
        answers = tuple(
            (index, tuple(y for y in self._numbers if self._answer_wins(heaps, index, y, play)))
            for index, size in enumerate(heaps)
            if size
        )
        return LuckyAnalysis(
            position, play, winner, choices, answers, self.positions_explored - before
        )

    def winning_numbers(self, heap: int, play: Play = Play.NORMAL) -> tuple[int, ...]:
        """On a single heap, the numbers ``x`` that win for the mover against every ``y``."""
        return tuple(x for x in self._numbers if self._choice_wins((heap,), 0, x, play))

    def winning_answers(self, heap: int, play: Play = Play.NORMAL) -> tuple[int, ...]:
        """On a single heap, the answers ``y`` that win for the opponent against every ``x``."""
        return tuple(y for y in self._numbers if self._answer_wins((heap,), 0, y, play))

    # -- the rules --------------------------------------------------------------------------

    def _after(self, heaps: Sequence[int], index: int, total: int) -> _Heaps:
        left = list(heaps)
        left[index] = max(0, left[index] - total)
        return _canonical(left)

    def _choice_wins(self, heaps: Sequence[int], index: int, x: int, play: Play) -> bool:
        # The new mover is the old opponent: the old mover wins when they cannot.
        return all(
            self.winner(self._after(heaps, index, x + y), play) is SureWinner.OPPONENT
            for y in self._numbers
        )

    def _answer_wins(self, heaps: Sequence[int], index: int, y: int, play: Play) -> bool:
        return all(
            self.winner(self._after(heaps, index, x + y), play) is SureWinner.MOVER
            for x in self._numbers
        )

    def _decide(self, heaps: _Heaps, play: Play) -> SureWinner:
        if not heaps:  # every counter gone: the previous mover took the last one
            return SureWinner.OPPONENT if play is Play.NORMAL else SureWinner.MOVER
        named = range(len(heaps))
        if any(self._choice_wins(heaps, i, x, play) for i in named for x in self._numbers):
            return SureWinner.MOVER
        if all(any(self._answer_wins(heaps, i, y, play) for y in self._numbers) for i in named):
            return SureWinner.OPPONENT
        return SureWinner.NEITHER

    def _search(self, root: _Heaps, play: Play) -> None:
        """Depth first, without recursion: a position is decided once every position one
        turn away is (each turn removes at least 2m >= 2 counters, so this ends).  Each
        position is counted against ``position_limit`` when first expanded, and a heap
        too large for the limit (a chain of turns longer than it) is refused at once."""
        longest_chain = max(root, default=0) // (2 * max(self._numbers))
        if self.position_limit is not None and longest_chain > self.position_limit:
            raise SearchLimitError(
                f"{self.game.label}: a heap of {max(root):,} takes more than "
                f"{self.position_limit:,} turns to empty; try a smaller position"
            )
        stack = [root]
        expanded: set[_Heaps] = set()
        while stack:
            heaps = stack[-1]
            if (heaps, play) in self._memo:
                stack.pop()
                continue
            waiting = [child for child in self._children(heaps) if (child, play) not in self._memo]
            if waiting:
                if heaps not in expanded:
                    expanded.add(heaps)
                    self._count()
                stack.extend(waiting)
                continue
            if heaps not in expanded:
                self._count()
            self._memo[heaps, play] = self._decide(heaps, play)
            stack.pop()

    def _children(self, heaps: _Heaps) -> set[_Heaps]:
        totals = {x + y for x in self._numbers for y in self._numbers}
        return {self._after(heaps, index, total) for index in range(len(heaps)) for total in totals}

    def _count(self) -> None:
        self.positions_explored += 1
        if self.position_limit is not None and self.positions_explored > self.position_limit:
            raise too_many_positions(self.game.label, self.position_limit, "analysis")
        if self.meter is not None:
            # A position weighs a few dozen of the solver's moves (every heap, every pair
            # of numbers), so each one ticks: the meter's stride adapts to what it costs.
            self.meter.tick()


def _canonical(heaps: Sequence[int]) -> _Heaps:
    return tuple(sorted(h for h in heaps if h))


# -- the solver's view: 1 for N, 0 for P ------------------------------------------------------


@dataclass
class _LuckyRegion:
    """Every Lucky Nim position, valued on demand by one :class:`LuckySolver`."""

    solver: LuckySolver
    size: int

    def _winner(self, position: Any, play: Play) -> SureWinner | None:
        if not isinstance(position, LuckyPosition):
            return None
        winner = self.solver.winner(position.heaps, play)
        if winner is SureWinner.NEITHER:
            raise UndeterminedOutcomeError(
                f"{self.solver.game.label}: in {self.solver.game.format(position)} neither "
                f"player can force a win in {play.value} play (it comes down to guessing)"
            )
        return winner

    def grundy_value(self, position: Any) -> int | None:
        winner = self._winner(position, Play.NORMAL)
        return None if winner is None else int(winner is SureWinner.MOVER)

    def misere_next_wins(self, position: Any) -> bool | None:
        winner = self._winner(position, Play.MISERE)
        return None if winner is None else winner is SureWinner.MOVER


def _lucky_region(
    game: Game, position: Any, limit: int | None, meter: Meter | None = None
) -> _LuckyRegion | None:
    if not isinstance(game, LuckyNim) or not isinstance(position, LuckyPosition):
        return None
    solver = LuckySolver(game, position_limit=limit, meter=meter)
    solver.winner(position.heaps)
    return _LuckyRegion(solver, solver.positions_explored)


register_region_engine(LuckyNim, _lucky_region)
