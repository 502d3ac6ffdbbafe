"""Nim: remove any positive number of tokens from one heap."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from grundy.games.base import HeapGame, describe_taking

__all__ = ["Nim"]


class Nim(HeapGame):
    """Nim on any number of heaps.

    A move takes one or more tokens from a single heap.  A heap of ``n`` is the nimber
    ``*n``: its Grundy value is ``n`` (its options are heaps ``0..n-1``, whose values are
    ``0..n-1`` by induction, so the mex is ``n``).  The solver uses this directly, which is
    why heaps of size ``2**40`` are answered at once; tests check it against the plain
    search for small heaps.

    >>> Nim().format(Nim().parse(["3", "4", "5"]))
    '(3,4,5)'
    """

    name = "nim"
    summary = "remove any positive number of tokens from one heap"
    known_grundy_lemma = "nim-heap-value-every-heap"

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        for smaller in range(heap - 1, -1, -1):
            yield (smaller,)  # an emptied heap stays in the written layout as 0

    def known_grundy(self, position: tuple[int, ...]) -> int | None:
        return sum(position)  # an atomic Nim position is a single heap (or none)

    def moves_to_value(self, position: tuple[int, ...], target: int) -> Iterable[Any] | None:
        heap = sum(position)
        if target < heap:
            return [(target,)]
        return []

    def describe_part_move(
        self, position: tuple[int, ...], index: int, part: Any, option: Any
    ) -> str:
        return describe_taking(position, index, part, option)
