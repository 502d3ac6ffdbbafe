"""Grundy's game: split one heap into two non-empty heaps of different sizes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grundy.games.base import HeapGame

__all__ = ["GrundysGame"]


class GrundysGame(HeapGame):
    """Grundy's game (seed 001, Legner): a move picks one heap and splits it into two
    non-empty heaps of unequal sizes; nothing is removed.  Heaps of 1 and 2 cannot be
    split, so a position of such heaps only is terminal.  Several heaps form a sum.

    >>> sorted(GrundysGame().heap_options(7))
    [(1, 6), (2, 5), (3, 4)]
    >>> list(GrundysGame().heap_options(4))
    [(1, 3)]
    """

    name = "grundys-game"
    summary = "split one heap into two non-empty heaps of different sizes"

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        for small in range(1, (heap + 1) // 2):  # small < heap - small
            yield (small, heap - small)

    def describe_part_move(
        self, position: tuple[int, ...], index: int, part: Any, option: Any
    ) -> str:
        (heap,) = part
        where = f"heap {index + 1}" if len(position) > 1 else "the heap"
        return f"split {where} ({heap} -> {option[0]} + {option[1]})"
