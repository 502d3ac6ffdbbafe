"""Exercises: each asked as a question in one part, answered only in another.

A theorem set as an exercise (:class:`grundy.library.Exercise`: the library's Handout 17
exercises, a claim with ``exercise = true`` or ``"prove"``) is never shown with its
verdict where it is asked.  The question says what to do; its kind decides what the
answer is:

- ``prove`` (show that ...): the answer says how far it was shown (the proof, or the
  range checked), never "true" as if it had been a question of true or false;
- ``decide`` (true or false?): the verdict in words, with the counterexample drawn;
- ``find`` (work something out): the statement, which holds the answer, with the work
  that finds it (the winning moves, the table).

The same parts make the handout's exercises and answers and the worksheet and answers
documents (:mod:`grundy.report.worksheet`), so each is decided here once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from grundy.claims import Claim
from grundy.library import Exercise, ExerciseKind, TheoremResult
from grundy.report.document import AnswerSpace, Block, Link, Paragraph, Section, Strong
from grundy.report.mistakes import counterexample_told
from grundy.report.sources import source_said
from grundy.report.statements import statement_blocks
from grundy.report.student_words import claim_words, say
from grundy.report.words import polish, scope_words, verdict_words
from grundy.verdict import Word

__all__ = [
    "Exercised",
    "answer_anchor",
    "answer_blocks",
    "answers_part",
    "exercise_anchor",
    "exercise_title",
    "exercises_of",
    "exercises_part",
    "question_blocks",
]


@dataclass(frozen=True, slots=True)
class Exercised:
    """An exercise ready to be written: its number on the sheet, its result, its claim
    (for a claim file's), and the worked evidence that belongs to its answer."""

    number: int
    result: TheoremResult
    exercise: Exercise
    claim: Claim | None = None
    worked: tuple[Section, ...] = ()

    @property
    def id(self) -> str:
        return self.result.theorem.id


def exercises_of(
    results: Sequence[TheoremResult],
    claims: Mapping[str, Claim],
    worked: Mapping[str, Sequence[Section]],
) -> list[Exercised]:
    """The exercises among ``results``, in their order on the sheet: a mistake set as an
    exercise too (its ``exercise`` field is explicit: the library's mutants have none), a
    true-or-false question whose answer is its counterexample.  When every one carries a
    distinct number of its source sheet, those numbers are kept (Handout 17's 1 to 8,
    wherever each is declared); otherwise they are numbered 1, 2, ... in the order they
    come."""
    found = [
        (result, result.theorem.exercise)
        for result in results
        if result.theorem.exercise is not None
    ]
    numbers = [exercise.number for _, exercise in found]
    own = all(n is not None for n in numbers) and len(set(numbers)) == len(numbers)
    numbered = [
        (exercise.number if own and exercise.number is not None else index, result, exercise)
        for index, (result, exercise) in enumerate(found, start=1)
    ]
    numbered.sort(key=lambda item: item[0])
    return [
        Exercised(
            number,
            result,
            exercise,
            claims.get(result.theorem.id),
            tuple(worked.get(result.theorem.id, ())),
        )
        for number, result, exercise in numbered
    ]


def exercise_anchor(claim_id: str) -> str:
    return f"exercise-{claim_id}"


def answer_anchor(claim_id: str) -> str:
    return f"answer-{claim_id}"


# Words a title may start with that would give the answer away ("A guess: ...").
_GIVING_AWAY = re.compile(r"^(?:exercise \d+\s*[:.]\s*|mutant:\s*|a guess:\s*)+", re.IGNORECASE)


def exercise_title(item: Exercised) -> str:
    """``Exercise N: <its title>``, the title without a word that tells the answer.

    A title can be written "A guess: ..." or "Mutant: ...", which says the statement is
    false; the number the source gave it is shown once, by this function.
    """
    title = _GIVING_AWAY.sub("", polish(item.result.theorem.title or "")).strip()
    if not title:
        return say("exercise.number", number=item.number)
    return say("exercise.title", number=item.number, title=claim_words(title))


def _scope(item: Exercised) -> str:
    """The range a claim file's question is about ("for 0 ≤ a ≤ 9"), when it has one."""
    if item.claim is None or not item.claim.variables:
        return ""
    words = scope_words(item.claim.scope)
    return say("exercise.scope", scope=claim_words(words)) if words else ""


_ASK = {
    ExerciseKind.DECIDE: "exercise.ask-decide",
    ExerciseKind.PROVE: "exercise.ask-prove",
    ExerciseKind.FIND: "exercise.ask-find",
}


def question_blocks(item: Exercised, notes: list[str]) -> list[Block]:
    """What the exercise asks, with nothing of its answer: no verdict, no counterexample,
    and for a task whose statement holds its answer (``find``), not the statement."""
    theorem, kind = item.result.theorem, item.exercise.kind
    blocks: list[Block] = []
    if item.exercise.question:
        blocks.append(Paragraph((claim_words(polish(item.exercise.question)),)))
    else:
        blocks.append(Paragraph((say(_ASK[kind], scope=_scope(item)),)))
    if kind is ExerciseKind.FIND:
        return blocks  # the statement is the answer
    # The formula of the statement; its words are the question when the question is given.
    words = not item.exercise.question
    blocks.extend(statement_blocks(theorem, item.claim, notes, in_words=words, brief=True))
    return blocks


def _answer_line(item: Exercised, titles: Mapping[str, str]) -> Paragraph:
    """The answer in a sentence, in the words the exercise's kind calls for."""
    verdict = item.result.verdict
    how = verdict_words(verdict, titles, item.id)
    word = verdict.word
    kind = item.exercise.kind
    if kind is ExerciseKind.DECIDE:
        lead = _DECIDED.get(word, "answer.undecided")
        return Paragraph((Strong(say("answer.label")), say(lead, how=how)))
    if word is Word.REFUTED:  # a proof asked for a statement that is false as set
        return Paragraph((Strong(say("answer.label")), say("answer.false-as-set", how=how)))
    # A proof says how far it was shown; a task's answer is its statement, above, and
    # this is its verdict, as every statement of the handout has one.
    label = "answer.shown-label" if kind is ExerciseKind.PROVE else "verdict.label"
    return Paragraph((Strong(say(label)), " " + how))


# The answer to a question of true or false, by the verdict's word.
_DECIDED = {
    Word.PROVED: "answer.true",
    Word.CHECKED: "answer.true-in-range",
    Word.TESTED: "answer.probably",
    Word.REFUTED: "answer.false",
}


def answer_blocks(item: Exercised, titles: Mapping[str, str], notes: list[str]) -> list[Block]:
    """The exercise's answer: for a task its statement (which is the answer), then the
    verdict in the words the kind calls for, the counterexample drawn and explained, the
    worked evidence, and where the exercise comes from."""
    theorem, verdict = item.result.theorem, item.result.verdict
    blocks: list[Block] = []
    if item.exercise.kind is ExerciseKind.FIND:
        blocks.extend(statement_blocks(theorem, item.claim, notes, brief=True))
    if theorem.proof and verdict.word is not Word.REFUTED:  # the argument asked for
        blocks.append(Paragraph((Strong(say("proof.label")), " ", claim_words(theorem.proof))))
    blocks.append(_answer_line(item, titles))
    blocks.extend(why_blocks(item))
    blocks.extend(counterexample_told(theorem, item.claim, verdict, mistake=True))
    for section in item.worked:
        blocks.append(Paragraph((Strong(say("answer.worked-title", title=section.title)),)))
        blocks.extend(section.blocks)
    if theorem.source:
        blocks.append(Paragraph((source_said("answer.source", theorem.source),)))
    return blocks


def why_blocks(item: Exercised) -> list[Block]:
    """The reason, in words, for an answer proved by the labelling rules alone with no
    proof of its own: the argument that proof carried out (play ends; the positions the
    statement names are closed under no move and reached from every other one), so a
    "say why" is answered, not only "true"."""
    # imported here: the module brings Z3, which building a handout does not otherwise need
    from grundy.verify.pset_induction import METHOD as LABELLING_PROOF_METHOD

    verdict = item.result.verdict
    if item.result.theorem.proof or verdict.word is not Word.PROVED:
        return []
    if verdict.method != LABELLING_PROOF_METHOD or item.exercise.kind is ExerciseKind.FIND:
        return []
    if item.claim is None or item.claim.play != "normal":
        return []  # the sentence below is normal play's argument; say less than guess
    return [Paragraph((Strong(say("answer.why-label")), say("answer.why-labelling")))]


def exercises_part(
    exercises: Sequence[Exercised], notes: list[str], space: bool = False
) -> Section:
    """The exercises, asked: each links to its answer, or with ``space`` (a worksheet)
    leaves room to write instead."""
    parts = []
    for item in exercises:
        blocks = question_blocks(item, notes)
        if space:
            blocks.append(AnswerSpace(label=say("worksheet.your-answer")))
        else:
            link = Link(say("exercise.answers-link"), "#" + answer_anchor(item.id))
            blocks.append(Paragraph((say("exercise.answer-in"), link, ".")))
        parts.append(Section(exercise_title(item), exercise_anchor(item.id), tuple(blocks)))
    return Section(say("exercises.title"), "exercises", tuple(parts))


def answers_part(
    exercises: Sequence[Exercised],
    titles: Mapping[str, str],
    notes: list[str],
    restate: bool = False,
) -> Section:
    """The answers, after everything else, so that what comes before them can be handed
    out first.  With ``restate`` (a document of answers alone) each question is repeated
    above its answer; otherwise the answer links back to its question."""
    parts = []
    for item in exercises:
        blocks: list[Block] = []
        if restate:
            blocks.extend(question_blocks(item, notes))
        else:
            back = Link(say("exercise.number", number=item.number), "#" + exercise_anchor(item.id))
            blocks.append(Paragraph((say("answers.for"), back, ".")))
        blocks.extend(answer_blocks(item, titles, notes))
        parts.append(Section(exercise_title(item), answer_anchor(item.id), tuple(blocks)))
    return Section(say("answers.title"), "answers", tuple(parts))
