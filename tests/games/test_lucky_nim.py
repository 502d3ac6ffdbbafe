"""Lucky Nim: the turn-based encoding, the notes' block parity, and option errors."""

import itertools

import pytest

from grundy.errors import InvalidParameterError, InvalidPositionError
from grundy.games import create_game
from grundy.games.lucky_nim import (
    Choice,
    LuckyNim,
    LuckyPosition,
    block_parity,
    block_parity_predicts_p,
)
from grundy.solve import Outcome, Play, Solver


def _chooser_wins(heaps: tuple[int, ...], m: int, n: int, misere: bool, memo: dict) -> bool:
    """The notes' definition, read directly: the player to move wins when some heap and
    number win against every answer.  Emptying the board ends the game; its last counter
    wins in normal play and loses in misere play.  Independent of the encoding."""
    key = (tuple(sorted(heaps)), misere)
    if key not in memo:
        memo[key] = misere and not any(heaps)  # no move at all: the mover wins only in misere
        for index, size in enumerate(heaps):
            if not size:
                continue
            for x in range(m, n + 1):
                beaten = False
                for y in range(m, n + 1):
                    left = (*heaps[:index], max(0, size - x - y), *heaps[index + 1 :])
                    # An empty board: the chooser took the last counter.
                    beaten = _chooser_wins(left, m, n, misere, memo) if any(left) else misere
                    if beaten:
                        break
                if not beaten:
                    memo[key] = True
        memo[key] = bool(memo[key])
    return memo[key]


def test_block_parity_colours_blocks_of_m_plus_n() -> None:
    # The notes' example (seed 001): m = 2, n = 4 gives Omega 1 on 1..6, 0 on 7..12, ...
    assert [block_parity(k, 2, 4) for k in range(19)] == [0] + [1] * 6 + [0] * 6 + [1] * 6


@pytest.mark.parametrize(("m", "n"), [(1, 1), (1, 2), (2, 4), (3, 3), (1, 4)])
def test_solver_agrees_with_block_parity(m: int, n: int) -> None:
    game = LuckyNim(m, n)
    solver = Solver(game)
    top = 2 * (m + n) + 2
    for heaps in itertools.product(range(top), repeat=2):
        derived = solver.outcome(game.from_value(list(heaps))) is Outcome.P
        assert derived == block_parity_predicts_p(heaps, m, n), heaps


def test_a_choice_wins_only_if_it_wins_against_every_answer() -> None:
    game = LuckyNim(2, 4)
    solver = Solver(game)
    # Heap 14: showing 4 lets the opponent show 4 and land on 6, a winning heap for them.
    pending = LuckyPosition((14,), Choice(0, 4))
    assert solver.outcome(pending) is Outcome.N  # the opponent, to move, wins
    choices = [move.to.pending for move in solver.winning_moves(game.from_value([14]))]
    assert choices == [Choice(0, 2), Choice(0, 3)]


def test_emptying_the_board_leaves_the_last_move_to_the_chooser() -> None:
    game = LuckyNim(2, 4)
    # Heap 3, chooser shows 2: every answer empties the heap; the chooser then takes the
    # last counters, so the chooser is the last mover.
    emptied = LuckyPosition((0,), emptied=True)
    assert list(game.moves(LuckyPosition((3,), Choice(0, 2)))) == [emptied]
    assert list(game.moves(emptied)) == [LuckyPosition((0,))]
    assert Solver(game).outcome(LuckyPosition((3,), Choice(0, 2))) is Outcome.P
    # With another heap left the answer is a move, followed by the next choice.
    options = list(game.moves(LuckyPosition((3, 1), Choice(0, 2))))
    assert {o.heaps for o in options} == {(0, 1)}
    assert {o.pending for o in options} == {Choice(1, x) for x in (2, 3, 4)}


@pytest.mark.parametrize(("m", "n"), [(1, 1), (1, 2), (2, 3)])
@pytest.mark.parametrize("play", [Play.NORMAL, Play.MISERE])
def test_encoding_matches_the_direct_definition(m: int, n: int, play: Play) -> None:
    game = LuckyNim(m, n)
    solver = Solver(game)
    memo: dict = {}
    for heaps in itertools.product(range(2 * (m + n) + 1), repeat=2):
        wins = _chooser_wins(heaps, m, n, play is Play.MISERE, memo)
        assert (solver.outcome(game.from_value(list(heaps)), play) is Outcome.N) == wins, heaps


def test_never_split_into_heaps() -> None:
    game = LuckyNim(1, 2)
    assert game.components(game.from_value([3, 4])) is None


def test_notation_round_trips() -> None:
    game = LuckyNim(2, 4)
    pending = LuckyPosition((7, 8), Choice(1, 4))
    assert game.from_value(game.to_json(pending)) == pending
    assert game.to_json(game.from_value([7, 8])) == [7, 8]
    emptied = LuckyPosition((0, 0), emptied=True)
    assert game.from_value(game.to_json(emptied)) == emptied
    assert list(game.bounded_positions(game.from_value([1, 0]))) == [
        LuckyPosition((0, 0)),
        LuckyPosition((1, 0)),
    ]
    assert game.format(pending) == "(7,8), heap 2 chosen, 4 shown"
    assert game.canonical(LuckyPosition((8, 7))) == game.canonical(LuckyPosition((7, 8, 0)))
    with pytest.raises(InvalidPositionError):
        game.from_value({"heaps": [7, 8], "heap": 3, "number": 4})
    with pytest.raises(InvalidPositionError):
        game.from_value({"heaps": [7, 8], "heap": 1, "number": 9})
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


def test_cli_shows_outcome_and_winning_choices(run_cli) -> None:
    text = run_cli("solve", "lucky-nim", "--m", "2", "--n", "4", "7", "8").out
    assert "Outcome: P" in text
    data = run_cli("solve", "lucky-nim", "--m", "2", "--n", "4", "3", "8", "--json").json()
    assert data["outcome"] == "N"
    moves = [m["move"] for m in data["winning_moves"]]
    assert "choose heap 2 (8 counters) and show 2" in moves
    assert data["winning_moves"][0]["to"] == {"heaps": [3, 8], "heap": 1, "number": 2}
