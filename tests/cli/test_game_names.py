"""Naming a game on the command line: help before a game is named, octal codes as names,
and headers that repeat the name the user typed."""

from __future__ import annotations

import re

import pytest

from grundy.games import catalogue, create_game
from grundy.solve import Solver


@pytest.mark.parametrize("command", ["solve", "sequence", "table", "play", "quotient"])
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_without_a_game_lists_every_game_and_its_options(run_cli, command, flag):
    result = run_cli(command, flag)
    assert result.code == 0 and result.err == ""
    assert result.out.startswith(f"usage: grundy {command} GAME")
    listed = [line.split()[0] for line in result.out.splitlines() if line.startswith("  ")]
    for entry in catalogue():
        assert entry.name in listed
        for param in entry.params:
            assert f"{param.flag} {param.metavar}:" in result.out
    assert "0.77" in result.out  # octal codes are names too


def test_help_of_one_game_shows_its_options(run_cli):
    result = run_cli("solve", "subtraction", "--help")
    assert result.code == 0
    assert "--set" in result.out and "--misere" in result.out


@pytest.mark.parametrize("command", ["solve", "sequence", "table"])
def test_no_game_is_one_line_and_exit_2(run_cli, command):
    result = run_cli(command)
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and f"grundy {command} --help" in result.err


@pytest.mark.parametrize(("code", "heap"), [("0.77", 10), ("4.07", 10), (".137", 9), ("0.8", 4)])
def test_an_octal_code_is_a_game_name(run_cli, code, heap):
    result = run_cli("solve", code, str(heap), "--json")
    assert result.code == 0
    data = result.json()
    assert data["game"] == "octal"
    expected = Solver(create_game("octal", {"code": code})).grundy_value((heap,))
    assert data["grundy"] == expected
    typed = run_cli("solve", code, str(heap))
    assert typed.out.splitlines()[0] == f"{code}, position ({heap}), normal play"


def test_octal_code_name_matches_the_option_form(run_cli):
    by_name = run_cli("sequence", "0.77", "--upto", "40", "--json").json()
    by_option = run_cli("sequence", "octal", "--code", "0.77", "--upto", "40", "--json").json()
    assert by_name["values"] == by_option["values"]
    assert run_cli("sequence", "0.77", "--upto", "3").out.startswith(
        "Grundy values G(0..3) of 0.77"
    )


def test_a_bad_octal_code_is_explained(run_cli):
    result = run_cli("solve", "0.1x", "3")
    assert result.code == 2 and "octal code" in result.err and result.err.count("\n") == 1
    result = run_cli("solve", "0.77", "--code", "0.07", "3")
    assert result.code == 2  # the name fixes the code


@pytest.mark.parametrize(
    ("words", "header"),
    [
        (("solve", "kayles", "10"), "kayles, position (10), normal play"),
        (("solve", "take-away", "5"), "take-away, position (5), normal play"),
        (("solve", "subtraction", "--set", "3,1", "5"), "subtraction --set 1,3, position (5)"),
        (("sequence", "dawsons-kayles", "--upto", "3"), "Grundy values G(0..3) of dawsons-kayles"),
        (("table", "take-away", "--max", "3"), "take-away, normal play, 4 positions"),
    ],
)
def test_headers_use_the_name_the_user_typed(run_cli, words, header):
    result = run_cli(*words)
    assert result.code == 0
    assert result.out.splitlines()[0].startswith(header)


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_games_help_fits_the_width(width):
    from grundy.cli.common import games_help

    text = games_help("table", width)
    assert max(len(line) for line in text.splitlines()) <= width
    assert "--grid" in text and "--certificate FILE" in text


@pytest.mark.parametrize("command", ["solve", "sequence", "table", "play", "quotient"])
def test_help_without_a_game_names_every_option_of_the_command(run_cli, command):
    one_game = run_cli(command, "nim", "--help").out
    options = set(re.findall(r"\[(--[a-z-]+)", one_game.split("\n\n")[0]))
    options |= set(re.findall(r"^usage:.* (--[a-z-]+) [A-Z]", one_game, re.MULTILINE))
    options.discard("--help")
    general = run_cli(command, "--help").out.split("\n\n")[0]
    assert options and {option for option in options if option not in general} == set()
