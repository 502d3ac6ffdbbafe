"""Gale's Nim, read as Nim that stops once at most n heaps are non-empty."""

import itertools

import pytest

from grundy.errors import InvalidParameterError, InvalidPositionError
from grundy.games import Nim
from grundy.games.gale_nim import GaleNim
from grundy.solve import Outcome, Solver


def test_over_positions_have_no_moves() -> None:
    game = GaleNim(n=1)
    assert list(game.moves((0, 5, 0))) == []
    assert len(list(game.moves((1, 2)))) == 3


def test_n0_is_nim() -> None:
    gale, nim = Solver(GaleNim(n=0)), Solver(Nim())
    for heaps in itertools.product(range(5), repeat=3):
        assert gale.grundy_value(heaps) == nim.grundy_value(heaps)


def test_two_heaps_stopping_at_one() -> None:
    # T. Plambeck on the math-fun list (April 2004), answering Gale's 4-pile question: with
    # two non-empty heaps the value is ((a - 1) xor (b - 1)) + 1.
    solver = Solver(GaleNim(n=1))
    for a, b in itertools.product(range(1, 9), repeat=2):
        assert solver.grundy_value((a, b)) == ((a - 1) ^ (b - 1)) + 1


def test_three_heap_p_positions_quoted_by_plambeck() -> None:
    # Same message: (1,1,1), (2,3,4) and (4,6,7) are P-positions; (1,1,t) with t > 1 is N.
    solver = Solver(GaleNim(n=1))
    for heaps in [(1, 1, 1), (2, 3, 4), (4, 6, 7)]:
        assert solver.outcome(heaps) is Outcome.P
    assert all(solver.outcome((1, 1, t)) is Outcome.N for t in range(2, 8))


def test_m_fixes_the_number_of_heaps(run_cli) -> None:
    game = GaleNim(n=1, m=3)
    assert game.from_value([1, 2, 3]) == (1, 2, 3)
    with pytest.raises(InvalidPositionError, match="needs 3 heap sizes"):
        game.from_value([1, 2])
    with pytest.raises(InvalidParameterError):
        GaleNim(n=2, m=2)
    with pytest.raises(InvalidParameterError):
        GaleNim(n=-1)
    result = run_cli("solve", "gale-nim", "--n", "1", "--m", "3", "1", "2")
    assert result.code == 2 and result.err.count("\n") == 1 and "Traceback" not in result.err


def test_cli(run_cli) -> None:
    data = run_cli("solve", "gale-nim", "--n", "1", "2", "3", "5", "--json").json()
    assert data["outcome"] == "N"
    assert [m["to"] for m in data["winning_moves"]] == [[2, 3, 4]]
