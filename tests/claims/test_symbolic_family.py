"""A family with more values than are checked one at a time: one symbolic proof for every
value of the parameter (grundy.claims.symbolic_family), else the values of least sum
checked and the bound named (never "proved").

Each proof has a mutant only the symbolic path refutes (it differs from the truth only
past the values checked one by one), and one it cannot decide, whose verdict must say
"checked for k <= 200", not "proved".
"""

from __future__ import annotations

import pytest

from grundy.claims import Claim, param_family
from grundy.claims.check import check_claim
from grundy.claims.per_value import check_per_value
from grundy.claims.symbolic_family import (
    attempts,
    check_symbolically,
    rechecker,
    symbolic_refusal,
)
from grundy.library import CheckSettings
from grundy.verdict import Status, Word
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(quick=True, random_examples=60, seed=0, claim_seconds=None)

HUGE = "{ k = [1, 1000000000], n = [0, 1000000000000] }"


def family(
    statement: str,
    *,
    set_: str = "range(1, k + 1)",
    range_: str = HUGE,
    position: str = "[n]",
    **more: str,
) -> Claim:
    return good_claim(
        game="subtraction",
        params=f'{{ set = "{set_}" }}',
        vars='["k", "n"]',
        position=position,
        range=range_,
        statement=statement,
        **more,
    )


@pytest.mark.parametrize(
    ("statement", "set_", "more", "engine"),
    [
        ("(outcome == 'P') == (n % (k + 1) == 0)", "range(1, k + 1)", {}, "p-set induction"),
        ("grundy == n % (k + 1)", "range(1, k + 1)", {}, "grundy-value induction"),
        (
            "(outcome == 'P') == (n % (k + 1) == 1)",
            "range(1, k + 1)",
            {"play": "misere"},
            "p-set induction",
        ),
        ("grundy == (n // k) % 2", "[k]", {}, "grundy-value induction"),
    ],
)
def test_every_k_is_proved_in_one_symbolic_proof(
    statement: str, set_: str, more: dict[str, str], engine: str
) -> None:
    claim = family(statement, set_=set_, **more)
    assert claim.split is not None and claim.split.beyond == "k <= 200"
    verdict = check_claim(claim, SETTINGS)
    assert verdict.word is Word.PROVED, verdict.message
    assert verdict.method == f"symbolic family: {engine}"
    assert verdict.scope.startswith("unbounded k >= 1, n >= 0: one " + engine)
    assert "k symbolic" in verdict.scope


@pytest.mark.parametrize(
    ("statement", "set_", "engine", "counterexample"),
    [
        (
            "(outcome == 'P') == (n % (k + 1) == 0 or (k > 200 and n == 1))",
            "range(1, k + 1)",
            "p-set induction",
            {"k": 201, "n": 1},
        ),
        (
            "grundy == ((n // k) % 2 if k <= 200 else (n // k) % 3)",
            "[k]",
            "grundy-value induction",
            {"k": 201, "n": 402},
        ),
    ],
)
def test_mutants_wrong_only_past_k_200_are_refuted_by_the_symbolic_proof(
    statement: str, set_: str, engine: str, counterexample: dict[str, int]
) -> None:
    claim = family(statement, set_=set_)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED, verdict.message
    assert verdict.method == f"symbolic family: {engine}"
    assert verdict.counterexample == counterexample


@pytest.fixture
def ten_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """At most 10 values checked one at a time, so that checking them is quick."""
    monkeypatch.setattr(param_family, "MAX_VALUES", 10)


@pytest.mark.slow
@pytest.mark.usefixtures("ten_values")
def test_a_mutant_false_only_past_the_values_checked_one_by_one_is_refuted() -> None:
    # P iff n = 0 mod (k + 1) for k <= 10, mod (k + 2) beyond: every value the per-value
    # check reaches holds, and only the symbolic proof finds k = 11
    claim = family(
        "(outcome == 'P') == (n % (k + 1 if k <= 10 else k + 2) == 0)",
        range_="{ k = [1, 300], n = [0, 1000] }",
    )
    assert claim.split is not None and claim.split.beyond == "k <= 10"
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED, verdict.message
    assert verdict.method == "symbolic family: p-set induction"
    assert verdict.counterexample == {"k": 11, "n": 12}
    # the values one at a time: every one holds, and the verdict says only "checked"
    alone = check_per_value(claim, lambda member: check_claim(member, SETTINGS))
    assert alone.status is Status.PROVED and alone.word is Word.CHECKED
    assert alone.scope.startswith("checked for k <= 10 only")


@pytest.mark.usefixtures("ten_values")
def test_a_mutant_the_symbolic_proof_cannot_decide_is_checked_for_k_up_to_the_bound() -> None:
    # false only for k > 5000, outside the stated range: the induction over every k
    # fails, no case of the claim is a counterexample, so it is checked, never proved
    claim = family(
        "(outcome == 'P') == (n % (k + 1 if k <= 5000 else k + 2) == 0)",
        range_="{ k = [1, 300], n = [0, 300] }",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.word is Word.CHECKED, verdict.message
    assert verdict.scope.startswith("checked for k <= 10 only (k = 1..10)")
    assert "did not go through" in verdict.message
    assert "symbolic" in verdict.details


def test_a_divisor_that_may_be_zero_is_not_read() -> None:
    # k - 1 is 0 at k = 1: Python's % fails there, Z3's is another function
    claim = family("(outcome == 'P') == (n % (k - 1) == 0)")
    verdict = check_symbolically(claim, timeout_ms=20_000, seed=0, recheck=rechecker(claim))
    assert verdict.status is Status.UNKNOWN and "divisor" in verdict.message
    # from k = 2 on, it is at least 1: read (and the formula is then simply wrong)
    from_two = family(
        "(outcome == 'P') == (n % (k - 1) == 0)",
        range_="{ k = [2, 1000000000], n = [0, 1000000000000] }",
    )
    assert symbolic_refusal(from_two) is None
    verdict = check_symbolically(from_two, timeout_ms=20_000, seed=0, recheck=rechecker(from_two))
    assert "divisor" not in verdict.message
    assert verdict.status is Status.REFUTED and verdict.counterexample == {"k": 2, "n": 1}


def test_small_families_keep_their_per_value_check() -> None:
    claim = family("grundy == n % (k + 1)", range_="{ k = [1, 6], n = [0, 1000000] }")
    assert claim.split is not None and claim.split.beyond == ""
    assert not attempts(claim)


@pytest.mark.parametrize(
    ("more", "words"),
    [
        ({"position": "[n, n]"}, "one heap"),
        ({"statement": "g([n + k + 1]) == grundy"}, "'g' is not read"),
        ({"play": "misere", "statement": "grundy == n % (k + 1)"}, "normal play only"),
    ],
)
def test_what_the_symbolic_method_does_not_read(more: dict[str, str], words: str) -> None:
    statement = more.pop("statement", "(outcome == 'P') == (n % (k + 1) == 0)")
    refusal = symbolic_refusal(family(statement, **more))
    assert refusal is not None and words in refusal


def test_two_parameters_past_the_limit_are_checked_by_sums() -> None:
    # S = {a, b}, period a + b: g(n + a + b) == g(n) is not a formula of the value, so no
    # symbolic proof; the values of least a + b are checked, and the bound named
    claim = good_claim(
        game="subtraction",
        params='{ set = "[a, b]" }',
        vars='["a", "b", "n"]',
        range="{ a = [1, 100], b = [1, 100], n = [0, 1000000] }",
        assume="a < b",
        position="[n]",
        statement="g([n + a + b]) == grundy",
    )
    assert claim.split is not None and claim.split.beyond == "a + b <= 29"
    assert len(claim.split.values) == 196


def test_a_divisor_is_checked_at_every_heap_the_induction_meets_not_only_the_cases() -> None:
    # n - 2 is at least 3 on the claim's cases (n >= 5), but the induction reads the
    # formula at every heap from 0, where it is 0: the divisor is not read
    claim = family(
        "(outcome == 'P') == (n % (n - 2) == 0)",
        range_="{ k = [1, 1000000000], n = [5, 1000000000000] }",
    )
    verdict = check_symbolically(claim, timeout_ms=20_000, seed=0, recheck=rechecker(claim))
    assert verdict.status is Status.UNKNOWN and "divisor" in verdict.message
