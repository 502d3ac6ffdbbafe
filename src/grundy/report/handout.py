"""The handout: a short document for students, topic by topic.

For each claim: the statement in notation (and in words when it is prose), the verdict
and its scope in plain language (:mod:`grundy.report.words`), the lemmas it assumed,
and any counterexample drawn with what breaks the claim.  Each topic ends with the
pictures and tables that explain it (evidence computed by the solver).  No engine
names, timings or solver figures: those are in the record.  Mutants and other claims
expected to fail are left out unless asked for, and then appear as common mistakes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from grundy.claims import Claim
from grundy.library import Expectation, TheoremResult
from grundy.report.caveats import paper_count_sentence, paper_mark
from grundy.report.counterexamples import counterexample_blocks
from grundy.report.document import (
    Block,
    Cell,
    Document,
    Inline,
    Link,
    Paragraph,
    Section,
    Strong,
    Table,
)
from grundy.report.evidence import EvidenceItem
from grundy.report.mistakes import mistake_blocks, winning_counters
from grundy.report.sources import SOURCES_SENTENCE, cites_course, source_words
from grundy.report.statements import statement_blocks
from grundy.report.topics import Topic
from grundy.report.words import polish, scope_words, verdict_words
from grundy.verdict import UNBOUNDED, Verdict, Word

__all__ = ["HandoutOptions", "build_handout", "claim_anchor", "short_verdict", "verdict_reach"]


@dataclass(frozen=True, slots=True)
class HandoutOptions:
    """What the title block says, and whether common mistakes are shown."""

    title: str
    author: str = ""
    course: str = ""
    date: str = ""
    mutants: bool = False


def claim_anchor(claim_id: str) -> str:
    """The anchor of a claim's section (the same in the handout and the record).

    >>> claim_anchor("bouton-3")
    'thm-bouton-3'
    """
    return f"thm-{claim_id}"


def short_verdict(verdict: Verdict) -> str:
    """A verdict's word (:attr:`grundy.verdict.Verdict.word`), for the summary table.

    >>> from grundy.verdict import UNBOUNDED, Status
    >>> short_verdict(Verdict(Status.PROVED, "z3", UNBOUNDED))
    'proved'
    >>> short_verdict(Verdict(Status.PROVED, "exhaustive", "bounded: 0 <= n <= 400"))
    'checked'
    """
    return verdict.word.value


def verdict_reach(verdict: Verdict) -> str:
    """What the word covers, for the summary table beside it: the finite domain of a
    checked claim (always shown with the word), "every case" for a proof with no bound.

    >>> from grundy.verdict import Status
    >>> verdict_reach(Verdict(Status.PROVED, "exhaustive", "bounded: 0 <= n <= 400"))
    '0 ≤ n ≤ 400'
    >>> verdict_reach(Verdict(Status.UNREFUTED, "random", "random: n <= 10^6", cases=500))
    '500 random cases, n ≤ 10⁶'
    """
    scope = scope_words(verdict.scope)
    word = verdict.word
    if word is Word.PROVED:
        return f"every {scope}" if scope else "every case"
    if word is Word.CHECKED:
        if verdict.scope.startswith(UNBOUNDED):  # "any number of ..., each < 2^64"
            return f"every {scope}"
        return scope or "a single case"
    if word is Word.TESTED:
        cases = f"{verdict.cases:,} random cases" if verdict.cases else "random cases"
        return f"{cases}, {scope}" if scope else cases
    if word is Word.REFUTED:
        return "a counterexample"
    return ""  # unknown and error: the claim's section says why


def _is_mistake(result: TheoremResult) -> bool:
    return result.theorem.expect is Expectation.FAILS


# A theorem with this tag tests the software (an engine against the exact solver), not
# the mathematics: it is in the record only.
SOFTWARE_TAG = "engine"


def _about_software(result: TheoremResult) -> bool:
    return SOFTWARE_TAG in result.theorem.tags


def _implied(result: TheoremResult, by_id: Mapping[str, TheoremResult]) -> bool:
    """A statement declared a case of a stronger theorem that holds in this report: a
    statement appears once, with its strongest verdict (the record has both)."""
    stronger = by_id.get(result.theorem.implied_by or "")
    if stronger is None or not stronger.as_expected:
        return False
    return stronger.verdict.word in (Word.PROVED, Word.CHECKED)


def _shown_by_default(result: TheoremResult) -> bool:
    """A lecturer's own claim expected to fail is a plausible mistake, the lesson of the
    sheet: shown.  The library's mutants (false variants that test the checks) are not."""
    return not result.theorem.is_mutant


def _title(result: TheoremResult) -> str:
    title = polish(result.theorem.title or result.theorem.id)
    if _is_mistake(result):
        title = title.removeprefix("Mutant: ").removeprefix("A guess: ")
        return "A plausible mistake: " + title
    return title


def _claim_section(
    result: TheoremResult,
    claim: Claim | None,
    titles: Mapping[str, str],
    notes: list[str],
    answer: Sequence[Section] = (),
) -> Section:
    theorem, verdict = result.theorem, result.verdict
    blocks: list[Block] = statement_blocks(theorem, claim, notes, brief=True)
    verdict_line: list[Inline] = [
        Strong("Verdict:"),
        " " + verdict_words(verdict, titles, theorem.id),
    ]
    if theorem.source:  # in the same paragraph: the handout is printed
        verdict_line.append(" Source: " + source_words(theorem.source) + ".")
    blocks.append(Paragraph(tuple(verdict_line)))
    if result.settles_open_claim:
        blocks.append(
            Paragraph(
                (Strong("News:"), " this settles a claim marked open."),
            )
        )
    if verdict.counterexample is not None:
        mistake = _is_mistake(result)
        taken = winning_counters(theorem, claim, verdict.counterexample) if mistake else {}
        blocks.extend(
            counterexample_blocks(
                theorem, claim, verdict.counterexample, taken, least=bool(verdict.least)
            )
        )
        if mistake:
            blocks.extend(mistake_blocks(theorem, claim, verdict.counterexample))
    if answer:  # worked out in the answers part, so the sheet can be handed out first
        blocks.append(
            Paragraph(("Answer: in ", Link("the answers", "#" + _answer_anchor(theorem.id)), "."))
        )
    return Section(
        _title(result), claim_anchor(theorem.id), tuple(blocks), verdict.word.value, "claim"
    )


def _answer_anchor(claim_id: str) -> str:
    return f"answer-{claim_id}"


def _answers_part(answered: Sequence[tuple[TheoremResult, Sequence[Section]]]) -> Section:
    """The worked answers, after everything else: the sheet before them can be handed out
    before the class, and this part after it."""
    parts = []
    for result, sections in answered:
        blocks: list[Block] = [
            Paragraph(("For ", Link(_title(result), "#" + claim_anchor(result.theorem.id)), "."))
        ]
        for section in sections:
            blocks.append(Paragraph((Strong(section.title + "."),)))
            blocks.extend(section.blocks)
        parts.append(Section(_title(result), _answer_anchor(result.theorem.id), tuple(blocks)))
    return Section("Answers to the exercises", "answers", tuple(parts))


def _summary(
    topics: Sequence[Topic], shown: Mapping[str, list[TheoremResult]], left_out: int
) -> Section:
    rows = []
    for topic in topics:
        for index, result in enumerate(shown[topic.key]):
            topic_cell = Cell((Link(topic.title, "#" + topic.anchor),)) if index == 0 else ""
            rows.append(
                (
                    topic_cell,
                    Cell((Link(_title(result), "#" + claim_anchor(result.theorem.id)),)),
                    Cell(
                        (short_verdict(result.verdict) + paper_mark(result.verdict),),
                        result.verdict.word.value,
                    ),
                    Cell((verdict_reach(result.verdict),)),
                )
            )
    blocks: list[Block] = [
        Paragraph(
            (
                "Proved: true in every case, with no bound. Checked: true in every case of "
                "the finite range shown beside it, each case checked. Tested: a random "
                "search found no counterexample, which is not a proof. Refuted: a "
                "counterexample is shown. Unknown: the check stopped at a limit, named "
                "with the claim.",
            )
        ),
        Table.build(("topic", "statement", "verdict", "for"), rows, kind="summary"),
    ]
    everything = [r for topic in topics for r in shown[topic.key]]
    if any(cites_course(r.theorem.source) for r in everything):
        blocks.append(Paragraph((SOURCES_SENTENCE,)))  # the short names used below
    on_paper = paper_count_sentence(everything, named=False)
    if on_paper:
        blocks.append(Paragraph((on_paper,)))
    if left_out:
        blocks.append(
            Paragraph(
                (
                    f"{left_out} deliberately false "
                    + ("statement is" if left_out == 1 else "statements are")
                    + " left out of this handout (they test the checks); the record has "
                    + ("it" if left_out == 1 else "them")
                    + ".",
                )
            )
        )
    return Section("Summary", "summary", tuple(blocks))


def build_handout(
    topics: Sequence[Topic],
    options: HandoutOptions,
    evidence: Mapping[str, Sequence[Section]],
    claims: Mapping[str, Claim],
    titles: Mapping[str, str],
    answers: Mapping[str, Sequence[Section]] | None = None,
) -> Document:
    """The handout of ``topics``; ``evidence`` maps a topic key to its pictures and tables,
    ``claims`` a claim-file claim's id to the claim, ``titles`` every theorem id to its
    title (to name the lemmas a proof assumed), ``answers`` an exercise's id to the
    evidence that works it out (shown inside the exercise)."""
    answers = answers or {}
    notes: list[str] = []
    shown: dict[str, list[TheoremResult]] = {}
    left_out = 0
    by_id = {r.theorem.id: r for topic in topics for r in topic.results}
    for topic in topics:
        keep = [
            r
            for r in topic.results
            if (options.mutants or _shown_by_default(r))
            and not _about_software(r)
            and not _implied(r, by_id)
        ]
        left_out += sum(1 for r in topic.results if _is_mistake(r) and r not in keep)
        shown[topic.key] = keep
    visible = [t for t in topics if shown[t.key]]
    sections = [_summary(visible, shown, left_out)]
    for topic in visible:
        blocks: list[Block] = [
            _claim_section(
                result,
                claims.get(result.theorem.id),
                titles,
                notes,
                answers.get(result.theorem.id, ()),
            )
            for result in shown[topic.key]
        ]
        blocks.extend(evidence.get(topic.key, ()))
        sections.append(Section(topic.title, topic.anchor, tuple(blocks)))
    answered = [
        (result, answers[result.theorem.id])
        for topic in visible
        for result in shown[topic.key]
        if answers.get(result.theorem.id)
    ]
    if answered:
        sections.append(_answers_part(answered))
    byline = " · ".join(part for part in (options.course, options.date) if part)
    return Document(
        options.title,
        tuple(sections),
        (byline,) if byline else (),
        tuple(notes),
        author=options.author,
        course=options.course,
        kind="handout",
    )


def place_evidence(
    topics: Sequence[Topic], items: Sequence[EvidenceItem]
) -> dict[str, list[EvidenceItem]]:
    """Each piece of evidence in the topic sharing most of its tags (the first on a tie);
    a piece no topic shares a tag with is left out."""
    placed: dict[str, list[EvidenceItem]] = {}
    for item in items:
        best = max(topics, key=lambda t: len(t.tags & item.topics), default=None)
        if best is not None and best.tags & item.topics:
            placed.setdefault(best.key, []).append(item)
    return placed
