"""The strategy checker's position limit: a check that needs N positions passes with a
limit of N, and a mirror check that needs N raises with a limit of N - 1."""

import pytest

from grundy.certify.strategy import check_second_player_strategy, check_strategy
from grundy.errors import SearchLimitError
from grundy.games.nim import Nim
from grundy.games.subtraction import SubtractionGame


def equalise(heaps):
    return (min(heaps), min(heaps))


def to_multiple_of_four(heaps):
    return (heaps[0] - heaps[0] % 4,)


MIRRORS = [
    pytest.param(check_second_player_strategy, Nim(), (1, 1), equalise, id="mirror-1-1"),
    pytest.param(check_second_player_strategy, Nim(), (3, 3), equalise, id="mirror-3-3"),
]
CHECKS = [
    *MIRRORS,
    pytest.param(
        check_strategy, SubtractionGame([1, 2, 3]), (9,), to_multiple_of_four, id="take-away-9"
    ),
]


@pytest.mark.parametrize(("check", "game", "start", "strategy"), CHECKS)
def test_a_limit_of_exactly_the_positions_needed_is_enough(check, game, start, strategy):
    needed = check(game, start, strategy).positions_checked
    assert needed >= 2
    result = check(game, start, strategy, position_limit=needed)
    assert result.wins and result.positions_checked == needed


@pytest.mark.parametrize(("check", "game", "start", "strategy"), MIRRORS)
def test_one_position_fewer_than_a_mirror_check_needs_raises(check, game, start, strategy):
    # The limit counts positions already settled.  In a mirror check from (a, a) the
    # last position the strategy meets comes after every other one is settled, so a
    # limit of one fewer must raise rather than certify more positions than allowed.
    needed = check(game, start, strategy).positions_checked
    with pytest.raises(SearchLimitError, match=f"needs more than {needed - 1} positions"):
        check(game, start, strategy, position_limit=needed - 1)
