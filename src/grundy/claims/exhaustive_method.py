"""The exhaustive method: every case of the claim's domain, in order, through the
exhaustive engine (:func:`~grundy.verify.exhaustive.check_exhaustive`), which is handed
the claim's cases and plain callables built by :class:`~grundy.claims.runner.ClaimRunner`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from grundy.budget import Meter
from grundy.claims.combine import budget_message
from grundy.claims.model import Claim
from grundy.claims.runner import ClaimRunner, resting_on_lemmas
from grundy.errors import BudgetExceededError
from grundy.verdict import Status, Verdict
from grundy.verify.exhaustive import check_exhaustive, holds_in_all, integer_cases

__all__ = ["check_every_case"]


def check_every_case(
    claim: Claim, progress: Callable[[int], None] | None, meter: Meter | None = None
) -> Verdict:
    runner = ClaimRunner(claim, meter)
    counter = [0]

    def cases() -> Any:
        for case in integer_cases(claim.ranges):
            counter[0] += 1
            if progress is not None and counter[0] % 50_000 == 0:
                progress(counter[0])
            if runner.admitted(case):
                yield case

    try:
        verdict = check_exhaustive(
            cases(),
            runner.holds,
            scope=claim.scope,
            recheck=lambda case: runner.fresh().holds(case),
            explain=runner.explain,
        )
    except BudgetExceededError as exc:
        finished = f"no counterexample among the first {max(counter[0] - 1, 0):,} cases"
        return Verdict(
            Status.UNKNOWN,
            "exhaustive",
            claim.scope,
            cases=max(counter[0] - 1, 0),
            message=budget_message(exc, finished),
        )
    verdict = resting_on_lemmas(verdict, runner)
    if claim.assume is not None and verdict.status is Status.PROVED:
        verdict = replace(
            verdict,
            message=holds_in_all(
                verdict.cases or 0, f" satisfying assume (of {counter[0]:,} in the ranges)"
            ),
        )
    if verdict.status is Status.PROVED and verdict.cases == 0:
        verdict = replace(
            verdict,
            status=Status.UNKNOWN,
            message="no case satisfies assume: the claim is vacuous, nothing was checked",
        )
    return verdict
