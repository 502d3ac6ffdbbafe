"""An undecided claim still says what was checked: the certificate method's ``unknown``
and a budget stop keep the claim's method and scope, and the runner's answer cache stays
bounded."""

from __future__ import annotations

import grundy.claims.check as check_module
import grundy.claims.runner as runner_module
from grundy.claims import check_claim
from grundy.claims.check import ClaimRunner
from grundy.errors import BudgetExceededError
from grundy.library import CheckSettings
from grundy.verdict import Status
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(seed=0, random_examples=50)


def test_certificate_unknown_for_two_variables_keeps_the_claims_scope():
    claim = good_claim(
        vars='["a", "b"]',
        range="{ a = [0, 9], b = [0, 9] }",
        statement="a + b >= 0",
        method="certificate",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN
    assert verdict.method == "certificate"
    assert "exactly one variable" in verdict.message
    # the report must still say which domain the claim was about
    assert verdict.scope == "bounded: 0 <= a, b <= 9"


def test_certificate_unknown_without_a_period_keeps_the_range_it_searched():
    # Nim has no periodicity theorem; the reason names n = 0..9, which is the scope.
    claim = good_claim(
        vars='["n"]',
        range="{ n = [0, 9] }",
        position="[n]",
        statement="grundy == n",
        method="certificate",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN and verdict.method == "certificate"
    assert "no certified period" in verdict.message
    assert verdict.scope == "bounded: 0 <= n <= 9"


def test_a_budget_stop_reaching_check_claim_is_unknown_with_method_and_scope(monkeypatch):
    # The engines catch most budget stops themselves; one raised outside them (e.g. while a
    # random counterexample is re-checked) reaches check_claim's own handler.
    def stopped(*args, **kwargs):
        raise BudgetExceededError("the time budget of 1 s was used up")

    monkeypatch.setattr(check_module, "_check", stopped)
    claim = good_claim(
        vars='["a", "b"]',
        range="{ a = [0, 9], b = [0, 9] }",
        statement="a + b >= 0",
        method="random",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN
    assert verdict.method == "random"
    assert verdict.scope == "bounded: 0 <= a, b <= 9"
    assert verdict.message.startswith("stopped: the time budget of 1 s was used up")
    assert "--claim-seconds" in verdict.message


def test_the_answer_cache_never_holds_more_than_its_limit(monkeypatch):
    # The cache bounds memory on huge domains; a small limit shows the bound is strict and
    # that answers stay right after the cache is emptied.
    monkeypatch.setattr(runner_module, "_CACHE_LIMIT", 3)
    claim = good_claim(
        vars='["a"]', range="{ a = [0, 9] }", position="[a]", statement="grundy == a"
    )
    runner = ClaimRunner(claim)
    for heap in range(10):
        assert runner.grundy_of(runner.to_position([heap])) == heap
        assert len(runner._grundy) <= 3
