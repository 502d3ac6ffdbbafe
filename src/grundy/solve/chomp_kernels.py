"""The compiled (numba) kernel of the Chomp box engine: one pass in rank order.

Importing this module imports numba; :mod:`grundy.solve.chomp_engine` does so only when
a box is solved.  See that module for the ranks of diagrams and the codes stored.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.solve.jit import compiled

__all__ = ["value_box"]


@compiled
def value_box(
    height: int, width: int, weights: Any, codes: Any, rows: Any, first: int, limit: int
) -> Any:
    """Value the diagrams of rank ``first``, ``first + 1``, ... into ``codes``.

    ``rows`` holds the row lengths of the diagram of rank ``first`` and is advanced in
    lexicographic (rank) order.  ``codes[rank] = 2 * G + (1 if a misère P-position)``.
    Every bite shortens rows, so every option has a smaller rank and is already valued.
    Returns the number of diagrams, or the first rank whose code would reach ``limit``
    (not stored; ``rows`` then describes that diagram).
    """
    count = codes.shape[0]
    seen = np.zeros(height * width + 2, np.int64)  # seen[v] == rank + 1: v is an option
    for rank in range(first, count):
        stamp = rank + 1
        reaches_p = False
        squares = 0
        longer = 0  # how many rows are longer than the current column
        for r in range(height):
            squares += rows[r]
            if rows[r] > 0:
                longer = r + 1
        here = np.uint64(rank)
        for column in range(rows[0]):
            while longer > 0 and rows[longer - 1] <= column:
                longer -= 1
            # a bite at (row, column) cuts rows row .. longer-1 down to `column`
            delta = 0
            for row in range(longer - 1, -1, -1):
                delta += weights[row, rows[row]] - weights[row, column]
                if row == 0 and column == 0:
                    continue  # the poisoned square
                code = codes[here - np.uint64(delta)]
                seen[code >> 1] = stamp
                if code & 1:
                    reaches_p = True
        value = 0
        while seen[value] == stamp:
            value += 1
        # misère: no move (the poisoned square alone, or nothing) is an N-position
        code = 2 * value + (1 if squares > 1 and not reaches_p else 0)
        if code >= limit:
            return rank
        codes[rank] = code
        row = height - 1
        while row >= 0 and rows[row] == (width if row == 0 else rows[row - 1]):
            row -= 1
        if row < 0:
            break
        rows[row] += 1
        for later in range(row + 1, height):
            rows[later] = 0
    return count
