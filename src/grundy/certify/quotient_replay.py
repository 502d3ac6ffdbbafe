"""The heap rules a misère-quotient certificate may name, replayed by its checker.

From the certificate's ``game`` and ``rules`` alone (an octal code, a subtraction set,
Nim or Grundy's game), :func:`heap_moves` lists each heap's moves; nothing of the game
classes or the construction is imported, so the checker replays the rule itself.

>>> replayed_rules("octal", "0.770"), replayed_rules("subtraction", "3,1,1")
('0.77', '1,3')
>>> heap_moves("grundys-game", "", 5)[5]
[(1, 4), (2, 3)]
"""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "KINDS",
    "RulesNotReplayable",
    "brief",
    "heap_moves",
    "largest_two_part_take",
    "replayed_rules",
    "rule_label",
    "statement",
]

KINDS = ("octal", "subtraction", "nim", "grundys-game")
"""The heap rules the checker replays."""


class RulesNotReplayable(ValueError):
    """The certificate's rule is not one the checker can replay (so nothing is checked)."""


def rule_label(kind: str, rules: str) -> str:
    """The rule as the command line writes it (``octal --code 0.77``, ``nim``)."""
    flag = {"octal": " --code ", "subtraction": " --set "}.get(kind)
    return f"{kind}{flag}{rules}" if flag else kind


def statement(label: str, upto: int, every_heap: bool) -> str:
    """What a certificate states (its ``statement`` field, checked word for word)."""
    return (
        f"for every sum of heaps of sizes 0..{upto} of {label}, the sum "
        "is a misère P-position iff the product of its heap images is in p_portion; the "
        "monoid is reduced, so it is the misère quotient of those sums"
        + (
            "; the heap map repeats with the given period and preperiod long enough "
            "(N >= 2 preperiod + 2 period + largest take) that the same holds for "
            "sums of heaps of every size, the heap map extended periodically"
            if every_heap
            else ""
        )
    )


MAX_RULE_CHARACTERS = 400
"""Longest rule text read (a subtraction set's members, an octal code's digits)."""


def _subtraction_set(rules: str) -> list[int]:
    if len(rules) > MAX_RULE_CHARACTERS or not re.fullmatch(r"[0-9]{1,6}(,[0-9]{1,6})*", rules):
        raise RulesNotReplayable(f"subtraction set {brief(rules)} is not a list of whole numbers")
    takes = sorted({int(t) for t in rules.split(",")})
    if takes[0] < 1:
        raise RulesNotReplayable("a subtraction set holds positive numbers")
    return takes


def _octal_digits(rules: str) -> list[int]:
    match = re.fullmatch(rf"([0-9a-fA-F]?)\.([0-9a-fA-F]{{0,{MAX_RULE_CHARACTERS}}})", rules)
    if match is None:
        raise RulesNotReplayable(f"octal code {brief(rules)} is not a code such as 0.07")
    digits = [int(match.group(1) or "0", 16)] + [int(c, 16) for c in match.group(2)]
    if digits[0] & 3:
        raise RulesNotReplayable("the digit before the point may only split a heap")
    return digits


def replayed_rules(kind: Any, rules: Any) -> str:
    """The rule's canonical text (an octal code without trailing zeros, a sorted set),
    or :class:`RulesNotReplayable` when the checker cannot replay it."""
    if not isinstance(kind, str) or kind not in KINDS:
        raise RulesNotReplayable(
            f"the certificate's game {brief(kind)} is not a rule the checker replays "
            f"({', '.join(KINDS)})"
        )
    if not isinstance(rules, str):
        raise RulesNotReplayable(f"the certificate's rules must be text, got {brief(rules)}")
    if kind == "subtraction":
        return ",".join(map(str, _subtraction_set(rules)))
    if kind == "octal":
        digits = _octal_digits(rules)
        while len(digits) > 1 and digits[-1] == 0:
            digits.pop()
        return "{:x}.{}".format(digits[0], "".join(f"{d:x}" for d in digits[1:]) or "0")
    if rules:
        raise RulesNotReplayable(f"{kind} takes no rules, the certificate gives {brief(rules)}")
    return ""


def heap_moves(kind: str, rules: str, upto: int) -> list[list[tuple[int, ...]]]:
    """Each heap's moves, as the tuples of heaps a move leaves (zeros dropped)."""
    moves: list[list[tuple[int, ...]]] = []
    if kind == "nim":
        return [[tuple(h for h in (left,) if h) for left in range(n)] for n in range(upto + 1)]
    if kind == "subtraction":
        takes = _subtraction_set(rules)
        return [[tuple(h for h in (n - t,) if h) for t in takes if t <= n] for n in range(upto + 1)]
    if kind == "grundys-game":  # split one heap into two unequal non-empty heaps
        return [[(i, n - i) for i in range(1, (n + 1) // 2)] for n in range(upto + 1)]
    if kind != "octal":
        raise RulesNotReplayable(f"unknown game kind {brief(kind)}")
    digits = _octal_digits(rules)
    for n in range(upto + 1):
        found: list[tuple[int, ...]] = []
        for take, digit in enumerate(digits):
            rest = n - take
            if rest < 0:
                break
            if digit & 1 and rest == 0:
                found.append(())
            if digit & 2 and rest > 0:
                found.append((rest,))
            if digit & 4:
                found.extend((i, rest - i) for i in range(1, rest // 2 + 1))
            if digit & 8:
                found.extend(
                    (i, j, rest - i - j)
                    for i in range(1, rest // 3 + 1)
                    for j in range(i, (rest - i) // 2 + 1)
                )
        moves.append(found)
    return moves


def brief(value: Any, limit: int = 60) -> str:
    """A value as ``repr`` shows it, shortened (a number of 4,000 digits by its length)."""
    if type(value) is int and value.bit_length() > 200:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    try:
        text = repr(value)
    except ValueError:  # past Python's limit on digits
        return "a very large number"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def largest_two_part_take(kind: str, rules: str) -> int | None:
    """The most tokens a move takes, when no move leaves more than two heaps."""
    if kind == "subtraction":
        return max(_subtraction_set(rules))
    if kind != "octal":
        return None
    digits = _octal_digits(rules)
    if any(digit & 8 for digit in digits):
        return None
    return max((take for take, digit in enumerate(digits) if digit), default=0)
