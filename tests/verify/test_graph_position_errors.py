"""A graph position outside the graph is rejected with the range of node numbers that
are in it, so the user can see which positions are valid."""

import pytest

from grundy.errors import InvalidPositionError
from grundy.verify.random_games import GraphGame


@pytest.mark.parametrize(
    ("successors", "value", "valid"),
    [
        ([[], [0], [0, 1]], 3, "0..2"),  # one past the top node
        ([[], [0], [0, 1]], -1, "0..2"),
        ([[]], 1, "0..0"),  # a graph of one node has only node 0
    ],
)
def test_an_unknown_node_is_rejected_with_the_valid_range(successors, value, valid):
    game = GraphGame(successors)
    with pytest.raises(InvalidPositionError) as error:
        game.from_value(value)
    assert f"node {value} is not in the graph (nodes {valid})" in str(error.value)
    # the range is right: its last node is a valid position, and the next one is not
    last = int(valid.split("..")[1])
    assert game.from_value(last) == last
    assert last == len(successors) - 1


def test_a_non_number_is_not_a_node():
    with pytest.raises(InvalidPositionError, match="node number"):
        GraphGame([[]]).from_value(True)
