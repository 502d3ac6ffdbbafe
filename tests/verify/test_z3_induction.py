"""Induction steps discharged by Z3: unbounded proofs, and refutations confirmed by the
exact solver at the least disagreeing heap."""

import pytest

from grundy.theory.nim_sum import prove_distinct_powers_any_count
from grundy.verdict import Status
from grundy.verify.z3_induction import prove_take_away_closed_form, prove_take_away_misere

TIMEOUT = 20_000


def test_take_away_closed_form_is_proved_for_every_n_and_k():
    verdict = prove_take_away_closed_form(
        (lambda n, k: n % (k + 1), lambda n, k: n % (k + 1)), timeout_ms=TIMEOUT
    )
    assert verdict.status is Status.PROVED
    assert verdict.unbounded
    assert verdict.details["lemmas"]


@pytest.mark.parametrize(
    ("form", "least"),
    [
        ((lambda n, k: n % k, lambda n, k: n % k), {"k": 1, "n": 1, "G(n)": 1}),
        ((lambda n, k: n % (k + 2), lambda n, k: n % (k + 2)), {"k": 1, "n": 2, "G(n)": 0}),
    ],
    ids=["mod-k", "mod-k-plus-2"],
)
def test_wrong_closed_forms_are_refuted_at_the_least_heap(form, least):
    verdict = prove_take_away_closed_form(form, timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == least


def test_a_failed_step_without_a_real_counterexample_is_unknown():
    # G(n) = n mod (k+1) written as a step that Z3 cannot verify: the "closed form" in Z3
    # is wrong (n mod k), but the Python form the solver is compared with is right.
    verdict = prove_take_away_closed_form(
        (lambda n, k: n % k, lambda n, k: n % (k + 1)), timeout_ms=TIMEOUT
    )
    assert verdict.status is Status.UNKNOWN
    assert "not proved, not refuted" in verdict.message


def test_misere_take_away():
    right = prove_take_away_misere(
        (lambda n, k: n % (k + 1) == 1, lambda n, k: n % (k + 1) == 1), timeout_ms=TIMEOUT
    )
    assert right.status is Status.PROVED
    wrong = prove_take_away_misere(
        (lambda n, k: n % (k + 1) == 0, lambda n, k: n % (k + 1) == 0), timeout_ms=TIMEOUT
    )
    assert wrong.status is Status.REFUTED
    assert dict(wrong.counterexample) == {"k": 1, "n": 0, "misere outcome": "N"}


def test_distinct_powers_for_any_count_and_its_false_generalisation():
    right = prove_distinct_powers_any_count(32, timeout_ms=TIMEOUT)
    assert right.status is Status.PROVED
    assert [name[:2] for name in right.details["lemmas"]] == ["D1", "D2", "D3"]
    wrong = prove_distinct_powers_any_count(32, timeout_ms=TIMEOUT, disjoint="any")
    assert wrong.status is Status.REFUTED
    # least by p + q; (1, 3) and (3, 1) tie, and either may come back
    assert sorted(wrong.counterexample.values()) == [1, 3]
