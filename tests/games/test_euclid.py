"""Euclid's game: moves, the golden-ratio rule, and rejected starts."""

import pytest

from grundy.errors import InvalidPositionError
from grundy.games.euclid import Euclid, euclid_first_player_wins, euclid_grundy
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
    assert solver.outcome((5, 8)) is Outcome.P  # 8/5 < phi
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


class PlainEuclid(Euclid):
    """The same rules without the chain formula: the plain search."""

    def known_grundy(self, position):  # type: ignore[no-untyped-def]
        return None

    def moves_to_value(self, position, target):  # type: ignore[no-untyped-def]
        return None


def test_chain_formula_matches_the_plain_search() -> None:
    plain = Solver(PlainEuclid())
    for a in range(1, 41):
        for b in range(1, 41):
            assert euclid_grundy(a, b) == plain.grundy_value((a, b)), (a, b)


def test_winning_moves_match_the_plain_search() -> None:
    fast, plain = Solver(Euclid()), Solver(PlainEuclid())
    for a in range(1, 25):
        for b in range(1, 25):
            fast_moves = sorted(m.to for m in fast.winning_moves((a, b)))
            plain_moves = sorted(m.to for m in plain.winning_moves((a, b)))
            assert fast_moves == plain_moves, (a, b)


def test_huge_numbers_at_once() -> None:
    solver = Solver(Euclid())
    big = 10**30
    assert solver.outcome((1, big)) is Outcome.N
    for pair in [(832040, 1346269), (1346269, 2178309)]:  # consecutive Fibonacci numbers
        wins = euclid_first_player_wins(*pair)
        assert (solver.outcome(pair) is Outcome.N) == wins
    assert solver.outcome((10**30, 2 * 10**30 - 1)) is Outcome.N  # ratio just below 2
    assert [m.to for m in solver.winning_moves((1, big))] == [(0, 1)]
