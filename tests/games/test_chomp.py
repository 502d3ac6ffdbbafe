"""Chomp: rules, notation, errors, the command line, and the strategies of the notes."""

import math

import pytest

from grundy import InvalidPositionError, Outcome, Play, Solver, create_game
from grundy.certify.strategy import check_strategy
from grundy.games.chomp import Chomp, bite, bite_square
from grundy.report.pictures import chomp_bite
from grundy.solve.chomp_strategy import chomp_bite_then_mirror, is_l_shape


@pytest.fixture
def game() -> Chomp:
    return create_game("chomp")  # type: ignore[return-value]


def test_canonical_rows_drop_empty_rows(game: Chomp) -> None:
    assert game.from_value([3, 2, 0, 0]) == (3, 2)
    assert game.from_value(5) == (5,)
    assert game.format((4, 1, 1)) == "(4,1,1)"
    assert game.to_json((4, 1, 1)) == [4, 1, 1]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ([1, 2], "longer"),
        ([3, -1], "non-negative"),
        ([2.5], "whole numbers"),
        ([True], "whole numbers"),
        ([], "at least one square"),
        ([0, 0], "at least one square"),
        ("3 3", "list of row lengths"),
    ],
)
def test_bad_positions_are_named(game: Chomp, value: object, words: str) -> None:
    with pytest.raises(InvalidPositionError, match=words):
        game.from_value(value)


def test_bites_remove_the_quadrant_and_spare_the_poison(game: Chomp) -> None:
    assert dict((text, option) for option, text in game.labelled_moves((3, 3))) == {
        "bite (1,2)": (1, 1),
        "bite (1,3)": (2, 2),
        "bite (2,1)": (3,),
        "bite (2,2)": (3, 1),
        "bite (2,3)": (3, 2),
    }
    assert list(game.moves((1,))) == []  # only the poison is left
    assert bite((5, 4, 2), 0, 3) == (3, 3, 2)
    assert bite_square((5, 4, 2), (3, 3, 2)) == (0, 3)
    with pytest.raises(InvalidPositionError):
        bite_square((3, 3), (3, 1, 1))


def test_single_square_loses_in_normal_play_and_wins_in_misere(game: Chomp) -> None:
    solver = Solver(game)
    assert solver.outcome((1,)) is Outcome.P
    assert solver.outcome((1,), Play.MISERE) is Outcome.N


def test_two_row_boards_are_p_exactly_when_the_top_row_is_one_shorter(game: Chomp) -> None:
    # Hand analysis: from (a, a-1) every bite can be answered by restoring that shape.
    solver = Solver(game, use_engines=False)
    for first in range(1, 9):
        for second in range(0, first + 1):
            rows = game.from_value([first, second])
            expected = Outcome.P if second == first - 1 else Outcome.N
            assert solver.outcome(rows) is expected, rows


def test_bounded_positions_are_every_diagram_inside_in_order(game: Chomp) -> None:
    positions = list(game.bounded_positions([10, 10, 10]))
    assert len(positions) == math.comb(13, 3) - 1  # every lattice path but the empty board
    assert len(set(positions)) == len(positions)
    padded = [p + (0,) * (3 - len(p)) for p in positions]
    assert padded == sorted(padded)
    assert all(list(p) == sorted(p, reverse=True) and p[0] <= 10 for p in positions)
    assert list(game.bounded_positions([2, 1])) == [(1,), (1, 1), (2,), (2, 1)]


def test_square_winning_bite_is_only_2_2(game: Chomp) -> None:
    solver = Solver(game)
    for side in range(2, 9):
        moves = solver.winning_moves((side,) * side)
        assert [m.description for m in moves] == ["bite (2,2)"]
        assert moves[0].to == (side,) + (1,) * (side - 1)


def test_report_evidence_calls_still_work(game: Chomp) -> None:
    # src/grundy/report/evidence_boards.py builds boards this way and names bites by chomp_bite.
    position = game.from_value([5] * 3)
    bites = [chomp_bite(position, move.to) for move in Solver(game).winning_moves(position)]
    assert bites and all(isinstance(r, int) and isinstance(c, int) for r, c in bites)


def test_bite_then_mirror_strategy_wins_squares_and_the_1_2_opening_loses(game: Chomp) -> None:
    for side in range(2, 10):
        assert check_strategy(game, (side,) * side, chomp_bite_then_mirror((1, 1))).wins
    lost = check_strategy(game, (3, 3, 3), chomp_bite_then_mirror((0, 1)))
    assert not lost.wins
    assert lost.failing_line[:2] == ((3, 3, 3), (1, 1, 1))
    # On a rectangle the strategy has no first move at all: the checker says so.
    assert check_strategy(game, (3, 3), chomp_bite_then_mirror((1, 1))).reason == (
        "the strategy names no move here"
    )
    assert is_l_shape((4, 1, 1)) and not is_l_shape((4, 2))


def test_solve_text_shows_bites_readably(run_cli) -> None:
    result = run_cli("solve", "chomp", "4", "4", "4", "4")
    assert result.code == 0
    assert "bite (2,2), leaving (4,1,1,1)" in result.out
    three_rows = run_cli("solve", "chomp", "4", "4", "4")
    assert "Winning moves (1):" in three_rows.out
    assert "bite (2,3), leaving (4,2,2)" in three_rows.out


def test_solve_json_and_misere(run_cli) -> None:
    data = run_cli("solve", "chomp", "3", "3", "--json").json()
    assert data["position"] == [3, 3]
    assert data["outcome"] == "N"
    assert [m["to"] for m in data["winning_moves"]] == [[3, 2]]
    assert data["winning_moves"][0]["move"] == "bite (2,3)"
    misere = run_cli("solve", "chomp", "1", "--misere", "--json").json()
    assert misere["outcome"] == "N" and misere["grundy"] is None


def test_table_json_matches_the_plain_solver(run_cli, game: Chomp) -> None:
    data = run_cli("table", "chomp", "--max", "10", "10", "10", "--json").json()
    assert len(data["rows"]) == 285
    plain = Solver(game, use_engines=False)
    for row in data["rows"][::7]:
        position = tuple(row["position"])
        assert row["grundy"] == plain.grundy_value(position), position
        assert row["outcome"] == plain.outcome(position).value


@pytest.mark.parametrize(
    "words",
    [
        ("solve", "chomp"),
        ("solve", "chomp", "1", "2"),
        ("solve", "chomp", "3", "x"),
        ("solve", "chomp", "0"),
        ("table", "chomp", "--max", "2", "3"),
    ],
)
def test_bad_input_through_the_cli(run_cli, words: tuple[str, ...]) -> None:
    result = run_cli(*words)
    assert result.code == 2
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert "chomp" in result.err or "whole numbers" in result.err


def test_theorem_file_comes_out_as_expected_in_quick_mode() -> None:
    from pathlib import Path

    from grundy.library import CheckSettings, load_library, run_theorems
    from grundy.verdict import Status

    path = Path(__file__).resolve().parents[2] / "proofs" / "chomp_and_boards.py"
    theorems = load_library([path])
    results = run_theorems(theorems, CheckSettings(quick=True))
    assert all(result.as_expected for result in results)
    by_id = {result.theorem.id: result.verdict for result in results}
    assert by_id["chomp-square-bite-1-2-and-mirror"].counterexample["n"] == 2
    unique = by_id["chomp-rectangle-unique-winning-bite"]
    assert unique.status is Status.REFUTED
    assert (unique.counterexample["height"], unique.counterexample["width"]) == (8, 10)
    assert all(t.mutant_of or any(m.mutant_of == t.id for m in theorems) for t in theorems)
