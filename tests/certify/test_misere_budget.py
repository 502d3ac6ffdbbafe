"""Building a misère quotient keeps to a time budget (issues #28 and #29 section 2): the
construction, the solver's on-demand quotient and the quotient method of claims all tick
a meter, so a budget passed ends within 10 % of its value; and an on-demand quotient that
cannot be built is given up after a small allowance, the sum then searched plainly."""

from __future__ import annotations

import time

import pytest

import grundy.claims.quotient_method as quotient_method
from grundy.budget import Budget
from grundy.claims.quotient_method import check_by_quotient
from grundy.errors import BudgetExceededError
from grundy.games.octal import OctalGame
from grundy.solve import Outcome, Play, Solver, misere_sums
from grundy.solve.misere_quotient import misere_quotient
from tests.claims.helpers import good_claim

BUDGET = 2.0
SLACK = 0.15  # seconds: a busy machine's scheduling (as in tests/cli/test_time_budget.py)


def _within(elapsed: float, budget: float) -> bool:
    """Kept to within 10 % of the budget (plus the scheduling slack)."""
    return elapsed <= budget * 1.1 + SLACK


SLOW = OctalGame("0.6")
"""Its quotient of heaps up to 20 cannot be built: the construction gives up at heap 17
(after about 1.5 CPU s since it was compiled, tens of seconds before)."""

SLOWER = OctalGame("0.07")
"""Its quotient of heaps up to 33 takes about 1.6 CPU s to build once compiled (4.5 s
before the arrays of issue 38), and up to 34 the construction gives up after about 3.7
CPU s (bench/QUOTIENTS.md): the first is given a shorter budget, the second this one."""


@pytest.fixture(scope="module", autouse=True)
def compiled_kernels():
    """Compiling the construction's kernels (once per checkout, then cached on disk) takes
    seconds that no meter can split: it is done before any budget starts."""
    misere_quotient(OctalGame("0.07"), 26)


@pytest.fixture(autouse=True)
def fresh_caches(monkeypatch):
    monkeypatch.setattr(misere_sums, "_CERTIFIED", {})
    monkeypatch.setattr(misere_sums, "_FAILED", {})
    monkeypatch.setattr(quotient_method, "_BUILT", {})


def _elapsed_until_budget(work, budget: float = BUDGET) -> float:
    start = time.monotonic()
    with pytest.raises(BudgetExceededError, match=f"time budget of {budget:g} s"):
        work()
    return time.monotonic() - start


@pytest.mark.parametrize(("upto", "budget"), [(33, 0.5), (34, BUDGET)])
def test_the_construction_keeps_to_its_meter(upto: int, budget: float) -> None:
    meter = Budget(seconds=budget).start()
    elapsed = _elapsed_until_budget(lambda: misere_quotient(SLOWER, upto, meter=meter), budget)
    assert elapsed >= budget and _within(elapsed, budget), elapsed


def test_the_solvers_budget_ends_an_on_demand_quotient(monkeypatch) -> None:
    monkeypatch.setattr(misere_sums, "QUOTIENT_SECONDS", 60.0)  # the allowance not in the way
    monkeypatch.setattr(misere_sums, "BUDGET_SHARE", 10.0)
    monkeypatch.setattr(misere_sums, "QUOTIENT_MEMORY", 1 << 40)
    solver = Solver(SLOWER, meter=Budget(seconds=BUDGET).start())
    # heap 34: the construction would go on past the budget before giving up
    elapsed = _elapsed_until_budget(lambda: solver.outcome((31, 32, 34), Play.MISERE))
    assert _within(elapsed, BUDGET), elapsed
    assert misere_sums._FAILED == {}  # the solver's budget is no verdict on the quotient


def test_a_claims_budget_ends_the_quotient_method(monkeypatch) -> None:
    monkeypatch.setattr(quotient_method, "MAX_SIZE", 4096)  # slow to build, not refused
    claim = good_claim(
        game="octal",
        params='{ code = "0.07" }',
        play="misere",
        vars='["a"]',
        range="{ a = [0, 1000] }",
        position="[a, a]",
        statement="outcome == 'P'",
        method="certificate",
    )
    meter = Budget(seconds=BUDGET).start()
    elapsed = _elapsed_until_budget(lambda: check_by_quotient(claim, meter=meter))
    assert _within(elapsed, BUDGET), elapsed
    assert quotient_method._BUILT == {}  # not remembered: another budget may suffice


def test_a_failed_attempt_costs_only_its_allowance_and_is_not_repeated(monkeypatch) -> None:
    monkeypatch.setattr(misere_sums, "QUOTIENT_SECONDS", 0.5)
    start = time.process_time()  # the allowance is processor time
    assert misere_sums.quotient_outcome(SLOW, (3, 5, 20)) is None
    assert _within(time.process_time() - start, 0.5)
    assert {("OctalGame", SLOW.key): 20} == misere_sums._FAILED
    start = time.monotonic()
    assert misere_sums.quotient_outcome(SLOW, (2, 4, 20)) is None
    assert time.monotonic() - start < 0.05  # not tried again
    solver, plain = Solver(SLOW), Solver(SLOW, plain=True)
    for position in [(3, 5, 20), (1, 2, 3, 4)]:
        assert solver.outcome(position, Play.MISERE) is plain.outcome(position, Play.MISERE)
    assert all("0..20" not in a.id for a in solver.quotients_used())


def test_the_allowance_is_a_share_of_a_small_solver_budget(monkeypatch) -> None:
    monkeypatch.setattr(misere_sums, "QUOTIENT_SECONDS", 60.0)
    solver = Solver(SLOW, meter=Budget(seconds=5.0).start())
    start = time.process_time()
    assert misere_sums.quotient_outcome(SLOW, (3, 5, 20), solver.meter) is None
    assert _within(time.process_time() - start, 0.5)  # a tenth of 5 s, of processor time
    assert solver.outcome((1, 1, 1), Play.MISERE) is Outcome.N


def test_the_allowance_counts_work_not_waiting(monkeypatch) -> None:
    """On a busy machine an attempt waits for the processor; the allowance counts only the
    work (a wall-time allowance gave up Q_30 of 0.07 at load 15, and its sum was then
    searched past the move limit).  Here the attempt first waits 1 s with an allowance
    of 0.5 s, and is built all the same."""
    import grundy.solve.misere_quotient as construction

    real = construction.misere_quotient

    def waits_first(*args, **kwargs):
        time.sleep(1.0)
        return real(*args, **kwargs)

    monkeypatch.setattr(construction, "misere_quotient", waits_first)
    monkeypatch.setattr(misere_sums, "QUOTIENT_SECONDS", 0.5)
    kayles = OctalGame("0.77")
    answer = misere_sums.quotient_outcome(kayles, (1, 2, 3))
    assert answer is not None
    assert answer.is_p is (Solver(kayles, plain=True).outcome((1, 2, 3), Play.MISERE) is Outcome.P)
