"""Fibonacci Nim: one heap; each player may take up to twice what the other just took."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from grundy.errors import InvalidPositionError, brief
from grundy.games.labelled import LabelledGame

__all__ = ["FibonacciNim"]

_FORMAT_WORDS = frozenset({"take", "at", "most"})


class FibonacciNim(LabelledGame):
    """Fibonacci Nim on one heap of coins.

    The first player takes any number of coins from 1 to ``n - 1`` (not the whole heap);
    afterwards each player takes at least one coin and at most twice as many as the
    opponent just took.  Whoever takes the last coin wins; a player with no move loses.

    A position is the pair ``(heap, most)``: the coins left and the most the player to
    move may take (taking is also limited by the heap).  It is written ``[heap, most]``;
    ``[n]`` alone is the start of a game on ``n`` coins, ``(n, n - 1)``.  After a move
    taking ``t`` coins the position is ``(heap - t, 2 t)``.  A ``most`` above the heap
    allows no more than the heap, so the canonical form caps it there.

    >>> game = FibonacciNim()
    >>> game.from_value([10]), sorted(game.moves((10, 3)))
    ((10, 9), [(7, 6), (8, 4), (9, 2)])
    """

    name = "fibonacci-nim"
    summary = "one heap: take 1 to n - 1 first, then at most twice what the opponent took"
    position_help = "a heap n (the start), or the heap and the most the mover may take"

    def labelled_moves(self, position: tuple[int, int]) -> Iterator[tuple[tuple[int, int], str]]:
        heap, most = position
        for taken in range(1, min(heap, most) + 1):
            yield (heap - taken, 2 * taken), self._text(heap, taken)

    def describe_move(self, position: tuple[int, int], option: Any) -> str:
        return self._text(position[0], position[0] - option[0])

    @staticmethod
    def _text(heap: int, taken: int) -> str:
        return f"take {taken} ({heap} -> {heap - taken})"

    def canonical(self, position: tuple[int, int]) -> tuple[int, int]:
        heap, most = position
        return heap, min(heap, most)

    def from_value(self, value: Any) -> tuple[int, int]:
        """``[n]`` (or ``n``): the start of a game on ``n`` coins; ``[heap, most]``: a heap
        from which the player to move may take 1 to ``most`` coins."""
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        if not isinstance(value, (list, tuple)) or len(value) not in (1, 2):
            raise InvalidPositionError(
                f"a fibonacci-nim position is [n] (the start) or [heap, most], got {brief(value)}"
            )
        for number in value:
            if isinstance(number, bool) or not isinstance(number, int):
                raise InvalidPositionError(
                    f"a fibonacci-nim position holds whole numbers, got {brief(number)}"
                )
            if number < 0:
                raise InvalidPositionError(
                    f"a fibonacci-nim position holds non-negative numbers, got {number}"
                )
        if len(value) == 1:
            return value[0], max(value[0] - 1, 0)  # the first move may not take them all
        return value[0], value[1]

    def parse(self, tokens: Sequence[str]) -> tuple[int, int]:
        """Command-line words: ``n``, ``heap most``, or a position as :meth:`format` writes
        it (``grundy play`` reads the position a move leaves)."""
        words = [w for w in " ".join(tokens).strip("()").split() if w not in _FORMAT_WORDS]
        start: tuple[int, int] = super().parse(words)
        return start

    def format(self, position: tuple[int, int]) -> str:
        heap, most = position
        return f"({heap}, take at most {most})"

    def to_json(self, position: tuple[int, int]) -> list[int]:
        return list(position)

    def bounded_positions(self, bound: Any) -> Iterator[tuple[int, int]]:
        heap, most = self.from_value(bound)
        return itertools.product(range(heap + 1), range(most + 1))
