"""The certificate method reads ``P(n) // d`` and ``P(n) in [c1, c2, ...]`` (rule 5 and the
membership rule of grundy.claims.periodic), and turns away what it cannot read at once."""

from __future__ import annotations

import functools
import random

import pytest

import grundy.claims.periodic as periodic
from grundy.certify.certified_values import CertifiedValues, NotApplicable, certified_values
from grundy.claims import Claim
from grundy.claims.periodic import check_by_certificate
from grundy.claims.statement_period import statement_periodicity
from grundy.claims.table_cases import TableCases
from grundy.games import create_game
from grundy.solve import plain_grundy_sequence
from grundy.verdict import UNBOUNDED, Status, Verdict
from tests.claims.helpers import good_claim

HUGE = 10**18
# Dawson's Kayles (0.07): G(n) = 0 exactly for n in {0, 1, 15, 35} or n % 34 in {5, 9, 21,
# 25, 29} (period 34 from 53).
DAWSON_ZEROS = "(grundy == 0) == (n in [0, 1, 15, 35] or n % 34 in [5, 9, 21, 25, 29])"


def heap_claim(game: str, statement: str, low: int = 0, high: int = HUGE) -> Claim:
    return good_claim(
        game=game, vars='["n"]', range=f"{{ n = [{low}, {high}] }}", statement=statement
    )


def decided(claim: Claim) -> Verdict:
    verdict = check_by_certificate(claim, quick=True)
    assert not isinstance(verdict, NotApplicable), verdict.reason
    return verdict


@functools.cache
def exact(game: str) -> tuple[int, ...]:
    return tuple(plain_grundy_sequence(create_game(game), 400))


def test_a_list_of_p_positions_with_in_is_proved_for_every_n() -> None:
    verdict = decided(heap_claim("dawsons-kayles", DAWSON_ZEROS))
    assert verdict.status is Status.PROVED and verdict.scope == UNBOUNDED
    assert verdict.method == "certificate"


def test_a_member_far_beyond_the_scan_is_refuted_only_by_reading_in() -> None:
    # The mutant names 10,000 a P-position (it is not: 10,000 % 34 = 4): the first values
    # that a scan reads all hold, so only reading 'in' (every n up to where each equality
    # settles, then one period) finds it.
    assert exact("dawsons-kayles")[10_000 % 34 + 68] != 0
    mutant = DAWSON_ZEROS.replace("35]", "35, 10000]")
    verdict = decided(heap_claim("dawsons-kayles", mutant))
    assert verdict.status is Status.REFUTED and verdict.method == "certificate"
    assert verdict.counterexample is not None and verdict.counterexample["n"] == 10_000


def test_a_quotient_heap_repeats_with_the_divisor_times_the_period() -> None:
    claim = heap_claim("kayles", "g([n // 1000]) == g([n // 1000 + 12])", low=71_000)
    table = certified_values(claim.game, quick=True)
    assert isinstance(table, CertifiedValues)
    assert statement_periodicity(claim, table).period == 1000 * table.period
    verdict = decided(claim)
    assert verdict.status is Status.PROVED and verdict.scope == UNBOUNDED


def test_a_quotient_mutant_failing_beyond_the_scan_is_refuted_at_the_least_n() -> None:
    # From n = 10^9 the scan sees heaps 10^6 and 10^6 + 1 only (values 1 and 4); G is 8
    # first at 10^6 + 5, so the least counterexample is n = 1,000,005,000.
    claim = heap_claim("kayles", "g([n // 1000]) != 8", low=10**9)
    verdict = decided(claim)
    assert verdict.status is Status.REFUTED and verdict.method == "certificate"
    assert verdict.counterexample is not None
    assert verdict.counterexample["n"] == 1_000_005_000


def test_quotients_by_a_negative_divisor_and_nested_quotients_are_exact() -> None:
    # (2n) // -2 is floor(-2n / 2) = -n, so the heap is n; (n // 2) // 3 is n // 6.
    statement = "g([(2 * n) // -2 + 2 * n]) == n % 4 and g([(n // 2) // 3]) == (n // 6) % 4"
    claim = heap_claim("take-away", statement)
    assert decided(claim).status is Status.PROVED


@pytest.mark.parametrize(
    "statement",
    [
        "g([n // 3]) == (n // 3) % 4",
        "(n // 2) % 2 == 0 or grundy > 0",
        "n // 5 + 2 >= grundy",
        "n // 4 - 1 < n - 7",
        "(n // 2 & 5) != 1 or outcome == 'N'",
        "n // 2 in [3, 7, 100] or grundy == n % 4",
        "n not in [2, 9] or grundy != 1",
        "n * n // 7 > 3 * n + 1 or grundy != 3",
        "+(n // 3) > 2",
        "n // 3",
    ],
)
def test_quotient_and_membership_verdicts_agree_with_plain_evaluation(statement: str) -> None:
    # Take-away (S = {1, 2, 3}) has G(n) = n % 4: every verdict is compared, n by n, with
    # the statement evaluated by the interpreter on the exact values, far past the window.
    claim = heap_claim("take-away", statement)
    verdict = decided(claim)
    values = exact("take-away")
    cases = TableCases(claim, lambda heap: heap % 4 if heap >= len(values) else values[heap])
    rng = random.Random(statement)
    points = [*range(0, 300), *(rng.randrange(10**6) for _ in range(300))]
    failures = [n for n in sorted(points) if not cases.holds({"n": n})]
    if verdict.status is Status.PROVED:
        assert failures == []
    else:
        assert verdict.status is Status.REFUTED
        assert verdict.counterexample is not None
        assert failures and verdict.counterexample["n"] == failures[0]


def test_the_quotient_shape_holds_a_polynomial_of_degree_one_or_more() -> None:
    claim = heap_claim("take-away", "n // 1 == n and 7 // 2 == 3")
    # n // 1 is n itself, 7 // 2 a constant: neither is a Quotient, and both are read.
    assert decided(claim).status is Status.PROVED


def test_an_unreadable_statement_is_turned_away_before_any_case(monkeypatch) -> None:
    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("no case may be checked for this claim")

    # Before: the scan of the first 2,000 values of n ran (and could end only 'unknown').
    monkeypatch.setattr(periodic, "_decide", no_search)
    monkeypatch.setattr(periodic, "_scan", no_search)
    monkeypatch.setattr(periodic, "plain_grundy_sequence", no_search)
    verdict = check_by_certificate(heap_claim("kayles", "(n // 4) * 4 == n"), quick=True)
    assert isinstance(verdict, NotApplicable)
    assert verdict.reason == (
        "not followed: '(n // 4) * 4': this operation on a quotient in n is not periodic "
        "or not followed; no case was checked"
    )
