"""A claim that no case satisfies is never proved (nor tested), on any path.

``assume`` narrows the domain; when it admits no case at all, every statement holds
vacuously, and a verdict saying "proved" would be a false comfort.  Each method answers
``unknown`` and says why: the exhaustive check and the certificate method count no case,
Z3 shows that the assumptions have no model within the ranges, random search draws no
admitted case.
"""

from __future__ import annotations

from typing import Any

import pytest
import z3

from grundy.claims import Claim, claims_from_text
from grundy.claims.check import check_claim
from grundy.library import CheckSettings
from grundy.verdict import Status
from tests.claims.helpers import claim_text

SETTINGS = CheckSettings(quick=True, random_examples=60)
HUGE = "{ a = [0, 1000000000], b = [0, 1000000000] }"


def claim_of(**fields: object) -> Claim:
    (claim,) = claims_from_text(claim_text(**fields))
    assert isinstance(claim, Claim), getattr(claim, "problem", "")
    return claim


NEVER = [
    "a < b and b < a",
    "a > 2000000000",  # outside the range: only Z3's bit-vectors could hold it
    "a + b < 0",
    "(a ^ b) > 3000000000",
]


@pytest.mark.parametrize("assume", NEVER)
@pytest.mark.parametrize("method", ["z3", "auto", "random"])
@pytest.mark.parametrize("statement", ["outcome == 'P'", "grundy == 7", "a == b"])
def test_no_admitted_case_is_never_a_proof(method: str, assume: str, statement: str) -> None:
    claim = claim_of(
        vars='["a", "b"]',
        range=HUGE,
        position="[a, b]",
        assume=assume,
        statement=statement,
        method=method,
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN, verdict
    assert "satisfies assume" in verdict.message


def test_z3_still_proves_under_an_assumption_some_case_satisfies() -> None:
    claim = claim_of(
        vars='["a", "b"]',
        range=HUGE,
        position="[a, b]",
        assume="a == b and a > 999999990",
        statement="outcome == 'P'",
        method="z3",
    )
    assert check_claim(claim, SETTINGS).status is Status.PROVED


def test_z3_unable_to_tell_whether_a_case_is_admitted_proves_nothing(monkeypatch) -> None:
    original = z3.Solver.check
    calls = [0]

    def first_unknown(self: z3.Solver, *args: Any) -> z3.CheckSatResult:
        calls[0] += 1
        return z3.unknown if calls[0] == 1 else original(self, *args)

    monkeypatch.setattr(z3.Solver, "check", first_unknown)
    claim = claim_of(
        vars='["a", "b"]',
        range=HUGE,
        position="[a, b]",
        assume="a == b",
        statement="outcome == 'P'",
        method="z3",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN
    assert "could not tell whether any case satisfies assume" in verdict.message


@pytest.mark.parametrize("method", ["exhaustive", "certificate", "auto"])
@pytest.mark.parametrize("statement", ["grundy == 7", "grundy == n // 3"])
def test_one_heap_claims_with_no_admitted_case(method: str, statement: str) -> None:
    high = 1000 if method == "exhaustive" else 1000000000
    claim = claim_of(
        game="kayles",
        vars='["n"]',
        range=f"{{ n = [0, {high}] }}",
        position="[n]",
        assume="n < 0",
        statement=statement,
        method=method,
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN, verdict
    assert "satisfies assume" in verdict.message
