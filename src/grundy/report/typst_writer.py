r"""The typst report: the same document as the LaTeX one, for a PDF built without TeX.

typst (the ``typst`` package: the compiler and its fonts in one wheel) typesets the
document in a second or two, where pdflatex takes tens of seconds and must be installed
apart.  The page follows the LaTeX report (:mod:`grundy.report.latex`): the same
Computer Modern fonts, sizes, margins, spacing, tables and figures (the same PDF files),
so the two PDFs have the same pages.

Formulas are translated from their LaTeX by :mod:`grundy.report.typst_math`; one the
translation refuses falls back to its ``fallback`` (the claim's expression typeset), then
to its text, and each fall back is named in :attr:`TypstReport.notes` (and at the top of
the record).  Text is escaped character by character, so nothing a claim file writes is
read as typst markup or code.

>>> typst_text("a_b *c* #x 1. [y] $z$")
'a\\_b \\*c\\* \\#x 1\\. \\[y\\] \\$z\\$'
"""

from __future__ import annotations

from dataclasses import dataclass

import grundy.palette as palette
import grundy.report.document as doc
from grundy.report.document import plain_text
from grundy.report.latex import _column_widths, _summary_rows
from grundy.report.markdown import FIGURE_DIR
from grundy.report.mathml import MathSyntaxError
from grundy.report.render import FigureRenderer
from grundy.report.student_words import say
from grundy.report.typst_math import latex_to_typst, typst_string
from grundy.report.writer import DocumentWriter
from grundy.verdict import Word

__all__ = ["TypstReport", "palette_typst", "render_typst", "typst_text"]


@dataclass(frozen=True, slots=True)
class TypstReport:
    """The typst source, the figure files (PDF) it includes, and what fell back."""

    text: str
    files: tuple[tuple[str, bytes], ...]
    notes: tuple[str, ...] = ()


# Markup characters of typst; each is written escaped (``\#``) to stand for itself.  A "."
# is escaped too: after a number at the start of a line it would begin a numbered list;
# a "(": right after a piece written as code (``#strong[...]``) it would call it; and a
# ";" there would end the code and vanish ("the exercises; the answers" lost its ";").
_MARKUP = frozenset("\\#$*_`<>@=-+/[]~.(;")
_TEXT_SYMBOLS = {"\u00a0": "~", "✓": "yes", "✗": "no"}


def typst_text(text: str) -> str:
    """Text escaped for typst markup; a line break is a space, as in TeX."""
    out = []
    for char in text:
        if char in _MARKUP:
            out.append("\\" + char)
        elif char in _TEXT_SYMBOLS:
            out.append(_TEXT_SYMBOLS[char])
        elif char in "\r\n\t":
            out.append(" ")
        else:
            out.append(char)
    return "".join(out)


_WORDS = frozenset(word.value for word in Word)


def _rgb(colour: str) -> str:
    return f"rgb({typst_string(colour)})"


# The palette's colours (grundy.palette, checked for contrast): each verdict word's
# ground and ink, a P-position's cell, and the sixteen steps of the value scale.
_COLOURS = "\n".join(
    [
        "#let word-fill = (" + ", ".join(f"{w}: {_rgb(w.colour)}" for w in Word) + ")",
        "#let word-ink = (" + ", ".join(f"{w}: {_rgb(w.ink)}" for w in Word) + ")",
        f"#let other-fill = {_rgb(palette.MUTED)}",  # a badge that is not a verdict's word
        f"#let ppos = {_rgb(palette.P_FILL)}",
        f"#let ppos-ink = {_rgb(palette.P_INK)}",
        "#let shades = (" + ", ".join(_rgb(palette.shade(k)[0]) for k in range(16)) + ")",
        "#let shade-inks = (" + ", ".join(_rgb(palette.shade(k)[1]) for k in range(16)) + ")",
    ]
)

# How a verdict is shown: a badge after a title, a box around a table's verdict, a
# P-position's cell.  In colour, the word on its own ground; for a black-and-white copier
# (--print bw) as the LaTeX writer does it: the word in a box, and no fill anywhere.
_COLOUR_MACROS = """#let badge(word) = box(fill: word-fill.at(word, default: other-fill),
  inset: (x: 3pt), outset: (y: 3pt),
  text(fill: word-ink.at(word, default: white), size: 0.85em, word))
#let verdict(word, body) = box(fill: word-fill.at(word), inset: (x: 2pt), outset: (y: 1pt),
  text(fill: word-ink.at(word), body))
#let pcell(body) = table.cell(fill: ppos, text(fill: ppos-ink, weight: "bold", body))
#let shadecell(level, body) = table.cell(fill: shades.at(level),
  text(fill: shade-inks.at(level), body))
"""
_BW_MACROS = """#let badge(word) = box(stroke: 0.8pt, inset: (x: 3pt), outset: (y: 3pt),
  text(size: 0.85em, word))
#let verdict(word, body) = box(stroke: 0.5pt, inset: (x: 1pt), outset: (y: 1pt), body)
#let pcell(body) = table.cell(box(stroke: 0.5pt, inset: 1pt, strong(body)))
#let shadecell(level, body) = table.cell(body)
"""

# Sizes of LaTeX's article class: (normal, small, footnotesize, scriptsize, tiny) in pt.
_SIZES = {10: (10, 9, 8, 7, 5), 11: (10.95, 10, 9, 8, 6)}

_PREAMBLE = """#set document(title: {title}, author: {author}, date: none)
#set page(paper: "a4", margin: {margin}, numbering: "1")
#set text(font: "New Computer Modern", size: {size}pt, lang: "en", hyphenate: true)
#set par(justify: true, leading: {leading}em, spacing: {spacing}em, first-line-indent: 0pt)
#show math.equation: set text(font: "New Computer Modern Math")
#show raw: set text(font: "DejaVu Sans Mono")
#set heading(numbering: (..n) => if n.pos().len() <= 2 {{ numbering("1.1", ..n) }})
// As LaTeX's article: sections and subsections numbered, with a wide gap after the number.
#show heading: it => {{
  let size = (14.4pt, 12pt, {size}pt, {size}pt).at(calc.min(it.level, 4) - 1)
  // a heading with its numbering turned off (the contents') shows no number
  let number = if it.level <= 2 and it.numbering != none {{
    counter(heading).display("1.1") + h(0.9em)
  }}
  block(above: {above}em, below: {below}em, sticky: true,
    text(size: size, weight: "bold", number + it.body))
}}
#show outline.entry.where(level: 1): set block(above: 0.6em)
#set table(stroke: none, inset: (x: 3pt, y: 2.5pt))
#show table: set par(justify: false)
"""


def palette_typst(bw: bool) -> str:
    """The palette's colours and the macros that show a verdict (``badge``, ``verdict``,
    ``pcell``, ``shadecell``), in colour or for a black-and-white printer."""
    return _COLOURS + "\n" + (_BW_MACROS if bw else _COLOUR_MACROS)


_SHORT = 5  # a document of at most this many sections needs no contents


def render_typst(
    document: doc.Document, figures: FigureRenderer | None = None, bw: bool = False
) -> TypstReport:
    """The document as typst source, with its figure files and the formulas that fell
    back; ``bw``: for a black-and-white printer (boxes and patterns, no fills)."""
    figures = figures or FigureRenderer(bw=bw)
    writer = _TypstWriter(figures, _anchors(document.sections), bw)
    text = writer.document(document)
    return TypstReport(text, tuple(writer.files), tuple(writer.notes))


def _anchors(blocks: tuple[doc.Block, ...] | tuple[doc.Section, ...]) -> set[str]:
    """Every section's anchor: a link to any other anchor would stop typst."""
    found = set()
    for block in blocks:
        if isinstance(block, doc.Section):
            found.add(block.anchor)
            found |= _anchors(block.blocks)
    return found


def _formula_note(shown: str, why: str) -> str:
    return f"a formula is shown as {shown}: {why}"


class _TypstWriter(DocumentWriter[list[str]]):
    format_name = "typst"

    def __init__(self, figures: FigureRenderer, anchors: set[str], bw: bool = False) -> None:
        self.figures = figures
        self.bw = bw
        self.anchors = anchors
        self.files: list[tuple[str, bytes]] = []
        self.notes: list[str] = []
        self.scale = 1.0
        self.sizes = _SIZES[11]

    def document(self, document: doc.Document) -> str:
        handout = document.kind == "handout"
        # The handout is printed for students: 10pt on narrower margins, smaller figures.
        self.scale = 0.6 if handout else 1.0
        self.sizes = _SIZES[10 if handout else 11]
        body: list[str] = []
        if len(document.sections) > _SHORT:  # contents, then (in the record) a new page
            # The contents' heading is not a section: its numbering is off (else it reads
            # "0 Contents"); the entries keep their sections' numbers.
            words = typst_text(say("writer.contents"))
            contents = f"outline(depth: 1, indent: auto, title: [{words}])"
            if handout:  # in two columns, and the summary right after it
                contents = f"text(size: {self.sizes[1]}pt, columns(2, {contents}))"
            body += ["#[", "#set heading(numbering: none)", f"#{contents}", "]"]
            body += [""] if handout else ["#pagebreak()", ""]
        for section in document.sections:
            body.extend(self.section(section, 0))
        # Students get no build notes; the record names every formula that fell back.
        notes = [] if handout else [*document.notes, *self.notes]
        head = _PREAMBLE.format(
            title=typst_string(document.title),
            author=typst_string(document.author) if document.author else "()",
            margin="1.4cm" if handout else "2cm",
            size=self.sizes[0],
            # TeX's baselines less a capital's height; its \parskip added between paragraphs
            leading=0.45 if handout else 0.55,
            spacing=0.75 if handout else 1.05,
            above=1.4 if handout else 1.8,
            below=0.8 if handout else 1.0,
        )
        title = [
            "#align(center)[",
            "  #v(1em)",
            f"  #text(size: 17.28pt)[{typst_text(document.title)}]",
            "  #v(0.8em)",
        ]
        if document.author:
            title.append(f"  #text(size: 12pt)[{typst_text(document.author)}] \\")
        title += [f"  #text(size: 12pt)[{self.inlines(document.subtitle)}]", "  #v(1em)", "]", ""]
        label = typst_text(say("writer.note"))
        note_lines = [f"*{label}* {typst_text(note)}" + "\n" for note in notes]
        colours = palette_typst(self.bw)
        return "\n".join([head, colours, *title, *note_lines, *body]) + "\n"

    def section(self, section: doc.Section, depth: int) -> list[str]:
        marks = "=" * min(depth + 1, 4)
        badge = f" #badge({typst_string(section.badge)})" if section.badge else ""
        lines = ["", f"{marks} {typst_text(section.title)}{badge} <{section.anchor}>", ""]
        if section.kind == "theorem":
            ident = section.anchor.removeprefix("thm-")
            lines += [f"#raw({typst_string(ident)})", ""]
        for block in section.blocks:
            lines.extend(self.block(block, depth + 1))
        return lines

    def paragraph(self, paragraph: doc.Paragraph) -> list[str]:
        content = paragraph.content
        if content and isinstance(content[0], str) and content[0].startswith("Source: "):
            size = self.sizes[1]
            return [f"#text(size: {size}pt, fill: luma(40%))[{self.inlines(content)}]", ""]
        return [self.inlines(content), ""]

    def answer_space(self, block: doc.AnswerSpace) -> list[str]:
        # The LaTeX worksheet's gap (0.8cm a line), not blank lines of small code type.
        return [f"#v({0.8 * block.lines:.1f}cm)", ""]

    def bullet_list(self, block: doc.BulletList) -> list[str]:
        items = ", ".join(f"[{self.inlines(item)}]" for item in block.items)
        return [f"#list({items})", ""]

    def formula(self, block: doc.DisplayMath) -> str | None:
        """The displayed formula in typst's math (its fallback when typst cannot take its
        own LaTeX), or None for plain text; each fall back is noted."""
        problems = []
        for latex in (block.latex, block.fallback):
            if not latex:
                continue
            try:
                formula = latex_to_typst(latex)
            except MathSyntaxError as exc:
                problems.append(str(exc))
                continue
            if latex is not block.latex:
                self.notes.append(_formula_note("the statement typeset", problems[0]))
            return formula
        why = problems[0] if problems else "no formula"
        self.notes.append(_formula_note("text", why))
        return None

    def display_math(self, block: doc.DisplayMath) -> list[str]:
        formula = self.formula(block)
        if formula is None:
            return [f"#align(center)[{typst_text(block.plain or block.latex)}]", ""]
        return [f"$ {formula} $", ""]

    def preformatted(self, block: doc.Preformatted) -> list[str]:
        size = self.sizes[2] if self.scale < 1 else self.sizes[1]
        return [f"#text(size: {size}pt, raw(block: true, {typst_string(block.text)}))", ""]

    def figure(self, figure: doc.Figure) -> list[str]:
        path = f"{FIGURE_DIR}/{figure.name}.pdf"
        self.files.append((path, self.figures.pdf(figure)))
        width = min(figure.size[0], 6.2) * self.scale
        caption = typst_text(self.figures.caption(figure))
        return [
            "#align(center, block(breakable: false)[",
            f"  #image({typst_string(path)}, width: {width:.2f}in)",
            f"  #v(0.3em, weak: true) #text(size: {self.sizes[1]}pt)[{caption}]",
            "])",
            "",
        ]

    def table(self, table: doc.Table) -> list[str]:
        _, small, footnote, script, _ = self.sizes
        size = small
        columns: list[str]
        align = "left"
        sizes: dict[int, float] = {}
        if table.kind == "grid":
            columns = ["auto"] * len(table.header)
            size = script if len(table.header) > 12 else small
            align = "center"
        elif table.kind == "facts":
            columns = ["22%", "70%"]
        elif table.kind == "record-summary":
            columns = [f"{w * 100:g}%" for w in (0.24, 0.3, 0.1, 0.08, 0.1, 0.18)]
            size = script
        elif table.kind == "summary":
            # The topic is a line of its own above its statements, as in the LaTeX.
            columns = ["56%", "8%", "36%"]
            size = script
            table = _summary_rows(table)
        else:
            columns = [f"{width * 100:.1f}%" for width in _column_widths(table, total=1.0)]
        if self.scale < 1 and size == small:  # the printed handout: one size down
            size = footnote
        count = len(columns)
        cells: list[str] = ["table.hline(stroke: 0.8pt)"]
        if any(plain_text(cell.content) for cell in table.header):
            head = ", ".join(self.cell(cell, header=True) for cell in table.header)
            cells += [f"table.header({head}, table.hline(stroke: 0.5pt))"]
        for row in table.rows:
            if len(row) == 1 and count > 1:  # a heading across the table (a summary's topic)
                cells.append(f"table.cell(colspan: {count})[*{self.inlines(row[0].content)}*]")
                continue
            written = [
                self.cell(cell, header=False, size=sizes.get(index))
                for index, cell in enumerate(row)
            ]
            cells.append(", ".join(written))
        cells.append("table.hline(stroke: 0.8pt)")
        gutter = "inset: (x: 1.5pt, y: 2.5pt), " if table.kind == "grid" else ""
        table_text = [
            f"text(size: {size}pt, table(columns: ({', '.join(columns)},), align: {align}, "
            + gutter,
            *(f"  {cell}," for cell in cells),
            "))",
        ]
        if table.kind == "grid":
            # A grid of numbers is narrow: centred, as LaTeX's longtable sets it.
            table_text = ["#align(center, ", *table_text, ")"]
        else:
            table_text[0] = "#" + table_text[0]
        lines = table_text
        if table.caption:
            lines.append(f"#text(size: {footnote}pt)[{typst_text(table.caption)}]")
        return [*lines, ""]

    def cell(self, cell: doc.Cell, header: bool, size: float | None = None) -> str:
        text = self.inlines(cell.content)
        if size is not None:
            text = f"#text(size: {size}pt)[{text}]"
        style = cell.style
        if header or style == "head":
            return f"[*{text}*]" if text else "[]"
        if style in _WORDS:
            return f"[#verdict({typst_string(style)})[{text}]]"
        if style == "p":
            return f"pcell[{text}]"
        if style.startswith("shade-"):
            level = max(0, min(int(style.removeprefix("shade-")), 15))
            return f"shadecell({level})[{text}]"
        return f"[{text}]"

    def text(self, text: str) -> str:
        return typst_text(text)

    def math(self, piece: doc.Math) -> str:
        try:
            return f"${latex_to_typst(piece.latex)}$"
        except MathSyntaxError:
            return f"#raw({typst_string(piece.latex)})"

    def code(self, piece: doc.Code) -> str:
        return f"#raw({typst_string(piece.text)})"

    def link(self, piece: doc.Link) -> str:
        if piece.target.startswith("#"):
            anchor = piece.target[1:]
            if anchor not in self.anchors:
                return typst_text(piece.text)  # nothing to point at in this document
            return f"#link(<{anchor}>)[{typst_text(piece.text)}]"
        return f"#link({typst_string(piece.target)})[{typst_text(piece.text)}]"

    def strong(self, piece: doc.Strong) -> str:
        return f"#strong[{typst_text(piece.text)}]"
