"""Wythoff's game: take from one heap, or the same number from both of two heaps."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from grundy.games.two_numbers import TwoNumberGame, check_two_heaps

__all__ = ["Wythoff", "check_two_heaps", "wythoff_pair"]


def wythoff_pair(k: int) -> tuple[int, int]:
    """The ``k``-th P-position ``(floor(k phi), floor(k phi^2))`` in exact integers.

    ``floor(k phi) = (k + isqrt(5 k^2)) // 2`` because ``k phi = (k + sqrt(5 k^2)) / 2`` and
    ``sqrt(5 k^2)`` is irrational for ``k > 0``; ``phi^2 = phi + 1`` gives the second part.

    >>> [wythoff_pair(k) for k in range(4)]
    [(0, 0), (1, 2), (3, 5), (4, 7)]
    """
    if k < 0:
        raise ValueError(f"k must be non-negative, got {k}")
    low = (k + math.isqrt(5 * k * k)) // 2
    return low, low + k


class Wythoff(TwoNumberGame):
    """Wythoff's game on two heaps ``(a, b)``.

    A move takes any positive number of tokens from one heap, or the same positive number
    from both heaps; the player who cannot move (both heaps empty) loses.  The P-positions
    are the pairs ``(floor(k phi), floor(k phi^2))`` and their mirror images
    (:func:`wythoff_pair`); the solver derives them from the moves and the tests compare.

    >>> from grundy.solve import Solver
    >>> Solver(Wythoff()).grundy_value((1, 2))
    0
    >>> Wythoff().format((3, 5))
    '(3,5)'
    """

    name = "wythoff"
    summary = "two heaps: take from one heap, or the same number from both"
    position_help = "two heap sizes a b"

    def labelled_moves(self, position: tuple[int, int]) -> Iterator[tuple[tuple[int, int], str]]:
        a, b = position
        for take in range(1, a + 1):
            yield (a - take, b), f"take {take} from heap 1"
        for take in range(1, b + 1):
            yield (a, b - take), f"take {take} from heap 2"
        for take in range(1, min(a, b) + 1):
            yield (a - take, b - take), f"take {take} from both heaps"

    def describe_move(self, position: tuple[int, int], option: Any) -> str:
        a, b = position
        c, d = option
        if a - c and b - d:
            return f"take {a - c} from both heaps"
        return f"take {a - c or b - d} from heap {1 if a - c else 2}"

    def canonical(self, position: tuple[int, int]) -> tuple[int, int]:
        a, b = position
        return (a, b) if a <= b else (b, a)  # the two heaps play the same part
