"""Every verdict the exhaustive engine gives carries its method, scope, count and the
message that says why; the stated order of cases holds with lower bounds above 0."""

from __future__ import annotations

from itertools import product

import pytest

from grundy.verdict import Status
from grundy.verify.exhaustive import check_exhaustive, integer_cases

SCOPE = "bounded: 0 <= n <= 9"


def _cases():
    return ({"n": n} for n in range(10))


def _fields(verdict):
    return verdict.status, verdict.method, verdict.scope, verdict.cases, verdict.message


def test_proved():
    verdict = check_exhaustive(_cases(), lambda c: True, scope=SCOPE, method="m")
    assert _fields(verdict) == (Status.PROVED, "m", SCOPE, 10, "holds in all 10 cases")


def test_refuted():
    verdict = check_exhaustive(_cases(), lambda c: c["n"] < 4, scope=SCOPE, method="m")
    assert _fields(verdict) == (
        Status.REFUTED,
        "m",
        SCOPE,
        5,
        "fails at case 5 of the domain, in the stated order",
    )


def test_a_failure_the_recheck_does_not_confirm_is_unknown():
    verdict = check_exhaustive(
        _cases(), lambda c: c["n"] != 3, scope=SCOPE, method="m", recheck=lambda c: True
    )
    assert _fields(verdict) == (
        Status.UNKNOWN,
        "m",
        SCOPE,
        4,
        "case {'n': 3} failed once but passed the re-check",
    )
    assert verdict.counterexample is None


def test_the_limit():
    verdict = check_exhaustive(_cases(), lambda c: True, scope=SCOPE, method="m", limit=6)
    assert _fields(verdict) == (
        Status.UNKNOWN,
        "m",
        SCOPE,
        6,
        "stopped after 6 cases (the limit); no counterexample so far",
    )


@pytest.mark.parametrize(
    "ranges",
    [
        {"a": (2, 4), "b": (1, 3), "c": (0, 2)},
        {"a": (0, 0), "b": (3, 5)},
        {"a": (1, 3), "b": (0, 5), "c": (2, 2)},
    ],
)
def test_integer_cases_by_sum_then_lexicographically(ranges):
    spans = [range(low, high + 1) for low, high in ranges.values()]
    expected = sorted(product(*spans), key=lambda values: (sum(values), values))
    assert [tuple(case.values()) for case in integer_cases(ranges)] == expected
