import subprocess
import sys

import pytest


def test_solve_nim_text(run_cli) -> None:
    result = run_cli("solve", "nim", "3", "4", "5")
    assert result.code == 0
    assert "Grundy value: *2" in result.out
    assert "Outcome: N" in result.out
    assert "leaving (1,4,5)" in result.out


def test_solve_nim_json_contract(run_cli) -> None:
    data = run_cli("solve", "nim", "3", "4", "5", "--json").json()
    assert data["game"] == "nim"
    assert data["position"] == [3, 4, 5]
    assert data["play"] == "normal"
    assert data["grundy"] == 2
    assert data["outcome"] == "N"
    assert [m["to"] for m in data["winning_moves"]] == [[1, 4, 5]]
    assert isinstance(data["positions_explored"], int)


def test_twenty_one_chips(run_cli) -> None:
    data = run_cli("solve", "subtraction", "--set", "1,2,3", "21", "--json").json()
    assert data["outcome"] == "N"
    assert [m["to"] for m in data["winning_moves"]] == [[20]]
    assert "take 1" in data["winning_moves"][0]["move"]
    misere = run_cli("solve", "subtraction", "--set", "1,2,3", "21", "--misere", "--json").json()
    assert misere["play"] == "misere"
    assert misere["outcome"] == "P"
    assert misere["grundy"] is None
    assert misere["winning_moves"] == []


def test_take_away_alias(run_cli) -> None:
    assert run_cli("solve", "take-away", "21", "--json").json()["winning_moves"][0]["to"] == [20]


def test_huge_heaps_at_once(run_cli) -> None:
    big = str(2**40)
    data = run_cli("solve", "nim", big, big, "5", "--json").json()
    assert data["grundy"] == 5
    assert data["winning_moves"][0]["to"] == [2**40, 2**40, 0]


def test_sequence(run_cli) -> None:
    data = run_cli("sequence", "subtraction", "--set", "1,2,3", "--upto", "40", "--json").json()
    assert data["values"] == [n % 4 for n in range(41)]
    text = run_cli("sequence", "subtraction", "--set", "1,2,3", "--upto", "12").out
    assert "10:  2  3  0" in text


def test_table_lists_positions_as_written(run_cli) -> None:
    data = run_cli("table", "nim", "--max", "7", "7", "7", "--json").json()
    assert len(data["rows"]) == 8**3
    p_positions = [row["position"] for row in data["rows"] if row["outcome"] == "P"]
    assert all(a ^ b ^ c == 0 for a, b, c in p_positions)
    assert len(p_positions) == 64
    misere = run_cli("table", "nim", "--max", "1", "1", "--misere", "--json").json()
    assert [row["outcome"] for row in misere["rows"]] == ["N", "P", "P", "N"]


def test_games_lists_options(run_cli) -> None:
    data = run_cli("games", "--json").json()
    names = {game["name"]: game for game in data["games"]}
    assert {"nim", "subtraction"} <= set(names)
    assert names["subtraction"]["options"][0]["flag"] == "--set"
    assert "--set" in run_cli("games").out


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (("solve", "nim", "-3"), "non-negative"),
        (("solve", "nim", "2.5"), "whole numbers"),
        (("solve", "nimm", "3"), "unknown game 'nimm' (did you mean nim?)"),
        (("solve", "subtraction", "--set", "", "5"), "--set"),
        (("solve", "subtraction", "--set", "0,2", "5"), "positive integers"),
        (("solve", "subtraction", "--set", "-1", "5"), "positive integers"),
        (("solve", "subtraction", "--sett", "1", "5"), "unrecognized arguments: --sett"),
        (("solve", "subtraction", "5"), "needs option --set"),
        (("sequence", "nim", "--upto", "x"), "--upto"),
        (("sequence", "nim"), "--upto"),
        (("frobnicate",), "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run_cli, words, message) -> None:
    result = run_cli(*words)
    assert result.code == 2
    assert message in result.err
    assert result.err.count("\n") == 1
    assert "Traceback" not in result.err


def test_search_limit_is_a_clear_error(run_cli, monkeypatch) -> None:
    monkeypatch.setattr("grundy.cli.play.POSITION_LIMIT", 100)
    monkeypatch.setattr("grundy.cli.play.SEQUENCE_LOOKUP_LIMIT", 10)  # make it search
    result = run_cli("solve", "subtraction", "--set", "1", "1000")
    assert result.code == 2
    assert "passed 100 positions" in result.err


def test_console_script_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", "nim", "1", "3", "4"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert "leaving (1,2,4)" in done.stdout or "leaving (1,3,2)" in done.stdout


def test_help_goes_to_stdout(run_cli) -> None:
    result = run_cli("--help")
    assert result.code == 0
    assert "solve" in result.out


def test_solve_values_large_heaps_with_the_fast_sequence_engine(run_cli):
    from grundy.games import create_game
    from grundy.solve import Solver

    result = run_cli("solve", "kayles", "300", "--json")
    assert result.code == 0
    data = result.json()
    plain = Solver(create_game("kayles"))  # the search, without the sequence engine
    assert data["grundy"] == plain.grundy_value((300,))
    assert data["winning_moves"]
    assert all(plain.grundy_value(tuple(move["to"])) == 0 for move in data["winning_moves"])


def test_solve_stops_at_the_move_limit_with_one_line(run_cli, monkeypatch):
    from grundy.cli import play

    monkeypatch.setattr(play, "MOVE_LIMIT", 1_000)
    monkeypatch.setattr(play, "SEQUENCE_LOOKUP_LIMIT", 10)
    result = run_cli("solve", "grundys-game", "100000")
    assert result.code == 2
    assert result.err.count("\n") == 1 and "more than 1,000 moves" in result.err


def test_help_says_how_each_game_writes_a_position(run_cli):
    chomp = run_cli("solve", "chomp", "--help")
    assert chomp.code == 0 and "row lengths, non-increasing" in chomp.out
    euclid = run_cli("table", "euclid", "--help")
    assert "two positive integers a b" in euclid.out


@pytest.mark.slow
def test_solve_chomp_beyond_the_position_limit_uses_the_box_engine(run_cli) -> None:
    # 13 x 13: 10,400,600 diagrams, twice the command's position limit; the value 33 and
    # the bite (2,2) are those of bench/chomp_rectangles.md (checked against bench/c)
    data = run_cli("solve", "chomp", *["13"] * 13, "--json").json()
    assert data["grundy"] == 33
    assert [move["move"] for move in data["winning_moves"]] == ["bite (2,2)"]
