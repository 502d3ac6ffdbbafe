"""The discrete beer-can game: rules, symmetry, the mirror strategy, errors."""

import pytest

from grundy import InvalidParameterError, InvalidPositionError, Outcome, Solver, create_game
from grundy.certify.strategy import check_strategy
from grundy.games.beer_can import BeerCan
from grundy.solve.chomp_strategy import beer_can_mirror


def test_placements_and_notation() -> None:
    game = BeerCan(3, 4, 2)
    assert len(game.placements) == 2 * 3
    occupied = game.from_value([0, 1, 4, 5])
    assert game.format(occupied) == "##../##../...."
    assert game.to_json(occupied) == [0, 1, 4, 5]
    described = {text for _, text in game.labelled_moves(occupied)}
    assert described == {"place a can at (1,3)", "place a can at (2,3)"}
    assert game.describe_move(occupied, occupied | game.placements[(0, 2)]) == (
        "place a can at (1,3)"
    )


def test_symmetric_positions_share_a_canonical_form() -> None:
    rectangle = BeerCan(2, 3)
    corners = [rectangle.from_value([cell]) for cell in (0, 2, 3, 5)]
    assert len({rectangle.canonical(c) for c in corners}) == 1
    assert rectangle.canonical(rectangle.from_value([0])) != rectangle.canonical(
        rectangle.from_value([1])
    )
    square = BeerCan(3, 3)
    # On a square board a transposed shape is the same; on a rectangle it is not available.
    assert square.canonical(square.from_value([1])) == square.canonical(square.from_value([3]))
    assert rectangle.reflect(rectangle.from_value([0, 1])) == rectangle.from_value([4, 5])


@pytest.mark.parametrize(("rows", "columns"), [(1, 1), (1, 4), (2, 2), (2, 3), (3, 3)])
def test_single_cells_make_a_game_of_pure_parity(rows: int, columns: int) -> None:
    # Every free cell gets filled, so the game lasts exactly rows * columns moves.
    game = BeerCan(rows, columns, 1)
    expected = Outcome.N if rows * columns % 2 else Outcome.P
    assert Solver(game).outcome(0) is expected


@pytest.mark.parametrize(("rows", "columns", "piece"), [(3, 3, 1), (4, 4, 2), (5, 5, 3), (4, 6, 2)])
def test_the_centre_can_is_a_winning_first_move(rows: int, columns: int, piece: int) -> None:
    game = BeerCan(rows, columns, piece)
    centre = game.centre_placement()
    assert centre is not None
    solver = Solver(game)
    winners = {game.canonical(move.to) for move in solver.winning_moves(0)}
    assert game.canonical(game.placements[centre]) in winners
    assert check_strategy(game, 0, beer_can_mirror(game, centre)).wins


def test_mirroring_fails_without_a_centre_can() -> None:
    game = BeerCan(4, 4, 1)
    assert game.centre_placement() is None
    found = check_strategy(game, 0, beer_can_mirror(game, (1, 1)))
    assert not found.wins and found.failing_line[0] == 0
    assert not check_strategy(game, 0, beer_can_mirror(game, None)).wins


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"rows": 2, "columns": 2, "piece": 3}, "does not fit"),
        ({"rows": 0, "columns": 2}, "positive"),
        ({"rows": 9, "columns": 9}, "64 cells"),
    ],
)
def test_bad_options(options: dict[str, int], words: str) -> None:
    with pytest.raises(InvalidParameterError, match=words):
        create_game("beer-can", options)


def test_bad_cells() -> None:
    game = BeerCan(2, 2)
    with pytest.raises(InvalidPositionError, match="not on the 2x2 board"):
        game.from_value([4])
    with pytest.raises(InvalidPositionError, match="whole numbers"):
        game.from_value([1.5])


def test_cli(run_cli) -> None:
    data = run_cli("solve", "beer-can", "--rows", "3", "--columns", "3", "--json").json()
    assert data["position"] == [] and data["outcome"] == "N"
    text = run_cli("solve", "beer-can", "--rows", "4", "--columns", "4", "--piece", "2")
    assert text.code == 0 and "place a can at (2,2)" in text.out
    bad = run_cli("solve", "beer-can", "--rows", "2", "--columns", "2", "7")
    assert bad.code == 2 and bad.err.count("\n") == 1 and "cell 7" in bad.err
    missing = run_cli("solve", "beer-can", "--rows", "2")
    assert missing.code == 2 and "--columns" in missing.err
