"""Games on two numbers (Wythoff's game, Euclid's game): how a position is read, said
once for both (written and listed up to a bound as any tuple of numbers is)."""

from __future__ import annotations

from typing import Any, ClassVar

from grundy.errors import InvalidPositionError, brief
from grundy.games.base import NumberTupleGame
from grundy.games.labelled import LabelledGame

__all__ = ["TwoNumberGame", "check_two_heaps"]


def check_two_heaps(game_name: str, value: Any, *, positive: bool = False) -> tuple[int, int]:
    """Read a position of two heaps from data, naming what is wrong with it."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise InvalidPositionError(f"{game_name} position must be two integers, got {brief(value)}")
    heaps = []
    for heap in value:
        if isinstance(heap, bool) or not isinstance(heap, int):
            raise InvalidPositionError(
                f"{game_name} position must be whole numbers, got {brief(heap)}"
            )
        if heap < 0 or (positive and heap == 0):
            kind = "positive" if positive else "non-negative"
            raise InvalidPositionError(f"{game_name} numbers must be {kind}, got {heap}")
        heaps.append(heap)
    return heaps[0], heaps[1]


class TwoNumberGame(NumberTupleGame, LabelledGame):
    """A game whose positions are two numbers ``(a, b)``, each at least ``least``."""

    called: ClassVar[str] = ""
    """How errors name the game (its name when empty)."""

    def from_value(self, value: Any) -> tuple[int, int]:
        return check_two_heaps(self.called or self.name, value, positive=self.least > 0)
