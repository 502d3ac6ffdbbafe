"""Subtraction (take-away) games: remove s tokens from one heap, for s in a fixed set."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import grundy.validate as validate
from grundy.errors import InvalidParameterError, brief
from grundy.games.base import HeapGame, describe_taking
from grundy.games.params import (
    Param,
    ParamKind,
    adopt_declared,
    declared_rule_data,
    given_or_declared,
)

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
    params: ClassVar[tuple[Param, ...]] = (
        Param("set", ParamKind.INT_LIST, "the subtraction set, e.g. 1,2,3", metavar="S1,S2,..."),
    )

    rule_data = frozenset({"subtraction_set"})
    subtraction_set: tuple[int, ...]
    """The set, sorted.  A subclass may declare it as a class attribute instead of taking
    the option ``--set``: ``subtraction_set = (1, 3, 4)``, and nothing else about the
    rules; it then plays by these rules with that set (see
    :func:`~grundy.games.base.rules_class`), so the fast engines, the periodicity theorem
    and its certificates apply to it as to the catalogue's game."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        adopt_declared(cls, "subtraction_set", lambda values: _checked_set(values, cls.__name__))

    def __init__(self, set: list[int] | tuple[int, ...] | None = None) -> None:  # noqa: A002
        declared = _declared_set(type(self))
        values = given_or_declared(set, declared, type(self).__name__, "subtraction", "set")
        self.subtraction_set = _checked_set(values, "option --set")

    def options(self) -> dict[str, Any]:
        if _declared_set(type(self)) is not None:
            return {}  # named by the class: its label is its name
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


def _declared_set(cls: type) -> tuple[int, ...] | None:
    """The set a class declares (``subtraction_set = (1, 3, 4)``), or ``None``."""
    found = declared_rule_data(cls, "subtraction_set")
    return None if found is None else tuple(found)


def _checked_set(values: Any, where: str) -> tuple[int, ...]:
    """``values`` as a sorted set of positive integers (a one-line error otherwise)."""
    try:
        if isinstance(values, (str, bytes, dict)):
            raise TypeError
        values = list(values)  # a range or a set is as good as a list
    except TypeError:
        raise InvalidParameterError(
            f"the subtraction set must be a list of positive integers, got {brief(values)} "
            f"({where})"
        ) from None
    if not values:
        raise InvalidParameterError(f"the subtraction set must not be empty ({where})")
    validate.numbers_fit_digits(values, f"the subtraction set ({where})")
    bad = [v for v in values if isinstance(v, bool) or not isinstance(v, int) or v <= 0]
    if bad:
        raise InvalidParameterError(
            f"the subtraction set must hold positive integers, got {brief(bad[0])} ({where})"
        )
    return tuple(sorted(frozenset(values)))
