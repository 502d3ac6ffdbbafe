"""The mark of a game whose moves may return to an earlier position (a loopy game)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from grundy.games.base import Game

__all__ = ["LoopyGame", "WholeGraph", "declares_cycles"]


@dataclass(frozen=True, slots=True)
class WholeGraph:
    """A set of positions of one part each (one token, one heap), closed under moves and
    listed at once: ``positions[i]``'s options are the positions numbered
    ``successors[i]`` (each position written canonically).  The lists may be the game's
    own: a reader does not change them."""

    positions: list[Hashable]
    successors: list[list[int]]


class LoopyGame(Game):
    """A game whose move graph may have cycles, so that play need not end.

    Its positions are valued by the generalized Sprague-Grundy theory
    (:class:`grundy.solve.loopy.LoopySolver`): a finite nimber, or an infinity with the
    finite values of its options; the outcome may be a draw.  The command line and the
    claim checker send such a game to that solver from the start.
    """

    def whole_graph(self) -> WholeGraph | None:
        """Every position of one part (one token, one heap...) with its options, when the
        game can list them faster than a search finds them; ``None`` when it cannot.  The
        solver then labels the whole graph once instead of searching from each position
        asked about (a table of every vertex of a large graph stays linear)."""
        return None


def declares_cycles(game: Game) -> bool:
    """Whether ``game`` (or a summand of it) is a game that says its moves form cycles."""
    if isinstance(game, LoopyGame):
        return True
    from grundy.games.sums import SumGame  # only a sum has summands to look into

    return isinstance(game, SumGame) and any(declares_cycles(part) for part in game.games)
