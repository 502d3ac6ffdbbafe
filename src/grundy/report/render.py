"""Render :class:`~grundy.report.document.Figure` drawings to SVG and PDF, reproducibly.

matplotlib is used without pyplot (no global state, no display).  The same drawing
gives byte-identical files: the SVG id salt is fixed, the creation date is left out, and
text is kept as text (no font subsetting that could vary).  Every id inside an SVG is
prefixed with the figure's name, so several SVGs can be inlined in one HTML page.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import grundy.palette as palette
from grundy.report.document import Figure

__all__ = ["FigureRenderer", "black_and_white", "render_pdf", "render_svg"]

_SALT = "grundy-report"


@contextmanager
def _style() -> Iterator[None]:
    import matplotlib

    with matplotlib.rc_context(
        {
            "svg.hashsalt": _SALT,
            "svg.fonttype": "none",
            "pdf.fonttype": 42,
            "font.family": "DejaVu Sans",
            "font.size": 9,
            "axes.titlesize": 10,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "path.simplify": False,
        }
    ):
        yield


def _drawn(figure: Figure, bw: bool = False) -> object:
    from matplotlib.figure import Figure as MplFigure

    mpl_figure = MplFigure(figsize=figure.size, layout="constrained")
    figure.draw(mpl_figure)
    if bw:
        black_and_white(mpl_figure)
    return mpl_figure


def _hex(colour: Any) -> str | None:
    from matplotlib.colors import to_hex

    try:
        rgba: Any = tuple(colour)
    except TypeError:
        return None
    if len(rgba) == 4 and rgba[3] == 0:
        return None  # no fill at all
    return str(to_hex(rgba)).lower()


def black_and_white(mpl_figure: Any) -> None:
    """Redraw a drawn figure for a black-and-white printer, in one pass over what it holds
    (so no drawing needs a second version): each fill the palette names becomes white with
    its pattern (:data:`grundy.palette.BW_FILLS`), other fills grey by their lightness,
    and every line and text black."""
    from matplotlib.collections import Collection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.text import Text

    patterns = {colour.lower(): hatch for colour, hatch in palette.BW_FILLS.items()}
    for artist in mpl_figure.findobj():
        if isinstance(artist, Patch) and artist is not mpl_figure.patch:
            face = _hex(artist.get_facecolor())
            if face in patterns:
                artist.set_facecolor("white")
                artist.set_hatch(patterns[face])
                artist.set_edgecolor("black")
                artist.set_linewidth(max(artist.get_linewidth(), 0.5))
            elif face is not None and face != "#ffffff":
                artist.set_facecolor(_grey(face))
            edge = _hex(artist.get_edgecolor())
            if edge is not None and edge != "#ffffff" and face not in patterns:
                artist.set_edgecolor("black")
        elif isinstance(artist, (Line2D, Text, Collection)):
            artist.set_color("black")


def _grey(colour: str) -> str:
    """A light grey for a fill with no pattern of its own: black text stays readable on it."""
    level = 0.75 + 0.25 * palette.luminance(colour)
    return f"{level:.3f}"


def render_svg(figure: Figure, bw: bool = False) -> str:
    """The figure as an SVG document (without the XML prolog), ids prefixed by its name."""
    with _style():
        mpl_figure = _drawn(figure, bw)
        buffer = io.StringIO()
        mpl_figure.savefig(buffer, format="svg", metadata={"Date": None})  # type: ignore[attr-defined]
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, count=1, flags=re.DOTALL)
    return _prefix_ids(text, _safe(figure.name))


def render_pdf(figure: Figure, bw: bool = False) -> bytes:
    """The figure as a PDF file (for the LaTeX report), without a creation date."""
    with _style():
        mpl_figure = _drawn(figure, bw)
        buffer = io.BytesIO()
        mpl_figure.savefig(  # type: ignore[attr-defined]
            buffer, format="pdf", metadata={"CreationDate": None, "ModDate": None}
        )
    return buffer.getvalue()


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", name)


def _prefix_ids(svg: str, prefix: str) -> str:
    ids = set(re.findall(r'\bid="([^"]+)"', svg))
    if not ids:
        return svg

    def rename(match: re.Match[str]) -> str:
        return f"{match.group(1)}{prefix}-{match.group(2)}{match.group(3)}"

    pattern = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    svg = re.sub(rf'(\bid=")({pattern})(")', rename, svg)
    svg = re.sub(rf"(url\(#)({pattern})(\))", rename, svg)
    return re.sub(rf'(href="#)({pattern})(")', rename, svg)


@dataclass
class FigureRenderer:
    """Renders each figure once per format, so HTML and Markdown share the same SVG;
    ``bw`` draws them for a black-and-white printer."""

    bw: bool = False
    _svg: dict[str, str] = field(default_factory=dict)
    _pdf: dict[str, bytes] = field(default_factory=dict)

    def svg(self, figure: Figure) -> str:
        if figure.name not in self._svg:
            self._svg[figure.name] = render_svg(figure, self.bw)
        return self._svg[figure.name]

    def caption(self, figure: Figure) -> str:
        """The figure's caption; in black and white, what it calls coloured is hatched."""
        if not self.bw:
            return figure.caption
        return figure.caption.replace("in colour", "hatched").replace("coloured", "hatched")

    def pdf(self, figure: Figure) -> bytes:
        if figure.name not in self._pdf:
            self._pdf[figure.name] = render_pdf(figure, self.bw)
        return self._pdf[figure.name]
