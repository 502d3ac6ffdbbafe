"""Chomp values for every Young diagram inside a box at once, computed with arrays.

A diagram inside a box of ``height`` rows and ``width`` columns is a non-increasing
sequence ``x_0 >= x_1 >= ... >= x_{height-1}`` of row lengths in ``0..width`` (short
boards are padded with empty rows).  There are ``C(height + width, height)`` of them, one
per lattice path along the diagram's edge.  Listed in lexicographic order, the rank of a
diagram is a sum of one weight per row::

    rank(x) = sum_i W[i][x_i],  W[i][x] = sum_{v < x} C(height - i - 1 + v, height - i - 1)

(the diagrams that agree with ``x`` before row ``i`` and have a shorter row ``i``).  A bite
at 0-based ``(r, c)`` shortens rows ``r .. k-1`` to ``c``, where ``k`` counts the rows
longer than ``c``; its rank is therefore the old rank minus the tail weights from row
``r`` plus ``c``'s weights on rows ``r .. k-1`` and the old tail from row ``k``.  With
prefix and tail sums this is a handful of array operations per bite for a whole batch of
diagrams.  Every bite removes squares, so the diagrams are valued level by level in
increasing number of squares: the options of a level are all on earlier levels.
Within a level, the bites of one column are taken with the diagrams sorted by that
column's height, so the diagrams a bite in a given row can reach form a prefix and each
step works on a slice; the value and misère outcome of an option come from one look-up
of a packed code (``2 * value + misère P``).

Misère outcomes come from the same pass: a diagram is a misère N-position when it has no
move (only the single poisoned square) or a move to a misère P-position.

>>> box = solve_box(3, 3)
>>> box.grundy_value((3, 3, 3)), box.grundy_value((3, 1, 1)), box.grundy_value((4,))
(5, 0, None)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from grundy.budget import format_bytes, format_count
from grundy.errors import SearchLimitError, brief
from grundy.games.base import Game
from grundy.games.chomp import Chomp
from grundy.solve.jit import compiler_available, compiler_loaded

__all__ = [
    "MAX_BOX_BYTES",
    "ChompBox",
    "all_diagrams",
    "box_bytes",
    "box_size",
    "chomp_region",
    "count_subdiagrams",
    "solve_box",
    "solve_box_kernel",
    "solve_box_numpy",
]

# The most memory a box's codes may take (2 bytes a diagram): 15 x 15 (155 million
# diagrams) fits, 16 x 16 (601 million) does not.
MAX_BOX_BYTES = 1 << 30
# Boxes this small are solved whatever the position, in well under a second.
SMALL_BOX = 200_000
# Boxes up to this many diagrams go to the numpy engine while numba is not loaded yet:
# importing numba and loading the first cached kernel costs more CPU than the numpy
# engine takes on them (bench/SMALL_RUNS.md: 10 x 10, 184,756 diagrams, 0.41 s by
# numpy against 1.08 s for numba's import and load plus 0.06 s of kernel, on a loaded
# machine; 11 x 11, 705,432 diagrams, 1.67 s against 1.36 s).
NUMPY_BOX_LIMIT = 400_000

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def box_size(height: int, width: int) -> int:
    """How many diagrams fit in the box (the empty one included).

    >>> box_size(10, 10)
    184756
    """
    return math.comb(height + width, height)


def rank_weights(height: int, width: int) -> list[list[int]]:
    """``W[i][x]``: the weight row ``i`` of length ``x`` adds to a diagram's rank."""
    weights = []
    for row in range(height):
        rest = height - row - 1
        running = [0]
        for value in range(width):
            running.append(running[-1] + math.comb(rest + value, rest))
        weights.append(running)
    return weights


def all_diagrams(height: int, width: int) -> npt.NDArray[np.int16]:
    """Every diagram in the box as padded row lengths, one per row, in rank order.

    The diagrams of ``k`` rows with longest row at most ``cap`` are a prefix of those
    with longest row at most ``width``, so each length extends the previous one's list.

    >>> all_diagrams(2, 2).tolist()
    [[0, 0], [1, 0], [1, 1], [2, 0], [2, 1], [2, 2]]
    """
    shorter = np.zeros((1, 0), dtype=np.int16)
    for rows in range(1, height + 1):
        blocks = []
        for cap in range(width + 1):
            tails = shorter[: math.comb(rows - 1 + cap, rows - 1)]
            first = np.full((len(tails), 1), cap, dtype=np.int16)
            blocks.append(np.hstack([first, tails]))
        shorter = np.vstack(blocks)
    return shorter


@dataclass(frozen=True, slots=True)
class ChompBox:
    """Grundy values and misère outcomes of every diagram inside a box, indexed by rank.

    ``codes[rank] = 2 * G + (1 if a misère P-position)``, in 2 bytes a diagram (4 when
    some value passes 32,767).
    """

    height: int
    width: int
    codes: npt.NDArray[np.uint16] | npt.NDArray[np.uint32]
    weights: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        """The number of Chomp positions valued (the empty diagram is not one)."""
        return len(self.codes) - 1

    @property
    def grundy(self) -> npt.NDArray[np.int64]:
        """Every diagram's Grundy value, by rank (a new array)."""
        return (self.codes >> 1).astype(np.int64)

    @property
    def misere_next(self) -> BoolArray:
        """Whether the player to move wins in misère play, by rank (a new array)."""
        flags: BoolArray = (self.codes & 1) == 0
        return flags

    def rank(self, position: Sequence[int]) -> int | None:
        """The index of a diagram (as row lengths), or ``None`` if it is not in the box."""
        if not position or len(position) > self.height or position[0] > self.width:
            return None
        return sum(self.weights[row][length] for row, length in enumerate(position))

    def grundy_value(self, position: Any) -> int | None:
        index = self.rank(position)
        return None if index is None else int(self.codes[index]) >> 1

    def misere_next_wins(self, position: Any) -> bool | None:
        index = self.rank(position)
        return None if index is None else not int(self.codes[index]) & 1


def box_bytes(height: int, width: int) -> int:
    """The memory :func:`solve_box` needs for a ``height x width`` box, in bytes: 2 per
    diagram (the codes) and a few kilobytes of tables.  (A box whose values pass 32,767
    would need 6 per diagram while it widens; no box that fits in memory comes close.)

    >>> box_bytes(14, 14)
    80239216
    """
    return 2 * box_size(height, width) + 8 * (height + 1) * (width + 2) + 4096


def solve_box(height: int, width: int) -> ChompBox:
    """Value every diagram with at most ``height`` rows of at most ``width`` squares:
    by :func:`solve_box_numpy` when the box is small (:data:`NUMPY_BOX_LIMIT`) and numba
    is not loaded yet, or numba cannot be imported; by the compiled kernel otherwise.
    Both give the same codes (cross-checked in the tests)."""
    if height < 1 or width < 1:
        raise ValueError(f"a Chomp box needs at least one row and column, got {height}x{width}")
    small = box_size(height, width) <= NUMPY_BOX_LIMIT and not compiler_loaded()
    if small or not compiler_available():
        return solve_box_numpy(height, width)
    return solve_box_kernel(height, width)


def solve_box_kernel(height: int, width: int, *, narrow_limit: int = 1 << 16) -> ChompBox:
    """:func:`solve_box` by the compiled kernel (:mod:`grundy.solve.chomp_kernels`), in
    rank order, whatever the box's size.

    Codes are kept in 2 bytes while they stay below ``narrow_limit`` (at most ``2**16``;
    a smaller one exercises the widening to 4 bytes in tests)."""
    if height < 1 or width < 1:
        raise ValueError(f"a Chomp box needs at least one row and column, got {height}x{width}")
    from grundy.solve.chomp_kernels import value_box

    weights = rank_weights(height, width)
    table = np.array(weights, dtype=np.int64)
    codes: npt.NDArray[np.uint16] | npt.NDArray[np.uint32]
    codes = np.zeros(box_size(height, width), dtype=np.uint16)
    rows = np.zeros(height, dtype=np.int64)
    reached = value_box(height, width, table, codes, rows, 0, min(narrow_limit, 1 << 16))
    if reached < len(codes):  # a code needs more than 2 bytes: widen, never wrap
        codes = codes.astype(np.uint32)
        value_box(height, width, table, codes, rows, reached, 1 << 32)
    frozen = tuple(tuple(row) for row in weights)
    return ChompBox(height, width, codes, frozen)


def solve_box_numpy(height: int, width: int) -> ChompBox:
    """:func:`solve_box` level by level with numpy arrays (about 70 bytes a diagram): the
    engine's earlier form, kept as a cross-check of the compiled kernel in the tests."""
    if height < 1 or width < 1:
        raise ValueError(f"a Chomp box needs at least one row and column, got {height}x{width}")
    weights = rank_weights(height, width)
    weight_table = np.array(weights, dtype=np.int64)  # (height, width + 1)
    # prefix[c][j]: the weights of rows 0..j-1 all of length c.
    prefix = np.zeros((width + 1, height + 1), dtype=np.int64)
    prefix[:, 1:] = np.cumsum(weight_table.T, axis=1)
    diagrams = all_diagrams(height, width)
    count = len(diagrams)
    # coded[rank] = 2 * Grundy value + (1 if a misère P-position): one look-up per bite.
    coded = np.zeros(count, dtype=np.int32)
    squares = diagrams.sum(axis=1, dtype=np.int64)
    order = np.argsort(squares, kind="stable").astype(np.int32)
    bounds = np.searchsorted(squares[order], np.arange(height * width + 2))
    row_numbers = np.arange(height)
    column_numbers = np.arange(width, dtype=np.int16)
    prefix32 = prefix.astype(np.int32)
    largest = 0
    for level in range(height * width + 1):
        ranks = order[bounds[level] : bounds[level + 1]]
        if not len(ranks):
            continue
        rows = diagrams[ranks]
        by_row = np.ascontiguousarray(rows.T)  # (height, diagrams): long axes last
        # tails_by_row[i]: the rank weights of rows i .. height-1, per diagram
        tails_by_row = np.zeros((height + 1, len(ranks)), dtype=np.int32)
        contributions = weight_table[row_numbers[:, None], by_row]
        tails_by_row[:height] = np.cumsum(contributions[::-1], axis=0)[::-1]
        everyone = np.arange(len(ranks))
        columns = largest + 2  # the mex is at most largest + 1
        # present[d, 2 * v + p]: diagram d has an option of value v that is (p = 1) or
        # is not (p = 0) a misère P-position; the flat index is d's start plus a code.
        present = np.zeros(len(ranks) * 2 * columns, dtype=np.bool_)
        starts = everyone * (2 * columns)
        # conjugate[column]: how many rows are longer than `column` (the column's height);
        # a bite at (row, column) cuts rows row .. conjugate-1 down to `column`
        conjugate = (by_row[None, :, :] > column_numbers[:, None, None]).sum(axis=1, dtype=np.int8)
        for column in range(width):
            longer = conjugate[column]
            # Diagrams sorted by `longer`, most first: the ones a bite at (row, column) can
            # reach are a prefix, so each row works on a slice and no mask is needed.
            by_longer = np.argsort(-longer, kind="stable")  # a radix sort on int8
            legal_counts = np.bincount(longer, minlength=height + 1)[::-1].cumsum()[::-1]
            if not legal_counts[1]:
                break
            longer_sorted = longer[by_longer]
            shared = (
                ranks[by_longer]
                + prefix32[column, longer_sorted]
                + tails_by_row[longer_sorted, by_longer]
            )
            sorted_starts = starts[by_longer]
            for row in range(height):
                legal = int(legal_counts[row + 1])  # diagrams with longer > row
                if not legal:
                    break
                if row == 0 and column == 0:
                    continue  # the poisoned square
                reachable = by_longer[:legal]
                child = shared[:legal] - tails_by_row[row][reachable] - prefix32[column, row]
                present[sorted_starts[:legal] + coded[child]] = True
        flags = present.reshape(len(ranks), columns, 2)
        values = np.argmin(flags[:, :, 0] | flags[:, :, 1], axis=1).astype(np.int32)
        reaches_misere_p = flags[:, :, 1].any(axis=1)
        # misère N: no move (the poisoned square alone, or nothing) or a move to a P
        misere_p = (squares[ranks] > 1) & ~reaches_misere_p
        coded[ranks] = 2 * values + misere_p
        largest = max(largest, int(values.max()))
    frozen = tuple(tuple(row) for row in weights)
    return ChompBox(height, width, coded.astype(np.uint32), frozen)


def count_subdiagrams(position: Sequence[int]) -> int:
    """How many diagrams (the empty one included) fit inside ``position``: every Chomp
    position reachable from it, plus the empty board.

    >>> count_subdiagrams((2, 1)), count_subdiagrams((3, 3)) == box_size(2, 3)
    (5, True)
    """
    # ways[v]: the diagrams on the rows below the current one whose first row is <= v.
    ways = [1] * (max(position, default=0) + 1)
    for length in reversed(position):
        exact = [ways[v] if v <= length else 0 for v in range(len(ways))]
        ways = list(itertools.accumulate(exact))
    return ways[-1]


_COUNTED_SQUARES = 10**6
"""Largest board (rows times the longest row) whose diagrams :func:`count_subdiagrams`
counts when no box fits: about a second's work."""


def chomp_region(game: Game, position: Any, room: int | None) -> ChompBox | None:
    """The region engine for :class:`Chomp`: the smallest box around ``position``.

    The box is solved whenever its codes fit in :data:`MAX_BOX_BYTES`, whatever the
    solver's position limit (``room``): the kernel values a box in one pass, without the
    per-position memory the limit guards.  It declines (the plain search takes over) when
    the box is much larger than what can be reached from ``position``, as for a long
    thin L; then, when even the reachable positions exceed ``room``, it raises
    :class:`SearchLimitError` at once, since the plain search would pass the limit too,
    only much later.
    """
    if not isinstance(game, Chomp):
        return None
    position = game.from_value(position)  # a bound may arrive as a plain list
    height, width = len(position), position[0]
    fits = box_bytes(height, width) <= MAX_BOX_BYTES
    if not fits and height * width > _COUNTED_SQUARES:
        # too large to count its diagrams (one list entry per column): the first row alone
        # reaches ``width`` of them, which is all a limit needs to know
        if room is not None and width > room:
            raise SearchLimitError(
                f"chomp {brief(game.format(position))}: at least {format_count(width)} "
                f"positions are reachable, more than the {room:,} the search may still "
                "visit; try a smaller board"
            )
        return None
    reachable = count_subdiagrams(position) - 1
    size = box_size(height, width)
    if fits and (size <= SMALL_BOX or size <= 16 * reachable):
        return solve_box(height, width)
    if room is not None and reachable > room:
        limit = (
            f"the {room:,} the search may still visit"
            if fits
            else f"the {room:,} the search may still visit, and its {height}x{width} box "
            f"needs {format_bytes(box_bytes(height, width))}, more than the "
            f"{format_bytes(MAX_BOX_BYTES)} the box engine may use"
        )
        raise SearchLimitError(
            f"chomp {brief(game.format(position))}: {format_count(reachable)} positions are "
            f"reachable, more than {limit}; try a smaller board"
        )
    return None  # mostly diagrams the position cannot reach: the plain search
