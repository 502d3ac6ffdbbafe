"""The general theory's files of the library, run with quick settings: every theorem comes
out as expected, each has a mutant, and the general ones are proved for every case."""

import pytest

from grundy.solve.lemmas import SOLVER_LEMMAS
from grundy.verdict import Status
from tests.verify.library_runs import not_as_expected, run_quick

MODULES = [
    "nim_sum_algebra.py",
    "sprague_grundy.py",
    "sprague_grundy_induction.py",
    "game_equivalence.py",
    "nim_worked_examples.py",
    "beer_can_round_table.py",
    "take_away_induction.py",
    "chomp_and_boards.py",
    "hackenbush.py",
    "classics.py",
]


@pytest.fixture(scope="module")
def results():
    return run_quick(MODULES)


def test_every_theorem_and_mutant_comes_out_as_expected(results):
    assert not_as_expected(results) == {}


def test_every_theorem_has_a_mutant(results):
    theorems = [r.theorem for r in results.values()]
    mutated = {t.mutant_of for t in theorems if t.is_mutant}
    assert [t.id for t in theorems if not t.is_mutant and t.id not in mutated] == []


@pytest.mark.parametrize(
    "identifier",
    [
        "sg-mex-lemma",
        "sg-g-plus-g-every-game",
        "sg-plus-own-star-every-game",
        "sg-equivalent-to-star-every-game",
        "sums-p-plus-n-every-game",
        "chomp-rectangles-are-n",
        "chomp-square-bite-and-mirror",
        "beer-can-round-table",
    ],
)
def test_the_general_statements_are_proved_for_every_case(results, identifier):
    verdict = results[identifier].verdict
    assert verdict.status is Status.PROVED
    assert verdict.unbounded


def test_every_assumed_lemma_is_a_theorem_proved_in_the_stated_scope(results):
    assumed = [
        (identifier, assumption)
        for identifier, result in results.items()
        for assumption in result.verdict.assumes
        if not assumption.on_paper  # steps argued on paper: tests/verify/test_paper_steps.py
    ]
    assert assumed  # the sum rule, P + N, G = 0 iff P and others rest on lemmas
    for identifier, assumption in assumed:
        if assumption.id not in results:  # a solver lemma from another file of the library
            assert SOLVER_LEMMAS[assumption.id] == assumption.scope  # see test_solver_lemmas
            continue
        lemma = results[assumption.id].verdict
        assert lemma.status is Status.PROVED, (identifier, assumption.id)
        assert lemma.scope == assumption.scope, (identifier, assumption.id)


def test_a_proof_resting_on_a_lemma_names_it(results):
    assumes = results["sums-p-plus-n-every-game"].verdict.assumes
    assert [a.id for a in assumes] == ["sums-p-plus-p-every-game"]
    assumes = results["sg-equivalent-to-star-every-game"].verdict.assumes
    assert [a.id for a in assumes if not a.on_paper] == [
        "sg-sum-rule-every-game",
        "sg-zero-iff-p-every-game",
        "nim-heap-value-every-heap",
        "nim-sum-commutative",
    ]


@pytest.mark.parametrize(
    ("identifier", "expected"),
    [
        ("sg-g-plus-g-has-a-move", {"G": "0"}),
        ("sg-sum-zero-iff-identical", {"H": "0", "G": "{{0}}"}),
        ("sg-equivalent-to-next-star-every-game", {"G": "0", "K": "0"}),
        ("chomp-every-rectangle-is-n", {"a": 1, "b": 1}),
        ("chomp-square-bite-1-2-and-mirror", {"n": 2}),
        ("beer-can-round-table-no-centre", {"px": 0, "py": 0}),
        ("nim-binary-worked-example-rig-81", {"heaps": [81, 279, 464]}),
        ("nim-sample-game-red-wins", {"move": "winner"}),
        ("hackenbush-snake-empty-is-one", {"edges": "(empty)"}),
    ],
)
def test_mutants_name_their_counterexample(results, identifier, expected):
    verdict = results[identifier].verdict
    assert verdict.status is Status.REFUTED
    assert {key: verdict.counterexample[key] for key in expected} == expected


def test_random_only_mutants_are_refuted_beyond_day_4(results):
    for identifier in ["sg-equivalent-to-star-mod-5", "sg-zero-iff-p-mod-5"]:
        verdict = results[identifier].verdict
        assert verdict.status is Status.REFUTED
        refuting = [part for part in verdict.parts if part.status is Status.REFUTED]
        assert [part.method for part in refuting] == ["random"]
