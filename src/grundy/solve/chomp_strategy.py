"""The notes' mirroring strategies for Chomp squares and the beer-can game.

Chomp squares are won by biting (2,2) and then mirroring on the L; a centrally symmetric
beer-can table is won by the centre can and then the point reflection.  The generic
checker that plays a strategy against every reply lives in :mod:`grundy.certify.strategy`.

>>> from grundy.certify.strategy import check_strategy
>>> from grundy.games.chomp import Chomp
>>> check_strategy(Chomp(), (3, 3, 3), chomp_bite_then_mirror((1, 1))).wins
True
>>> check_strategy(Chomp(), (2, 2), chomp_bite_then_mirror((0, 1))).failing_line
((2, 2), (1, 1), (1,))
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.games.beer_can import BeerCan
from grundy.games.chomp import bite

__all__ = ["beer_can_mirror", "chomp_bite_then_mirror", "is_l_shape"]

# Strategies as :mod:`grundy.certify.strategy` takes them (its ``Strategy``), typed for
# the positions of each game: the checker sits above this module and is not imported.
ChompStrategy = Callable[[tuple[int, ...]], tuple[int, ...] | None]
BeerCanStrategy = Callable[[int], int | None]


def is_l_shape(rows: tuple[int, ...]) -> bool:
    """Whether a Chomp diagram is an L: every row after the first is a single square.

    >>> is_l_shape((4, 1, 1)), is_l_shape((4, 2, 1)), is_l_shape((1,))
    (True, False, True)
    """
    return all(length == 1 for length in rows[1:])


def chomp_bite_then_mirror(first_bite: tuple[int, int]) -> ChompStrategy:
    """On a square board, bite ``first_bite`` (0-based); afterwards mirror on the L.

    Mirroring: on an L whose arms (beyond the poisoned square) have different lengths,
    shorten the longer arm to the length of the shorter one.  On an L with equal arms,
    or on any other shape, the strategy has no move (a checker reports it).
    """
    row_index, column_index = first_bite

    def play(rows: tuple[int, ...]) -> tuple[int, ...] | None:
        if len(rows) >= 2 and all(length == len(rows) for length in rows):
            if row_index < len(rows) and column_index < rows[row_index]:
                return bite(rows, row_index, column_index)
            return None
        if not is_l_shape(rows):
            return None
        across, up = rows[0] - 1, len(rows) - 1
        if across == up:
            return None
        if across > up:
            return bite(rows, 0, up + 1)  # shorten the first row to 1 + up squares
        return bite(rows, across + 1, 0)  # drop the rows above 1 + across

    return play


def beer_can_mirror(game: BeerCan, opening: tuple[int, int] | None) -> BeerCanStrategy:
    """Open with the can at top-left cell ``opening`` (0-based) on the empty table, then
    make the position centrally symmetric again after every reply (add the reflection
    of what the opponent just placed).  ``None``: no opening, mirror from the start.
    """

    def play(occupied: int) -> int | None:
        if occupied == 0 and opening is not None:
            return occupied | game.placements[opening]
        return occupied | game.reflect(occupied)

    return play
