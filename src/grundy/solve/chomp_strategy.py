"""Checking a strategy, not just an outcome: does it win against every reply?

:func:`check_strategy` plays a given strategy for the player to move and walks every
reply of the opponent until the game ends (normal play: the player who cannot move
loses).  It proves the strategy wins, or returns the line of play on which it fails.
This is how the theorem library checks the notes' constructive claims: Chomp squares
are won by biting (2,2) and then mirroring, and a centrally symmetric beer-can table is
won by the centre can and then the point reflection.

The module also holds those strategies.  (It lives beside the Chomp engine for now; the
checker itself is generic and would fit with the verify engines.)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from grundy.errors import SearchLimitError
from grundy.games.base import Game
from grundy.games.beer_can import BeerCan
from grundy.games.chomp import bite

__all__ = [
    "Strategy",
    "StrategyCheck",
    "beer_can_mirror",
    "check_strategy",
    "chomp_bite_then_mirror",
    "is_l_shape",
]

Strategy = Callable[[Any], Any | None]
"""Given a position where it is to move, the position the strategy moves to (or ``None``)."""


@dataclass(frozen=True, slots=True)
class StrategyCheck:
    """The result of walking every reply: a win, or the line of play where it breaks."""

    wins: bool
    positions_checked: int
    failing_line: tuple[Any, ...] = ()  # start, our move, their reply, ... up to the failure
    reason: str = ""


def check_strategy(
    game: Game, start: Any, strategy: Strategy, *, position_limit: int = 2_000_000
) -> StrategyCheck:
    """Whether the player to move at ``start`` wins by always playing ``strategy``.

    At each of our turns the strategy must name a legal move; we win when the opponent
    is left without a move, and the strategy fails when it is our turn with no move, or
    when it names no move or an illegal one.  Our turns are memoised on the exact
    position, so each is checked once.

    >>> from grundy.games.chomp import Chomp
    >>> check_strategy(Chomp(), (3, 3, 3), chomp_bite_then_mirror((1, 1))).wins
    True
    >>> check_strategy(Chomp(), (2, 2), chomp_bite_then_mirror((0, 1))).failing_line
    ((2, 2), (1, 1), (1,))
    """
    won: set[Hashable] = set()
    # Each frame: (our-turn position, line to it, replies still to walk, or None if unexpanded)
    stack: list[tuple[Any, tuple[Any, ...], list[Any] | None]] = [(start, (start,), None)]
    while stack:
        position, line, replies = stack.pop()
        if replies is None:
            if position in won:
                continue
            if len(won) >= position_limit:
                raise SearchLimitError(
                    f"{game.label}: the strategy check passed {position_limit:,} positions"
                )
            options = list(game.moves(position))
            if not options:
                return StrategyCheck(False, len(won), line, "the strategy's player cannot move")
            choice = strategy(position)
            if choice is None:
                return StrategyCheck(False, len(won), line, "the strategy names no move here")
            if choice not in options:
                return StrategyCheck(
                    False, len(won), (*line, choice), "the strategy's move is not legal here"
                )
            line = (*line, choice)
            replies = list(game.moves(choice))
        if not replies:
            won.add(line[-2])
            continue
        reply = replies.pop()
        stack.append((line[-2], line, replies))
        stack.append((reply, (*line, reply), None))
    return StrategyCheck(True, len(won))


def is_l_shape(rows: tuple[int, ...]) -> bool:
    """Whether a Chomp diagram is an L: every row after the first is a single square.

    >>> is_l_shape((4, 1, 1)), is_l_shape((4, 2, 1)), is_l_shape((1,))
    (True, False, True)
    """
    return all(length == 1 for length in rows[1:])


def chomp_bite_then_mirror(first_bite: tuple[int, int]) -> Strategy:
    """On a square board, bite ``first_bite`` (0-based); afterwards mirror on the L.

    Mirroring: on an L whose arms (beyond the poisoned square) have different lengths,
    shorten the longer arm to the length of the shorter one.  On an L with equal arms,
    or on any other shape, the strategy has no move (a checker reports it).
    """
    row_index, column_index = first_bite

    def play(rows: tuple[int, ...]) -> tuple[int, ...] | None:
        if len(rows) >= 2 and all(length == len(rows) for length in rows):
            if row_index < len(rows) and column_index < rows[row_index]:
                return bite(rows, row_index, column_index)
            return None
        if not is_l_shape(rows):
            return None
        across, up = rows[0] - 1, len(rows) - 1
        if across == up:
            return None
        if across > up:
            return bite(rows, 0, up + 1)  # shorten the first row to 1 + up squares
        return bite(rows, across + 1, 0)  # drop the rows above 1 + across

    return play


def beer_can_mirror(game: BeerCan, opening: tuple[int, int] | None) -> Strategy:
    """Open with the can at top-left cell ``opening`` (0-based) on the empty table, then
    make the position centrally symmetric again after every reply (add the reflection
    of what the opponent just placed).  ``None``: no opening, mirror from the start.
    """

    def play(occupied: int) -> int | None:
        if occupied == 0 and opening is not None:
            return occupied | game.placements[opening]
        return occupied | game.reflect(occupied)

    return play
