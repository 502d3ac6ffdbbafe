"""The engines behind a family proved for every parameter value at once: the subtraction
family's move relation (grundy.theory.move_relations.subtraction_family), P-set induction
in misère play and with candidate moves, and Grundy-value induction
(grundy.verify.value_induction).

The relation is cross-checked against SubtractionGame's own moves for every small heap and
parameter; each engine is shown able to fail: a broken move encoding, a wrong formula, the
normal-play terminal rule in misère play.
"""

from __future__ import annotations

from typing import Any

import pytest
import z3

from grundy.games.subtraction import SubtractionGame
from grundy.solve import Outcome, Play, Solver
from grundy.theory.move_relations import subtraction_family
from grundy.verdict import Status
from grundy.verify.pset_induction import MoveRelation, prove_p_set
from grundy.verify.value_induction import prove_grundy_values

TIMEOUT = 60_000


def _one_to_k(stop: int = 1) -> MoveRelation:
    """S = {1, ..., k} as range(1, k + stop): stop = 1 is the game, 2 a broken encoding."""
    return subtraction_family(
        "S = {1..k}", 1, True, lambda p: (z3.IntVal(1), p[0] + stop), lambda p: p[0] >= 1
    )


def _only_k() -> MoveRelation:
    return subtraction_family("S = {k}", 1, False, lambda p: (p[0],), lambda p: p[0] >= 1)


def _holds(formula: Any) -> bool:
    value = z3.simplify(formula)
    assert z3.is_true(value) or z3.is_false(value), value
    return z3.is_true(value)


@pytest.mark.parametrize(("relation", "game_set"), [(_one_to_k, "interval"), (_only_k, "list")])
def test_the_relation_is_the_games_moves(relation: Any, game_set: str) -> None:
    family = relation()
    for k in range(1, 6):
        game = SubtractionGame(list(range(1, k + 1)) if game_set == "interval" else [k])
        for n in range(12):
            x = [z3.IntVal(n), z3.IntVal(k)]
            assert _holds(family.valid(x))
            moves = {y for (y,) in game.moves((n,))}
            admitted = {m for m in range(-2, 14) if _holds(family.move(x, [z3.IntVal(m), x[1]]))}
            assert admitted == moves, (k, n)
            assert _holds(family.terminal(x)) == (not moves)
            # no move changes the parameter
            assert not _holds(family.move(x, [z3.IntVal(max(n - 1, 0)), z3.IntVal(k + 1)]))


def _domain(x: Any) -> Any:
    return z3.And(x[0] >= 0, x[1] >= 1, x[0] <= 1000, x[1] <= 1000)


def _region(x: Any) -> Any:
    return z3.And(x[0] >= 0, x[1] >= 1)


def _recheck(formula: Any, play: Play = Play.NORMAL) -> Any:
    def recheck(case: dict[str, int]) -> bool:
        solver = Solver(SubtractionGame(list(range(1, case["k"] + 1))))
        is_p = solver.outcome((case["n"],), play) is Outcome.P
        return is_p == formula(case["n"], case["k"])

    return recheck


def _guesses(x: Any) -> list[list[Any]]:
    return [[x[0] - x[0] % (x[1] + 1), x[1]], [x[0] - (x[0] - 1) % (x[1] + 1), x[1]]]


def _p_set(relation: MoveRelation, phi: Any, python: Any, **more: Any) -> Any:
    play = Play.MISERE if more.get("misere") else Play.NORMAL
    return prove_p_set(
        relation,
        phi,
        names=("n", "k"),
        domain=_domain,
        region=_region,
        recheck=_recheck(python, play),
        timeout_ms=TIMEOUT,
        witnesses=_guesses,
        **more,
    )


def test_one_to_k_p_set_is_proved_for_every_k() -> None:
    verdict = _p_set(_one_to_k(), lambda x: x[0] % (x[1] + 1) == 0, lambda n, k: n % (k + 1) == 0)
    assert verdict.status is Status.PROVED, verdict.message


def test_a_broken_move_encoding_is_not_proved() -> None:
    # vacuity: with k + 1 counters allowed too, the same formula is not the P-set, so the
    # queries are not trivially unsat; the exact solver does not confirm (the encoding,
    # not the statement, is wrong), so the verdict is unknown, never proved
    verdict = _p_set(_one_to_k(2), lambda x: x[0] % (x[1] + 1) == 0, lambda n, k: n % (k + 1) == 0)
    assert verdict.status is Status.UNKNOWN
    assert "condition 2" in verdict.message


def test_misere_p_set_is_proved_and_normal_play_terminal_rule_is_not_used() -> None:
    misere = _p_set(
        _one_to_k(),
        lambda x: x[0] % (x[1] + 1) == 1,
        lambda n, k: n % (k + 1) == 1,
        misere=True,
    )
    assert misere.status is Status.PROVED, misere.message
    # the same formula in normal play fails condition 1 (0 is terminal, and P there)
    normal = _p_set(_one_to_k(), lambda x: x[0] % (x[1] + 1) == 1, lambda n, k: n % (k + 1) == 1)
    assert normal.status is Status.REFUTED and normal.counterexample == {"n": 0, "k": 1}


def _values(relation: MoveRelation, value: Any, python: Any, game: Any) -> Any:
    def recheck(case: dict[str, int]) -> bool:
        solver = Solver(game(case["k"]))
        return solver.grundy_value((case["n"],)) == python(case["n"], case["k"])

    return prove_grundy_values(
        relation,
        value,
        names=("n", "k"),
        domain=_domain,
        region=_region,
        recheck=recheck,
        timeout_ms=TIMEOUT,
        # the one move of S = {k}: with candidates, the engine asks no quantified query
        witnesses=lambda x, v: [[x[0] - x[1], x[1]]],
    )


def test_grundy_values_of_only_k_are_proved_and_a_mutant_refuted() -> None:
    def game(k: int) -> SubtractionGame:
        return SubtractionGame([k])

    proved = _values(_only_k(), lambda x: (x[0] / x[1]) % 2, lambda n, k: (n // k) % 2, game)
    assert proved.status is Status.PROVED, proved.message
    mutant = _values(_only_k(), lambda x: (x[0] / x[1]) % 3, lambda n, k: (n // k) % 3, game)
    assert mutant.status is Status.REFUTED
    assert mutant.counterexample == {"n": 2, "k": 1}  # G(2) = 0 in S = {1}, not 2
