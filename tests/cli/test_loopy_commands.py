"""solve, table and play for games whose moves form cycles: the catalogue's loopy games,
and a user's game in which the finite solver meets a cycle (valued by the loopy theory,
or refused in one line with --finite; never a hang, never a finite value it does not
have)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.cli import main
from tests.solve.cycle_games import write_cycle_games

TWO_CYCLE_WITH_EXIT = "0>1,1>0,1>2,0>3,3>3"  # 0 is D (it can go to the loop at 3)


@pytest.fixture
def cycles(tmp_path: Path) -> str:
    return write_cycle_games(tmp_path)


def test_a_users_game_with_a_cycle_is_valued_by_the_loopy_theory(run_cli, cycles) -> None:
    result = run_cli("solve", "--games", cycles, "ring", "3")
    assert result.code == 0, result.err
    assert "form a cycle" in result.out
    assert "Loopy value: *2" in result.out and "Outcome: N" in result.out
    assert "the heap 3 -> 0" in result.out
    drawn = run_cli("solve", "--games", cycles, "up-down", "3", "--json")
    assert drawn.code == 0, drawn.err
    data = drawn.json()
    assert (data["outcome"], data["grundy"], data["loopy_value"]) == ("D", None, "∞{}")
    assert {move["to"][0] for move in data["drawing_moves"]} == {1, 2}


@pytest.mark.parametrize("command", [["solve", "ring", "3"], ["table", "ring", "--max", "3"]])
def test_finite_refuses_a_cycle_in_one_line(run_cli, cycles, command) -> None:
    result = run_cli(command[0], "--games", cycles, *command[1:], "--finite")
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1
    assert "reached from itself" in result.err and "--finite" in result.err


def test_finite_changes_nothing_for_a_game_without_cycles(run_cli) -> None:
    plain, finite = (
        run_cli("solve", "nim", "3", "4", "5"),
        run_cli("solve", "nim", "3", "4", "5", "--finite"),
    )
    assert plain.code == finite.code == 0 and plain.out == finite.out


def test_certificates_are_refused_for_a_loopy_game_and_misere_gives_outcomes(
    run_cli, cycles, tmp_path
) -> None:
    misere = run_cli("solve", "--games", cycles, "ring", "3", "--misere")
    assert misere.code == 0 and "Outcome: D" in misere.out  # 3 -> 0 would hand over the win
    assert "not defined in misère play" in misere.out
    certificate = run_cli(
        "solve", "digraph", "--edges", "0>1,1>0", "0", "--certificate", str(tmp_path / "c.json")
    )
    assert certificate.code == 2 and "finite Grundy values only" in certificate.err


def test_table_of_a_catalogue_loopy_game(run_cli) -> None:
    result = run_cli("table", "digraph", "--edges", TWO_CYCLE_WITH_EXIT, "--max", "3", "--json")
    assert result.code == 0, result.err
    rows = {
        row["position"][0]: (row["loopy_value"], row["outcome"]) for row in result.json()["rows"]
    }
    # 2 is terminal (0); 3 loops for ever (∞{}); 1 can end at 2, so it is N, but not *1:
    # its move to 0 cannot be answered back to a value 1, so it is ∞{0}; 0 can go round
    # the loop at 3 for ever, and its options 1 and 3 are both infinite: ∞{}, a draw.
    assert rows == {0: ("∞{}", "D"), 1: ("∞{0}", "N"), 2: ("0", "P"), 3: ("∞{}", "D")}


def play(words: list[str], typed: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", *words], stdout=out, stderr=err)
    return code, out.getvalue() + err.getvalue()


def test_play_keeps_the_draw_and_ends_a_repetition(monkeypatch) -> None:
    code, text = play(
        ["digraph", "--edges", TWO_CYCLE_WITH_EXIT, "0", "--first", "computer"],
        "1\n1\n1\n",
        monkeypatch,
    )
    assert code == 0, text
    assert "cannot win from here: it keeps the draw" in text
    assert "Computer: slide the token at 0 to 3" in text  # not to 1, which loses
    assert "the game is drawn" in text


def test_play_draw_proposals(monkeypatch) -> None:
    agreed = play(["digraph", "--edges", TWO_CYCLE_WITH_EXIT, "0"], "draw\n", monkeypatch)
    assert agreed[0] == 0 and "The computer agrees" in agreed[1]
    # 0 -> 1 -> 0 with a way out 1 -> 2: 0 is a P-position, so the computer, which wins
    # from there, declines
    declined = play(["digraph", "--edges", "0>1,1>0,1>2", "0"], "draw\nquit\n", monkeypatch)
    assert "The computer declines" in declined[1] and "You resign" in declined[1]


def test_play_wins_through_the_cycles_of_a_users_game(cycles) -> None:
    # From 1 (N) the computer moves to 2 (P); the user's only move is back round the ring
    # to 3, whence the computer empties the heap and wins.  A user's game is played in a
    # child process that writes to the real terminal, so grundy runs as its own process.
    words = ["play", "--games", cycles, "ring", "1", "--first", "computer"]
    done = subprocess.run(
        [sys.executable, "-m", "grundy", *words],
        input="3\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "You lose." in done.stdout


def test_play_with_finite_refuses_a_cycle(monkeypatch, cycles) -> None:
    code, text = play(["--games", cycles, "ring", "1", "--finite"], "", monkeypatch)
    assert code == 2 and "--finite" in text and "reached from itself" in text


def test_a_game_that_grows_for_ever_stops_at_a_limit_in_one_line(run_cli, cycles) -> None:
    # Before the loopy theory this was refused at once as a cycle; the loopy search lists
    # ever larger positions, and must stop at its limit on their parts, not run for ever.
    result = run_cli("solve", "--games", cycles, "grow", "3")
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and "parts in all" in result.err


def test_table_grid_of_a_loopy_game(run_cli) -> None:
    result = run_cli("table", "digraph", "--edges", "0>0,0>1", "--max", "1", "1", "--grid")
    assert result.code == 0, result.err
    # a pass or the end (∞{0}) plus itself is a draw ∞{}; plus the end (0) it stays ∞{0}
    assert result.out.splitlines()[1:] == [
        "a\\b    0    1",
        "  0  ∞{} ∞{0}",
        "  1 ∞{0}    0",
    ]


def test_finite_on_a_loopy_catalogue_game_refuses_only_a_cycle_met(run_cli) -> None:
    acyclic = run_cli("solve", "digraph", "--edges", "0>1", "0", "--finite")
    assert acyclic.code == 0 and "Grundy value: *1" in acyclic.out
    cyclic = run_cli("solve", "digraph", "--edges", "0>1,1>0", "0", "--finite")
    assert cyclic.code == 2 and "reached from itself" in cyclic.err


@pytest.mark.parametrize("words", [["fair-shares", "44"], ["--games", "CYCLES", "grow", "3"]])
def test_the_time_budget_covers_the_loopy_search(run_cli, cycles, words) -> None:
    words = [cycles if word == "CYCLES" else word for word in words]
    result = run_cli("solve", *words, "--seconds", "0.3")
    assert result.code == 2 and "time budget of 0.3 s" in result.err


def test_a_loopy_games_json_has_the_same_keys_as_any_other_game(run_cli) -> None:
    # A reader of the JSON should not need to know whether a game has cycles: both solve
    # and table carry `assumes` (empty: the loopy theory reads no misère quotient).
    loopy = run_cli("solve", "digraph", "--edges", TWO_CYCLE_WITH_EXIT, "0", "--json").json()
    finite = run_cli("solve", "nim", "3", "4", "--json").json()
    assert loopy["assumes"] == [] and set(finite) <= set(loopy)
    table = run_cli("table", "digraph", "--edges", TWO_CYCLE_WITH_EXIT, "--max", "3", "--json")
    finite_table = run_cli("table", "nim", "--max", "3", "--json").json()
    assert table.json()["assumes"] == [] and set(finite_table) <= set(table.json())


def test_declined_draw_proposals_do_not_count_as_repetitions(monkeypatch) -> None:
    # 0 is a P-position for the user: the computer declines every proposal, and asking
    # again and again is not the position coming back (it once ended the game as a draw)
    code, text = play(
        ["digraph", "--edges", "0>1,1>0,1>2", "0"], "draw\ndraw\ndraw\ndraw\nquit\n", monkeypatch
    )
    assert code == 0, text
    assert text.count("The computer declines") == 4
    assert "the game is drawn" not in text and "You resign" in text
