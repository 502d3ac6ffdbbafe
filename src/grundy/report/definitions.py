"""The handout's opening part: the definitions and the rules it uses, in order of first use.

A student meets every word before it is used: the part lists each concept (impartial
game, position, move, P- and N-positions, mex, Grundy value, nim-sum, sums, equivalence,
draws, and the notation of Lucky Nim and misère play) and each catalogue game's rules,
only those the rest of the handout uses, in the order it first uses them.  The words are
:mod:`grundy.report.student_words`'; the rules are the games' own
(:mod:`grundy.games.rules`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from grundy.errors import GrundyError
from grundy.games import find_entry
from grundy.report.document import (
    Block,
    DisplayMath,
    Inline,
    Math,
    Paragraph,
    Section,
    Strong,
)
from grundy.report.student_words import cut_marked, game_words, say, strip_marks
from grundy.report.studenttext import document_runs

__all__ = [
    "BEYOND_CONCEPTS",
    "CONCEPTS",
    "defined_concepts",
    "definition_blocks",
    "definitions_part",
    "needs_beyond_the_course",
    "undefined_uses",
    "used_concepts",
]

# Each concept: its key in student_words ("term.KEY", "define.KEY") and the words (or
# LaTeX) that use it.  Listed in the course's order: a tie in first use keeps this order,
# so "impartial game" comes before "position" when both appear in the first sentence.
CONCEPTS: tuple[tuple[str, str], ...] = (
    ("game", r"\bgames?\b"),
    ("position", r"\bpositions?\b|\bheaps?\b"),
    ("move", r"\bmoves?\b|\boptions?\b|\bbites?\b"),
    ("terminal", r"\bterminal\b|\bno move\b"),
    ("play", r"\bnormal play\b|\bmis[eè]re\b|\blast mover\b"),
    (
        "outcome",
        r"\b[PN]-positions?\b|\\mathcal\{[PN]\}|𝒫|𝒩|\bP or N\b|\bare [PN]\b|\bo\(",
    ),
    ("misere-sets", r"\\mathcal\{[PN]\}\^\{?-|𝒫⁻|𝒩⁻"),
    ("mex", r"\bmex\b"),
    ("grundy", r"\bGrundy values?\b|\\mathcal\{G\}|\bvalues?\b|\bnimbers?\b|\*\d"),
    ("nim-sum", r"\bnim-sums?\b|\bnim-add|\\oplus|⊕"),
    ("sum", r"(?<!-)\bsums?\b"),
    ("equivalence", r"\bequivalen(?:t|ce)\b"),
    ("birthday", r"\bbirthdays?\b|\bborn by day\b"),
    ("draw", r"\bdraws?\b|\bloopy\b|\\infty_"),
    ("lucky-notation", r"\bLucky Nim\b"),
)


# Concepts the course never introduces (the notes build sums without birthdays): a
# statement whose words need one belongs to the part beyond the course, which defines it.
BEYOND_CONCEPTS = frozenset({"birthday"})


def needs_beyond_the_course(text: str) -> bool:
    """Whether ``text`` uses a concept the course never introduces.

    >>> needs_beyond_the_course("for G, H born by day 3"), needs_beyond_the_course("G + H")
    (True, False)
    """
    return bool(_uses(text) & BEYOND_CONCEPTS)


def _texts(sections: Iterable[Section]) -> list[str]:
    """The handout's text in reading order: its words and its formulas."""
    from grundy.report.document import Document

    texts = []
    for _, run in document_runs(Document("", tuple(sections))):
        texts.append(strip_marks(run))
    texts.extend(_formulas(sections))
    return texts


def _formulas(blocks: Iterable[object]) -> list[str]:
    found = []
    for block in blocks:
        if isinstance(block, DisplayMath):
            found.append(block.latex)
        elif isinstance(block, Section):
            found.extend(_formulas(block.blocks))
    return found


def _uses(text: str) -> set[str]:
    return {key for key, pattern in CONCEPTS if re.search(pattern, text)}


def used_concepts(text: str) -> list[str]:
    """The concepts ``text`` uses and those their definitions use in turn, in the
    course's order (:data:`CONCEPTS`, in which each definition uses only earlier ones).

    >>> used_concepts("the nim-sum of two numbers")
    ['nim-sum']
    >>> used_concepts("every P-position")[:3]
    ['game', 'position', 'move']
    """
    used = _uses(text)
    while True:
        more = set().union(*(_uses(strip_marks(say(f"define.{key}"))) for key in used)) - used
        if not more:
            break
        used |= more
    return [key for key, _ in CONCEPTS if key in used]


def undefined_uses(document_text: Sequence[tuple[str, str]]) -> list[str]:
    """Each concept used before its definition in ``document_text`` (pairs of a run's
    kind, ``"define KEY"`` for a definition, and its text), as ``"KEY: the run"``."""
    defined: set[str] = set()
    problems: list[str] = []
    for kind, text in document_text:
        if kind.startswith("define "):
            key = kind.removeprefix("define ")
            early = _uses(text) - defined - {key}
            problems.extend(f"{k}: in the definition of {key}" for k in sorted(early))
            defined.add(key)
            continue
        for key in sorted(_uses(text) - defined):
            problems.append(f"{key}: {text[:60]}")
            defined.add(key)  # said once
    return problems


def _rules_blocks(games: Sequence[str]) -> list[Block]:
    blocks: list[Block] = []
    for name in dict.fromkeys(games):
        try:
            entry = find_entry(name)
        except GrundyError:
            continue  # a game of the lecturer's own: its claims describe it
        if entry.rules:
            blocks.append(
                Paragraph((Strong(game_words(_display_name(name))), " ", game_words(entry.rules)))
            )
    return blocks


def _display_name(name: str) -> str:
    from grundy.report.gamenames import game_name

    named = str(game_name(name))
    return named[0].upper() + named[1:] + "."


def _definition(key: str) -> Block:
    return Paragraph((Strong(say(f"term.{key}") + "."), " ", *_with_formulas(say(f"define.{key}"))))


def _with_formulas(text: str) -> list[Inline]:
    """A definition's words with each ``$...$`` in it set as a formula (``∞_K`` came out
    with its underscore as typed), the words on either side still marked as ours."""
    inlines: list[Inline] = []
    while (start := text.find("$")) >= 0 and (end := text.find("$", start + 1)) > start:
        formula = text[start + 1 : end]
        head, text = cut_marked(text, start, end + 1)
        inlines += [head, Math(formula)]
    return [*inlines, text]


def definitions_part(sections: Sequence[Section], games: Sequence[str]) -> Section | None:
    """The part that opens the handout: the concepts ``sections`` use and the rules of
    ``games`` (catalogue names, in order of first use); ``None`` when nothing is used."""
    text = "\n".join(_texts(sections))
    blocks: list[Block] = [Paragraph((say("definitions.intro"),))]
    blocks.extend(_definition(key) for key in used_concepts(text))
    blocks.extend(_rules_blocks(games))  # after the words: the rules speak of positions
    if len(blocks) == 1:
        return None
    return Section(say("definitions.title"), "definitions", tuple(blocks))


def defined_concepts(sections: Sequence[Section]) -> set[str]:
    """The concepts the part that opens a handout of ``sections`` defines
    (:func:`definitions_part`)."""
    return set(used_concepts("\n".join(_texts(sections))))


def definition_blocks(section: Section, defined: Iterable[str]) -> list[Block]:
    """The definitions of the concepts ``section`` uses beyond those ``defined`` already
    (the part beyond the course opens with them)."""
    before = set(defined)
    used = used_concepts("\n".join(_texts([section])))
    return [_definition(key) for key in used if key not in before]
