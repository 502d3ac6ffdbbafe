"""Every theorem's check is held to the claim budget (issue 34): a Python theorem from
``proofs/`` that loops ends as ``unknown`` naming the limit, like a claim of a TOML file,
whether it runs whole, as one part of a split check, or in a worker of ``--jobs``."""

import time

import pytest

from grundy.library import Theorem, check_theorem, run_task, run_theorems
from grundy.settings import CheckSettings
from grundy.tasks import Part, Split
from grundy.verdict import Status, Verdict

BUDGET = 1.0
SLACK = 6.0  # forks and a loaded machine (the hard stop itself is at 3 s for this budget)


def _loops(settings: CheckSettings) -> Verdict:
    while True:
        pass


def _sleeps_past_the_budget(settings: CheckSettings) -> Verdict:
    time.sleep(settings.claim_seconds + 0.2)  # then says proved: too late to count
    return Verdict(Status.PROVED, "exhaustive", "n <= 3")


def _quick(settings: CheckSettings) -> Verdict:
    return Verdict(Status.PROVED, "exhaustive", "n <= 3")


def _theorem(check, **extra) -> Theorem:
    return Theorem("t", "a theorem", "something", "a test", check=check, **extra)


def _names_the_budget(verdict: Verdict) -> None:
    assert verdict.status is Status.UNKNOWN
    assert "time budget of 1 s" in verdict.message
    assert "--claim-seconds" in verdict.message


def test_a_python_theorem_that_loops_is_unknown_within_its_budget() -> None:
    start = time.monotonic()
    result = check_theorem(_theorem(_loops), CheckSettings(claim_seconds=BUDGET))
    assert time.monotonic() - start < 3.0 + SLACK
    _names_the_budget(result.verdict)
    assert "was ended" in result.verdict.message


def test_one_part_of_a_split_check_is_held_to_the_budget_too() -> None:
    split = Split(
        lambda s: [Part("fine", _quick), Part("loops", _loops)],
        lambda verdicts, s: verdicts[-1],
    )
    start = time.monotonic()
    outcome = run_task(_theorem(None, split=split), 1, CheckSettings(claim_seconds=BUDGET))
    assert time.monotonic() - start < 3.0 + SLACK
    _names_the_budget(outcome.verdict)


def test_the_same_in_a_worker_of_several_jobs() -> None:
    theorems = [_theorem(_loops), replace_id(_theorem(_quick), "q")]
    results = run_theorems(theorems, CheckSettings(claim_seconds=BUDGET), jobs=2)
    _names_the_budget(results[0].verdict)
    assert results[1].verdict.status is Status.PROVED


def replace_id(theorem: Theorem, new: str) -> Theorem:
    from dataclasses import replace

    return replace(theorem, id=new)


def test_a_verdict_after_the_budget_does_not_count() -> None:
    result = check_theorem(_theorem(_sleeps_past_the_budget), CheckSettings(claim_seconds=BUDGET))
    _names_the_budget(result.verdict)
    assert "came only after" in result.verdict.message


@pytest.mark.parametrize("settings", [CheckSettings(), CheckSettings(claim_seconds=None)])
def test_a_check_within_its_budget_keeps_its_verdict(settings: CheckSettings) -> None:
    result = check_theorem(_theorem(_quick), settings)
    assert result.verdict.status is Status.PROVED
    assert result.verdict.scope == "n <= 3"
