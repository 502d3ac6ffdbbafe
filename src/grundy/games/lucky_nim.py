"""Lucky Nim (Holshouser and Reiter, presented in seed 001): Nim where both players show a
number and the chosen heap loses their sum."""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from grundy.errors import InvalidParameterError, InvalidPositionError
from grundy.games.base import Game, Part, parse_int_tokens
from grundy.games.params import Param, ParamKind

__all__ = ["Choice", "LuckyNim", "LuckyPosition", "block_parity", "block_parity_predicts_p"]


def block_parity(k: int, m: int, n: int) -> int:
    """The notes' value Omega(k) of a single heap of ``k``: 0 for an empty heap; otherwise,
    with ``M = m + n`` and ``p M < k <= (p + 1) M``, 1 when ``p`` is even and 0 when odd.

    This is the notes' formula, written down to be *checked* against the solver, which
    derives outcomes from the rules alone.

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
    """The chooser's half of a turn: the heap picked (0-based index) and the number shown."""

    heap: int
    number: int


@dataclass(frozen=True, slots=True)
class LuckyPosition:
    """Heap sizes, and the choice the player to move must answer (``None`` between turns).

    ``emptied`` marks the moment after an answer that emptied the board: the chooser's one
    remaining move is to take the last counters (see :class:`LuckyNim`).
    """

    heaps: tuple[int, ...]
    pending: Choice | None = None
    emptied: bool = False


class LuckyNim(Game):
    """Lucky Nim with numbers in ``[m, n]``, ``1 <= m <= n``.

    Rules (seed 001): the player to move picks a non-empty heap, of ``k`` counters say; both
    players show a number in ``[m, n]``, ``x`` for the chooser and ``y`` for the opponent;
    the heap loses ``x + y`` counters (it is emptied when ``x + y >= k``); then the other
    player takes a turn.  Whoever removes the last counter wins.

    The notes call a position N when the player to move has a heap and a number that win
    whatever the opponent shows, and P when the opponent has an answer to every heap and
    number.  That is normal play of an ordinary impartial game in which the opponent sees
    ``x`` before answering, so the numbers are played one after the other:

    * between turns (``pending is None``) a move picks a heap and a number ``x``;
    * facing a choice, a move shows ``y`` and then, on the new heaps, picks the next heap
      and number;
    * a ``y`` that empties the board leads instead to a position whose only move, the
      chooser's, takes the last counters.  So the chooser is the last mover, as in the real
      game, under either convention: in normal play the opponent avoids such a ``y`` (and
      loses when every ``y`` empties the board); in misere play they welcome it.

    Positions written on the command line are the heaps between turns.  The Grundy values
    of this turn-based game are exact, but only zero versus non-zero means anything for
    Lucky Nim: two Lucky Nim positions are not a disjunctive sum of their heaps (a turn
    spans two moves), so a single heap's value is not the notes' Omega(k) (that is
    :func:`block_parity`) and must not be added to other values.  ``reports_grundy`` says
    so to the command line.

    >>> from grundy.solve import Solver
    >>> game = LuckyNim(2, 4)
    >>> solver = Solver(game)
    >>> solver.outcome(game.from_value([7, 8])).value
    'P'
    >>> [move.description for move in solver.winning_moves(game.from_value([14]))]
    ['choose heap 1 (14 counters) and show 2', 'choose heap 1 (14 counters) and show 3']
    """

    name = "lucky-nim"
    summary = "both players show a number in [m, n]; the chosen heap loses their sum"
    position_help = "heap sizes"
    params = (
        Param("m", ParamKind.INT, "the least number a player may show (at least 1)", metavar="M"),
        Param("n", ParamKind.INT, "the largest number a player may show (at least m)", metavar="N"),
    )
    reports_grundy: ClassVar[bool] = False  # only the outcome is meaningful (see above)

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
        self.m = m
        self.n = n

    def options(self) -> dict[str, Any]:
        return {"m": self.m, "n": self.n}

    # -- rules ------------------------------------------------------------------------------

    def moves(self, position: LuckyPosition) -> Iterator[LuckyPosition]:
        for option, _ in self.labelled_moves(position):
            yield option

    def labelled_moves(self, position: LuckyPosition) -> Iterator[tuple[LuckyPosition, str]]:
        if position.emptied:
            yield LuckyPosition(position.heaps), "take the last counters"
            return
        if position.pending is None:
            for option in self._choices(position.heaps):
                yield option, self._choice_text(option)
            return
        chosen = position.pending
        seen: set[tuple[int, ...]] = set()
        for shown in range(self.m, self.n + 1):
            heaps = self.after(position, shown)
            if heaps in seen:
                continue
            seen.add(heaps)
            before = position.heaps[chosen.heap]
            answer = f"show {shown} (heap {chosen.heap + 1}: {before} -> {heaps[chosen.heap]})"
            if not any(heaps):
                yield LuckyPosition(heaps, emptied=True), f"{answer}, emptying the board"
                continue
            for option in self._choices(heaps):
                yield option, f"{answer}, then {self._choice_text(option)}"

    def after(self, position: LuckyPosition, shown: int) -> tuple[int, ...]:
        """The heaps once the opponent has shown ``shown`` against the pending choice."""
        if position.pending is None:
            raise InvalidPositionError("no heap and number have been chosen yet")
        index, number = position.pending.heap, position.pending.number
        heaps = list(position.heaps)
        heaps[index] = max(0, heaps[index] - number - shown)
        return tuple(heaps)

    def _choices(self, heaps: tuple[int, ...]) -> Iterator[LuckyPosition]:
        for index, size in enumerate(heaps):
            if size:
                for number in range(self.m, self.n + 1):
                    yield LuckyPosition(heaps, Choice(index, number))

    @staticmethod
    def _choice_text(option: LuckyPosition) -> str:
        assert option.pending is not None  # every option built by _choices has one
        index, number = option.pending.heap, option.pending.number
        return f"choose heap {index + 1} ({option.heaps[index]} counters) and show {number}"

    def describe_move(self, position: LuckyPosition, option: Any) -> str:
        for candidate, text in self.labelled_moves(position):
            if candidate == option:
                return text
        return f"{self.format(position)} -> {self.format(option)}"

    def canonical(self, position: LuckyPosition) -> Hashable:
        if position.emptied:
            return (), "emptied"
        if position.pending is None:
            return tuple(sorted(h for h in position.heaps if h)), None
        index, number = position.pending.heap, position.pending.number
        others = position.heaps[:index] + position.heaps[index + 1 :]
        return tuple(sorted(h for h in others if h)), (position.heaps[index], number)

    def components(self, position: LuckyPosition) -> Sequence[Part] | None:
        return None  # a turn spans two moves and may switch heaps: never a sum

    # -- notation ---------------------------------------------------------------------------

    def from_value(self, value: Any) -> LuckyPosition:
        """Heap sizes (a list), or ``{"heaps": [...], "heap": i, "number": x}`` for a
        position where heap ``i`` (1-based) has been chosen with ``x`` and awaits an answer."""
        if isinstance(value, Mapping):
            heaps = self._heaps(value.get("heaps"))
            if value.get("emptied") is True:
                if any(heaps):
                    raise InvalidPositionError("Lucky Nim: an emptied board has no counters left")
                return LuckyPosition(heaps, emptied=True)
            index, number = value.get("heap"), value.get("number")
            if not isinstance(index, int) or not 1 <= index <= len(heaps) or not heaps[index - 1]:
                raise InvalidPositionError(
                    f"Lucky Nim: 'heap' must name a non-empty heap, got {index!r}"
                )
            if not isinstance(number, int) or not self.m <= number <= self.n:
                raise InvalidPositionError(
                    f"Lucky Nim: 'number' must lie in [{self.m}, {self.n}], got {number!r}"
                )
            return LuckyPosition(heaps, Choice(index - 1, number))
        return LuckyPosition(self._heaps(value))

    def parse(self, tokens: Sequence[str]) -> LuckyPosition:
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
        heaps = "(" + ",".join(map(str, position.heaps)) + ")"
        if position.emptied:
            return f"{heaps}, emptied: the chooser takes the last counters"
        if position.pending is None:
            return heaps
        index, number = position.pending.heap, position.pending.number
        return f"{heaps}, heap {index + 1} chosen, {number} shown"

    def to_json(self, position: LuckyPosition) -> Any:
        if position.emptied:
            return {"heaps": list(position.heaps), "emptied": True}
        if position.pending is None:
            return list(position.heaps)
        return {
            "heaps": list(position.heaps),
            "heap": position.pending.heap + 1,
            "number": position.pending.number,
        }

    def bounded_positions(self, bound: Any) -> Iterator[LuckyPosition]:
        limits = bound.heaps if isinstance(bound, LuckyPosition) else self._heaps(bound)
        for heaps in itertools.product(*(range(limit + 1) for limit in limits)):
            yield LuckyPosition(heaps)
