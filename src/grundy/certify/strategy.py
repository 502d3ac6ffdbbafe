"""Strategy certificates: a strategy is checked to win against every reply, to the end.

A *strategy* is a function from a position where its player is to move to the position it
moves to (or ``None`` when it has nothing to say).  The checkers here play it against
every possible reply of the opponent until the game ends and either certify that it wins
or return the line of play on which it breaks.  They use nothing but the game's own
``moves``: no solver, no Grundy values, so a verdict built on them does not depend on the
engines it may be used to cross-check.

- :func:`check_strategy`: the strategy moves first, from ``start`` (an N-position claim);
- :func:`check_second_player_strategy`: the opponent moves first from ``start`` and the
  strategy answers every first move (a P-position claim, e.g. mirroring from ``(a, a)``).

Both work in normal play (the player who cannot move loses) or, with ``misere=True``, in
misère play (the player who cannot move wins).

>>> from grundy.games.nim import Nim
>>> def equalise(heaps):  # two-pile Nim: make the heaps equal again
...     return (min(heaps), min(heaps))
>>> check_second_player_strategy(Nim(), (3, 3), equalise).wins
True
>>> check_strategy(Nim(), (3, 3), equalise).failing_line
((3, 3), (3, 3))
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import grundy.validate as validate
from grundy.errors import SearchLimitError
from grundy.games.base import Game

__all__ = [
    "Strategy",
    "StrategyCheck",
    "check_second_player_strategy",
    "check_strategy",
]

Strategy = Callable[[Any], Any | None]
"""Given a position where its player is to move, the position it moves to (or ``None``)."""

DEFAULT_POSITION_LIMIT = 2_000_000


@dataclass(frozen=True, slots=True)
class StrategyCheck:
    """The result of walking every reply: a win, or the line of play where it breaks.

    ``failing_line`` lists positions from the start: the start, then alternately the
    strategy's moves and the opponent's replies, up to the failure (for a second-player
    check the opponent's first move comes second).  ``positions_checked`` counts the
    distinct positions where the strategy had to move.
    """

    wins: bool
    positions_checked: int
    failing_line: tuple[Any, ...] = ()
    reason: str = ""


def check_strategy(
    game: Game,
    start: Any,
    strategy: Strategy,
    *,
    misere: bool = False,
    position_limit: int = DEFAULT_POSITION_LIMIT,
) -> StrategyCheck:
    """Whether the player to move at ``start`` wins by always playing ``strategy``.

    At each of its turns the strategy must name a legal move; it fails when it names no
    move or an illegal one, or when the game ends against it.  Its turns are memoised on
    the exact position, so each is checked once; more than ``position_limit`` of them,
    or one position with more moves than that (a heap of 2**64), raises
    :class:`~grundy.errors.SearchLimitError`.

    >>> from grundy.games.subtraction import SubtractionGame
    >>> take_away = SubtractionGame([1, 2, 3])
    >>> to_multiple_of_four = lambda heaps: (heaps[0] - heaps[0] % 4,)
    >>> check_strategy(take_away, (21,), to_multiple_of_four).wins
    True
    >>> check_strategy(take_away, (20,), to_multiple_of_four).reason
    "the strategy's move is not legal here"
    """
    start = _check_arguments(game, start, strategy, misere, position_limit)
    return _walk(game, [(start, (start,))], strategy, misere, position_limit)


def check_second_player_strategy(
    game: Game,
    start: Any,
    strategy: Strategy,
    *,
    misere: bool = False,
    position_limit: int = DEFAULT_POSITION_LIMIT,
) -> StrategyCheck:
    """Whether the player who does *not* move at ``start`` wins by playing ``strategy``.

    Every first move of the opponent is answered by the strategy, and so on to the end of
    the game.  A start without moves is a win for the second player in normal play and a
    loss in misère play.

    >>> from grundy.games.nim import Nim
    >>> copy_other_heap = lambda heaps: (min(heaps), min(heaps))
    >>> check_second_player_strategy(Nim(), (2, 2), copy_other_heap).positions_checked
    6
    >>> check_second_player_strategy(Nim(), (2, 1), copy_other_heap).failing_line
    ((2, 1), (1, 1), (1, 1))
    """
    start = _check_arguments(game, start, strategy, misere, position_limit)
    openings = _moves(game, start, position_limit)
    if not openings:
        if misere:
            return StrategyCheck(False, 0, (start,), "the opponent cannot move and wins (misère)")
        return StrategyCheck(True, 0)
    roots = [(opening, (start, opening)) for opening in reversed(openings)]
    return _walk(game, roots, strategy, misere, position_limit)


def _check_arguments(game: Any, start: Any, strategy: Any, misere: Any, position_limit: Any) -> Any:
    """The arguments of the two checks, refused at the door when of the wrong kind."""
    validate.instance(game, Game, "the game", "a Game (grundy.games.Game)")
    validate.function(strategy, "the strategy")
    validate.flag(misere, "misere")
    validate.whole_number(position_limit, "position_limit", low=0)
    return game.check_position(start)


def _moves(game: Game, position: Any, position_limit: int) -> list[Any]:
    """The options of ``position``, refused past ``position_limit`` of them: each reply
    is a turn of the strategy to examine, so so many replies would pass the limit anyway,
    and a heap of 2**64 would otherwise be listed for ever."""
    listed = min(position_limit, sys.maxsize - 1) + 1  # islice takes no larger stop
    options = list(itertools.islice(game.moves(position), listed))
    if len(options) > position_limit:
        raise SearchLimitError(
            f"{game.label}: the strategy check needs more than {position_limit:,} positions "
            f"(one position has more than {position_limit:,} moves)"
        )
    return options


def _walk(
    game: Game,
    roots: Iterable[tuple[Any, tuple[Any, ...]]],
    strategy: Strategy,
    misere: bool,
    position_limit: int,
) -> StrategyCheck:
    """Depth-first over the strategy's turns, starting from each root (a position where
    the strategy is to move, with the line that led there)."""
    won: set[Hashable] = set()
    # every turn examined, settled or still open on the line being walked: the limit
    # counts these, so a long line cannot run past it while little is settled
    examined: set[Hashable] = set()
    # Each frame: (the strategy's position, line to it, replies still to walk or None if
    # the strategy has not moved there yet).
    stack: list[tuple[Any, tuple[Any, ...], list[Any] | None]] = [
        (position, line, None) for position, line in roots
    ]
    stack.reverse()  # the first root is walked first
    while stack:
        position, line, replies = stack.pop()
        if replies is None:
            if position in won:
                continue
            if position not in examined:
                if len(examined) >= position_limit:
                    raise SearchLimitError(
                        f"{game.label}: the strategy check needs more than "
                        f"{position_limit:,} positions"
                    )
                examined.add(position)
            options = _moves(game, position, position_limit)
            if not options:
                if misere:  # the player who cannot move wins misère play
                    won.add(position)
                    continue
                return StrategyCheck(False, len(won), line, "the strategy's player cannot move")
            choice = strategy(position)
            if choice is None:
                return StrategyCheck(False, len(won), line, "the strategy names no move here")
            if choice not in options:
                return StrategyCheck(
                    False, len(won), (*line, choice), "the strategy's move is not legal here"
                )
            line = (*line, choice)
            replies = _moves(game, choice, position_limit)
            if not replies and misere:
                return StrategyCheck(
                    False,
                    len(won),
                    line,
                    "the strategy leaves the opponent without a move, which wins misère play",
                )
        if not replies:
            won.add(line[-2])
            continue
        reply = replies.pop()
        stack.append((line[-2], line, replies))
        stack.append((reply, (*line, reply), None))
    return StrategyCheck(True, len(won))
