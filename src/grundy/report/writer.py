"""What the three report writers share: one dispatch from a document's pieces to their methods.

Each format (HTML, Markdown, LaTeX) says how to write every kind of block and inline piece;
which method a piece goes to is decided here once, so a new kind of piece is added in one
place and a writer that does not know it fails with the format's name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Generic, TypeVar

import grundy.report.document as doc

__all__ = ["DocumentWriter"]

Out = TypeVar("Out")  # what a block becomes: a string (HTML) or a list of lines


class DocumentWriter(Generic[Out]):
    format_name: ClassVar[str]

    # -- inline pieces ---------------------------------------------------------------

    def inlines(self, content: doc.Inlines) -> str:
        return "".join(self.inline(piece) for piece in content)

    def inline(self, piece: doc.Inline) -> str:
        if isinstance(piece, str):
            return self.text(piece)
        if isinstance(piece, doc.Math):
            return self.math(piece)
        if isinstance(piece, doc.Code):
            return self.code(piece)
        if isinstance(piece, doc.Link):
            return self.link(piece)
        if isinstance(piece, doc.Strong):
            return self.strong(piece)
        if isinstance(piece, doc.Timing):
            return self.timing(piece)
        if isinstance(piece, doc.Measured):
            return self.measured(piece)
        raise TypeError(f"cannot render {type(piece).__name__} as {self.format_name}")

    # Each writer defines these as methods.
    text: Callable[[str], str]
    math: Callable[[doc.Math], str]
    code: Callable[[doc.Code], str]
    link: Callable[[doc.Link], str]
    strong: Callable[[doc.Strong], str]
    timing: Callable[[doc.Timing], str]
    measured: Callable[[doc.Measured], str]

    # -- blocks ----------------------------------------------------------------------

    def block(self, block: doc.Block, depth: int) -> Out:
        if isinstance(block, doc.Section):
            return self.section(block, depth)
        if isinstance(block, doc.Paragraph):
            return self.paragraph(block)
        if isinstance(block, doc.DisplayMath):
            return self.display_math(block)
        if isinstance(block, doc.Preformatted):
            return self.preformatted(block)
        if isinstance(block, doc.BulletList):
            return self.bullet_list(block)
        if isinstance(block, doc.Table):
            return self.table(block)
        if isinstance(block, doc.Figure):
            return self.figure(block)
        raise TypeError(f"cannot render {type(block).__name__} as {self.format_name}")

    # Each writer defines these as methods.
    section: Callable[[doc.Section, int], Out]
    paragraph: Callable[[doc.Paragraph], Out]
    display_math: Callable[[doc.DisplayMath], Out]
    preformatted: Callable[[doc.Preformatted], Out]
    bullet_list: Callable[[doc.BulletList], Out]
    table: Callable[[doc.Table], Out]
    figure: Callable[[doc.Figure], Out]
