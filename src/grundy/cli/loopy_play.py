"""``grundy play`` for games whose moves may form cycles: wins, and draws.

The computer plays the strategy of the loopy theory (:meth:`LoopySolver.strategy_move`):
from an N-position it wins in finitely many moves however the user escapes into cycles;
from a D-position it cannot win, says so, and keeps the draw.  The user may type ``draw``
to propose one: the computer agrees unless it is winning.  A position that comes back a
third time with the same player to move ends the game as a draw (best play would go on
for ever), so a scripted game always ends.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable
from typing import IO, TYPE_CHECKING, Any

from grundy.cli.interactive import ASK_AGAIN, GAME_OVER, PlaySession
from grundy.cli.time_budget import TimeBudget
from grundy.errors import GameNotFiniteError
from grundy.games import Game
from grundy.solve import Move, Play, Solver
from grundy.solve.loopy_values import LoopyOutcome

if TYPE_CHECKING:
    from grundy.solve.loopy import LoopySolver

__all__ = ["REPETITIONS", "LoopyPlaySession", "cycle_met", "loopy_session"]

REPETITIONS = 3
"""The same position with the same player to move this many times: a draw."""

_DRAW = object()  # what a typed 'draw' stands for among the moves


def cycle_met(solver: Solver, position: Any, play: Play) -> str:
    """What the finite solver says when it meets a cycle from ``position`` ("" if none)."""
    try:
        solver.outcome(position, play)
    except GameNotFiniteError as exc:
        return str(exc)
    return ""


def loopy_session(
    call: Any,
    position: Any,
    play: Play,
    solver: Solver,
    budget: TimeBudget | None,
    out: IO[str],
) -> PlaySession | None:
    """A session with draws when the game's moves form cycles (a catalogue loopy game, or
    one in which the exact solver meets a cycle from ``position``); ``None`` otherwise."""
    from grundy.cli.explore import LIMITS
    from grundy.cli.loopy_output import check_loopy_options, loopy_solver
    from grundy.games.loopy_base import declares_cycles

    game = call.game
    loopy_at_once = declares_cycles(game) and not call.args.finite
    cycle = "" if loopy_at_once else cycle_met(solver, position, play)
    if not cycle and not loopy_at_once:
        return None
    check_loopy_options(call.args, play, call.label, cycle, misere_ok=False)
    loopy = loopy_solver(game, *LIMITS)
    return LoopyPlaySession(game, solver, loopy, call.args.hints, sys.stdin, out, budget)


class LoopyPlaySession(PlaySession):
    """A game against the loopy solver's strategy, with draws."""

    def __init__(
        self,
        game: Game,
        solver: Solver,
        loopy: LoopySolver,
        hints: bool,
        stdin: IO[str],
        out: IO[str],
        budget: TimeBudget | None = None,
    ) -> None:
        super().__init__(game, solver, Play.NORMAL, hints, stdin, out, budget)
        self.loopy = loopy
        self.start: Any = None
        self.seen: dict[tuple[Hashable, bool], int] = {}

    def _begin(self, start: Any) -> None:
        self.start = start
        self.seen.clear()
        super()._begin(start)
        self.out.write("Type 'draw' to propose a draw; the computer agrees unless it wins.\n")

    def _ends_before_turn(self, start: Any, position: Any, user_to_move: bool) -> bool:
        """A draw when ``position`` comes back the REPETITIONS-th time with the same player
        to move."""
        key = (self.game.canonical(position), user_to_move)
        self.seen[key] = self.seen.get(key, 0) + 1
        if self.seen[key] < REPETITIONS:
            return False
        self.out.write(
            f"\n{self.game.format(position)} has come up {REPETITIONS} times with the "
            "same player to move: the game is drawn.\n"
        )
        self._write_line_of_play(start)
        return True

    def _your_turn(self, position: Any, chosen: tuple[Any, str]) -> Any:
        if chosen[0] is _DRAW:
            return GAME_OVER if self._draw_agreed(position) else ASK_AGAIN
        return super()._your_turn(position, chosen)

    def _computer_turn(self, position: Any, moves: list[tuple[Any, str]]) -> Any:
        if self.loopy.outcome(position) is LoopyOutcome.D:
            self.out.write("The computer cannot win from here: it keeps the draw.\n")
        return super()._computer_turn(position, moves)

    def _draw_agreed(self, position: Any) -> bool:
        """The user proposed a draw with ``position`` before them: agreed unless the
        computer wins from there (a P-position for the user)."""
        if self.loopy.outcome(position) is LoopyOutcome.P:
            self.out.write("The computer declines: it wins from here.\n")
            return False
        self.out.write("The computer agrees: the game is drawn.\n")
        self._write_line_of_play(self.start)
        return True

    def _read_move(
        self, text: str, position: Any, moves: list[tuple[Any, str]]
    ) -> tuple[tuple[Any, str] | None, str]:
        if text.strip().lower() == "draw":
            return (_DRAW, "propose a draw"), ""
        return super()._read_move(text, position, moves)

    def _hint_line(self, position: Any) -> str:
        outcome = self.loopy.outcome(position)
        if outcome is LoopyOutcome.N:
            return "It is an N-position: you have a winning move ('hint' shows it)."
        if outcome is LoopyOutcome.D:
            return "It is a D-position: no move wins, but you can keep the draw ('hint')."
        return "It is a P-position: every move loses against perfect play."

    def _hint_moves(self, position: Any) -> tuple[str, list[Move]]:
        winning = self.loopy.winning_moves(position)
        if winning:
            return "Winning moves:", winning
        return "Moves that keep the draw:", self.loopy.drawing_moves(position)

    def _computer_move(self, position: Any, moves: list[tuple[Any, str]]) -> tuple[Any, str]:
        move = self.loopy.strategy_move(self.start, position)
        if move is None:  # not reached: the caller stops where there is no move
            return moves[0]
        return move.to, move.description
