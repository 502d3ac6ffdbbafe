"""The exhaustive engine: check a statement on every case of a finite domain.

``proved`` here means proved for that domain and nothing more; the verdict's scope says
which domain.  Cases are taken in the order given, so the first failing case is the
minimal counterexample in that order; :func:`integer_cases` gives the order we state in
reports (smallest sum of the variables first, ties broken lexicographically).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from grundy.verdict import Status, Verdict

__all__ = [
    "Case",
    "check_exhaustive",
    "count_integer_cases",
    "holds_in_all",
    "integer_cases",
    "refuted_at",
]

Case = Mapping[str, Any]
"""One assignment of the claim's variables (or any named data): name -> value."""


def integer_cases(ranges: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
    """Every assignment in the inclusive ``ranges``, by increasing sum of the values, ties
    broken lexicographically in the order the names are given.

    >>> [tuple(c.values()) for c in integer_cases({"a": (0, 2), "b": (0, 1)})]
    [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    """
    names = list(ranges)
    lows = [ranges[name][0] for name in names]
    highs = [ranges[name][1] for name in names]
    if any(low > high for low, high in zip(lows, highs, strict=True)):
        return
    for total in range(sum(lows), sum(highs) + 1):
        for values in _with_sum(lows, highs, total):
            yield dict(zip(names, values, strict=True))


def _with_sum(lows: list[int], highs: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Tuples within the bounds adding up to ``total``, in lexicographic order."""
    if not lows:
        if total == 0:
            yield ()
        return
    rest_low, rest_high = sum(lows[1:]), sum(highs[1:])
    first_from = max(lows[0], total - rest_high)
    first_to = min(highs[0], total - rest_low)
    for first in range(first_from, first_to + 1):
        for tail in _with_sum(lows[1:], highs[1:], total - first):
            yield (first, *tail)


def count_integer_cases(ranges: Mapping[str, tuple[int, int]]) -> int:
    """How many assignments :func:`integer_cases` yields.

    >>> count_integer_cases({"a": (0, 7), "b": (0, 7), "c": (1, 3)})
    192
    """
    count = 1
    for low, high in ranges.values():
        count *= max(high - low + 1, 0)
    return count


def holds_in_all(cases: int, where: str = "") -> str:
    """``holds in all 512 cases``, or ``holds in the 1 case`` (``where`` follows the noun).

    >>> holds_in_all(1), holds_in_all(4_096, " of the range")
    ('holds in the 1 case', 'holds in all 4,096 cases of the range')
    """
    if cases == 1:
        return f"holds in the 1 case{where}"
    return f"holds in all {cases:,} cases{where}"


def refuted_at(
    case: Case,
    explain: Callable[[Case], Mapping[str, Any]] | None,
    method: str,
    scope: str,
    *,
    cases: int,
    message: str,
    details: Mapping[str, Any] | None = None,
) -> Verdict:
    """The verdict on a failing case the re-check confirmed (for every search engine):
    the case, with the values ``explain`` adds, is the counterexample."""
    found = dict(case)
    if explain is not None:
        found.update(explain(case))
    return Verdict(
        Status.REFUTED,
        method,
        scope,
        cases=cases,
        counterexample=found,
        message=message,
        details={} if details is None else details,
    )


def check_exhaustive(
    cases: Iterable[Case],
    holds: Callable[[Case], bool],
    *,
    scope: str,
    method: str = "exhaustive",
    recheck: Callable[[Case], bool] | None = None,
    explain: Callable[[Case], Mapping[str, Any]] | None = None,
    limit: int | None = None,
) -> Verdict:
    """Check ``holds`` on every case; the first failure, re-checked, refutes.

    ``recheck`` re-evaluates a failing case independently (default: ``holds`` again, from
    a clean call); a case that fails once but passes the re-check is reported as
    ``unknown``, since the two evaluations disagree.  ``explain(case)`` adds the values
    that break the statement to the counterexample.  With ``limit``, a domain that turns
    out larger gives ``unknown`` and says how far the check got.

    >>> check_exhaustive(({"n": n} for n in range(10)), lambda c: c["n"] < 5,
    ...                  scope="bounded: 0 <= n <= 9").counterexample
    {'n': 5}
    """
    checked = 0
    for case in cases:
        if limit is not None and checked >= limit:
            return Verdict(
                Status.UNKNOWN,
                method,
                scope,
                cases=checked,
                message=f"stopped after {checked:,} cases (the limit); no counterexample so far",
            )
        checked += 1
        if holds(case):
            continue
        confirmed = not (recheck or holds)(case)
        if not confirmed:
            return Verdict(
                Status.UNKNOWN,
                method,
                scope,
                cases=checked,
                message=f"case {dict(case)} failed once but passed the re-check",
            )
        return refuted_at(
            case,
            explain,
            method,
            scope,
            cases=checked,
            message=f"fails at case {checked:,} of the domain, in the stated order",
        )
    return Verdict(
        Status.PROVED,
        method,
        scope,
        cases=checked,
        message=holds_in_all(checked),
    )
