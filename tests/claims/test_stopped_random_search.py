"""A random search stopped by the claim's budget counts only the cases it checked."""

from __future__ import annotations

from grundy.claims import check_claim
from grundy.library import CheckSettings
from grundy.verdict import Status
from tests.claims.helpers import good_claim

STOPPED = CheckSettings(seed=0, random_examples=200, claim_seconds=0)  # spent at once


def test_a_search_stopped_before_any_case_says_it_checked_none():
    claim = good_claim(
        vars='["a", "b"]',
        range="{ a = [0, 9], b = [0, 9] }",
        statement="a + b >= 0",
        method="random",
    )
    verdict = check_claim(claim, STOPPED)
    assert verdict.status is Status.UNKNOWN
    assert verdict.cases == 0, "the draws after the stop were never evaluated"
    assert "largest_size" not in verdict.details
