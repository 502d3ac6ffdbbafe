"""The values of claim expressions, and the limits on their size.

Values are whole numbers (``int``, and ``bool`` for truth values), text, exact numbers of
Q(sqrt 5) (:class:`~grundy.claims.numbers.Surd`, for anything involving ``phi``) and
tuples (every list literal and every position is a tuple).  The helpers here name a
value's kind in messages, spell values for people, and guard sizes *before* a result is
computed (:data:`MAX_BITS`, :data:`MAX_ITEMS`).
"""

from __future__ import annotations

from typing import Any

from grundy.claims.numbers import Surd

__all__ = [
    "MAX_BITS",
    "MAX_ITEMS",
    "MAX_NIM_PRODUCT_BITS",
    "Value",
    "plain",
    "short_value",
    "show_value",
    "truth",
    "value_size",
]

MAX_BITS = 14_000
"""Largest whole number an expression may build, in bits (about 4,200 digits: every
number can then be printed, since Python spells whole numbers of up to 4,300 digits)."""

MAX_ITEMS = 100_000
"""Largest list an expression may build, by :func:`value_size`: nested lists count all
their items (``[[0] * 1000] * 1000`` is a million), and large numbers their 64-bit words."""

MAX_NIM_PRODUCT_BITS = 256
"""Largest operand of ``nim_mul``, ``nim_inv`` and ``nim_pow`` in bits (a product of two
256-bit nimbers takes about a millisecond; the cost grows as width^1.6)."""

Value = Any  # int | bool | str | Surd | tuple[Value, ...]


class _EvalError(Exception):
    """A value-level failure, turned into a ClaimError naming the text by the caller."""


def truth(value: Value) -> bool:
    """Python's truth of a value (non-zero, non-empty)."""
    if isinstance(value, Surd):
        return value != Surd.of(0)
    return bool(value)


def plain(value: Value) -> Any:
    """A value as plain data: tuples become lists (for positions and JSON)."""
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, Surd):
        return str(value)
    return value


def show_value(value: Value) -> str:
    """A short human-readable spelling of a value."""
    if isinstance(value, tuple):
        return "[" + ", ".join(show_value(item) for item in value) + "]"
    if isinstance(value, str):
        return repr(value)
    return str(value)


def short_value(value: Value, limit: int = 80) -> str:
    """:func:`show_value`, cut to about ``limit`` characters (for messages and labels)."""
    text = show_value(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def _normal(number: Surd) -> Value:
    if number.is_rational and number.rational.denominator == 1:
        return number.rational.numerator
    return number


def _kind(value: Value) -> str:
    if isinstance(value, bool):
        return "a truth value"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, Surd):
        return "a real number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, tuple):
        return "a list"
    return type(value).__name__


def _is_number(value: Value) -> bool:
    return isinstance(value, (int, Surd))


def _whole(value: Value, what: str) -> int:
    if isinstance(value, int):
        return int(value)
    raise _EvalError(f"{what} needs whole numbers, got {_kind(value)} ({short_value(value)})")


def _numbers(left: Value, right: Value, what: str) -> tuple[Surd, Surd]:
    if _is_number(left) and _is_number(right):
        return Surd.of(left), Surd.of(right)
    raise _EvalError(f"{what} needs numbers, got {_kind(left)} and {_kind(right)}")


def _check_bits(bits: int, what: str) -> None:
    if bits > MAX_BITS:
        size = f"about {bits:,}" if bits < 10**15 else "more than 10^15"
        raise _EvalError(f"{what} would give a number of {size} bits; the limit is {MAX_BITS:,}")


def value_size(value: Value, limit: int = MAX_ITEMS) -> int:
    """The size of a value as the limits count it: one per list item at every depth of
    nesting, plus one per 64 bits of every whole number.  Counting stops once past
    ``limit``, so the cost is bounded by the limit, not by the value.

    >>> value_size((1, (2, 3), 2**640))
    15
    """
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            total += len(item)
            if total > limit:
                return total
            stack.extend(item)
        elif isinstance(item, int):
            total += item.bit_length() >> 6
            if total > limit:
                return total
    return total


def _check_items(count: int) -> None:
    if count > MAX_ITEMS:
        raise _EvalError(
            f"the list would have {_count(count)} items (nested lists count all their items, "
            f"large numbers their 64-bit words); the limit is {MAX_ITEMS:,}"
        )


def _count(count: int) -> str:
    return f"{count:,}" if count < 10**15 else "more than 10^15"


def _surd_bits(number: Surd) -> int:
    return max(
        abs(part.numerator).bit_length() + part.denominator.bit_length()
        for part in (number.rational, number.irrational)
    )
