"""The mark of a game whose moves may return to an earlier position (a loopy game)."""

from __future__ import annotations

from grundy.games.base import Game

__all__ = ["LoopyGame", "declares_cycles"]


class LoopyGame(Game):
    """A game whose move graph may have cycles, so that play need not end.

    Its positions are valued by the generalized Sprague-Grundy theory
    (:class:`grundy.solve.loopy.LoopySolver`): a finite nimber, or an infinity with the
    finite values of its options; the outcome may be a draw.  The command line and the
    claim checker send such a game to that solver from the start.
    """


def declares_cycles(game: Game) -> bool:
    """Whether ``game`` (or a summand of it) is a game that says its moves form cycles."""
    if isinstance(game, LoopyGame):
        return True
    from grundy.games.sums import SumGame  # only a sum has summands to look into

    return isinstance(game, SumGame) and any(declares_cycles(part) for part in game.games)
