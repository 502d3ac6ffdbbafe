"""``grundy play``: play a position against the perfect player, one line of input a move.

The user's moves are read from standard input line by line, so a game can be typed at a
terminal or scripted (``printf '1 1\\n' | grundy play nim 1 2``).  A move is written as
the position it leaves (as ``grundy solve`` prints it) or as the number of a listed move
(``2`` or ``#2``).  The computer plays a winning move when it has one, and otherwise the
move after which the game lasts longest against perfect play.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import textwrap
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import IO, Any

from grundy.cli.common import (
    CommandParser,
    UsageError,
    check_solve_size,
    output_width,
    parse_game_invocation,
)
from grundy.cli.explore import command_solver
from grundy.cli.flags import add_misere_option
from grundy.cli.time_budget import TimeBudget, time_budget
from grundy.errors import GrundyError, InvalidPositionError, brief
from grundy.games import Game, HeapGame
from grundy.solve import Move, Outcome, Play, Solver
from grundy.validate import whole_from_text

__all__ = ["PlaySession", "longest_move", "run_play"]

LISTED_MOVES = 12
"""A position with at most this many moves lists them at every turn; more on request."""

MOVES_ALLOWED = 100_000
"""A position with more moves than this is too large to play move by move."""

REMOTENESS_BUDGET = 20_000
"""Positions the search for the longest losing line may visit before it settles for the
move that leaves the most options."""

HELP_TEXT = (
    "To move, type the position your move leaves, written as the positions here are (for "
    "example {example}), or the number of a listed move. 'moves' lists the moves, "
    "{hint}'quit' resigns."
)


@dataclass(frozen=True, slots=True)
class Turn:
    """One move of the game: who made it and what it did."""

    player: str  # "you" or "computer"
    description: str
    to: Any


SessionMaker = Callable[..., "PlaySession | None"]
"""``make(call, position, play, solver, budget, out)``: a session of another kind (draws,
for a game with cycles: cli/loopy_play.py), or ``None`` for the usual one."""


def run_play(
    args: argparse.Namespace, out: IO[str], make_session: SessionMaker | None = None
) -> int:
    def configure(parser: CommandParser, position_help: str) -> None:
        parser.add_argument("position", nargs="*", help=f"the position: {position_help}")
        add_misere_option(parser)
        parser.add_argument(
            "--first",
            choices=("me", "computer"),
            default="me",
            help="who moves first (default: me)",
        )
        parser.add_argument(
            "--hints",
            action="store_true",
            help="show whether each position is P or N, and the winning moves on 'hint'",
        )
        parser.add_argument(
            "--finite",
            action="store_true",
            help="the finite theory only: refuse a game whose moves form a cycle",
        )

    call = parse_game_invocation("play", args.game, args.rest, out, configure)
    game, options = call.game, call.args
    if not game.reports_grundy:  # its moves encode a hidden turn structure
        raise UsageError(
            f"{call.label} is not played by alternate moves that one can type; "
            f"'grundy solve {call.label} ...' analyses its positions"
        )
    if not options.position and isinstance(game, HeapGame):
        # no heaps at all is a position no one can move from: surely a slip, not a game
        raise UsageError(
            f"name the heaps to play from, e.g. 'grundy play {call.label} 3 4 5' "
            "(with no heaps there is no move to make)"
        )
    position = game.parse(options.position)
    check_solve_size(game, position)
    play = Play.MISERE if options.misere else Play.NORMAL
    with time_budget(options.seconds) as budget:  # the computer's thinking, not the player's
        solver = command_solver(game, position)
        found = make_session(call, position, play, solver, budget, out) if make_session else None
        session = found or PlaySession(game, solver, play, options.hints, sys.stdin, out, budget)
        ending = (
            "the last player to move loses" if options.misere else "the last player to move wins"
        )
        out.write(
            f"{call.label}, position {game.format(position)}, {play.value} play ({ending}).\n"
        )
        out.write(f"{'You move' if options.first == 'me' else 'The computer moves'} first.\n")
        return session.play(position, user_to_move=options.first == "me")


GAME_OVER = object()  # a turn of the user's ended the game (an agreed draw)
INPUT_ENDED = object()  # a script of moves ran out before the game ended
ASK_AGAIN = object()  # the user's turn is not over (a declined draw proposal)


class PlaySession:
    """The state of one game: the solver, where input comes from, the moves so far."""

    def __init__(
        self,
        game: Game,
        solver: Solver,
        play: Play,
        hints: bool,
        stdin: IO[str],
        out: IO[str],
        budget: TimeBudget | None = None,
    ) -> None:
        self.budget = budget
        self.game = game
        self.solver = solver
        self.play_rule = play
        self.hints = hints
        self.stdin = stdin
        self.out = out
        self.turns: list[Turn] = []

    def play(self, start: Any, *, user_to_move: bool) -> int:
        """Play from ``start`` until the game ends or the user resigns (returns 0)."""
        position = start
        self._begin(start)
        while True:
            moves = self._moves(position)
            if not moves:
                self._finish(start, position, user_to_move)
                return 0
            if self._ends_before_turn(start, position, user_to_move):
                return 0
            if user_to_move:
                after = ASK_AGAIN
                while after is ASK_AGAIN:
                    chosen = self._ask(position, moves)
                    if chosen is None:
                        self._resign(start)
                        return 0
                    if chosen is INPUT_ENDED:  # a scripted game stopped short: not an error
                        self._stop(start, position)
                        return 0
                    after = self._your_turn(position, chosen)
                if after is GAME_OVER:
                    return 0
                position = after
            else:
                position = self._computer_turn(position, moves)
            user_to_move = not user_to_move

    # Hooks for sessions with more rules (draws: grundy.cli.loopy_play).

    def _begin(self, start: Any) -> None:
        self._explain_input(start)

    def _ends_before_turn(self, start: Any, position: Any, user_to_move: bool) -> bool:
        """Whether the game ends at ``position`` before the player to move moves."""
        return False

    def _your_turn(self, position: Any, chosen: tuple[Any, str]) -> Any:
        """The user's move recorded; the position it leaves (or GAME_OVER, ASK_AGAIN)."""
        self.turns.append(Turn("you", chosen[1], chosen[0]))
        return chosen[0]

    def _computer_turn(self, position: Any, moves: list[tuple[Any, str]]) -> Any:
        """The computer's move chosen, shown and recorded; the position it leaves."""
        to, text = self._computer_move(position, moves)
        self.out.write(f"Computer: {text}, leaving {self.game.format(to)}\n")
        self.turns.append(Turn("computer", text, to))
        return to

    # -- the user's turn ------------------------------------------------------------------

    def _explain_input(self, start: Any) -> None:
        moves = self._moves(start)
        example = self.game.format(moves[0][0]) if moves else self.game.format(start)
        hint = "'hint' shows the winning moves, " if self.hints else ""
        text = HELP_TEXT.format(example=example, hint=hint)
        self.out.write("\n".join(textwrap.wrap(text, output_width(self.out) or 100)) + "\n")

    def _ask(self, position: Any, moves: list[tuple[Any, str]]) -> Any:
        """The move chosen (a pair: the position it leaves, its words), ``None`` when the
        user resigns, or ``INPUT_ENDED``."""
        self.out.write(f"\nPosition {self.game.format(position)}.")
        if self.hints:
            self.out.write(" " + self._hint_line(position))
        self.out.write("\n")
        if len(moves) <= LISTED_MOVES:
            self._list_moves(moves)
        else:
            self.out.write(f"{len(moves):,} moves ('moves' lists them).\n")
        while True:
            self.out.write("Your move> ")
            self.out.flush()
            with self.budget.paused() if self.budget else contextlib.nullcontext():
                line = self.stdin.readline()
            if not line:
                self.out.write("\n")
                return INPUT_ENDED
            text = line.strip()
            if not self.stdin.isatty():  # echo scripted input, so the transcript reads
                self.out.write(text + "\n")
            if not text:
                continue
            word = text.lower()
            if word in {"quit", "q", "resign", "exit"}:
                return None
            if word in {"moves", "m", "?", "help"}:
                self._list_moves(moves)
                continue
            if word in {"hint", "h"}:
                self._show_hint(position)
                continue
            chosen, problem = self._read_move(text, position, moves)
            if chosen is not None:
                return chosen
            self.out.write(problem + "\n")

    def _list_moves(self, moves: list[tuple[Any, str]]) -> None:
        width = len(str(len(moves)))
        for number, (to, text) in enumerate(moves, start=1):
            self.out.write(f"  {number:>{width}}. {text}, leaving {self.game.format(to)}\n")

    def _read_move(
        self, text: str, position: Any, moves: list[tuple[Any, str]]
    ) -> tuple[tuple[Any, str] | None, str]:
        """The move ``text`` stands for, or ``None`` and why it is not one."""
        numbered = text[1:].strip() if text.startswith("#") else None
        if numbered is not None or (text.isdigit() and " " not in text):
            digits = numbered if numbered is not None else text
            try:  # read by the rule of every number (a line of 5,000 digits is no move)
                number = whole_from_text(digits, "a move number", InvalidPositionError)
            except GrundyError as exc:
                return None, str(exc)
            by_number = (
                moves[number - 1]
                if digits.isdigit() and number is not None and 0 < number <= len(moves)
                else None
            )
            by_position = None if numbered is not None else self._match(text, moves)
            if by_number is not None and by_position is not None and by_number != by_position:
                shown = self.game.format(by_position[0])
                return None, (
                    f"{text!r} is move {text} and also the position {shown}: "
                    f"type #{text} for the move, or ({text}) for the position"
                )
            chosen = by_position or by_number
            if chosen is not None:
                return chosen, ""
            if numbered is not None:
                shown = brief(number) if number is not None else numbered[:60]
                return (
                    None,
                    f"there is no move {shown}: the moves are numbered 1 to {len(moves)}",
                )
        try:
            typed = self.game.parse(text.strip().strip("()").split())
        except GrundyError as exc:
            return None, f"cannot read {brief(text)}: {exc}"
        match = self._match(text, moves)
        if match is not None:
            return match, ""
        shown = self.game.format(typed)
        if self.game.canonical(typed) == self.game.canonical(position):
            return None, f"{shown} is the position now: a move must change it"
        return None, (
            f"{shown} cannot be reached from {self.game.format(position)} in one move; "
            "'moves' lists the moves"
        )

    def _match(self, text: str, moves: list[tuple[Any, str]]) -> tuple[Any, str] | None:
        try:
            typed = self.game.parse(text.strip().strip("()").split())
        except GrundyError:
            return None
        key = self.game.canonical(typed)
        for to, description in moves:
            if self.game.canonical(to) == key:
                return to, description
        return None

    def _hint_line(self, position: Any) -> str:
        if self.solver.outcome(position, self.play_rule) is Outcome.N:
            return "It is an N-position: you have a winning move ('hint' shows it)."
        return "It is a P-position: every move loses against perfect play."

    def _show_hint(self, position: Any) -> None:
        if not self.hints:
            self.out.write("Hints are off ('grundy play ... --hints' turns them on).\n")
            return
        heading, moves = self._hint_moves(position)
        if not moves:
            self.out.write("No winning move: this is a P-position.\n")
            return
        self.out.write(heading + "\n")
        for move in moves:
            self.out.write(f"  {move.description}, leaving {self.game.format(move.to)}\n")

    def _hint_moves(self, position: Any) -> tuple[str, list[Move]]:
        """The moves a hint shows, under their heading (none from a P-position)."""
        return "Winning moves:", self.solver.winning_moves(position, self.play_rule)

    # -- the computer's turn --------------------------------------------------------------

    def _computer_move(self, position: Any, moves: list[tuple[Any, str]]) -> tuple[Any, str]:
        winning = self.solver.winning_moves(position, self.play_rule)
        if winning:
            return winning[0].to, winning[0].description
        return longest_move(self.game, self.solver, self.play_rule, moves)

    # -- the end ----------------------------------------------------------------------------

    def _finish(self, start: Any, position: Any, user_to_move: bool) -> None:
        # Normal play: whoever cannot move loses.  Misère: whoever cannot move wins.
        user_wins = user_to_move == (self.play_rule is Play.MISERE)
        rule = "the last move wins" if self.play_rule is Play.NORMAL else "the last move loses"
        who = "you" if user_to_move else "the computer"
        self.out.write(f"\nNo move is left from {self.game.format(position)} for {who} ({rule}).\n")
        self.out.write("You win.\n" if user_wins else "You lose.\n")
        self._write_line_of_play(start)

    def _stop(self, start: Any, position: Any) -> None:
        self.out.write(
            f"The moves given ran out before the game ended: it stops at "
            f"{self.game.format(position)}, with you to move.\n"
        )
        self._write_line_of_play(start)

    def _resign(self, start: Any) -> None:
        self.out.write("You resign. You lose.\n")
        self._write_line_of_play(start)

    def _write_line_of_play(self, start: Any) -> None:
        self.out.write(f"Line of play from {self.game.format(start)}:\n")
        if not self.turns:
            self.out.write("  (no moves)\n")
        width = len(str(len(self.turns)))
        for number, turn in enumerate(self.turns, start=1):
            self.out.write(
                f"  {number:>{width}}. {turn.player}: {turn.description}, "
                f"leaving {self.game.format(turn.to)}\n"
            )

    def _moves(self, position: Any) -> list[tuple[Any, str]]:
        """The distinct moves from ``position``, in the game's order."""
        seen: set[Hashable] = set()
        moves = []
        for to, text in self.game.labelled_moves(position):
            key = self.game.canonical(to)
            if key in seen:
                continue
            seen.add(key)
            moves.append((to, text))
            if len(moves) > MOVES_ALLOWED:
                raise UsageError(
                    f"{self.game.format(position)} has more than {MOVES_ALLOWED:,} moves: "
                    "too large to play move by move"
                )
        return moves


def longest_move(
    game: Game, solver: Solver, play: Play, moves: list[tuple[Any, str]]
) -> tuple[Any, str]:
    """From a lost position, the move after which the game lasts longest when the winner
    wins as fast as possible (the greatest remoteness, in Steinhaus's sense).  Past
    :data:`REMOTENESS_BUDGET` positions it takes the move that leaves the most options.

    >>> from grundy.games import create_game
    >>> nim = create_game("nim")
    >>> moves = list(nim.labelled_moves((2, 2)))
    >>> longest_move(nim, Solver(nim), Play.NORMAL, moves)[0]  # (1,2) lasts 3 more moves
    (1, 2)
    """
    remoteness = _Remoteness(game, solver, play)
    try:
        scored = [(remoteness.of(to), index) for index, (to, _) in enumerate(moves)]
    except _OverBudget:
        scored = [(sum(1 for _ in game.moves(to)), index) for index, (to, _) in enumerate(moves)]
    best = max(scored, key=lambda pair: (pair[0], -pair[1]))
    return moves[best[1]]


class _OverBudget(Exception):
    pass


class _Remoteness:
    """Steinhaus remoteness: 0 at the end; from an N-position one more than the least
    remoteness of a move to a P-position (the winner hurries); from a P-position one
    more than the greatest remoteness of any move (the loser delays).  Memoised with each
    position's outcome, and walked with an explicit stack so that long games do not reach
    Python's recursion limit."""

    def __init__(self, game: Game, solver: Solver, play: Play) -> None:
        self.game = game
        self.solver = solver
        self.play = play
        self.known: dict[Hashable, tuple[int, Outcome]] = {}

    def of(self, position: Any) -> int:
        stack = [position]
        while stack:
            current = stack[-1]
            key = self.game.canonical(current)
            if key in self.known:
                stack.pop()
                continue
            options = {self.game.canonical(option): option for option in self.game.moves(current)}
            pending = [option for k, option in options.items() if k not in self.known]
            if pending:
                if len(self.known) + len(stack) > REMOTENESS_BUDGET:
                    raise _OverBudget
                stack.extend(pending)
                continue
            stack.pop()
            self.known[key] = self._score(current, list(options))
        return self.known[self.game.canonical(position)][0]

    def _score(self, position: Any, options: list[Hashable]) -> tuple[int, Outcome]:
        outcome = self.solver.outcome(position, self.play)
        if not options:
            return 0, outcome
        scored = [self.known[option] for option in options]
        if outcome is Outcome.N:  # the winner takes the quickest win
            return 1 + min(r for r, after in scored if after is Outcome.P), outcome
        return 1 + max(r for r, _ in scored), outcome
