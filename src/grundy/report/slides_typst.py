"""The slide deck as a typst document, and its PDF: slides from ``pip install`` alone.

Pages are 16:9 (13.33 by 7.5 inches, a presentation program's widescreen slide), with
body text at 26pt (24pt on a slide of a counterexample, which has more to say) and a
statement at 40pt: the sizes of the HTML deck (:mod:`grundy.report.slides_html`) at
1280x720.  The slides are the Beamer deck's (:mod:`grundy.report.slides_beamer`): a title
slide, then each slide under its title with its verdict's badge on the right.  The pieces
inside a slide are written by the typst report's writer (the same escaping, formulas and
fallbacks, the palette's colours and their black-and-white forms); pages, titles, badges,
the large statement and the pictures' sizes are this module's.

A slide is one page: what is too tall for it is scaled down to fit (typst measures it),
but never below 24pt; a slide that would need smaller text (a long proof) goes on over
the next page instead.  A statement too wide for the page is scaled to its width, as
Beamer does.
"""

from __future__ import annotations

import grundy.palette as palette
import grundy.report.document as doc
from grundy.report.deck import Deck, Slide
from grundy.report.markdown import FIGURE_DIR
from grundy.report.render import FigureRenderer
from grundy.report.typst_math import typst_string
from grundy.report.typst_pdf import build_typst_pdf
from grundy.report.typst_writer import TypstReport, _TypstWriter, palette_typst, typst_text

__all__ = ["BODY_PT", "PAGE_INCHES", "STATEMENT_PT", "build_deck_typst_pdf", "render_deck_typst"]

PAGE_INCHES = (13.333, 7.5)  # 16:9
BODY_PT = 26  # at least 24pt, as a room needs (the HTML deck's 34px at 1280x720)
SMALL_PT = 24  # a counterexample's slide, a definition: more words, still 24pt
STATEMENT_PT = 40
_MARGIN = (0.8, 0.5, 0.7)  # inches: left and right, top, bottom (the page number)
# The body's room for a picture: the page less its margins and the title's line.
_BODY_WIDTH, _BODY_HEIGHT = PAGE_INCHES[0] - 2 * _MARGIN[0], 5.3

_PREAMBLE = """#set document(title: {title}, author: {author}, date: none)
#let muted = {muted}
#let asked = {asked}
#set page(width: {width}in, height: {height}in,
  margin: (x: {margin[0]}in, top: {margin[1]}in, bottom: {margin[2]}in),
  footer: context {{
    set text(size: 14pt, fill: muted)
    h(1fr)
    counter(page).display("1 / 1", both: true)
  }})
#set text(font: "New Computer Modern", size: {body}pt, lang: "en", hyphenate: false)
#set par(justify: false, leading: 0.5em, spacing: 0.8em)
#show math.equation: set text(font: "New Computer Modern Math")
#show raw: set text(font: "DejaVu Sans Mono")
#set table(stroke: none, inset: (x: 5pt, y: 3pt))
#set list(spacing: 0.6em)
"""

# A slide's macros: its badge (larger than the handout's, the word in capitals), a
# statement fitted to the line, a picture at most so large, and the slide: its title and
# badge on a line, its body centred in the room left and fitted to it.
_SLIDE_MACROS = """#let slide-badge(word) = {badge}
#let statement(size, where, body) = layout(room => {{
  let shown = text(size: size, body)
  let wide = measure(shown).width
  let k = if wide > room.width {{ room.width / wide }} else {{ 1 }}
  align(where, scale(k * 100%, reflow: true, shown))
}})
#let picture(path, width, height, caption) = context {{
  let natural = measure(image(path))
  let k = calc.min(width / natural.width, height / natural.height)
  align(center, block(breakable: false, {{
    image(path, width: natural.width * k)
    v(0.2em, weak: true)
    text(size: 20pt, fill: muted, caption)
  }}))
}}
#let room = (width: {room_width}in, height: {room_height}in)
#let slide(title, badge: none, ink: black, size: {body}pt, body) = page(context {{
  let head = block(width: room.width, grid(columns: (1fr, auto), column-gutter: 0.4in,
    align: horizon, text(size: 34pt, weight: "bold", fill: ink, title),
    if badge != none {{ slide-badge(badge) }}))
  let gap = 0.4in
  let left = room.height - measure(head).height - gap - 1pt
  let body = text(size: size, body)
  let k = left / measure(block(width: room.width, body)).height
  if k >= 1 or k * size >= {least}pt {{
    // The body in its room, centred; scaled to fit, its text never below {least}pt.
    let shown = if k >= 1 {{ body }} else {{
      scale(k * 100%, reflow: true, block(width: room.width / k, body))
    }}
    stack(head, v(gap), block(width: 100%, height: left, align(horizon, shown)))
  }} else {{
    // Too much for one slide at a size a room can read: it goes on over the next page.
    head
    v(gap)
    body
  }}
}})
"""

_COLOUR_BADGE = """box(fill: word-fill.at(word, default: other-fill),
  inset: (x: 12pt, y: 7pt), radius: 4pt,
  text(fill: word-ink.at(word, default: white), size: 22pt, weight: "bold", tracking: 0.05em,
    upper(word)))"""
_BW_BADGE = """box(stroke: 1.5pt, inset: (x: 12pt, y: 7pt), radius: 4pt,
  text(size: 22pt, weight: "bold", tracking: 0.05em, upper(word)))"""


def render_deck_typst(
    deck: Deck, figures: FigureRenderer | None = None, bw: bool = False
) -> TypstReport:
    """The deck as typst source, with its figure files and the formulas that fell back."""
    writer = _SlideWriter(figures or FigureRenderer(bw=bw), set(), bw)
    text = writer.deck(deck)
    return TypstReport(text, tuple(writer.files), tuple(writer.notes))


def build_deck_typst_pdf(
    deck: Deck, figures: FigureRenderer, bw: bool = False
) -> tuple[bytes, tuple[str, ...]]:
    """The deck's PDF and the notes of formulas that fell back; raises
    :class:`~grundy.report.typst_pdf.TypstFailure` when typst refuses it."""
    report = render_deck_typst(deck, figures, bw)
    return build_typst_pdf(report, "slides"), report.notes


class _SlideWriter(_TypstWriter):
    format_name = "typst slides"

    def __init__(self, figures: FigureRenderer, anchors: set[str], bw: bool = False) -> None:
        super().__init__(figures, anchors, bw)
        # The sizes the report's tables are written in (normal, small, and smaller).
        self.sizes = (BODY_PT, 20, 18, 16, 14)
        self.statement_pt = STATEMENT_PT
        self.room = (_BODY_WIDTH, _BODY_HEIGHT)  # the room a picture may take, in inches
        self.where = "center"  # a statement's alignment: left beside a title

    def deck(self, deck: Deck) -> str:
        head = _PREAMBLE.format(
            title=typst_string(deck.title),
            author=typst_string(deck.author) if deck.author else "()",
            width=PAGE_INCHES[0],
            height=PAGE_INCHES[1],
            margin=_MARGIN,
            body=BODY_PT,
            muted=f"rgb({typst_string(palette.MUTED)})",
            asked="black" if self.bw else f"rgb({typst_string(palette.LINK)})",
        )
        macros = _SLIDE_MACROS.format(
            badge=_BW_BADGE if self.bw else _COLOUR_BADGE,
            body=BODY_PT,
            least=SMALL_PT,
            room_width=f"{_BODY_WIDTH:.3f}",
            room_height=f"{PAGE_INCHES[1] - _MARGIN[1] - _MARGIN[2]:.3f}",
        )
        title = [
            "#page(footer: none, align(center + horizon)[",
            f'  #text(size: 44pt, weight: "bold")[{typst_text(deck.title)}]',
            "  #v(0.8em)",
        ]
        if deck.author:
            title += [f"  #text(size: 30pt)[{typst_text(deck.author)}]", "  #v(0.3em)"]
        if deck.byline:
            title.append(f"  #text(size: {SMALL_PT}pt, fill: muted)[{typst_text(deck.byline)}]")
        title += ["])", ""]
        body = [line for slide in deck.slides for line in self.slide(slide)]
        return "\n".join([head, palette_typst(self.bw), macros, *title, *body]) + "\n"

    def slide(self, slide: Slide) -> list[str]:
        options = ""
        if slide.badge:
            options += f", badge: {typst_string(slide.badge)}"
        if slide.kind == "question":
            options += ", ink: asked"
        roomy = slide.kind in ("reveal", "definition")
        if roomy:
            options += f", size: {SMALL_PT}pt"
        self.statement_pt = 32 if roomy or slide.kind == "claims" else STATEMENT_PT
        pictures = [b for b in slide.blocks if isinstance(b, (doc.Figure, doc.Table))]
        words = [b for b in slide.blocks if not isinstance(b, (doc.Figure, doc.Table))]
        lines = [f"#slide([{typst_text(slide.title)}]{options})["]
        self.where = "left" if slide.kind == "claims" else "center"
        if slide.kind == "claims":
            lines += self.claims(slide.blocks)
        elif pictures and words:
            # Words beside the picture: a 16:9 page is wider than it is tall, and a picture
            # under three paragraphs would be a strip.
            self.room = (_BODY_WIDTH * 0.45, _BODY_HEIGHT - 1.1)  # and a caption of 2 lines
            lines += ["#grid(columns: (1fr, 45%), column-gutter: 0.5in, align: horizon,", "["]
            lines += [line for block in words for line in self.block(block, 1)]
            lines += ["], ["]
            lines += [line for block in pictures for line in self.block(block, 1)]
            lines += ["])"]
        else:
            self.room = (_BODY_WIDTH, _BODY_HEIGHT - 0.9)  # room for the caption
            lines += [line for block in slide.blocks for line in self.block(block, 1)]
        return [*lines, "]", ""]

    def claims(self, blocks: tuple[doc.Block, ...]) -> list[str]:
        """Short claims sharing a slide: each title with its badge, beside its statement."""
        cells = []
        for block in blocks:
            if not isinstance(block, doc.Section):
                continue
            badge = f" #h(0.3em) #slide-badge({typst_string(block.badge)})" if block.badge else ""
            cells.append(f"  [*{typst_text(block.title)}*{badge}],")
            inner = [line for part in block.blocks for line in self.block(part, 1)]
            cells.append("  [" + "\n".join(inner) + "],")
        return [
            "#grid(columns: (38%, 1fr), column-gutter: 0.4in, row-gutter: 0.45in,",
            "  align: left + horizon,",
            *cells,
            ")",
        ]

    def section(self, section: doc.Section, depth: int) -> list[str]:
        """A section inside a slide (none but a shared slide's claims has one)."""
        badge = f" #slide-badge({typst_string(section.badge)})" if section.badge else ""
        lines = [f"*{typst_text(section.title)}*{badge}", ""]
        for block in section.blocks:
            lines.extend(self.block(block, depth + 1))
        return lines

    def display_math(self, block: doc.DisplayMath) -> list[str]:
        formula = self.formula(block)
        if formula is None:
            return [f"#align(center)[{typst_text(block.plain or block.latex)}]", ""]
        return [f"#statement({self.statement_pt}pt, {self.where}, $display({formula})$)", ""]

    def figure(self, figure: doc.Figure) -> list[str]:
        path = f"{FIGURE_DIR}/{figure.name}.pdf"
        self.files.append((path, self.figures.pdf(figure)))
        width, height = self.room
        caption = typst_text(self.figures.caption(figure))
        return [f"#picture({typst_string(path)}, {width:.2f}in, {height:.2f}in, [{caption}])", ""]

    def table(self, table: doc.Table) -> list[str]:
        """A grid of numbers, centred (the report's table, in the slide's sizes)."""
        return ["#align(center)[", *super().table(table), "]", ""]
