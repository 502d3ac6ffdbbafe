"""Exact numbers of the field Q(sqrt 5), so that the golden ratio is never rounded.

A :class:`Surd` is ``rational + irrational * sqrt(5)`` with both parts as fractions.
Sums, products, quotients, comparisons, ``floor`` and ``ceil`` are decided with integer
arithmetic only, so ``b > a * phi`` or ``floor(n * phi**2)`` give the true answer for
integers of any size.

>>> PHI * PHI == PHI + 1
True
>>> floor_of(PHI * 1000)
1618
>>> Surd.of(3) < PHI * 2 < Surd.of(4)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import gcd, isqrt

__all__ = ["PHI", "Surd", "ceil_of", "floor_of", "sign_of"]


@dataclass(frozen=True, slots=True)
class Surd:
    """The number ``rational + irrational * sqrt(5)``."""

    rational: Fraction
    irrational: Fraction = Fraction(0)

    @staticmethod
    def of(value: int | Fraction | Surd) -> Surd:
        if isinstance(value, Surd):
            return value
        return Surd(Fraction(value))

    @property
    def is_rational(self) -> bool:
        return self.irrational == 0

    def __add__(self, other: Surd | int) -> Surd:
        other = Surd.of(other)
        return Surd(self.rational + other.rational, self.irrational + other.irrational)

    def __sub__(self, other: Surd | int) -> Surd:
        other = Surd.of(other)
        return Surd(self.rational - other.rational, self.irrational - other.irrational)

    def __neg__(self) -> Surd:
        return Surd(-self.rational, -self.irrational)

    def __mul__(self, other: Surd | int) -> Surd:
        other = Surd.of(other)
        a, b, c, d = self.rational, self.irrational, other.rational, other.irrational
        return Surd(a * c + 5 * b * d, a * d + b * c)

    def __truediv__(self, other: Surd | int) -> Surd:
        other = Surd.of(other)
        # Multiply by the conjugate: (c + d√5)(c - d√5) = c² - 5d², never 0 unless other is 0.
        c, d = other.rational, other.irrational
        norm = c * c - 5 * d * d
        if norm == 0:
            raise ZeroDivisionError("division by zero")
        return self * Surd(c / norm, -d / norm)

    def __lt__(self, other: Surd | int) -> bool:
        other = Surd.of(other)
        return sign_of(self - other) < 0

    def __le__(self, other: Surd | int) -> bool:
        other = Surd.of(other)
        return sign_of(self - other) <= 0

    def __gt__(self, other: Surd | int) -> bool:
        other = Surd.of(other)
        return sign_of(self - other) > 0

    def __ge__(self, other: Surd | int) -> bool:
        other = Surd.of(other)
        return sign_of(self - other) >= 0

    def __str__(self) -> str:
        if self.is_rational:
            return str(self.rational)
        return f"{self.rational} + {self.irrational}*sqrt(5)"


PHI = Surd(Fraction(1, 2), Fraction(1, 2))
"""The golden ratio (1 + sqrt 5) / 2."""


def sign_of(number: Surd) -> int:
    """-1, 0 or 1: the sign of ``a + b*sqrt(5)``, decided by comparing a² with 5b²."""
    a, b = number.rational, number.irrational
    sign_a = (a > 0) - (a < 0)
    sign_b = (b > 0) - (b < 0)
    if sign_a == sign_b or sign_b == 0:
        return sign_a
    if sign_a == 0:
        return sign_b
    # The parts have opposite signs: the one with the larger square wins.
    return sign_a if a * a > 5 * b * b else sign_b


def floor_of(number: Surd) -> int:
    """The largest integer not above ``number`` (exact, with integers only).

    Over a common denominator ``d`` the number is ``(p + q*sqrt(5)) / d``; the floor of
    ``q*sqrt(5)`` is ``isqrt(5*q*q)``, or one less than its negative when ``q < 0`` (5q^2
    is never a square), and flooring by ``d`` after flooring the numerator loses nothing.

    >>> [floor_of(PHI * k) for k in range(1, 8)], floor_of(-PHI)
    ([1, 3, 4, 6, 8, 9, 11], -2)
    """
    a, b = number.rational, number.irrational
    if b == 0:
        return a.__floor__()
    denominator = a.denominator * b.denominator // gcd(a.denominator, b.denominator)
    p = a.numerator * (denominator // a.denominator)
    q = b.numerator * (denominator // b.denominator)
    root = isqrt(5 * q * q)
    return (p + (root if q > 0 else -root - 1)) // denominator


def ceil_of(number: Surd) -> int:
    """The smallest integer not below ``number`` (exact)."""
    return -floor_of(-number)
