"""Random search over a claim's range: with the exact solver (``method = "random"``), or
with ``G`` from certified values (``auto``, one heap size ``n``).  Both hand the random
search engine (:func:`~grundy.verify.random_search.search_random`) a strategy and plain
callables; it can refute, never prove.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from grundy.budget import Meter
from grundy.certify.certified_values import CertifiedValues
from grundy.claims.combine import budget_message
from grundy.claims.model import Claim
from grundy.claims.runner import ClaimRunner, resting_on_lemmas
from grundy.claims.statement_period import Declined
from grundy.claims.table_cases import TableCases, direct_recheck
from grundy.errors import BudgetExceededError, GrundyError, SearchLimitError
from grundy.verdict import Status, Verdict

__all__ = [
    "none_admitted",
    "random_with_certified_values",
    "search_at_random",
]


def none_admitted(verdict: Verdict) -> Verdict:
    """A search in which no drawn case satisfied ``assume`` tested nothing."""
    return replace(
        verdict,
        status=Status.UNKNOWN,
        message=f"none of the {verdict.cases or 0:,} random cases satisfies assume: "
        "nothing was tested",
    )


def search_at_random(
    claim: Claim, meter: Meter | None = None, *, seed: int, examples: int
) -> Verdict:
    """Random search with the exact solver: ``examples`` cases drawn with ``seed``."""
    from hypothesis import strategies as st

    from grundy.verify.random_search import search_random

    runner = ClaimRunner(claim, meter)
    strategy = st.fixed_dictionaries(
        {name: st.integers(low, high) for name, (low, high) in claim.ranges.items()}
    )
    errors: list[GrundyError] = []
    evaluated = [0]  # cases evaluated in full before any stop
    admitted = [0]  # of those, cases that satisfy assume

    def holds(case: Mapping[str, Any]) -> bool:
        # Cases outside assume count as holding; an evaluation error stops the search,
        # and the draws after it are not evaluated at all.
        if errors:
            return True
        try:
            inside = runner.admitted(case)
            admitted[0] += inside
            result = not inside or runner.holds(case)
        except GrundyError as exc:  # a bad case or a resource limit: stop the search
            errors.append(exc)
            return True
        evaluated[0] += 1
        return result

    verdict = search_random(
        strategy,
        holds,
        seed=seed,
        examples=examples,
        scope="random: " + claim.scope.removeprefix("bounded: "),
        recheck=lambda case: runner.fresh().holds(case),
        explain=runner.explain,
        size=lambda case: max((abs(v) for v in case.values()), default=0),
    )
    if errors and isinstance(errors[0], (BudgetExceededError, SearchLimitError)):
        # the verdict counted every draw; only those before the stop were checked
        stopped = replace(
            verdict,
            status=Status.UNKNOWN,
            counterexample=None,
            cases=evaluated[0],
            details={k: v for k, v in verdict.details.items() if k != "largest_size"},
        )
        if isinstance(errors[0], BudgetExceededError):
            found = "random search found no counterexample before"
            return replace(stopped, message=budget_message(errors[0], found))
        return replace(stopped, message=f"random search stopped at a resource limit: {errors[0]}")
    if errors:
        raise errors[0]
    if verdict.status is Status.UNREFUTED and admitted[0] == 0:
        return none_admitted(verdict)
    return resting_on_lemmas(verdict, runner)


def random_with_certified_values(
    claim: Claim, values: CertifiedValues, *, seed: int, examples: int
) -> Verdict | None:
    """Random search over the claim's range with ``G`` taken from certified values.

    The same search as ``method = "random"`` (same seed, strategy and number of
    examples), but a heap of 10^18 tokens costs a table look-up instead of a solve; a
    counterexample is re-checked by a fresh exact solver on the equivalent small heap.
    ``None`` when a case turns out to be outside what this method reads.
    """
    from hypothesis import strategies as st

    from grundy.verify.random_search import search_random

    variable = claim.variables[0]
    low, high = claim.ranges[variable]
    cases = TableCases(claim, values.value)
    problems: list[BaseException] = []
    admitted = [0]

    def holds(case: Mapping[str, Any]) -> bool:
        if problems:  # an evaluation error or a decline stops the search
            return True
        try:
            inside = cases.admitted(case)
            admitted[0] += inside
            return not inside or cases.holds(case)
        except (GrundyError, Declined) as exc:
            problems.append(exc)
            return True

    verdict = search_random(
        st.fixed_dictionaries({variable: st.integers(low, high)}),
        holds,
        seed=seed,
        examples=examples,
        scope="random: " + claim.scope.removeprefix("bounded: "),
        recheck=direct_recheck(claim, values),
        explain=cases.explain,
        size=lambda case: abs(case[variable]),
    )
    if problems and isinstance(problems[0], Declined):
        return None
    if problems:
        raise problems[0]
    if verdict.status is Status.UNREFUTED and admitted[0] == 0:
        return none_admitted(verdict)
    details = {**verdict.details, "values": "certified period", "certificate": values.details()}
    return replace(verdict, details=details)
