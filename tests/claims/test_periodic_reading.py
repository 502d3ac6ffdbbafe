"""How the certificate method reads a statement: polynomial pieces, bounds, rules and the
reasons it gives when it declines (grundy.claims.periodic)."""

from __future__ import annotations

import ast
import functools
import itertools
import random

import pytest

from grundy.certify.certified_values import CertifiedValues, certified_values
from grundy.claims import Claim, check_claim
from grundy.claims.polynomials import Polynomial
from grundy.claims.statement_period import (
    Declined,
    Periodicity,
    _interval,
    statement_periodicity,
)
from grundy.games import create_game
from grundy.library import CheckSettings
from grundy.solve import plain_grundy_sequence
from grundy.verdict import UNBOUNDED, Status
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(seed=1, quick=True, random_examples=200)
HUGE = 10**18


def heap_claim(game: str = "kayles", low: int = 0, high: int = HUGE, **fields: object) -> Claim:
    fields.setdefault("vars", '["n"]')
    fields.setdefault("range", f"{{ n = [{low}, {high}] }}")
    return good_claim(game=game, **fields)


def table_of(claim: Claim) -> CertifiedValues:
    table = certified_values(claim.game, quick=SETTINGS.quick)
    assert isinstance(table, CertifiedValues)
    return table


@functools.cache
def exact_values(game: str) -> list[int]:
    # G(0..250) by the plain exact solver, independent of any certificate.
    return plain_grundy_sequence(create_game(game), 250)


def periodicity(claim: Claim) -> Periodicity:
    return statement_periodicity(claim, table_of(claim))


# -- polynomial arithmetic -----------------------------------------------------------------


def _evaluate(coefficients: tuple[int, ...], n: int) -> int:
    return sum(c * n**i for i, c in enumerate(coefficients))


def test_polynomial_products_are_exact() -> None:
    # Products decide where comparisons settle (rule 2): a wrong product proves too early.
    assert Polynomial((0, 1)) * Polynomial((0, 1)) == Polynomial((0, 0, 1))
    rng = random.Random(3)
    for _ in range(200):
        a = Polynomial.of([rng.randint(-9, 9) for _ in range(rng.randint(1, 4))])
        b = Polynomial.of([rng.randint(-9, 9) for _ in range(rng.randint(1, 4))])
        product = (a * b).coefficients
        for n in range(-4, 5):
            assert _evaluate(product, n) == _evaluate(a.coefficients, n) * _evaluate(
                b.coefficients, n
            )


@pytest.mark.parametrize(
    "statement", ["n * n != 6 * n", "n ** 2 != 6 * n", "n * n - 6 * n"], ids=["mul", "pow", "bare"]
)
def test_a_polynomial_root_past_the_first_values_is_found(statement: str) -> None:
    # n^2 - 6n is zero at n = 6 only (n >= 1): the method must check up to where the sign
    # settles (n = 8 by the root bound), and refute at 6, never prove. A bare polynomial
    # is true where it is non-zero.
    verdict = check_claim(heap_claim(low=1, statement=statement, method="certificate"), SETTINGS)
    assert verdict.status is Status.REFUTED, verdict.message
    assert verdict.method == "certificate"
    assert verdict.counterexample is not None and verdict.counterexample["n"] == 6


def test_a_comparison_of_polynomials_settles_for_good_with_period_one() -> None:
    # Rule 2: n*n > 4000 is false up to 63 and true from 64 on; the bound says from 129.
    claim = heap_claim(statement="n * n > 4000")
    assert periodicity(claim) == Periodicity(129, 1)
    with_assume = heap_claim(statement="n * n > 4000", assume="n >= 64", method="certificate")
    verdict = check_claim(with_assume, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.scope == UNBOUNDED
    assert verdict.details["statement_period"] == 1
    assert verdict.details["checked"] == [0, 129]


# -- bounds of periodic values -------------------------------------------------------------


@pytest.mark.parametrize(
    ("op", "apply"),
    [
        (ast.Add(), lambda x, y: x + y),
        (ast.Sub(), lambda x, y: x - y),
        (ast.Mult(), lambda x, y: x * y),
    ],
    ids=["add", "sub", "mult"],
)
def test_bounds_of_sums_differences_and_products_are_exact(op, apply) -> None:
    # The bounds are the least and largest values the operation takes: sound and tight.
    rng = random.Random(5)
    for _ in range(100):
        a, b = sorted(rng.randint(-6, 6) for _ in range(2))
        c, d = sorted(rng.randint(-6, 6) for _ in range(2))
        values = [apply(x, y) for x, y in itertools.product(range(a, b + 1), range(c, d + 1))]
        assert _interval(op, (a, b), (c, d)) == (min(values), max(values))


def test_a_comparison_with_a_bounded_sum_settles_where_the_bounds_say() -> None:
    # n % 5 + 3 lies in 3..7, so 2 - n (at most 2 for n >= 0) is below it from n = 0 on.
    claim = heap_claim(low=-100, statement="n % 5 + 3 > 2 - n")
    assert periodicity(claim) == Periodicity(0, 5)


# -- statements that are read --------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "low", "fields"),
    [
        # position facts of a heap built from n: the position itself is read too
        ("kayles", 71, {"position": "[n + 12]", "statement": "grundy == g([n])"}),
        # a position may be a bare heap size instead of a list of one heap
        ("kayles", 71, {"position": "n", "statement": "grundy == g(n + 12)"}),
        # G of a heap that is itself periodic in n
        ("kayles", 0, {"statement": "g([n % 12 + 71]) == g([n % 12 + 83])"}),
        # a list of position facts
        ("kayles", 71, {"statement": "grundy in [g([n + 12]), 99]"}),
        # outcome_of a heap, as outcome: normal-play P exactly when G = 0
        ("take-away", 0, {"statement": "(outcome_of([n + 4]) == 'P') == (n % 4 == 0)"}),
    ],
    ids=["position-n-plus-12", "bare-heap", "periodic-heap", "list", "outcome-of"],
)
def test_periodic_statements_are_proved_for_every_n(game: str, low: int, fields: dict) -> None:
    claim = heap_claim(game, low=low, method="certificate", **fields)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED, verdict.message
    assert verdict.method == "certificate" and verdict.scope == UNBOUNDED
    # The oracle: the plain exact solver agrees well past the checked window.
    values = exact_values(game)
    for n in range(low, low + 150):
        scope = {"n": n}
        if game == "take-away":
            assert (values[n + 4] == 0) == (n % 4 == 0), scope
        elif "position" in fields:
            assert values[n + 12] == values[n], scope
        else:
            assert values[n % 12 + 71] == values[n % 12 + 83], scope


# -- reasons for declining -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("statement", "high", "reason"),
    [
        ("n > max(grundy, 3)", HUGE, "'n > max(grundy, 3)': compares n with a value of unknown"),
        ("(n * n) ** 9 > 3", HUGE, "'(n * n) ** 9': the degree in n would exceed 16"),
        ("n * n * n * n > 5", 10**300, "'n * n * n * n': its values in the range are too large"),
        ("n * 10 ** 1100 != 5", HUGE, "'n * 10 ** 1100': its values in the range are too large"),
        ("n in [1, grundy] or grundy > 0", HUGE, "read only against a list of whole constants"),
        ("(n // 4) * 4 == n", HUGE, "'(n // 4) * 4': this operation on a quotient in n"),
        ("n // 2 < n // 3 + grundy", HUGE, "'n // 3 + grundy': a position fact mixed with a poly"),
        ("n // 2 != n // 3", HUGE, "compares two quotients in n"),
        ("-(n // 2) < grundy", HUGE, "only '+' of a quotient in n is followed"),
        ("(not n) or grundy >= 0", HUGE, "'not n': 'not' of a polynomial in n is not followed"),
        ("n % 'x' == 0", HUGE, "\"'x'\" is not a whole number"),
    ],
    ids=[
        "unknown-bounds",
        "degree",
        "too-large",
        "too-large-coefficient",
        "in",
        "quotient-times",
        "quotient-plus-value",
        "two-quotients",
        "minus-quotient",
        "not",
        "text",
    ],
)
def test_a_declined_statement_names_the_piece_and_why(
    statement: str, high: int, reason: str
) -> None:
    # The reason reaches the user (verdict message); it must show the offending piece.
    claim = heap_claim(high=high, statement=statement)
    with pytest.raises(Declined) as caught:
        periodicity(claim)
    assert reason in str(caught.value)


def test_misere_outcomes_are_declined_naming_the_piece() -> None:
    # check_by_certificate turns such claims away earlier; statement_periodicity itself
    # must still refuse them (misere outcomes do not follow the normal-play period).
    claim = heap_claim(play="misere", statement="outcome == 'P'")
    with pytest.raises(Declined) as caught:
        periodicity(claim)
    assert "'outcome': misere outcomes do not follow the normal-play period" in str(caught.value)
