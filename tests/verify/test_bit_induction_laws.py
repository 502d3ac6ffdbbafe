"""Induction on the bit width: the nim-sum laws for every natural number, their Python
twins cross-checked exhaustively, and failures that never become proofs."""

import itertools

import pytest
import z3

from grundy.theory import nim_sum_laws as nim_laws
from grundy.verdict import Status, Verdict
from grundy.verify.bit_induction import BitwiseLaw, prove_chain, prove_every_width
from grundy.verify.exhaustive import integer_cases

TRUE_LAWS = [
    nim_laws.ASSOCIATIVE,
    nim_laws.COMMUTATIVE,
    nim_laws.SELF_INVERSE,
    nim_laws.IDENTITY,
    nim_laws.CANCELLATION,
    nim_laws.NATURAL,
    nim_laws.CANCEL_RIGHT,
    nim_laws.CANCEL_LEFT,
    nim_laws.CANCEL_INNER,
    nim_laws.mex_reaches_below(),
    nim_laws.mex_no_equal_option(),
]


def _nim_sum_by_digits(x: int, y: int) -> int:
    """Addition without carry, digit by digit (the slides' definition)."""
    total, place = 0, 1
    while x or y:
        total += ((x % 2 + y % 2) % 2) * place
        x, y, place = x // 2, y // 2, place * 2
    return total


def test_the_recursive_definition_is_addition_without_carry():
    for x, y in itertools.product(range(64), repeat=2):
        halves = _nim_sum_by_digits(x // 2, y // 2)
        assert _nim_sum_by_digits(x, y) == 2 * halves + (x + y) % 2 == x ^ y


@pytest.mark.parametrize("law", TRUE_LAWS, ids=lambda law: law.name.replace("⊕", "xor"))
def test_each_law_holds_on_every_small_case(law):
    # the exhaustive cross-check of the Python twin that the Z3 proof is re-checked with
    cases = integer_cases(dict.fromkeys(law.variables, (0, 15)))
    assert all(law.holds(case) for case in cases)


@pytest.mark.parametrize("law", TRUE_LAWS[:5], ids=lambda law: law.name.replace("⊕", "xor"))
def test_each_law_is_proved_for_every_width(law):
    verdict = prove_every_width(law, timeout_ms=30_000)
    assert verdict.status is Status.PROVED
    assert verdict.scope == "unbounded"
    assert [part.status for part in verdict.parts] == [Status.PROVED, Status.PROVED]


def test_the_mex_lemma_is_proved_with_its_lemmas_first():
    verdict = prove_chain(nim_laws.mex_lemma_laws(), timeout_ms=30_000)
    assert verdict.status is Status.PROVED and verdict.unbounded
    assert len(verdict.parts) == 6


def test_a_false_law_is_refuted_by_its_least_counterexample():
    law = BitwiseLaw(
        "x ⊕ y <= x",
        ("x", "y"),
        lambda f, v: f(v[0], v[1]) <= v[0],
        lambda c: c["x"] ^ c["y"] <= c["x"],
    )
    verdict = prove_every_width(law, timeout_ms=30_000)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample == {"x": 0, "y": 1}


def test_a_counterexample_far_out_is_still_found():
    law = BitwiseLaw(
        "x ⊕ 40 != 0", ("x",), lambda f, v: f(v[0], 40) != 0, lambda c: c["x"] ^ 40 != 0
    )
    verdict = prove_every_width(law, timeout_ms=30_000)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample == {"x": 40}


def test_a_failed_step_without_a_real_counterexample_is_unknown():
    # the step cannot be shown from one level of the definition, yet the law is true
    law = BitwiseLaw(
        "x ⊕ 64 >= 64 or x >= 64",
        ("x",),
        lambda f, v: z3.Or(f(v[0], 64) >= 64, v[0] >= 64),
        lambda c: c["x"] ^ 64 >= 64 or c["x"] >= 64,
    )
    verdict = prove_every_width(law, timeout_ms=30_000)
    assert verdict.status is Status.UNKNOWN
    assert "not proved, not refuted" in verdict.message


def test_a_z3_unknown_is_never_proved(monkeypatch):
    from grundy.verify import bit_induction

    def unknown(goal, **kwargs):
        return Verdict(
            Status.UNKNOWN, "z3", kwargs["scope"], message="Z3 answered unknown (timeout)"
        )

    monkeypatch.setattr(bit_induction, "prove_z3", unknown)
    verdict = prove_every_width(nim_laws.ASSOCIATIVE, timeout_ms=1)
    assert verdict.status is Status.UNKNOWN
    assert "timeout" in verdict.message
