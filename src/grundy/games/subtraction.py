"""Subtraction (take-away) games: remove s tokens from one heap, for s in a fixed set."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from grundy.errors import InvalidParameterError, brief
from grundy.games.base import HeapGame, describe_taking
from grundy.games.params import Param, ParamKind

__all__ = ["SubtractionGame"]


class SubtractionGame(HeapGame):
    """The subtraction game S(s1, s2, ...): a move removes exactly ``s`` tokens from one
    heap, for some ``s`` in the subtraction set, provided the heap has at least ``s``.

    The notes' take-away game (21 chips, remove 1, 2 or 3) is ``SubtractionGame([1, 2, 3])``.

    >>> SubtractionGame([1, 2, 3]).label
    'subtraction --set 1,2,3'
    """

    name = "subtraction"
    summary = "remove s tokens from one heap, s in a finite set of positive integers"
    params = (
        Param("set", ParamKind.INT_LIST, "the subtraction set, e.g. 1,2,3", metavar="S1,S2,..."),
    )

    def __init__(self, set: list[int] | tuple[int, ...]) -> None:  # noqa: A002 - the notes' name
        if isinstance(set, (str, bytes, Mapping)) or not isinstance(set, Iterable):
            raise InvalidParameterError(
                "the subtraction set is a list of positive integers, "
                f"got {brief(set)} (option --set)"
            )
        values = list(set)
        if not values:
            raise InvalidParameterError("the subtraction set must not be empty (option --set)")
        bad = [v for v in values if isinstance(v, bool) or not isinstance(v, int) or v <= 0]
        if bad:
            raise InvalidParameterError(
                "the subtraction set must hold positive integers, "
                f"got {brief(bad[0])} (option --set)"
            )
        self.subtraction_set: tuple[int, ...] = tuple(sorted(frozenset(values)))

    def options(self) -> dict[str, Any]:
        return {"set": list(self.subtraction_set)}

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        for take in self.subtraction_set:
            if take > heap:
                break
            yield (heap - take,)

    def describe_part_move(
        self, position: tuple[int, ...], index: int, part: Any, option: Any
    ) -> str:
        return describe_taking(position, index, part, option)
