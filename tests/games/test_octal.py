"""Octal games from their code: parsing, rules, aliases, solving through the CLI."""

import pytest

from grundy.errors import InvalidParameterError
from grundy.games import create_game
from grundy.games.octal import OctalGame, parse_octal_code
from grundy.solve import Solver


@pytest.mark.parametrize(
    ("code", "digits"),
    [
        ("0.77", (0, 7, 7)),
        (".07", (0, 0, 7)),
        ("0.137", (0, 1, 3, 7)),
        ("4.726", (4, 7, 2, 6)),
        ("0.F1", (0, 15, 1)),
        ("0.700", (0, 7)),
        ("c.0", (12,)),
    ],
)
def test_codes_parse(code: str, digits: tuple[int, ...]) -> None:
    assert parse_octal_code(code) == digits


@pytest.mark.parametrize("code", ["", "77", "0.7x", "0.7.7", "1.7", "2.07", "3.1", "g.1", "0,77"])
def test_bad_codes_are_rejected(code: str) -> None:
    with pytest.raises(InvalidParameterError, match="octal code"):
        OctalGame(code)


def test_equal_rules_are_equal_games() -> None:
    assert OctalGame("0.770") == OctalGame("0.77") == create_game("kayles")
    assert create_game("octal", {"code": "0.07"}) == create_game("dawsons-kayles")
    assert create_game("dawsons-chess").label == "octal --code 0.137"


def test_kayles_moves_from_a_row_of_five() -> None:
    options = set(OctalGame("0.77").heap_options(5))
    # one pin: 4, or (1,3), (2,2); two pins: 3, or (1,2)
    assert options == {(4,), (1, 3), (2, 2), (3,), (1, 2)}


def test_take_all_only_from_an_exact_heap() -> None:
    game = OctalGame("0.1")  # remove one token, only from a heap of exactly one
    assert list(game.heap_options(1)) == [()]
    assert list(game.heap_options(2)) == []


def test_digit_before_the_point_splits_without_taking() -> None:
    game = OctalGame("4.0")
    assert set(game.heap_options(4)) == {(1, 3), (2, 2)}
    assert game.max_take == 0


def test_move_descriptions(run_cli) -> None:
    text = run_cli("solve", "octal", "--code", "4.726", "6").out
    assert "split the heap (6 -> 3 + 3), leaving (3,3)" in text
    text = run_cli("solve", "kayles", "4", "2").out
    assert "take 2 from heap 1 (4 -> 2)" in text


def test_hex_digit_leaves_three_heaps() -> None:
    game = OctalGame("0.8")  # remove one token and leave exactly three heaps
    assert set(game.heap_options(5)) == {(1, 1, 2)}
    assert game.max_heaps_left == 3
    assert OctalGame("0.77").max_heaps_left == 2


def test_dawsons_chess_is_dawsons_kayles_shifted() -> None:
    # 0.137 on n tokens plays like 0.07 on n + 1 (Winning Ways, ch. 4): a derived check.
    chess, kayles = Solver(create_game("dawsons-chess")), Solver(create_game("dawsons-kayles"))
    assert [chess.grundy_value((n,)) for n in range(25)] == [
        kayles.grundy_value((n + 1,)) for n in range(25)
    ]


def test_solve_kayles_position(run_cli) -> None:
    data = run_cli("solve", "kayles", "3", "4", "--json").json()
    assert data["grundy"] == 3 ^ 1  # G(3) = 3, G(4) = 1
    assert data["outcome"] == "N"
    assert all(
        Solver(create_game("kayles")).grundy_value(tuple(m["to"])) == 0
        for m in data["winning_moves"]
    )


def test_octal_needs_a_code_through_the_cli(run_cli) -> None:
    result = run_cli("solve", "octal", "5")
    assert result.code == 2
    assert "--code" in result.err and result.err.count("\n") == 1
    assert "Traceback" not in result.err


def test_bad_code_through_the_cli(run_cli) -> None:
    result = run_cli("solve", "octal", "--code", "1.5", "5")
    assert result.code == 2
    assert "digit before the point" in result.err and result.err.count("\n") == 1


def test_misere_kayles(run_cli) -> None:
    data = run_cli("solve", "kayles", "1", "--misere", "--json").json()
    assert data["outcome"] == "P"  # taking the only pin loses in misere play
