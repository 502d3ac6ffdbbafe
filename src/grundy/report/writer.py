"""What the report writers share: one dispatch from a document's pieces to their methods.

Each format (HTML, Markdown, LaTeX, typst) says how to write every kind of block and inline piece;
which method a piece goes to is decided here once, so a new kind of piece is added in one
place and a writer that does not know it fails with the format's name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

import grundy.report.document as doc

__all__ = ["BLOCK_KINDS", "INLINE_KINDS", "DocumentWriter", "method_name"]

Out = TypeVar("Out")  # what a block becomes: a string (HTML) or a list of lines

INLINE_KINDS = (str, doc.Math, doc.Code, doc.Link, doc.Strong, doc.Timing, doc.Measured)
BLOCK_KINDS = (
    doc.Section,
    doc.Paragraph,
    doc.DisplayMath,
    doc.Preformatted,
    doc.BulletList,
    doc.Table,
    doc.Figure,
    doc.AnswerSpace,
)


def method_name(kind: type) -> str:
    """The writer's method for a kind of piece: ``DisplayMath`` -> ``display_math``, str -> text."""
    if kind is str:
        return "text"
    return re.sub(r"(?<=[a-z])(?=[A-Z])", "_", kind.__name__).lower()


_METHODS: dict[type, str] = {kind: method_name(kind) for kind in (*INLINE_KINDS, *BLOCK_KINDS)}


class DocumentWriter(Generic[Out]):
    """A writer has one method per kind of piece, named by :func:`method_name`.

    ``section(section, depth)`` gets the depth of nesting; every other block method gets
    the block alone, and every inline method returns a string. A writer class missing one
    of them is refused when it is defined, not when a report first needs it.
    """

    format_name: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [name for name in _METHODS.values() if not callable(getattr(cls, name, None))]
        if missing:
            raise TypeError(f"{cls.__name__} does not say how to write: {', '.join(missing)}")

    def inlines(self, content: doc.Inlines) -> str:
        return "".join(self.inline(piece) for piece in content)

    def inline(self, piece: doc.Inline) -> str:
        kind = str if isinstance(piece, str) else type(piece)
        if kind not in INLINE_KINDS:
            raise TypeError(f"cannot render {kind.__name__} as {self.format_name}")
        written: str = getattr(self, _METHODS[kind])(piece)
        return written

    # A measured figure is plain text unless the format marks it (HTML does).
    def timing(self, piece: doc.Timing) -> str:
        return self.text(piece.text)

    def measured(self, piece: doc.Measured) -> str:
        return self.text(piece.text)

    text: Callable[[str], str]  # each writer's own escaping of plain text

    def answer_space(self, block: doc.AnswerSpace) -> Out:
        """Room to write, as blank lines of text where a format has no better way (a
        format that can leave a measured gap says so in its own method)."""
        written: Out = self.block(doc.Preformatted("\n" * (block.lines - 1)), 0)
        return written

    def block(self, block: doc.Block, depth: int) -> Out:
        kind = type(block)
        if kind not in BLOCK_KINDS:
            raise TypeError(f"cannot render {kind.__name__} as {self.format_name}")
        write = getattr(self, _METHODS[kind])
        written: Out = write(block, depth) if kind is doc.Section else write(block)
        return written
