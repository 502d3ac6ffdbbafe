"""``grundy solve lucky-nim``: who can force a win, and the winning numbers of both
players (Lucky Nim's turns are simultaneous choices, so it has no list of moves)."""

from __future__ import annotations

from typing import IO, Any

from grundy.cli.common import UsageError, solved_position_json, write_json
from grundy.games.lucky_nim import LuckyNim, LuckyPosition
from grundy.solve import Play
from grundy.solve.lucky_nim import LuckySolver, SureWinner

__all__ = ["write_solve"]

WINNER_TEXT = {
    SureWinner.MOVER: "N (the player to move can force a win)",
    SureWinner.OPPONENT: "P (the opponent can force a win, whatever the player to move does)",
    SureWinner.NEITHER: "undetermined (neither player can force a win: it comes down to guessing)",
}


def write_solve(
    game: LuckyNim, position: LuckyPosition, play: Play, options: Any, out: IO[str], limit: int
) -> int:
    """Print the analysis of ``position``; ``options`` are the parsed ``solve`` options."""
    if options.certificate is not None:
        raise UsageError("Lucky Nim has no Grundy values to certify; drop --certificate")
    analysis = LuckySolver(game, position_limit=limit).analyse(position, play)
    heaps = position.heaps
    if options.json:
        write_json(
            out,
            {
                **solved_position_json(game, position, play),
                "grundy": None,
                "outcome": analysis.winner.value,
                "winning_moves": [
                    {
                        "heap": c.heap + 1,
                        "number": c.number,
                        "move": game.describe_choice(position, c),
                    }
                    for c in analysis.choices
                ],
                "winning_answers": [
                    {"heap": index + 1, "numbers": list(numbers)}
                    for index, numbers in analysis.answers
                ],
                "positions_explored": analysis.positions_explored,
            },
        )
        return 0
    out.write(f"{game.label}, position {game.format(position)}, {play.value} play\n")
    out.write("Each turn: the mover names a heap, then both reveal a number at once.\n")
    out.write(f"Outcome: {WINNER_TEXT[analysis.winner]}\n")
    if analysis.choices:
        out.write(
            f"Mover's winning choices ({len(analysis.choices)}), each winning whatever the "
            "opponent shows:\n"
        )
        for choice in analysis.choices:
            out.write(f"  {game.describe_choice(position, choice)}\n")
    else:
        out.write("Mover's winning choices: none\n")
    out.write("Opponent's winning answers, one number fixed before the mover's is seen:\n")
    for index, numbers in analysis.answers:
        shown = ", ".join(map(str, numbers)) if numbers else "none"
        out.write(f"  if heap {index + 1} ({heaps[index]} counters) is named: {shown}\n")
    if not analysis.answers:
        out.write("  none needed: there is no heap to name\n")
    out.write(f"Positions explored: {analysis.positions_explored:,}\n")
    return 0
