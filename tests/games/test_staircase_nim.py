"""Staircase Nim: the moves by hand, and the solver's outcomes against the odd-steps theorem.

The oracle: a Staircase Nim position is P exactly when the nim-sum of the coins on the
odd-numbered steps (1, 3, 5, ...) is 0.  Sources: E. R. Berlekamp, J. H. Conway and
R. K. Guy, Winning Ways for your Mathematical Plays (staircase Nim); T. S. Ferguson, Game
Theory, Part I (Impartial Combinatorial Games), exercises on Staircase Nim.  The solver
derives every value from the moves alone; the theorem is only compared with it.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import pytest

from grundy.errors import InvalidPositionError
from grundy.games.catalogue import create_game
from grundy.games.staircase_nim import StaircaseNim
from grundy.solve import Outcome, Solver

GAME = StaircaseNim()


def odd_steps_nim_sum(position: tuple[int, ...]) -> int:
    total = 0
    for coins in position[0::2]:  # steps 1, 3, 5, ... are indices 0, 2, 4, ...
        total ^= coins
    return total


def test_moves_by_hand() -> None:
    # step 1 to the ground, step 2 down to step 1
    assert sorted(GAME.moves((1, 2))) == [(0, 2), (2, 1), (3, 0)]
    assert sorted(GAME.moves((0, 0, 1))) == [(0, 1, 0)]
    assert sorted(GAME.moves((2,))) == [(0,), (1,)]  # one step is one Nim heap
    assert list(GAME.moves(())) == [] and list(GAME.moves((0, 0))) == []


def test_moves_are_described_in_words() -> None:
    labelled = dict(GAME.labelled_moves((1, 2)))
    assert labelled[(3, 0)] == "move 2 coins from step 2 to step 1"
    assert labelled[(0, 2)] == "move 1 coin from step 1 off the staircase"
    for option, text in labelled.items():
        assert GAME.describe_move((1, 2), option) == text


def test_empty_top_steps_are_one_position() -> None:
    assert GAME.canonical((3, 0, 0)) == GAME.canonical((3,)) == (3,)
    assert GAME.canonical((0, 0)) == ()
    assert GAME.canonical((0, 2)) == (0, 2)  # an empty bottom step matters


@cache
def searched_outcome(position: tuple[int, ...]) -> str:
    """P or N from the moves alone, with no canonical form and no memo of the solver's."""
    return "N" if any(searched_outcome(o) == "P" for o in GAME.moves(position)) else "P"


def test_the_solver_agrees_with_a_plain_search() -> None:
    solver = Solver(GAME)
    for position in itertools.product(range(4), repeat=3):
        assert solver.outcome(position).value == searched_outcome(position), position


@pytest.mark.parametrize("steps, most", [(1, 9), (2, 7), (3, 5), (4, 4), (5, 2)])
def test_p_exactly_when_the_odd_steps_nim_sum_to_zero(steps: int, most: int) -> None:
    solver = Solver(GAME, plain=True)  # outcomes from the rules alone
    for position in itertools.product(range(most + 1), repeat=steps):
        expected = Outcome.P if odd_steps_nim_sum(position) == 0 else Outcome.N
        assert solver.outcome(position) is expected, position


def test_a_winning_move_leaves_odd_steps_of_nim_sum_zero() -> None:
    solver = Solver(GAME)
    for position in itertools.product(range(4), repeat=4):
        for move in solver.winning_moves(position):
            assert odd_steps_nim_sum(move.to) == 0, (position, move.to)


def test_positions_are_read_and_written_as_lists() -> None:
    game = create_game("staircase-nim")
    assert game.from_value([3, 0, 2]) == (3, 0, 2)
    assert game.from_value(4) == (4,)
    assert game.start() == ()
    assert game.to_json((1, 2)) == [1, 2] and game.format((1, 2)) == "(1,2)"
    assert game.parse(["1", "0", "2"]) == (1, 0, 2)


@pytest.mark.parametrize("value", [[1, -1], [1.5], "3", [True], {"steps": [1]}])
def test_bad_positions_are_refused(value: Any) -> None:
    with pytest.raises(InvalidPositionError):
        GAME.from_value(value)
