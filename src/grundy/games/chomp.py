"""Chomp on any Young diagram: bite a square and everything above and to the right of it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from grundy.errors import InvalidPositionError, brief
from grundy.games.base import NumberTupleGame
from grundy.games.labelled import LabelledGame

__all__ = ["Chomp", "bite", "bite_square"]

Rows = tuple[int, ...]


class Chomp(NumberTupleGame, LabelledGame):
    """Chomp played on a Young diagram, written as its row lengths.

    A position is a non-increasing list of row lengths ``(r1, r2, ...)``: row 1 is the row
    that holds the poisoned square, and each later row lies on top of the one before (so
    the board is drawn with row 1 at the bottom, as in the notes).  Squares are named
    ``(row, column)``, both counted from 1, so the poisoned square is ``(1,1)``, the first
    square of the first row.

    A move bites a square ``(r, c)`` that is on the board and is not the poisoned one; it
    removes every square ``(r', c')`` with ``r' >= r`` and ``c' >= c``.  So the single
    square ``(1)`` is terminal: the player to move there loses (the only square left is
    the poison).  Zero rows are dropped in the canonical form; a board without squares
    has no poisoned square and is not a position.

    >>> game = Chomp()
    >>> game.format(game.from_value([3, 3, 0]))
    '(3,3)'
    >>> [text for _, text in game.labelled_moves((2, 2))]
    ['bite (1,2)', 'bite (2,1)', 'bite (2,2)']
    """

    name = "chomp"
    summary = "bite a square and all squares above and right of it; (1,1) is poisoned"
    position_help = "row lengths, non-increasing, starting with the row of the poisoned square"

    def labelled_moves(self, position: Rows) -> Iterator[tuple[Rows, str]]:
        for row_index, length in enumerate(position):
            for column_index in range(length):
                if row_index == 0 and column_index == 0:
                    continue  # the poisoned square may not be taken
                yield (
                    bite(position, row_index, column_index),
                    f"bite ({row_index + 1},{column_index + 1})",
                )

    def describe_move(self, position: Rows, option: Any) -> str:
        row, column = bite_square(position, option)
        return f"bite ({row + 1},{column + 1})"

    def from_value(self, value: Any) -> Rows:
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        if not isinstance(value, (list, tuple)):
            raise InvalidPositionError(
                f"chomp position must be a list of row lengths, got {brief(value)}"
            )
        rows: list[int] = []
        for length in value:
            if isinstance(length, bool) or not isinstance(length, int):
                raise InvalidPositionError(
                    f"chomp row lengths must be whole numbers, got {brief(length)}"
                )
            if length < 0:
                raise InvalidPositionError(f"chomp row lengths must be non-negative, got {length}")
            if rows and length > rows[-1]:
                raise InvalidPositionError(
                    f"chomp rows must not get longer going up, got {list(value)} "
                    f"(row {len(rows) + 1} is longer than row {len(rows)})"
                )
            rows.append(length)
        position = tuple(length for length in rows if length)
        if not position:
            raise InvalidPositionError(
                "a chomp board needs at least one square (the poisoned one), got no squares"
            )
        return position

    def bounded_positions(self, bound: Any) -> Iterator[Rows]:
        """Every Young diagram inside ``bound`` (itself a diagram), at least one square.

        The order is lexicographic on the row lengths padded with zeros to the bound's
        number of rows, as ``grundy table`` lists them.

        >>> [Chomp().format(p) for p in Chomp().bounded_positions([2, 1])]
        ['(1)', '(1,1)', '(2)', '(2,1)']
        """
        limits = self.from_value(bound)

        def fill(index: int, cap: int) -> Iterator[Rows]:
            if index == len(limits):
                yield ()
                return
            for length in range(min(cap, limits[index]) + 1):
                if index == 0 and length == 0:
                    continue
                for rest in fill(index + 1, length):
                    yield (length, *rest)

        for padded in fill(0, limits[0]):
            yield tuple(length for length in padded if length)


def bite(position: Rows, row_index: int, column_index: int) -> Rows:
    """The diagram left by biting the square at 0-based ``(row_index, column_index)``.

    >>> bite((4, 4, 4), 1, 1)
    (4, 1, 1)
    """
    kept = position[:row_index] + tuple(
        min(length, column_index) for length in position[row_index:]
    )
    return tuple(length for length in kept if length)


def bite_square(before: Sequence[int], after: Sequence[int]) -> tuple[int, int]:
    """The 0-based square whose bite turns ``before`` into ``after``.

    >>> bite_square((3, 3, 3), (3, 1, 1))
    (1, 1)
    """
    padded = list(after) + [0] * (len(before) - len(after))
    for row_index, (old, new) in enumerate(zip(before, padded, strict=False)):
        if new < old:
            if bite(tuple(before), row_index, new) != tuple(after):
                break
            return row_index, new
    raise InvalidPositionError(f"no bite turns {tuple(before)} into {tuple(after)}")
