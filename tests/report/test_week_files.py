"""The two claim files of a lecturer's own in examples/ (issue 35): week 5 (exercises,
plausible mistakes, a sum of two different games) and week 9 (a loopy game with draws,
misère Nim, a misère quotient). Every claim comes back as the file expects, and their
handout, worksheet and answers pass the same nets as the library's: every word traced to
its source, no software word, each term defined before its first use, every figure of
one play labelled in a section with misère claims."""

from __future__ import annotations

import pytest

from grundy.report.definitions import undefined_uses
from grundy.report.document import Document, Figure, Section, iter_figures
from grundy.report.student_words import strip_marks
from grundy.report.studenttext import document_runs, student_text_problems, untraced_runs
from grundy.solve import Play
from tests.report.helpers import (
    RECORDED,
    WEEK_FILES,
    checked_file,
    file_documents,
    reading_order,
)

DOCUMENTS = ("handout", "worksheet", "answers")


def _text(document: Document) -> str:
    return " ".join(strip_marks(" ".join(run for _, run in document_runs(document))).split())


@pytest.mark.parametrize("name", WEEK_FILES)
def test_every_claim_of_a_week_file_comes_back_as_expected(name: str) -> None:
    results = checked_file(name)
    assert [r.theorem.id for r in results if not r.as_expected] == []
    # exercises of both kinds and plausible mistakes, in both files
    assert any(r.theorem.is_mutant for r in results)


@pytest.mark.slow
def test_the_recorded_verdicts_of_week_9_are_what_a_check_gives() -> None:
    results = {r.theorem.id: r.verdict for r in checked_file(WEEK_FILES[1], recorded=False)}
    for claim_id, recorded in RECORDED.items():
        real = results[claim_id]
        assert (real.status, real.scope) == (recorded.status, recorded.scope), claim_id
        assert real.counterexample == recorded.counterexample, claim_id


@pytest.mark.parametrize("document", DOCUMENTS)
@pytest.mark.parametrize("name", WEEK_FILES)
def test_every_word_of_a_week_file_is_traced(name: str, document: str) -> None:
    built = file_documents(name)[0][document]
    assert untraced_runs(built) == []
    assert student_text_problems(_text(built)) == []


@pytest.mark.parametrize("name", WEEK_FILES)
def test_each_term_of_a_week_file_is_defined_before_its_first_use(name: str) -> None:
    handout = file_documents(name)[0]["handout"]
    assert strip_marks(handout.sections[0].title) == "Definitions and rules"
    assert undefined_uses(reading_order(handout)) == []


def _misere_sections(document: Document, anchors: set[str]) -> list[Section]:
    found: list[Section] = []

    def walk(blocks: tuple[object, ...]) -> None:
        for block in blocks:
            if isinstance(block, Section):
                if block.anchor in anchors:
                    found.append(block)
                walk(block.blocks)

    walk(tuple(document.sections))
    return found


@pytest.mark.parametrize("name", WEEK_FILES)
def test_no_figure_of_one_play_stands_unlabelled_in_a_misere_section(name: str) -> None:
    documents, topics = file_documents(name)
    anchors = {
        topic.anchor
        for topic in topics
        if any(r.theorem.play in (Play.MISERE, None) for r in topic.results)
    }
    words = {"normal": "normal play", "misere": "misère play"}
    for document in documents.values():
        for section in _misere_sections(document, anchors):
            for figure in iter_figures((section,)):
                assert isinstance(figure, Figure)
                if figure.play in words:
                    assert words[figure.play] in strip_marks(figure.caption).lower(), figure.name


def test_week_5_teaches_what_its_file_asks() -> None:
    documents, _ = file_documents(WEEK_FILES[0])
    handout = _text(documents["handout"])
    assert strip_marks(documents["handout"].title) == "Nim, take-away and sums of games"
    assert "A plausible mistake" in handout  # the two guesses, shown with their counterexamples
    sheet = _text(documents["worksheet"])
    assert "Exercise 1" in sheet and "Exercise 2" in sheet and "True or false" in sheet
    assert "Answer:" in _text(documents["answers"])


def test_a_mistake_about_a_sum_of_different_games_names_each_game() -> None:
    # it said "With heaps 1 and 4", as if both were Nim heaps
    handout = _text(file_documents(WEEK_FILES[0])[0]["handout"])
    assert "With 1 in Nim and 4 in Kayles, the player to move loses" in handout


def test_the_picture_of_a_sum_uses_the_claims_variables() -> None:
    # the claims write the position (a, k); the text and the axes said (a, b)
    documents, _ = file_documents(WEEK_FILES[0])
    handout = _text(documents["handout"])
    assert "A position of Nim + Kayles is a pair (a, k): a in Nim and k in Kayles" in handout
    assert "among (a, k), 0 ≤ a, k ≤ 15" in handout
    assert "(a, b)" not in handout


def test_week_9_shows_its_draws_and_its_misere_play() -> None:
    documents, topics = file_documents(WEEK_FILES[1])
    handout = _text(documents["handout"])
    assert "misère" in handout and "The graph and its outcomes" in handout
    assert any(r.theorem.play == Play.MISERE for t in topics for r in t.results)


def test_a_drawn_counterexample_is_told_as_a_draw() -> None:
    # it said "Counterexample: v = 0. There o(p) = D.", with o and p defined nowhere
    handout = _text(file_documents(WEEK_FILES[1])[0]["handout"])
    assert (
        "With the token on vertex 0, neither player can force a win: with best play the game"
        " goes on for ever, a draw; the statement is false there, so the rule fails"
    ) in handout
    assert "o(p)" not in handout


def test_a_counterexample_comparing_two_positions_tells_both() -> None:
    # the statement compares (a, b) with (a, b, 5, 5): only (0, 9) was told, which is
    # P as the rule needs; the other position, where it goes wrong, was not
    handout = _text(file_documents(WEEK_FILES[1])[0]["handout"])
    assert "the player to move loses: every move leaves an N-position, while at (0,9,5,5)" in (
        handout
    )


def test_the_rules_of_a_game_asked_about_only_in_an_exercise_are_given() -> None:
    # the take-away game is in week 5's exercises alone: its rules were missing
    definitions = _text(Document("d", (file_documents(WEEK_FILES[0])[0]["handout"].sections[0],)))
    assert "A subtraction game S(s₁, ..., sₖ) is played on heaps of counters" in definitions


def test_the_outcome_notation_of_the_formulas_is_defined() -> None:
    # week 9's formulas write o(a, b, 1, 1) = o(a, b) and v ∈ 𝒟: neither o nor 𝒟 was defined
    definitions = _text(Document("d", (file_documents(WEEK_FILES[1])[0]["handout"].sections[0],)))
    assert "We write o(x) for the outcome of a position x: P or N." in definitions
    assert "The outcome o(x) of a draw x is D, and 𝒟 is the set of draws." in definitions


def test_a_formula_writing_o_needs_the_outcome_defined() -> None:
    from grundy.report.definitions import used_concepts

    assert "outcome" in used_concepts("o(a, b, 1, 1) = o(a, b)")
    assert "outcome" not in used_concepts("the mex of the options")
