"""Two games of our own, for `grundy check --games examples/own_games/games.py FILE`.

`grundy` runs this file only because the command line names it; a claim file can never
load code. The games join the catalogue for that one run, under their `name`.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt
from typing import Any

from grundy import Game, HeapGame, InvalidPositionError


class SubtractASquare(HeapGame):
    """Remove a positive perfect square (1, 4, 9, ...) of tokens from one heap."""

    name = "subtract-a-square"
    summary = "remove a perfect square number of tokens from one heap"

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        for root in range(1, isqrt(heap) + 1):
            yield (heap - root * root,)


class DivisorGame(Game):
    """A single number n: a move subtracts a proper divisor d of n (1 <= d < n, d | n)."""

    name = "divisor-game"
    summary = "subtract a proper divisor of the number"
    position_help = "a whole number n >= 1"

    def moves(self, position: int) -> Iterator[int]:
        for divisor in range(1, position):
            if position % divisor == 0:
                yield position - divisor

    def from_value(self, value: Any) -> int:
        if isinstance(value, list) and len(value) == 1:
            value = value[0]  # [n], as positions are written in claims
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidPositionError(f"a divisor-game position is a number >= 1, got {value!r}")
        return value


GAMES = [SubtractASquare, DivisorGame]
