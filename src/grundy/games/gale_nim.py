"""Gale's Nim: Nim that stops as soon as only n heaps are left."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from grundy.errors import InvalidParameterError, InvalidPositionError, brief
from grundy.games.base import HeapGame, Part
from grundy.games.params import Param, ParamKind

__all__ = ["GaleNim"]


class GaleNim(HeapGame):
    """Gale's Nim with ``m`` heaps, stopping at ``n`` heaps.

    The notes (seed 001, "Unsolved problems") describe it only as a game of Nim with ``m``
    heaps that ends when ``n`` heaps are left.  We read that as: moves are Nim moves (take a
    positive number of tokens from one heap), and the game is over as soon as at most ``n``
    heaps are non-empty; the player who brought it there made the last move and wins, so a
    position with at most ``n`` non-empty heaps has no moves.  This matches David Gale's own
    statement of the case m = 4, n = 1 ("the game ends when three of the four piles are
    empty").  ``n = 0`` is ordinary Nim.  The game is not a sum of its heaps (emptying one
    heap can end the game for all), so positions are searched whole.

    ``--m`` is optional: when given, a position must list exactly ``m`` heaps.

    >>> from grundy.solve import Solver
    >>> Solver(GaleNim(n=1)).outcome((1, 1, 1)).value
    'P'
    """

    name = "gale-nim"
    summary = "Nim that ends (last mover wins) once at most n heaps are non-empty"
    params = (
        Param("n", ParamKind.INT, "the game ends when at most n heaps are non-empty", metavar="N"),
        Param(
            "m",
            ParamKind.INT,
            "the number of heaps a position must list (optional)",
            required=False,
            metavar="M",
        ),
    )

    def __init__(self, n: int, m: int | None = None) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidParameterError(
                f"Gale's Nim needs n >= 0 heaps left at the end, got {brief(n)}"
            )
        if m is not None and (isinstance(m, bool) or not isinstance(m, int) or m <= n):
            raise InvalidParameterError(
                f"Gale's Nim needs more heaps than the n = {n} it stops at, got m = {m!r}"
            )
        self.n = n
        self.m = m

    def options(self) -> dict[str, Any]:
        return {"n": self.n} if self.m is None else {"n": self.n, "m": self.m}

    def is_over(self, position: Sequence[int]) -> bool:
        """Whether at most ``n`` heaps are non-empty (no move is left)."""
        return sum(1 for heap in position if heap) <= self.n

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        for smaller in range(heap - 1, -1, -1):
            yield (smaller,)

    def components(self, position: tuple[int, ...]) -> Sequence[Part] | None:
        return None  # the stopping rule looks at every heap: not a sum

    def labelled_moves(self, position: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], str]]:
        if self.is_over(position):
            return
        for index, heap in enumerate(position):
            for left in range(heap - 1, -1, -1):
                where = f"heap {index + 1}"
                yield (
                    (*position[:index], left, *position[index + 1 :]),
                    f"take {heap - left} from {where} ({heap} -> {left})",
                )

    def describe_move(self, position: tuple[int, ...], option: Any) -> str:
        for index, (before, after) in enumerate(zip(position, option, strict=True)):
            if before != after:
                return f"take {before - after} from heap {index + 1} ({before} -> {after})"
        return "no change"

    def from_value(self, value: Any) -> tuple[int, ...]:
        heaps = super().from_value(value)
        if self.m is not None and len(heaps) != self.m:
            raise InvalidPositionError(
                f"gale-nim with --m {self.m} needs {self.m} heap sizes, got {len(heaps)}"
            )
        return heaps
