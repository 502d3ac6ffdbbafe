"""Verdicts computed with the exact solver name the theorems its shortcuts rest on.

The solver values a sum part by part (the sum rule), reads normal-play outcomes off
Grundy values ("value 0 iff P") and takes Nim heaps at their closed form; an exhaustive
"proof" of Bouton's theorem through it is a check *given* those theorems, and says so.
"""

from __future__ import annotations

import pytest

from grundy.claims import check_claim
from grundy.games import Nim, create_game
from grundy.library import CheckSettings, check_theorem, load_library
from grundy.solve import Play, Solver
from grundy.solve.lemmas import NIM_VALUE, SOLVER_LEMMAS, SUM_RULE, ZERO_IFF_P, cache_with_lemmas
from grundy.solve.solver import collecting_lemmas
from grundy.verdict import Status
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(seed=0, random_examples=100)


def _ids(verdict) -> list[str]:
    return [assumption.id for assumption in verdict.assumes if not assumption.on_paper]


def test_the_solver_lemmas_are_library_theorems_proved_in_the_stated_scope():
    by_id = {theorem.id: theorem for theorem in load_library()}
    for lemma, scope in SOLVER_LEMMAS.items():
        verdict = check_theorem(by_id[lemma], SETTINGS).verdict
        assert verdict.status is Status.PROVED, lemma
        assert verdict.scope == scope, lemma


def test_an_exhaustive_bouton_check_names_every_shortcut_it_used():
    claim = good_claim(
        id="bouton-small",
        vars='["a", "b", "c"]',
        range="{ a = [0, 5], b = [0, 5], c = [0, 5] }",
        statement="(outcome == 'P') == (a ^ b ^ c == 0)",
        method="exhaustive",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED
    assert _ids(verdict) == [NIM_VALUE, SUM_RULE, ZERO_IFF_P]
    assert all(assumption.scope == "unbounded" for assumption in verdict.assumes)


def test_a_counterexample_found_with_the_solver_names_its_lemmas_too():
    claim = good_claim(
        id="even-total",
        vars='["a", "b"]',
        range="{ a = [0, 5], b = [0, 5] }",
        statement="(outcome == 'P') == ((a + b) % 2 == 0)",
        method="exhaustive",
        expect="fails",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED
    assert ZERO_IFF_P in _ids(verdict)


def test_misere_play_is_searched_whole_and_assumes_nothing():
    claim = good_claim(
        id="misere-labels",
        play="misere",
        vars='["a", "b"]',
        range="{ a = [0, 4], b = [0, 4] }",
        statement="outcome == 'P' or outcome == 'N'",
        method="exhaustive",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED
    assert verdict.assumes == ()


def test_the_sum_rule_is_named_only_when_a_position_was_split():
    subtraction = create_game("subtraction", {"set": [1, 3, 4]})
    single = Solver(subtraction)
    single.grundy_value((10,))
    assert SUM_RULE not in single.lemmas_used()  # one heap, and no move splits it
    split = Solver(subtraction)
    split.grundy_value((3, 4))
    assert SUM_RULE in split.lemmas_used()  # two heaps: valued one by one
    kayles = Solver(create_game("kayles"))
    kayles.grundy_value((7,))
    assert SUM_RULE in kayles.lemmas_used()  # one row, but moves split it in two
    assert ZERO_IFF_P not in split.lemmas_used()  # no outcome asked for yet
    split.outcome((3, 4))
    assert ZERO_IFF_P in split.lemmas_used()


def test_a_closed_form_without_a_library_theorem_is_not_used_for_verdicts():
    euclid = create_game("euclid")
    assert euclid.closed_form_lemma() is None
    shortcut, searched = Solver(euclid), Solver(euclid, lemmas_only=True)
    assert shortcut.grundy_value((13, 21)) == searched.grundy_value((13, 21))
    assert shortcut.positions_explored == 0  # the chain formula answered at once
    assert searched.positions_explored > 0  # a claim's solver searched instead


def test_a_subclass_that_changes_the_moves_loses_its_parents_lemma():
    class TakeOneOrTwo(Nim):
        name = "take-one-or-two"

        def heap_options(self, heap):  # type: ignore[no-untyped-def]
            return ((heap - take,) for take in (1, 2) if take <= heap)

    class RenamedNim(Nim):
        name = "renamed-nim"

    assert Nim.closed_form_lemma() == NIM_VALUE
    assert RenamedNim.closed_form_lemma() == NIM_VALUE
    assert TakeOneOrTwo.closed_form_lemma() is None
    solver = Solver(TakeOneOrTwo(), lemmas_only=True)
    assert [solver.grundy_value((n,)) for n in range(6)] == [0, 1, 2, 0, 1, 2]
    assert NIM_VALUE not in solver.lemmas_used()


@pytest.mark.parametrize("play", [Play.NORMAL, Play.MISERE])
def test_winning_moves_in_normal_play_rest_on_value_zero_iff_p(play):
    solver = Solver(create_game("nim"))
    solver.winning_moves((1, 2, 4), play)
    assert (ZERO_IFF_P in solver.lemmas_used()) is (play is Play.NORMAL)


def test_the_lemmas_and_the_bounded_sum_rule_do_not_rest_on_the_solver(monkeypatch):
    # the lemmas use no solver, and the bounded check of the sum rule searches whole
    # positions with a plain solver: nothing is circular
    used: list[str] = []
    monkeypatch.setattr(Solver, "_note", lambda self, lemma: used.append(lemma))
    by_id = {theorem.id: theorem for theorem in load_library()}
    for identifier in [*SOLVER_LEMMAS, "sg-sum-rule"]:
        used.clear()
        assert check_theorem(by_id[identifier], SETTINGS).verdict.status is Status.PROVED
        assert used == [], identifier


def test_a_plain_solver_uses_no_shortcut():
    kayles = create_game("kayles")
    plain, usual = Solver(kayles, plain=True), Solver(kayles)
    assert [plain.grundy_value((n,)) for n in range(12)] == [
        usual.grundy_value((n,)) for n in range(12)
    ]
    assert plain.grundy_value((3, 4)) == usual.grundy_value((3, 4))
    assert plain.lemmas_used() == ()
    assert SUM_RULE in usual.lemmas_used()
    nim = Solver(Nim(), plain=True)
    assert nim.grundy_value((5,)) == 5 and nim.positions_explored == 6  # heaps 5..0 searched


def test_lemmas_are_collected_from_every_solver_inside_the_block():
    with collecting_lemmas() as found:
        Solver(create_game("kayles")).grundy_value((6,))
        Solver(Nim()).outcome((1, 2))
    assert found == {SUM_RULE, NIM_VALUE, ZERO_IFF_P}
    outside = Solver(create_game("kayles"))
    outside.grundy_value((6,))  # after the block: nothing more is collected
    assert found == {SUM_RULE, NIM_VALUE, ZERO_IFF_P}


def test_a_value_read_from_the_memo_names_the_lemmas_it_was_found_with():
    # Kayles: a heap of 6 has options that split into two rows, valued by the sum rule.
    # A second query of a shared solver reads the memo; it must rest on the same lemma,
    # or a theorem's verdict would depend on which theorems ran first.
    shared = Solver(create_game("kayles"))
    shared.grundy_value((6,))
    with collecting_lemmas() as found:
        shared.grundy_value((6,))
    assert found == {SUM_RULE}
    with collecting_lemmas() as small:  # a heap of 1 or 2 has no splitting option
        shared.grundy_value((2,))
    assert small == set()


def test_library_verdicts_name_the_solver_lemmas_their_answers_rest_on():
    by_id = {theorem.id: theorem for theorem in load_library()}
    example = check_theorem(by_id["nim-example-3451"], SETTINGS).verdict
    assert {NIM_VALUE, SUM_RULE, ZERO_IFF_P} <= set(_ids(example))


def test_a_cached_answer_names_the_lemmas_it_rested_on_when_computed():
    computed = []

    @cache_with_lemmas
    def kayles_value(heap):
        computed.append(heap)
        return Solver(create_game("kayles")).grundy_value((heap,))

    with collecting_lemmas() as first:
        kayles_value(6)
    with collecting_lemmas() as second:
        assert kayles_value(6) == kayles_value(heap=6) == 3
    assert first == second == {SUM_RULE}
    assert computed == [6, 6], "computed once per way of calling, then read from the cache"


def test_a_theorem_reading_values_another_cached_names_the_same_lemmas():
    # heap-engine-agrees and split-digit-irrelevant share a cache of plain-solver values
    by_id = {theorem.id: theorem for theorem in load_library()}
    settings = CheckSettings(seed=0, quick=True)
    alone = check_theorem(by_id["split-digit-irrelevant"], settings).verdict
    check_theorem(by_id["heap-engine-agrees"], settings)
    after = check_theorem(by_id["split-digit-irrelevant"], settings).verdict
    assert SUM_RULE in _ids(alone) and _ids(after) == _ids(alone)
