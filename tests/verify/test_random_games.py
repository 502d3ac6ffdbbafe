"""The small games for the general theory: graphs, trees, whole sums, search-only Nim."""

import pytest
from hypothesis import given, settings

from grundy.errors import InvalidPositionError
from grundy.games.nim import Nim
from grundy.solve.solver import Solver
from grundy.verify.random_games import (
    GraphGame,
    SearchOnlyNim,
    TreeGame,
    WholeSum,
    born_by,
    first_player_wins,
    graph_games,
    star,
    tree_sum,
)


def test_games_born_by_each_day():
    assert [len(born_by(day)) for day in range(4)] == [1, 2, 4, 16]
    assert len(set(born_by(3))) == 16


def test_stars_have_their_value():
    solver = Solver(TreeGame())
    assert [solver.grundy_value(star(n)) for n in range(6)] == list(range(6))


def test_tree_sum_of_two_equal_stars_is_p():
    assert not first_player_wins(TreeGame(), tree_sum(star(3), star(3)))
    assert first_player_wins(TreeGame(), tree_sum(star(1), star(2)))


def test_whole_sum_is_searched_without_components():
    game = WholeSum((Nim(), Nim()))
    assert game.components(((1,), (2,))) is None
    assert Solver(game).grundy_value(((3,), (5,))) == 6


def test_search_only_nim_agrees_with_nim():
    plain, fast = Solver(SearchOnlyNim()), Solver(Nim())
    for heaps in [(1, 2, 3), (4, 4), (5, 9, 2), (7,)]:
        assert plain.grundy_value(heaps) == fast.grundy_value(heaps)


def test_graph_games_reject_upward_edges():
    with pytest.raises(InvalidPositionError, match="node 1"):
        GraphGame([[], [1]])
    with pytest.raises(InvalidPositionError, match="not in the graph"):
        GraphGame([[]]).from_value(3)


def test_tree_positions_parse_from_nested_lists():
    assert TreeGame().from_value([[], [[]]]) == star(2)
    with pytest.raises(InvalidPositionError):
        TreeGame().from_value(3)


@settings(max_examples=40, deadline=None, database=None)
@given(graph_games(7))
def test_labelling_and_grundy_agree_on_random_graphs(game):
    solver = Solver(game)
    for node in range(len(game.successors)):
        assert (solver.grundy_value(node) == 0) == (not first_player_wins(game, node))
