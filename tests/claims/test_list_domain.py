"""A variable that is a list of heaps, its length part of the domain (grundy.claims.list_domain),
and the induction on the number of heaps that proves a Nim claim for every length
(grundy.claims.list_induction)."""

from __future__ import annotations

import itertools

import pytest
import z3

import grundy.verify.length_induction as length_induction
from grundy.claims import check_claim
from grundy.games import create_game
from grundy.library import CheckSettings
from grundy.solve import Outcome, Play, Solver
from grundy.verdict import UNBOUNDED, Status
from tests.claims.helpers import good_claim, problem_of

SETTINGS = CheckSettings(seed=1, quick=True, random_examples=100)
MISERE_RULE = "(outcome == 'P') == (nimsum(h) == 1 if all(x <= 1 for x in h) else nimsum(h) == 0)"
# Right for fewer than 9 heaps, wrong from 9 on (nine heaps of 1 or 0 with nim-sum 1 are P).
WRONG_FROM_NINE = (
    "(outcome == 'P') == ((nimsum(h) == 1 if all(x <= 1 for x in h) else nimsum(h) == 0) "
    "if len(h) < 9 else nimsum(h) == 0)"
)


def list_claim(statement: str, length: str = "[1, 5]", each: str = "[0, 3]", **fields: object):
    fields.setdefault("game", "nim")
    return good_claim(
        vars='["h"]',
        range=f"{{ h = {{ length = {length}, each = {each} }} }}",
        statement=statement,
        **fields,
    )


# -- reading the domain -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("range_", "vars_", "words"),
    [
        ("{ h = { length = [1, 8] } }", '["h"]', "takes exactly length and each"),
        ("{ h = { length = [1, 8], each = [0, 3], step = 2 } }", '["h"]', "exactly length and"),
        ("{ h = { length = [3, 1], each = [0, 3] } }", '["h"]', "length of 'h' is reversed"),
        ("{ h = { length = [-1, 2], each = [0, 3] } }", '["h"]', "starts below 0"),
        ("{ h = { length = [1, 33], each = [0, 3] } }", '["h"]', "at most 32"),
        ("{ h = { length = [1, 2], each = 3 } }", '["h"]', "each of 'h' must be two whole"),
        (
            "{ h = { length = [1, 2], each = [0, 3] }, k = { length = [1, 2], each = [0, 3] } }",
            '["h", "k"]',
            "are both lists",
        ),
        (
            "{ h = { length = [1, 2], each = [0, 3] }, h_2 = [0, 3] }",
            '["h", "h_2"]',
            "'h_2' names heap 2 of the list 'h'",
        ),
    ],
    ids=["no-each", "extra", "reversed", "negative", "too-long", "each", "two-lists", "clash"],
)
def test_a_badly_written_list_range_names_the_problem(range_: str, vars_: str, words: str) -> None:
    problem = problem_of(vars=vars_, range=range_, statement="True")
    assert "range" in problem and words in problem


def test_a_list_in_a_family_of_games_is_refused() -> None:
    problem = problem_of(
        game="subtraction",
        params='{ set = "range(1, k + 1)" }',
        vars='["k", "h"]',
        range="{ k = [1, 3], h = { length = [1, 2], each = [0, 3] } }",
        statement="True",
    )
    assert "cannot be used in a family of games" in problem


def test_the_scope_names_the_lengths_and_the_sizes() -> None:
    claim = list_claim("True", assume="len(h) > 1")
    assert claim.scope == (
        "bounded: h a list of 1 to 5 numbers, each 0 <= x <= 3; assuming len(h) > 1"
    )


# -- checking one length at a time ------------------------------------------------------------


def _outcome(play: Play, heaps: tuple[int, ...]) -> str:
    game = create_game("nim")
    return Solver(game).outcome(game.from_value(list(heaps)), play).value


def test_the_least_counterexample_is_the_shortest_list_that_fails() -> None:
    # "P iff the total is even": the failures, listed by brute force over every length;
    # the verdict's must be one of the shortest.
    claim = list_claim("(outcome == 'P') == (sum(h) % 2 == 0)", length="[1, 4]")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED
    failing = [
        heaps
        for length in range(1, 5)
        for heaps in itertools.product(range(4), repeat=length)
        if (_outcome(Play.NORMAL, heaps) == "P") != (sum(heaps) % 2 == 0)
    ]
    shortest = min(len(h) for h in failing)
    found = verdict.counterexample
    assert found is not None and len(found["h"]) == shortest
    assert tuple(found["h"]) in failing
    assert f"fails with {shortest} heap" in verdict.message


def test_other_variables_come_before_and_after_the_list_in_the_position() -> None:
    claim = good_claim(
        vars='["a", "h"]',
        range="{ a = [0, 3], h = { length = [0, 3], each = [0, 3] } }",
        statement="(outcome == 'P') == (a ^ nimsum(h) == 0)",
    )
    assert claim.position.text == "[a] + h"
    verdict = check_claim(claim, SETTINGS)
    # only checked: the induction reads claims whose one variable is the list
    assert verdict.status is Status.PROVED and verdict.scope.startswith("bounded: h a list")
    assert "not proved for every length" not in verdict.message


def test_a_game_other_than_nim_is_only_checked_for_the_lengths() -> None:
    claim = list_claim("grundy >= 0", game="kayles", length="[0, 3]")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED
    assert verdict.scope.startswith("bounded:")
    assert "checked for every length 0..3 of h" in verdict.message


def test_no_admitted_case_is_unknown_not_proved() -> None:
    verdict = check_claim(list_claim(MISERE_RULE, assume="len(h) > 9"), SETTINGS)
    assert verdict.status is Status.UNKNOWN


# -- every number of heaps --------------------------------------------------------------------


def test_misere_nim_is_proved_for_every_number_of_heaps() -> None:
    verdict = check_claim(list_claim(MISERE_RULE, play="misere"), SETTINGS)
    assert verdict.status is Status.PROVED and verdict.unbounded
    assert verdict.scope == (f"{UNBOUNDED} number of heaps of h (at least 1), each from 0 to 3")
    assert "length-induction" in verdict.method
    assert "misere-nim-any-number-of-heaps" in {a.id for a in verdict.assumes}
    induction = verdict.details["induction"]
    assert induction["induction"].startswith("on the number of heaps k")
    # all(x <= 1 ...) is tied to max(h) <= 1 by a relation found inductive
    assert induction["relations"]


def test_a_rule_wrong_only_from_nine_heaps_is_checked_but_not_proved() -> None:
    # Every length of the range (1..5) holds: only the induction can tell it apart.
    verdict = check_claim(list_claim(WRONG_FROM_NINE, play="misere"), SETTINGS)
    assert verdict.status is Status.PROVED and not verdict.unbounded
    assert verdict.scope.startswith("bounded: h a list of 1 to 5 numbers")
    assert "not proved for every length: the goal (k >= 1)" in verdict.message
    assert "'heaps': '9'" in verdict.message
    # and the length Z3 names is a real failure: nine heaps of 1 are P in misère play
    assert _outcome(Play.MISERE, (1,) * 9) == Outcome.P.value


def test_a_vacuous_induction_would_prove_the_mutant(monkeypatch) -> None:
    # The mutant stays unproved because the engine's Z3 queries really fail: with Z3
    # made to answer unsat to everything, the same claim would be called proved.
    monkeypatch.setattr(length_induction.z3.Solver, "check", lambda self, *a: z3.unsat)
    verdict = check_claim(list_claim(WRONG_FROM_NINE, play="misere"), SETTINGS)
    assert verdict.status is Status.PROVED and verdict.unbounded


def test_bouton_for_every_number_of_heaps_from_none() -> None:
    statement = "(outcome == 'P') == (nimsum(h) == 0) and grundy == nimsum(h)"
    verdict = check_claim(list_claim(statement, length="[0, 4]"), SETTINGS)
    assert verdict.status is Status.PROVED and verdict.unbounded
    assert "(at least 0)" in verdict.scope
    ids = {a.id for a in verdict.assumes}
    assert {"bouton-any-number-of-heaps", "nim-value-any-number-of-heaps"} <= ids


def test_the_assumption_is_in_the_proved_scope() -> None:
    statement = "(outcome == 'P') == (nimsum(h) == 0)"
    verdict = check_claim(list_claim(statement, assume="sum(h) >= 2"), SETTINGS)
    assert verdict.status is Status.PROVED and verdict.unbounded
    assert verdict.scope.endswith("; assuming sum(h) >= 2")


@pytest.mark.parametrize(
    ("statement", "words"),
    [
        ("len(moves) >= 0", "does not read 'len(moves)'"),
        ("h[0] >= 0", "does not read 'h[0]'"),
        ("outcome != 'D'", "compared with anything but 'P' or 'N'"),
    ],
)
def test_a_statement_the_induction_cannot_read_stays_checked(statement: str, words: str) -> None:
    verdict = check_claim(list_claim(statement, length="[1, 3]"), SETTINGS)
    assert verdict.status is Status.PROVED and not verdict.unbounded
    assert words in verdict.message
