"""The lecture's slide deck, made from the handout: the same statements, verdicts and
pictures, cut into slides a room can read.

:func:`build_deck` turns the handout's :class:`~grundy.report.document.Document` into a
:class:`Deck`: a title slide (the handout's title, author and byline), the handout's
definitions and its games' rules in its own words, one slide per
claim (or one per topic for a run of short claims), each with its statement large and its
verdict as a badge carrying its word, then the topic's pictures one to a slide.  For a
claim with a counterexample (above all a plausible mistake, a claim expected to fail) the
counterexample comes on the slide AFTER the statement, so the lecturer can ask the room
first; a mistake's first slide shows no verdict at all.  Last, a slide too full to read
at the writers' sizes is cut into slides titled "(continued)"
(:mod:`grundy.report.slides_fit`), once here for every writer.

A deck is a model like a document: its slides hold the document's blocks, and each format
has its own writer (:mod:`grundy.report.slides_html`, :mod:`grundy.report.slides_typst`,
:mod:`grundy.report.slides_beamer`) registered in :data:`DECK_WRITERS` under the name of
the file it writes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from grundy.report.deck import Deck, Slide
from grundy.report.document import (
    Block,
    BulletList,
    DisplayMath,
    Document,
    Figure,
    Paragraph,
    Section,
    Strong,
    Table,
    iter_figures,
    plain_text,
)
from grundy.report.render import FigureRenderer
from grundy.report.slides_fit import fit_slide, fit_slides
from grundy.report.student_words import SENTENCES, say, strip_marks

__all__ = ["DECK_WRITERS", "Deck", "DeckFiles", "Slide", "build_deck", "render_deck"]


SHORT_STATEMENT = 48  # symbols of a formula short enough to share a slide with others
PER_SLIDE = 3  # short claims on one slide at most
NO_BEAMER = (
    "Beamer (with pgf) is not installed, so no slides.pdf is written; slides.html is "
    "(apt-get install texlive-latex-recommended texlive-pictures for the PDF)"
)
LARGEST_GRID = 17  # a table with more columns than this is too small to read on a slide


# -- from the handout ------------------------------------------------------------------


# The handout's labels are read back by their sentences in student_words, compared
# without the marks a traced handout carries, so a label is worded in one place.


def _starts_with(block: Block, key: str) -> bool:
    """Whether the paragraph opens with the bold label of sentence ``key``."""
    if not isinstance(block, Paragraph) or not block.content:
        return False
    first = block.content[0]
    return isinstance(first, Strong) and strip_marks(first.text) == strip_marks(say(key))


def _capitalised(text: str) -> str:
    """``text`` with its first letter upper-case, after any tracing marks."""
    start = next((i for i, char in enumerate(text) if strip_marks(char)), len(text))
    return text[:start] + text[start : start + 1].upper() + text[start + 1 :]


def _opening(key: str) -> str:
    """The words sentence ``key`` opens with, up to its first blank."""
    return SENTENCES[key].split("{")[0].strip()


def _after_label(paragraph: Paragraph) -> Paragraph:
    """The paragraph without its bold label ("Verdict:"): the badge says it on a slide."""
    rest = list(paragraph.content[1:])
    if rest and isinstance(rest[0], str):
        rest[0] = rest[0].lstrip()
    return Paragraph(tuple(rest))


def _for_the_room(block: Block) -> bool:
    """Blocks a slide shows: formulas, sentences, lists and pictures; no code, no long
    tables, no "Answer: in the answers" pointer (a slide has no pages to turn to)."""
    if isinstance(block, Paragraph):
        text = strip_marks(plain_text(block.content))
        return not text.startswith((_opening("answer.label"), _opening("answer.source")))
    return isinstance(block, (DisplayMath, BulletList, Figure))


@dataclass(frozen=True, slots=True)
class _Claim:
    title: str
    badge: str
    statement: tuple[Block, ...]
    verdict: Paragraph | None
    counterexample: tuple[Block, ...]
    mistake: bool


def _claim(section: Section) -> _Claim:
    statement: list[Block] = []
    verdict = None
    rest: list[Block] = []
    for block in section.blocks:
        if verdict is None and _starts_with(block, "verdict.label"):
            assert isinstance(block, Paragraph)
            verdict = _after_label(block)
        elif verdict is None:
            statement.append(block)
        else:
            rest.append(block)
    counter: list[Block] = []
    for index, block in enumerate(rest):
        if _starts_with(block, "counterexample.label"):
            counter = rest[index:]
            break
    # How the handout titles a claim expected to fail: the sentence with an empty title.
    prefix = say("claim.mistake", title="")
    mistake = section.title.startswith(prefix)
    title = section.title.removeprefix(prefix)
    return _Claim(
        _capitalised(title),
        section.badge,
        tuple(b for b in statement if _for_the_room(b)),
        verdict,
        tuple(b for b in counter if _for_the_room(b)),
        mistake,
    )


def _is_short(claim: _Claim) -> bool:
    """One short formula and nothing else: several such fit one slide."""
    if claim.counterexample or len(claim.statement) != 1:
        return False
    only = claim.statement[0]
    return isinstance(only, DisplayMath) and len(only.latex) <= SHORT_STATEMENT


def _claim_slides(claim: _Claim) -> list[Slide]:
    verdict = (claim.verdict,) if claim.verdict is not None else ()
    if not claim.counterexample:
        return [Slide(claim.title, claim.statement + verdict, "claim", claim.badge)]
    if claim.mistake:  # asked first: no word, no picture of the answer
        question = Paragraph((claim.title + ".",))
        ask = Slide(say("slide.question"), (question, *claim.statement), "question")
    else:
        ask = Slide(claim.title, claim.statement + verdict, "claim", claim.badge)
    # A refutation's verdict only points at the counterexample, which the slide shows.
    said = () if claim.badge == "refuted" else verdict
    reveal = Slide(claim.title, said + claim.counterexample, "reveal", claim.badge)
    return [ask, reveal]


def _grouped(topic: str, claims: Sequence[_Claim]) -> Slide:
    parts = tuple(
        Section(claim.title, f"slide-claim-{index}", claim.statement, claim.badge, "claim")
        for index, claim in enumerate(claims)
    )
    return Slide(topic, parts, "claims")


def _picture_slides(section: Section) -> list[Slide]:
    """A topic's pictures, one to a slide, under the picture's own title; a table of
    numbers (the nim-addition table) when it has no picture and fits."""
    slides = [Slide(section.title, (figure,), "picture") for figure in iter_figures((section,))]
    if slides:
        return slides
    for block in section.blocks:
        if isinstance(block, Table) and block.kind == "grid" and len(block.header) <= LARGEST_GRID:
            return [Slide(section.title, (block,), "picture")]
    return []


def _topic_slides(topic: Section) -> list[Slide]:
    slides: list[Slide] = []
    waiting: list[_Claim] = []

    def flush() -> None:
        if len(waiting) == 1:
            slides.extend(_claim_slides(waiting[0]))
        elif waiting:
            slides.append(_grouped(topic.title, waiting))
        waiting.clear()

    for block in topic.blocks:
        if isinstance(block, Section) and block.kind == "claim":
            claim = _claim(block)
            if _is_short(claim):
                waiting.append(claim)
                if len(waiting) == PER_SLIDE:
                    flush()
                continue
            flush()
            slides.extend(_claim_slides(claim))
        elif isinstance(block, Section) and block.kind == "definition":
            flush()
            blocks = tuple(b for b in block.blocks if _for_the_room(b))
            slides.append(Slide(block.title, blocks, "definition"))
        elif isinstance(block, Section) and _holds_claims(block):
            flush()  # a topic inside a part (beyond the course): its claims get slides
            slides.extend(_topic_slides(block))
        elif isinstance(block, Section):
            flush()
            slides.extend(_picture_slides(block))
    flush()
    return slides


def _holds_claims(section: Section) -> bool:
    return any(isinstance(b, Section) and b.kind == "claim" for b in section.blocks)


def _part_slide(section: Section) -> list[Slide]:
    """A part made of topics (the statements beyond the course) opens with a slide of
    its title and what it says of itself."""
    if not any(isinstance(b, Section) and _holds_claims(b) for b in section.blocks):
        return []
    said = tuple(b for b in section.blocks if isinstance(b, Paragraph) and _for_the_room(b))
    return [Slide(section.title, said, "part")]


# Parts of the handout that are for reading, not for the lecture.
_NOT_FOR_SLIDES = ("summary", "answers")
DEFINITIONS = "definitions"  # the anchor of the handout's opening part (report.definitions)


def _is_term(block: Block) -> bool:
    """Whether ``block`` defines one of the course's terms (not a game's rules)."""
    from grundy.report.definitions import CONCEPTS

    if not isinstance(block, Paragraph) or not block.content:
        return False
    first = block.content[0]
    terms = {strip_marks(say(f"term.{key}") + ".") for key, _ in CONCEPTS}
    return isinstance(first, Strong) and strip_marks(first.text) in terms


def _definition_slides(part: Section) -> list[Slide]:
    """The handout's definitions and rules, in its words: the terms on as many slides
    as they need under the part's title, then the games' rules on slides of their own."""
    said = [b for b in part.blocks if _for_the_room(b)]
    rules = [b for b in said if isinstance(b, Paragraph) and b.content and not _is_term(b)]
    intro = [rules.pop(0)] if rules and not isinstance(rules[0].content[0], Strong) else []
    terms = [b for b in said if b not in rules and b not in intro]
    more = say("slide.continued", title=part.title)
    slides = fit_slide(Slide(part.title, (*intro, *terms), "definition"))
    if rules:
        title = more if terms or intro else part.title
        slides += fit_slide(Slide(title, tuple(rules), "definition"), more)
    return slides


def build_deck(handout: Document) -> Deck:
    """The deck of a handout (:func:`grundy.report.handout.build_handout`)."""
    slides: list[Slide] = []
    for section in handout.sections:
        if section.anchor in _NOT_FOR_SLIDES:
            continue
        if section.anchor == DEFINITIONS:
            slides.extend(_definition_slides(section))
            continue
        if section.kind == "definition":
            blocks = tuple(b for b in section.blocks if _for_the_room(b))
            slides.append(Slide(section.title, blocks, "definition"))
            continue
        slides.extend(_part_slide(section))
        slides.extend(_topic_slides(section))
    byline = plain_text(handout.subtitle)
    # Last, in one place for every writer: a slide too full to read is cut in two.
    return Deck(handout.title, handout.author, byline, fit_slides(slides))


# -- writing ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckFiles:
    """What a deck writer made: files by relative path, and notes for the lecturer."""

    files: dict[str, bytes | str]
    notes: tuple[str, ...] = ()


DeckWriter = Callable[[Deck, FigureRenderer, str | None, bool], DeckFiles]
"""A deck's writer: the deck, the figures (drawn once for all formats), the TeX engine
(None where there is none) and whether it is for a black-and-white printer."""


def _html(deck: Deck, figures: FigureRenderer, engine: str | None, bw: bool) -> DeckFiles:
    from grundy.report.slides_html import render_deck_html

    return DeckFiles({"slides.html": render_deck_html(deck, figures, bw)})


def _tex(deck: Deck, figures: FigureRenderer, engine: str | None, bw: bool) -> DeckFiles:
    from grundy.report.slides_beamer import render_deck_beamer

    latex = render_deck_beamer(deck, figures, bw=bw)
    return DeckFiles({"slides.tex": latex.text, **dict(latex.files)})


def _pdf(deck: Deck, figures: FigureRenderer, engine: str | None, bw: bool) -> DeckFiles:
    from grundy.report.slides_beamer import beamer_installed, build_deck_pdf

    if engine is None or not beamer_installed():
        # The handout's PDF needs less of TeX than Beamer does: it is still written.
        return DeckFiles({}, (NO_BEAMER,))
    pdf, fell_back = build_deck_pdf(deck, figures, engine, bw)
    notes = tuple(f"slides: a formula fell back: {text}" for text in fell_back)
    return DeckFiles({"slides.pdf": pdf}, notes)


def _typst_pdf(deck: Deck, figures: FigureRenderer, engine: str | None, bw: bool) -> DeckFiles:
    from grundy.report.output import ReportError
    from grundy.report.slides_typst import build_deck_typst_pdf
    from grundy.report.typst_pdf import TypstFailure

    try:
        pdf, fell_back = build_deck_typst_pdf(deck, figures, bw)
    except TypstFailure as failure:
        raise ReportError(f"slides.pdf: {failure}") from None
    return DeckFiles({"slides.pdf": pdf}, tuple(f"slides: {text}" for text in fell_back))


# The deck's formats, by the report format whose choice brings them (``--format``); the
# HTML deck always comes with ``--slides``.  The PDF is typst's, or Beamer's when the PDF
# engine is TeX: ``pdf`` is ``pdf-typst`` or ``pdf-tex`` (see :func:`render_deck`).
DECK_WRITERS: dict[str, DeckWriter] = {
    "html": _html,
    "tex": _tex,
    "pdf-typst": _typst_pdf,
    "pdf-tex": _pdf,
}


def render_deck(
    deck: Deck,
    formats: Sequence[str],
    engine: str | None = None,
    bw: bool = False,
    pdf_engine: str = "typst",
) -> DeckFiles:
    """The deck's files in each of ``formats`` (names of :data:`DECK_WRITERS`) that has a
    writer; ``pdf`` is built by ``pdf_engine`` (``typst``, or ``tex``: Beamer, with the TeX
    ``engine``); ``bw`` draws it for a black-and-white printer."""
    figures = FigureRenderer(bw=bw)
    files: dict[str, bytes | str] = {}
    notes: list[str] = []
    for name in formats:
        writer = DECK_WRITERS.get(f"pdf-{pdf_engine}" if name == "pdf" else name)
        if writer is not None:
            made = writer(deck, figures, engine, bw)
            files.update(made.files)
            notes.extend(made.notes)
    return DeckFiles(files, tuple(notes))
