"""``grundy play``: a game against the perfect player, driven through standard input.

The computer's play is checked against the exact solver (every move it makes from an
N-position lands on a P-position) and against an independent remoteness recursion
written here (from a lost position it delays the end as long as it can).
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from dataclasses import dataclass
from functools import cache

import pytest

from grundy.cli import main
from grundy.cli.interactive import longest_move
from grundy.games import Game, create_game
from grundy.solve import Outcome, Play, Solver


@dataclass
class Played:
    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()

    def line_of_play(self) -> list[tuple[str, str]]:
        """(player, position left) for each move of the final line of play."""
        start = next(i for i, line in enumerate(self.lines) if line.startswith("Line of play"))
        moves = []
        for line in self.lines[start + 1 :]:
            match = re.match(r"\s+\d+\. (you|computer): .*, leaving (.*)$", line)
            assert match, line
            moves.append((match.group(1), match.group(2)))
        return moves


def play(monkeypatch: pytest.MonkeyPatch, stdin: io.StringIO, *words: str) -> Played:
    monkeypatch.setattr(sys, "stdin", stdin)
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", *words], stdout=out, stderr=err)
    return Played(code, out.getvalue(), err.getvalue())


class Player(io.StringIO):
    """Standard input that answers each prompt from the output so far: the position
    shown last, and a strategy (``choose(position, moves) -> text``)."""

    def __init__(self, game: Game, out_of, choose) -> None:
        super().__init__()
        self.game = game
        self.out_of = out_of
        self.choose = choose
        self.answers = 0

    def readline(self, size: int = -1) -> str:
        shown = re.findall(r"^Position (.*?)\.", self.out_of(), flags=re.M)
        position = self.game.parse(shown[-1].strip("()").split())
        self.answers += 1
        assert self.answers < 200, "the game does not end"
        return self.choose(position) + "\n"


def play_with(monkeypatch, game_words, choose, *options):
    """Play ``grundy play GAME...`` with a strategy answering every prompt."""
    out, err = io.StringIO(), io.StringIO()
    name = game_words[0]
    game = create_game(name)
    monkeypatch.setattr(sys, "stdin", Player(game, out.getvalue, choose))
    code = main(["play", *game_words, *options], stdout=out, stderr=err)
    return Played(code, out.getvalue(), err.getvalue())


def p_positions(name: str, play_rule: Play, heaps: int, top: int) -> list[tuple[int, ...]]:
    solver = Solver(create_game(name))
    found = []
    for n in range(1, top**heaps):
        position = tuple((n // top**k) % top for k in range(heaps))
        if solver.outcome(position, play_rule) is Outcome.P and any(position):
            found.append(position)
    return found


def first_move(position) -> str:
    return "#1"


@pytest.mark.parametrize("misere", [False, True])
def test_from_a_p_position_the_computer_always_wins(monkeypatch, misere: bool) -> None:
    rule = Play.MISERE if misere else Play.NORMAL
    solver = Solver(create_game("nim"))
    starts = p_positions("nim", rule, 3, 4)
    assert len(starts) >= 10
    for start in starts:
        words = ["nim", *map(str, start)] + (["--misere"] if misere else [])
        result = play_with(monkeypatch, words, first_move)
        assert result.code == 0, result.err
        assert "You lose." in result.lines
        for player, left in result.line_of_play():
            if player == "computer":  # every reply is a winning move
                position = create_game("nim").parse(left.strip("()").split())
                assert solver.outcome(position, rule) is Outcome.P


@pytest.mark.parametrize(("name", "misere"), [("nim", False), ("nim", True), ("kayles", False)])
def test_following_the_winning_moves_wins(monkeypatch, name: str, misere: bool) -> None:
    rule = Play.MISERE if misere else Play.NORMAL
    game = create_game(name)
    solver = Solver(game)

    def winning(position) -> str:
        return game.format(solver.winning_moves(position, rule)[0].to)

    starts = [(3, 4, 5), (1, 2, 2), (5,)] if name == "nim" else [(7,), (4, 5), (10,)]
    for start in starts:
        assert solver.outcome(start, rule) is Outcome.N
        words = [name, *map(str, start)] + (["--misere"] if misere else [])
        result = play_with(monkeypatch, words, winning)
        assert result.code == 0, result.err
        assert "You win." in result.lines


def test_computer_first_from_an_n_position_wins(monkeypatch) -> None:
    result = play_with(monkeypatch, ["take-away", "21"], first_move, "--first", "computer")
    assert result.code == 0 and "You lose." in result.lines
    moves = result.line_of_play()
    assert moves[0][0] == "computer"
    # The notes' rule: leave a multiple of 4 after each of the computer's moves.
    for player, left in moves:
        if player == "computer":
            assert int(left.strip("()") or 0) % 4 == 0


def test_a_scripted_game_and_its_transcript(monkeypatch) -> None:
    result = play(monkeypatch, io.StringIO("1 1\n0 0\n"), "nim", "1", "2")
    assert result.code == 0
    assert result.lines[0] == "nim, position (1,2), normal play (the last player to move wins)."
    assert "Your move> 1 1" in result.lines  # scripted input is echoed
    assert "You win." in result.lines
    assert result.line_of_play() == [("you", "(1,1)"), ("computer", "(0,1)"), ("you", "(0,0)")]


def test_a_move_by_its_number(monkeypatch) -> None:
    result = play(monkeypatch, io.StringIO("#2\n#1\n"), "nim", "1", "2")
    assert result.line_of_play()[0] == ("you", "(1,1)")  # move 2 of the listed moves


@pytest.mark.parametrize(
    ("typed", "explanation"),
    [
        ("5 5", "(5,5) cannot be reached from (1,2) in one move"),
        ("1 2", "(1,2) is the position now"),
        ("#9", "there is no move 9: the moves are numbered 1 to 3"),
        ("x", "cannot read 'x'"),
        ("2", "'2' is move 2 and also the position (0,2)"),
    ],
)
def test_an_illegal_move_is_explained_and_asked_again(monkeypatch, typed, explanation) -> None:
    result = play(monkeypatch, io.StringIO(f"{typed}\n1 1\n0 0\n"), "nim", "1", "2")
    assert result.code == 0, result.err
    index = result.lines.index(f"Your move> {typed}")
    assert explanation in result.lines[index + 1]
    assert result.lines[index + 2] == "Your move> 1 1"
    assert "You win." in result.lines


def test_hints_show_the_outcome_and_the_winning_moves(monkeypatch) -> None:
    result = play(monkeypatch, io.StringIO("hint\nquit\n"), "nim", "3", "4", "5", "--hints")
    assert "Position (3,4,5). It is an N-position" in result.out
    winning = Solver(create_game("nim")).winning_moves((3, 4, 5))
    after = result.lines[result.lines.index("Your move> hint") + 1 :]
    assert after[0] == "Winning moves:"
    assert after[1 : 1 + len(winning)] == [
        f"  {m.description}, leaving {create_game('nim').format(m.to)}" for m in winning
    ]
    assert "You resign. You lose." in result.lines


def test_hint_without_hints_says_how_to_turn_them_on(monkeypatch) -> None:
    result = play(monkeypatch, io.StringIO("hint\nquit\n"), "nim", "3", "4", "5")
    assert "It is an" not in result.out
    assert any("--hints" in line for line in result.lines)


def test_a_script_that_runs_out_of_moves_ends_with_a_sentence(monkeypatch) -> None:
    # It was an error (exit 2, "the input ended before the game did"); a class demo's
    # script that stops early ends like a game: a sentence, the line of play, exit 0.
    result = play(monkeypatch, io.StringIO("1 1\n"), "nim", "1", "2")
    assert result.code == 0 and result.err == ""
    assert "The moves given ran out before the game ended: it stops at (0,1)" in result.out
    assert result.lines[-2:] == [
        "  1. you: take 1 from heap 2 (2 -> 1), leaving (1,1)",
        "  2. computer: take 1 from heap 1 (1 -> 0), leaving (0,1)",
    ]


def test_an_empty_script_ends_with_a_sentence_too(monkeypatch) -> None:
    result = play(monkeypatch, io.StringIO(""), "nim", "3", "4", "5")
    assert result.code == 0 and result.err == ""
    assert "it stops at (3,4,5), with you to move" in result.out
    assert "(no moves)" in result.out


def test_the_prompt_asks_for_a_move_in_words(monkeypatch) -> None:
    result = play(monkeypatch, io.StringIO("quit\n"), "nim", "1", "2")
    assert "grundy solve" not in result.out and "'grundy" not in result.out
    assert "type the position your move leaves" in " ".join(result.lines)


def test_a_terminal_position_ends_at_once(monkeypatch) -> None:
    result = play(monkeypatch, io.StringIO(""), "nim", "0")
    assert result.code == 0 and "You lose." in result.lines  # normal play: no move, you lose
    result = play(monkeypatch, io.StringIO(""), "nim", "0", "--misere")
    assert "You win." in result.lines


def test_a_heap_game_without_heaps_asks_for_them(monkeypatch) -> None:
    for words in (["nim"], ["kayles"], ["subtraction", "--set", "1,2"]):
        result = play(monkeypatch, io.StringIO(""), *words)
        assert result.code == 2 and result.out == ""
        assert result.err.startswith("grundy: error: name the heaps to play from, e.g. ")
        assert result.err.count("\n") == 1
    # an empty heap is a position, and a finished one
    assert "You lose." in play(monkeypatch, io.StringIO(""), "nim", "0").lines


def test_bad_position_is_one_line(monkeypatch) -> None:
    result = play(monkeypatch, io.StringIO(""), "chomp", "1", "3")
    assert result.code == 2 and result.err.count("\n") == 1


# -- the longest losing line ------------------------------------------------------------------


def remoteness_oracle(game: Game, rule: Play):
    solver = Solver(game)

    @cache
    def remote(position) -> int:
        options = list(game.moves(position))
        if not options:
            return 0
        if solver.outcome(position, rule) is Outcome.N:
            return 1 + min(remote(o) for o in options if solver.outcome(o, rule) is Outcome.P)
        return 1 + max(remote(o) for o in options)

    return remote


@pytest.mark.parametrize("rule", [Play.NORMAL, Play.MISERE])
def test_from_a_lost_position_the_computer_delays_the_end(rule: Play) -> None:
    game = create_game("nim")
    remote = remoteness_oracle(game, rule)
    solver = Solver(game)
    for position in p_positions("nim", rule, 3, 4):
        moves = list(game.labelled_moves(position))
        chosen, _ = longest_move(game, solver, rule, moves)
        assert remote(chosen) == max(remote(to) for to, _ in moves)


def test_play_reads_the_real_standard_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "play", "nim", "1", "2"],
        input="1 1\n0 0\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "You win." in done.stdout.splitlines()


def test_a_game_with_hidden_turns_is_refused(monkeypatch) -> None:
    result = play(monkeypatch, io.StringIO(""), "lucky-nim", "--m", "1", "--n", "2", "3")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "grundy solve lucky-nim" in result.err


def test_an_oversized_position_is_refused_before_play(monkeypatch) -> None:
    result = play(monkeypatch, io.StringIO(""), "nim", *["1"] * 2000)
    assert result.code == 2 and result.err.count("\n") == 1 and "parts" in result.err
    assert result.out == ""
