"""Lucky Nim: the simultaneous reveal, the exact three-way analysis, the notes' block
parity, the solver's view, the command line and option errors."""

import itertools
from functools import cache

import pytest

from grundy.errors import (
    InvalidParameterError,
    InvalidPositionError,
    NoMoveGraphError,
    UndeterminedOutcomeError,
)
from grundy.games import create_game
from grundy.games.lucky_nim import LuckyNim, LuckyPosition, block_parity, block_parity_predicts_p
from grundy.solve import Outcome, Play, Solver, table_rows
from grundy.solve.lucky_nim import LuckySolver, SureWinner


def _reference(numbers: tuple[int, ...], misere: bool):
    """The notes' definitions read directly, as pure functions of sorted heaps: the mover
    wins with a heap and an x beating every y; the opponent wins with, for every heap,
    one y beating every x.  Independent of grundy.solve.lucky_nim."""

    @cache
    def outcome(heaps: tuple[int, ...]) -> str:
        if not heaps:
            return "mover" if misere else "opponent"

        def after(i: int, total: int) -> tuple[int, ...]:
            left = list(heaps)
            left[i] = max(0, left[i] - total)
            return tuple(sorted(h for h in left if h))

        indices = range(len(heaps))
        if any(
            all(outcome(after(i, x + y)) == "opponent" for y in numbers)
            for i in indices
            for x in numbers
        ):
            return "mover"
        if all(
            any(all(outcome(after(i, x + y)) == "mover" for x in numbers) for y in numbers)
            for i in indices
        ):
            return "opponent"
        return "neither"

    return outcome


WINNERS = {
    "mover": SureWinner.MOVER,
    "opponent": SureWinner.OPPONENT,
    "neither": SureWinner.NEITHER,
}


def test_block_parity_colours_blocks_of_m_plus_n() -> None:
    # The notes' example (seed 001): m = 2, n = 4 gives Omega 1 on 1..6, 0 on 7..12, ...
    assert [block_parity(k, 2, 4) for k in range(19)] == [0] + [1] * 6 + [0] * 6 + [1] * 6


@pytest.mark.parametrize(("m", "n"), [(1, 1), (1, 2), (2, 4), (3, 3), (1, 4)])
def test_every_position_is_won_by_the_player_block_parity_names(m: int, n: int) -> None:
    game = LuckyNim(m, n)
    solver, lucky = Solver(game), LuckySolver(game)
    top = 2 * (m + n) + 2
    for heaps in itertools.product(range(top), repeat=2):
        predicted_p = block_parity_predicts_p(heaps, m, n)
        assert lucky.winner(heaps) is (SureWinner.OPPONENT if predicted_p else SureWinner.MOVER)
        assert (solver.outcome(game.from_value(list(heaps))) is Outcome.P) == predicted_p


@pytest.mark.parametrize("numbers", [(1, 2), (2, 3, 4), (1, 4), (1, 2, 5)])
@pytest.mark.parametrize("play", [Play.NORMAL, Play.MISERE])
def test_analysis_matches_the_direct_definition(numbers: tuple[int, ...], play: Play) -> None:
    game = LuckyNim(min(numbers), max(numbers))
    lucky = LuckySolver(game, numbers=numbers)
    reference = _reference(numbers, play is Play.MISERE)
    for heaps in itertools.product(range(14), repeat=2):
        expected = WINNERS[reference(tuple(sorted(h for h in heaps if h)))]
        assert lucky.winner(heaps, play) is expected, heaps


def test_a_gap_in_the_numbers_leaves_a_heap_to_guessing() -> None:
    # With only 1 and 4: from 8, every x of the mover is beaten by some y, and every y of
    # the opponent by some x, so neither can force a win.
    lucky = LuckySolver(LuckyNim(1, 4), numbers=(1, 4))
    assert lucky.winner((8,)) is SureWinner.NEITHER
    assert lucky.winning_numbers(8) == () and lucky.winning_answers(8) == ()
    assert [k for k in range(14) if lucky.winner((k,)) is SureWinner.NEITHER] == [8, 13]


def _sequential_winner(numbers: tuple[int, ...]):
    """The earlier reading, for comparison: the opponent answers after seeing x, so every
    position has a winner (the mover wins when some heap and x beat every answer)."""

    @cache
    def mover_wins(heap: int) -> bool:
        return heap > 0 and any(
            all(not mover_wins(max(heap - x - y, 0)) for y in numbers) for x in numbers
        )

    return mover_wins


def test_the_ends_only_mutant_is_one_the_sequential_reading_passes() -> None:
    # lucky-nim-determined-ends-only: with 1 and 4 only, the sequential reading names a
    # winner everywhere (so it would pass); the simultaneous reveal leaves heap 8 open.
    sequential = _sequential_winner((1, 4))
    assert sequential(8) is False  # "P" for the sequential reading
    lucky = LuckySolver(LuckyNim(1, 4), numbers=(1, 4))
    assert lucky.winner((8,)) is SureWinner.NEITHER


def test_a_winning_answer_is_fixed_before_x_is_seen() -> None:
    lucky = LuckySolver(LuckyNim(2, 4))
    # Heap 12 (Omega 0, a P-position): against x = 4 every answer wins, against x = 2
    # only 4 does; an answer is chosen before x is seen, so 4 is the only winning one.
    assert lucky.winner((12,)) is SureWinner.OPPONENT
    assert lucky.winning_answers(12) == (4,)
    # Heap 8: y = 4 beats x = 2 (8 - 6 = 2 left) but not x = 4 (emptied by the mover).
    assert lucky.winning_answers(8) == (2, 3)
    # Heap 14, the notes' overshoot: x = 4 loses to y = 4 (6 left), so only 2 and 3 win.
    assert lucky.winning_numbers(14) == (2, 3)


def test_emptying_the_board_wins_for_the_mover_in_normal_play_only() -> None:
    lucky = LuckySolver(LuckyNim(2, 4))
    assert lucky.winner((3,)) is SureWinner.MOVER  # every turn empties it: the mover took it
    assert lucky.winner((3,), Play.MISERE) is SureWinner.OPPONENT
    assert lucky.winner(()) is SureWinner.OPPONENT
    assert lucky.winner((), Play.MISERE) is SureWinner.MOVER


def test_analysis_lists_both_players_numbers() -> None:
    game = LuckyNim(2, 4)
    analysis = LuckySolver(game).analyse(game.from_value([7, 8]))
    assert analysis.winner is SureWinner.OPPONENT and analysis.choices == ()
    assert analysis.answers == ((0, (2,)), (1, (2, 3)))
    assert analysis.positions_explored > 0
    found = LuckySolver(game).analyse(game.from_value([5, 8]))
    assert {(c.heap, c.number) for c in found.choices} == {(0, 3), (0, 4), (1, 2), (1, 3)}


def test_the_solver_reads_outcomes_from_the_analysis() -> None:
    game = LuckyNim(1, 2)
    rows = list(table_rows(game, [3, 3]))
    assert [r.outcome.value for r in rows[:4]] == ["P", "N", "N", "N"]
    assert all(r.grundy is None for r in rows)  # no Grundy values are claimed
    assert Solver(game).outcome(game.from_value([4]), Play.MISERE) is Outcome.N
    assert Solver(game).winning_moves(game.from_value([4])) == []


def test_no_move_graph_and_no_silent_outcome_without_the_engine() -> None:
    game = LuckyNim(2, 4)
    with pytest.raises(NoMoveGraphError, match="simultaneous"):
        list(game.moves(game.from_value([5])))
    with pytest.raises(NoMoveGraphError):
        Solver(game, use_engines=False).outcome(game.from_value([5]))


def test_an_undetermined_position_is_an_error_where_p_or_n_is_asked() -> None:
    from grundy.solve.lucky_nim import _LuckyRegion

    game = LuckyNim(1, 4)
    region = _LuckyRegion(LuckySolver(game, numbers=(1, 4)), 0)
    with pytest.raises(UndeterminedOutcomeError, match="neither"):
        region.grundy_value(game.from_value([8]))


def test_analysis_respects_its_position_limit() -> None:
    from grundy.errors import SearchLimitError

    with pytest.raises(SearchLimitError):
        LuckySolver(LuckyNim(1, 1), position_limit=10).winner((30, 30))


def test_never_split_into_heaps_and_notation_round_trips() -> None:
    game = LuckyNim(2, 4)
    assert game.components(game.from_value([3, 4])) is None
    position = game.from_value([7, 8])
    assert game.from_value(game.to_json(position)) == position
    assert game.from_value({"heaps": [7, 8]}) == position
    assert game.format(position) == "(7,8)"
    assert game.after(position, 1, 4, 4) == (7, 0)
    assert list(game.bounded_positions(game.from_value([1, 0]))) == [
        LuckyPosition((0, 0)),
        LuckyPosition((1, 0)),
    ]
    assert game.canonical(LuckyPosition((8, 7))) == game.canonical(LuckyPosition((7, 8, 0)))
    with pytest.raises(InvalidPositionError):
        game.after(position, 2, 2, 2)
    with pytest.raises(InvalidPositionError):
        game.from_value([7, -8])


@pytest.mark.parametrize(("m", "n", "words"), [(0, 4, "m >= 1"), (3, 2, "m <= n")])
def test_bad_options(run_cli, m: int, n: int, words: str) -> None:
    with pytest.raises(InvalidParameterError, match=words):
        create_game("lucky-nim", {"m": m, "n": n})
    result = run_cli("solve", "lucky-nim", "--m", str(m), "--n", str(n), "7")
    assert result.code == 2
    assert words in result.err and result.err.count("\n") == 1
    assert "Traceback" not in result.err


def test_cli_shows_both_players_winning_numbers(run_cli) -> None:
    text = run_cli("solve", "lucky-nim", "--m", "2", "--n", "4", "7", "8").out
    assert "Outcome: P" in text
    assert "if heap 2 (8 counters) is named: 2, 3" in text
    assert "Mover's winning choices: none" in text
    data = run_cli("solve", "lucky-nim", "--m", "2", "--n", "4", "3", "8", "--json").json()
    assert data["outcome"] == "N" and data["grundy"] is None
    moves = [m["move"] for m in data["winning_moves"]]
    assert "name heap 2 (8 counters) and show 2" in moves
    assert data["winning_moves"][0] == {
        "heap": 1,
        "number": 2,
        "move": "name heap 1 (3 counters) and show 2",
    }
    assert data["winning_answers"] == [{"heap": 1, "numbers": []}, {"heap": 2, "numbers": []}]
    refused = run_cli("solve", "lucky-nim", "--m", "2", "--n", "4", "3", "--certificate", "c.json")
    assert refused.code == 2 and "certif" in refused.err


def test_claims_may_use_outcome_but_not_grundy(run_cli, tmp_path) -> None:
    claims = tmp_path / "lucky.toml"
    claims.write_text(
        """
[[claim]]
id = "lucky-parity"
game = "lucky-nim"
params = { m = 2, n = 4 }
vars = ["a", "b"]
range = { a = [0, 14], b = [0, 14] }
statement = "(outcome == 'P') == ((int_omega_a + int_omega_b) % 2 == 0)"

[[claim]]
id = "lucky-grundy"
game = "lucky-nim"
params = { m = 2, n = 4 }
vars = ["a"]
range = { a = [0, 3] }
statement = "grundy == 0"
""".replace("int_omega_a", "(1 - ((a - 1) // 6) % 2 if a > 0 else 0)").replace(
            "int_omega_b", "(1 - ((b - 1) // 6) % 2 if b > 0 else 0)"
        )
    )
    data = run_cli("check", str(claims), "--json").json()
    status = {c["id"]: (c["status"], c["message"]) for c in data["claims"]}
    assert status["lucky-parity"][0] == "checked"  # a bounded range
    assert status["lucky-grundy"][0] == "error" and "outcome" in status["lucky-grundy"][1]


def test_a_heap_too_large_for_the_limit_is_refused_at_once(run_cli) -> None:
    from grundy.errors import SearchLimitError

    with pytest.raises(SearchLimitError, match="turns"):
        LuckySolver(LuckyNim(1, 1), position_limit=10).winner((1000,))
    result = run_cli("solve", "lucky-nim", "--m", "1", "--n", "1", str(10**12))
    assert result.code == 2 and "smaller position" in result.err
    assert result.err.count("\n") == 1


# -- the running budget (issue 34) ------------------------------------------------------------


@pytest.mark.parametrize("through_solver", [True, False])
def test_a_large_position_stops_within_its_time_budget(through_solver: bool) -> None:
    """The region engine used to search to the end whatever the solver's meter said (four
    heaps of 30 took 15 s against 1 s; of 40, minutes).  Now each position ticks the meter,
    so the search ends within the budget plus a tenth, and slack for a loaded machine."""
    import time

    from grundy.budget import Budget
    from grundy.errors import BudgetExceededError

    game, position, seconds = LuckyNim(1, 2), LuckyPosition((40, 40, 40, 40)), 0.5
    meter = Budget(seconds=seconds).start()
    start = time.monotonic()
    with pytest.raises(BudgetExceededError, match="time budget"):
        if through_solver:
            Solver(game, meter=meter).grundy_value(position)
        else:
            LuckySolver(game, meter=meter).winner(position.heaps)
    assert time.monotonic() - start < seconds * 1.1 + 3.0


def test_a_budget_large_enough_changes_no_answer() -> None:
    from grundy.budget import Budget

    game = LuckyNim(1, 2)
    metered = LuckySolver(game, meter=Budget(seconds=600).start())
    plain = LuckySolver(game)
    for heaps in [(3,), (4, 5), (2, 6, 7)]:
        assert metered.winner(heaps) is plain.winner(heaps)
