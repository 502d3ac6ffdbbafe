"""Induction on the bits: lemmas about nim-sums of naturals of any size, and the Nim
theorems (value, Bouton, misère) composed from them."""

from __future__ import annotations

import pytest

from grundy.theory.nim import (
    BOUTON_ID,
    bouton_lemmas,
    misere_lemmas,
    prove_bouton_unbounded,
    prove_misere_unbounded,
    prove_nim_value_unbounded,
)
from grundy.verdict import UNBOUNDED, Status
from grundy.verify.bit_induction import (
    FiniteLemma,
    NaturalLemma,
    prove_finite,
    prove_for_all_naturals,
    prove_lemma_set,
)

TIMEOUT = 20_000


def _lemma(name: str):
    (found,) = [lemma for lemma in bouton_lemmas() if lemma.name.startswith(name + " ")]
    return found


def test_a_true_lemma_is_proved_for_all_naturals():
    verdict = prove_for_all_naturals(_lemma("N4"), timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED
    assert verdict.scope == UNBOUNDED and verdict.unbounded


def test_a_false_lemma_is_refuted_at_a_case_rechecked_with_the_real_xor():
    # "x ⊕ y < x ⊕ 0" already fails when every variable is 0
    wrong = NaturalLemma(
        "xor is below", ("x", "y"), lambda a, x, y: a.lt(a.xor(x, y), a.xor(x, a.const(0)))
    )
    verdict = prove_for_all_naturals(wrong, timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == {"x": 0, "y": 0}
    assert "every variable is 0" in verdict.message


def test_a_counterexample_beyond_the_small_search_is_found_by_z3_on_64_bits():
    # false exactly when x has bit 5 and y has bit 5: both at least 32, beyond 0..15
    def statement(alg, x, y):
        return alg.implies(
            alg.and_(alg.le(alg.const(32), x), alg.le(alg.const(32), y)),
            alg.le(alg.const(32), alg.xor(x, y)),
        )

    verdict = prove_for_all_naturals(NaturalLemma("big", ("x", "y"), statement), timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    case = verdict.counterexample
    assert case["x"] >= 32 and case["y"] >= 32 and case["x"] ^ case["y"] < 32


def test_a_true_lemma_whose_step_needs_a_missing_fact_is_unknown_not_proved():
    # the column lemma without N1 and N5 to lean on: the step alone does not go through
    column = _lemma("N7")
    bare = NaturalLemma(column.name, column.variables, column.statement)
    verdict = prove_for_all_naturals(bare, timeout_ms=TIMEOUT)
    assert verdict.status is Status.UNKNOWN
    assert "not proved, not refuted" in verdict.message
    known = {lemma.name: lemma for lemma in bouton_lemmas()}
    assert prove_for_all_naturals(column, proved=known, timeout_ms=TIMEOUT).status is (
        Status.PROVED
    )


def test_a_lemma_may_only_use_lemmas_proved_before_it():
    with pytest.raises(ValueError, match="not proved before it"):
        prove_for_all_naturals(_lemma("N7"), timeout_ms=TIMEOUT)
    with pytest.raises(ValueError, match="not proved before it"):
        prove_lemma_set(
            list(reversed(bouton_lemmas())), timeout_ms=TIMEOUT, conclusion="", decomposition=[]
        )


def test_finite_lemmas_list_every_case():
    right = FiniteLemma("small", {"x": (0, 1), "y": (0, 1)}, lambda a, x, y: a.le(a.xor(x, y), 1))
    assert prove_finite(right).cases == 4
    wrong = FiniteLemma("two", {"x": (0, 2), "y": (0, 2)}, lambda a, x, y: a.le(a.xor(x, y), 2))
    verdict = prove_finite(wrong)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == {"x": 1, "y": 2}


@pytest.mark.parametrize("width", [1, 2, 3, 4])
def test_every_lemma_holds_on_small_numbers_with_the_real_xor(width):
    # an independent look: each proved lemma's statement on every tuple below 2^width
    for lemma in [*bouton_lemmas(), *misere_lemmas()]:
        if isinstance(lemma, FiniteLemma):
            assert prove_finite(lemma).status is Status.PROVED
            continue
        names = lemma.variables
        for index in range((1 << width) ** len(names)):
            case = {n: (index >> (width * i)) & ((1 << width) - 1) for i, n in enumerate(names)}
            assert lemma.holds(case), (lemma.name, case)


@pytest.mark.parametrize(
    "prove", [prove_bouton_unbounded, prove_nim_value_unbounded, prove_misere_unbounded]
)
def test_the_nim_theorems_are_proved_unbounded_and_record_their_decomposition(prove):
    verdict = prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED and verdict.unbounded
    assert verdict.details["decomposition"]
    assert len(verdict.parts) == len(verdict.details["lemmas"])
    assert all(part.status is Status.PROVED for part in verdict.parts)


def _lemmas(verdict):
    return [a.id for a in verdict.assumes if not a.on_paper]


def _on_paper(verdict):
    return [a.id for a in verdict.paper_steps]


def test_only_the_misere_proof_assumes_bouton():
    assert _lemmas(prove_misere_unbounded(timeout_ms=TIMEOUT)) == [BOUTON_ID]
    assert _lemmas(prove_bouton_unbounded(timeout_ms=TIMEOUT)) == []
    assert prove_misere_unbounded(timeout_ms=TIMEOUT, mutation="one-cancels").assumes == ()


def test_each_nim_theorem_assumes_its_induction_on_positions_argued_on_paper():
    # the lemmas are checked by machine; the induction that puts them together is not
    assert _on_paper(prove_bouton_unbounded(timeout_ms=TIMEOUT)) == [
        f"{BOUTON_ID}/induction-on-positions"
    ]
    assert _on_paper(prove_nim_value_unbounded(timeout_ms=TIMEOUT)) == [
        "nim-value-any-number-of-heaps/induction-on-positions"
    ]
    # the misère proof rests on its own paper step and on Bouton's (through condition (2))
    assert set(_on_paper(prove_misere_unbounded(timeout_ms=TIMEOUT))) == {
        "misere-nim-any-number-of-heaps/induction-on-positions",
        f"{BOUTON_ID}/induction-on-positions",
    }
    for step in prove_bouton_unbounded(timeout_ms=TIMEOUT).paper_steps:
        assert step.to_json()["kind"] == "on-paper"
        assert "argued on paper" in step.statement


@pytest.mark.parametrize(
    ("prove", "mutation", "method", "case"),
    [
        (prove_bouton_unbounded, "first-heap", "bit-induction", {"p": 0, "h": 1, "d": 1}),
        (prove_nim_value_unbounded, "move-lowers", "bit-induction", {"o": 1, "h": 1, "g": 0}),
        (prove_misere_unbounded, "one-cancels", "bit-induction", {"o": 1, "h": 1}),
        (prove_misere_unbounded, "normal-endgame", "exhaustive", {"o": 0}),
    ],
)
def test_each_mutant_is_refuted_by_its_own_engine(prove, mutation, method, case):
    verdict = prove(timeout_ms=TIMEOUT, mutation=mutation)
    assert verdict.status is Status.REFUTED
    assert verdict.method == method
    assert dict(verdict.counterexample) == case


def test_unknown_mutations_are_rejected():
    with pytest.raises(ValueError, match="mutation"):
        bouton_lemmas("middle")
    with pytest.raises(ValueError, match="mutation"):
        misere_lemmas("middle")
