"""Checking a claim, as a pipeline: plan the methods, run each engine, combine.

The domain is every assignment of the claim's variables within ``range`` that satisfies
``assume``, ordered by the sum of the variables and then lexicographically in ``vars``
order; the first failing case is therefore the minimal counterexample, and it is
re-evaluated from scratch (a fresh solver) before it is reported.

``method``:

* ``exhaustive``: every case; refused when the domain has more than
  :data:`EXHAUSTIVE_LIMIT` assignments;
* ``random``: hypothesis with the seed; ``unrefuted`` at best, never ``proved``;
* ``z3``: a symbolic translation where the game has one (normal-play Nim, see
  :mod:`grundy.claims.z3_translate`); what it cannot express is ``unknown``;
* ``certificate``: one heap size ``n`` of a heap game, decided for every ``n`` from a
  certified period of the Grundy sequence (see :mod:`grundy.claims.periodic`); a misère
  claim about sums of heaps, from a misère quotient proved for every heap size (see
  :mod:`grundy.claims.quotient_method`); a claim it does not cover is ``unknown`` with
  the reason;
* ``p-set``: a claim naming the P-positions of a game with a move relation, proved for
  every position by P-set induction (see :mod:`grundy.claims.pset_method`);
* a claim about a family of games (its game's options written in its variables, or
  ``for_each``) is checked one value at a time, each an ordinary claim with its own game
  (:mod:`grundy.claims.per_value`), and the verdicts are joined there; when its ranges
  hold more values than that, one symbolic proof for every value is tried first
  (:mod:`grundy.claims.symbolic_family`);
* ``auto``: P-set induction first where it reads the claim; exhaustive up to
  :data:`AUTO_EXHAUSTIVE_LIMIT` cases (fewer with ``quick``),
  otherwise Z3 where possible, then the certificate method, then random search; the
  verdict's method says what ran.

The three steps live apart: :func:`~grundy.claims.plan.plan_methods` decides the methods
and their order from the claim and the settings; each method builds plain inputs from the
claim (cases, a predicate, a table of values) and hands them to an engine that knows
nothing of claims (:mod:`grundy.verify.exhaustive`, :mod:`grundy.verify.random_search`,
:mod:`grundy.verify.z3engine`, :mod:`grundy.certify.certified_values`); and
:func:`~grundy.claims.combine.combine` makes one verdict of what they returned.  No engine
calls back into this module or the claim checker's other steps (``tests/test_layers.py``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from grundy.budget import Budget, Meter
from grundy.certify.certified_values import NotApplicable
from grundy.claims.certificate_notes import noting_certificates, resting_on_certificates
from grundy.claims.combine import Ran, budget_message, combine, decides, limit_message
from grundy.claims.exhaustive_method import check_every_case
from grundy.claims.model import TEACHING_EXAMPLE, BadClaim, Claim, Method
from grundy.claims.param_family import SPLIT_REFUSAL
from grundy.claims.plan import (
    AUTO_EXHAUSTIVE_LIMIT,
    EXHAUSTIVE_LIMIT,
    QUICK_EXHAUSTIVE_LIMIT,
    Plan,
    plan_methods,
)
from grundy.claims.random_method import (
    least_below,
    random_with_certified_values,
    search_at_random,
)
from grundy.claims.runner import POSITION_LIMIT, ClaimRunner
from grundy.errors import BudgetExceededError, GrundyError, SearchLimitError
from grundy.settings import CheckSettings, hard_stop
from grundy.smt_record import collecting_queries
from grundy.solve.lemmas import collecting_lemmas, resting_on
from grundy.usercode import ChildStopped, in_watched_child, report_progress, run_in_child
from grundy.verdict import Status, Verdict, with_queries

__all__ = [
    "AUTO_EXHAUSTIVE_LIMIT",
    "EXHAUSTIVE_LIMIT",
    "POSITION_LIMIT",
    "QUICK_EXHAUSTIVE_LIMIT",
    "ClaimRunner",
    "check_claim",
]


def check_claim(
    claim: Claim | BadClaim, settings: CheckSettings, progress: Callable[[int], None] | None = None
) -> Verdict:
    """The verdict on one claim (a malformed claim gives an ``error`` verdict).

    The claim's budget (``settings.claim_seconds``, ``claim_memory``) is decided here,
    the one point every way of checking a claim passes (``check``, ``verify``,
    ``report``, ``--jobs`` workers, the Python API): the engines' loops tick a meter and
    stop themselves, and in case they cannot (a compiled kernel, one long step that
    never returns to a loop) the check runs in a child process that is ended a little
    past the budget; a verdict that arrives after the budget does not count.
    """
    if isinstance(claim, BadClaim):
        return Verdict(Status.ERROR, "none", message=claim.problem)
    start = time.monotonic()
    verdict = _within_hard_limits(claim, settings, progress)
    return _in_time(verdict, claim, settings, time.monotonic() - start)


def _within_hard_limits(
    claim: Claim, settings: CheckSettings, progress: Callable[[int], None] | None
) -> Verdict:
    seconds, memory = settings.claim_seconds, settings.claim_memory
    if (seconds is None and memory is None) or in_watched_child() or not hasattr(os, "fork"):
        return _check_metered(claim, settings, progress)
    stop = None if seconds is None else hard_stop(seconds)  # the rule of grundy.settings
    relayed = None if progress is None else report_progress  # counts reach the caller
    try:
        return run_in_child(
            lambda: _check_metered(claim, settings, relayed),
            f"the check of claim {claim.id!r}",
            memory_bytes=memory,
            seconds=stop,
            guard=False,
            on_progress=progress,
        )
    except ChildStopped as exc:
        if seconds is not None and str(exc).startswith("the time budget"):
            exc = ChildStopped(
                f"the time budget of {seconds:g} s was used up, and the check, which did "
                "not stop by itself, was ended"
            )
        return Verdict(Status.UNKNOWN, claim.method.value, claim.scope, message=budget_message(exc))


def _in_time(verdict: Verdict, claim: Claim, settings: CheckSettings, elapsed: float) -> Verdict:
    """``verdict``, unless it decided the claim only after the time budget was used up:
    a budget is a promise about when an answer comes, so a late one is ``unknown``."""
    seconds = settings.claim_seconds
    if seconds is None or elapsed <= seconds or verdict.status in (Status.UNKNOWN, Status.ERROR):
        return verdict
    late = BudgetExceededError(f"the time budget of {seconds:g} s was used up")
    finished = (
        f"a verdict ({verdict.word.value}) came only after {elapsed:.1f} s, and does not count"
    )
    return Verdict(
        Status.UNKNOWN, verdict.method, claim.scope, message=budget_message(late, finished)
    )


def _check_metered(
    claim: Claim, settings: CheckSettings, progress: Callable[[int], None] | None
) -> Verdict:
    """The claim's verdict, its loops ticking the claim's budget."""
    budget = Budget(settings.claim_seconds, settings.claim_memory)
    try:
        # Every solver answer the verdict rests on is named, whichever solver gave it (a
        # re-check's, a scan's) and whatever ran before: the same alone, in a file, on any
        # number of jobs.
        with (
            collecting_lemmas() as lemmas,
            noting_certificates() as certificates,
            collecting_queries(settings.second_solver) as smt,
        ):
            verdict = _check(claim, settings, progress, budget.start())
            if verdict.status is Status.REFUTED and claim.teach_where is not None:
                verdict = _with_teaching_example(verdict, claim, settings, budget.start())
        # the queries go back with the verdict, from a watched child process too
        verdict = resting_on_certificates(resting_on(verdict, lemmas), certificates)
        return with_queries(verdict, smt)
    except SearchLimitError as exc:  # a resource limit: honest "unknown", not an error
        return Verdict(Status.UNKNOWN, claim.method.value, claim.scope, message=limit_message(exc))
    except GrundyError as exc:
        return Verdict(Status.ERROR, claim.method.value, claim.scope, message=str(exc))


def _with_teaching_example(
    verdict: Verdict, claim: Claim, settings: CheckSettings, meter: Meter | None
) -> Verdict:
    """The verdict with the least counterexample where ``teach_where`` holds beside its own:
    the same check, run again with ``teach_where`` joined to the claim's ``assume``."""
    taught = replace(claim, assume=claim.teach_where, teach_where=None)
    example = _check(taught, settings, None, meter)
    if example.status is not Status.REFUTED or example.counterexample is None:
        return verdict  # none there: the handout teaches with the least one
    return replace(verdict, details={**verdict.details, TEACHING_EXAMPLE: example.counterexample})


def _check(
    claim: Claim,
    settings: CheckSettings,
    progress: Callable[[int], None] | None,
    meter: Meter | None = None,
) -> Verdict:
    if claim.lists is not None:  # a list of heaps of several lengths: one length at a time
        from grundy.claims.list_domain import check_lengths
        from grundy.claims.list_induction import prove_every_length

        def by_induction(whole: Claim) -> Verdict | None:
            return prove_every_length(whole, settings.z3_timeout_ms, settings.seed)

        return check_lengths(
            claim, lambda member: _check(member, settings, progress, meter), by_induction
        )
    if claim.split is not None:  # a family of claims, one game per value: checked one by one
        from grundy.claims.per_value import check_per_value
        from grundy.claims.symbolic_family import check_family

        plan_methods(claim, quick=settings.quick, random_examples=settings.random_examples)
        # past the values checked one by one, one symbolic proof for every value first
        timeout_ms = (
            settings.z3_timeout_ms if meter is None else meter.timeout_ms(settings.z3_timeout_ms)
        )
        return check_family(
            claim,
            lambda: check_per_value(claim, lambda m: _check(m, settings, progress, meter)),
            timeout_ms=timeout_ms,
            seed=settings.seed,
        )
    plan = plan_methods(claim, quick=settings.quick, random_examples=settings.random_examples)
    return combine(plan, run_plan(plan, claim, settings, progress, meter), claim)


def run_plan(
    plan: Plan,
    claim: Claim,
    settings: CheckSettings,
    progress: Callable[[int], None] | None = None,
    meter: Meter | None = None,
) -> list[Ran]:
    """Run the plan's steps in order, stopping after one that decides the claim."""
    ran: list[Ran] = []
    for method in plan.steps:
        declined = next((r for _, r in ran if isinstance(r, NotApplicable)), None)
        result = _run(method, plan, claim, settings, progress, meter, declined)
        ran.append((method, result))
        if len(plan.steps) > 1 and decides(method, result):
            break
    return ran


def _run(
    method: Method,
    plan: Plan,
    claim: Claim,
    settings: CheckSettings,
    progress: Callable[[int], None] | None,
    meter: Meter | None,
    declined: NotApplicable | None,
) -> Verdict | NotApplicable:
    """One engine, handed what it needs from the claim."""
    if method is Method.EXHAUSTIVE:
        return check_every_case(claim, progress, meter)
    if method is Method.Z3:
        return _z3(claim, settings, meter)
    if method is Method.P_SET:
        from grundy.claims.pset_method import check_by_p_set

        # Z3's queries get at most what is left of the claim's budget (the child the
        # claim runs in is ended if they overrun it together).
        timeout_ms = (
            settings.z3_timeout_ms if meter is None else meter.timeout_ms(settings.z3_timeout_ms)
        )
        timing = {"timeout_ms": timeout_ms, "seed": settings.seed}
        explain = ClaimRunner(claim).explain
        by_p_set = check_by_p_set(claim, recheck=_rechecker(claim), explain=explain, **timing)
        if meter is not None:
            meter.check()
        return by_p_set
    if method is Method.CERTIFICATE:
        from grundy.claims.periodic import check_by_certificate
        from grundy.claims.quotient_method import check_by_quotient, reads_misere

        if reads_misere(claim):  # misère outcomes: a misère quotient, not the Grundy period
            return check_by_quotient(claim, quick=settings.quick, meter=meter)
        return check_by_certificate(claim, quick=settings.quick, meter=meter)
    draws = {"seed": settings.seed, "examples": plan.random_examples}
    limit = QUICK_EXHAUSTIVE_LIMIT if settings.quick else AUTO_EXHAUSTIVE_LIMIT
    if declined is not None and declined.values is not None:
        # certified values where the game has them: huge heaps are a table look-up
        found = random_with_certified_values(claim, declined.values, **draws)
        if found is not None:
            return least_below(claim, found, limit, meter)
    return least_below(claim, search_at_random(claim, meter, **draws), limit, meter)


def _z3(claim: Claim, settings: CheckSettings, meter: Meter | None = None) -> Verdict:
    from grundy.claims.z3_translate import prove_claim_z3

    if claim.split is not None:  # its game differs from value to value: never one model
        return Verdict(Status.UNKNOWN, "z3", claim.scope, message=SPLIT_REFUSAL)

    runner = ClaimRunner(claim)
    return prove_claim_z3(
        claim,
        timeout_ms=settings.z3_timeout_ms,
        seed=settings.seed,
        recheck=_rechecker(claim),
        explain=runner.explain,
        meter=meter,
    )


def _rechecker(claim: Claim) -> Callable[[Mapping[str, Any]], bool]:
    """Whether the claim holds at a case (or ``assume`` excludes it), by a fresh solver."""

    def recheck(case: Mapping[str, Any]) -> bool:
        fresh = ClaimRunner(claim)
        return not fresh.admitted(case) or bool(fresh.holds(case))

    return recheck
