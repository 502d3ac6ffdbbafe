"""The fields of a claim that give its domain: ``vars`` (the variables' names) and
``range`` (each variable's bounds), read and checked before anything is built from them.
``problem(field, message)`` makes the claim's error naming the field."""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.claims.evaluate import MAX_BITS
from grundy.claims.expression import RESERVED_NAMES
from grundy.errors import brief

__all__ = [
    "MAX_LIST_LENGTH",
    "VAR_PATTERN",
    "ListDomain",
    "default_list_position",
    "element_name",
    "read_list_domain",
    "read_ranges",
    "read_variables",
]

VAR_PATTERN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def read_variables(value: Any, problem: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise problem("vars", f'must be a list of names such as ["a", "b"], got {brief(value)}')
    seen: set[str] = set()
    for name in value:
        if not VAR_PATTERN.match(name) or "__" in name:
            raise problem(
                "vars",
                f"{brief(name)} is not a valid variable name (letters, digits and "
                "single '_', not starting with a digit)",
            )
        if name in RESERVED_NAMES or keyword.iskeyword(name):
            raise problem("vars", f"{name!r} is a reserved name of the claim language")
        if name in seen:
            raise problem("vars", f"{name!r} is listed twice")
        seen.add(name)
    return tuple(value)


def read_ranges(value: Any, variables: tuple[str, ...], problem: Any) -> dict[str, tuple[int, int]]:
    if not isinstance(value, dict):
        raise problem("range", f"must be a table such as {{ a = [0, 7] }}, got {brief(value)}")
    extra = [name for name in value if name not in variables]
    if extra:
        raise problem("range", f"gives bounds for {extra[0]!r}, which is not in vars")
    ranges: dict[str, tuple[int, int]] = {}
    for name in variables:
        if name not in value:
            raise problem("range", f"has no bounds for variable {name!r}")
        bounds = value[name]
        if isinstance(bounds, dict):  # a list of heaps: read by read_list_domain
            bounds = bounds.get("each")
        if (
            not isinstance(bounds, list)
            or len(bounds) != 2
            or not all(isinstance(b, int) and not isinstance(b, bool) for b in bounds)
        ):
            raise problem(
                "range",
                f"bounds of {name!r} must be two whole numbers [low, high], got {brief(bounds)}",
            )
        low, high = bounds
        for bound in bounds:
            if abs(bound).bit_length() > MAX_BITS:
                raise problem(
                    "range",
                    f"a bound of {name!r} is {brief(bound)}; bounds may have at most "
                    f"{MAX_BITS:,} bits, like every number a claim builds",
                )
        if low > high:
            raise problem(
                "range", f"bounds of {name!r} are reversed: [{brief(low)}, {brief(high)}]"
            )
        ranges[name] = (low, high)
    return ranges


MAX_LIST_LENGTH = 32
"""Longest list a length range may ask for: each length is a claim of that many variables."""


@dataclass(frozen=True, slots=True)
class ListDomain:
    """The list variable ``name``: ``length`` heaps (inclusive bounds), each in ``each``."""

    name: str
    length: tuple[int, int]
    each: tuple[int, int]

    def describe(self) -> str:
        low, high = self.length
        count = f"{low}" if low == high else f"{low} to {high}"
        each_low, each_high = self.each
        return f"{self.name} a list of {count} numbers, each {each_low} <= x <= {each_high}"


def element_name(name: str, index: int) -> str:
    """The variable for heap ``index`` (from 1) of the list ``name``: ``h_3``."""
    return f"{name}_{index}"


def read_list_domain(
    value: Any, variables: tuple[str, ...], problem: Callable[[str, str], Exception]
) -> ListDomain | None:
    """The list variable of a ``range`` table, if one is given as ``{ length, each }``
    (``None`` when every variable has plain bounds).  At most one variable may be a list."""
    if not isinstance(value, dict):
        return None
    lists = [name for name in variables if isinstance(value.get(name), dict)]
    if not lists:
        return None
    if len(lists) > 1:
        raise problem("range", f"{lists[0]!r} and {lists[1]!r} are both lists; at most one may be")
    name = lists[0]
    table = value[name]
    extra = sorted(set(table) - {"length", "each"})
    if extra or set(table) != {"length", "each"}:
        raise problem(
            "range",
            f"the list {name!r} takes exactly length and each, such as "
            f"{{ length = [1, 8], each = [0, 15] }}, got {brief(table)}",
        )
    length = _pair(table["length"], f"length of {name!r}", problem)
    each = _pair(table["each"], f"each of {name!r}", problem)
    if length[0] < 0:
        raise problem("range", f"the length of {name!r} starts below 0: {length[0]}")
    if length[1] > MAX_LIST_LENGTH:
        raise problem(
            "range", f"the length of {name!r} goes up to {length[1]}; at most {MAX_LIST_LENGTH}"
        )
    taken = set(variables)
    for index in range(1, length[1] + 1):
        if element_name(name, index) in taken:
            raise problem(
                "range",
                f"{element_name(name, index)!r} names heap {index} of the list {name!r}; "
                "rename that variable",
            )
    return ListDomain(name, length, each)


def _pair(value: Any, what: str, problem: Callable[[str, str], Exception]) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(b, int) and not isinstance(b, bool) for b in value)
    ):
        raise problem(
            "range", f"the {what} must be two whole numbers [low, high], got {brief(value)}"
        )
    if value[0] > value[1]:
        raise problem("range", f"the {what} is reversed: {brief(value)}")
    return value[0], value[1]


def default_list_position(variables: Sequence[str], domain: ListDomain) -> str:
    """The position of a claim that writes none: its variables in order, the list's heaps
    in its place (``[a] + h``, or ``h`` alone)."""
    parts: list[str] = []
    plain: list[str] = []
    for name in variables:
        if name == domain.name:
            if plain:
                parts.append(f"[{', '.join(plain)}]")
                plain = []
            parts.append(name)
        else:
            plain.append(name)
    if plain:
        parts.append(f"[{', '.join(plain)}]")
    return " + ".join(parts)
