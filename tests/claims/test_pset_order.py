"""``auto`` on a domain past its exhaustive limit: P-set induction goes before Z3 where it
reads the claim (Z3 settles a Nim claim only for the ranges' widths), the certificate
method keeps its one-heap claims, claims P-set induction does not read keep their plan,
and a method that answered ``unknown`` is not named in the verdict's method."""

from __future__ import annotations

from typing import Any

from grundy.claims.check import check_claim
from grundy.claims.model import Method
from grundy.claims.plan import plan_methods
from grundy.settings import CheckSettings
from grundy.verdict import Status, Verdict, combine_verdicts

from .helpers import good_claim

SETTINGS = CheckSettings(quick=True, seed=0)
HUGE = "[0, 1000000000]"
TWO_HEAPS: dict[str, Any] = {
    "game": "nim",
    "vars": '["a", "b"]',
    "range": f"{{ a = {HUGE}, b = {HUGE} }}",
    "position": "[a, b]",
}
ONE_HEAP: dict[str, Any] = {
    "vars": '["n"]',
    "range": "{ n = [0, 1000000000000] }",
    "position": "[n]",
}


def _steps(**fields: Any) -> tuple[Method, ...]:
    return plan_methods(good_claim(**fields), quick=True, random_examples=100).steps


def test_a_two_heap_nim_claim_is_proved_for_every_position_not_only_the_widths() -> None:
    # Z3 alone proves it only for heaps up to 10^9 ("checked"); P-set induction, now
    # first, proves it for every pair of heaps.
    verdict = check_claim(
        good_claim(statement="(outcome == 'P') == (a == b)", **TWO_HEAPS), SETTINGS
    )
    assert (verdict.status, verdict.method, verdict.scope) == (
        Status.PROVED,
        "p-set induction",
        "unbounded a >= 0, b >= 0",
    )
    assert verdict.unbounded and verdict.message.startswith("auto: P-set induction first")
    # its mutant is refuted at a position the exact solver confirms
    wrong = check_claim(
        good_claim(statement="(outcome == 'P') == (a == b + 1)", **TWO_HEAPS), SETTINGS
    )
    assert wrong.status is Status.REFUTED and wrong.counterexample is not None
    a, b = wrong.counterexample["a"], wrong.counterexample["b"]
    assert (a == b + 1) != (wrong.counterexample["outcome"] == "P")


def test_a_one_heap_nim_claim_gets_the_proof_for_every_heap() -> None:
    # The certificate method declines Nim (no period), then P-set induction proves it
    # before the lemma's reading, which covers only the range.
    claim = good_claim(game="nim", statement="(outcome == 'P') == (n == 0)", **ONE_HEAP)
    verdict = check_claim(claim, SETTINGS)
    assert (verdict.status, verdict.method, verdict.scope) == (
        Status.PROVED,
        "p-set induction",
        "unbounded n >= 0",
    )


def test_the_certificate_method_keeps_its_one_heap_claims() -> None:
    claim = good_claim(game="take-away", statement="(outcome == 'P') == (n % 4 == 0)", **ONE_HEAP)
    assert _steps(game="take-away", statement="(outcome == 'P') == (n % 4 == 0)", **ONE_HEAP) == (
        Method.CERTIFICATE,
        Method.P_SET,
        Method.Z3,
        Method.RANDOM,
    )
    verdict = check_claim(claim, SETTINGS)
    assert (verdict.status, verdict.method) == (Status.PROVED, "certificate")
    assert verdict.details["certificate"]["period"] == 4  # what the certificate says more
    assert not verdict.message.startswith("auto: P-set")  # it did not run first


def test_claims_p_set_induction_does_not_read_keep_their_plan() -> None:
    not_read = [
        dict(TWO_HEAPS, statement="grundy == a ^ b"),  # not a P-set statement
        dict(TWO_HEAPS, statement="(outcome == 'P') == (a ^ b == 0)"),  # ^ is not read
        dict(TWO_HEAPS, play="misere", statement="(outcome == 'P') == (a == b)"),
        dict(ONE_HEAP, game="kayles", statement="(outcome == 'P') == (n % 4 == 0)"),  # no relation
        dict(ONE_HEAP, game="take-away", statement="grundy == n % 4"),
    ]
    for fields in not_read:
        assert _steps(**fields) == (Method.Z3, Method.CERTIFICATE, Method.RANDOM), fields


def test_the_small_domain_plan_is_unchanged() -> None:
    small = dict(TWO_HEAPS, range="{ a = [0, 20], b = [0, 20] }")
    assert _steps(statement="(outcome == 'P') == (a == b)", **small) == (
        Method.P_SET,
        Method.EXHAUSTIVE,
    )
    assert _steps(statement="grundy == a ^ b", **small) == (Method.EXHAUSTIVE,)


def test_an_undecided_p_set_step_is_not_named_in_the_method() -> None:
    # right on n >= 10 only: P-set induction answers unknown, every case then decides
    claim = good_claim(
        game="take-away",
        vars='["n"]',
        range="{ n = [10, 60] }",
        statement="(outcome == 'P') == (n % 4 == 0 or n == 2)",
    )
    verdict = check_claim(claim, SETTINGS)
    assert (verdict.status, verdict.method) == (Status.PROVED, "exhaustive")
    assert [(p.method, p.status) for p in verdict.parts] == [
        ("p-set induction", Status.UNKNOWN),
        ("exhaustive", Status.PROVED),
    ]
    assert "induction does not apply" in verdict.message  # why it did not decide


def test_the_rule_for_naming_methods_is_one_rule() -> None:
    unknown = Verdict(Status.UNKNOWN, "z3", message="not translated")
    tested = Verdict(Status.UNREFUTED, "random", cases=10)
    proved = Verdict(Status.PROVED, "exhaustive", "bounded: n <= 9", cases=10)
    assert combine_verdicts([unknown, tested]).method == "random"
    assert combine_verdicts([unknown, proved, tested]).method == "exhaustive+random"
    both_unknown = combine_verdicts([unknown, Verdict(Status.UNKNOWN, "random")])
    assert (both_unknown.method, both_unknown.status) == ("z3+random", Status.UNKNOWN)
    errored = Verdict(Status.ERROR, "certificate", message="boom")
    assert combine_verdicts([errored, tested]).method == "certificate+random"  # a fault is named
