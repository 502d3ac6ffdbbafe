"""The picture of a loopy game on a directed graph: its vertices coloured and lettered by
the outcome of one token there (P, N or D for a draw), a counterexample's tokens ringed.
Drawn with the same pieces as the other pictures (:mod:`grundy.report.pictures`)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import grundy.palette as palette
from grundy.report.document import Figure
from grundy.report.pictures import ACCENT, INK, N_COLOUR, P_COLOUR, _bare, _circle, _figure
from grundy.report.student_words import say

__all__ = ["graph_figure"]

DRAW_COLOUR = palette.PIN  # a drawn vertex: neither P nor N


def graph_figure(
    name: str,
    caption: str,
    edges: Sequence[tuple[int, int]],
    outcomes: Mapping[int, str],
    tokens: Sequence[int] = (),
    play: str = "normal",
) -> Figure:
    """The graph a token moves on: vertices round a circle, each coloured by the outcome of
    a single token there (``outcomes``: ``"P"``, ``"N"`` or ``"D"``) and lettered with it;
    ``tokens`` are ringed in the accent colour.  An edge both ways is drawn as two arcs,
    a loop as a small circle outside the vertex."""
    vertices = sorted({v for edge in edges for v in edge})
    count = max(len(vertices), 1)
    place = {
        v: (math.sin(2 * math.pi * k / count), math.cos(2 * math.pi * k / count))
        for k, v in enumerate(vertices)
    }
    if count == 2:  # side by side, not one above the other
        place = {vertices[0]: (-1.0, 0.0), vertices[1]: (1.0, 0.0)}
    fills = {"P": P_COLOUR, "N": N_COLOUR, "D": DRAW_COLOUR}
    radius = 0.22 if count <= 8 else 0.14
    pairs = set(edges)

    def draw(fig: Any) -> None:
        from matplotlib.patches import FancyArrowPatch

        ax = fig.add_subplot()
        _bare(ax)
        for start, end in edges:
            x, y = place[start]
            if start == end:  # a loop, outside the circle
                norm = math.hypot(x, y) or 1.0
                cx, cy = x + 0.32 * x / norm, y + 0.32 * y / norm
                if count <= 2:  # above the vertex: its letter is below
                    cx, cy = x, y + 0.32
                ax.add_patch(_loop_circle(cx, cy, 0.17))
                continue
            bend = 0.25 if (end, start) in pairs else 0.0
            ax.add_patch(
                FancyArrowPatch(
                    place[start],
                    place[end],
                    connectionstyle=f"arc3,rad={bend}",
                    arrowstyle="-|>",
                    mutation_scale=12,
                    shrinkA=radius * 72,
                    shrinkB=radius * 72,
                    color=INK,
                    linewidth=1.2,
                )
            )
        for v in vertices:
            x, y = place[v]
            outcome = outcomes.get(v, "")
            ring = ACCENT if v in tokens else INK
            ax.add_patch(_circle(x, y, radius, fills.get(outcome, "white")))
            if v in tokens:
                from matplotlib.patches import Circle

                ax.add_patch(Circle((x, y), radius * 1.3, fill=False, edgecolor=ring, linewidth=2))
            ink = palette.P_INK if outcome == "P" else INK
            ax.text(x, y, str(v), ha="center", va="center", fontsize=9, color=ink)
            norm = math.hypot(x, y) or 1.0
            lx, ly = (x * (1 + 0.55 / norm), y * (1 + 0.55 / norm)) if count > 2 else (x, y - 0.45)
            if outcome:
                ax.text(lx, ly, outcome, ha="center", va="center", fontsize=9, color=INK)
        ax.set_xlim(-1.8, 1.8)
        ax.set_ylim(-1.8 if count > 2 else -0.9, 1.8 if count > 2 else 0.9)

    shown = ", ".join(f"{v}: {outcomes.get(v, '?')}" for v in vertices)
    arrows = ", ".join(f"{a} → {b}" for a, b in edges)
    alt = say("picture.graph", edges=arrows, outcomes=shown)
    height = 2.4 if count > 2 else 1.4
    return _figure(name, caption, alt, draw, (2.8, height), play=play, kind="graph")


def _loop_circle(x: float, y: float, r: float) -> Any:
    from matplotlib.patches import Circle

    return Circle((x, y), r, fill=False, edgecolor=INK, linewidth=1.2)
