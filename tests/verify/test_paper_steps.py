"""Steps argued on paper are assumptions: named in ``assumes``, inherited, kept true.

A proof whose lemmas a machine checks but whose composition is argued in words lists
that composition in ``assumes`` (kind ``on-paper``); a verdict that assumes such a
theorem as a lemma lists the step too; and the registry (:mod:`grundy.paper_steps`)
follows the library's own statements.
"""

from __future__ import annotations

import re

import pytest

from grundy.claims import check_claim
from grundy.library import CheckSettings, check_theorem, load_library
from grundy.paper_steps import PAPER_STEPS, RESTS_ON
from grundy.verdict import (
    UNBOUNDED,
    Assumption,
    AssumptionKind,
    Status,
    Verdict,
    argued_on_paper,
    combine_verdicts,
)
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(seed=0, quick=True, z3_timeout_ms=20_000, random_examples=200)
BOUTON = "bouton-any-number-of-heaps"
BOUTON_STEP = f"{BOUTON}/induction-on-positions"


@pytest.fixture(scope="module")
def library():
    return {theorem.id: theorem for theorem in load_library()}


# -- the registry follows the library's statements -----------------------------------------

_ON_PAPER = re.compile(r"on paper|by hand|argued", re.IGNORECASE)
# the handout's statements say "by machine" where the record names the engine (Z3)
_MACHINE_STEP = re.compile(
    r"step[^.;]*\b(Z3|by machine)\b|\b(Z3|by machine)\b[^.;]*\bstep|base and (the )?step",
    re.IGNORECASE,
)


def test_every_statement_that_argues_on_paper_is_registered_and_no_other(library):
    says_so = {
        identifier
        for identifier, theorem in library.items()
        if not theorem.is_mutant and _ON_PAPER.search(theorem.statement)
    }
    assert says_so == set(PAPER_STEPS)


def test_every_unbounded_induction_has_its_step_checked_by_machine_or_registered(library):
    # "by induction" without a machine-checked step is a step argued on paper
    for identifier, theorem in library.items():
        if theorem.is_mutant or "induction" not in theorem.statement.lower():
            continue
        if identifier in PAPER_STEPS or "Not proved here" in theorem.statement:
            continue
        assert _MACHINE_STEP.search(theorem.statement), identifier


def test_rests_on_names_library_theorems_with_paper_steps(library):
    for theorem, lemmas in RESTS_ON.items():
        assert theorem in library
        for lemma in lemmas:
            assert lemma in PAPER_STEPS and lemma in library


# -- the theorems themselves ----------------------------------------------------------------


@pytest.mark.parametrize("identifier", sorted(PAPER_STEPS))
def test_each_registered_theorem_is_proved_assuming_its_steps_argued_on_paper(library, identifier):
    result = check_theorem(library[identifier], SETTINGS)
    assert result.verdict.status is Status.PROVED
    own = {f"{identifier}/{step}" for step, _ in PAPER_STEPS[identifier]}
    steps = {a.id: a for a in result.verdict.paper_steps}
    assert own <= set(steps)
    assert result.verdict.rests_on_paper
    listed = result.to_json()["assumes"]
    for entry in listed:
        if entry["id"] in own:
            assert entry["kind"] == "on-paper" and "argued on paper" in entry["statement"]


def test_a_mutant_of_a_registered_theorem_is_refuted_with_no_paper_step(library):
    result = check_theorem(library["bouton-any-heaps-first-heap"], SETTINGS)
    assert result.verdict.status is Status.REFUTED
    assert result.verdict.paper_steps == ()
    assert not result.verdict.rests_on_paper


def test_a_theorem_assuming_a_lemma_proved_on_paper_inherits_its_step(library):
    # misère Nim for any heaps composes Bouton's theorem, itself argued on paper
    verdict = check_theorem(library["misere-nim-any-number-of-heaps"], SETTINGS).verdict
    assert verdict.status is Status.PROVED
    assert f"{BOUTON}/induction-on-positions" in {a.id for a in verdict.paper_steps}


def test_g_equals_star_g_rests_on_no_step_argued_on_paper(library):
    # the value of one Nim heap comes from nim-heap-value-every-heap, an induction whose
    # step Z3 checks, not from the Nim value theorem for any heaps (argued on paper)
    verdict = check_theorem(library["sg-equivalent-to-star-every-game"], SETTINGS).verdict
    assert verdict.status is Status.PROVED
    assert "nim-heap-value-every-heap" in {a.id for a in verdict.assumes}
    assert verdict.paper_steps == ()


# -- inheritance, on every path that builds a verdict ----------------------------------------


def test_a_lemma_brings_its_paper_steps_whoever_builds_the_verdict():
    verdict = Verdict(Status.PROVED, "z3", UNBOUNDED, assumes=(Assumption(BOUTON, UNBOUNDED),))
    assert [a.id for a in verdict.assumes] == [BOUTON, BOUTON_STEP]
    (step,) = verdict.paper_steps
    assert step.kind is AssumptionKind.ON_PAPER and step.scope == UNBOUNDED
    assert verdict.to_json()["assumes"][1]["kind"] == "on-paper"
    assert verdict.to_json()["assumes"][0]["kind"] == "lemma"


def test_a_lemma_of_a_lemma_brings_its_steps_too():
    verdict = Verdict(
        Status.PROVED,
        "z3",
        UNBOUNDED,
        assumes=(Assumption("misere-nim-any-number-of-heaps", UNBOUNDED),),
    )
    assert {a.id for a in verdict.paper_steps} == {
        "misere-nim-any-number-of-heaps/induction-on-positions",
        BOUTON_STEP,
    }
    assert set(argued_on_paper("misere-nim-any-number-of-heaps")) > set(argued_on_paper(BOUTON))


def test_an_instance_proved_in_the_same_verdict_brings_no_paper_step():
    lemma = Assumption(BOUTON, "bounded: up to 3 heaps", instance_proved=True)
    verdict = Verdict(Status.PROVED, "z3", "bounded: a <= 7", assumes=(lemma,))
    assert verdict.assumes == (lemma,)
    assert not verdict.rests_on_paper


def test_a_lemma_with_no_paper_step_brings_nothing_and_old_constructors_still_work():
    lemma = Assumption("nim-sum-commutative", UNBOUNDED)
    assert lemma.kind is AssumptionKind.LEMMA
    assert Verdict(Status.PROVED, "z3", UNBOUNDED, assumes=(lemma,)).assumes == (lemma,)


def test_combining_and_replacing_keep_the_steps():
    from dataclasses import replace

    lemma = Assumption(BOUTON, UNBOUNDED)
    proof = Verdict(Status.PROVED, "z3", UNBOUNDED, assumes=(lemma,))
    combined = combine_verdicts([proof, Verdict(Status.UNREFUTED, "random", cases=10)])
    assert [a.id for a in combined.assumes] == [BOUTON, BOUTON_STEP]
    assert [a.id for a in replace(proof, message="x").assumes] == [BOUTON, BOUTON_STEP]


def test_a_user_claim_proved_by_bouton_lists_its_step_argued_on_paper():
    claim = good_claim(
        vars='["a", "b", "c"]',
        range="{ a = [0, 1000000], b = [0, 1000000], c = [0, 1000000] }",
        statement="(outcome == 'P') == (a ^ b ^ c == 0)",
        method="z3",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED
    assert [a.id for a in verdict.assumes] == [BOUTON, BOUTON_STEP]
    assert verdict.rests_on_paper


def test_a_refutation_rests_on_no_paper_step():
    verdict = Verdict(Status.REFUTED, "z3", assumes=(Assumption(BOUTON, UNBOUNDED),))
    assert not verdict.rests_on_paper  # the counterexample was re-checked directly
