"""Each claim ends within its time budget (``--claim-seconds``), whatever it asks for.

Every case here once overran a budget of a few seconds by minutes (issue 34): the moves of
a 399-edge Hackenbush star, Z3 on a ``max`` unrolled to 256 copies, a family of 200 games
with numbers of 1,000 digits, Lucky Nim, Chomp on a large box (which came back ``checked``
after 74 s against a budget of 20 s).  Now each ends ``unknown``, naming the time budget,
within 1.5 times it (and the start-up of a process for the runs of the command), and a
verdict that arrives after the budget does not count.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import grundy.claims.check as check_module
import grundy.settings as settings_module
from grundy.budget import Budget
from grundy.claims import Claim, check_claim, claims_from_text
from grundy.errors import BudgetExceededError
from grundy.settings import CheckSettings
from grundy.verdict import Status, Verdict
from tests.hostile.helpers import START_UP, grundy

BUDGET = 2.0
"""The claims' time budget in these tests (seconds)."""

SLACK = 1.0
"""Seconds past 1.5 budgets a check in this process may take on a busy machine (the
fork of the process that checks the claim, reading back its verdict)."""

STAR = ",".join(f"0-{leaf}" for leaf in range(1, 400))

SLOW_CLAIMS = {
    "hackenbush-star-moves": f"""
game = "hackenbush"
params = {{ edges = "{STAR}" }}
statement = "len(moves) >= 0"
""",
    "z3-max-unrolled": """
game = "nim"
method = "z3"
vars = ["a", "b", "c"]
range = { a = [0, 1000000000000], b = [0, 1000000000000], c = [0, 1000000000000] }
statement = "max((a ^ k) + (b ^ (c + k)) for k in range(256)) != a + b + c + 12345"
""",
    # Since a family's values are checked per value from certificates (issue 34), this one
    # is proved in well under the budget; it overshot 6x before, so it stays as a case.
    "family-of-big-numbers": f"""
game = "subtraction"
params = {{ set = "[1, k]" }}
vars = ["k", "n"]
range = {{ k = [2, 201], n = [0, {10**999}] }}
position = "[n]"
statement = "grundy == grundy"
""",
    "lucky-nim": """
game = "lucky-nim"
params = { m = 1, n = 60 }
position = "[400, 300, 200]"
statement = "outcome == 'N' or outcome == 'P'"
""",
    "chomp-large-box": """
game = "chomp"
position = "[13] * 13"
statement = "outcome == 'N'"
""",
}
"""Claims (without their ids) that each take far longer than :data:`BUDGET` to decide."""


def _claim(name: str) -> Claim:
    (claim,) = claims_from_text(f'[[claim]]\nid = "{name}"\n{SLOW_CLAIMS[name]}')
    assert isinstance(claim, Claim), getattr(claim, "problem", "")
    return claim


def _names_the_budget(verdict: Verdict, budget: float = BUDGET) -> None:
    assert verdict.status is Status.UNKNOWN, verdict
    assert f"the time budget of {budget:g} s was used up" in verdict.message, verdict.message
    assert "--claim-seconds" in verdict.message


DECIDED_IN_TIME = frozenset({"family-of-big-numbers"})


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SLOW_CLAIMS))
def test_a_slow_claim_ends_unknown_within_its_budget(name: str) -> None:
    claim = _claim(name)
    start = time.monotonic()
    verdict = check_claim(claim, CheckSettings(claim_seconds=BUDGET))
    elapsed = time.monotonic() - start
    assert elapsed < 1.5 * BUDGET + SLACK, f"{name}: {elapsed:.1f} s"
    if name in DECIDED_IN_TIME and verdict.status is Status.PROVED:
        return  # decided (truly) within the budget: nothing to stop
    _names_the_budget(verdict)


@pytest.mark.slow
def test_z3_gets_the_time_left_of_the_budget_as_its_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Z3's own timeout (60 s) is far above the budget; with no stop from outside, the
    # query is cut short by the budget all the same, and the verdict names it.
    monkeypatch.setattr(settings_module, "HARD_STOP_MARGIN", 600.0)
    start = time.monotonic()
    verdict = check_claim(_claim("z3-max-unrolled"), CheckSettings(claim_seconds=BUDGET))
    assert time.monotonic() - start < 1.5 * BUDGET + SLACK
    _names_the_budget(verdict)
    assert "was ended" not in verdict.message


@pytest.mark.slow
def test_the_command_keeps_every_claims_budget_with_one_job_and_with_two(tmp_path: Path) -> None:
    text = "".join(
        f'[[claim]]\nid = "{name}"\n{SLOW_CLAIMS[name]}\n'
        for name in ("chomp-large-box", "lucky-nim")
    )
    path = tmp_path / "slow.toml"
    path.write_text(text)
    for jobs in ("1", "2"):
        run = grundy("check", str(path), "--claim-seconds", "2", "--jobs", jobs)
        assert run.code == 1, run.err
        assert run.out.count("the time budget of 2 s was used up") == 2, run.out
        # one job: the claims one after the other; two: side by side
        claims_in_turn = 2 if jobs == "1" else 1
        assert run.seconds < claims_in_turn * 1.5 * BUDGET + START_UP, run.seconds
        assert run.leftovers == [], "a process outlived the run"


def test_a_verdict_that_comes_after_the_budget_does_not_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A check that finishes a little after its budget (past the point where it would stop
    # itself, before it is ended from outside): its verdict arrives late and is unknown.
    budget = 1.0
    claim = _claim("chomp-large-box")

    def late(claim: Claim, settings: CheckSettings, *rest: object) -> Verdict:
        time.sleep(budget * 1.05)
        return Verdict(Status.PROVED, "exhaustive", claim.scope, message="holds")

    monkeypatch.setattr(check_module, "_check", late)
    verdict = check_claim(claim, CheckSettings(claim_seconds=budget))
    _names_the_budget(verdict, budget)


def test_a_verdict_within_the_budget_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    claim = _claim("chomp-large-box")

    def quick(claim: Claim, settings: CheckSettings, *rest: object) -> Verdict:
        return Verdict(Status.PROVED, "exhaustive", claim.scope, message="holds")

    monkeypatch.setattr(check_module, "_check", quick)
    assert check_claim(claim, CheckSettings(claim_seconds=30.0)).status is Status.PROVED


def test_a_bug_in_a_check_stays_a_bug_in_its_child(monkeypatch: pytest.MonkeyPatch) -> None:
    # The child that holds the budget hands back grundy's own failures as they are (not
    # as a failure of a user's code), with where they happened.
    def broken(claim: Claim, settings: CheckSettings, *rest: object) -> Verdict:
        raise TypeError("a bug")

    monkeypatch.setattr(check_module, "_check", broken)
    with pytest.raises(TypeError, match="a bug") as caught:
        check_claim(_claim("chomp-large-box"), CheckSettings(claim_seconds=30.0))
    assert "broken" in "".join(getattr(caught.value, "__notes__", []))


def test_a_meter_gives_a_query_no_more_than_the_time_left() -> None:
    assert Budget(seconds=None).start().timeout_ms(60_000) == 60_000
    assert Budget(seconds=0.0).start().timeout_ms(60_000) == 1
    assert 1_000 < Budget(seconds=5.0).start().timeout_ms(60_000) <= 5_000
    assert Budget(seconds=5.0).start().timeout_ms(300) == 300


def test_a_z3_query_cut_short_by_the_budget_names_it() -> None:
    import z3

    from grundy.verify.z3engine import prove_z3

    x, y = z3.BitVecs("x y", 8)
    with pytest.raises(BudgetExceededError, match="time budget of 0 s"):
        prove_z3(x ^ y == y ^ x, scope="8-bit", timeout_ms=5_000, meter=Budget(0.0).start())
