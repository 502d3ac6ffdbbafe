"""The HTML report: one self-contained file (inline CSS, MathML formulas, inline SVG).

Nothing is fetched when the page is opened, so it reads the same offline, from an
e-mail attachment or a course website, and prints cleanly.
"""

from __future__ import annotations

import re
from html import escape, unescape

import grundy.palette as palette
import grundy.report.document as doc
from grundy.report.document import plain_text
from grundy.report.mathml import MathSyntaxError, latex_to_mathml
from grundy.report.render import FigureRenderer
from grundy.report.writer import DocumentWriter
from grundy.verdict import Word

__all__ = ["render_html"]

_CSS = """
* { box-sizing: border-box; }
body { margin: 0; background: var(--page); color: var(--ink);
  font: 16px/1.55 "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif; }
header, main { max-width: 60rem; margin: 0 auto; padding: 0 1.5rem; }
header { padding-top: 2rem; }
h1 { font-size: 2rem; margin: 0 0 .25rem; }
h2 { font-size: 1.5rem; margin: 2.5rem 0 1rem; padding-bottom: .3rem;
  border-bottom: 2px solid var(--ink); }
h3 { font-size: 1.2rem; margin: 0 0 .6rem; }
h4 { font-size: 1.05rem; margin: 1.6rem 0 .5rem; }
/* Numbered as the PDF numbers them: 3 for a section, 3.2 for a part of it. */
main { counter-reset: sec; }
main h2 { counter-reset: sub; }
main h2::before { counter-increment: sec; content: counter(sec) "\\2002"; }
main h3::before { counter-increment: sub; content: counter(sec) "." counter(sub) "\\2002"; }
.subtitle { color: var(--muted); margin: 0 0 1rem; }
nav { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; padding: .6rem 0;
  border-top: 1px solid var(--line); border-bottom: 1px solid var(--line); }
nav a { color: var(--ink); font-weight: 600; text-decoration: none; }
a { color: var(--link); }
section.theorem, section.evidence { background: var(--paper); border: 1px solid var(--line);
  border-radius: 6px; padding: 1rem 1.25rem; margin: 1rem 0; break-inside: avoid; }
/* Number, title and badge flow as one line of text, so a long title wraps under itself
   and the number stays beside it (a flex row put the number on a line of its own). */
section.theorem > h3 .badge, section.claim > h3 .badge, h3 .id { margin-left: .4rem;
  white-space: nowrap; vertical-align: .1em; }
.id { font: .8rem ui-monospace, "DejaVu Sans Mono", monospace; color: var(--muted);
  text-decoration: none; }
.badge { font: 600 .75rem system-ui, sans-serif; text-transform: uppercase;
  letter-spacing: .04em; border-radius: 3px; padding: .1rem .45rem; }
section.claim { background: var(--paper); border: 1px solid var(--line); border-radius: 6px;
  padding: .8rem 1.1rem; margin: .9rem 0; break-inside: avoid; }
section.claim > h3 { font-size: 1.1rem; }
section.claim p { margin: .35rem 0; }
.source { color: var(--muted); font-size: .85rem; }
table.summary { width: 100%; font-size: .88rem; }
table.summary td:first-child { width: 26%; }
table.summary td:nth-child(3) { width: 5.5rem; }
table.summary td:last-child { width: 22%; color: var(--muted); }
.byline { color: var(--muted); margin: 0 0 1rem; font-size: 1.05rem; }
.measured { color: var(--muted); font-style: italic; }
.formula { overflow-x: auto; overflow-y: hidden; margin: .6rem 0; padding: .2rem 0;
  font-size: 1.15rem; }
math { font-family: "Latin Modern Math", "STIX Two Math", "Cambria Math", math; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-size: .92rem; }
caption { caption-side: bottom; color: var(--muted); font-size: .85rem; padding-top: .3rem;
  text-align: left; }
th, td { border: 1px solid var(--line); padding: .25rem .5rem; text-align: left;
  vertical-align: top; }
thead th { background: var(--head); }
table.wide, table.record-summary { width: 100%; }
table.record-summary { font-size: .85rem; }
table.facts th { width: 9rem; background: var(--code); font-weight: 600; }
table.facts { width: 100%; }
table.grid td, table.grid th { text-align: center; padding: .15rem .3rem;
  font: .8rem ui-monospace, "DejaVu Sans Mono", monospace; min-width: 1.9rem; }
table.grid th { background: var(--head); }
td.p { background: var(--p); color: var(--p-ink); font-weight: 700; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .86em; }
pre { background: var(--code); border: 1px solid var(--line); border-radius: 4px;
  padding: .6rem .8rem; overflow-x: auto; line-height: 1.35; white-space: pre-wrap; }
figure { margin: .8rem 0 1.2rem; }
.answer-space { border: 1px solid var(--line); border-radius: 4px; margin: .4rem 0 1.4rem; }
figure svg { max-width: 100%; height: auto; display: block; }
figcaption { color: var(--muted); font-size: .85rem; margin-top: .2rem; }
.timing { color: var(--muted); }
.notes { color: var(--refuted); }
footer { max-width: 60rem; margin: 2rem auto; padding: 0 1.5rem; color: var(--muted);
  font-size: .85rem; }
@page { size: A4; margin: 13mm 14mm; }
@media print {
  /* Printed for students: as dense as the PDF (issue 25 asks for the same page counts). */
  body { background: #fff; font-size: 9.2pt; line-height: 1.3;
    -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  header, main { max-width: none; padding: 0; }
  header { padding-top: 0; }
  h1 { font-size: 1.5rem; }
  h2 { font-size: 1.2rem; margin: 1rem 0 .4rem; break-after: avoid; }
  h3, section.claim > h3 { font-size: 1rem; margin: 0 0 .2rem; }
  h4 { margin: .6rem 0 .3rem; }
  nav { display: none; }
  section.theorem, section.evidence, section.claim { border: 0; border-radius: 0;
    padding: 0; margin: .5rem 0; break-inside: auto; background: none; }
  section.claim p { margin: .15rem 0; }
  p { margin: .3rem 0; }
  .formula { font-size: 1rem; margin: .2rem 0; padding: 0; }
  table { font-size: .8rem; margin: .3rem 0 .5rem; }
  th, td { padding: .1rem .3rem; }
  table.grid td, table.grid th { font-size: .7rem; padding: 0 .15rem; min-width: 1.4rem; }
  figure { margin: .3rem 0 .5rem; break-inside: avoid; }
  figure svg { max-width: 48%; }
  table.summary { font-size: .72rem; }
  table.summary td:first-child { width: 14%; }
  table.summary td:last-child { width: 30%; }
  pre { padding: .3rem .5rem; font-size: .8em; }
  footer { display: none; }
  a { color: inherit; text-decoration: none; }
}
"""


def palette_css() -> str:
    """The palette's colours as CSS variables (:mod:`grundy.palette`: checked for contrast)."""
    names = {
        "ink": palette.INK,
        "muted": palette.MUTED,
        "line": palette.LINE,
        "paper": palette.PAPER,
        "page": palette.PAGE,
        "link": palette.LINK,
        "head": palette.HEAD_FILL,
        "code": palette.CODE_FILL,
        "p": palette.P_FILL,
        "p-ink": palette.P_INK,
        "refuted": palette.WORD_FILL["refuted"],
    }
    return ":root { " + " ".join(f"--{name}: {value};" for name, value in names.items()) + " }\n"


def verdict_colours() -> str:
    """A badge and a table cell for each verdict word, in the word's own colour."""
    rules = []
    for word in Word:
        rules.append(
            f".badge.{word}, td.{word} {{ background: {word.colour}; color: {word.ink}; }}"
        )
    return "\n".join(rules)


def shades() -> str:
    rules = []
    for k in range(16):
        ground, ink = palette.shade(k)
        rules.append(f"td.shade-{k} {{ background: {ground}; color: {ink}; }}")
    return "\n".join(rules)


# For a black-and-white copier (``--print bw``): no fill carries meaning.  A badge is its
# word in a box (each word its own border), a P-position's cell is bold in a double
# outline, and the value scale is its digits alone.
BW_CSS = """
body, section.theorem, section.evidence, section.claim { background: #fff; }
.badge { background: #fff !important; color: #000 !important; border: 2px solid #000; }
.badge.checked, td.checked { border-style: double; border-width: 3px; }
.badge.tested, td.tested { border-style: dashed; }
.badge.refuted, td.refuted { border-width: 3px; }
.badge.unknown, td.unknown, .badge.error, td.error { border-style: dotted; }
td.proved, td.checked, td.tested, td.refuted, td.unknown, td.error {
  background: #fff !important; color: #000 !important; font-weight: 700; }
td.p { background: #fff !important; color: #000 !important; font-weight: 800;
  outline: 3px double #000; outline-offset: -4px; }
td[class^="shade-"] { background: #fff !important; color: #000 !important; }
thead th, table.grid th, table.facts th, pre { background: #fff; }
a, .subtitle, .byline, figcaption, caption, .source, .id, .timing, .measured { color: #000; }
"""


def render_html(
    document: doc.Document, figures: FigureRenderer | None = None, bw: bool = False
) -> str:
    """The whole report as one HTML page; ``bw`` for a black-and-white printer."""
    writer = _HtmlWriter(figures or FigureRenderer(bw=bw), bw)
    return writer.document(document)


_FITS = 72  # symbols of a displayed formula that fit a card's width at the usual size
_ANNOTATION = re.compile(r"<annotation\b.*?</annotation>", re.S)
_TAG = re.compile(r"<[^>]+>")


def _fitting_size(mathml: str) -> str:
    """A smaller font for a long displayed formula, so that it fits without scrolling where
    it can (down to two thirds of the usual size); nothing for one that fits."""
    symbols = len(unescape(_TAG.sub("", _ANNOTATION.sub("", mathml))))
    if symbols <= _FITS:
        return ""
    return f' style="font-size: {max(0.75, 1.15 * _FITS / symbols):.2f}rem"'


class _HtmlWriter(DocumentWriter[str]):
    format_name = "HTML"

    def __init__(self, figures: FigureRenderer, bw: bool = False) -> None:
        self.figures = figures
        self.bw = bw

    def document(self, document: doc.Document) -> str:
        nav = " ".join(
            f'<a href="#{escape(s.anchor)}">{escape(s.title)}</a>' for s in document.sections
        )
        body = "\n".join(self.section(section, 2) for section in document.sections)
        byline = ""
        if document.author:
            byline = f'<p class="byline">{escape(document.author)}</p>\n'
        notes = ""
        if document.notes and document.kind != "handout":  # students get no build notes
            items = "".join(f"<li>{escape(n)}</li>" for n in document.notes)
            notes = f'<ul class="notes">{items}</ul>'
        # How the page was made is for whoever checks it; students' pages end with the text.
        footer = (
            ""
            if document.kind == "handout"
            else "<footer>Written by grundy. Formulas are MathML and figures are inline "
            "SVG: this page needs no network.</footer>\n"
        )
        return (
            "<!DOCTYPE html>\n"
            '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(document.title)}</title>\n"
            f"<style>{self.style()}</style>\n</head>\n<body>\n"
            f"<header>\n<h1>{escape(document.title)}</h1>\n"
            f"{byline}"
            f'<p class="subtitle">{self.inlines(document.subtitle)}</p>\n'
            f"<nav>{nav}</nav>\n{notes}</header>\n"
            f"<main>\n{body}\n</main>\n"
            f"{footer}"
            "</body>\n</html>\n"
        )

    def style(self) -> str:
        """The page's CSS: its rules in the palette's colours (and black on white for bw)."""
        return (
            palette_css()
            + _CSS
            + verdict_colours()
            + "\n"
            + shades()
            + "\n"
            + (BW_CSS if self.bw else "")
        )

    def section(self, section: doc.Section, level: int) -> str:
        kind = section.kind or ("evidence" if section.anchor.startswith("evidence-") else "")
        classes = f' class="{kind}"' if kind else ""
        title = escape(section.title)
        if section.badge:
            title += f' <span class="badge {escape(section.badge)}">{escape(section.badge)}</span>'
        if section.kind == "theorem":
            ident = section.anchor.removeprefix("thm-")
            title += f' <a class="id" href="#{escape(section.anchor)}">{escape(ident)}</a>'
        # A claim's card is never bigger than h3; nested deeper (in the part beyond the
        # course) it is h4, unnumbered, as LaTeX leaves a \subsubsection unnumbered.
        heading_level = min(level if section.kind not in ("theorem", "claim") else max(level, 3), 4)
        inner = "\n".join(self.block(block, level + 1) for block in section.blocks)
        return (
            f'<section id="{escape(section.anchor)}"{classes}>\n'
            f"<h{heading_level}>{title}</h{heading_level}>\n{inner}\n</section>"
        )

    def paragraph(self, paragraph: doc.Paragraph) -> str:
        content = paragraph.content
        if content and isinstance(content[0], str) and content[0].startswith("Source: "):
            return f'<p class="source">{self.inlines(content)}</p>'
        return f"<p>{self.inlines(content)}</p>"

    def display_math(self, block: doc.DisplayMath) -> str:
        for latex in (block.latex, block.fallback):
            if not latex:
                continue
            try:
                mathml = latex_to_mathml(latex, display=True)
            except MathSyntaxError:
                continue
            return f'<div class="formula"{_fitting_size(mathml)}>{mathml}</div>'
        return f"<p>{escape(block.plain or block.latex)}</p>"

    def preformatted(self, block: doc.Preformatted) -> str:
        return f"<pre>{escape(block.text)}</pre>"

    def answer_space(self, block: doc.AnswerSpace) -> str:
        return f'<div class="answer-space" style="height: {1.6 * block.lines:.1f}em"></div>'

    def bullet_list(self, block: doc.BulletList) -> str:
        items = "".join(f"<li>{self.inlines(item)}</li>" for item in block.items)
        return f"<ul>{items}</ul>"

    def figure(self, figure: doc.Figure) -> str:
        svg = self.figures.svg(figure)
        label = escape(figure.alt, quote=True)
        svg = svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)
        return (
            f'<figure id="fig-{escape(figure.name)}">\n{svg}'
            f"<figcaption>{escape(self.figures.caption(figure))}</figcaption>\n</figure>"
        )

    def table(self, table: doc.Table) -> str:
        parts = [f'<table class="{escape(table.kind)}">']
        if table.caption:
            parts.append(f"<caption>{escape(table.caption)}</caption>")
        if any(plain_text(cell.content) for cell in table.header):
            head = "".join(f'<th scope="col">{self.inlines(c.content)}</th>' for c in table.header)
            parts.append(f"<thead><tr>{head}</tr></thead>")
        parts.append("<tbody>")
        for row in table.rows:
            cells = []
            for index, cell in enumerate(row):
                header_cell = cell.style == "head" or (table.kind == "facts" and index == 0)
                cells.append(self.cell(cell, header_cell))
            parts.append("<tr>" + "".join(cells) + "</tr>")
        parts.append("</tbody></table>")
        return "".join(parts)

    def cell(self, cell: doc.Cell, header: bool) -> str:
        content = self.inlines(cell.content)
        if header:
            return f'<th scope="row">{content}</th>'
        style = f' class="{escape(cell.style)}"' if cell.style else ""
        return f"<td{style}>{content}</td>"

    def text(self, text: str) -> str:
        return escape(text, quote=False)

    def math(self, piece: doc.Math) -> str:
        try:
            return latex_to_mathml(piece.latex)
        except MathSyntaxError:
            return f"<code>{escape(piece.latex)}</code>"

    def code(self, piece: doc.Code) -> str:
        return f"<code>{escape(piece.text)}</code>"

    def link(self, piece: doc.Link) -> str:
        return f'<a href="{escape(piece.target, quote=True)}">{escape(piece.text)}</a>'

    def strong(self, piece: doc.Strong) -> str:
        return f"<strong>{escape(piece.text)}</strong>"

    def timing(self, piece: doc.Timing) -> str:
        return f'<span class="timing">{piece.text}</span>'

    def measured(self, piece: doc.Measured) -> str:
        return f'<span class="measured">{escape(piece.text)}</span>'
