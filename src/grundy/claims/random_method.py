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
from grundy.claims.exhaustive_method import check_every_case
from grundy.claims.model import Claim
from grundy.claims.runner import ClaimRunner, resting_on_lemmas
from grundy.claims.statement_period import Declined
from grundy.claims.table_cases import TableCases, direct_recheck
from grundy.errors import BudgetExceededError, GrundyError, SearchLimitError
from grundy.verdict import Status, Verdict
from grundy.verify.exhaustive import count_integer_cases

__all__ = [
    "least_below",
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


def least_below(claim: Claim, verdict: Verdict, limit: int, meter: Meter | None) -> Verdict:
    """A random search's counterexample made the least of the domain, or said not to be.

    Random search finds *a* counterexample (shrunk by hypothesis, which is no proof of
    leastness), while a refuted verdict promises the least one in the stated order.  Every
    case before it has a sum of the variables at most the counterexample's, so lies in the
    box where each variable runs from its lower bound to that sum less the other lower
    bounds.  When that box has at most ``limit`` cases, it is checked exhaustively, in
    order, within the claim's budget (``meter``): the first failure is then the least.
    Otherwise (or when the budget runs out) the counterexample stays, with ``least``
    false in its details, and every output says "a counterexample"."""
    if verdict.status is not Status.REFUTED or verdict.counterexample is None:
        return verdict
    found = verdict.counterexample
    if not all(isinstance(found.get(name), int) for name in claim.variables):
        return _not_least(verdict, "its variables are not all known")
    total = sum(found[name] for name in claim.variables)
    lows = sum(low for low, _ in claim.ranges.values())
    box = {
        name: (low, min(high, total - (lows - low))) for name, (low, high) in claim.ranges.items()
    }
    count = count_integer_cases(box)
    if count > limit:
        return _not_least(
            verdict, f"the {count:,} cases up to it are more than {limit:,} to check in order"
        )
    below = check_every_case(replace(claim, ranges=box), None, meter)
    if below.status is not Status.REFUTED or below.counterexample is None:
        return _not_least(verdict, f"checking the cases up to it in order ended: {below.message}")
    shown = ", ".join(f"{name} = {below.counterexample[name]}" for name in claim.variables)
    return replace(
        verdict,
        counterexample=below.counterexample,
        cases=(verdict.cases or 0) + (below.cases or 0),
        message=f"{verdict.message}; the least counterexample, {shown}, by checking in order "
        f"every case up to it ({count:,} cases at most)",
        details={**verdict.details, "least": True},
        assumes=(*verdict.assumes, *below.assumes),
    )


def _not_least(verdict: Verdict, why: str) -> Verdict:
    return replace(
        verdict,
        message=f"{verdict.message}; a counterexample, not shown to be the least ({why})",
        details={**verdict.details, "least": False},
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
