"""Nimber arithmetic: nim-sum (addition of nimbers) and the minimal excluded value.

>>> nim_sum(3, 4, 5, 1)
3
>>> mex([0, 1, 3])
2
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["mex", "nim_sum"]


def nim_sum(*values: int) -> int:
    """Return the nim-sum (bitwise exclusive or) of non-negative integers.

    >>> nim_sum(5, 12)
    9
    >>> nim_sum()
    0
    """
    total = 0
    for value in values:
        if value < 0:
            raise ValueError(f"nim-sum is defined for non-negative integers, got {value}")
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
    candidate = 0
    while candidate in present:
        candidate += 1
    return candidate
