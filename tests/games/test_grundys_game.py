"""Grundy's game: rules, the notes' first values, sums."""

from grundy.games import create_game
from grundy.games.grundys_game import GrundysGame
from grundy.solve import Solver
from grundy.solve.sequence import plain_grundy_sequence


def test_only_unequal_splits() -> None:
    game = GrundysGame()
    assert list(game.heap_options(1)) == [] and list(game.heap_options(2)) == []
    assert list(game.heap_options(6)) == [(1, 5), (2, 4)]  # never (3, 3)


def test_first_values_from_seed_001() -> None:
    # Legner (seed 001), "Grundy's Game": 0,0,1,0,2,1,0,2,1,0 for heaps n = 1, 2, ..., 10.
    assert plain_grundy_sequence(GrundysGame(), 10)[1:] == [0, 0, 1, 0, 2, 1, 0, 2, 1, 0]


def test_several_heaps_are_a_sum() -> None:
    solver = Solver(create_game("grundys-game"))
    assert solver.grundy_value((5, 7)) == 2 ^ 0
    assert solver.grundy_value((1, 2, 2)) == 0  # no move at all


def test_solve_through_the_cli(run_cli) -> None:
    data = run_cli("solve", "grundys-game", "7", "--json").json()
    assert data["grundy"] == 0 and data["winning_moves"] == []
    text = run_cli("solve", "grundys-game", "5").out
    assert "split the heap (5 -> 1 + 4)" in text


def test_bad_position(run_cli) -> None:
    result = run_cli("solve", "grundys-game", "-3")
    assert result.code == 2 and result.err.count("\n") == 1
