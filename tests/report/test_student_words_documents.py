"""Every word of the worksheet, the answers and the slides is traced too (issues 35, 36):
like the handout's (tests/report/test_student_words.py), each comes from a claim, a game,
typeset mathematics or grundy.report.student_words, whichever kind of exercise, answer,
mistake or slide says it."""

from __future__ import annotations

import pytest

from grundy.claims import Claim, check_claim, claims_from_text
from grundy.library import (
    CheckSettings,
    Exercise,
    ExerciseKind,
    Theorem,
    TheoremResult,
    load_library,
    theorem_from_claim,
)
from grundy.report import HandoutOptions, build_handout
from grundy.report.deck import Deck
from grundy.report.document import Document, Section
from grundy.report.handout import handout_exercises
from grundy.report.slides import build_deck
from grundy.report.student_words import claim_words, strip_marks, tracing
from grundy.report.studenttext import document_runs, student_text_problems, untraced_runs
from grundy.report.topics import Topic, course_topics
from grundy.report.worksheet import build_answers, build_worksheet
from grundy.verdict import UNBOUNDED, Status, Verdict
from tests.report.helpers import three_heap_lesson

# A lecturer's sheet: a proof to give, a question of true or false, and a plausible
# mistake told as play at the example it chose to teach with.
LESSON = three_heap_lesson(3)


def _as_document(deck: Deck) -> Document:
    """The deck's slides as sections of a document, for the same tracing check."""
    slides = tuple(
        Section(slide.title, f"slide-{index}", slide.blocks)
        for index, slide in enumerate(deck.slides)
    )
    return Document(deck.title, slides, kind="handout")


def _text(document: Document) -> str:
    """What a reader of ``document`` reads, without the tracing marks."""
    return " ".join(strip_marks(" ".join(run for _, run in document_runs(document))).split())


def _lesson() -> tuple[list[TheoremResult], dict[str, Claim]]:
    claims = [c for c in claims_from_text(LESSON) if isinstance(c, Claim)]
    results = [
        TheoremResult(theorem_from_claim(c), check_claim(c, CheckSettings(seed=7))) for c in claims
    ]
    return results, {c.id: c for c in claims}


@pytest.fixture(scope="module")
def lesson() -> dict[str, Document]:
    """The lesson's handout, worksheet, answers and slides, built in tracing mode."""
    results, claims = _lesson()
    options = HandoutOptions("Week 5", mutants=True)
    with tracing():
        # A topic's title is the lecturer's (grundy report names it from the claims' game).
        topic = Topic("nim", claim_words("Three-heap Nim"), tuple(results), frozenset({"nim"}))
        handout = build_handout([topic], options, {}, claims, {})
        exercises = handout_exercises([topic], options, claims)
        return {
            "handout": handout,
            "worksheet": build_worksheet(exercises, options),
            "answers": build_answers(exercises, options, {}),
            "slides": _as_document(build_deck(handout)),
        }


@pytest.mark.parametrize("name", ["handout", "worksheet", "answers", "slides"])
def test_every_word_of_a_lecturers_documents_is_traced(lesson, name: str) -> None:  # type: ignore[no-untyped-def]
    document = lesson[name]
    assert untraced_runs(document) == []
    assert student_text_problems(_text(document)) == []


def test_the_lesson_says_what_each_kind_of_exercise_and_mistake_says(lesson) -> None:  # type: ignore[no-untyped-def]
    """The sentences the tracing covers are really there (else it would pass on nothing)."""
    answers = _text(lesson["answers"])
    for words in ("What was shown:", "False.", "True or false"):
        assert words in answers, words
    handout = _text(lesson["handout"])
    assert "With heaps 1, 1 and 2, the player to move wins" in handout
    assert "chosen to teach with; the least one of all is (0,0,2)." in handout
    sheet = _text(lesson["worksheet"])
    assert "How to use this sheet" in sheet and "Your answer:" in sheet
    assert strip_marks(lesson["worksheet"].title) == "Week 5 — worksheet"
    assert "True or false?" in _text(lesson["slides"])


def _asked(verdict: Verdict, kind: ExerciseKind = ExerciseKind.DECIDE) -> list[Document]:
    """An exercise of ``kind`` (with no question of its own: the sheet asks it in its own
    words) answered with ``verdict``: its handout and answers."""
    question = Theorem(
        "decide-me",
        "Every heap is a P-position",
        "n is even",
        "Handout 17",
        check=lambda s: verdict,
        game="nim",
        exercise=Exercise(kind, "", 3),
    )
    results = [TheoremResult(question, verdict)]
    options = HandoutOptions("N")
    with tracing():
        topic = Topic("nim", claim_words("Nim"), tuple(results), frozenset({"nim"}))
        handout = build_handout([topic], options, {}, {}, {})
        answers = build_answers(handout_exercises([topic], options, {}), options, {})
    return [handout, answers]


@pytest.mark.parametrize(
    ("verdict", "lead"),
    [
        (Verdict(Status.PROVED, "z3", UNBOUNDED), "True."),
        (Verdict(Status.PROVED, "exhaustive", "bounded: 0 <= n <= 9"), "True in every case"),
        (Verdict(Status.UNREFUTED, "random", "random: 0 <= n <= 99", cases=50), "Probably true"),
        (
            Verdict(Status.REFUTED, "exhaustive", "bounded: 0 <= n <= 3", counterexample={"n": 1}),
            "False.",
        ),
        (Verdict(Status.UNKNOWN, "z3", "bounded: 0 <= n <= 9"), "Not decided."),
    ],
)
def test_each_answer_to_a_question_of_true_or_false_is_traced(verdict: Verdict, lead: str) -> None:
    handout, answers = _asked(verdict)
    for document in (handout, answers):
        assert untraced_runs(document) == []
    assert f"Answer: {lead}" in _text(answers)


@pytest.mark.parametrize(
    ("kind", "verdict", "said"),
    [
        (ExerciseKind.FIND, Verdict(Status.PROVED, "z3", UNBOUNDED), "Verdict: Proved"),
        (ExerciseKind.PROVE, Verdict(Status.PROVED, "z3", UNBOUNDED), "What was shown: Proved"),
        (
            ExerciseKind.PROVE,
            Verdict(Status.REFUTED, "exhaustive", "bounded: 0 <= n <= 3", counterexample={"n": 1}),
            "Answer: the statement is false as set.",
        ),
    ],
)
def test_each_answer_to_a_task_or_a_proof_is_traced(
    kind: ExerciseKind, verdict: Verdict, said: str
) -> None:
    handout, answers = _asked(verdict, kind)
    for document in (handout, answers):
        assert untraced_runs(document) == []
    assert said in _text(answers)
    asked = {ExerciseKind.FIND: "Work out the following.", ExerciseKind.PROVE: "Show that"}
    assert asked[kind] in _text(handout)


@pytest.fixture(scope="module")
def library_documents() -> dict[str, Document]:
    """The library's handout (every statement with a verdict of each kind, mutants
    refuted), its worksheet, answers and slides, built in tracing mode."""
    kinds = (
        Verdict(Status.PROVED, "z3", UNBOUNDED),
        Verdict(Status.PROVED, "exhaustive", "bounded: 0 <= n <= 30", cases=31),
        Verdict(Status.UNREFUTED, "random", "random: 0 <= n <= 10^6", cases=2000),
    )
    refuted = Verdict(
        Status.REFUTED,
        "exhaustive",
        "bounded: 0 <= n <= 3",
        counterexample={"n": 3, "position": [3], "outcome": "N", "grundy": 3},
    )
    library = load_library()
    results = [
        TheoremResult(t, refuted if t.is_mutant else kinds[i % len(kinds)])
        for i, t in enumerate(library)
    ]
    titles = {t.id: t.title for t in library}
    options = HandoutOptions("Notes", mutants=True)
    with tracing():
        topics = course_topics(results)
        handout = build_handout(topics, options, {}, {}, titles)
        exercises = handout_exercises(topics, options, {})
        return {
            "handout": handout,
            "worksheet": build_worksheet(exercises, options),
            "answers": build_answers(exercises, options, titles),
            "slides": _as_document(build_deck(handout)),
        }


@pytest.mark.parametrize("name", ["worksheet", "answers", "slides"])
def test_every_word_of_the_librarys_documents_is_traced(library_documents, name: str) -> None:  # type: ignore[no-untyped-def]
    assert untraced_runs(library_documents[name]) == []


def test_the_librarys_documents_hold_what_the_tracing_covers(library_documents) -> None:  # type: ignore[no-untyped-def]
    sheet = _text(library_documents["worksheet"])
    assert sheet.count("Exercise ") >= 8  # Handout 17's exercises 1 to 8
    slides = library_documents["slides"]
    titles = [strip_marks(s.title) for s in slides.sections]
    assert "True or false?" in titles and "Beyond the course" in titles
    # a claim of the part beyond the course has its own slide, not only its pictures
    (beyond,) = [
        s for s in library_documents["handout"].sections if s.anchor == "beyond-the-course"
    ]
    claims = [
        strip_marks(claim.title)
        for topic in beyond.blocks
        if isinstance(topic, Section)
        for claim in topic.blocks
        if isinstance(claim, Section) and claim.kind == "claim" and claim.badge != "refuted"
    ]
    assert claims and set(claims) <= set(titles)


def test_the_worksheet_numbers_its_exercises_as_the_answers_do(lesson) -> None:  # type: ignore[no-untyped-def]
    """One part in each, so exercise 1 is 1.1 on the worksheet and in the answers (a
    part of its own for how to use the sheet made it 2.1 on the worksheet)."""
    sheet, answers = lesson["worksheet"], lesson["answers"]
    assert len(sheet.sections) == len(answers.sections) == 1

    def titles(document: Document) -> list[str]:
        return [b.title for b in document.sections[0].blocks if isinstance(b, Section)]

    assert titles(sheet) and titles(sheet) == titles(answers)
