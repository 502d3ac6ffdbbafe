"""Wythoff's game: moves, the golden-ratio P-positions, notation and CLI errors."""

import pytest

from grundy.errors import InvalidPositionError
from grundy.games import create_game
from grundy.games.wythoff import Wythoff, wythoff_pair
from grundy.solve import Outcome, Solver


def test_moves_from_one_heap_or_both() -> None:
    assert sorted(Wythoff().moves((1, 2))) == [(0, 1), (0, 2), (1, 0), (1, 1)]
    assert list(Wythoff().moves((0, 0))) == []


def test_p_positions_match_wythoffs_formula() -> None:
    # Wythoff (1907): the P-positions are (floor(k phi), floor(k phi^2)) and mirror images.
    solver = Solver(Wythoff())
    size = 40
    derived = {
        (a, b) for a in range(size) for b in range(size) if solver.outcome((a, b)) is Outcome.P
    }
    expected = set()
    for k in range(size):
        low, high = wythoff_pair(k)
        if high < size:
            expected |= {(low, high), (high, low)}
    assert derived == expected


def test_first_pairs_against_a_published_list() -> None:
    # OEIS A000201 (lower Wythoff sequence) and A001950 (upper): 1,3,4,6,8 and 2,5,7,10,13.
    pairs = [wythoff_pair(k) for k in range(1, 6)]
    assert [low for low, _ in pairs] == [1, 3, 4, 6, 8]
    assert [high for _, high in pairs] == [2, 5, 7, 10, 13]


def test_grundy_values_known_small() -> None:
    # Values of Wythoff's game for heaps (0, b) are b: one heap is plain Nim.
    solver = Solver(Wythoff())
    assert [solver.grundy_value((0, b)) for b in range(6)] == list(range(6))
    assert solver.grundy_value((1, 1)) == 2


def test_symmetric_positions_share_a_key_and_parse() -> None:
    game = create_game("wythoff")
    assert game.canonical((5, 3)) == game.canonical((3, 5))
    assert game.parse(["3", "5"]) == (3, 5)
    assert game.to_json((3, 5)) == [3, 5]
    assert list(game.bounded_positions([1, 1])) == [(0, 0), (0, 1), (1, 0), (1, 1)]


@pytest.mark.parametrize("value", [[1], [1, 2, 3], [-1, 2], ["a", 1]])
def test_bad_positions(value: list[object]) -> None:
    with pytest.raises(InvalidPositionError):
        Wythoff().from_value(value)


def test_cli_solve_and_errors(run_cli) -> None:
    data = run_cli("solve", "wythoff", "4", "4", "--json").json()
    assert data["outcome"] == "N"
    assert [m["to"] for m in data["winning_moves"]] == [[0, 0]]
    assert "take 4 from both heaps" in data["winning_moves"][0]["move"]
    bad = run_cli("solve", "wythoff", "1", "2", "3")
    assert bad.code == 2
    assert bad.err.count("\n") == 1 and "Traceback" not in bad.err
    assert "two integers" in bad.err
