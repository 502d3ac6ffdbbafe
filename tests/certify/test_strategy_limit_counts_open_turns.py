"""The strategy checker's position limit counts every turn it examines, including those
still open on the line being walked, not only the ones already settled."""

from __future__ import annotations

import pytest

from grundy.certify.strategy import check_strategy
from grundy.errors import SearchLimitError
from grundy.games.subtraction import SubtractionGame


def _take_one(heaps):
    return (heaps[0] - 1,)


def test_a_long_line_cannot_run_past_the_limit():
    # taking one chip from 99 is a single line of 50 turns of the strategy's player
    game = SubtractionGame([1])
    assert check_strategy(game, (99,), _take_one, position_limit=50).positions_checked == 50
    with pytest.raises(SearchLimitError, match="more than 49 positions"):
        check_strategy(game, (99,), _take_one, position_limit=49)


def test_a_limit_of_zero_refuses_the_first_turn():
    with pytest.raises(SearchLimitError, match="more than 0 positions"):
        check_strategy(SubtractionGame([1]), (1,), _take_one, position_limit=0)
