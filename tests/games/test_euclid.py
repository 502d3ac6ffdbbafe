"""Euclid's game: moves, the golden-ratio rule, and rejected starts."""

import pytest

from grundy.errors import InvalidPositionError
from grundy.games.euclid import Euclid, euclid_first_player_wins
from grundy.solve import Outcome, Solver


def test_moves_subtract_multiples_of_the_smaller() -> None:
    assert sorted(Euclid().moves((3, 7))) == [(1, 3), (3, 4)]
    assert sorted(Euclid().moves((2, 6))) == [(0, 2), (2, 2), (2, 4)]
    assert list(Euclid().moves((0, 5))) == []  # somebody made a 0: game over


def test_golden_ratio_rule_against_the_solver() -> None:
    # Cole and Davie, "A game based on the Euclidean algorithm" (1969): the player to move
    # wins iff b/a is a whole number or exceeds the golden ratio (a <= b).
    solver = Solver(Euclid())
    for a in range(1, 45):
        for b in range(1, 45):
            wins = solver.outcome((a, b)) is Outcome.N
            assert wins == euclid_first_player_wins(a, b), (a, b)


def test_examples() -> None:
    solver = Solver(Euclid())
    assert solver.outcome((3, 5)) is Outcome.N  # 5/3 > phi
    assert solver.outcome((5, 8)) is Outcome.P  # consecutive Fibonacci numbers
    assert [m.to for m in solver.winning_moves((3, 7))] == [(3, 4)]


def test_scaled_positions_share_a_key() -> None:
    assert Euclid().canonical((6, 4)) == Euclid().canonical((2, 3))


@pytest.mark.parametrize("value", [[0, 3], [3, -1], [3], [1, 2, 3], [1.5, 2]])
def test_bad_starts(value: list[object]) -> None:
    with pytest.raises(InvalidPositionError):
        Euclid().from_value(value)


def test_rule_rejects_non_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        euclid_first_player_wins(0, 3)


def test_cli(run_cli) -> None:
    data = run_cli("solve", "euclid", "3", "7", "--json").json()
    assert data["outcome"] == "N"
    assert data["winning_moves"][0]["to"] == [3, 4]
    bad = run_cli("solve", "euclid", "0", "3")
    assert bad.code == 2
    assert "positive" in bad.err and bad.err.count("\n") == 1
    assert "Traceback" not in bad.err
