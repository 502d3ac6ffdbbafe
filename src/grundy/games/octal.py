"""Octal (and hexadecimal) take-and-break games given by their code, e.g. ``0.77``.

A code ``d0.d1d2...dt`` lists one digit per number of tokens removed: digit ``d_k`` (the
digit before the point is ``d_0``) tells, bit by bit, what may be left of a heap after
removing exactly ``k`` tokens from it:

* bit 1: nothing (allowed only when the heap had exactly ``k`` tokens);
* bit 2: one non-empty heap;
* bit 4: two non-empty heaps (of any sizes, equal or not);
* bit 8: three non-empty heaps (hexadecimal digits ``8``-``f``).

Removing nothing (``d_0``) must change the position, so ``d_0`` may only split a heap: it
is ``0``, ``4``, ``8`` or ``c``.  Kayles is ``0.77``, Dawson's Kayles ``0.07`` and
Dawson's chess ``0.137``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar

from grundy.errors import InvalidParameterError, brief
from grundy.games.base import HeapGame
from grundy.games.params import (
    Param,
    ParamKind,
    adopt_declared,
    declared_rule_data,
    given_or_declared,
)

__all__ = ["OctalGame", "parse_octal_code"]

_CODE = re.compile(r"^([0-9a-fA-F])?\.([0-9a-fA-F]*)$")


def parse_octal_code(code: str) -> tuple[int, ...]:
    """The digits ``(d0, d1, ..., dt)`` of a code, trailing zeros dropped.

    >>> parse_octal_code("0.77")
    (0, 7, 7)
    >>> parse_octal_code("4.7260")
    (4, 7, 2, 6)
    >>> parse_octal_code(".f")
    (0, 15)
    """
    if not isinstance(code, str):
        raise InvalidParameterError(f"octal code must be text such as 0.77, got {brief(code)}")
    match = _CODE.match(code.strip())
    if match is None:
        raise InvalidParameterError(
            "octal code must look like 0.77 or 4.726 (hexadecimal digits allowed), "
            f"got {brief(code)}"
        )
    before, after = match.group(1) or "0", match.group(2)
    digits = [int(before, 16), *(int(ch, 16) for ch in after)]
    if digits[0] & 3:
        raise InvalidParameterError(
            f"octal code {code!r}: the digit before the point may only split a heap "
            "(0, 4, 8 or c), since removing no tokens must not leave the heap as it was"
        )
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return tuple(digits)


class OctalGame(HeapGame):
    """The take-and-break game with code ``d0.d1d2...dt`` (see the module docstring).

    A move picks one heap of size ``n`` and a ``k`` with ``k <= n``, removes ``k`` tokens
    and leaves the remaining ``n - k`` tokens as ``j`` non-empty heaps, where bit ``2**j``
    of digit ``d_k`` is set (``j = 0`` needs ``n = k``).  Positions with several heaps are
    disjunctive sums.

    >>> kayles = OctalGame("0.77")
    >>> sorted(kayles.heap_options(4))
    [(1, 1), (1, 2), (2,), (3,)]
    >>> OctalGame("0.770").label
    'octal --code 0.77'
    """

    name = "octal"
    summary = "take-and-break game from its octal code d0.d1d2... (hex digits allowed)"
    params: ClassVar[tuple[Param, ...]] = (
        Param("code", ParamKind.TEXT, "the octal code, e.g. 0.77 or 4.726", metavar="CODE"),
    )

    rule_data = frozenset({"octal_code"})
    """A subclass may declare its code as a class attribute, ``octal_code = "0.77"``, and
    nothing else about the rules: it then plays by these rules with that code (see
    :func:`~grundy.games.base.rules_class`), and takes no option ``--code``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        adopt_declared(cls, "octal_code", _checked_code)

    def __init__(self, code: str | None = None) -> None:
        declared = _declared_code(type(self))
        written = given_or_declared(code, declared, type(self).__name__, "octal", "code")
        self.digits: tuple[int, ...] = parse_octal_code(written)
        self.code: str = "{:x}.{}".format(
            self.digits[0], "".join(f"{d:x}" for d in self.digits[1:]) or "0"
        )

    def options(self) -> dict[str, Any]:
        if _declared_code(type(self)) is not None:
            return {}  # named by the class: its label is its name
        return {"code": self.code}

    @property
    def max_take(self) -> int:
        """``t``: the most tokens a move removes (the index of the last non-zero digit)."""
        return len(self.digits) - 1

    @property
    def max_heaps_left(self) -> int:
        """The most heaps a move leaves (2 for octal digits, 3 with hex digits 8-f)."""
        return max((d.bit_length() - 1 for d in self.digits if d), default=0)

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        for take, digit in enumerate(self.digits):
            rest = heap - take
            if rest < 0:
                break
            if digit & 1 and rest == 0:
                yield ()
            if digit & 2 and rest > 0:
                yield (rest,)
            if digit & 4:
                for small in range(1, rest // 2 + 1):
                    yield (small, rest - small)
            if digit & 8:
                for small in range(1, rest // 3 + 1):
                    for middle in range(small, (rest - small) // 2 + 1):
                        yield (small, middle, rest - small - middle)

    def describe_part_move(
        self, position: tuple[int, ...], index: int, part: Any, option: Any
    ) -> str:
        (heap,) = part
        taken = heap - sum(option)
        where = f"heap {index + 1}" if len(position) > 1 else "the heap"
        left = " + ".join(map(str, option)) if option else "nothing"
        if taken == 0:  # a digit before the point: split without taking
            return f"split {where} ({heap} -> {left})"
        return f"take {taken} from {where} ({heap} -> {left})"


def _checked_code(code: Any) -> Any:
    """A declared code, kept as written once :func:`parse_octal_code` accepts it."""
    parse_octal_code(code)
    return code


def _declared_code(cls: type) -> str | None:
    """The code a class declares (``octal_code = "0.77"``), or ``None``."""
    found = declared_rule_data(cls, "octal_code")
    return None if found is None else str(found)
