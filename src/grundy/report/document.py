"""The report as a tree of blocks, independent of any output format.

The builders (:mod:`grundy.report.handout`, :mod:`grundy.report.record`,
:mod:`grundy.report.evidence`) produce a
:class:`Document`; each writer (HTML, Markdown, LaTeX) walks the same tree, so what a
report says is decided once.  Inline text is a sequence of plain strings and small
marked pieces (:class:`Math`, :class:`Code`, :class:`Link`, :class:`Strong`).

>>> doc = Document("T", (Section("Intro", "intro", (Paragraph(("x ", Math("a+b"))),)),))
>>> [s.anchor for s in doc.sections]
['intro']
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeAlias

__all__ = [
    "AnswerSpace",
    "Block",
    "BulletList",
    "Cell",
    "Code",
    "DisplayMath",
    "Document",
    "Figure",
    "Inline",
    "Inlines",
    "Link",
    "Math",
    "Measured",
    "Paragraph",
    "Preformatted",
    "Section",
    "Strong",
    "Table",
    "Timing",
    "iter_figures",
    "plain_text",
    "safe_anchor",
]

_SAFE_ANCHOR = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")


def safe_anchor(anchor: str) -> str:
    r"""``anchor`` when it is letters, digits, ".", "_" and "-", else a stand-in made from
    its hash: an anchor goes raw into LaTeX (``\label``, ``\hyperref``), HTML ids and
    Markdown links, and a claim file controls some (its ids, its game names).  Applied
    when a :class:`Section` or a :class:`Link` is made, so every writer gets the same.

    >>> safe_anchor("thm-bouton-3")
    'thm-bouton-3'
    >>> hostile = r"thm-x]{}\input{/etc/passwd}"
    >>> safe_anchor(hostile) == safe_anchor(hostile), safe_anchor(hostile)[:6]
    (True, 'thm-x-')
    """
    if _SAFE_ANCHOR.fullmatch(anchor):
        return anchor
    head = re.match(r"[a-z0-9]+-", anchor)
    digest = hashlib.sha256(anchor.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return f"{head.group(0) if head else ''}x-{digest}"


@dataclass(frozen=True, slots=True)
class Math:
    """Inline mathematics in LaTeX (converted for HTML by :mod:`grundy.report.mathml`)."""

    latex: str


@dataclass(frozen=True, slots=True)
class Code:
    """Literal text in a fixed-width font (ids, commands, positions as typed)."""

    text: str


@dataclass(frozen=True, slots=True)
class Link:
    """A link; ``target`` is an anchor in the same document (``"#id"``) or a URL."""

    text: str
    target: str

    def __post_init__(self) -> None:
        if self.target.startswith("#"):
            object.__setattr__(self, "target", "#" + safe_anchor(self.target[1:]))


@dataclass(frozen=True, slots=True)
class Strong:
    text: str


@dataclass(frozen=True, slots=True)
class Timing:
    """A measured duration in seconds: the only numbers allowed to differ between runs."""

    seconds: float

    @property
    def text(self) -> str:
        return f"{self.seconds:.3f} s"


@dataclass(frozen=True, slots=True)
class Measured:
    """A figure measured while checking (Z3's memory, conflicts...): it may differ between
    runs with the same seed, so it is marked as a measurement wherever it is shown."""

    value: str

    @property
    def text(self) -> str:
        return f"{self.value} (measured)"


Inline: TypeAlias = str | Math | Code | Link | Strong | Timing | Measured
Inlines: TypeAlias = tuple[Inline, ...]


def plain_text(inlines: Inlines | str) -> str:
    """The text of some inline pieces without any markup.

    >>> plain_text(("value ", Math("*3"), " of ", Code("(1,2)")))
    'value *3 of (1,2)'
    """
    if isinstance(inlines, str):
        return inlines
    parts = []
    for piece in inlines:
        if isinstance(piece, str):
            parts.append(piece)
        elif isinstance(piece, Math):
            parts.append(piece.latex)
        else:
            parts.append(piece.text)
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class Paragraph:
    content: Inlines


@dataclass(frozen=True, slots=True)
class DisplayMath:
    """A displayed formula.

    ``fallback`` is LaTeX the report wrote itself (the claim's expression typeset), used
    when TeX cannot typeset ``latex``; ``plain`` is shown where neither can be typeset.
    """

    latex: str
    plain: str = ""
    fallback: str = ""


@dataclass(frozen=True, slots=True)
class Preformatted:
    """Text shown exactly as given (a shell command, a table of bits)."""

    text: str


@dataclass(frozen=True, slots=True)
class AnswerSpace:
    """Room to write an answer on a printed worksheet, about ``lines`` lines high;
    ``label`` is said above it by a format that cannot leave a measured gap (Markdown)."""

    lines: int = 8
    label: str = ""


@dataclass(frozen=True, slots=True)
class BulletList:
    items: tuple[Inlines, ...]


@dataclass(frozen=True, slots=True)
class Cell:
    """A table cell.  ``style`` names a presentation hint the writers understand:

    a verdict word (``"proved"``, ``"checked"``, ``"tested"``, ``"refuted"``, ``"unknown"``,
    ``"error"``: :class:`grundy.verdict.Word`, each in its own colour), ``"p"`` (a
    P-position), ``"shade-K"`` for K in 0..15 (a value scale), ``"head"`` (a row header).
    Writers that cannot colour fall back to bold or nothing.
    """

    content: Inlines
    style: str = ""

    @staticmethod
    def of(value: Any, style: str = "") -> Cell:
        if isinstance(value, Cell):
            return value
        if isinstance(value, tuple):
            return Cell(value, style)
        if isinstance(value, (str, Math, Code, Link, Strong, Timing, Measured)):
            return Cell((value,), style)
        return Cell((str(value),), style)


@dataclass(frozen=True, slots=True)
class Table:
    """A table with a header row; ``kind`` is ``"wide"`` (text) or ``"grid"`` (numbers)."""

    header: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    caption: str = ""
    kind: str = "wide"

    @staticmethod
    def build(
        header: tuple[Any, ...],
        rows: Any,
        caption: str = "",
        kind: str = "wide",
    ) -> Table:
        """A table from loose values: strings, numbers, inline pieces or cells."""
        return Table(
            tuple(Cell.of(h, "head") for h in header),
            tuple(tuple(Cell.of(value) for value in row) for row in rows),
            caption,
            kind,
        )


@dataclass(frozen=True, slots=True)
class Figure:
    """A matplotlib drawing, rendered by each writer in its own format (SVG, PDF).

    ``name`` is unique in a document and names the figure file; ``draw`` fills a fresh
    ``matplotlib.figure.Figure`` of ``size`` inches.  Drawing must depend only on the
    data captured in ``draw``, so that the same report gives the same files.

    ``play`` is the convention the drawing shows (``"normal"``, ``"misere"``, or ``""``
    when it shows both or none: a handout labels it in a topic with misère claims);
    ``kind`` names what is drawn (:data:`FIGURE_KINDS`), which a claim's ``figures``
    field chooses among.
    """

    name: str
    caption: str
    alt: str
    draw: Callable[[Any], None] = field(compare=False, repr=False)
    size: tuple[float, float] = (6.0, 3.0)
    play: str = ""
    kind: str = ""

    def __post_init__(self) -> None:  # the name is a file name: figures/NAME.svg
        object.__setattr__(self, "name", safe_anchor(self.name))


Block: TypeAlias = (
    "Paragraph | DisplayMath | Preformatted | BulletList | Table | Figure | AnswerSpace | Section"
)


@dataclass(frozen=True, slots=True)
class Section:
    """A titled part of the report with an anchor for links; sections nest.

    ``badge`` (a verdict status) is shown beside the title; ``kind`` is a presentation
    hint (``"theorem"`` draws a card); ``play`` is the convention a piece of evidence is
    about (as :attr:`Figure.play`).
    """

    title: str
    anchor: str
    blocks: tuple[Block, ...]
    badge: str = ""
    kind: str = ""
    play: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "anchor", safe_anchor(self.anchor))


@dataclass(frozen=True, slots=True)
class Document:
    """A whole document.  ``kind`` is ``"handout"`` (short, for students: the contents
    list only the top-level sections) or ``"record"`` (everything, for checking)."""

    title: str
    sections: tuple[Section, ...]
    subtitle: Inlines = ()
    notes: tuple[str, ...] = ()
    author: str = ""
    course: str = ""
    kind: str = "record"


def iter_figures(blocks: tuple[Block, ...] | tuple[Section, ...]) -> Iterator[Figure]:
    """Every figure in some blocks, depth first, in document order."""
    for block in blocks:
        if isinstance(block, Figure):
            yield block
        elif isinstance(block, Section):
            yield from iter_figures(block.blocks)
