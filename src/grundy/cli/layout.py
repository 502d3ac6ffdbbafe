"""Plain-text layouts of many small numbers: Grundy sequences in rows, two-heap grids.

These stay hand-aligned rather than going through rich: a table of a hundred thousand
rows must stream out in a second, and every cell here is a short number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from grundy.games import Game
    from grundy.solve.solver import Move

__all__ = ["grid_lines", "sequence_lines", "write_moves"]

DEFAULT_ROW = 10


def sequence_lines(
    values: Sequence[int], period: int | None = None, width: int | None = None
) -> list[str]:
    """``G(0), G(1), ...`` in rows, each labelled with its first ``n``.

    With a ``period`` the rows are one period long, under a header of offsets, so that
    from the preperiod on each column repeats one value; a period too wide for ``width``
    columns falls back to rows of ten, with a line saying so.  Columns are as wide as the
    largest value, so they stay aligned at three digits and more.

    >>> print("\\n".join(sequence_lines([0, 1, 1, 0, 1, 1, 0], period=3)))
      +   0  1  2
      0:  0  1  1
      3:  0  1  1
      6:  0
    """
    # Values are never negative; len() rather than truth, so a numpy array works too.
    cell = max(2, len(str(int(max(values))))) if len(values) else 2
    label = len(str(max(len(values) - 1, 0)))
    lines: list[str] = []
    row = DEFAULT_ROW
    if period is not None and period > 0:
        cell = max(cell, len(str(period - 1)))
        needed = 2 + label + 1 + period * (cell + 1)
        if width is None or needed <= width:
            row = period
            offsets = " ".join(f"{k:>{cell}}" for k in range(period))
            lines.append(f"  {'+':>{label}}  {offsets}")
        else:
            lines.append(
                f"(rows of {DEFAULT_ROW}, since rows of one period, {period}, "
                f"would need {needed} columns)"
            )
    for start in range(0, len(values), row):
        shown = " ".join(f"{v:>{cell}}" for v in values[start : start + row])
        lines.append(f"  {start:>{label}}: {shown}")
    return lines


def grid_lines(cells: Mapping[tuple[int, int], str]) -> list[str]:
    """A grid of ``cells[(a, b)]``, ``a`` down and ``b`` across, over the least ranges of
    ``a`` and ``b`` that hold every cell, labelled with their values; a pair inside the
    ranges but missing from ``cells`` is shown as ``.``.

    >>> print("\\n".join(grid_lines({(0, 0): "0", (0, 1): "1", (1, 1): "0"})))
    a\\b  0  1
      0  0  1
      1  .  0
    """
    rows = range(min(a for a, _ in cells), max(a for a, _ in cells) + 1)
    columns = range(min(b for _, b in cells), max(b for _, b in cells) + 1)
    cell = max(2, *(len(str(b)) for b in columns), *(len(text) for text in cells.values()))
    label = max(3, *(len(str(a)) for a in rows))
    header = " ".join(f"{b:>{cell}}" for b in columns)
    lines = [f"{'a' + chr(92) + 'b':<{label}} {header}"]
    for a in rows:
        shown = " ".join(f"{cells.get((a, b), '.'):>{cell}}" for b in columns)
        lines.append(f"{a:>{label}} {shown}")
    return lines


def write_moves(out: IO[str], heading: str, game: Game, moves: Sequence[Move]) -> None:
    """A heading (``Winning moves (2):``), then each move and the position it leaves."""
    out.write(heading + "\n")
    for move in moves:
        out.write(f"  {move.description}, leaving {game.format(move.to)}\n")
