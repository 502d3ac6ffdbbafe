"""What must never reach a student's handout: code, internals, and symbols lost in print.

The handout is mathematics and prose.  :func:`student_text_problems` reads the text of a
rendered handout (HTML stripped of its tags, or a PDF through pdftotext) and names every
piece of code (``nim_mul(``, ``len(moves)``), engine (Z3), command-line syntax
(``--set``), claim id, course document's file number, and ``?`` standing where a symbol
could not be printed.  The tests run it on the library's handout and on lecturers' own
claim files; ``bench/handout_pages.py`` runs it beside the page counts.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator

from grundy.report.document import (
    AnswerSpace,
    BulletList,
    Cell,
    Document,
    Figure,
    Inline,
    Link,
    Math,
    Measured,
    Paragraph,
    Section,
    Strong,
    Table,
    Timing,
)
from grundy.report.student_words import strip_marks, unmarked_words

__all__ = ["document_runs", "html_text", "student_text_problems", "untraced_runs"]

_CHECKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "code",
        re.compile(
            r"\bnim_(?:mul|inv|pow)\b|\bwinning_moves\b|\blen\(|\b(?:outcome|grundy) ==|"
            r"\bNim_k\b|\^\(|ˆ|\b18446744073709551615\b|\bimplies\(|\bmutant_of\b|\boutcome_of\(|"
            r"(?<=[\w)'\]]) == (?=[\w('\[])|"
            r"\bin \[\("  # a Python list of cases: "assuming (a, b) in [(1, 2), ...]"
        ),
    ),
    ("engine", re.compile(r"\bZ3\b|\bz3\b|\bexhaustive\+|\bheap-sequence engine\b")),
    (  # how the software works, said in its own words rather than the course's
        "software word",
        re.compile(
            r"\b(?:the|exact|plain|independent) (?:solver|search|checker)\b|\bsolver's\b|"
            r"\bas everywhere in grundy\b|\bre-checked independently\b|"
            r"\bthe certificate\b|\bheap map repeats\b|\bno closed form\b|"
            r"\bquick settings\b|\bcatalogue games?\b|\bgrundys-game\b|"
            r"\btested (?:on|against) (?:\d|random|many)|\brandom search\b|"
            r"\bexhaustive(?:ly)?\b|\btested with\b|\b(?:plain|by) search\b|"
            r"\bsearched (?:as|for)\b|\bby machine alone\b|\bmutant\b|\bplanted\b|"
            r"\b(?:heap-sequence|rare/common|fast) engine\b|\ba certificate\b|\bwith quick\b"
        ),
    ),
    (
        "command line",
        re.compile(r"(?<![\w-])--[a-z][a-z-]*|\bgrundy (?:report|check|verify)\b|\.toml\b"),
    ),
    ("file number", re.compile(r"(?<![\d,.])00[0-3] (?=[A-Za-z])")),
    # A symbol the PDF could not print comes out as "?" between spaces or inside a word.
    ("lost symbol", re.compile(r"(?<=\s)\?(?=\s)|(?<=\w)\?(?=\w)")),
)


def html_text(page: str) -> str:
    """The visible text of an HTML page: no scripts, styles, tags or alt attributes."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.DOTALL | re.IGNORECASE)
    page = re.sub(r"<annotation\b.*?</annotation>", " ", page, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def student_text_problems(text: str, ids: Iterable[str] = ()) -> list[str]:
    """Every forbidden piece of ``text``, as ``"kind: context"``; ``ids`` are the claim
    ids of the report (an id with a hyphen must not appear as a word).

    >>> def kinds(text, ids=()):
    ...     return [p.split(":")[0] for p in student_text_problems(text, ids)]
    >>> kinds("x ⊗ y; nim_mul(a, b) by Z3, see --mutants")
    ['code', 'engine', 'command line']
    >>> kinds("the bites found by the solver (as everywhere in grundy); grundys-game")
    ['software word', 'software word', 'software word']
    >>> kinds("The solver of the exercise: tested on 500 random heaps, by random search")
    ['software word', 'software word']
    >>> kinds("found by plain search (exhaustive; 6 with --quick), tested with every K")
    ['software word', 'software word', 'software word', 'command line']
    >>> kinds("In words: grundy == 3 and outcome == 'N'")
    ['code', 'code']
    >>> kinds("assuming (a, b) in [(1, 2), (3, 5)]; numbers in [2, 4]")
    ['code']
    >>> kinds("the set x ? y; Who wins? 20,130,001 values", ["bouton-k-heaps"])
    ['lost symbol']
    >>> kinds("Source: 000 Mathematical Games I (see bouton-k-heaps).", ["bouton-k-heaps"])
    ['file number', 'claim id']
    """
    problems = []
    checks = list(_CHECKS)
    named = sorted((i for i in ids if "-" in i), key=len, reverse=True)
    if named:
        alternatives = "|".join(re.escape(i) for i in named)
        checks.append(("claim id", re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")))
    for kind, pattern in checks:
        for match in pattern.finditer(text):
            start, end = max(match.start() - 20, 0), match.end() + 20
            context = " ".join(text[start:end].split())
            problems.append(f"{kind}: ...{context}...")
    return problems


def _inline_runs(pieces: Iterable[Inline]) -> Iterator[str]:
    # A paragraph's text runs are read together: a sentence may be cut by a link or a
    # formula, and the marks of its parts must cover it all.  Math is typeset from the
    # claim (never prose); a code piece is a position or a list of numbers.
    for piece in pieces:
        if isinstance(piece, str):
            yield piece
        elif isinstance(piece, (Link, Strong)):
            yield piece.text
        elif isinstance(piece, (Timing, Measured)):
            yield "timing"  # never in a handout: reported as a leak
        elif not isinstance(piece, Math):
            yield piece.text


def _cell_runs(cells: Iterable[Cell]) -> Iterator[str]:
    for cell in cells:
        yield from _inline_runs(cell.content)


def document_runs(document: Document) -> Iterator[tuple[str, str]]:
    """Every text run a reader of ``document`` sees, with the title of its section:
    headings, paragraphs, list items, table cells, figure captions and their alt text.
    Displayed formulas and preformatted tables of digits are mathematics and skipped."""

    def walk(blocks: Iterable[object], where: str) -> Iterator[tuple[str, str]]:
        for block in blocks:
            if isinstance(block, Section):
                yield block.title, block.title
                yield from walk(block.blocks, strip_marks(block.title))
            elif isinstance(block, Paragraph):
                yield where, "".join(_inline_runs(block.content))
            elif isinstance(block, BulletList):
                for item in block.items:
                    yield where, "".join(_inline_runs(item))
            elif isinstance(block, Table):
                for run in _cell_runs(block.header):
                    yield where, run
                for row in block.rows:
                    for run in _cell_runs(row):
                        yield where, run
                yield where, block.caption
            elif isinstance(block, Figure):
                yield where, block.caption
                yield where, block.alt
            elif isinstance(block, AnswerSpace):
                yield where, block.label

    yield from walk(document.sections, "")


def untraced_runs(document: Document) -> list[str]:
    """The words of a handout built in tracing mode (:func:`grundy.report.student_words.tracing`)
    that came neither from a claim, a game, nor :mod:`grundy.report.student_words`, as
    ``"section: words"``."""
    leaks = []
    for where, run in document_runs(document):
        left = unmarked_words(run)
        if left:
            leaks.append(f"{where}: {left}")
    return leaks
