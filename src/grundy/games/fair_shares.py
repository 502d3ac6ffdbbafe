"""Fair Shares and Varied Pairs (Winning Ways, chapter 12): a loopy game of coins.

Coins lie in heaps.  A move either divides one heap into two or more heaps of equal size
(a fair share: a heap of 6 may become 3+3, 2+2+2 or six heaps of 1), or unites two heaps
of different sizes into one (a varied pair: 2 and 3 may become 5).  The number of coins
never changes, so the positions with ``n`` coins are the partitions of ``n``: finitely
many, but a heap may be divided and united again, so play need not end.  A player who
cannot move (every heap has one coin... or no coins at all) loses.  Heaps are not a sum:
uniting two heaps joins them, so a position is valued whole.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from grundy.errors import InvalidPositionError, brief
from grundy.games.base import NumberTupleGame, read_number_list
from grundy.games.loopy_base import LoopyGame

__all__ = ["FairShares"]

MAX_COINS = 60  # the partitions of 60 number about a million: past that, no search


class FairShares(NumberTupleGame, LoopyGame):
    """Heaps of coins; divide a heap into equal heaps, or unite two unequal heaps.

    >>> sorted(FairShares().moves((4, 1)))
    [(1, 1, 1, 1, 1), (2, 2, 1), (5,)]
    """

    name = "fair-shares"
    summary = (
        "Fair Shares and Varied Pairs: divide a heap into equal heaps, or unite two "
        "heaps of different sizes (loopy: draws)"
    )
    position_help = "heap sizes (each at least 1)"
    least = 1  # `--max 5 3` lists one heap per bound, each from 1 up to it

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for option, _ in self.labelled_moves(position):
            yield option

    def labelled_moves(self, position: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], str]]:
        seen: set[tuple[int, ...]] = set()
        for option, text in self._options(position):
            key = self.canonical(option)
            if key not in seen:
                seen.add(key)
                yield key, text

    def _options(self, position: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], str]]:
        heaps = list(position)
        for index, heap in enumerate(heaps):
            rest = heaps[:index] + heaps[index + 1 :]
            for size in range(1, heap // 2 + 1):
                if heap % size == 0:  # heap/size equal heaps of this size
                    count = heap // size
                    yield (
                        tuple(rest + [size] * count),
                        f"divide the heap of {heap} into {count} heaps of {size}",
                    )
        for first, second in itertools.combinations(range(len(heaps)), 2):
            if heaps[first] != heaps[second]:
                rest = [h for i, h in enumerate(heaps) if i not in (first, second)]
                united = heaps[first] + heaps[second]
                yield (
                    (*rest, united),
                    f"unite the heaps of {heaps[first]} and {heaps[second]} into {united}",
                )

    def canonical(self, position: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(position, reverse=True))

    def from_value(self, value: Any) -> tuple[int, ...]:
        heaps = read_number_list(
            value, "a fair-shares position lists heap sizes", _AT_LEAST_ONE, _at_least_one
        )
        if sum(heaps) > MAX_COINS:
            raise InvalidPositionError(
                f"at most {MAX_COINS} coins in all (the positions are every partition of "
                f"the total), got {sum(heaps)}"
            )
        return heaps


_AT_LEAST_ONE = "heap sizes are whole numbers of at least 1"


def _at_least_one(heap: int) -> None:
    if heap < 1:
        raise InvalidPositionError(f"{_AT_LEAST_ONE}, got {brief(heap)}")
