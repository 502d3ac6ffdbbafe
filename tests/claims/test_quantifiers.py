"""Comprehensions and the integer helpers of the claim language: their values, their
refusals, and the bounds that keep hostile ones from running long."""

from __future__ import annotations

import functools
import math
import time
from operator import xor

import pytest

from grundy.claims import check_claim
from grundy.claims.comprehension import MAX_STEPS
from grundy.claims.evaluate import Scope, compile_expression
from grundy.claims.expression import parse_expression
from grundy.errors import ClaimError
from grundy.library import CheckSettings
from grundy.verdict import Status
from tests.claims.helpers import good_claim, problem_of

SETTINGS = CheckSettings(quick=True)


def value(text: str, **values: object) -> object:
    parsed = parse_expression(text, "statement", "demo", set(values))
    return compile_expression(parsed, "demo", "statement")(Scope(values))


@pytest.mark.parametrize(
    ("text", "values", "expected"),
    [
        ("sum(k for k in range(1, n + 1))", {"n": 10}, 55),
        ("sum(k for k in range(n))", {"n": 0}, 0),
        ("sum(k * k for k in range(5) if k % 2 == 0)", {}, 0 + 4 + 16),
        ("[k for k in range(10, 0, -3)]", {}, (10, 7, 4, 1)),
        ("[(i, j) for i in range(3) for j in range(i)]", {}, ((1, 0), (2, 0), (2, 1))),
        ("all(k < n for k in range(n))", {"n": 4}, True),
        ("all(k < 3 for k in range(n))", {"n": 4}, False),
        ("all(False for k in range(0))", {}, True),
        ("any(False for k in range(0))", {}, False),
        ("any(k * k == n for k in range(n + 1))", {"n": 49}, True),
        ("any(k * k == n for k in range(n + 1))", {"n": 50}, False),
        ("max(k % 7 for k in range(n))", {"n": 5}, 4),
        ("min(abs(k - 3) for k in [8, 1, 5])", {}, 2),
        ("nimsum(k for k in [3, 5, 6])", {}, 0),
        ("mex(k for k in [0, 1, 3])", {}, 2),
        ("sum(x == 2 for x in [2, 1, 2])", {}, 2),  # truth values count 1 and 0
        ("sum(k * phi for k in range(3)) == 3 * phi", {}, True),
        ("all(len([j for j in range(i)]) == i for i in range(6))", {}, True),
        ("sum([1, 2, 3]) + all([1, True]) + any([0, 0])", {}, 7),
        ("[p[0] for p in [[1, 2], [3, 4]]]", {}, (1, 3)),
        ("popcount(n)", {"n": 0b1011011}, 5),
        ("bit_length(n)", {"n": 1000}, 10),
        ("bit_length(0)", {}, 0),
        ("[bit(n, i) for i in range(5)]", {"n": 0b10110}, (0, 1, 1, 0, 1)),
        ("bit(n, 10 ** 30)", {"n": 12}, 0),
        ("gcd(a, b)", {"a": 84, "b": -36}, 12),
        ("gcd([12, 18, 27])", {}, 3),
        ("isqrt(n)", {"n": 10**40 + 1}, 10**20),
    ],
)
def test_values(text: str, values: dict[str, object], expected: object) -> None:
    assert value(text, **values) == expected


def test_helpers_agree_with_python_on_many_numbers() -> None:
    run = compile_expression(
        parse_expression(
            "[popcount(n), bit_length(n), isqrt(n), gcd(n, 360)] + [bit(n, i) for i in range(12)]",
            "statement",
            "demo",
            {"n"},
        )
    )
    for n in range(0, 3000, 7):
        expected = [n.bit_count(), n.bit_length(), math.isqrt(n), math.gcd(n, 360)]
        expected += [(n >> i) & 1 for i in range(12)]
        assert run(Scope({"n": n})) == tuple(expected)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("(k for k in [1]) == 1", "must be the one argument"),
        ("len(k for k in [1])", "must be the one argument"),
        ("{k for k in [1]}", "set comprehension"),
        ("{k: 1 for k in [1]}", "dict comprehension"),
        ("all(True for a in [1])", "'a' is a variable of the claim"),
        ("all(True for moves in [1])", "cannot be bound"),
        ("all(True for range in [1])", "cannot be bound"),
        ("all(True for k in [1] for k in [2])", "already bound"),
        ("all(True for k, j in [[1, 2]])", "binds one name"),
        ("all(True for k in range(1, 2, 3, 4))", "range() takes 1-3"),
        ("range(3) == [0, 1, 2]", "only after 'in'"),
        ("[k for k in [1]] == [k]", "unknown name 'k'"),
        ("all(kk > 0 for k in range(3))", "did you mean 'k'?"),
        ("all(True for k in range(10**12))", "1,000,000,000,000 values"),
        ("all(True for k in range(0, 9, 0))", "step of range() is zero"),
        ("all(True for k in range(1.5))", "constant '1.5'"),
        ("all(True for k in range('x'))", "range() needs whole numbers"),
        ("all(True for k in 7)", "needs a list or range"),
        ("sum(k for k in [[1], [2]])", "sum() needs numbers"),
        ("min(k for k in range(3) if k > 5)", "empty generator"),
        ("popcount(-1)", "non-negative"),
        ("bit(5, -1)", "non-negative"),
        ("isqrt(-4)", "non-negative"),
    ],
)
def test_refusals_name_the_problem(text: str, named: str) -> None:
    # Constant pieces are refused when the claim is read, before any case.
    with pytest.raises(ClaimError) as caught:
        value(text, a=1)
    assert named in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_claim_with_a_huge_constant_range_is_refused_when_read() -> None:
    problem = problem_of(
        vars='["a"]', range="{ a = [0, 3] }", statement="all(k != a for k in range(10**15))"
    )
    assert "more than 10^15" in problem or "values" in problem


def _verdict_quickly(statement: str, low: int = 0, limit: float = 10) -> object:
    claim = good_claim(vars='["n"]', range=f"{{ n = [{low}, 5000] }}", statement=statement)
    start = time.perf_counter()
    verdict = check_claim(claim, SETTINGS)
    assert time.perf_counter() - start < limit
    return verdict


@pytest.mark.parametrize(
    ("statement", "low"),
    [
        ("all(k != -1 for k in range(n ** 4))", 0),  # one range too long, from n = 18
        ("all(j != -1 for k in range(n) for j in range(n))", 310),  # n * n steps, past 316
        ("any(k > n for k in range(2 * n + 10 ** 9))", 0),  # would stop early; refused anyway
    ],
)
def test_a_range_past_the_limit_ends_unknown_quickly(statement: str, low: int) -> None:
    verdict = _verdict_quickly(statement, low)
    assert verdict.status is Status.UNKNOWN, verdict
    assert f"{MAX_STEPS:,}" in verdict.message and "comprehensions" in verdict.message
    assert "\n" not in verdict.message


def test_a_bad_value_met_in_a_case_is_an_error_naming_it() -> None:
    verdict = _verdict_quickly("all(k >= 0 for k in (n if n < 3 else [n]))")
    assert verdict.status is Status.ERROR
    assert "needs a list or range" in verdict.message


def test_a_negative_step_counts_down() -> None:
    claim = good_claim(
        vars='["n"]',
        range="{ n = [0, 300] }",
        statement="[k for k in range(n, -1, -1)] == [n - k for k in range(n + 1)]",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED and "n <= 300" in verdict.scope


def test_a_work_heavy_claim_meets_the_time_budget_not_a_hang() -> None:
    claim = good_claim(
        vars='["n"]',
        range="{ n = [0, 100000] }",
        statement="all(k != -1 for k in range(90000))",
    )
    start = time.perf_counter()
    verdict = check_claim(claim, CheckSettings(quick=True, claim_seconds=2.0))
    # Past the exhaustive limit of quick settings: Z3 declines, and the certificate
    # method's scan and random search each stop at the budget.
    assert time.perf_counter() - start < 10
    assert verdict.status is Status.UNKNOWN and "time budget" in verdict.message


# -- over the moves of a position: the definitions of the theory, checked --------------


def test_the_mex_rule_over_moves_holds_and_its_mutant_is_refuted() -> None:
    rule = good_claim(
        game="kayles",
        vars='["n"]',
        range="{ n = [0, 40] }",
        position="[n]",
        statement="grundy == mex(g(m) for m in moves)",
    )
    assert check_claim(rule, SETTINGS).status is Status.PROVED
    wrong = good_claim(
        game="kayles",
        vars='["n"]',
        range="{ n = [0, 40] }",
        position="[n]",
        statement="grundy == mex(g(m) for m in moves if len(m) <= 1)",  # forgets split rows
    )
    verdict = check_claim(wrong, SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None and verdict.counterexample["n"] >= 3


def test_p_positions_are_those_with_no_move_to_a_p_position() -> None:
    fields = {"game": "nim", "vars": '["a", "b"]', "range": "{ a = [0, 9], b = [0, 9] }"}
    rule = good_claim(
        statement="(outcome == 'P') == all(outcome_of(m) == 'N' for m in moves)", **fields
    )
    assert check_claim(rule, SETTINGS).status is Status.PROVED
    wrong = good_claim(
        statement="(outcome == 'P') == any(outcome_of(m) == 'N' for m in moves)", **fields
    )
    assert check_claim(wrong, SETTINGS).status is Status.REFUTED


def test_floor_of_a_surd_is_exact_with_integers_only() -> None:
    # floor_of reads floor(q * sqrt 5) as isqrt(5 q^2) (one less for q < 0); checked here
    # against the defining inequalities, decided by sign_of's exact comparisons.
    import random
    from fractions import Fraction

    from grundy.claims.numbers import PHI, Surd, floor_of, sign_of

    rng = random.Random(7)
    for _ in range(20_000):
        number = Surd(
            Fraction(rng.randint(-(10**9), 10**9), rng.randint(1, 10**4)),
            Fraction(rng.randint(-(10**9), 10**9), rng.randint(1, 10**4)),
        )
        least = floor_of(number)
        assert sign_of(number - Surd.of(least)) >= 0 > sign_of(number - Surd.of(least + 1))
    # Beatty: floor(k phi) and floor(k phi^2) = floor(k phi) + k never meet (k >= 1).
    lower = {floor_of(PHI * k) for k in range(1, 3000)}
    upper = {floor_of(PHI * PHI * k) for k in range(1, 3000)}
    assert not lower & upper and {floor_of(PHI * k) + k for k in range(1, 3000)} == upper


def test_a_counterexample_lists_the_first_values_a_comprehension_asked_for() -> None:
    from grundy.claims.scope import MAX_SHOWN

    claim = good_claim(
        game="kayles",
        vars='["n"]',
        range="{ n = [0, 300] }",
        position="[n]",
        statement="n < 200 or all(g([k]) >= 0 for k in range(n)) and grundy < 0",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED and verdict.counterexample is not None
    shown = [key for key in verdict.counterexample if key.startswith("g(")]
    assert shown[:2] == ["g([0])", "g([1])"] and len(shown) <= MAX_SHOWN


def test_nested_over_the_heaps_of_each_move() -> None:
    fields = {"vars": '["a", "b", "c"]', "range": "{ a = [0, 7], b = [0, 7], c = [0, 7] }"}
    # From a P-position every move leaves a non-zero nim-sum; each winning move leaves 0.
    rule = good_claim(
        statement="implies(a ^ b ^ c == 0, all(nimsum(h for h in m) != 0 for m in moves)) "
        "and all(nimsum(h for h in m) == 0 for m in winning_moves)",
        **fields,
    )
    assert check_claim(rule, SETTINGS).status is Status.PROVED
    wrong = good_claim(
        statement="implies(a ^ b ^ c != 0, all(nimsum(h for h in m) == 0 for m in moves))",
        **fields,
    )
    verdict = check_claim(wrong, SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert [verdict.counterexample[v] for v in "abc"] == [0, 0, 2]  # the least, in order


def test_steps_that_each_build_a_long_list_meet_the_time_budget() -> None:
    # 100,000 steps within the step limit, each building a list of 99,999 items: minutes
    # of work in one case, stopped inside the case by the claim's time budget.
    claim = good_claim(
        vars='["n"]',
        range="{ n = [0, 3] }",
        statement="all(len([n] * 99999) > 0 for k in range(100000))",
    )
    start = time.perf_counter()
    verdict = check_claim(claim, CheckSettings(quick=True, claim_seconds=1.0))
    assert time.perf_counter() - start < 6
    assert verdict.status is Status.UNKNOWN and "time budget" in verdict.message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("max(2 ** 13000 + k for k in range(30000)) == 2 ** 13000 + 29999", True),
        ("mex(2 ** 13000 * (k % 2) + k // 2 for k in range(30000))", 15000),
        # an even number of copies of 2^13000 cancel: the nim-sum of the k alone
        ("nimsum(2 ** 13000 + k for k in range(30002))", functools.reduce(xor, range(30002))),
    ],
)
def test_aggregates_stream_without_keeping_the_values(text: str, expected: object) -> None:
    import tracemalloc

    tracemalloc.start()
    try:
        assert value(text) == expected
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * 2**20  # kept, 30,000 numbers of 13,000 bits would be 48 MiB
