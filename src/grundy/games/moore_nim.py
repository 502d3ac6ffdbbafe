"""Moore's Nim_k: remove tokens from up to k heaps in one move."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from grundy.errors import InvalidParameterError, brief
from grundy.games.base import HeapGame, Part
from grundy.games.params import Param, ParamKind

__all__ = ["MooreNim", "moore_p_position"]


def moore_p_position(heaps: Sequence[int], k: int) -> bool:
    """Moore's theorem: a position of Nim_k is P exactly when, for every binary digit, the
    number of heaps with a 1 in that digit is divisible by ``k + 1``.

    >>> moore_p_position([1, 1, 1], 2), moore_p_position([1, 1], 2)
    (True, False)
    """
    digit = 0
    while any(heap >> digit for heap in heaps):
        if sum((heap >> digit) & 1 for heap in heaps) % (k + 1):
            return False
        digit += 1
    return True


class MooreNim(HeapGame):
    """Moore's Nim_k: a move takes a positive number of tokens from each of at least one and
    at most ``k`` heaps (different amounts allowed); whoever cannot move loses.

    ``k = 1`` is ordinary Nim.  For ``k >= 2`` the heaps do not form a disjunctive sum (a
    move may touch several), so a position is searched whole; the number of moves grows
    like the product of the heap sizes, which keeps this to small positions.

    >>> from grundy.solve import Solver
    >>> Solver(MooreNim(2)).outcome((1, 1, 1)).value
    'P'
    """

    name = "moore-nim"
    summary = "Moore's Nim_k: take from up to k heaps at once (k = 1 is Nim)"
    params = (Param("k", ParamKind.INT, "the most heaps one move may change", metavar="K"),)

    def __init__(self, k: int) -> None:
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise InvalidParameterError(f"Moore's Nim needs k >= 1 heaps per move, got {brief(k)}")
        self.k = k

    def options(self) -> dict[str, Any]:
        return {"k": self.k}

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        # A single heap plays exactly as in Nim (used for one-heap sequences).
        for smaller in range(heap - 1, -1, -1):
            yield (smaller,)

    def components(self, position: tuple[int, ...]) -> Sequence[Part] | None:
        return None  # one move may change several heaps: not a sum

    def labelled_moves(self, position: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], str]]:
        non_empty = [index for index, heap in enumerate(position) if heap]
        for count in range(1, min(self.k, len(non_empty)) + 1):
            for chosen in itertools.combinations(non_empty, count):
                for left in itertools.product(*(range(position[i]) for i in chosen)):
                    result = list(position)
                    for index, remaining in zip(chosen, left, strict=True):
                        result[index] = remaining
                    text = ", ".join(
                        f"heap {i + 1} {position[i]} -> {r}"
                        for i, r in zip(chosen, left, strict=True)
                    )
                    yield tuple(result), text

    def describe_move(self, position: tuple[int, ...], option: Any) -> str:
        changes = [
            f"heap {index + 1} {before} -> {after}"
            for index, (before, after) in enumerate(zip(position, option, strict=True))
            if before != after
        ]
        return ", ".join(changes)
