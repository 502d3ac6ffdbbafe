"""What a reader must not miss beside a verdict: steps argued on paper, and misère play.

A proof may rest on a step that no machine checked (an induction argued in words,
:mod:`grundy.paper_steps`): both reports say so beside the verdict and count such
proofs in their summaries.  A statement about misère play is marked as such wherever it
is typeset: 𝒫⁻ and 𝒩⁻ in a formula the report writes itself, and a line in words.

>>> mark_misere(r"(n \\in \\mathcal{P}) \\iff (n \\bmod 4 = 1)")
'(n \\\\in \\\\mathcal{P}^{-}) \\\\iff (n \\\\bmod 4 = 1)'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from grundy.library import TheoremResult
from grundy.report.student_words import claim_words, say
from grundy.solve.solver import Play
from grundy.verdict import Assumption, Verdict

__all__ = [
    "PAPER_MARK",
    "mark_misere",
    "misere_words",
    "paper_count_sentence",
    "paper_mark",
    "paper_sentence",
    "paper_step_words",
    "play_words",
]


def misere_words() -> str:
    """The line said under every statement about misère play."""
    return say("misere.line")


_OUTCOME_CLASS = re.compile(r"\\mathcal\{([PN])\}(?!\s*\^)")


def mark_misere(latex: str) -> str:
    """𝒫 and 𝒩 in a formula as 𝒫⁻ and 𝒩⁻ (left alone where already marked)."""
    return _OUTCOME_CLASS.sub(lambda match: rf"\mathcal{{{match.group(1)}}}^{{-}}", latex)


def play_words(play: Play | None) -> str:
    """``normal play``, ``misère play``, or both (``None``).

    >>> play_words(Play.MISERE)
    'misère play'
    """
    if play is None:
        return say("play.both")
    return say("play.misere") if play is Play.MISERE else say("play.normal")


def paper_step_words(step: Assumption) -> str:
    """One step argued on paper, as a reader sees it: its words, or its id."""
    return claim_words(step.statement) if step.statement else say("paper.step")


def _step_words(step: Assumption, titles: Mapping[str, str] | None, own_id: str) -> str:
    """A step of another theorem (``lemma-id/step``) is named by that theorem's title,
    where its words are said in full; the handout says each step once."""
    owner = step.id.partition("/")[0]
    if titles is not None and owner != own_id and owner in titles:
        return say("paper.other", title=claim_words(titles[owner]))
    return paper_step_words(step)


def paper_sentence(
    verdict: Verdict, titles: Mapping[str, str] | None = None, own_id: str = ""
) -> str:
    """A sentence naming every step of a proof argued on paper ('' when none).

    >>> from grundy.verdict import UNBOUNDED, Assumption, Status
    >>> lemma = Assumption("chomp-rectangles-are-n", UNBOUNDED)
    >>> paper_sentence(Verdict(Status.PROVED, "z3", UNBOUNDED, assumes=(lemma,)))[:58]
    ' Argued on paper, not by machine: the strategy-stealing ar'
    """
    if not verdict.rests_on_paper:
        return ""
    words = [_step_words(step, titles, own_id) for step in verdict.paper_steps]
    steps = say("list.semicolon-and").join(dict.fromkeys(words))
    return say("paper.sentence", steps=steps)


PAPER_MARK = "†"
"""Marks a proof resting on a step argued on paper in a summary table (kept to one
character: the handout's summary has one line a statement; not ``*``, which writes
nimbers)."""


def paper_mark(verdict: Verdict) -> str:
    """The mark for a summary table's verdict cell ('' when no step is on paper)."""
    return PAPER_MARK if verdict.rests_on_paper else ""


def paper_count_sentence(results: Sequence[TheoremResult], named: bool = True) -> str:
    """How many proofs rest on a step argued on paper, and which unless not ``named``
    (the handout's table marks them instead); '' when none."""
    resting = [result.theorem.id for result in results if result.verdict.rests_on_paper]
    if not resting:
        return ""
    proofs = say("paper.one") if len(resting) == 1 else say("paper.many")
    said = say("paper.count", count=len(resting), proofs=proofs)
    if not named:  # the handout: a count only
        return said
    return f"{said[:-1]}: {', '.join(resting)}."  # the record names them by id
