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

import math
import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from grundy.errors import InvalidArgumentError, brief

__all__ = [
    "SEED_LIMIT",
    "flag",
    "function",
    "instance",
    "optional_whole_number",
    "path",
    "seconds",
    "sequence",
    "text",
    "whole_number",
]

_T = TypeVar("_T")

SEED_LIMIT = 2**32
"""Seeds are below this: Z3 takes an unsigned 32-bit seed."""


def whole_number(value: Any, what: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` when it is an ``int`` (not a bool) within ``low..high`` (either may be open)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{what} must be a whole number, got {brief(value)}")
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
