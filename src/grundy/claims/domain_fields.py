"""The fields of a claim that give its domain: ``vars`` (the variables' names) and
``range`` (each variable's bounds), read and checked before anything is built from them.
``problem(field, message)`` makes the claim's error naming the field."""

from __future__ import annotations

import keyword
import re
from typing import Any

from grundy.claims.evaluate import MAX_BITS
from grundy.claims.expression import RESERVED_NAMES
from grundy.errors import brief

__all__ = ["VAR_PATTERN", "read_ranges", "read_variables"]

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
