"""Values of loopy impartial games (Smith's generalized Sprague-Grundy theory).

A position of a finite game whose moves may form cycles has a *loopy value*: either a
finite nimber ``m`` or an infinity ``∞_K``, where ``K`` is the set of finite values among
the position's options.  The value decides the outcome under normal play with best play:

- ``0``: P (the player to move loses);
- a finite ``m > 0``, or ``∞_K`` with ``0`` in ``K``: N (the player to move wins);
- ``∞_K`` with ``0`` not in ``K``: D (neither player can force a win: a draw).

Sums follow the generalized rule, decided here and nowhere else (:meth:`LoopyValue.plus`):
finite + finite is the nim-sum; ``a + ∞_K = ∞_(K xor a)``; ``∞_K + ∞_L = ∞_{}`` (a sum
of two infinities is a draw: each player can keep some component alive forever).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["LoopyOutcome", "LoopyValue", "sum_of"]


class LoopyOutcome(StrEnum):
    """P: the previous player wins; N: the next player wins; D: a draw with best play."""

    P = "P"
    N = "N"
    D = "D"


@dataclass(frozen=True, slots=True, order=False)
class LoopyValue:
    """A finite nimber (``nimber`` set) or an infinity with its finite option values ``K``.

    >>> LoopyValue.finite(3).plus(LoopyValue.infinite({0, 2}))
    LoopyValue(nimber=None, followers=frozenset({1, 3}))
    >>> str(LoopyValue.infinite({0, 2})), LoopyValue.infinite({1}).outcome.value
    ('∞{0,2}', 'D')
    """

    nimber: int | None
    followers: frozenset[int] = frozenset()  # K: only for an infinite value

    def __post_init__(self) -> None:
        if self.nimber is not None and self.followers:
            raise ValueError("a finite loopy value has no set K")

    @classmethod
    def finite(cls, nimber: int) -> LoopyValue:
        return cls(nimber)

    @classmethod
    def infinite(cls, followers: frozenset[int] | set[int] | tuple[int, ...] = ()) -> LoopyValue:
        return cls(None, frozenset(followers))

    @property
    def is_finite(self) -> bool:
        return self.nimber is not None

    @property
    def outcome(self) -> LoopyOutcome:
        """The outcome class this value stands for (the rule in the module's text)."""
        if self.nimber is not None:
            return LoopyOutcome.P if self.nimber == 0 else LoopyOutcome.N
        return LoopyOutcome.N if 0 in self.followers else LoopyOutcome.D

    def plus(self, other: LoopyValue) -> LoopyValue:
        """The value of a sum of two positions with these values (the generalized rule)."""
        if self.nimber is not None and other.nimber is not None:
            return LoopyValue.finite(self.nimber ^ other.nimber)
        if self.nimber is None and other.nimber is None:
            return LoopyValue.infinite()
        finite, infinite = (self, other) if self.nimber is not None else (other, self)
        assert finite.nimber is not None
        return LoopyValue.infinite({k ^ finite.nimber for k in infinite.followers})

    def __str__(self) -> str:
        """``3``, or ``∞{0,2}`` (``∞{}`` when no option has a finite value)."""
        if self.nimber is not None:
            return str(self.nimber)
        return "∞{" + ",".join(map(str, sorted(self.followers))) + "}"

    @property
    def ascii(self) -> str:
        """The value as a claim expression sees it: ``3``'s text ``3``, ``inf{0,2}``."""
        return str(self).replace("∞", "inf")

    @property
    def claim_value(self) -> int | str:
        """What ``grundy`` is in a claim: the number, or the text ``inf{...}``."""
        return self.nimber if self.nimber is not None else self.ascii


def sum_of(values: list[LoopyValue]) -> LoopyValue:
    """The value of a sum of positions with these values (the empty sum is 0)."""
    total = LoopyValue.finite(0)
    for value in values:
        total = total.plus(value)
    return total
