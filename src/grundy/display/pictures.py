"""The picture of a position of any catalogue game that has one (else an empty string)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from grundy.display.arguments import check_picture
from grundy.display.geometry import counters_taken
from grundy.display.svg import MAX_BOARD, chomp_svg, hackenbush_svg, heaps_svg, wythoff_svg
from grundy.games.base import Game, HeapGame
from grundy.games.chomp import Chomp, bite_square
from grundy.games.euclid import Euclid
from grundy.games.hackenbush import GreenHackenbush, prune
from grundy.games.sums import SumGame
from grundy.games.wythoff import Wythoff

__all__ = ["position_svg"]


def position_svg(game: Game, position: Any, winning: Sequence[Any] = ()) -> str:
    """SVG of ``position`` (HTML holding several SVGs for a sum of games), with the moves
    to the positions in ``winning`` drawn; ``""`` when the game has no picture."""
    check_picture(game, position, winning)
    if isinstance(game, SumGame):
        parts = [
            position_svg(
                part_game, part, [option[index] for option in winning if option[index] != part]
            )
            or f"<code>{escape(part_game.format(part))}</code>"
            for index, (part_game, part) in enumerate(zip(game.games, position, strict=True))
        ]
        plus = '<span style="font-size:20px;margin:0 8px">+</span>'
        return '<div style="display:flex;align-items:center">' + plus.join(parts) + "</div>"
    if isinstance(game, Chomp):
        board = chomp_svg(position, [bite_square(position, option) for option in winning])
        if not board:
            return ""
        # said under the board as the handout's caption says it: the slides' convention
        note = "× is the poisoned square (1,1), at the bottom left; rows go up"
        return f'<div>{board}<div style="font-size:12px">{note}</div></div>'

    if isinstance(game, Wythoff):
        return _wythoff(game, position, winning)
    if isinstance(game, GreenHackenbush):
        return hackenbush_svg(position, [_cut(position, option) for option in winning])
    if isinstance(game, (HeapGame, Euclid)):
        taken: dict[int, int] = {}
        for option in winning:  # each heap shows the first winning move from it
            for index, count in counters_taken(position, option).items():
                taken.setdefault(index, count)
        return heaps_svg(list(position), taken)
    return ""


def _cut(position: Sequence[tuple[int, int]], option: Any) -> tuple[int, int]:
    for edge in sorted(set(position)):
        rest = list(position)
        rest.remove(edge)
        if prune(rest) == tuple(option):
            return edge
    return (-1, -1)


def _wythoff(game: Wythoff, queen: tuple[int, int], winning: Sequence[Any]) -> str:
    from grundy.solve.solver import Solver  # the P-positions shaded are solved, not typed in

    size = max(queen) + 2
    if size > MAX_BOARD:
        return ""
    solver = Solver(game)
    p_positions = [
        (a, b) for a in range(size) for b in range(size) if solver.grundy_value((a, b)) == 0
    ]
    return wythoff_svg(
        (queen[0], queen[1]), p_positions, size, [tuple(option) for option in winning]
    )
