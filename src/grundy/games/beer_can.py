"""A discrete beer-can game: place square pieces on a rectangular board without overlap."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from grundy.errors import InvalidParameterError, InvalidPositionError, brief
from grundy.games.labelled import LabelledGame
from grundy.games.params import Param, ParamKind

__all__ = ["BeerCan"]

Occupied = int
"""A position: the set of occupied cells as a bit mask (bit ``row * columns + column``)."""


class BeerCan(LabelledGame):
    """The notes' beer-can game made discrete.

    The table is a board of ``rows x columns`` cells; cell ``(r, c)`` (both from 0) has
    number ``r * columns + c``.  A can is a ``piece x piece`` square of cells.  The players
    alternately put a can on the board: it covers ``piece x piece`` cells that are all
    inside the board and all free.  Cans never move.  The player who cannot place a can
    loses (normal play).  A rectangle is centrally symmetric: the point reflection sends
    cell ``(r, c)`` to ``(rows - 1 - r, columns - 1 - c)`` and a can to a can.

    A position is the set of occupied cells.  On the command line and in JSON it is the
    list of occupied cell numbers (empty: the bare table); in Python it is a bit mask.
    Positions that differ by a symmetry of the board (reflections, the half turn, and the
    quarter turns on a square board) have the same canonical form, so the solver values
    each shape once and lists winning moves up to symmetry.

    The notes' strategy: when a can fits exactly in the middle (``rows - piece`` and
    ``columns - piece`` both even), the first player puts it there and then answers every
    can by its point reflection.

    >>> game = BeerCan(3, 3, 1)
    >>> game.format(game.from_value([4]))
    '.../.#./...'
    >>> len(list(game.moves(game.from_value([4]))))
    8
    """

    name = "beer-can"
    summary = "place piece x piece cans on free cells of a rows x columns table; no move loses"
    position_help = "occupied cell numbers, row by row from 0 (none for the empty table)"
    params = (
        Param("rows", ParamKind.INT, "rows of the board", metavar="M"),
        Param("columns", ParamKind.INT, "columns of the board", metavar="N"),
        Param(
            "piece",
            ParamKind.INT,
            "side of the square can, in cells",
            default=1,
            required=False,
            metavar="D",
        ),
    )

    def __init__(self, rows: int, columns: int, piece: int = 1) -> None:
        for label, value in (("rows", rows), ("columns", columns), ("piece", piece)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InvalidParameterError(
                    f"option --{label} must be a positive integer, got {brief(value)}"
                )
        if piece > min(rows, columns):
            raise InvalidParameterError(
                f"a {piece}x{piece} can does not fit on a {rows}x{columns} board (option --piece)"
            )
        if rows * columns > 64:
            raise InvalidParameterError(
                f"boards are limited to 64 cells, got {rows}x{columns} (options --rows, --columns)"
            )
        self.rows, self.columns, self.piece = rows, columns, piece
        self.placements: dict[tuple[int, int], int] = {
            (top, left): self._square_mask(top, left)
            for top in range(rows - piece + 1)
            for left in range(columns - piece + 1)
        }
        self._symmetries = self._cell_symmetries()

    def options(self) -> dict[str, Any]:
        return {"rows": self.rows, "columns": self.columns, "piece": self.piece}

    # -- geometry ----------------------------------------------------------------------------

    def _square_mask(self, top: int, left: int) -> int:
        mask = 0
        for row in range(top, top + self.piece):
            for column in range(left, left + self.piece):
                mask |= 1 << (row * self.columns + column)
        return mask

    def _cell_symmetries(self) -> list[list[int]]:
        rows, columns = self.rows, self.columns
        maps: list[Callable[[int, int], tuple[int, int]]] = [
            lambda r, c: (r, c),
            lambda r, c: (rows - 1 - r, c),
            lambda r, c: (r, columns - 1 - c),
            lambda r, c: (rows - 1 - r, columns - 1 - c),
        ]
        if rows == columns:  # a square board also has the quarter turns and diagonal flips
            maps += [
                lambda r, c: (c, r),
                lambda r, c: (columns - 1 - c, rows - 1 - r),
                lambda r, c: (c, rows - 1 - r),
                lambda r, c: (columns - 1 - c, r),
            ]
        images = []
        for transform in maps:
            image = []
            for cell in range(rows * columns):
                r, c = transform(*divmod(cell, columns))
                image.append(r * columns + c)
            images.append(image)
        return images

    @staticmethod
    def _apply(image: list[int], occupied: Occupied) -> Occupied:
        mapped = 0
        while occupied:
            low = occupied & -occupied
            mapped |= 1 << image[low.bit_length() - 1]
            occupied ^= low
        return mapped

    def reflect(self, occupied: Occupied) -> Occupied:
        """The point reflection of a set of cells through the centre of the board."""
        return self._apply(self._symmetries[3], occupied)

    def centre_placement(self) -> tuple[int, int] | None:
        """The top-left cell of the can that its own reflection maps to itself, if any."""
        spare_rows, spare_columns = self.rows - self.piece, self.columns - self.piece
        if spare_rows % 2 or spare_columns % 2:
            return None
        return spare_rows // 2, spare_columns // 2

    # -- rules -------------------------------------------------------------------------------

    def labelled_moves(self, position: Occupied) -> Iterator[tuple[Occupied, str]]:
        for (top, left), mask in self.placements.items():
            if not mask & position:
                yield position | mask, f"place a can at ({top + 1},{left + 1})"

    def describe_move(self, position: Occupied, option: Any) -> str:
        added = option & ~position
        for (top, left), mask in self.placements.items():
            if mask == added:
                return f"place a can at ({top + 1},{left + 1})"
        return super().describe_move(position, option)

    def canonical(self, position: Occupied) -> Occupied:
        return min(self._apply(image, position) for image in self._symmetries)

    # -- notation ----------------------------------------------------------------------------

    def from_value(self, value: Any) -> Occupied:
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        if not isinstance(value, (list, tuple, set, frozenset)):
            raise InvalidPositionError(
                f"beer-can position must list occupied cell numbers, got {brief(value)}"
            )
        occupied = 0
        for cell in value:
            if isinstance(cell, bool) or not isinstance(cell, int):
                raise InvalidPositionError(f"cell numbers must be whole numbers, got {brief(cell)}")
            if not 0 <= cell < self.rows * self.columns:
                raise InvalidPositionError(
                    f"cell {cell} is not on the {self.rows}x{self.columns} board "
                    f"(cells are 0..{self.rows * self.columns - 1}, row by row)"
                )
            occupied |= 1 << cell
        return occupied

    def to_json(self, position: Occupied) -> list[int]:
        return [cell for cell in range(self.rows * self.columns) if position >> cell & 1]

    def format(self, position: Occupied) -> str:
        """Rows from the top, ``#`` occupied and ``.`` free, separated by ``/``."""
        return "/".join(
            "".join(
                "#" if position >> (row * self.columns + column) & 1 else "."
                for column in range(self.columns)
            )
            for row in range(self.rows)
        )
