"""Games whose rules are written once, as moves with their descriptions.

Board games (Chomp, Wythoff, Euclid, Hackenbush, posets, beer cans) say what a move does
as they make it, so each writes :meth:`~grundy.games.base.Game.labelled_moves` and takes
its options from there rather than writing the same rules twice.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator
from typing import Any

from grundy.games.base import Game, options_only

__all__ = ["LabelledGame"]


class LabelledGame(Game):
    """A game whose options are the positions of its labelled moves."""

    @abstractmethod
    def labelled_moves(self, position: Any) -> Iterator[tuple[Any, str]]:
        """Every option with a description of the move (the game's rules)."""

    def moves(self, position: Any) -> Iterator[Any]:
        return options_only(self.labelled_moves(position))
