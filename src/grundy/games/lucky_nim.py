"""Lucky Nim (Holshouser and Reiter, presented in seed 001): Nim where, after a heap is
named, both players reveal a number at the same time and the heap loses their sum."""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.errors import InvalidParameterError, InvalidPositionError, NoMoveGraphError, brief
from grundy.games.base import Game, Part, parse_int_tokens
from grundy.games.params import Param, ParamKind

__all__ = [
    "MAX_LUCKY_NUMBERS",
    "Choice",
    "LuckyNim",
    "LuckyPosition",
    "block_parity",
    "block_parity_predicts_p",
]

MAX_LUCKY_NUMBERS = 100_000
"""The most numbers [m, n] may hold: a turn is searched over every pair of them."""


def block_parity(k: int, m: int, n: int) -> int:
    """The notes' value Omega(k) of a single heap of ``k``: 0 for an empty heap; otherwise,
    with ``M = m + n`` and ``p M < k <= (p + 1) M``, 1 when ``p`` is even and 0 when odd.

    This is the notes' formula, written down to be *checked* against the exact analysis
    (:mod:`grundy.solve.lucky_nim`), which derives outcomes from the rules alone.

    >>> [block_parity(k, 2, 4) for k in (0, 1, 6, 7, 12, 13)]
    [0, 1, 1, 0, 0, 1]
    """
    if k <= 0:
        return 0
    block = (k - 1) // (m + n)  # the p with p M < k <= (p + 1) M
    return 1 - block % 2


def block_parity_predicts_p(heaps: Sequence[int], m: int, n: int) -> bool:
    """The notes' rule: a position is P exactly when the heaps' Omega values sum to an
    even number.

    >>> block_parity_predicts_p([7, 8], 2, 4), block_parity_predicts_p([3, 8], 2, 4)
    (True, False)
    """
    return sum(block_parity(k, m, n) for k in heaps) % 2 == 0


@dataclass(frozen=True, slots=True)
class Choice:
    """The mover's half of a turn: the heap named (0-based index) and the number shown."""

    heap: int
    number: int


@dataclass(frozen=True, slots=True)
class LuckyPosition:
    """The heap sizes between turns."""

    heaps: tuple[int, ...]


class LuckyNim(Game):
    """Lucky Nim with numbers in ``[m, n]``, ``1 <= m <= n``.

    Rules (seed 001): the player to move names a non-empty heap, of ``k`` counters say;
    then both players choose a number in ``[m, n]`` in secret, ``x`` for the mover and
    ``y`` for the opponent, and reveal them at the same moment; the named heap loses
    ``x + y`` counters (it is emptied when ``x + y >= k``).  Then the other player moves.
    Whoever removes the last counter wins (in misère play, loses).

    A turn is a simultaneous choice, not a move to one option, so Lucky Nim has no move
    graph (``move_graph`` is false, :meth:`moves` raises) and no Grundy values.  Its
    outcomes are found by :mod:`grundy.solve.lucky_nim`, which the solver uses for this
    game.  As in the notes, a player *wins* a position when they have a choice, fixed
    before the other's number is seen, that wins against every number the other may
    reveal: the mover with a heap and an ``x``, the opponent with, for every heap the
    mover may name, one ``y``.  A position where neither has such a choice is won by
    neither for sure (it comes down to guessing); that analysis says so rather than
    picking a side.  Under these rules it never happens: every position is won by one
    player, as block parity says (``lucky-nim-block-parity-step`` in ``proofs/``); it
    does happen if the numbers have a gap (only 1 and 4, from a heap of 8).

    >>> game = LuckyNim(2, 4)
    >>> game.after(game.from_value([14, 3]), 0, 4, 4)
    (6, 3)
    """

    name = "lucky-nim"
    summary = "both players reveal a number in [m, n] at once; the named heap loses their sum"
    position_help = "heap sizes"
    params = (
        Param("m", ParamKind.INT, "the least number a player may show (at least 1)", metavar="M"),
        Param("n", ParamKind.INT, "the largest number a player may show (at least m)", metavar="N"),
    )
    reports_grundy: ClassVar[bool] = False  # outcomes only (see above)
    move_graph: ClassVar[bool] = False

    def __init__(self, m: int, n: int) -> None:
        for label, value in (("m", m), ("n", n)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidParameterError(f"Lucky Nim option {label} must be an integer")
        if m < 1:
            raise InvalidParameterError(
                f"Lucky Nim needs m >= 1 (got m = {m}): with m = 0 a turn can remove nothing, "
                "so the game need not end"
            )
        if m > n:
            raise InvalidParameterError(
                f"Lucky Nim needs m <= n (got m = {m}, n = {n}): the numbers lie in [m, n]"
            )
        if n - m >= MAX_LUCKY_NUMBERS:  # every turn weighs each pair of numbers
            raise InvalidParameterError(
                f"Lucky Nim takes at most {MAX_LUCKY_NUMBERS:,} numbers in [m, n] "
                f"(got {brief(n - m + 1)})"
            )
        self.m = m
        self.n = n

    def options(self) -> dict[str, Any]:
        return {"m": self.m, "n": self.n}

    @property
    def numbers(self) -> range:
        """The numbers either player may show."""
        return range(self.m, self.n + 1)

    # -- rules ------------------------------------------------------------------------------

    def moves(self, position: LuckyPosition) -> Iterator[LuckyPosition]:
        raise NoMoveGraphError(
            "Lucky Nim: a turn is a simultaneous choice of two numbers, not a move to one "
            "option, so it has no list of moves; its outcomes come from grundy.solve.lucky_nim"
        )

    def after(
        self, position: LuckyPosition, heap: int, shown: int, answered: int
    ) -> tuple[int, ...]:
        """The heaps once heap ``heap`` (0-based) was named and ``shown`` and ``answered``
        were revealed."""
        heaps = list(position.heaps)
        if not 0 <= heap < len(heaps) or not heaps[heap]:
            raise InvalidPositionError(f"Lucky Nim: heap {heap + 1} is not a non-empty heap")
        heaps[heap] = max(0, heaps[heap] - shown - answered)
        return tuple(heaps)

    def canonical(self, position: LuckyPosition) -> Hashable:
        return tuple(sorted(h for h in position.heaps if h))

    def components(self, position: LuckyPosition) -> Sequence[Part] | None:
        return None  # one turn's outcome depends on every heap: never a sum

    def describe_choice(self, position: LuckyPosition, choice: Choice) -> str:
        """``choice`` in words, e.g. ``name heap 1 (14 counters) and show 2``."""
        size = position.heaps[choice.heap]
        return f"name heap {choice.heap + 1} ({size} counters) and show {choice.number}"

    # -- notation ---------------------------------------------------------------------------

    def from_value(self, value: Any) -> LuckyPosition:
        """Heap sizes: a list of whole numbers (or ``{"heaps": [...]}``)."""
        if isinstance(value, Mapping):
            value = value.get("heaps")
        return LuckyPosition(self._heaps(value))

    def parse(self, tokens: Sequence[str]) -> LuckyPosition:
        if not tokens:
            start: LuckyPosition = self.start()  # no heaps, as for every heap game
            return start
        return LuckyPosition(self._heaps(parse_int_tokens(tokens)))

    @staticmethod
    def _heaps(value: Any) -> tuple[int, ...]:
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        if not isinstance(value, (list, tuple)):
            raise InvalidPositionError(f"Lucky Nim position must be heap sizes, got {value!r}")
        for heap in value:
            if isinstance(heap, bool) or not isinstance(heap, int):
                raise InvalidPositionError(f"heap sizes must be whole numbers, got {heap!r}")
            if heap < 0:
                raise InvalidPositionError(f"heap sizes must be non-negative, got {heap}")
        return tuple(value)

    def format(self, position: LuckyPosition) -> str:
        return "(" + ",".join(map(str, position.heaps)) + ")"

    def to_json(self, position: LuckyPosition) -> Any:
        return list(position.heaps)

    def bounded_positions(self, bound: Any) -> Iterator[LuckyPosition]:
        limits = bound.heaps if isinstance(bound, LuckyPosition) else self._heaps(bound)
        for heaps in itertools.product(*(range(limit + 1) for limit in limits)):
            yield LuckyPosition(heaps)
