"""Each theorem's check held to the claim budget (``--claim-seconds``, ``--claim-memory``).

A claim of a TOML file has always been checked in a watched child process
(:func:`grundy.claims.check.check_claim`); a theorem declared in Python in ``proofs/``
ran its check in the caller's process with no limit at all, so a check that loops kept
``grundy verify`` waiting for ever.  :func:`within_budget` is the one place every
theorem's check (whole, or one part of a split one) passes through
(:func:`grundy.library.run_task`), with the claims' own rule: the child is ended
at :func:`grundy.settings.hard_stop` (a tenth of the budget and half a second past it,
never sooner than 3 s), and a verdict that comes after the budget is ``unknown``.

Why a fork for every task, even with the default budget: only a process ended from
outside stops a check stuck in a compiled loop or a Z3 query, or one that grows in
memory, and a budget that holds only when it is set by hand is no budget.  Measured on a
machine at load 9 to 16 (``grundy verify --quick --jobs 2`` on the Bouton, Hackenbush
and Lucky Nim proofs, 46 theorems): 8.1 to 9.4 s before, 11.3 to 14.9 s after, about
0.1 s of wall time a task, mostly the kernel copying a large worker's page tables
(system time 0.3 s before, 2 s after).  An in-process stop (a timer signal, where the
check runs in a main thread) would be cheaper for checks in pure Python; it is not done.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from grundy.claims.combine import budget_message
from grundy.errors import BudgetExceededError
from grundy.settings import CheckSettings, hard_stop
from grundy.usercode import ChildStopped, in_watched_child, run_in_child
from grundy.verdict import Status, Verdict

__all__ = ["within_budget"]


def within_budget(check: Callable[[], Verdict], who: str, settings: CheckSettings) -> Verdict:
    """``check()``, in a child process held to the settings' claim budget when one is set;
    past it, or late, an ``unknown`` verdict naming the limit.  Without a budget, inside a
    child already (a worker checking a claim), or where there is no ``fork``, in this
    process."""
    seconds, memory = settings.claim_seconds, settings.claim_memory
    if (seconds is None and memory is None) or in_watched_child() or not hasattr(os, "fork"):
        return check()
    start = time.perf_counter()
    try:
        verdict = run_in_child(
            check,
            who,
            memory_bytes=memory,
            seconds=None if seconds is None else hard_stop(seconds),
            guard=False,  # grundy's own code: a bug stays a bug
        )
    except ChildStopped as exc:
        if seconds is not None and str(exc).startswith("the time budget"):
            exc = ChildStopped(
                f"the time budget of {seconds:g} s was used up, and the check, which did "
                "not stop by itself, was ended"
            )
        return Verdict(Status.UNKNOWN, "none", message=budget_message(exc))
    elapsed = time.perf_counter() - start
    if (
        seconds is not None
        and elapsed > seconds
        and verdict.status not in (Status.UNKNOWN, Status.ERROR)
    ):
        late = BudgetExceededError(f"the time budget of {seconds:g} s was used up")
        finished = (
            f"a verdict ({verdict.word.value}) came only after {elapsed:.1f} s, and does not count"
        )
        return Verdict(
            Status.UNKNOWN, verdict.method, verdict.scope, message=budget_message(late, finished)
        )
    return verdict
