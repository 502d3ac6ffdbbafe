"""The command line for large graphs (--edges-file) and for loopy games in misère play
(--misere on solve and table: outcomes only, no values; play refuses it in one line)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grundy.cli import common
from tests.solve.cycle_games import write_cycle_games
from tests.solve.loopy_oracles import misere_fixpoint_outcomes

EDGES = "0>1,1>2,2>0,2>3"  # a ring 0 -> 1 -> 2 -> 0 with a way out at 2 to 3


def graph_file(tmp_path: Path, text: str, name: str = "g.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_edges_from_a_file_give_what_the_same_edges_typed_give(run_cli, tmp_path) -> None:
    path = graph_file(tmp_path, "0>1,\n1>2\n2>0, 2>3\n")  # line breaks separate like commas
    typed = run_cli("table", "digraph", "--edges", EDGES, "--max", "3")
    read = run_cli("table", "digraph", "--edges-file", path, "--max", "3")
    assert typed.code == read.code == 0
    assert read.out.splitlines()[0] == f"digraph --edges-file {path}, normal play, 4 positions"
    assert read.out.splitlines()[1:] == typed.out.splitlines()[1:]
    as_json = run_cli("solve", "digraph", "--edges-file", path, "0", "--json")
    assert as_json.code == 0 and '"edges": "0>1,1>2,2>0,2>3"' in as_json.out


def test_edges_from_a_file_are_refused_in_one_line(run_cli, tmp_path) -> None:
    def refused(*words: str) -> str:
        result = run_cli("solve", "digraph", *words, "0")
        assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
        return result.err

    assert "cannot read it" in refused("--edges-file", str(tmp_path / "missing.txt"))
    assert "folder" in refused("--edges-file", str(tmp_path))
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert "FIFO" in refused("--edges-file", str(fifo))  # refused without blocking on it
    binary = tmp_path / "b.txt"
    binary.write_bytes(b"0>1,\xff")
    assert "not UTF-8" in refused("--edges-file", str(binary))
    assert "not both" in refused("--edges", EDGES, "--edges-file", graph_file(tmp_path, EDGES))
    assert "FROM>TO" in refused("--edges-file", graph_file(tmp_path, "0>1,1>x", "bad.txt"))


def test_an_edges_file_is_bounded_in_bytes(run_cli, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(common, "PARAM_FILE_BYTES", 16)
    path = graph_file(tmp_path, "0>1,1>2,2>3,3>4,4>5")
    result = run_cli("solve", "digraph", "--edges-file", path, "0")
    assert result.code == 2 and "larger than 16 bytes" in result.err
    assert (
        run_cli("solve", "digraph", "--edges-file", graph_file(tmp_path, "0>1", "s"), "0").code == 0
    )


def test_a_graph_read_from_a_file_is_named_by_its_file_in_messages(run_cli, tmp_path) -> None:
    text = ",".join(f"{v}>{v + 1}" for v in range(3001))
    path = graph_file(tmp_path, text)
    result = run_cli("solve", "digraph", "--edges-file", path, "0")
    assert result.code == 0 and result.out.startswith(f"digraph --edges-file {path}, position (0)")
    assert "Loopy value: *1" in result.out  # 3001 moves to the end: the mover at 0 wins
    off = run_cli("solve", "digraph", "--edges-file", path, "5000")
    assert off.code == 2 and "not a vertex" in off.err and len(off.err) < 300


# -- misère play ----------------------------------------------------------------------------


def test_solve_and_table_give_misere_outcomes_and_no_value(run_cli) -> None:
    table = run_cli("table", "digraph", "--edges", EDGES, "--max", "3", "--misere")
    assert table.code == 0
    rows = [line.split() for line in table.out.splitlines()[2:]]
    assert table.out.splitlines()[1].split() == ["position", "outcome"]
    # the oracle on the same graph: 3 ends the game (its mover wins), and no one leaves
    # the ring towards 3, so 0, 1, 2 are drawn
    assert [row[1] for row in rows] == misere_fixpoint_outcomes([[1], [2], [0, 3], []])
    solve = run_cli("solve", "digraph", "--edges", EDGES, "2", "--misere")
    assert solve.code == 0 and "Loopy value: not defined in misère play" in solve.out
    assert "Outcome: D" in solve.out and "slide the token at 2 to 0" in solve.out
    normal = run_cli("solve", "digraph", "--edges", EDGES, "2")
    assert "Outcome: N" in normal.out  # normal play: 2 moves to 3 and wins


def test_misere_json_has_no_value(run_cli) -> None:
    import json

    result = run_cli("solve", "digraph", "--edges", "0>1", "0", "--misere", "--json")
    data = json.loads(result.out)
    assert data["outcome"] == "P" and data["grundy"] is None and data["loopy_value"] is None
    table = json.loads(
        run_cli("table", "digraph", "--edges", "0>1", "--max", "1", "--misere", "--json").out
    )
    assert [(r["outcome"], r["loopy_value"]) for r in table["rows"]] == [("P", None), ("N", None)]


def test_a_users_loopy_game_in_misere_play(run_cli, tmp_path) -> None:
    cycles = write_cycle_games(tmp_path)
    table = run_cli("table", "--games", cycles, "ring", "--max", "3", "--misere")
    assert table.code == 0 and "cycle" in table.out
    # 0 ends the game (its mover wins); 3 -> 0 would hand that win over, so the ring goes on
    assert [line.split()[-1] for line in table.out.splitlines()[-4:]] == ["N", "D", "D", "D"]


@pytest.mark.parametrize("game", [["digraph", "--edges", EDGES, "0"], ["fair-shares", "9", "2"]])
def test_play_refuses_misere_play_of_a_loopy_game_in_one_line(run_cli, game) -> None:
    result = run_cli("play", *game, "--misere")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "misère play is not implemented" in result.err and "raised" not in result.err
