"""Drawings of positions and tables of values, as report figures.

Each function takes data already computed by the solver and returns a
:class:`~grundy.report.document.Figure` whose ``draw`` only lays that data out: heaps of
counters, Chomp boards with their bites, Green Hackenbush pictures beside their snakes,
P/N strips and grids, Grundy sequences with their period, Wythoff's P-positions against
the golden-ratio lines.  Nothing here decides a value.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import grundy.palette as palette
from grundy.display.geometry import MOST_COUNTERS, counter_places, hackenbush_layout
from grundy.games.chomp import bite_square as chomp_bite
from grundy.report.document import Figure
from grundy.report.student_words import say, strip_marks

__all__ = [
    "P_COLOUR",
    "ChompBoard",
    "HackenbushPicture",
    "StripRow",
    "chomp_bite",
    "chomp_figure",
    "grid_figure",
    "hackenbush_figure",
    "heaps_figure",
    "lucky_strip_figure",
    "sequence_figure",
    "strip_figure",
    "wythoff_figure",
]

# The figures' colours are the palette's (grundy.palette): one set for every output.
P_COLOUR = palette.P_FILL  # P-positions
N_COLOUR = palette.N_FILL  # N-positions
ACCENT = palette.ACCENT  # bites, counterexamples, marks
INK = palette.FIGURE_INK
CHOCOLATE = palette.CHOCOLATE

Draw = Callable[[Any], None]


def _figure(
    name: str,
    caption: str,
    alt: str,
    draw: Draw,
    size: tuple[float, float],
    *,
    play: str,
    kind: str,
) -> Figure:
    return Figure(name=name, caption=caption, alt=alt, draw=draw, size=size, play=play, kind=kind)


def _bare(ax: Any) -> None:
    ax.set_axis_off()
    ax.set_aspect("equal")


# -- heaps ----------------------------------------------------------------------------------


_COLUMN = 16  # counters a column holds before a heap stands in two columns


def heaps_figure(
    name: str,
    caption: str,
    heaps: Sequence[int],
    title: str = "",
    taken: Mapping[int, int] | None = None,
    column: int = _COLUMN,
    play: str = "",
) -> Figure:
    """Heaps of counters side by side, each labelled with its size; ``taken`` (heap index
    -> how many) names the counters a move takes, from the top, drawn in the accent colour.

    A heap taller than ``column`` counters stands in columns side by side; a very large
    heap is a bar.
    """
    heaps = list(heaps)
    taken = dict(taken or {})
    places = [counter_places(h, column) if h <= MOST_COUNTERS else [] for h in heaps]
    widths = [0.4 + (max((c for c, _ in spots), default=0) + 1) for spots in places]
    tallest = max(heaps, default=0)
    scale = 1.0 if tallest <= MOST_COUNTERS else column / tallest
    levels = max((lv + 1 for spots in places for _, lv in spots), default=0)
    top = column if tallest > MOST_COUNTERS else levels

    def draw(fig: Any) -> None:
        ax = fig.add_subplot()
        _bare(ax)
        left = 0.0
        for index, (heap, spots, width) in enumerate(zip(heaps, places, widths, strict=True)):
            x = left + width / 2 - 0.7
            first_taken = heap - taken.get(index, 0)
            columns = max((c for c, _ in spots), default=0) + 1
            for k, (column, level) in enumerate(spots):
                colour = ACCENT if k >= first_taken else P_COLOUR
                ax.add_patch(_circle(x + column - (columns - 1) / 2, 0.5 + level, 0.42, colour))
            if heap > MOST_COUNTERS:
                colour = ACCENT if taken.get(index) else P_COLOUR
                ax.add_patch(_rect(x - 0.45, 0, 0.9, max(heap * scale, 0.05), colour))
            ax.text(x, -0.7, str(heap), ha="center", va="center", color=INK)
            left += width
        ax.plot([-0.7, left - 0.7], [0, 0], color=INK, linewidth=1)
        ax.set_xlim(-0.9, left - 0.5)
        ax.set_ylim(-1.3, max(top, 1) + 0.6)
        if title:
            ax.set_title(title)

    moves = [
        say("picture.taken-from", count=n, heap=i + 1)
        for i, n in sorted(taken.items())
        if 0 <= i < len(heaps)
    ]
    alt = say("picture.heaps", sizes=", ".join(map(str, heaps)))
    if moves:
        alt += say("picture.taken", moves=say("list.comma").join(moves))
    height = 1.2 + 0.22 * min(max(top, 1), column)
    size = (1.2 + 0.5 * sum(widths) / 1.4, height)
    return _figure(name, caption, alt, draw, size, play=play, kind="heaps")


def _circle(x: float, y: float, r: float, colour: str) -> Any:
    from matplotlib.patches import Circle

    return Circle((x, y), r, facecolor=colour, edgecolor=INK, linewidth=0.6)


def _rect(x: float, y: float, w: float, h: float, colour: str, **kwargs: Any) -> Any:
    from matplotlib.patches import Rectangle

    kwargs.setdefault("edgecolor", INK)
    kwargs.setdefault("linewidth", 0.6)
    return Rectangle((x, y), w, h, facecolor=colour, **kwargs)


def _cell_label(ax: Any, x: float, y: float, text: str, colour: str) -> None:
    """Small text centred in the unit square with lower-left corner (x, y)."""
    ax.text(x + 0.5, y + 0.5, text, ha="center", va="center", fontsize=8, color=colour)


def _cells(ax: Any, cells: Sequence[tuple[float, float]], colour: str, gap: float = 0.06) -> None:
    """Unit squares with lower-left corners ``cells``, as one compound path.

    One path for many squares keeps SVG files small (a grid of 256 cells is one element).
    """
    if not cells:
        return
    from matplotlib.patches import PathPatch
    from matplotlib.path import Path

    vertices: list[tuple[float, float]] = []
    codes: list[Any] = []
    low, high = gap / 2, 1 - gap / 2
    for x, y in cells:
        vertices += [(x + low, y + low), (x + high, y + low), (x + high, y + high)]
        vertices += [(x + low, y + high), (x + low, y + low)]
        codes += [Path.MOVETO, Path.LINETO, Path.LINETO, Path.LINETO, Path.CLOSEPOLY]
    ax.add_patch(PathPatch(Path(vertices, codes), facecolor=colour, edgecolor="none"))


# -- Chomp ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChompBoard:
    """Rows of a Chomp position (row 0, drawn at the bottom, holds the poisoned square)
    and bites to show.

    ``bites`` are squares (row, column), counted from 0 at the poisoned square; the
    first one's eaten region is shaded.
    """

    rows: tuple[int, ...]
    bites: tuple[tuple[int, int], ...] = ()
    title: str = ""


def chomp_figure(
    name: str, caption: str, boards: Sequence[ChompBoard], play: str = "normal"
) -> Figure:
    """Chomp boards drawn side by side: squares, the poisoned square, winning bites."""
    boards = list(boards)

    widest = [max(max(board.rows, default=1), 1) for board in boards]
    tallest = max((len(board.rows) for board in boards), default=1)

    def draw(fig: Any) -> None:
        # One scale for every board: each panel is as wide as its board, all as tall.
        axes = fig.subplots(
            1, len(boards), squeeze=False, gridspec_kw={"width_ratios": [w + 0.4 for w in widest]}
        )[0]
        for ax, board in zip(axes, boards, strict=True):
            _bare(ax)
            eaten: set[tuple[int, int]] = set()
            if board.bites:
                r0, c0 = board.bites[0]
                eaten = {
                    (r, c)
                    for r, length in enumerate(board.rows)
                    for c in range(length)
                    if r >= r0 and c >= c0
                }
            for r, length in enumerate(board.rows):
                for c in range(length):
                    colour = palette.EATEN if (r, c) in eaten else CHOCOLATE
                    ax.add_patch(_rect(c, r, 1, 1, colour, edgecolor="white", linewidth=1.2))
            if board.rows and board.rows[0]:
                ax.add_patch(_rect(0, 0, 1, 1, INK, edgecolor="white", linewidth=1.2))
                ax.text(0.5, 0.5, "×", ha="center", va="center", color="white", fontsize=10)
            for r, c in board.bites:
                ax.add_patch(_circle(c + 0.5, r + 0.5, 0.28, ACCENT))
            width = max(board.rows, default=1)
            ax.set_xlim(-0.2, max(width, 1) + 0.2)
            # The slides' convention everywhere (the notebook's too): the poisoned square
            # (1, 1) at the bottom left, each row on top of the one before, so a bite eats
            # the squares above and to the right, and the top-right square is top right.
            ax.set_ylim(-0.2, tallest + 0.2)
            if board.title:
                ax.set_title(board.title, fontsize=9)

    unit = min(0.32, 6.0 / sum(w + 0.4 for w in widest))  # inches per square
    width = sum(w + 0.4 for w in widest) * unit + 0.2 * len(boards)
    height = tallest * unit + 0.6
    alt = "; ".join(  # squares counted from 1, as the text counts them
        say(
            "picture.chomp-board",
            rows=", ".join(map(str, b.rows)),
            bites=", ".join(f"({r + 1}, {c + 1})" for r, c in b.bites) or say("picture.none"),
        )
        for b in boards
    )
    return _figure(name, caption, alt, draw, (max(width, 2.0), height), play=play, kind="chomp")


# -- Green Hackenbush -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HackenbushPicture:
    """Edges between vertices, vertex 0 being the ground, and the snake it equals."""

    edges: tuple[tuple[int, int], ...]
    value: int | None = None
    title: str = ""


def _draw_hackenbush(ax: Any, edges: Sequence[tuple[int, int]], colour: str) -> float:
    place, segments = hackenbush_layout(edges)
    seen: dict[tuple[tuple[float, float], tuple[float, float]], int] = defaultdict(int)
    xs = [0.0]
    for start, end in segments:
        key = (min(start, end), max(start, end))
        bend = seen[key]
        seen[key] += 1
        xs.extend([start[0], end[0]])
        if start == end:  # a loop; several loops at one vertex are nested, each drawn
            ax.add_patch(_loop(start, colour, bend))
            xs.extend([start[0] - 0.3 - 0.15 * bend, start[0] + 0.3 + 0.15 * bend])
            continue
        if bend == 0:
            ax.plot([start[0], end[0]], [start[1], end[1]], color=colour, linewidth=2.2)
        else:
            _arc(ax, start, end, 0.25 * ((bend + 1) // 2) * (1 if bend % 2 else -1), colour)
    for x, y in place.values():
        ax.add_patch(_circle(x, y, 0.09, "white"))
    return max(xs) - min(xs)


def _loop(point: tuple[float, float], colour: str, index: int = 0) -> Any:
    """The ``index``-th loop at a vertex: a circle through the vertex, larger each time."""
    from matplotlib.patches import Circle

    x, y = point
    radius = 0.3 + 0.15 * index
    return Circle((x, y + radius), radius, fill=False, edgecolor=colour, linewidth=2.2)


def _arc(
    ax: Any, start: tuple[float, float], end: tuple[float, float], bend: float, colour: str
) -> None:
    steps = 24
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    xs, ys = [], []
    for i in range(steps + 1):
        t = i / steps
        lift = bend * length * 4 * t * (1 - t)
        xs.append(x0 + (x1 - x0) * t + nx * lift)
        ys.append(y0 + (y1 - y0) * t + ny * lift)
    ax.plot(xs, ys, color=colour, linewidth=2.2)


def _hackenbush_extent(picture: HackenbushPicture) -> tuple[float, float]:
    """How far right and how high a picture (with its snake) reaches, in edge lengths."""
    place, _ = hackenbush_layout(picture.edges)
    loops = sum(1 for u, v in picture.edges if u == v)
    width = max((x for x, _ in place.values()), default=0.0) + 0.3 + 0.15 * loops
    top = max((y for _, y in place.values()), default=1.0) + (0.6 + 0.3 * loops if loops else 0)
    if picture.value is not None:
        return width + 2.2, max(top, picture.value, 1.0)
    return width + 0.6, max(top, 1.0)


def _edges_text(edges: Sequence[tuple[int, int]]) -> str:
    return ", ".join(f"{a}-{b}" for a, b in edges)


def hackenbush_figure(
    name: str, caption: str, pictures: Sequence[HackenbushPicture], play: str = "normal"
) -> Figure:
    """Each picture on its ground line, and beside it the snake of its value.

    Every panel has the same limits, so one edge has the same length in every picture;
    more than three pictures wrap onto further rows.
    """
    pictures = list(pictures)
    columns = min(3, max(len(pictures), 1))
    rows = (len(pictures) + columns - 1) // columns
    extents = [_hackenbush_extent(p) for p in pictures]
    right = max((e[0] for e in extents), default=1.0) + 0.2
    top = max((e[1] for e in extents), default=1.0) + 0.7

    def draw(fig: Any) -> None:
        axes = fig.subplots(rows, columns, squeeze=False).flatten()
        for ax in axes[len(pictures) :]:
            ax.set_axis_off()
        for ax, picture in zip(axes, pictures, strict=False):
            _bare(ax)
            width = _draw_hackenbush(ax, picture.edges, palette.GREEN_STALK)
            height = max((y for _, y in hackenbush_layout(picture.edges)[0].values()), default=1)
            if picture.value is not None:
                snake_x = width + 1.6
                for k in range(picture.value):
                    # green like the picture: red and blue edges mean something else
                    ax.plot(
                        [snake_x, snake_x], [k, k + 1], color=palette.GREEN_STALK, linewidth=2.2
                    )
                    ax.add_patch(_circle(snake_x, k + 1, 0.09, "white"))
                ax.text(
                    (width + snake_x) / 2 + 0.1,
                    max(height, picture.value, 1) / 2,
                    "=",
                    ha="center",
                    va="center",
                    fontsize=14,
                    color=INK,
                )
                ax.text(snake_x, -0.45, f"*{picture.value}", ha="center", va="top", color=INK)
            ax.plot([-0.6, right], [0, 0], color=INK, linewidth=1.5)
            ax.set_xlim(-0.8, right + 0.2)
            ax.set_ylim(-0.9, top)
            if picture.title:
                ax.set_title(strip_marks(picture.title), fontsize=9)

    unit = min(0.45, 6.0 / (columns * (right + 1.0)))  # inches per edge length
    size = (columns * (right + 1.0) * unit + 0.2, rows * (top + 0.9) * unit + 0.3 * rows)
    alt = "; ".join(
        say("picture.hackenbush", edges=_edges_text(p.edges), value=p.value)
        if p.value is not None
        else say("picture.hackenbush-edges", edges=_edges_text(p.edges))
        for p in pictures
    )
    return _figure(name, caption, alt, draw, size, play=play, kind="hackenbush")


# -- P/N strips and grids -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StripRow:
    """One row of a strip: a label and, for n = 0, 1, 2, ..., whether n is a P-position."""

    label: str
    p_positions: tuple[bool, ...]


def strip_figure(
    name: str,
    caption: str,
    rows: Sequence[StripRow],
    mark: int | None = None,
    play: str = "normal",
) -> Figure:
    """Rows of numbered cells, P-positions coloured; ``mark`` outlines one column."""
    rows = list(rows)
    length = max(len(r.p_positions) for r in rows)
    cell = min(0.3, 5.4 / (length + 3.4))  # inches: the strip fits a printed line
    margin = 3.2

    def draw(fig: Any) -> None:
        ax = fig.add_subplot()
        _bare(ax)
        for i, row in enumerate(rows):
            y = len(rows) - 1 - i
            ax.text(-0.4, y + 0.5, row.label, ha="right", va="center", color=INK)
            _cells(ax, [(n, y) for n, is_p in enumerate(row.p_positions) if is_p], P_COLOUR)
            _cells(ax, [(n, y) for n, is_p in enumerate(row.p_positions) if not is_p], N_COLOUR)
            for n, is_p in enumerate(row.p_positions):
                _cell_label(ax, n, y, str(n), palette.P_INK if is_p else INK)
        if mark is not None:
            ax.add_patch(_rect(mark, 0, 1, len(rows), "none", edgecolor=ACCENT, linewidth=2.0))
        ax.set_xlim(-margin, length + 0.2)
        ax.set_ylim(-0.2, len(rows) + 0.2)

    alt = "; ".join(
        say(
            "picture.strip-row",
            play=r.label,
            positions=", ".join(str(n) for n, p in enumerate(r.p_positions) if p),
        )
        for r in rows
    )
    size = (cell * (length + margin + 0.2) + 0.2, cell * len(rows) + 0.3)
    return _figure(name, caption, alt, draw, size, play=play, kind="p-positions")


def grid_figure(
    name: str,
    caption: str,
    p_grid: Sequence[Sequence[bool]],
    xlabel: str,
    ylabel: str,
    overlay: Callable[[Any, int], None] | None = None,
    play: str = "normal",
) -> Figure:
    """A square of cells (x, y), P-positions coloured; ``overlay(ax, size)`` adds lines."""
    grid = [list(row) for row in p_grid]
    size = len(grid)

    def draw(fig: Any) -> None:
        ax = fig.add_subplot()
        ax.set_aspect("equal")
        for flag, colour in ((True, P_COLOUR), (False, N_COLOUR)):
            cells = [
                (x - 0.5, y - 0.5)
                for x, column in enumerate(grid)
                for y, is_p in enumerate(column)
                if is_p is flag
            ]
            _cells(ax, cells, colour)
        if overlay is not None:
            overlay(ax, size)
        ax.set_xlim(-0.5, size - 0.5)
        ax.set_ylim(-0.5, size - 0.5)
        ax.set_xlabel(strip_marks(xlabel))
        ax.set_ylabel(strip_marks(ylabel))
        step = 2 if size <= 20 else 5
        ax.set_xticks(range(0, size, step))
        ax.set_yticks(range(0, size, step))

    cells = sum(sum(column) for column in grid)
    alt = say("picture.grid", size=size, count=cells)
    side = 3.2 if size <= 16 else 4.4
    return _figure(name, caption, alt, draw, (side, side), play=play, kind="p-positions")


def wythoff_figure(name: str, caption: str, p_grid: Sequence[Sequence[bool]]) -> Figure:
    """Wythoff's P-positions on a grid, with the lines y = φx and y = x/φ."""
    phi = (1 + math.sqrt(5)) / 2

    def overlay(ax: Any, size: int) -> None:
        xs = [0.0, float(size)]
        ax.plot(xs, [x * phi for x in xs], color=ACCENT, linewidth=1, label="y = φx")
        ax.plot(
            xs, [x / phi for x in xs], color=ACCENT, linewidth=1, linestyle="--", label="y = x/φ"
        )
        ax.legend(loc="upper left", fontsize=8, framealpha=0.9)

    first, second = say("axis.first-heap"), say("axis.second-heap")
    return grid_figure(name, caption, p_grid, first, second, overlay)


# -- sequences ------------------------------------------------------------------------------


def sequence_figure(
    name: str,
    caption: str,
    values: Sequence[int],
    preperiod: int | None,
    period: int | None,
    title: str,
    play: str = "normal",
) -> Figure:
    """G(n) against n; with a period, the periodic stretch is shaded and one period marked."""
    values = list(values)

    def draw(fig: Any) -> None:
        ax = fig.add_subplot()
        ns = range(len(values))
        if period is not None and preperiod is not None:
            ax.axvspan(preperiod - 0.5, len(values) - 0.5, color=palette.PERIOD_FILL, zorder=0)
            ax.axvline(preperiod - 0.5, color=P_COLOUR, linewidth=1, linestyle="--")
            top = max(values) + 0.9
            ax.annotate(
                "",
                xy=(preperiod - 0.5 + period, top),
                xytext=(preperiod - 0.5, top),
                arrowprops={"arrowstyle": "<->", "color": ACCENT},
            )
            # Labels beside the marks, never across the dashed n0 line.
            ax.text(
                preperiod + period + 0.5,
                top,
                f"period {period}" + ("" if preperiod > 0 else ", from n₀ = 0"),
                ha="left",
                va="center",
                color=ACCENT,
                fontsize=9,
            )
            if preperiod > 0:
                ax.text(
                    preperiod - 1.5,
                    top,
                    f"n₀ = {preperiod}",
                    ha="right",
                    va="center",
                    color=P_COLOUR,
                    fontsize=9,
                )
        ax.vlines(ns, 0, values, color=palette.STALK, linewidth=0.6)
        ax.plot(ns, values, linestyle="none", marker="o", markersize=2.4, color=INK)
        ax.set_xlim(-1, len(values))
        ax.set_ylim(-0.8, max(values, default=1) + 2.4)
        ax.set_xlabel(strip_marks(say("axis.heap")))
        ax.set_ylabel(strip_marks(say("axis.value")))
        ax.set_title(strip_marks(title))

    alt = say("picture.sequence", game=title, values=", ".join(map(str, values[:24])))
    return _figure(name, caption, alt, draw, (6.2, 2.6), play=play, kind="values")


def lucky_strip_figure(
    name: str, caption: str, values: Sequence[int], block: int, title: str, play: str = "normal"
) -> Figure:
    """Single-heap values coloured in strips of whole blocks, block boundaries marked."""
    values = list(values)
    per_row = max(block, (24 // block) * block)  # whole blocks, at most 24 cells a row
    starts = list(range(0, len(values), per_row))

    def draw(fig: Any) -> None:
        ax = fig.add_subplot()
        _bare(ax)
        for row, first in enumerate(starts):
            y = -2.2 * row
            chunk = values[first : first + per_row]
            cells = [(k, y) for k, value in enumerate(chunk) if value == 0]
            _cells(ax, cells, P_COLOUR)
            _cells(ax, [(k, y) for k, value in enumerate(chunk) if value != 0], palette.BLOCK_FILL)
            for k, value in enumerate(chunk):
                _cell_label(ax, k, y, str(value), palette.PAPER)
                ax.text(
                    k + 0.5,
                    y - 0.45,
                    str(first + k),
                    ha="center",
                    va="center",
                    fontsize=8,
                    color=INK,
                )
            for k in range(len(chunk) + 1):
                if (first + k - 1) % block == 0:  # blocks start at heap 1
                    ax.plot([k, k], [y - 0.1, y + 1.25], color=ACCENT, linewidth=1)
        ax.set_xlim(-0.2, per_row + 0.2)
        ax.set_ylim(-2.2 * (len(starts) - 1) - 0.9, 1.6)
        ax.set_title(strip_marks(title), fontsize=9)

    alt = say("picture.strip", game=title, values=", ".join(map(str, values)))
    cell = 0.24
    size = (cell * per_row + 0.4, cell * 2.2 * len(starts) + 0.5)
    return _figure(name, caption, alt, draw, size, play=play, kind="values")


# -- a token's graph (loopy games) ------------------------------------------------------------
