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

from grundy.report.document import Figure

__all__ = ["FigureRenderer", "render_pdf", "render_svg"]

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


def _drawn(figure: Figure) -> object:
    from matplotlib.figure import Figure as MplFigure

    mpl_figure = MplFigure(figsize=figure.size, layout="constrained")
    figure.draw(mpl_figure)
    return mpl_figure


def render_svg(figure: Figure) -> str:
    """The figure as an SVG document (without the XML prolog), ids prefixed by its name."""
    with _style():
        mpl_figure = _drawn(figure)
        buffer = io.StringIO()
        mpl_figure.savefig(buffer, format="svg", metadata={"Date": None})  # type: ignore[attr-defined]
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, count=1, flags=re.DOTALL)
    return _prefix_ids(text, _safe(figure.name))


def render_pdf(figure: Figure) -> bytes:
    """The figure as a PDF file (for the LaTeX report), without a creation date."""
    with _style():
        mpl_figure = _drawn(figure)
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
    """Renders each figure once per format, so HTML and Markdown share the same SVG."""

    _svg: dict[str, str] = field(default_factory=dict)
    _pdf: dict[str, bytes] = field(default_factory=dict)

    def svg(self, figure: Figure) -> str:
        if figure.name not in self._svg:
            self._svg[figure.name] = render_svg(figure)
        return self._svg[figure.name]

    def pdf(self, figure: Figure) -> bytes:
        if figure.name not in self._pdf:
            self._pdf[figure.name] = render_pdf(figure)
        return self._pdf[figure.name]
