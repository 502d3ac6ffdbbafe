"""Misère outcomes of sums of heaps of a heap game, by a memoised search.

A position is a multiset of heap sizes, kept as a sorted tuple.  Heaps with no move at
all are the game 0 itself and are dropped, so equal games get equal keys.  A position is
a misère P-position when it has a move and every move leads to an N-position (the player
who cannot move wins).

>>> from grundy.games.octal import OctalGame
>>> rules = HeapRules.of(OctalGame("0.07"), 6)
>>> rules.options[4]
((), (2,))
>>> oracle = MisereOutcomes(rules)
>>> oracle.is_p((2,)), oracle.is_p((2, 2)), oracle.is_p(())
(True, False, False)
"""

from __future__ import annotations

import sys
from bisect import bisect_left
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from grundy.budget import Meter
from grundy.errors import InvalidParameterError, SearchLimitError

__all__ = ["POSITION_LIMIT", "HeapRules", "MisereOutcomes", "merge"]

POSITION_LIMIT = 5_000_000
"""Most positions the search remembers (a few GB of memory) before it gives up."""

Position = tuple[int, ...]


def merge(first: Position, second: Position) -> Position:
    """The sum of two positions (sorted tuples) as a sorted tuple."""
    if not second:
        return first
    if not first:
        return second
    return tuple(sorted(first + second))


@dataclass(frozen=True, slots=True)
class HeapRules:
    """The moves of heaps ``0..upto``: ``options[n]`` lists the distinct positions a move
    from a heap of ``n`` leaves, dead heaps (heaps with no move) removed."""

    label: str
    upto: int
    options: tuple[tuple[Position, ...], ...]

    @classmethod
    def of(cls, game: Any, upto: int) -> HeapRules:
        """The rules of a heap game (anything with ``heap_options``) up to heap ``upto``."""
        if isinstance(upto, bool) or not isinstance(upto, int) or upto < 0:
            raise InvalidParameterError(f"the largest heap must be a whole number, got {upto!r}")
        dead: set[int] = set()
        table: list[tuple[Position, ...]] = []
        for heap in range(upto + 1):
            found = {
                tuple(sorted(part for part in option if part not in dead))
                for option in game.heap_options(heap)
            }
            if not found:
                dead.add(heap)
            table.append(tuple(sorted(found, key=lambda p: (len(p), p))))
        return cls(str(getattr(game, "label", type(game).__name__)), upto, tuple(table))

    @property
    def live_heaps(self) -> tuple[int, ...]:
        """The heaps that have a move (the others are the game 0)."""
        return tuple(n for n, moves in enumerate(self.options) if moves)


class MisereOutcomes:
    """A memoised misère outcome search over sums of heaps of one game."""

    def __init__(self, rules: HeapRules, limit: int = POSITION_LIMIT) -> None:
        self.rules = rules
        self.limit = limit
        self._p: dict[Position, bool] = {}
        self._live = frozenset(rules.live_heaps)
        self._below = 0
        self._known: Callable[[Position], bool] | None = None
        self._guess_key: Callable[[Position], Hashable] | None = None
        self._guessed: dict[tuple[Hashable, Position], bool] = {}
        self.guessed_total = 0
        self.exact_stages = 0
        self.meter: Meter | None = None
        """A running budget, ticked for each position decided (and by the learner)."""

    def trust_below(
        self,
        heap: int,
        known: Callable[[Position], bool],
        guess_key: Callable[[Position], Hashable] | None = None,
    ) -> None:
        """Answer sums of heaps smaller than ``heap`` by ``known`` (a verified quotient of
        those sums), so the search only walks positions holding a larger heap.

        With ``guess_key``, a position R + E (R the heaps below ``heap``) is remembered
        under (guess_key(R), E): a guess that R's key decides the outcome, which is not
        true of every game.  Answers are then only guesses; the learner's verification
        does not rely on them, and :func:`grundy.solve.misere_quotient.misere_quotient`
        falls back to the exact search when they lead it astray.
        """
        self._below, self._known, self._guess_key = heap, known, guess_key
        self.guessed_total += len(self._guessed)
        self._guessed = {}

    @property
    def guessing(self) -> bool:
        return self._guess_key is not None

    def canonical(self, position: Position) -> Position:
        """The key of a position: its live heaps, sorted."""
        return tuple(sorted(h for h in position if h in self._live))

    def options(self, position: Position) -> list[Position]:
        """Every position one move away (a key per move, repeats kept once per heap size)."""
        found: list[Position] = []
        for index, heap in enumerate(position):
            if index and position[index - 1] == heap:
                continue
            rest = position[:index] + position[index + 1 :]
            found.extend(merge(rest, option) for option in self.rules.options[heap])
        return found

    def is_p(self, position: Position) -> bool:
        """Whether the (canonical) position is a misère P-position."""
        if self._known is not None and (not position or position[-1] < self._below):
            return self._known(position)
        memo: dict[Any, bool] = self._p
        key: Any = position
        if self._guess_key is not None:
            split = bisect_left(position, self._below)
            memo, key = self._guessed, (self._guess_key(position[:split]), position[split:])
        known = memo.get(key)
        if known is not None:
            return known
        if sys.getrecursionlimit() < 20_000:
            sys.setrecursionlimit(20_000)  # a line of moves is as deep as the tokens
        if self.meter is not None:
            self.meter.tick()
        result = bool(position) and not any(self.is_p(o) for o in self.options(position))
        if len(memo) >= self.limit:
            raise SearchLimitError(
                f"the misère outcome search passed {self.limit:,} positions "
                f"({self.rules.label}, heaps up to {self.rules.upto}); try a smaller N"
            )
        memo[key] = result
        return result

    @property
    def searched(self) -> int:
        """How many positions the search has decided so far."""
        return len(self._p) + self.guessed_total + len(self._guessed)
