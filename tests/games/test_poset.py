"""Poset games: relations, moves, errors, and Chomp as a poset game."""

import pytest

from grundy import InvalidParameterError, InvalidPositionError, Solver, create_game
from grundy.games.chomp import Chomp
from grundy.games.poset import PosetGame, parse_relations


def test_relations_are_closed_transitively() -> None:
    game = PosetGame("1<2, 2<3, 7")
    assert game.elements == (1, 2, 3, 7)
    assert game.less_or_equal(1, 3) and not game.less_or_equal(3, 1)
    assert not game.less_or_equal(1, 7)
    assert parse_relations("4<5") == ((4, 5), [(4, 5)])


def test_a_move_removes_the_element_and_everything_above_it() -> None:
    game = PosetGame("1<2,1<3,2<4")
    options = dict((text, option) for option, text in game.labelled_moves((1, 2, 3, 4)))
    assert options == {"take 1": (), "take 2": (1, 3), "take 3": (1, 2, 4), "take 4": (1, 2, 3)}
    assert game.describe_move((1, 2, 3, 4), (1, 3)) == "take 2"


@pytest.mark.parametrize("size", range(1, 7))
def test_chains_are_nim_heaps_and_antichains_are_heaps_of_one(size: int) -> None:
    chain = PosetGame(",".join(f"{i}<{i + 1}" for i in range(size - 1)) or "0")
    assert Solver(chain).grundy_value(chain.elements) == size
    antichain = PosetGame(",".join(str(i) for i in range(size)))
    assert Solver(antichain).grundy_value(antichain.elements) == size % 2


def _chomp_as_poset(height: int, width: int) -> PosetGame:
    """The product of a height-chain and a width-chain without its least element."""

    def label(row: int, column: int) -> int:
        return row * width + column

    relations = []
    for row in range(height):
        for column in range(width):
            if (row, column) == (0, 0):
                continue
            if row + 1 < height:
                relations.append(f"{label(row, column)}<{label(row + 1, column)}")
            if column + 1 < width:
                relations.append(f"{label(row, column)}<{label(row, column + 1)}")
            relations.append(str(label(row, column)))
    return PosetGame(",".join(relations))


@pytest.mark.parametrize(("height", "width"), [(2, 2), (3, 4), (4, 3), (1, 5)])
def test_chomp_is_the_poset_game_on_two_chains_minus_the_poison(height: int, width: int) -> None:
    chomp, poset = Chomp(), _chomp_as_poset(height, width)
    chomp_solver, poset_solver = Solver(chomp, use_engines=False), Solver(poset)
    for rows in chomp.bounded_positions([width] * height):
        squares = [r * width + c for r, length in enumerate(rows) for c in range(length)]
        remaining = tuple(s for s in squares if s != 0)
        assert chomp_solver.grundy_value(rows) == poset_solver.grundy_value(remaining), rows


@pytest.mark.parametrize(
    ("relations", "words"),
    [
        ("1<2,2<1", "cycle"),
        ("1<1", "below itself"),
        ("a<b", "whole numbers"),
        ("1<2<3", "one relation"),
        ("", "at least one element"),
    ],
)
def test_bad_relations(relations: str, words: str) -> None:
    with pytest.raises(InvalidParameterError, match=words):
        PosetGame(relations)


def test_bad_positions() -> None:
    game = PosetGame("1<2")
    with pytest.raises(InvalidPositionError, match="not an element"):
        game.from_value([3])
    with pytest.raises(InvalidPositionError, match="whole numbers"):
        game.from_value(["x"])
    assert game.from_value([2, 1, 2]) == (1, 2)


def test_cli_solves_the_whole_poset(run_cli) -> None:
    data = run_cli("solve", "poset", "--relations", "1<2,1<3,2<4", "all", "--json").json()
    assert data["position"] == [1, 2, 3, 4]
    assert data["outcome"] == "N"
    assert [m["to"] for m in data["winning_moves"]] == [[]]  # take the least element
    text = run_cli("solve", "poset", "--relations", "1<2,3", "1", "2", "3")
    assert text.code == 0 and "take" in text.out
    assert create_game("poset", {"relations": "1<2"}).label == "poset --relations 1<2"


@pytest.mark.parametrize(
    "words",
    [
        ("solve", "poset", "--relations", "1<2,2<1", "1"),
        ("solve", "poset", "--relations", "1<2", "5"),
        ("solve", "poset", "1"),
    ],
)
def test_bad_input_through_the_cli(run_cli, words: tuple[str, ...]) -> None:
    result = run_cli(*words)
    assert result.code == 2
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
