"""The rules every documented entry point applies to its arguments, in one place.

An argument of the wrong kind is refused at the boundary with
:class:`~grundy.errors.InvalidArgumentError` (a ``TypeError`` and a ``ValueError`` too),
naming the argument and quoting the value briefly: never a ``TypeError`` from deep
inside, never a wrong type taken as a value.  The rules are strict where Python is
lenient: ``True`` is not the number 1, ``2.0`` is not a heap, ``"3"`` is not a count.

>>> whole_number(3, "upto", low=0)
3
>>> whole_number(True, "upto")
Traceback (most recent call last):
...
grundy.errors.InvalidArgumentError: upto must be a whole number, got True
>>> flag(1, "misere")
Traceback (most recent call last):
...
grundy.errors.InvalidArgumentError: misere must be True or False, got 1
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from grundy.errors import InvalidArgumentError, brief

__all__ = [
    "DECODE_DIGITS",
    "MAX_DIGITS",
    "SEED_LIMIT",
    "digit_count",
    "fits_digits",
    "flag",
    "function",
    "instance",
    "long_numbers_decoded",
    "nimber",
    "numbers_fit_digits",
    "optional_whole_number",
    "path",
    "seconds",
    "sequence",
    "text",
    "too_long_number",
    "whole_from_text",
    "whole_number",
]

_T = TypeVar("_T")

SEED_LIMIT = 2**32
"""Seeds are below this: Z3 takes an unsigned 32-bit seed."""


MAX_DIGITS = 4_300
"""Longest whole number grundy reads, in decimal digits: Python's own default limit on
converting text to ``int``, made grundy's rule so that it holds whatever that setting is
(the digits of a longer one cost quadratic time to convert, and could not be printed)."""


def digit_count(value: int) -> int:
    """The decimal digits of ``value`` (its sign aside), without spelling it.

    >>> digit_count(0), digit_count(-999), digit_count(10**5000)
    (1, 3, 5001)
    """
    size = abs(value)
    estimate = max(1, int(size.bit_length() * 0.30102999566398120))  # log10(2)
    while estimate > 1 and size < 10 ** (estimate - 1):
        estimate -= 1
    while size >= 10**estimate:
        estimate += 1
    return estimate


DECODE_DIGITS = 100_000
"""Longest whole number a document (a claim file) is decoded with, in digits: one past
:data:`MAX_DIGITS` is then refused where it stands (that claim alone, by
:func:`too_long_number`), not by the decoder for the whole file.  Bounded, since
converting the digits costs quadratic time (100,000 of them take about 20 ms)."""

_DECODING = threading.Lock()


@contextlib.contextmanager
def long_numbers_decoded() -> Iterator[None]:
    """Inside, Python converts whole numbers of up to :data:`DECODE_DIGITS` digits (its
    setting is the process's: one document at a time, the old setting put back after)."""
    with _DECODING:
        before = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(DECODE_DIGITS)
        try:
            yield
        finally:
            sys.set_int_max_str_digits(before)


def _too_many_digits(value: int) -> int | None:
    """The digits of ``value`` when there are more than :data:`MAX_DIGITS`, else ``None``
    (the bit length answers at once for every number of up to 14,000 bits)."""
    if value.bit_length() > 3.3 * MAX_DIGITS:
        digits = digit_count(value)
        if digits > MAX_DIGITS:
            return digits
    return None


def fits_digits(value: int, what: str) -> int:
    """``value`` when it has at most :data:`MAX_DIGITS` digits: the rule for every whole
    number the Python API takes, as for those it reads from text.

    >>> fits_digits(10**5000, "n")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgumentError: n: a number of 5,001 digits is too long (at most 4,300)
    """
    digits = _too_many_digits(value)
    if digits is not None:
        raise InvalidArgumentError(
            f"{what}: a number of {digits:,} digits is too long (at most {MAX_DIGITS:,})"
        )
    return value


def numbers_fit_digits(value: Any, what: str) -> Any:
    """``value`` when every whole number in it (inside lists, tuples, sets and the values
    of dicts, at any depth) has at most :data:`MAX_DIGITS` digits; its other contents are
    left to the caller's rules.

    >>> numbers_fit_digits([3, (4, 10**5000)], "x")
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgumentError: x: a number of 5,001 digits is too long (at most 4,300)
    """
    pending = [value]
    while pending:  # iteratively: a deeply nested list is no reason for a RecursionError
        item = pending.pop()
        if isinstance(item, int):
            fits_digits(item, what)
        elif isinstance(item, (list, tuple, set, frozenset)):
            pending.extend(item)
        elif isinstance(item, dict):
            pending.extend(item.values())
    return value


def nimber(value: Any, what: str, *, bits: int | None = None) -> int:
    """``value`` when it is a whole number from 0 (not a bool), of at most ``bits`` bits.

    >>> nimber(2**300, "nim_inv", bits=256)
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidArgumentError: nim_inv takes nimbers of at most 256 bits, got 301 bits
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{what} takes whole numbers, got {brief(value)}")
    if value < 0:
        raise InvalidArgumentError(f"{what} takes non-negative whole numbers, got {brief(value)}")
    if bits is not None and value.bit_length() > bits:
        raise InvalidArgumentError(
            f"{what} takes nimbers of at most {bits:,} bits, got {value.bit_length():,} bits"
        )
    return value


def too_long_number(data: Any, where: str = "") -> str | None:
    """Why decoded ``data`` (dicts, lists, numbers) holds a whole number past
    :data:`MAX_DIGITS` digits, naming the key it is under, or ``None``.

    >>> too_long_number({"range": {"a": [0, 10**5000]}})
    'range.a: a number of 5,001 digits is too long (at most 4,300)'
    """
    if isinstance(data, int) and not isinstance(data, bool):
        digits = _too_many_digits(data)
        if digits is not None:
            shown = where or "a value"
            return f"{shown}: a number of {digits:,} digits is too long (at most {MAX_DIGITS:,})"
        return None
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for key, value in items:
        inner = where if isinstance(key, int) else f"{where}.{key}" if where else str(key)
        found = too_long_number(value, inner)
        if found is not None:
            return found
    return None


def whole_from_text(text: str, what: str, error: Callable[[str], Exception]) -> int | None:
    """The whole number ``text`` spells as ``int`` reads it (a sign, ``_`` between digits,
    spaces around), ``None`` when it spells none (the caller words that), and ``error``
    raised for one of more than :data:`MAX_DIGITS` digits, naming ``what``: the one rule
    for every whole number grundy reads from text.

    >>> whole_from_text(" -12 ", "x", ValueError), whole_from_text("1.5", "x", ValueError)
    (-12, None)
    >>> whole_from_text("9" * 5000, "option --n", ValueError)
    Traceback (most recent call last):
    ...
    ValueError: option --n: a number of 5,000 digits is too long (at most 4,300)
    """
    body = text.strip().lstrip("+-").replace("_", "")
    if body.isdigit() and len(body) > MAX_DIGITS:
        raise error(
            f"{what}: a number of {len(body):,} digits is too long (at most {MAX_DIGITS:,})"
        )
    try:
        return int(text)
    except ValueError:  # not a whole number (or past a lower limit someone set)
        return None


def whole_number(value: Any, what: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` when it is an ``int`` (not a bool) within ``low..high`` (either may be open)
    and of at most :data:`MAX_DIGITS` digits (:func:`fits_digits`)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{what} must be a whole number, got {brief(value)}")
    fits_digits(value, what)
    if low is not None and value < low:
        raise InvalidArgumentError(f"{what} must be at least {low:,}, got {brief(value)}")
    if high is not None and value > high:
        raise InvalidArgumentError(f"{what} must be at most {high:,}, got {brief(value)}")
    return value


def optional_whole_number(
    value: Any, what: str, *, low: int | None = None, high: int | None = None
) -> int | None:
    """``None``, or a whole number as :func:`whole_number` takes it."""
    return None if value is None else whole_number(value, what, low=low, high=high)


def seconds(value: Any, what: str) -> float | None:
    """``None`` (no limit) or a finite number of seconds from 0 (an ``int`` or a ``float``;
    0 is a budget used up at once)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidArgumentError(
            f"{what} must be a number of seconds or None, got {brief(value)}"
        )
    if not (value >= 0 and math.isfinite(value)):
        raise InvalidArgumentError(f"{what} must be at least 0 and finite, got {brief(value)}")
    return float(value)


def flag(value: Any, what: str) -> bool:
    """``value`` when it is ``True`` or ``False`` (not 1, not ``None``, not a string)."""
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{what} must be True or False, got {brief(value)}")
    return value


def one_of(value: Any, choices: Sequence[str], what: str) -> str:
    """``value`` when it is one of the text ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise InvalidArgumentError(
            f"{what} must be one of {', '.join(choices)}, got {brief(value)}"
        )
    return value


def text(value: Any, what: str, *, max_length: int | None = None) -> str:
    """``value`` when it is a ``str`` (of at most ``max_length`` characters)."""
    if not isinstance(value, str):
        raise InvalidArgumentError(f"{what} must be text (a str), got {brief(value)}")
    if max_length is not None and len(value) > max_length:
        raise InvalidArgumentError(
            f"{what} is {len(value):,} characters long; the limit is {max_length:,}"
        )
    return value


def path(value: Any, what: str) -> str | os.PathLike[str]:
    """A file's path: text or a path object (``pathlib.Path``)."""
    if isinstance(value, str) or (
        isinstance(value, os.PathLike) and isinstance(os.fspath(value), str)
    ):
        return value
    raise InvalidArgumentError(f"{what} must be a path (a str or a Path), got {brief(value)}")


def function(value: Any, what: str) -> Callable[..., Any]:
    """``value`` when it can be called."""
    if not callable(value):
        raise InvalidArgumentError(f"{what} must be a function, got {brief(value)}")
    return value  # type: ignore[no-any-return]


def instance(value: Any, kind: type[Any], what: str, described: str) -> Any:
    """``value`` when it is a ``kind`` (``described``: the kind in words, "a Game")."""
    if not isinstance(value, kind):
        raise InvalidArgumentError(f"{what} must be {described}, got {brief(value)}")
    return value


def sequence(value: Any, what: str) -> Sequence[Any]:
    """A list or a tuple (not a string, not bytes, not a one-shot iterator)."""
    if not isinstance(value, (list, tuple)):
        raise InvalidArgumentError(f"{what} must be a list or a tuple, got {brief(value)}")
    return value
