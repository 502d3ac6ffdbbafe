"""The handout: a short document for students, topic by topic.

For each claim: the statement in notation (and in words when it is prose), the verdict
and its scope in plain language (:mod:`grundy.report.words`), the lemmas it assumed,
and any counterexample drawn with what breaks the claim.  Each topic ends with the
pictures and tables that explain it (evidence computed by the solver).  No engine
names, timings or solver figures: those are in the record.  The library's mutants are
left out unless asked for; a claim file's claims expected to fail are shown (unless
``mistakes`` is off), as plausible mistakes.  Exercises are asked in a part of their own
and answered at the end (:mod:`grundy.report.exercises`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from grundy.claims import Claim
from grundy.library import Expectation, TheoremResult
from grundy.report.caveats import paper_count_sentence, paper_mark
from grundy.report.definitions import defined_concepts, definition_blocks, definitions_part
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
from grundy.report.evidence_fit import (
    figure_kinds,
    keep_figures,
    label_plays,
    topic_evidence,
    topic_plays,
)
from grundy.report.exercises import Exercised, answers_part, exercises_of, exercises_part
from grundy.report.mistakes import counterexample_told
from grundy.report.sources import cites_course, source_said, sources_sentence
from grundy.report.statements import statement_blocks
from grundy.report.student_words import claim_words, say
from grundy.report.topics import BEYOND_PREFIX, Topic, split_beyond_course
from grundy.report.words import polish, scope_words, verdict_words
from grundy.verdict import UNBOUNDED, Verdict, Word

__all__ = [
    "HandoutOptions",
    "build_handout",
    "claim_anchor",
    "handout_exercises",
    "short_verdict",
    "verdict_reach",
]


@dataclass(frozen=True, slots=True)
class HandoutOptions:
    """What the title block says, and which mistakes are shown: ``mutants`` (false
    variants declared with ``mutant_of``) and ``mistakes`` (any claim expected to fail:
    off hides them all)."""

    title: str
    author: str = ""
    course: str = ""
    date: str = ""
    mutants: bool = False
    mistakes: bool = True


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
    '500 cases chosen at random, n ≤ 10⁶'
    """
    scope = scope_words(verdict.scope)
    word = verdict.word
    shown = claim_words(scope)  # the statement's own range
    if word is Word.PROVED:
        return say("reach.every", scope=shown) if scope else say("reach.every-case")
    if word is Word.CHECKED:
        if verdict.scope.startswith(UNBOUNDED):  # "any number of ..., each < 2^64"
            return say("reach.every", scope=shown)
        return shown or say("reach.single")
    if word is Word.TESTED:
        cases = (
            say("reach.random", cases=f"{verdict.cases:,}")
            if verdict.cases
            else say("reach.random-some")
        )
        return f"{cases}, {shown}" if scope else cases
    if word is Word.REFUTED:
        return say("reach.counterexample")
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


_BEYOND = "beyond-the-course"  # the anchor of the part beyond the course


def _shown(result: TheoremResult, options: HandoutOptions) -> bool:
    """A claim expected to fail is a plausible mistake, the lesson of the sheet: shown
    unless ``mistakes`` is off; a mutant only with ``mutants`` (the library's test the
    checks; the CLI turns them on for a lecturer's file)."""
    if result.theorem.exercise is not None:
        return True  # a question, whatever its answer (a false one too): asked, answered at the end
    if _is_mistake(result) and not options.mistakes:
        return False
    return options.mutants or not result.theorem.is_mutant


def _title(result: TheoremResult) -> str:
    title = polish(result.theorem.title or result.theorem.id)
    if _is_mistake(result):
        title = title.removeprefix("Mutant: ").removeprefix("A guess: ")
        return say("claim.mistake", title=claim_words(title))
    return claim_words(title)


def _claim_section(
    result: TheoremResult,
    claim: Claim | None,
    titles: Mapping[str, str],
    notes: list[str],
) -> Section:
    theorem, verdict = result.theorem, result.verdict
    blocks: list[Block] = statement_blocks(theorem, claim, notes, brief=True)
    verdict_line: list[Inline] = [
        Strong(say("verdict.label")),
        " " + verdict_words(verdict, titles, theorem.id),
    ]
    if theorem.source:  # in the same paragraph: the handout is printed
        verdict_line.append(source_said("claim.source", theorem.source))
    if theorem.proof and not theorem.is_mutant:  # the argument, then what was checked
        blocks.append(Paragraph((Strong(say("proof.label")), " ", claim_words(theorem.proof))))
    blocks.append(Paragraph(tuple(verdict_line)))
    if result.settles_open_claim:
        blocks.append(
            Paragraph(
                (Strong(say("claim.news-label")), say("claim.news")),
            )
        )
    told = counterexample_told(theorem, claim, verdict, _is_mistake(result))
    blocks.extend(keep_figures(told, figure_kinds(claim)))  # the kinds the claim asks for
    return Section(
        _title(result), claim_anchor(theorem.id), tuple(blocks), verdict.word.value, "claim"
    )


def _summary(
    topics: Sequence[Topic],
    shown: Mapping[str, list[TheoremResult]],
    left_out: int,
    exercises: Sequence[Exercised] = (),
) -> Section:
    rows = []
    for topic in topics:
        for index, result in enumerate(shown[topic.key]):
            named = topic.title
            if topic.key.startswith(BEYOND_PREFIX):  # the course's topic names come again
                named = say("summary.beyond-topic", topic=topic.title)
            topic_cell = Cell((Link(named, "#" + topic.anchor),)) if index == 0 else ""
            rows.append(
                (
                    topic_cell,
                    Cell((Link(_title(result), "#" + claim_anchor(result.theorem.id)),)),
                    Cell(
                        (
                            say(f"word.{short_verdict(result.verdict)}")
                            + paper_mark(result.verdict),
                        ),
                        result.verdict.word.value,
                    ),
                    Cell((verdict_reach(result.verdict),)),
                )
            )
    blocks: list[Block] = [Paragraph((say("summary.legend"),))]
    if rows:  # none when every statement is an exercise
        heads = tuple(say(f"summary.{head}") for head in ("topic", "statement", "verdict", "for"))
        blocks.append(Table.build(heads, rows, kind="summary"))
    everything = [r for topic in topics for r in shown[topic.key]]
    if any(cites_course(r.theorem.source) for r in everything):
        blocks.append(Paragraph((sources_sentence(),)))  # the short names used below
    on_paper = paper_count_sentence(everything, named=False)
    if on_paper:
        blocks.append(Paragraph((on_paper,)))
    if exercises:  # their verdicts would be their answers: not in this table
        listed = [str(item.number) for item in exercises]
        numbers = (
            listed[0]
            if len(listed) == 1
            else say("list.comma").join(listed[:-1]) + say("list.and") + listed[-1]
        )
        blocks.append(
            Paragraph(
                (
                    say(
                        "summary.exercise-one" if len(exercises) == 1 else "summary.exercise-many",
                        numbers=numbers,
                    ),
                    Link(say("summary.exercises-link"), "#exercises"),
                    say("summary.exercises-answers"),
                )
            )
        )
    if left_out:
        key = "summary.left-out-one" if left_out == 1 else "summary.left-out-many"
        blocks.append(Paragraph((say(key, count=left_out),)))
    return Section(say("summary.title"), "summary", tuple(blocks))


def _kept(topics: Sequence[Topic], options: HandoutOptions) -> list[TheoremResult]:
    """The results the handout shows, in the topics' order."""
    by_id = {r.theorem.id: r for topic in topics for r in topic.results}
    return [
        r
        for topic in topics
        for r in topic.results
        if _shown(r, options) and not _about_software(r) and not _implied(r, by_id)
    ]


def handout_exercises(
    topics: Sequence[Topic],
    options: HandoutOptions,
    claims: Mapping[str, Claim],
    answers: Mapping[str, Sequence[Section]] | None = None,
) -> list[Exercised]:
    """The exercises the handout asks, numbered as it numbers them: the worksheet and the
    answers (:mod:`grundy.report.worksheet`) are made of exactly these."""
    return exercises_of(_kept(topics, options), claims, answers or {})


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
    title (to name the lemmas a proof assumed), ``answers`` a theorem's id to the
    evidence that works it out (an exercise's answer; else shown after the theorem).

    Exercises leave their topics: they are asked in a part after the topics and answered
    in a part at the end (:mod:`grundy.report.exercises`)."""
    answers = answers or {}
    notes: list[str] = []
    shown: dict[str, list[TheoremResult]] = {}
    left_out = 0
    kept = _kept(topics, options)
    exercises = exercises_of(kept, claims, answers)
    asked = {item.id for item in exercises}
    course, beyond = split_beyond_course(topics)
    for topic in [*course, *beyond]:
        shown[topic.key] = [r for r in topic.results if r in kept and r.theorem.id not in asked]
        left_out += sum(1 for r in topic.results if _is_mistake(r) and r not in kept)
    visible = [t for t in [*course, *beyond] if shown[t.key]]
    sections = [_summary(visible, shown, left_out, exercises)]
    # Evidence stays with the course's part of a topic, unless all of it is beyond.
    placed = {t.key: evidence.get(t.key, ()) for t in course if shown[t.key]}
    for topic in beyond:
        home = topic.key.removeprefix(BEYOND_PREFIX)
        if home not in placed:
            placed[topic.key] = evidence.get(home, ())

    def part(topic: Topic) -> Section:
        blocks: list[Block] = []
        results = shown[topic.key]
        for result in results:
            claim = claims.get(result.theorem.id)
            blocks.append(_claim_section(result, claim, titles, notes))
            blocks.extend(keep_figures(answers.get(result.theorem.id, ()), figure_kinds(claim)))
        # Only the evidence about these claims: their play, the kinds of figure they ask for.
        blocks.extend(topic_evidence(placed.get(topic.key, ()), results, claims))
        # Every figure of a topic with misère claims says which play it shows.
        labelled = label_plays(blocks, topic_plays(shown[topic.key]))
        return Section(topic.title, topic.anchor, labelled)

    sections += [part(topic) for topic in course if shown[topic.key]]
    if exercises:
        sections.append(exercises_part(exercises, notes))
    further = [part(topic) for topic in beyond if shown[topic.key]]
    if further:
        sections.append(
            Section(
                say("beyond.title"),
                _BEYOND,
                (Paragraph((say("beyond.sentence"),)), *further),
            )
        )
    if exercises:
        sections.append(answers_part(exercises, titles, notes))
    # the games of the exercises too: a question about a game needs its rules
    used = [r for topic in topics for r in shown.get(topic.key, ())]
    used += [r for r in kept if r.theorem.id in asked]
    _open_with_definitions(sections, used, claims)
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


def _open_with_definitions(
    sections: list[Section], shown: Sequence[TheoremResult], claims: Mapping[str, Claim]
) -> None:
    """Put the definitions and rules the handout uses in front of it (in place)."""
    games: list[str] = []
    for result in shown:
        claim = claims.get(result.theorem.id)
        name = claim.game_name if claim is not None else result.theorem.game
        games.extend(part.split()[0] for part in (name or "").split(" + ") if part.strip())
    # The part beyond the course defines, after its opening sentence, the words the rest
    # of the handout never uses (birthdays): the opening part keeps to the course's.
    course = [s for s in sections if s.anchor != _BEYOND]
    part = definitions_part(course, games)
    for index, section in enumerate(sections):
        if section.anchor == _BEYOND:
            opening, *rest = section.blocks
            extra = definition_blocks(section, defined_concepts(course))
            sections[index] = replace(section, blocks=(opening, *extra, *rest))
    if part is not None:
        sections.insert(0, part)


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
