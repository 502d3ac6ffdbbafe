"""P-set induction (grundy.verify.pset_induction) and the move relations it is handed
(grundy.theory.move_relations).

Each relation is cross-checked against its game's own ``moves`` on every small position:
it admits exactly the moves the game generates, its positions are the game's, and its
terminal positions are those without moves.  The engine is shown able to fail on each of
its checks: a wrong formula caught by each of the three conditions, a measure that a move
does not lower, an empty domain, cases outside the game, a counterexample the exact solver
does not confirm, and nonlinear arithmetic Z3 cannot decide.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import z3

from grundy.games import Nim
from grundy.games.base import Game
from grundy.games.chomp import Chomp
from grundy.games.subtraction import SubtractionGame
from grundy.games.wythoff import Wythoff
from grundy.solve import Outcome, Solver
from grundy.theory.move_relations import move_relation
from grundy.verdict import UNBOUNDED, Status
from grundy.verify.pset_induction import MoveRelation, prove_p_set

SMALL = 9  # every number of a cross-checked position below this


def _holds(formula: z3.BoolRef) -> bool:
    value = z3.simplify(formula)
    assert z3.is_true(value) or z3.is_false(value), value
    return z3.is_true(value)


def _numbers(values: tuple[int, ...]) -> list[z3.ArithRef]:
    return [z3.IntVal(v) for v in values]


def _as_numbers(game: Game, position: Any, arity: int) -> tuple[int, ...]:
    rows = tuple(game.to_json(position))
    return rows + (0,) * (arity - len(rows))  # Chomp drops an empty top row


def _is_position(game: Game, values: tuple[int, ...]) -> bool:
    try:
        game.from_value(list(values))
    except Exception:
        return False
    return True


CROSS_CHECKED = [
    (Nim(), 1),
    (Nim(), 2),
    (Nim(), 3),
    (SubtractionGame([1, 2, 3]), 1),
    (SubtractionGame([2, 5]), 2),
    (SubtractionGame([1, 3, 4]), 2),
    (Chomp(), 2),
    (Wythoff(), 2),
]


@pytest.mark.parametrize(("game", "arity"), CROSS_CHECKED, ids=lambda v: str(v))
def test_relation_admits_exactly_the_games_moves(game: Game, arity: int) -> None:
    relation = move_relation(game, arity)
    assert relation is not None
    small = SMALL if arity < 3 else 5
    box = list(itertools.product(range(-1, small), repeat=arity))
    for values in box:
        x = _numbers(values)
        is_position = _is_position(game, values)
        assert _holds(relation.valid(x)) == is_position, values
        if not is_position:
            continue
        position = game.from_value(list(values))
        expected = {_as_numbers(game, option, arity) for option in game.moves(position)}
        assert _holds(relation.terminal(x)) == (not expected), values
        admitted = {
            target
            for target in itertools.product(range(small), repeat=arity)
            if _holds(relation.move(x, _numbers(target)))
        }
        assert admitted == expected, values


class _OwnMoves(Nim):
    """Nim in name, but a move takes exactly one token: another game."""

    def heap_options(self, heap: int) -> Any:
        return [(heap - 1,)] if heap else []


class _DeclaredSet(SubtractionGame):
    subtraction_set = (1, 3, 4)


def test_only_games_playing_by_the_copied_rules_get_a_relation() -> None:
    assert move_relation(_OwnMoves(), 2) is None
    assert move_relation(Chomp(), 3) is None  # more rows than the relation covers
    declared = move_relation(_DeclaredSet(), 1)
    assert declared is not None and "[1, 3, 4]" in declared.name


# -- the engine ---------------------------------------------------------------------------


def _outcome_checker(game: Game, names: str, phi: Any) -> Any:
    """The exact solver's answer against ``phi`` at a case: true when they agree."""
    solver = Solver(game)

    def recheck(case: dict[str, int]) -> bool:
        values = tuple(case[name] for name in names)
        is_p = solver.outcome(game.from_value(list(values))) is Outcome.P
        return is_p == _holds(phi(_numbers(values)))

    return recheck


def _prove(
    relation: MoveRelation, phi: Any, names: str, game: Game, *, high: int = 30, **kw: Any
) -> Any:
    arguments: dict[str, Any] = {
        "names": tuple(names),
        "domain": lambda x: z3.And(relation.valid(x), *[v <= high for v in x]),
        "region": relation.valid,
        "recheck": _outcome_checker(game, names, phi),
        "timeout_ms": 20_000,
    }
    arguments.update(kw)
    return prove_p_set(relation, phi, **arguments)


def _relation(game: Game, arity: int) -> MoveRelation:
    relation = move_relation(game, arity)
    assert relation is not None
    return relation


def test_two_row_chomp_and_subtraction_sets_are_proved_for_every_position() -> None:
    chomp = _prove(_relation(Chomp(), 2), lambda x: x[0] == x[1] + 1, "ab", Chomp())
    game = SubtractionGame([1, 3, 4])
    periodic = _prove(_relation(game, 1), lambda x: z3.Or(x[0] % 7 == 0, x[0] % 7 == 2), "n", game)
    nim = _prove(_relation(Nim(), 2), lambda x: x[0] == x[1], "ab", Nim())
    for verdict in (chomp, periodic, nim):
        assert (verdict.status, verdict.scope) == (Status.PROVED, UNBOUNDED), verdict.message


def test_condition_1_catches_a_terminal_position_left_out() -> None:
    # equal rows: the poisoned square alone (1, 0), where the player to move has lost
    verdict = _prove(_relation(Chomp(), 2), lambda x: x[0] == x[1], "ab", Chomp())
    assert verdict.status is Status.REFUTED
    assert "condition 1" in verdict.message
    assert dict(verdict.counterexample or {}) == {"a": 1, "b": 0}


def test_condition_2_catches_a_move_between_two_positions_of_the_formula() -> None:
    game = SubtractionGame([1, 2, 3])
    verdict = _prove(_relation(game, 1), lambda x: x[0] % 3 == 0, "n", game)
    assert verdict.status is Status.REFUTED
    assert "condition 2" in verdict.message
    assert dict(verdict.counterexample or {}) == {"n": 3}  # 3 -> 0 wins: 3 is N


def test_condition_3_catches_a_position_with_no_move_into_the_formula() -> None:
    game = SubtractionGame([1, 2, 3])
    verdict = _prove(_relation(game, 1), lambda x: x[0] % 8 == 0, "n", game)
    assert verdict.status is Status.REFUTED
    assert "condition 3" in verdict.message
    assert dict(verdict.counterexample or {}) == {"n": 4}  # 4 is P; the formula says N


def test_a_failure_the_exact_solver_does_not_confirm_is_unknown() -> None:
    game = SubtractionGame([1, 2, 3])
    verdict = _prove(
        _relation(game, 1), lambda x: x[0] % 3 == 0, "n", game, recheck=lambda case: True
    )
    assert verdict.status is Status.UNKNOWN
    assert "induction does not apply" in verdict.message


def test_a_formula_wrong_only_outside_the_domain_is_not_refuted() -> None:
    # n % 4 == 0, plus the N-position 2: wrong only at n = 2, outside n >= 10
    game = SubtractionGame([1, 2, 3])
    relation = _relation(game, 1)

    def phi(x: Any) -> z3.BoolRef:
        return z3.Or(x[0] % 4 == 0, x[0] == 2)

    verdict = _prove(relation, phi, "n", game, domain=lambda x: z3.And(x[0] >= 10, x[0] <= 40))
    assert verdict.status is Status.UNKNOWN


def test_an_empty_domain_proves_nothing() -> None:
    relation = _relation(Nim(), 2)
    verdict = _prove(
        relation,
        lambda x: x[0] == x[1],
        "ab",
        Nim(),
        domain=lambda x: z3.And(relation.valid(x), x[0] + x[1] < 0),
    )
    assert verdict.status is Status.UNKNOWN
    assert "no case" in verdict.message


def test_cases_outside_the_game_are_not_covered() -> None:
    relation = _relation(Chomp(), 2)
    verdict = _prove(
        relation, lambda x: x[0] == x[1] + 1, "ab", Chomp(), region=lambda x: x[0] >= 1
    )
    assert verdict.status is Status.UNKNOWN
    assert "every case is a position" in verdict.message


def test_a_measure_that_a_move_does_not_lower_is_caught() -> None:
    honest = _relation(Nim(), 1)
    # a move that may also add a token: play need not end, so nothing is proved
    looping = MoveRelation(
        "nim with a return",
        1,
        honest.valid,
        lambda x, y: z3.Or(honest.move(x, y), y[0] == x[0] + 1),
        honest.terminal,
        honest.measure,
        honest.measure_text,
    )
    verdict = _prove(looping, lambda x: x[0] == 0, "n", Nim())
    assert verdict.status is Status.UNKNOWN
    assert "lowers the measure" in verdict.message
    negative = MoveRelation(
        "nim below zero",
        1,
        lambda x: x[0] >= -1,
        honest.move,
        honest.terminal,
        honest.measure,
        honest.measure_text,
    )
    verdict = _prove(negative, lambda x: x[0] == 0, "n", Nim(), region=honest.valid)
    assert verdict.status is Status.UNKNOWN
    assert "not negative" in verdict.message


def test_wythoffs_quadratic_p_set_is_unknown_never_proved() -> None:
    """Wythoff's P-positions (a, a + k) with a = floor(k * phi), written with integers:
    a < k phi < a + 1 is (2a - k)^2 < 5k^2 (or 2a < k) and 5k^2 < (2a + 2 - k)^2.  Z3's
    nonlinear integer arithmetic does not decide the induction within the time given."""

    def lower(a: Any, b: Any) -> z3.BoolRef:
        k = b - a
        below = z3.Or(2 * a - k < 0, (2 * a - k) * (2 * a - k) < 5 * k * k)
        above = z3.And(2 * a + 2 - k > 0, 5 * k * k < (2 * a + 2 - k) * (2 * a + 2 - k))
        return z3.And(k >= 1, below, above)

    def phi(x: Any) -> z3.BoolRef:
        return z3.Or(z3.And(x[0] == 0, x[1] == 0), lower(x[0], x[1]), lower(x[1], x[0]))

    relation = _relation(Wythoff(), 2)
    checker = _outcome_checker(Wythoff(), "ab", phi)
    for a, b in itertools.product(range(12), repeat=2):  # the formula is right where tried
        assert checker({"a": a, "b": b}), (a, b)
    verdict = _prove(relation, phi, "ab", Wythoff(), timeout_ms=1_000)
    assert verdict.status is Status.UNKNOWN
