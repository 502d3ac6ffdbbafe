"""Cutting a slide too full for a room to read into slides that go on from it.

Every deck writer draws a slide at one size (body text 24pt or more, see
:mod:`grundy.report.slides_html`, :mod:`grundy.report.slides_typst` and
:mod:`grundy.report.slides_beamer`), so what does not fit is either clipped (HTML,
Beamer) or spills over an untitled page (typst).  Deciding it once, here, on the deck's
model keeps the three alike: a slide whose words would need more lines than a slide
holds goes on over as many slides as it needs, each titled "(continued)", cut between
blocks, or inside a long paragraph at the end of a sentence.

The measure is in lines of body text.  The numbers are those of the smallest of the
three writers' rooms (Beamer's 14pt frame holds about 58 characters a line and 11
lines; the HTML deck's 34px body about 64 and 12; typst's 26pt about 70 and 12), less a
margin, so a slide judged to fit fits in all three; the tests measure the rendered
slides (in Chromium and with pdftotext) to hold this to account.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from grundy.report.deck import Slide
from grundy.report.document import (
    Block,
    BulletList,
    DisplayMath,
    Figure,
    Inline,
    Inlines,
    Math,
    Paragraph,
    Section,
    Table,
    plain_text,
)
from grundy.report.student_words import cut_marked, say, strip_marks

__all__ = ["LINES", "PER_LINE", "fit_slide", "fit_slides", "slide_lines"]

LINES = 11.0  # lines of body text a slide holds under a title of one line
PER_LINE = 60  # characters of body text on one of those lines
WHOLE_PARAGRAPH = 4  # lines: a paragraph this short moves to the next slide whole
TITLE_PER_LINE = 40  # characters of a title on one line (titles are larger)
TITLE_LINE = 1.3  # a title's second line, in body lines
GAP = 0.4  # the space between two blocks, in body lines
FORMULA = 2.2  # a statement, set large
FIGURE = 5.0  # the least room a picture is drawn in
# Slides that are never cut: a picture fills its slide, short claims are few already.
_WHOLE = ("picture", "claims")


def _math_width(latex: str) -> int:
    """About how many characters wide a formula is: each command counts as one symbol."""
    return len(re.sub(r"[{}_^ ]", "", re.sub(r"\\[A-Za-z]+|\\.", "x", latex)))


def _text_width(content: Inlines) -> int:
    return sum(
        _math_width(piece.latex)
        if isinstance(piece, Math)
        else len(strip_marks(plain_text((piece,))))
        for piece in content
    )


def _text_lines(width: int) -> float:
    return float(max(1, math.ceil(width / PER_LINE)))


def block_lines(block: Block) -> float:
    """The lines of body text ``block`` takes on a slide (a picture: the least it needs)."""
    if isinstance(block, Paragraph):
        return _text_lines(_text_width(block.content))
    if isinstance(block, DisplayMath):
        # A formula wider than the slide is scaled down, not wrapped: it keeps one line.
        return FORMULA
    if isinstance(block, BulletList):
        return sum(_text_lines(_text_width(item)) for item in block.items) + GAP * len(block.items)
    if isinstance(block, (Figure, Table)):
        return FIGURE
    if isinstance(block, Section):
        return 1.0 + sum(block_lines(inner) + GAP for inner in block.blocks)
    return 1.0


def _room(title: str, badge: str = "") -> float:
    """The lines left for the body under ``title`` and its badge (a title of two lines
    takes more; the badge sits at its end, on a line of its own if the line is full)."""
    title_lines = max(1, math.ceil((len(title) + len(badge) + 4 * bool(badge)) / TITLE_PER_LINE))
    return LINES - TITLE_LINE * (title_lines - 1)


def slide_lines(blocks: Iterable[Block]) -> float:
    """The lines of body text ``blocks`` take together on one slide."""
    listed = list(blocks)
    return sum(block_lines(block) for block in listed) + GAP * max(0, len(listed) - 1)


# -- cutting a paragraph ------------------------------------------------------------------

# Where a paragraph may be cut (the blank, group 1, is dropped): after a sentence's full
# stop (or its question or exclamation mark), before the next word; as a last resort,
# between any two words.  Tracing marks (private-use characters) may stand between.
_SENTENCE_END = re.compile(r"[.!?][\ue000-\ue003]*(\s+)(?=\S)")
_WORD_END = re.compile(r"(\s+)(?=\S)")


def _cut(content: Inlines, room: float, pattern: re.Pattern[str]) -> tuple[Inlines, Inlines]:
    """The longest head of ``content`` ending where ``pattern`` matches that fits in
    ``room`` lines, and the rest; ``((), content)`` when no head fits."""
    best: tuple[Inlines, Inlines] = ((), content)
    for index, piece in enumerate(content):
        if not isinstance(piece, str):
            continue
        for found in pattern.finditer(piece):
            if found.start(1) == 0:
                continue  # a cut there would leave the piece before it alone
            before, after = cut_marked(piece, found.start(1), found.end(1))
            head: tuple[Inline, ...] = (*content[:index], before)
            if _text_lines(_text_width(head)) > room:
                return best
            best = (head, (after, *content[index + 1 :]))
    return best


def _split(
    paragraph: Paragraph, room: float, mid_sentence: bool
) -> tuple[Paragraph, Paragraph] | None:
    """``paragraph`` cut in two at a sentence's end, the first part fitting in ``room``
    lines; with ``mid_sentence`` (a slide of its own for a sentence longer than a slide)
    between two words if need be; ``None`` when no first part fits."""
    for pattern in (_SENTENCE_END, _WORD_END) if mid_sentence else (_SENTENCE_END,):
        head, tail = _cut(paragraph.content, room, pattern)
        if head:
            return Paragraph(head), Paragraph(tail)
    return None


# -- cutting a slide ----------------------------------------------------------------------


def _pages(blocks: tuple[Block, ...], first: float, later: float) -> list[list[Block]]:
    """``blocks`` in order on as few slides as hold them: ``first`` lines on the first,
    ``later`` on each after it."""
    pages: list[list[Block]] = [[]]
    room = first
    pending = list(blocks)
    while pending:
        block = pending.pop(0)
        left = room - (GAP if pages[-1] else 0.0)
        if block_lines(block) <= left:
            pages[-1].append(block)
            room = left - block_lines(block)
            continue
        cut = None
        long = block_lines(block) > WHOLE_PARAGRAPH
        if isinstance(block, Paragraph) and ((long and left >= 2) or not pages[-1]):
            # a long paragraph cut at a sentence's end, if its first part fills the room
            # left (two lines at least: one line alone at a slide's foot reads as a stray)
            cut = _split(block, left, mid_sentence=not pages[-1])
        if cut is not None:
            pages[-1].append(cut[0])
            pending.insert(0, cut[1])
        elif not pages[-1]:  # alone on a slide and no part of it fits: it has the slide
            pages[-1].append(block)
        else:
            pending.insert(0, block)
        pages.append([])
        room = later
    return [page for page in pages if page]


def fit_slide(slide: Slide, more: str = "") -> list[Slide]:
    """``slide`` as it is when it fits, else cut into slides that each fit, the later
    ones titled ``more`` (by default, as going on from it) and carrying its badge."""
    first = _room(slide.title, slide.badge)
    if slide.kind in _WHOLE or slide_lines(slide.blocks) <= first:
        return [slide]
    more = more or say("slide.continued", title=slide.title)
    later = _room(more, slide.badge)
    pages = _pages(slide.blocks, first, later)
    if len(pages) <= 1:
        return [slide]
    # As many slides, filled alike: the least share of each slide's room that needs no more
    # of them (else the last might hold one line).
    for tenths in range(5, 10):
        even = _pages(slide.blocks, first * tenths / 10, later * tenths / 10)
        if len(even) == len(pages):
            pages = even
            break
    opening = Slide(slide.title, tuple(pages[0]), slide.kind, slide.badge)
    rest = [Slide(more, tuple(page), slide.kind, slide.badge) for page in pages[1:]]
    return [opening, *rest]


def fit_slides(slides: Iterable[Slide]) -> tuple[Slide, ...]:
    """Each of ``slides`` cut as :func:`fit_slide` cuts it."""
    return tuple(part for slide in slides for part in fit_slide(slide))
