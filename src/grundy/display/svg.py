"""Small hand-written SVG pictures of positions and sequences (a few kilobytes each).

Every function takes values already computed and returns SVG text; nothing here decides
a value.  The pictures are kept plain (no scripts, no external references), so a notebook
that stores them stays small and safe to open.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

import grundy.palette as palette
from grundy.display.arguments import check_sequence_picture
from grundy.display.geometry import MOST_COUNTERS, counter_places, hackenbush_layout

__all__ = [
    "chomp_svg",
    "grid_svg",
    "hackenbush_svg",
    "heaps_svg",
    "sequence_svg",
    "wythoff_svg",
]

# The palette's colours (grundy.palette): the same as the reports' figures.
P_COLOUR = palette.P_FILL
N_COLOUR = palette.N_FILL
ACCENT = palette.ACCENT
INK = palette.FIGURE_INK
CHOCOLATE = palette.CHOCOLATE
EATEN = palette.EATEN
FONT = 'font-family="DejaVu Sans, sans-serif"'

MAX_COUNTERS = 12  # a taller heap stands in columns side by side (a huge one is a bar)
MAX_BOARD = 40  # larger boards are not drawn
STALKS = 60  # longer sequences are drawn as dots only (the picture stays small)


def _svg(width: float, height: float, body: Iterable[str], label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{escape(label)}" '
        f'{FONT} text-anchor="middle">' + "".join(body) + "</svg>"
    )


def _text(x: float, y: float, text: str, size: int = 11, colour: str = INK, **extra: str) -> str:
    attributes = "".join(
        f' {key.rstrip("_").replace("_", "-")}="{value}"' for key, value in extra.items()
    )
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{colour}"{attributes}>'
        f"{escape(text)}</text>"
    )


def _axis(name: str, texts: Iterable[str]) -> str:
    """The ticks of the axis ``name`` ("x" or "y"), grouped so a check can find each axis
    and ask for its label (tests/display/test_notebook.py)."""
    return f'<g class="axis" data-axis="{name}">' + "".join(texts) + "</g>"


def _axis_label(name: str, x: float, y: float, words: str) -> str:
    """What the axis ``name`` measures, in words; the y label reads upwards."""
    turn = {"transform": f"rotate(-90 {x:.1f} {y:.1f})"} if name == "y" else {}
    return _text(x, y, words, 10, class_="axis-label", data_axis=name, **turn)


def heaps_svg(heaps: Sequence[int], taken: Mapping[int, int] | None = None) -> str:
    """Heaps of counters side by side, each labelled with its size; ``taken`` (heap index
    -> how many) names the counters a move takes, from the top, drawn in the accent colour.
    A heap taller than a column stands in columns side by side; a huge one is a bar."""
    taken = taken or {}
    column, unit = 30, 13
    places = [counter_places(h, MAX_COUNTERS) if h <= MOST_COUNTERS else [] for h in heaps]
    widths = [column + max((c for c, _ in spots), default=0) * unit for spots in places]
    levels = [
        MAX_COUNTERS if h > MOST_COUNTERS else max((lv + 1 for _, lv in spots), default=0)
        for h, spots in zip(heaps, places, strict=True)
    ]
    height = 36 + max(max(levels, default=0), 1) * unit
    base = height - 20
    body = [
        f'<line x1="4" y1="{base}" x2="{sum(widths) + 6}" y2="{base}" '
        f'stroke="{INK}" stroke-width="1"/>'
    ]
    left = 5
    for index, (heap, spots, width) in enumerate(zip(heaps, places, widths, strict=True)):
        x = left + width / 2
        first_taken = heap - taken.get(index, 0)
        if heap > MOST_COUNTERS:
            top = base - MAX_COUNTERS * unit
            colour = ACCENT if taken.get(index) else P_COLOUR
            body.append(
                f'<rect x="{x - 10}" y="{top}" width="20" height="{MAX_COUNTERS * unit}" '
                f'rx="3" fill="{colour}"/>'
            )
        columns = max((c for c, _ in spots), default=0) + 1
        body.extend(
            f'<circle cx="{x + (c - (columns - 1) / 2) * unit}" '
            f'cy="{base - unit / 2 - level * unit}" r="5.5" '
            f'fill="{ACCENT if k >= first_taken else P_COLOUR}"/>'
            for k, (c, level) in enumerate(spots)
        )
        body.append(_text(x, base + 14, _short(heap)))
        left += width
    label = "heaps " + ", ".join(map(str, heaps)) if heaps else "no heaps"
    moves = [f"{n} from heap {i + 1}" for i, n in sorted(taken.items()) if 0 <= i < len(heaps)]
    if moves:
        label += "; coloured: the counters a move takes (" + ", ".join(moves) + ")"
    return _svg(sum(widths) + 10, height, body, label)


def _short(number: int) -> str:
    text = str(number)
    return text if len(text) <= 6 else f"{text[:2]}…({len(text)} digits)"


def chomp_svg(rows: Sequence[int], bites: Sequence[tuple[int, int]] = ()) -> str:
    """A Chomp board as the slides draw it: row 0 (at the bottom) holds the poisoned
    square, each row on top of the one before; ``bites`` (row, column) are marked with
    dots and the first one's eaten squares are shaded."""
    cell = 22
    width = max(rows, default=1)
    if width > MAX_BOARD or len(rows) > MAX_BOARD:
        return ""
    eaten: set[tuple[int, int]] = set()
    if bites:
        r0, c0 = bites[0]
        eaten = {(r, c) for r, n in enumerate(rows) for c in range(n) if r >= r0 and c >= c0}
    body = []

    def top(r: int) -> int:  # SVG counts down from the top: row 0 is the lowest
        return 4 + (len(rows) - 1 - r) * cell

    for r, length in enumerate(rows):
        for c in range(length):
            colour = INK if (r, c) == (0, 0) else EATEN if (r, c) in eaten else CHOCOLATE
            body.append(
                f'<rect x="{4 + c * cell}" y="{top(r)}" width="{cell - 2}" '
                f'height="{cell - 2}" fill="{colour}"/>'
            )
    if rows and rows[0]:
        body.append(_text(4 + cell / 2 - 1, top(0) + cell / 2 + 3, "×", 13, "white"))
    for r, c in bites:
        body.append(
            f'<circle cx="{4 + c * cell + cell / 2 - 1}" cy="{top(r) + cell / 2 - 1}" '
            f'r="5" fill="{ACCENT}"/>'
        )
    # squares named from (1, 1), the poisoned one, as the notes name them
    shown = [(r + 1, c + 1) for r, c in bites]
    label = f"Chomp rows {list(rows)} (the poisoned square (1, 1) at the bottom left)" + (
        f", winning bites {shown}" if bites else ""
    )
    return _svg(8 + max(width, 1) * cell, 8 + max(len(rows), 1) * cell, body, label)


def wythoff_svg(
    queen: tuple[int, int],
    p_positions: Iterable[tuple[int, int]],
    size: int,
    moves: Iterable[tuple[int, int]] = (),
) -> str:
    """Wythoff's game as a queen on a board: square (a, b) is the position with heaps a
    and b, the corner (0, 0) at the bottom left; P-positions are shaded, the queen is a
    dark disc and the squares of ``moves`` (winning moves) are rings."""
    if size > MAX_BOARD:
        return ""
    cell = max(8, min(18, 360 // max(size, 1)))
    p_set = set(p_positions)
    body = []
    for a in range(size):
        for b in range(size):
            left, top = 32 + a * cell, 4 + (size - 1 - b) * cell
            colour = P_COLOUR if (a, b) in p_set else N_COLOUR
            body.append(
                f'<rect x="{left}" y="{top}" width="{cell - 1}" height="{cell - 1}" '
                f'fill="{colour}"/>'
            )

    def centre(square: tuple[int, int]) -> tuple[float, float]:
        return 32 + square[0] * cell + (cell - 1) / 2, 4 + (size - 1 - square[1]) * cell + (
            cell - 1
        ) / 2

    for square in moves:
        x, y = centre(square)
        body.append(
            f'<circle cx="{x}" cy="{y}" r="{cell / 3}" fill="none" stroke="{ACCENT}" '
            'stroke-width="2"/>'
        )
    x, y = centre(queen)
    body.append(f'<circle cx="{x}" cy="{y}" r="{cell / 3}" fill="{INK}"/>')
    body.append(_axis_label("x", 32 + size * cell / 2, size * cell + 18, "the first heap →"))
    body.append(_axis_label("y", 14, 4 + size * cell / 2, "the second heap →"))
    label = f"Wythoff position {queen} on a {size}x{size} board, P-positions shaded"
    return _svg(36 + size * cell, size * cell + 24, body, label)


def hackenbush_svg(edges: Sequence[tuple[int, int]], cut: Sequence[tuple[int, int]] = ()) -> str:
    """A Green Hackenbush picture standing on the ground (vertex 0); the edges in ``cut``
    (winning cuts) are drawn in the accent colour."""
    if not edges:
        return _svg(60, 20, [f'<line x1="4" y1="14" x2="56" y2="14" stroke="{INK}"/>'], "empty")
    place, segments = hackenbush_layout(edges)
    scale = 34
    xs = [x for (x, _), (x2, _) in segments for x in (x, x2)] + [p[0] for p in place.values()]
    ys = [p[1] for p in place.values()] + [0.0]
    left, right, top = min(xs) - 0.6, max(xs) + 0.6, max(ys) + 0.6

    def point(p: tuple[float, float]) -> tuple[float, float]:
        return (p[0] - left) * scale, (top - p[1]) * scale + 6

    body = []
    ground = point((left, 0.0))[1]
    body.append(
        f'<line x1="0" y1="{ground}" x2="{(right - left) * scale}" y2="{ground}" '
        f'stroke="{INK}" stroke-width="2"/>'
    )
    marked = set(cut)
    seen: dict[tuple[tuple[float, float], tuple[float, float]], int] = {}
    for edge, (start, end) in zip(edges, segments, strict=True):
        colour = ACCENT if tuple(edge) in marked else P_COLOUR
        (x1, y1), (x2, y2) = point(start), point(end)
        if start == end:  # a loop
            body.append(
                f'<circle cx="{x1}" cy="{y1 - 9}" r="9" fill="none" stroke="{colour}" '
                'stroke-width="3"/>'
            )
            continue
        key = (min(start, end), max(start, end))
        bend = seen.get(key, 0)
        seen[key] = bend + 1
        if bend == 0:
            body.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'stroke="{colour}" stroke-width="3"/>'
            )
        else:  # parallel edges bow out to alternate sides
            offset = 12 * ((bend + 1) // 2) * (1 if bend % 2 else -1)
            mx, my = (x1 + x2) / 2 + offset, (y1 + y2) / 2
            body.append(
                f'<path d="M{x1:.1f},{y1:.1f} Q{mx:.1f},{my:.1f} {x2:.1f},{y2:.1f}" '
                f'fill="none" stroke="{colour}" stroke-width="3"/>'
            )
    for vertex, p in place.items():
        if vertex:
            x, y = point(p)
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="white" stroke="{INK}"/>')
    label = "Hackenbush edges " + ",".join(f"{u}-{v}" for u, v in edges)
    return _svg((right - left) * scale, (top * scale) + 12, body, label)


def sequence_svg(
    values: Sequence[int], preperiod: int | None = None, period: int | None = None
) -> str:
    """G(n) against n as dots (on stalks for short sequences); with a period, the
    periodic stretch is shaded and one period from the preperiod is marked with a bracket
    and its length."""
    check_sequence_picture(values, preperiod, period)
    count = len(values)
    step = max(2.0, min(12.0, 640 / max(count, 1)))
    top_value = max(max(values, default=0), 1)
    unit = max(3.0, min(14.0, 150 / top_value))
    height = top_value * unit + 70
    base = height - 34

    def x_of(n: float) -> float:
        return 42 + n * step

    body = []
    if period is not None and preperiod is not None and preperiod < count:
        body.append(
            f'<rect x="{x_of(preperiod - 0.5):.1f}" y="14" '
            f'width="{(count - preperiod) * step:.1f}" height="{base - 14:.1f}" '
            f'fill="{palette.PERIOD_FILL}"/>'
        )
        x1, x2 = x_of(preperiod - 0.5), x_of(min(preperiod + period, count) - 0.5)
        body.append(
            f'<path d="M{x1:.1f},20 V12 H{x2:.1f} V20" fill="none" stroke="{ACCENT}" '
            'stroke-width="1.5"/>'
        )
        body.append(_text((x1 + x2) / 2, 9, f"period {period} from n = {preperiod}", 10, ACCENT))
    body.append(
        f'<line x1="{x_of(-0.5):.1f}" y1="{base}" x2="{x_of(count - 0.5):.1f}" y2="{base}" '
        f'stroke="{INK}"/>'
    )
    for n, value in enumerate(values):
        x, y = x_of(n), base - value * unit
        if count <= STALKS:
            body.append(
                f'<line x1="{x:.1f}" y1="{base}" x2="{x:.1f}" y2="{y:.1f}" '
                f'stroke="{palette.STALK}"/>'
            )
        body.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{min(2.5, step / 2):.1f}" fill="{INK}"/>'
        )
    ticks = max(1, count // 8)
    body.append(_axis("x", (_text(x_of(n), base + 14, str(n), 9) for n in range(0, count, ticks))))
    body.append(
        _axis(
            "y",
            [
                _text(30, base + 3, "0", 9),
                _text(30, base - top_value * unit + 3, str(top_value), 9),
            ],
        )
    )
    body.append(_axis_label("x", (x_of(0) + x_of(count - 1)) / 2, base + 28, "heap size n"))
    body.append(_axis_label("y", 12, base - top_value * unit / 2, "Grundy value G(n)"))
    shown = ", ".join(map(str, values[:20])) + (", …" if count > 20 else "")
    label = f"G(0..{count - 1}) = {shown}"
    return _svg(x_of(count) + 10, height, body, label)


def grid_svg(
    values: dict[tuple[int, int], int | None],
    p_positions: Iterable[tuple[int, int]],
    axes: tuple[str, str] = ("the first heap", "the second heap"),
) -> str:
    """Positions (a, b) of a two-heap game as a grid, a across and b up from the corner
    (0, 0) at the bottom left: each square shows its Grundy value (when given) and the
    P-positions are shaded.  ``axes`` say what is counted across and up."""
    if not values:
        return ""
    width = max(a for a, _ in values) + 1
    height = max(b for _, b in values) + 1
    if max(width, height) > MAX_BOARD:
        return ""
    cell = 22
    p_set = set(p_positions)
    body = []
    for (a, b), value in values.items():
        left, top = 36 + a * cell, 4 + (height - 1 - b) * cell
        shaded = (a, b) in p_set
        colour = P_COLOUR if shaded else N_COLOUR
        body.append(
            f'<rect x="{left}" y="{top}" width="{cell - 1}" height="{cell - 1}" fill="{colour}"/>'
        )
        if value is not None:
            ink = "white" if shaded else INK
            body.append(_text(left + cell / 2 - 0.5, top + cell / 2 + 3.5, str(value), 10, ink))
    across = (_text(36 + a * cell + cell / 2, height * cell + 16, str(a), 9) for a in range(width))
    up = (_text(26, 4 + (height - 1 - b) * cell + cell / 2 + 3, str(b), 9) for b in range(height))
    body += [_axis("x", across), _axis("y", up)]
    body.append(_axis_label("x", 36 + width * cell / 2, height * cell + 30, axes[0]))
    body.append(_axis_label("y", 12, 4 + height * cell / 2, axes[1]))
    label = f"{width}x{height} grid of values, P-positions shaded"
    return _svg(40 + width * cell, height * cell + 36, body, label)
