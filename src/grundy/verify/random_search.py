"""The random engine: hypothesis looks for a counterexample far beyond exhaustive sizes.

Finding none gives ``unrefuted`` with the number of cases, the seed and the largest size
tried, never ``proved``.  A failure is shrunk by hypothesis to a minimal example, then
re-checked before it is reported.  The same seed gives the same search, whatever
modules the process has loaded (:mod:`grundy.verify.search_constants`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import NoSuchExample, Unsatisfiable
from hypothesis.strategies import SearchStrategy

from grundy.verdict import Status, Verdict
from grundy.verify.exhaustive import Case, refuted_at
from grundy.verify.search_constants import without_local_constants

__all__ = ["search_random"]


def search_random(
    strategy: SearchStrategy[Any],
    holds: Callable[[Case], bool],
    *,
    seed: int,
    examples: int,
    scope: str,
    method: str = "random",
    recheck: Callable[[Case], bool] | None = None,
    explain: Callable[[Case], Mapping[str, Any]] | None = None,
    size: Callable[[Case], int] | None = None,
) -> Verdict:
    """Search ``examples`` cases drawn from ``strategy`` (dicts) for one where ``holds`` is
    false.  ``size(case)`` measures a case (e.g. its largest heap) for the record of the
    largest size tried; ``scope`` describes what was sampled.

    >>> from hypothesis import strategies as st
    >>> cases = st.fixed_dictionaries({"n": st.integers(0, 10**6)})
    >>> search_random(cases, lambda c: c["n"] < 1000, seed=1, examples=200,
    ...               scope="random: 0 <= n <= 10^6").counterexample
    {'n': 1000}
    """
    tried = 0
    largest: int | None = None

    def fails(case: Case) -> bool:
        nonlocal tried, largest
        tried += 1
        if size is not None:
            measured = size(case)
            largest = measured if largest is None else max(largest, measured)
        return not holds(case)

    profile = settings(
        max_examples=examples,
        database=None,
        deadline=None,
        phases=(Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
    )
    details: dict[str, Any] = {"seed": seed, "examples": examples}
    try:
        with without_local_constants():  # the seed alone decides the cases
            found = find(strategy, fails, settings=profile, random=random.Random(seed))
    except (NoSuchExample, Unsatisfiable):
        if largest is not None:
            details["largest_size"] = largest
        return Verdict(
            Status.UNREFUTED,
            method,
            scope,
            cases=tried,
            message=f"no counterexample in {tried:,} random cases (seed {seed}); not a proof",
            details=details,
        )
    if largest is not None:
        details["largest_size"] = largest
    if (recheck or holds)(found):
        return Verdict(
            Status.UNKNOWN,
            method,
            scope,
            cases=tried,
            message=f"case {dict(found)} failed during the search but passed the re-check",
            details=details,
        )
    return refuted_at(
        found,
        explain,
        method,
        scope,
        cases=tried,
        message=f"counterexample found by random search (seed {seed}), shrunk by hypothesis",
        details=details,
    )
