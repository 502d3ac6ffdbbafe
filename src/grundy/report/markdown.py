"""The Markdown report, for repositories and course notes (GitHub-flavoured).

Formulas use GitHub's math syntax (`` $`...`$ `` inline, a ```` ```math ```` block
displayed); figures are SVG files beside the report, in ``figures/``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import grundy.report.document as doc
from grundy.report.mathml import MathSyntaxError, check_latex
from grundy.report.render import FigureRenderer
from grundy.report.student_words import say
from grundy.report.writer import DocumentWriter

__all__ = ["FIGURE_DIR", "MarkdownReport", "render_markdown"]

FIGURE_DIR = "figures"


@dataclass(frozen=True, slots=True)
class MarkdownReport:
    """The Markdown text and the figure files it refers to (path relative to the report)."""

    text: str
    files: tuple[tuple[str, bytes], ...]


def render_markdown(
    document: doc.Document, figures: FigureRenderer | None = None
) -> MarkdownReport:
    writer = _MarkdownWriter(figures or FigureRenderer())
    text = writer.document(document)
    return MarkdownReport(text, tuple(writer.files))


def _fence(text: str) -> str:
    """A code fence longer than any run of backticks in ``text``, which cannot end it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def _code_span(text: str, in_table: bool) -> str:
    """``text`` as inline code: delimited by more backticks than it holds in a row, on one
    line, and with '|' escaped in a table (which would otherwise end the cell).

    >>> _code_span("a``b", False)
    '```a``b```'
    """
    text = " ".join(text.splitlines())
    if in_table:
        text = text.replace("|", r"\|")
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _escape(text: str) -> str:
    """Text with Markdown's active characters escaped.

    >>> _escape("a*b_c [x] <y>")
    'a\\\\*b\\\\_c \\\\[x\\\\] &lt;y&gt;'
    """
    out = []
    for char in text:
        if char in "\\`*_[]#|~$":
            out.append("\\" + char)
        elif char == "<":
            out.append("&lt;")
        elif char == ">":
            out.append("&gt;")
        else:
            out.append(char)
    return "".join(out)


class _MarkdownWriter(DocumentWriter[list[str]]):
    format_name = "Markdown"

    def __init__(self, figures: FigureRenderer) -> None:
        self.figures = figures
        self.files: list[tuple[str, bytes]] = []
        self.in_table = False

    def document(self, document: doc.Document) -> str:
        lines = [f"# {_escape(document.title)}", ""]
        if document.author:
            lines += [f"*{_escape(document.author)}*", ""]
        lines += [self.inlines(document.subtitle), ""]
        lines.append(
            say("writer.contents")
            + ": "
            + " · ".join(f"[{_escape(s.title)}](#{s.anchor})" for s in document.sections)
        )
        lines.append("")
        for note in document.notes if document.kind != "handout" else ():
            lines.append(f"> {say('writer.note')} {_escape(note)}")
            lines.append("")
        for section in document.sections:
            lines.extend(self.section(section, 2))
        return "\n".join(lines).rstrip() + "\n"

    def section(self, section: doc.Section, level: int) -> list[str]:
        title = _escape(section.title)
        if section.badge:
            title += f" — **{section.badge}**"
        if section.kind == "theorem":
            title += f" (`{section.anchor.removeprefix('thm-')}`)"
        lines = [f'<a id="{section.anchor}"></a>', "", f"{'#' * min(level, 4)} {title}", ""]
        for block in section.blocks:
            lines.extend(self.block(block, level + 1))
        return lines

    def paragraph(self, paragraph: doc.Paragraph) -> list[str]:
        return [self.inlines(paragraph.content), ""]

    def display_math(self, block: doc.DisplayMath) -> list[str]:
        latex = block.latex
        try:
            check_latex(latex)
        except MathSyntaxError:
            latex = block.fallback
        if not latex:
            return [_escape(block.plain), ""]
        fence = _fence(latex)
        return [f"{fence}math", latex, fence, ""]

    def preformatted(self, block: doc.Preformatted) -> list[str]:
        fence = _fence(block.text)
        return [f"{fence}text", block.text, fence, ""]

    def answer_space(self, block: doc.AnswerSpace) -> list[str]:
        # Markdown has no measured gap: line breaks a renderer keeps, under a label
        label = [f"**{self.text(block.label)}**", ""] if block.label else []
        return [*label, "<br>" * block.lines, ""]

    def bullet_list(self, block: doc.BulletList) -> list[str]:
        return [f"- {self.inlines(item)}" for item in block.items] + [""]

    def figure(self, figure: doc.Figure) -> list[str]:
        path = f"{FIGURE_DIR}/{figure.name}.svg"
        self.files.append((path, self.figures.svg(figure).encode("utf-8")))
        alt = " ".join(figure.alt.replace("[", "(").replace("]", ")").replace("\\", "/").split())
        return [f"![{alt}]({path})", "", f"*{_escape(figure.caption)}*", ""]

    def table(self, table: doc.Table) -> list[str]:
        if table.kind == "facts":
            lines = [f"- **{self.cell(row[0])}**: {self.cell(row[1])}" for row in table.rows]
            return [*lines, ""]
        header = [self.cell(cell) or " " for cell in table.header]
        lines = ["| " + " | ".join(header) + " |"]
        align = "---:" if table.kind == "grid" else "---"
        lines.append("|" + "|".join(align for _ in header) + "|")
        for row in table.rows:
            lines.append("| " + " | ".join(self.cell(cell) for cell in row) + " |")
        lines.append("")
        if table.caption:
            lines += [f"*{_escape(table.caption)}*", ""]
        return lines

    def cell(self, cell: doc.Cell) -> str:
        self.in_table = True
        try:
            text = self.inlines(cell.content).replace("\n", " ")
        finally:
            self.in_table = False
        if cell.style in ("p", "head", "error") and text.strip():
            return f"**{text}**"
        return text

    def text(self, text: str) -> str:
        return _escape(text)

    def math(self, piece: doc.Math) -> str:
        if "`" in piece.latex or "\n" in piece.latex:  # would end the math span
            return self.code(doc.Code(piece.latex))
        latex = piece.latex.replace("|", r"\vert ") if self.in_table else piece.latex
        return f"$`{latex}`$"

    def code(self, piece: doc.Code) -> str:
        return _code_span(piece.text, self.in_table)

    def link(self, piece: doc.Link) -> str:
        return f"[{_escape(piece.text)}]({piece.target})"

    def strong(self, piece: doc.Strong) -> str:
        return f"**{_escape(piece.text)}**"
