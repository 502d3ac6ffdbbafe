"""An independent checker for periodicity certificates.

It shares no code with the solvers or the game classes: from the certificate's own
description of the rules (an octal code, or a subtraction set) it checks that every value
the certificate lists is the mex of its options (:mod:`grundy.certify.value_check`, in
about linear time for the octal games whose values are sparse), and then checks the
hypotheses of the theorem the certificate invokes (see :mod:`grundy.certify.periodicity`
for the exact forms):

* the certificate lists at least ``G(0..last_needed)``, where ``last_needed`` is
  ``2s + 2p + t - 1`` (Guy-Smith, ``s = max(n0, 1)``, ``t`` the most tokens a move
  removes) or ``n0 + m - 1 + p`` (subtraction window, ``m = max(S)``); every value
  listed is checked, and codes whose moves leave three heaps are refused unread;
* ``G(n + p) = G(n)`` for ``n0 <= n <= last_needed - p``, and ``G(n0 - 1 + p) !=
  G(n0 - 1)`` (the preperiod is least).

Besides the standard library it uses numpy, numba (compiled through
:func:`grundy.solve.jit.compiled`, which only sets up numba's disk cache) and grundy's
error helpers.

>>> report = check_certificate({"game": "subtraction", "rules": "1,2", "theorem":
...     "subtraction-window", "preperiod": 0, "period": 3, "reach": 2, "start": 0,
...     "values": [0, 1, 2, 0, 1]})
>>> report.valid
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.certify.value_check import MAX_VALUE, check_values
from grundy.errors import brief
from grundy.validate import whole_from_text

__all__ = ["CertificateCheck", "check_certificate"]

_FIELDS = ("game", "rules", "theorem", "preperiod", "period", "reach", "start", "values")

MAX_STEPS = 100_000_000_000
"""Most splits the value check reads before it stops (about two minutes here); sparse
octal games need a few hundred a heap, so 0.354's 20 million values are well within."""

MAX_TAKE = 10**9
"""Largest member of a subtraction set read (the values are held in 32-bit arrays)."""

MAX_RULE_LENGTH = 64
"""Longest octal code (digits) or subtraction set (members) a certificate may give."""


@dataclass(frozen=True, slots=True)
class CertificateCheck:
    """The checker's answer: ``valid`` and, when not, every problem found.
    ``values_checked``: how many listed values were confirmed, from ``G(0)`` on."""

    valid: bool
    problems: tuple[str, ...]
    values_checked: int


def check_certificate(
    certificate: Mapping[str, Any] | Any, *, max_steps: int = MAX_STEPS
) -> CertificateCheck:
    """Re-verify a periodicity certificate: its JSON form, or an object with the same
    fields as attributes (``values`` may then be an array of integers, read as it is:
    20 million values are never turned into Python numbers)."""
    data = _fields_of(certificate)
    problems: list[str] = []
    missing = [name for name in _FIELDS if name not in data]
    if missing:
        return CertificateCheck(False, (f"missing field {missing[0]!r}",), 0)
    if not isinstance(data["values"], (list, tuple, np.ndarray)):
        return CertificateCheck(False, ("field 'values' must be a list of whole numbers",), 0)
    try:
        numbers = {name: _whole(data[name], name) for name in _FIELDS[3:7]}
        array = _value_array(data["values"])
    except ValueError as exc:
        return CertificateCheck(False, (str(exc),), 0)
    n0, period, reach, start = (numbers[k] for k in ("preperiod", "period", "reach", "start"))
    if period < 1 or n0 < 0:
        return CertificateCheck(False, ("period must be >= 1 and preperiod >= 0",), 0)

    game, theorem = data["game"], data["theorem"]
    try:
        if game == "octal" and theorem == "guy-smith":
            digits = _octal_digits(str(data["rules"]))
            true_reach = len(digits) - 1
            if any(d & 8 for d in digits):
                problems.append("the Guy-Smith form used covers moves leaving at most 2 heaps")
            if start < max(n0, 1):
                problems.append(f"the theorem must start at max(n0, 1) or later, not {start}")
            last_compared = 2 * start + period + reach - 1
            moves = [(k, digit) for k, digit in enumerate(digits) if digit]
        elif game == "subtraction" and theorem == "subtraction-window":
            subtraction_set = _subtraction_set(str(data["rules"]))
            true_reach = max(subtraction_set)
            if start != n0:
                problems.append(f"the window must start at the preperiod {n0}, not {start}")
            last_compared = start + reach - 1
            moves = [(s, 3) for s in subtraction_set]  # a heap of s may also be emptied
        else:
            return CertificateCheck(False, (f"unknown game/theorem {game!r}/{theorem!r}",), 0)
    except ValueError as exc:
        return CertificateCheck(False, (str(exc),), 0)

    if reach != true_reach:
        problems.append(f"reach is {true_reach} for these rules, the certificate says {reach}")
    last_needed = max(last_compared, start) + period
    if len(array) < last_needed + 1:
        problems.append(
            f"the theorem needs G(0..{last_needed}), the certificate lists only {len(array)} values"
        )
    if any(d & 8 for _, d in moves):
        return CertificateCheck(False, tuple(problems), 0)  # values of three heaps: not read
    checked = check_values(moves, array, max_steps=max_steps)
    if checked.stopped:
        problems.append(
            f"the check stopped after {checked.steps:,} steps (at most {max_steps:,}): "
            "these values are not sparse enough to be checked in about linear time"
        )
        return CertificateCheck(False, tuple(problems), 0)
    if checked.wrong_heap is not None:
        heap = checked.wrong_heap
        problems.append(f"G({heap}) is {checked.true_value}, the certificate says {array[heap]}")
        return CertificateCheck(False, tuple(problems), heap)
    if not problems:
        problems.extend(_theorem_hypotheses(array, n0, period, last_compared))
    return CertificateCheck(not problems, tuple(problems), len(array))


def _theorem_hypotheses(
    values: np.ndarray[Any, Any], n0: int, period: int, last_compared: int
) -> list[str]:
    """``G(n + p) = G(n)`` for ``n0 <= n <= last_compared``, and ``n0`` least."""
    differ = np.flatnonzero(
        values[n0 + period : last_compared + period + 1] != values[n0 : last_compared + 1]
    )
    if len(differ):
        heap = n0 + int(differ[0])
        return [
            f"G({heap + period}) = {values[heap + period]} differs from G({heap}) = {values[heap]}"
        ]
    if n0 > 0 and values[n0 - 1 + period] == values[n0 - 1]:
        return [f"the preperiod is not least: G({n0 - 1 + period}) = G({n0 - 1})"]
    return []


def _fields_of(certificate: Mapping[str, Any] | Any) -> Mapping[str, Any]:
    """The certificate's fields by name: a mapping as it is, else the object's attributes
    of those names (its ``to_json()`` when it has none of them)."""
    if isinstance(certificate, Mapping):
        return certificate
    found = {name: getattr(certificate, name) for name in _FIELDS if hasattr(certificate, name)}
    if not found and hasattr(certificate, "to_json"):
        data: Mapping[str, Any] = certificate.to_json()
        return data
    return found


def _value_array(
    values: list[Any] | tuple[Any, ...] | np.ndarray[Any, Any],
) -> np.ndarray[Any, Any]:
    """``values`` as a 2-byte array, when all are whole numbers (not ``bool``) from 0 to
    ``MAX_VALUE``; an array of integers is read without a copy beyond the narrowing."""
    if isinstance(values, np.ndarray):
        if values.ndim != 1 or values.dtype.kind not in "iu":
            raise ValueError(
                f"field 'values' must hold whole numbers, got an array of {values.dtype}"
            )
        low, high = (int(values.min()), int(values.max())) if len(values) else (0, 0)
        if not 0 <= low <= high <= MAX_VALUE:
            bad = low if low < 0 else high
            raise ValueError(
                f"field 'values' must hold numbers from 0 to {MAX_VALUE:,}, got {brief(bad)}"
            )
        return np.ascontiguousarray(values, dtype=np.uint16)
    if not set(map(type, values)) <= {int}:
        bad = next(v for v in values if type(v) is not int)
        raise ValueError(f"field 'values' must hold whole numbers, got {brief(bad)}")
    if values and not 0 <= min(values) <= max(values) <= MAX_VALUE:
        raise ValueError(
            f"field 'values' must hold numbers from 0 to {MAX_VALUE:,}, got "
            f"{brief(min(values) if min(values) < 0 else max(values))}"
        )
    return np.array(values, dtype=np.uint16)


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"field {name!r} must hold whole numbers, got {brief(value)}")
    return value


def _octal_digits(code: str) -> list[int]:
    if len(code) > MAX_RULE_LENGTH + 2:
        raise ValueError(f"octal code of {len(code):,} characters is too long")
    before, point, after = code.partition(".")
    if not point:
        raise ValueError(f"octal code {brief(code)} has no point")
    try:
        digits = [int(before or "0", 16)] + [int(ch, 16) for ch in after]
    except ValueError:
        raise ValueError(f"octal code {brief(code)} has a digit that is not hexadecimal") from None
    if digits[0] & 3:
        raise ValueError(f"octal code {brief(code)}: the digit before the point may only split")
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return digits


def _subtraction_set(rules: str) -> list[int]:
    if rules.count(",") >= MAX_RULE_LENGTH:
        raise ValueError(f"a subtraction set of more than {MAX_RULE_LENGTH} members is too long")
    read = [whole_from_text(piece, "subtraction set", ValueError) for piece in rules.split(",")]
    if None in read:
        raise ValueError(f"subtraction set {brief(rules)} is not a list of integers")
    numbers = sorted({number for number in read if number is not None})
    if not numbers or numbers[0] < 1:
        raise ValueError(f"subtraction set {brief(rules)} must hold positive integers")
    if numbers[-1] > MAX_TAKE:
        raise ValueError(f"a subtraction set's members are at most {MAX_TAKE:,} here")
    return numbers
