"""An independent checker for periodicity certificates.

It shares no code with the solvers or the game classes: from the certificate's own
description of the rules (an octal code, or a subtraction set) it recomputes every value
the certificate lists by a plain mex over the options, and then checks the hypotheses of
the theorem the certificate invokes (see :mod:`grundy.certify.periodicity` for the exact
forms).  Besides the standard library it uses only grundy's error helpers.

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

from grundy.errors import brief

__all__ = ["CertificateCheck", "check_certificate"]

_FIELDS = ("game", "rules", "theorem", "preperiod", "period", "reach", "start", "values")

MAX_STEPS = 50_000_000
"""Most options the checker lists while recomputing the values; a certificate that would
need more is refused before any work (its values are more than any period needs)."""

MAX_RULE_LENGTH = 64
"""Longest octal code (digits) or subtraction set (members) a certificate may give."""


@dataclass(frozen=True, slots=True)
class CertificateCheck:
    """The checker's answer: ``valid`` and, when not, every problem found."""

    valid: bool
    problems: tuple[str, ...]
    values_checked: int


def check_certificate(certificate: Mapping[str, Any] | Any) -> CertificateCheck:
    """Re-verify a periodicity certificate (its JSON form, or an object with ``to_json``)."""
    data = certificate.to_json() if hasattr(certificate, "to_json") else certificate
    problems: list[str] = []
    missing = [name for name in _FIELDS if name not in data]
    if missing:
        return CertificateCheck(False, (f"missing field {missing[0]!r}",), 0)
    if not isinstance(data["values"], (list, tuple)):
        return CertificateCheck(False, ("field 'values' must be a list of whole numbers",), 0)
    try:
        numbers = {name: _whole(data[name], name) for name in _FIELDS[3:7]}
        values = [_whole(v, "values") for v in data["values"]]
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
            options = _octal_options(digits)
        elif game == "subtraction" and theorem == "subtraction-window":
            subtraction_set = _subtraction_set(str(data["rules"]))
            true_reach = max(subtraction_set)
            if start != n0:
                problems.append(f"the window must start at the preperiod {n0}, not {start}")
            last_compared = start + reach - 1
            options = _subtraction_options(subtraction_set)
        else:
            return CertificateCheck(False, (f"unknown game/theorem {game!r}/{theorem!r}",), 0)
    except ValueError as exc:
        return CertificateCheck(False, (str(exc),), 0)

    steps = _steps(game, data, len(values))
    if steps > MAX_STEPS:
        return CertificateCheck(
            False,
            (
                f"checking {len(values):,} values would take about {steps:,} steps, more than "
                f"the checker's {MAX_STEPS:,}; no period needs that many",
            ),
            0,
        )
    if reach != true_reach:
        problems.append(f"reach is {true_reach} for these rules, the certificate says {reach}")
    last_needed = max(last_compared, start) + period
    if len(values) < last_needed + 1:
        problems.append(
            f"the theorem needs G(0..{last_needed}), the certificate lists only "
            f"{len(values)} values"
        )
    recomputed: list[int] = []
    for heap in range(len(values)):
        seen = {_xor(recomputed, parts) for parts in options(heap)}
        value = 0
        while value in seen:
            value += 1
        recomputed.append(value)
        if value != values[heap]:
            problems.append(f"G({heap}) is {value}, the certificate says {values[heap]}")
            break
    if not problems:
        for heap in range(n0, last_compared + 1):
            if values[heap + period] != values[heap]:
                problems.append(
                    f"G({heap + period}) = {values[heap + period]} differs from "
                    f"G({heap}) = {values[heap]}"
                )
                break
        if n0 > 0 and values[n0 - 1 + period] == values[n0 - 1]:
            problems.append(f"the preperiod is not least: G({n0 - 1 + period}) = G({n0 - 1})")
    return CertificateCheck(not problems, tuple(problems), len(recomputed))


def _steps(game: str, data: Mapping[str, Any], count: int) -> int:
    """About how many options recomputing ``count`` values lists."""
    if game == "subtraction":
        return count * len(_subtraction_set(str(data["rules"])))
    digits = _octal_digits(str(data["rules"]))
    splits = sum(1 for d in digits if d & 4)
    triples = sum(1 for d in digits if d & 8)
    return count * len(digits) + splits * count * count // 4 + triples * count**3 // 36


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"field {name!r} must hold whole numbers, got {brief(value)}")
    return value


def _xor(values: list[int], parts: tuple[int, ...]) -> int:
    total = 0
    for part in parts:
        total ^= values[part]
    return total


def _octal_digits(code: str) -> list[int]:
    if len(code) > MAX_RULE_LENGTH + 2:
        raise ValueError(f"octal code of {len(code):,} characters is too long")
    before, point, after = code.partition(".")
    if not point:
        raise ValueError(f"octal code {code!r} has no point")
    try:
        digits = [int(before or "0", 16)] + [int(ch, 16) for ch in after]
    except ValueError:
        raise ValueError(f"octal code {code!r} has a digit that is not hexadecimal") from None
    if digits[0] & 3:
        raise ValueError(f"octal code {code!r}: the digit before the point may only split")
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return digits


def _octal_options(digits: list[int]) -> Any:
    """A function listing, for a heap, the heaps left by each move (as tuples)."""

    def options(heap: int) -> list[tuple[int, ...]]:
        found: list[tuple[int, ...]] = []
        for take, digit in enumerate(digits):
            rest = heap - take
            if rest < 0:
                break
            if digit & 1 and rest == 0:
                found.append(())
            if digit & 2 and rest >= 1:
                found.append((rest,))
            if digit & 4:
                found.extend((a, rest - a) for a in range(1, rest // 2 + 1))
            if digit & 8:
                found.extend(
                    (a, b, rest - a - b)
                    for a in range(1, rest // 3 + 1)
                    for b in range(a, (rest - a) // 2 + 1)
                )
        return found

    return options


def _subtraction_set(rules: str) -> list[int]:
    if rules.count(",") >= MAX_RULE_LENGTH:
        raise ValueError(f"a subtraction set of more than {MAX_RULE_LENGTH} members is too long")
    try:
        numbers = sorted({int(piece) for piece in rules.split(",")})
    except ValueError:
        raise ValueError(f"subtraction set {rules!r} is not a list of integers") from None
    if not numbers or numbers[0] < 1:
        raise ValueError(f"subtraction set {rules!r} must hold positive integers")
    return numbers


def _subtraction_options(subtraction_set: list[int]) -> Any:
    def options(heap: int) -> list[tuple[int, ...]]:
        return [(heap - s,) for s in subtraction_set if s <= heap]

    return options
