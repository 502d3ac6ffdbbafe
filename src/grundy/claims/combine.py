"""Combining what the planned engines returned into one verdict (the last step of the
claim checker, :mod:`grundy.claims.check`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from grundy.certify.certified_values import NotApplicable
from grundy.claims.model import Claim, Method
from grundy.claims.plan import Plan
from grundy.errors import BudgetExceededError, SearchLimitError
from grundy.verdict import Status, Verdict, combine_verdicts

__all__ = ["Ran", "budget_message", "combine", "decides", "limit_message"]

Ran = tuple[Method, Verdict | NotApplicable]
"""One step that ran: its method and what it returned (the certificate method may decline)."""


def decides(method: Method, result: Verdict | NotApplicable) -> bool:
    """Whether a step of a plan of several settles the claim (the later steps then do not
    run): Z3 when it proves or refutes, the certificate method whenever it gives a verdict."""
    if isinstance(result, NotApplicable):
        return False
    if method in (Method.Z3, Method.P_SET):
        return result.status in (Status.PROVED, Status.REFUTED)
    return method is Method.CERTIFICATE


def combine(plan: Plan, ran: Sequence[Ran], claim: Claim) -> Verdict:
    """The claim's verdict from the steps that ran, in order."""
    if plan.auto_note is None:
        ((method, result),) = ran
        if isinstance(result, NotApplicable):
            return Verdict(Status.UNKNOWN, method.value, claim.scope, message=result.reason)
        return result
    method, last = ran[-1]
    if isinstance(last, Verdict) and decides(method, last):
        return _noted(last, plan.auto_note)
    verdicts = [result for _, result in ran if isinstance(result, Verdict)]
    verdict = _noted(combine_verdicts(verdicts), plan.auto_note)
    declined = [result for _, result in ran if isinstance(result, NotApplicable)]
    if plan.say_why_not_certificate and declined:
        verdict = replace(verdict, message=f"{verdict.message}; certificate: {declined[0].reason}")
    return verdict


def _noted(verdict: Verdict, note: str) -> Verdict:
    parts = [p.message for p in verdict.parts] if verdict.parts else [verdict.message]
    return replace(verdict, message=note + "; " + "; ".join(m for m in parts if m))


def budget_message(exc: BudgetExceededError, finished: str = "") -> str:
    """What a claim stopped by its budget says: the limit, and what was finished."""
    done = f"; {finished}" if finished else ""
    return (
        f"stopped: {exc} (the budget of each claim; raise it with --claim-seconds or "
        f"--claim-memory){done}"
    )


def limit_message(exc: SearchLimitError) -> str:
    """What a check ended by a limit says: the budget's words (with how to raise it) for
    the claim's budget, the limit's own message for any other (a search's size)."""
    return budget_message(exc) if isinstance(exc, BudgetExceededError) else str(exc)
