"""Comprehensions in the Z3 translation (grundy.claims.z3_quantifiers): unrolled copies
that prove what holds, refute each false mutant, agree with the exhaustive method, and
decline (unknown) whatever they cannot unroll exactly."""

from __future__ import annotations

import pytest

from grundy.claims import check_claim
from grundy.library import CheckSettings
from grundy.verdict import Status
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(quick=True)
BYTES = "{ a = [0, 255], b = [0, 255], c = [0, 255] }"
SMALL = "{ a = [0, 7], b = [0, 7], c = [0, 7] }"
COLUMNS = "all(nimsum(bit(h, i) for h in [a, b, c]) == 0 for i in range({}))"
PARITY = "all((sum(bit(h, i) for h in [a, b, c]) & 1) == 0 for i in range({}))"


def verdict_of(statement: str, method: str = "z3", ranges: str = BYTES, **fields: object):
    claim = good_claim(
        vars='["a", "b", "c"]', range=ranges, statement=statement, method=method, **fields
    )
    return check_claim(claim, SETTINGS)


@pytest.mark.parametrize("column", [COLUMNS, PARITY])
def test_bouton_by_columns_is_proved_and_a_missing_column_refuted(column: str) -> None:
    proved = verdict_of(f"(outcome == 'P') == {column.format(8)}")
    assert proved.status is Status.PROVED and proved.method == "z3", proved.message
    # The mutant forgets the top column: only heaps of 128 or more tell them apart.
    wrong = verdict_of(f"(outcome == 'P') == {column.format(7)}")
    assert wrong.status is Status.REFUTED and wrong.method == "z3"
    assert wrong.counterexample is not None and wrong.counterexample["c"] == 128


@pytest.mark.parametrize(
    ("statement", "holds"),
    [
        ("any(h == max(a, b, c) for h in [a, b, c])", True),
        ("any(h > 4 for h in [a, b, c] if h != c)", False),
        ("all(h <= 6 for h in [a, b, c] if h != 7)", True),
        ("all(h < 7 for h in [a, b, c] if h != 0)", False),
        ("sum(h for h in [a, b, c] if h & 1) == sum(h & 1 for h in [a, b, c])", False),
        ("sum(bit(h, i) for h in [a, b] for i in range(3)) <= 6", True),
        ("sum(bit(h, i) for h in [a, b] for i in range(2)) <= 3", False),
        ("nimsum(h for h in [a, b, c]) == a ^ b ^ c", True),
        ("min(h for h in [a, b, c]) == min(a, b, c) and max(k for k in range(3)) == 2", True),
        ("all(any(j == k for j in range(k + 1)) for k in range(5))", True),
        ("all(any(j == k for j in range(k)) for k in range(5))", False),
        ("sum(1 for k in range(10, 0, -3)) == 4", True),
        ("(outcome == 'P') == (nimsum(h for h in [a, b, c]) == 0)", True),
        ("(outcome == 'P') == (sum(h for h in [a, b, c]) == 0)", False),
        ("sum([a, b, c]) == a + b + c and all([a >= 0, b >= 0]) and any([c, True])", True),
        ("all([a, b]) == (a != 0 and b != 0) and sum([a == 1, b]) <= 7", False),
    ],
)
def test_unrolled_verdicts_agree_with_the_exhaustive_method(statement: str, holds: bool) -> None:
    expected = Status.PROVED if holds else Status.REFUTED
    by_z3 = verdict_of(statement, ranges=SMALL)
    # ("lemma": the statement is Bouton's theorem itself, read for this position)
    assert by_z3.method in ("z3", "lemma") and by_z3.status is expected, by_z3.message
    every_case = verdict_of(statement, method="exhaustive", ranges=SMALL)
    assert every_case.status is expected
    if not holds:  # the same least counterexample, however it was found
        assert by_z3.counterexample is not None and every_case.counterexample is not None
        assert {k: by_z3.counterexample[k] for k in "abc"} == {
            k: every_case.counterexample[k] for k in "abc"
        }


@pytest.mark.parametrize(
    ("statement", "reason"),
    [
        ("sum(k for k in range(a)) >= 0", "not constants"),
        ("all(m != [a] for m in moves)", "'moves'"),
        ("min(h for h in [a, b, c] if h > 0) >= 0", "may be empty"),
        ("mex(h for h in [a, b, c]) >= 0", "mex()"),
        ("all(k >= 0 for k in range(1000))", "more than 256 copies"),
        ("all(j >= 0 for k in range(20) for j in range(20))", "more than 256 copies"),
        ("all(k >= 0 for k in range(a == a))", "truth value"),
        ("all(bit(a, k) >= 0 for k in [a])", "not a constant"),
    ],
)
def test_what_cannot_be_unrolled_is_unknown_with_the_reason(statement: str, reason: str) -> None:
    verdict = verdict_of(statement)
    assert verdict.status is Status.UNKNOWN and reason in verdict.message, verdict.message


def test_a_case_the_evaluator_refuses_is_never_proved() -> None:
    # nimsum() of a negative number is an error for the evaluator at a = 0 or b = 0.
    verdict = verdict_of("nimsum(h - 1 for h in [a, b]) >= 0", ranges=SMALL)
    assert verdict.status is not Status.PROVED
    exhaustive = verdict_of("nimsum(h - 1 for h in [a, b]) >= 0", "exhaustive", SMALL)
    assert exhaustive.status is Status.ERROR


def test_a_long_sum_of_large_numbers_does_not_overflow() -> None:
    # 200 copies of eighty constants near 2^52 (the largest the translation takes for
    # these ranges): about 2^66, past the bit-vectors' width without the extra headroom
    # an unrolled sum is given, where the sum would wrap round to a negative number.
    big = "{ a = [0, 1099511627775], b = [0, 1], c = [0, 1] }"
    element = _balanced_sum([str(2**52 - 1)] * 80)  # balanced: the depth limit is 50
    statement = f"sum({element} + a for k in range(200)) >= 0"
    verdict = verdict_of(statement, ranges=big)
    assert verdict.status is Status.PROVED and verdict.method == "z3", verdict.message


def _balanced_sum(terms: list[str]) -> str:
    if len(terms) == 1:
        return terms[0]
    half = len(terms) // 2
    return f"({_balanced_sum(terms[:half])} + {_balanced_sum(terms[half:])})"


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("(a - b) % 4 == (a - b) & 3", Status.PROVED),  # negative a - b too, as in Python
        ("(a - b) % 8 >= 0 and (a - b) % 8 < 8", Status.PROVED),
        ("(a - b) % 4 == (b - a) % 4", Status.REFUTED),
        ("(a * 0 + a - 5) % 2 == 1", Status.UNKNOWN),  # '*' is still not translated
        ("a % 3 == a & 3", Status.UNKNOWN),  # a remainder by a non-power of two is not
        ("a % (b + 1) == 0", Status.UNKNOWN),
    ],
)
def test_a_remainder_by_a_power_of_two_is_its_low_bits(statement: str, expected: Status) -> None:
    signed = "{ a = [-8, 7], b = [-8, 7], c = [0, 0] }"
    by_z3 = verdict_of(statement, ranges=signed)
    assert by_z3.status is expected, by_z3.message
    if expected is not Status.UNKNOWN:
        every_case = verdict_of(statement, method="exhaustive", ranges=signed)
        assert every_case.status is expected
        if expected is Status.REFUTED:
            assert by_z3.counterexample is not None and every_case.counterexample is not None
            assert by_z3.counterexample["a"] == every_case.counterexample["a"]
