"""The claim method "p-set" (grundy.claims.pset_method): which claims it reads, what it
proves, and how ``auto`` falls back when it does not decide."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grundy.claims.check import check_claim
from grundy.claims.pset_method import p_set_refusal
from grundy.games.chomp import Chomp
from grundy.settings import CheckSettings
from grundy.verdict import Status

from .helpers import good_claim

SETTINGS = CheckSettings(quick=True, seed=0)
EVERY_BOARD = "unbounded a >= 1, b >= 0, assuming b <= a"  # the ranges' lower bounds, no upper

TWO_ROWS: dict[str, Any] = {
    "game": "chomp",
    "vars": '["a", "b"]',
    "range": "{ a = [1, 20], b = [0, 20] }",
    "assume": "b <= a",
    "position": "[a, b]",
}


def test_two_row_chomp_is_proved_for_every_board() -> None:
    claim = good_claim(statement="(outcome == 'P') == (a == b + 1)", **TWO_ROWS)
    verdict = check_claim(claim, SETTINGS)
    assert (verdict.status, verdict.method, verdict.scope) == (
        Status.PROVED,
        "p-set induction",
        EVERY_BOARD,
    )
    assert verdict.unbounded
    # the other ways of writing it say the same
    for statement in ("iff(outcome == 'P', a - b == 1)", "(a == b + 1) == ('P' == outcome)"):
        again = check_claim(good_claim(statement=statement, **TWO_ROWS), SETTINGS)
        assert (again.status, again.scope) == (Status.PROVED, EVERY_BOARD)
    negated = good_claim(statement="(outcome == 'N') == (a != b + 1)", **TWO_ROWS)
    assert check_claim(negated, SETTINGS).scope == EVERY_BOARD


def test_a_wrong_formula_is_refuted_at_a_confirmed_position() -> None:
    claim = good_claim(statement="(outcome == 'P') == (a == b + 2)", **TWO_ROWS)
    verdict = check_claim(claim, SETTINGS)
    assert (verdict.status, verdict.method) == (Status.REFUTED, "p-set induction")
    case = verdict.counterexample
    assert case is not None and case["outcome"] != ("P" if case["a"] == case["b"] + 2 else "N")


def test_a_formula_right_only_under_assume_falls_back_to_the_ranges() -> None:
    # P iff n % 4 == 0 for S = {1, 2, 3}; the extra n == 2 is wrong, but outside n >= 10
    claim = good_claim(
        game="take-away",
        vars='["n"]',
        range="{ n = [10, 60] }",
        statement="(outcome == 'P') == (n % 4 == 0 or n == 2)",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED and verdict.scope.startswith("bounded: ")
    assert "induction does not apply" in verdict.message


def test_a_subclass_with_moves_of_its_own_is_not_read() -> None:
    class BiteTopOnly(Chomp):
        def labelled_moves(self, position: Any) -> Any:
            for option, label in super().labelled_moves(position):
                if option[0] == position[0]:
                    yield option, label

    claim = good_claim(statement="(outcome == 'P') == (a == b + 1)", **TWO_ROWS)
    assert p_set_refusal(claim) is None
    own = replace(claim, game=BiteTopOnly())
    assert "no move relation" in (p_set_refusal(own) or "")
    verdict = check_claim(own, SETTINGS)
    assert verdict.method != "p-set induction"  # auto never planned it
    assert verdict.status is Status.REFUTED  # (2, 0) has no move in this game: P


def test_shapes_it_refuses_say_why() -> None:
    assert "normal play" in (
        p_set_refusal(
            good_claim(play="misere", statement="(outcome == 'P') == (a == b)", **TWO_ROWS)
        )
        or ""
    )
    fixed_row = dict(TWO_ROWS, position="[a, 1]", vars='["a"]', range="{ a = [1, 9] }")
    fixed_row.pop("assume")
    assert "variables" in (p_set_refusal(good_claim(statement="outcome == 'N'", **fixed_row)) or "")
    assert "(outcome == 'P') == F" in (
        p_set_refusal(good_claim(statement="outcome == 'P'", **TWO_ROWS)) or ""
    )
    assert "positive constant" in (
        p_set_refusal(good_claim(statement="(outcome == 'P') == (a % b == 1)", **TWO_ROWS)) or ""
    )
    explicit = good_claim(statement="(outcome == 'P') == (a ^ b == 1)", method="p-set", **TWO_ROWS)
    verdict = check_claim(explicit, SETTINGS)
    assert verdict.status is Status.UNKNOWN and "not read" in verdict.message


def test_each_value_of_a_family_is_proved_for_every_heap() -> None:
    claim = good_claim(
        game="subtraction",
        params='{ set = "range(1, k + 1)" }',
        vars='["k", "n"]',
        range="{ k = [1, 4], n = [0, 500] }",  # P-set induction first: every n
        position="[n]",
        statement="(outcome == 'P') == (n % (k + 1) == 0)",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED
    assert verdict.method == "per-value: p-set induction"
    assert verdict.scope.startswith("unbounded")


FORMULAS = [
    "(a - b - 5) % 3 == 1",
    "(a - 7) // 2 < b",
    "a * b - 3 * a >= abs(b - 2)",
    "min(a, b, 2) == max(a - b, 0) or not (a > b)",
    "(a if a > b else b) % 4 == 0",
    "(a == b + 1) == 1",
    "iff(a < b, b > a) and implies(a == 0, b >= 0)",
    "-a + +b <= 3 <= a * a",
]


def test_the_reading_agrees_with_python_on_every_small_case() -> None:
    """The formula's Z3 reading (unbounded integers) against Python's own semantics, which
    the claim language follows, negative intermediate values included."""
    import ast

    import z3

    from grundy.claims.pset_method import _IntFormula

    a, b = z3.Ints("a b")
    helpers = {"implies": lambda p, q: (not p) or q, "iff": lambda p, q: bool(p) == bool(q)}
    for text in FORMULAS:
        term = _IntFormula({"a": a, "b": b}).boolean(ast.parse(text, mode="eval").body)
        for x in range(-6, 7):
            for y in range(-6, 7):
                read = z3.simplify(z3.substitute(term, (a, z3.IntVal(x)), (b, z3.IntVal(y))))
                expected = bool(eval(text, helpers, {"a": x, "b": y}))
                assert z3.is_true(read) == expected, (text, x, y)
