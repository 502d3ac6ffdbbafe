"""``grundy solve`` and ``grundy table`` for games whose moves may form cycles.

A catalogue game with cycles (``digraph``, ``fair-shares``) goes here from the start; a
user's game goes here when the finite solver meets a cycle in it, unless ``--finite``
asked for the finite theory only, in which case the cycle is refused in one line.  The
values are those of the generalized Sprague-Grundy theory (:mod:`grundy.solve.loopy`); in
misère play (``--misere``) only outcomes are given, by a retrograde analysis where the
player who cannot move wins (Grundy values are not defined there, and the output says so).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any

from grundy.cli.common import (
    UsageError,
    plural,
    solve_meter,
    solved_position_json,
    table_json,
    write_json,
)
from grundy.cli.layout import write_moves

if TYPE_CHECKING:
    from grundy.cli.common import GameInvocation
    from grundy.games import Game
    from grundy.solve import Play
    from grundy.solve.loopy import LoopySolver

__all__ = ["OUTCOME_TEXT", "check_loopy_options", "loopy_solver", "write_solve", "write_table"]

OUTCOME_TEXT = {
    "P": "P (the previous player wins: the player to move loses)",
    "N": "N (the next player, the one to move, wins)",
    "D": "D (a draw: with best play neither player can force a win, and play goes on for ever)",
}

SIZE_LIMIT = 20_000_000
"""Most parts (heaps, tokens) the options listed by one loopy search may hold together: a game
whose positions grow for ever stops within seconds (fair-shares of 40 coins: 8 million)."""

CYCLE_NOTE = "the moves of this game form a cycle: valued by the loopy (generalized) theory"


MISERE_NO_VALUE = "not defined in misère play (only the outcome is)"


def loopy_solver(
    game: Game, position_limit: int, move_limit: int, misere: bool = False
) -> LoopySolver:
    """The loopy solver within the command's limits and memory budget."""
    from grundy.solve.loopy import LoopySolver

    return LoopySolver(
        game,
        position_limit=position_limit,
        move_limit=move_limit,
        meter=solve_meter(),
        size_limit=SIZE_LIMIT,
        misere=misere,
    )


def check_loopy_options(
    options: Any, play: Play, label: str, cycle: str = "", misere_ok: bool = True
) -> None:
    """Refuse what the loopy theory here does not give, in one line: ``--finite``
    (the user asked for the finite theory), certificates, and misère play where the
    command has no answer for it (``misere_ok`` false: ``grundy play``).  The refusal is
    one of grundy's own errors, so that inside a user's game's guard (``grundy play``
    finding a cycle) it is not taken for an error of the user's code."""
    from grundy.errors import InvalidParameterError
    from grundy.solve import Play

    reason = cycle or f"{label} is a loopy game (its moves may form cycles)"
    reason = reason.replace(", so the game need not end", " (the game need not end)")
    if getattr(options, "finite", False):
        raise InvalidParameterError(
            f"{reason}; the finite Sprague-Grundy theory does not apply "
            "(drop --finite to value it by the loopy theory)"
        )
    if play is Play.MISERE and not misere_ok:
        raise InvalidParameterError(
            f"{reason}; playing it in misère play is not implemented (grundy solve and "
            "grundy table give its misère outcomes)"
        )
    if getattr(options, "certificate", None) is not None:
        raise InvalidParameterError(f"{reason}; --certificate certifies finite Grundy values only")


def write_solve(
    call: GameInvocation,
    position: Any,
    play: Play,
    out: IO[str],
    solver: LoopySolver,
    found_cycle: bool = False,
) -> int:
    game = call.game
    analysis = solver.analyse(position)
    if call.args.json:
        write_json(
            out,
            {
                **solved_position_json(game, position, play),
                "grundy": None if analysis.value is None else analysis.value.nimber,
                "loopy_value": None if analysis.value is None else str(analysis.value),
                "outcome": analysis.outcome.value,
                "winning_moves": [
                    {"to": game.to_json(move.to), "move": move.description}
                    for move in analysis.winning_moves
                ],
                "drawing_moves": [
                    {"to": game.to_json(move.to), "move": move.description}
                    for move in analysis.drawing_moves
                ],
                "positions_explored": analysis.positions_explored,
                "assumes": [],  # the loopy theory reads no misère quotient: the same shape
            },
        )
        return 0
    out.write(f"{call.label}, position {game.format(position)}, {play.value} play\n")
    if found_cycle:
        out.write(f"Note: {CYCLE_NOTE}\n")
    if analysis.value is None:
        out.write(f"Loopy value: {MISERE_NO_VALUE}\n")
    else:
        shown = f"*{analysis.value}" if analysis.value.is_finite else str(analysis.value)
        out.write(f"Loopy value: {shown}\n")
    out.write(f"Outcome: {OUTCOME_TEXT[analysis.outcome.value]}\n")
    if analysis.winning_moves:
        heading = f"Winning moves ({len(analysis.winning_moves)}):"
        write_moves(out, heading, game, analysis.winning_moves)
    elif analysis.drawing_moves:
        heading = (
            f"Drawing moves ({len(analysis.drawing_moves)}): no move wins; these keep the draw"
        )
        write_moves(out, heading, game, analysis.drawing_moves)
    else:
        out.write("Winning moves: none (every move leads to an N-position)\n")
    out.write(f"Positions explored: {analysis.positions_explored:,}\n")
    return 0


def write_table(
    call: GameInvocation,
    rows: list[tuple[Any, str, str]],
    play: Play,
    out: IO[str],
    found_cycle: bool = False,
) -> int:
    """Rows of (position, value text, outcome letter)."""
    game = call.game
    if call.args.json:
        write_json(
            out,
            {
                **table_json(
                    game,
                    play,
                    [
                        {
                            "position": game.to_json(position),
                            "grundy": int(value) if value.isdigit() else None,
                            "loopy_value": value or None,  # none in misère play
                            "outcome": outcome,
                        }
                        for position, value, outcome in rows
                    ],
                ),
                "assumes": [],  # as for every other game's table
            },
        )
        return 0
    if not rows:
        raise UsageError("no positions within that bound")
    out.write(f"{call.label}, {play.value} play, {plural(len(rows), 'position')}\n")
    if found_cycle:
        out.write(f"Note: {CYCLE_NOTE}\n")
    if getattr(call.args, "grid", False):
        for line in _grid(game, rows):
            out.write(line + "\n")
        return 0
    from grundy.solve import Play

    shown = [game.format(position) for position, _, _ in rows]
    width = max(len("position"), *(len(s) for s in shown))
    if play is Play.MISERE:  # outcomes only: values are not defined in misère play
        out.write(f"{'position':<{width}}  outcome\n")
        for text, (_, _, outcome) in zip(shown, rows, strict=True):
            out.write(f"{text:<{width}}  {outcome}\n")
        return 0
    values = max(len("value"), *(len(value) for _, value, _ in rows))
    out.write(f"{'position':<{width}}  {'value':>{values}}  outcome\n")
    for text, (_, value, outcome) in zip(shown, rows, strict=True):
        out.write(f"{text:<{width}}  {value:>{values}}  {outcome}\n")
    return 0


def _grid(game: Game, rows: list[tuple[Any, str, str]]) -> list[str]:
    """``table --grid`` of a loopy game: each cell holds the loopy value (``∞{...}``), or
    in misère play the outcome."""
    from grundy.cli.layout import grid_lines

    cells: dict[tuple[int, int], str] = {}
    for position, value, outcome in rows:
        written = game.to_json(position)
        if not (isinstance(written, list) and len(written) == 2):
            raise UsageError(
                f"--grid shows positions of two numbers; {game.name} has the position "
                f"{game.format(position)}"
            )
        cells[(int(written[0]), int(written[1]))] = value or outcome
    return grid_lines(cells)


def table_rows(game: Game, bound: Any, solver: LoopySolver) -> list[tuple[Any, str, str]]:
    """(position, value text, outcome letter); the value text is empty in misère play."""
    rows = []
    for position in game.bounded_positions(bound):
        if solver.misere:
            rows.append((position, "", solver.outcome(position).value))
            continue
        value = solver.value(position)
        rows.append((position, str(value), value.outcome.value))
    return rows


def answer_loopy(
    command: str,
    call: GameInvocation,
    at: Any,
    play: Play,
    out: IO[str],
    limits: tuple[int, int],
    cycle: str = "",
    own_budget: bool = True,
) -> int:
    """``grundy solve`` (``command`` "solve", ``at`` a position) or ``grundy table`` (``at``
    a bound) by the loopy theory within ``limits`` (positions, moves); ``cycle``: what the
    finite solver met (inside whose time budget this then runs)."""
    with _loopy_run(call, play, limits, cycle, own_budget) as solver:
        if command == "solve":
            return write_solve(call, at, play, out, solver, found_cycle=bool(cycle))
        rows = table_rows(call.game, at, solver)
    return write_table(call, rows, play, out, found_cycle=bool(cycle))


@contextmanager
def _loopy_run(
    call: GameInvocation, play: Play, limits: tuple[int, int], cycle: str, own_budget: bool
) -> Iterator[LoopySolver]:
    """The options checked, then the loopy solver within ``limits``, inside the command's
    time budget (``own_budget``) or the one the finite solver already runs in."""
    from grundy.cli.time_budget import time_budget
    from grundy.solve import Play

    check_loopy_options(call.args, play, call.label, cycle)
    with time_budget(call.args.seconds if own_budget else None):
        yield loopy_solver(call.game, *limits, misere=play is Play.MISERE)
