"""Induction proofs for take-away games cover k = 1 too, and a refuted closed form says
that Z3's step failed and the exact solver confirmed it, with the failed step kept."""

import pytest
import z3

from grundy.verdict import Status
from grundy.verify.z3_induction import prove_take_away_closed_form, prove_take_away_misere

TIMEOUT = 20_000


def test_a_misere_form_wrong_only_for_k_1_is_refuted_at_k_1():
    # right for every k >= 2 (P iff n = 1 mod k + 1), wrong for S(1): there the misère
    # P-positions are the odd heaps, and 0 is N (the player to move cannot move and wins)
    verdict = prove_take_away_misere(
        (
            lambda n, k: z3.If(k == 1, n % 2 == 0, n % (k + 1) == 1),
            lambda n, k: n % 2 == 0 if k == 1 else n % (k + 1) == 1,
        ),
        timeout_ms=TIMEOUT,
    )
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == {"k": 1, "n": 0, "misere outcome": "N"}


@pytest.mark.parametrize(
    "prove",
    [
        lambda: prove_take_away_closed_form(
            (lambda n, k: n % k, lambda n, k: n % k), timeout_ms=TIMEOUT
        ),
        lambda: prove_take_away_misere(
            (lambda n, k: n % (k + 1) == 0, lambda n, k: n % (k + 1) == 0), timeout_ms=TIMEOUT
        ),
    ],
    ids=["normal-mod-k", "misere-mod-k-plus-1"],
)
def test_a_refutation_names_z3_and_the_exact_solver(prove):
    verdict = prove()
    assert verdict.status is Status.REFUTED
    # the counterexample is the exact solver's, the failed step is Z3's: the message
    # says which engine did what, naming Z3 as the rest of the library does
    assert verdict.message.startswith("the induction step fails (Z3); ")
    assert "the exact solver confirms the closed form is wrong" in verdict.message
    step = verdict.details["failed step"]
    assert step["k"] >= 1 and step["n"] >= 0
