"""``sequence --period`` in rows of the period, and ``table --grid`` for two-number games."""

from __future__ import annotations

import pytest

from grundy.cli.layout import grid_lines, sequence_lines
from grundy.games import create_game
from grundy.solve import Play, Solver, grundy_sequence


def columns_of(lines: list[str]) -> list[list[str]]:
    return [line.split(":", 1)[1].split() for line in lines if ":" in line]


def test_period_rows_repeat_column_by_column_after_the_preperiod(run_cli):
    result = run_cli("sequence", "kayles", "--upto", "200", "--period")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[1].split() == ["+", *map(str, range(12))]
    rows = [line for line in lines[2:] if ":" in line and not line.startswith(("Period", "Cert"))]
    values = grundy_sequence(create_game("kayles"), 200)
    starts = [int(row.split(":")[0]) for row in rows]
    assert starts == list(range(0, 201, 12))
    cells = columns_of(rows)
    assert [int(v) for row in cells for v in row] == values
    # From the first whole row past the preperiod (71) on, every column is constant.
    late = [row for start, row in zip(starts, cells, strict=True) if start >= 72]
    for column in range(12):
        assert len({row[column] for row in late if column < len(row)}) == 1


def test_columns_stay_aligned_with_three_digit_values():
    values = list(range(0, 130))  # Nim: G(n) = n
    lines = sequence_lines(values)
    value_lines = [line for line in lines if ":" in line]
    assert len({len(line) for line in value_lines[:-1]}) == 1
    ends = {line.index(":") for line in value_lines}
    assert len(ends) == 1
    # Each value's last digit sits in the same column in every row.
    assert value_lines[0].endswith("  9") and value_lines[12].endswith("129")
    assert [len(line) for line in value_lines[:-1]] == [len(value_lines[0])] * 12


def test_period_too_wide_for_the_terminal_falls_back_to_rows_of_ten():
    values = grundy_sequence(create_game("dawsons-kayles"), 150)
    wide = sequence_lines(values, period=34, width=None)
    narrow = sequence_lines(values, period=34, width=80)
    assert max(len(line) for line in narrow) <= 80
    assert "rows of one period, 34" in narrow[0]
    assert columns_of(narrow)[0] == [str(v) for v in values[:10]]
    assert columns_of(wide)[0] == [str(v) for v in values[:34]]


def test_grid_of_wythoff_matches_the_solver(run_cli):
    result = run_cli("table", "wythoff", "--max", "7", "9", "--grid")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0] == "wythoff, normal play, 80 positions"
    assert lines[1].split() == ["a\\b", *map(str, range(10))]
    solver = Solver(create_game("wythoff"))
    for a, line in enumerate(lines[2:]):
        label, *cells = line.split()
        assert int(label) == a
        assert [int(c) for c in cells] == [solver.grundy_value((a, b)) for b in range(10)]
    assert len(lines) == 2 + 8


def test_misere_grid_shows_outcomes(run_cli):
    result = run_cli("table", "nim", "--max", "3", "3", "--grid", "--misere")
    assert result.code == 0
    solver = Solver(create_game("nim"))
    for a, line in enumerate(result.out.splitlines()[2:]):
        cells = line.split()[1:]
        assert cells == [solver.outcome((a, b), Play.MISERE).value for b in range(4)]


@pytest.mark.parametrize("words", [("chomp", "--max", "2", "2"), ("nim", "--max", "2", "2", "2")])
def test_grid_refuses_other_positions_in_one_line(run_cli, words):
    result = run_cli("table", *words, "--grid")
    assert result.code == 2 and result.out == ""
    assert "--grid" in result.err and result.err.count("\n") == 1


def test_grid_marks_missing_cells_and_starts_at_the_least_pair():
    lines = grid_lines({(0, 0): "0", (1, 1): "0"})
    assert lines[1].split() == ["0", "0", "."]
    lines = grid_lines({(2, 3): "5", (3, 4): "10"})
    assert lines[0].split() == ["a\\b", "3", "4"]
    assert [line.split() for line in lines[1:]] == [["2", "5", "."], ["3", ".", "10"]]


def test_euclid_grid_leaves_out_the_zero_row_and_column(run_cli):
    result = run_cli("table", "euclid", "--max", "4", "4", "--grid")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[1].split() == ["a\\b", "1", "2", "3", "4"]
    solver = Solver(create_game("euclid"))
    for line in lines[2:]:
        a, *cells = (int(word) for word in line.split())
        assert cells == [solver.grundy_value((a, b)) for b in range(1, 5)]


def test_one_position_reads_as_english(run_cli):
    assert run_cli("table", "nim", "--max", "0").out.splitlines()[0] == (
        "nim, normal play, 1 position"
    )
