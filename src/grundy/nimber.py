"""Nimber arithmetic: nim-sum (addition of nimbers) and the minimal excluded value.

>>> nim_sum(3, 4, 5, 1)
3
>>> mex([0, 1, 3])
2
"""

from __future__ import annotations

from collections.abc import Iterable

from grundy.errors import InvalidArgumentError, brief

__all__ = ["mex", "nim_sum"]


def _check_nimber(value: object, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{where} takes whole numbers, got {brief(value)}")
    if value < 0:
        raise InvalidArgumentError(f"{where} takes non-negative whole numbers, got {brief(value)}")


def nim_sum(*values: int) -> int:
    """Return the nim-sum (bitwise exclusive or) of non-negative integers.

    >>> nim_sum(5, 12)
    9
    >>> nim_sum()
    0
    """
    total = 0
    for value in values:
        if not isinstance(value, int) or value < 0:  # one test on the fast path
            _check_nimber(value, "nim_sum")
        total ^= value
    return total


def mex(values: Iterable[int]) -> int:
    """Return the least non-negative integer not in ``values``.

    >>> mex([])
    0
    >>> mex({0, 1, 2, 5})
    3
    """
    present = set(values)
    for value in present:
        if not isinstance(value, int) or value < 0:
            _check_nimber(value, "mex")
    candidate = 0
    while candidate in present:
        candidate += 1
    return candidate
