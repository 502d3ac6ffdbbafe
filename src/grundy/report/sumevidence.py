"""Evidence about a sum of different games: its components drawn side by side, and the
sum's own P-positions.

A claim about ``game = ["subtraction", "kayles"]`` is about the sum S(2, 5, 6) + Kayles,
so its picture shows one position of the sum (a heap of counters beside a row of pins)
with the values that make it P or N, and a grid of the sum's P-positions computed by the
solver from the rules (a move is a move in exactly one component).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import grundy.palette as palette
from grundy.games import Game, HeapGame
from grundy.games.octal import OctalGame
from grundy.games.sums import SumGame
from grundy.report.document import Figure, Math, Paragraph, Section
from grundy.report.gamenames import GameName
from grundy.report.pictures import INK, P_COLOUR, grid_figure
from grundy.report.student_words import game_words, say, say_pieces, strip_marks
from grundy.solve import Solver

__all__ = ["PIN_GAMES", "pins_figure", "sum_position_figure", "sum_section"]

# Catalogue names of games played on rows of pins: drawn as pins, never as Nim heaps.
PIN_GAMES = frozenset({"kayles", "dawsons-kayles", "dawsons-chess", "octal"})

_SIDE = 16  # heaps 0..15 in the grid of P-positions
_PIN = palette.PIN


def _is_row(game: Game | None) -> bool:
    """A game played on a row of pins (Kayles and the other octal games)."""
    return game is _ROW or isinstance(game, OctalGame)


_ROW = None  # stands for "a row of pins" where no game object is at hand


def _one_heap(game: Game) -> bool:
    if not isinstance(game, HeapGame):
        return False
    try:
        game.from_value([1])
    except Exception:  # a heap game that is not played on single heaps
        return False
    return True


def _draw_component(ax: Any, game: Game | None, size: int, left: float) -> float:
    """One component at x = ``left``; returns the width it took."""
    from matplotlib.patches import Circle, FancyBboxPatch

    if _is_row(game):  # pins standing in a row
        for index in range(size):
            x = left + index * 0.8
            ax.add_patch(FancyBboxPatch((x - 0.18, 0.1), 0.36, 1.3, "round,pad=0.08",
                                        facecolor=_PIN, edgecolor=INK, linewidth=0.8))  # fmt: skip
            ax.add_patch(Circle((x, 1.65), 0.22, facecolor=_PIN, edgecolor=INK, linewidth=0.8))
        return max(size, 1) * 0.8
    for level in range(size):  # counters in a heap
        ax.add_patch(Circle((left + 0.45, 0.5 + level * 0.95), 0.42, facecolor=P_COLOUR))
    return 0.9


def _component_width(game: Game | None, size: int) -> float:
    """The width :func:`_draw_component` takes for a component (data units)."""
    return max(size, 1) * 0.8 if _is_row(game) else 0.9


def _sum_box(games: Sequence[Game], sizes: Sequence[int]) -> tuple[float, float]:
    """Right and top edges of what a sum's picture draws (data units; it starts at x = -0.7
    and y = -1.1): the figure is sized to this box, so no empty band is left above a low
    position (one counter beside an empty row used to sit under a blank half)."""
    right = sum(_component_width(g, s) + 0.4 for g, s in zip(games, sizes, strict=True))
    right += 1.2 * (len(games) - 1) + 0.2
    tops = [1.4]  # the "+" between components and the labels' line
    for game, size in zip(games, sizes, strict=True):
        if _is_row(game) and size:
            tops.append(1.95)  # a pin's head
        elif size:
            tops.append(0.5 + (size - 1) * 0.95 + 0.45)  # the top counter
    return right, max(tops) + 0.2


def _sum_figure(
    key: str, games: Sequence[Game], names: Sequence[str], sizes: Sequence[int], caption: str
) -> Figure:
    right, top = _sum_box(games, sizes)

    def draw(fig: Any) -> None:
        ax = fig.add_subplot()
        ax.set_axis_off()
        ax.set_aspect("equal")
        left = 0.0
        for index, (game, name, size) in enumerate(zip(games, names, sizes, strict=True)):
            if index:
                ax.text(left + 0.5, 1.0, "+", ha="center", va="center", fontsize=18, color=INK)
                left += 1.2
            width = _draw_component(ax, game, size, left)
            ax.text(left + width / 2 - 0.4 * _is_row(game), -0.6, f"{strip_marks(name)}: {size}",
                    ha="center", va="center", color=INK)  # fmt: skip
            left += width + 0.4
        ax.plot([-0.5, left], [0, 0], color=INK, linewidth=1)
        ax.set_xlim(-0.7, right)
        ax.set_ylim(-1.1, top)

    shown = " + ".join(
        say("sum.part", size=size, game=name) for name, size in zip(names, sizes, strict=True)
    )
    alt = say("picture.sum", parts=shown)
    box_width, box_height = right + 0.7, top + 1.1
    unit = min(0.55, 5.85 / box_width)  # inches per unit; at most 5.85 in wide
    size = (max(box_width * unit, 2.0), box_height * unit)
    return Figure(f"{key}-position", caption, alt, draw, size, play="", kind="sum")


def pins_figure(name: str, caption: str, rows: Sequence[int]) -> Figure:
    """Rows of pins (a position of Kayles or another octal game), one row beside the next."""
    rows = list(rows)

    def draw(fig: Any) -> None:
        ax = fig.add_subplot()
        ax.set_axis_off()
        ax.set_aspect("equal")
        left = 0.0
        for size in rows:
            width = _draw_component(ax, _ROW, size, left)
            ax.text(left + width / 2 - 0.4, -0.6, str(size), ha="center", va="center", color=INK)
            left += width + 0.8
        ax.plot([-0.5, left - 0.4], [0, 0], color=INK, linewidth=1)
        ax.set_xlim(-0.7, left)
        ax.set_ylim(-1.1, 2.2)

    alt = say("picture.pins", rows=", ".join(map(str, rows)))
    width = 1.0 + sum(0.8 * max(r, 1) + 0.8 for r in rows)
    return Figure(name, caption, alt, draw, (min(width, 6.5) * 0.6, 1.9), play="", kind="pins")


def sum_position_figure(
    key: str, game: SumGame, name: GameName, position: Any, caption: str
) -> Figure | None:
    """One position of a sum of games played on single heaps, its components drawn side by
    side (a counterexample to a claim about the sum); ``None`` when it cannot be drawn."""
    games = list(game.games)
    if not all(_one_heap(g) for g in games) or len(position) != len(games):
        return None
    sizes = []
    for part in position:
        if not (isinstance(part, (list, tuple)) and len(part) == 1 and type(part[0]) is int):
            return None
        sizes.append(part[0])
    if any(not 0 <= size <= 24 for size in sizes):  # drawn one by one: small positions only
        return None
    names = [game_words(part.strip()) for part in str(name).split(" + ")]
    return _sum_figure(key, games, names, sizes, caption)


def sum_section(
    key: str, game: SumGame, name: GameName, letters: tuple[str, str] = ("a", "b")
) -> Section | None:
    """The sum's evidence, for a sum of two heap games played on single heaps; a
    position is written with ``letters`` (the claims' variables, when they all name the
    two parts alike)."""
    games = list(game.games)
    if len(games) != 2 or not all(_one_heap(g) for g in games):
        return None
    solver = Solver(game)
    parts = [Solver(g) for g in games]
    names = [game_words(part.strip()) for part in str(name).split(" + ")]
    whole = game_words(str(name))
    values = [
        [part.grundy_value(g.from_value([n])) for n in range(_SIDE)]
        for part, g in zip(parts, games, strict=True)
    ]
    grid = [
        [
            solver.grundy_value((games[0].from_value([a]), games[1].from_value([b]))) == 0
            for b in range(_SIDE)
        ]
        for a in range(_SIDE)
    ]
    # The example: the smallest P-position of the sum with at least 2 in each part (a
    # position where the rule is not obvious, small enough to draw).
    example = min(
        ((a, b) for a in range(2, 10) for b in range(2, 8) if grid[a][b]),
        default=(3, 2),
        key=lambda ab: (ab[0] + ab[1], ab),
    )
    a, b = example
    va, vb = values[0][a], values[1][b]
    verdict = say("sum.p" if va == vb else "sum.n")
    caption = say(
        "sum.position",
        a=a,
        b=b,
        game=whole,
        first=names[0],
        second=names[1],
        va=va,
        vb=vb,
        value=va ^ vb,
        verdict=verdict,
    )
    figure = _sum_figure(key, games, names, example, caption)
    x, y = letters
    p_grid = grid_figure(
        f"{key}-grid",
        say("sum.grid", game=whole, last=_SIDE - 1, x=x, y=y),
        grid,
        say("axis.in-game", letter=x, game=names[0]),
        say("axis.in-game", letter=y, game=names[1]),
    )
    first = ", ".join(str(v) for v in values[0])
    second = ", ".join(str(v) for v in values[1])
    return Section(
        say("sum.title", game=whole),
        f"evidence-{key}",
        (
            Paragraph((say("sum.intro", game=whole, first=names[0], second=names[1], x=x, y=y),)),
            figure,
            Paragraph(
                say_pieces(
                    "sum.values",
                    first=names[0],
                    range=Math(r"\mathcal{G}(0), \dots, \mathcal{G}(15)"),
                    firsts=first,
                    second=names[1],
                    seconds=second,
                )
            ),
            p_grid,
        ),
        play="normal",  # Grundy values: the sum's normal play
    )
