"""A sum's positions: checked into the tuple form the solver plays (issue #29 follow-up)."""

import pytest

from grundy import Nim, Play, Solver, SubtractionGame, SumGame
from grundy.errors import InvalidPositionError


def _game() -> SumGame:
    return SumGame((Nim(), SubtractionGame([1, 2])))


def test_check_position_makes_lists_tuples() -> None:
    game = _game()
    checked = game.check_position([[1, 2], [4]])
    assert checked == ((1, 2), (4,))
    assert type(checked) is tuple and all(type(part) is tuple for part in checked)
    assert game.check_position(((1, 2), (4,))) == ((1, 2), (4,))


def test_a_sum_position_given_as_lists_is_solved() -> None:
    game = _game()
    position = game.check_position([[1, 2], [4]])
    solver = Solver(game)
    # G = (1 xor 2) xor G_{1,2}(4) = 3 xor 1 = 2, as the parts' own values give
    expected = 1 ^ 2 ^ Solver(SubtractionGame([1, 2])).grundy_value((4,))
    assert solver.grundy_value(position) == expected == 2
    assert solver.outcome(position, Play.MISERE) is solver.outcome(((1, 2), (4,)), Play.MISERE)
    for move in solver.winning_moves(position):
        assert solver.grundy_value(move.to) == 0


@pytest.mark.parametrize("bad", [[[1]], [[1], [2], [3]], 5, [[1], [-1]], [[1], "x"]])
def test_check_position_refuses_what_is_not_a_position(bad: object) -> None:
    with pytest.raises(InvalidPositionError):
        _game().check_position(bad)
