"""Moore's Nim_k against Moore's theorem, and its options."""

import itertools

import pytest

from grundy.errors import InvalidParameterError
from grundy.games import Nim, create_game
from grundy.games.moore_nim import MooreNim, moore_p_position
from grundy.solve import Outcome, Solver


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moores_theorem(k: int) -> None:
    # Moore (1910): P iff each binary digit is 1 in a multiple of k + 1 heaps.
    solver = Solver(MooreNim(k))
    for heaps in itertools.product(range(6), repeat=k + 1):
        assert (solver.outcome(heaps) is Outcome.P) == moore_p_position(heaps, k), heaps


def test_k1_is_nim() -> None:
    moore, nim = Solver(MooreNim(1)), Solver(Nim())
    for heaps in itertools.product(range(5), repeat=3):
        assert moore.grundy_value(heaps) == nim.grundy_value(heaps)


def test_moves_change_up_to_k_heaps() -> None:
    moves = set(MooreNim(2).moves((1, 1, 1)))
    assert (0, 0, 1) in moves and (0, 0, 0) not in moves
    assert MooreNim(2).components((1, 1, 1)) is None


def test_bad_k(run_cli) -> None:
    with pytest.raises(InvalidParameterError):
        MooreNim(0)
    result = run_cli("solve", "moore-nim", "--k", "0", "1", "2")
    assert result.code == 2 and "k >= 1" in result.err and result.err.count("\n") == 1


def test_cli(run_cli) -> None:
    data = run_cli("solve", "moore-nim", "--k", "2", "1", "2", "3", "--json").json()
    assert data["outcome"] == "N"
    assert [m["to"] for m in data["winning_moves"]] == [[1, 1, 1]]
    assert create_game("moore-nim", {"k": 2}).label == "moore-nim --k 2"
