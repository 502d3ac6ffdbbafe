"""Exercises asked apart from their answers; the worksheet and the answers as documents."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.claims import BadClaim, Claim, check_claim, claims_from_text, file_meta
from grundy.errors import ClaimError
from grundy.library import (
    CheckSettings,
    Exercise,
    ExerciseKind,
    Theorem,
    TheoremResult,
    load_library,
)
from grundy.report.document import Document, Section, plain_text
from grundy.report.exercises import exercises_of
from grundy.report.handout import HandoutOptions, build_handout
from grundy.report.markdown import render_markdown
from grundy.report.render import FigureRenderer
from grundy.report.titles import file_title
from grundy.report.topics import Topic
from grundy.report.worksheet import build_answers, build_worksheet
from grundy.verdict import Status, Verdict
from tests.report.helpers import three_heap_lesson

LESSON = """
[meta]
title = "Nim with three heaps"
course = "MATH601"
week = 5
author = "A. Lecturer"
""" + three_heap_lesson(4)


def _text(document: Document) -> str:
    return render_markdown(document, FigureRenderer()).text


def _section(document: Document, anchor: str) -> Section:
    def walk(sections):
        for section in sections:
            if section.anchor == anchor:
                return section
            found = walk(s for s in section.blocks if isinstance(s, Section))
            if found is not None:
                return found
        return None

    found = walk(document.sections)
    assert found is not None, anchor
    return found


def _words(section: Section) -> str:
    return " ".join(
        plain_text(block.content) if hasattr(block, "content") else str(block)
        for block in section.blocks
    )


# -- the claim language ------------------------------------------------------------------


def test_a_claim_is_set_as_an_exercise_of_the_kind_it_names() -> None:
    claims = claims_from_text(LESSON)
    kinds = {c.id: c.exercise for c in claims if isinstance(c, Claim)}
    assert kinds == {
        "three-heaps-xor": "prove",
        "three-heaps-even": "",
        "even-total-question": "decide",
    }
    [bad] = claims_from_text(LESSON.replace('exercise = "prove"', 'exercise = "maybe"'))[:1]
    assert isinstance(bad, BadClaim) and "exercise" in bad.problem


def test_meta_heads_the_file_and_a_bad_meta_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lesson.toml"
    path.write_text(LESSON)
    meta = file_meta(path)
    assert (meta.title, meta.course, meta.week, meta.author) == (
        "Nim with three heaps",
        "MATH601",
        "5",
        "A. Lecturer",
    )
    with pytest.raises(ClaimError, match="unknown field 'titel'"):
        claims_from_text('[meta]\ntitel = "x"\n\n[[claim]]\nid = "x"\nstatement = "True"\n')


def test_teach_where_finds_the_least_counterexample_where_it_holds() -> None:
    claim = next(c for c in claims_from_text(LESSON) if c.id == "three-heaps-even")
    assert isinstance(claim, Claim)
    verdict = check_claim(claim, CheckSettings(seed=7))
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample["position"] == [0, 0, 2]  # the least one of all
    taught = verdict.details["teaching counterexample"]
    assert taught["position"] == [1, 1, 2]  # the least one with every heap nonempty


def test_file_titles_are_words_never_claims_colon() -> None:
    assert file_title("week5-nim") == "Week 5: Nim"
    assert file_title("lecture") == "Lecture"
    assert file_title("misere_nim") == "Misère nim"


# -- the handout, the worksheet and the answers -------------------------------------------

MOVES = "the winning move from (3,4,5) is 3 -> 1"
# What an answer says and a question never does: verdicts, their words, the counterexample.
ANSWER_WORDS = (
    "Checked",
    "Refuted",
    "Proved",
    "True.",
    "False.",
    "True in",
    "What was shown",
    "Counterexample:",
    "n = 3",
    "counterexample below",
)


def _results() -> list[TheoremResult]:
    def theorem(tid: str, exercise: Exercise | None, statement: str) -> Theorem:
        return Theorem(
            tid,
            f"Title of {tid}",
            statement,
            "002 Handout 17",
            check=lambda s: Verdict(Status.PROVED, "x"),
            game="nim",
            exercise=exercise,
        )

    find = Exercise(ExerciseKind.FIND, "Find the winning moves from (3, 4, 5).", 4)
    prove = Exercise(ExerciseKind.PROVE, "Show that every move from *0 leaves a nonzero value.", 6)
    bounded = Verdict(Status.PROVED, "z3", "bounded: a, b < 2^64")
    wrong = Verdict(Status.REFUTED, "exhaustive", "bounded: 0 <= n <= 4", counterexample={"n": 3})
    return [
        TheoremResult(theorem("ex-6", prove, "moves from zero are nonzero"), bounded),
        TheoremResult(theorem("ex-4", find, MOVES), bounded),
        TheoremResult(theorem("plain", None, "a statement"), bounded),
        TheoremResult(theorem("ex-2", Exercise(ExerciseKind.DECIDE, "", None), "n is even"), wrong),
    ]


def _handout() -> tuple[Document, list, HandoutOptions]:
    results = _results()
    topic = Topic("nim", "Nim", tuple(results), frozenset({"nim"}))
    options = HandoutOptions("Sheet", course="C", date="2024-01-01")
    handout = build_handout([topic], options, {}, {}, {})
    exercises = exercises_of(results, {}, {})
    return handout, exercises, options


def test_exercises_keep_their_sheet_numbers_in_order_else_are_numbered_in_turn() -> None:
    _, exercises, _ = _handout()
    # one exercise has no number: all are numbered in the order they come
    assert [(e.number, e.id) for e in exercises] == [(1, "ex-6"), (2, "ex-4"), (3, "ex-2")]
    numbered = [r for r in _results() if r.theorem.id != "ex-2"]
    assert [(e.number, e.id) for e in exercises_of(numbered, {}, {})] == [(4, "ex-4"), (6, "ex-6")]


def test_the_library_asks_handout_17s_exercises_in_order_1_to_8() -> None:
    placeholder = Verdict(Status.UNKNOWN, "none")
    results = [TheoremResult(t, placeholder) for t in load_library()]
    exercises = exercises_of(results, {}, {})
    assert [e.number for e in exercises] == list(range(1, 9))
    assert [e.id for e in exercises] == [f"handout-exercise-{n}" for n in range(1, 9)]
    four = exercises[3].exercise
    assert four.kind is ExerciseKind.FIND and "(1,4,5)" not in four.question


def test_an_exercise_is_asked_without_its_answer_and_answered_at_the_end() -> None:
    handout, _, _ = _handout()
    anchors = [s.anchor for s in handout.sections]
    assert anchors[-2:] == ["exercises", "answers"]
    asked = _text(Document("x", (_section(handout, "exercises"),), kind="handout"))
    assert "3 → 1" not in asked and "3 -> 1" not in asked  # a task's statement is its answer
    for verdict in ANSWER_WORDS:
        assert verdict not in asked, verdict
    assert "Find the winning moves from (3, 4, 5)." in asked
    answers = _text(Document("x", (_section(handout, "answers"),), kind="handout"))
    assert "3 → 1" in answers and "What was shown:" in answers and "False." in answers
    # the proof exercise is not answered "True" as if it were a question of true or false
    six = _words(_section(handout, "answer-ex-6"))
    assert "True" not in six and "What was shown:" in six
    # the summary lists no exercise (its verdict is its answer)
    summary = _text(Document("x", (_section(handout, "summary"),), kind="handout"))
    assert "ex-6" not in summary and "Exercises 1, 2 and 3 are in" in summary


def test_the_worksheet_holds_the_questions_only_and_the_answers_each_answer() -> None:
    _, exercises, options = _handout()
    sheet = _text(build_worksheet(exercises, options))
    for answer in ("3 → 1", *ANSWER_WORDS):
        assert answer not in sheet, answer
    for number in (1, 2, 3):
        assert f"Exercise {number}" in sheet
    assert sheet.count("Your answer:") == 3
    answers = _text(build_answers(exercises, options, {}))
    assert "Find the winning moves from (3, 4, 5)." in answers  # the question again
    assert "3 → 1" in answers and "False." in answers and "n = 3" in answers


def test_every_writer_writes_the_worksheet_through_the_one_dispatch() -> None:
    from grundy.report.html import render_html
    from grundy.report.latex import render_latex

    _, exercises, options = _handout()
    sheet = build_worksheet(exercises, options)
    assert 'class="answer-space"' in render_html(sheet, FigureRenderer())
    assert "\\vspace*{" in render_latex(sheet, FigureRenderer()).text


# -- grundy report on a lecturer's file ---------------------------------------------------


def _lesson(tmp_path: Path, name: str, meta: bool = True) -> Path:
    path = tmp_path / name
    path.write_text(LESSON if meta else LESSON.split("[[claim]]", 1)[1].join(["[[claim]]", ""]))
    return path


def _run(run_cli, path: Path, out: Path, *words: str):
    return run_cli(
        "report",
        "--claims",
        str(path),
        "--out",
        str(out),
        "--format",
        "md",
        "--evidence",
        "none",
        *words,
    )


def test_a_lecturers_file_gets_its_worksheet_answers_mistakes_and_title(run_cli, tmp_path) -> None:
    out = tmp_path / "out"
    result = _run(run_cli, _lesson(tmp_path, "lesson.toml"), out)
    assert result.code == 0, result.err
    names = sorted(p.name for p in out.iterdir() if p.suffix == ".md")
    assert names == ["answers.md", "handout.md", "record.md", "worksheet.md"]
    handout = (out / "handout.md").read_text()
    assert handout.startswith("# Nim with three heaps\n")
    assert "MATH601, week 5" in handout and "A. Lecturer" in handout
    # the mutant expected to fail is shown as a mistake, told as play, with the chosen example
    assert "A plausible mistake" in handout and "left out" not in handout
    assert "With heaps 1, 1 and 2, the player to move wins" in handout
    assert "a = 1, b = 1" not in handout  # no dump of variables
    sheet = (out / "worksheet.md").read_text()
    assert sheet.startswith("# Nim with three heaps — worksheet")
    assert "Exercise 1" in sheet and "Exercise 2" in sheet and "False." not in sheet
    answers = (out / "answers.md").read_text()
    assert "False." in answers and "With heaps" in answers


def test_no_mistakes_hides_them_and_a_title_is_made_from_the_file_name(run_cli, tmp_path) -> None:
    out = tmp_path / "out"
    result = _run(run_cli, _lesson(tmp_path, "week5-nim.toml", meta=False), out, "--no-mistakes")
    assert result.code == 0, result.err
    handout = (out / "handout.md").read_text()
    assert handout.startswith("# Week 5: Nim\n") and "Claims:" not in handout
    assert "A plausible mistake" not in handout and "A guess" not in handout
    assert "1 deliberately false statement is left out" in handout


def test_the_librarys_proof_exercises_are_answered_with_a_proof_only_in_the_answers(
    run_cli, tmp_path
) -> None:
    """Handout 17's proof exercises (2, 3, 5-8) ask for a proof: the answers give one, in
    words, beside what the machine checked; the worksheet never shows it."""
    out = tmp_path / "out"
    result = run_cli("report", "exercises", "--out", str(out), "--quick", "--format", "md")
    assert result.code == 0, result.err
    sheet = (out / "worksheet.md").read_text(encoding="utf-8")
    answers = (out / "answers.md").read_text(encoding="utf-8")
    assert "Proof." not in sheet and "Nim-add c to both sides" not in sheet
    assert answers.count("**Proof.**") == 6
    assert "Nim-add c to both sides" in answers and "largest power of 2 in s" in answers


FALSE_EXERCISE = """
[[claim]]
id = "nim-sum"
title = "Three-heap Nim: P exactly when the nim-sum is 0"
game = "nim"
vars = ["a", "b", "c"]
range = { a = [0, 3], b = [0, 3], c = [0, 3] }
statement = "(outcome == 'P') == (a ^ b ^ c == 0)"

[[claim]]
id = "even-total"
title = "Three-heap Nim is P exactly when the total is even"
game = "nim"
vars = ["a", "b", "c"]
range = { a = [0, 3], b = [0, 3], c = [0, 3] }
statement = "(outcome == 'P') == ((a + b + c) % 2 == 0)"
mutant_of = "nim-sum"
expect = "fails"
exercise = true
"""


def test_a_false_statement_set_as_an_exercise_is_asked_not_shown_as_a_mistake(
    run_cli, tmp_path
) -> None:
    """A lecturer's mistake that is also an exercise is a true-or-false question: asked in
    the worksheet, its counterexample only in the answers (it was shown as a mistake in
    the handout's body, its answer printed beside the question, and left off the sheet)."""
    path = tmp_path / "false-exercise.toml"
    path.write_text(FALSE_EXERCISE)
    out = tmp_path / "out"
    result = _run(run_cli, path, out)
    assert result.code == 0, result.err
    sheet = (out / "worksheet.md").read_text()
    assert "Exercise 1: Three-heap Nim is P exactly when the total is even" in sheet
    assert "True or false" in sheet and "counterexample below" not in sheet
    answers = (out / "answers.md").read_text()
    assert "False." in answers and "With heaps" in answers
    handout = (out / "handout.md").read_text()
    body = handout.split("## Answers", 1)[0]
    assert "A plausible mistake" not in handout and "With heaps" not in body


LABELLING_EXERCISES = """
[[claim]]
id = "normal"
title = "Take-away (remove 1, 2 or 3): the P-positions are the multiples of 4"
game = "subtraction"
params = { set = [1, 2, 3] }
vars = ["n"]
range = { n = [0, 40] }
statement = "(outcome == 'P') == (n % 4 == 0)"
exercise = true

[[claim]]
id = "misere"
title = "Take-away in misere play: the P-positions are one more than the multiples of 4"
game = "subtraction"
params = { set = [1, 2, 3] }
play = "misere"
vars = ["n"]
range = { n = [0, 40] }
statement = "(outcome == 'P') == (n % 4 == 1)"
exercise = true

[[claim]]
id = "checked"
title = "Three-heap Nim: P exactly when the nim-sum is 0"
game = "nim"
vars = ["a", "b", "c"]
range = { a = [0, 3], b = [0, 3], c = [0, 3] }
statement = "(outcome == 'P') == (a ^ b ^ c == 0)"
exercise = true
"""


@pytest.mark.slow
def test_an_answer_proved_by_the_labelling_rules_says_why(run_cli, tmp_path) -> None:
    """A "true or false? If it is true, say why" answer proved by the labelling rules
    told only "True. Proved for every n" (no why). It now tells the argument that proof
    carried out; an answer only checked case by case (here the misère one and Nim's)
    gets no such paragraph, and the worksheet none at all."""
    path = tmp_path / "labelling.toml"
    path.write_text(LABELLING_EXERCISES)
    out = tmp_path / "out"
    result = _run(run_cli, path, out)
    assert result.code == 0, result.err
    answers = (out / "answers.md").read_text()
    parts = {
        claim: answers.split(f'id="answer-{claim}"', 1)[1].split('<a id="answer-', 1)[0]
        for claim in ("normal", "misere", "checked")
    }
    assert "Proved for every" in parts["normal"]
    assert "**Why:** Take the positions" in parts["normal"]
    assert "A position with no move is one of them." in parts["normal"]
    assert "Why:" not in parts["misere"] and "Why:" not in parts["checked"]
    assert "Why:" not in (out / "worksheet.md").read_text()
