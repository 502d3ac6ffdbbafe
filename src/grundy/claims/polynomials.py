"""Integer polynomials in one variable, and where their sign settles for good.

The certificate method (:mod:`grundy.claims.statement_period`) reads pieces of a claim
such as ``n * n - 4000`` as polynomials in ``n``; a comparison of two of them is decided
beyond the point :func:`sign_settled_from` returns.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Polynomial", "sign_settled_from"]


@dataclass(frozen=True, slots=True)
class Polynomial:
    """``sum(coefficients[i] * n**i)``; no trailing zero coefficients (``()`` is 0)."""

    coefficients: tuple[int, ...]

    @property
    def degree(self) -> int:
        return len(self.coefficients) - 1

    @classmethod
    def of(cls, coefficients: list[int] | tuple[int, ...]) -> Polynomial:
        items = list(coefficients)
        while items and items[-1] == 0:
            items.pop()
        return cls(tuple(items))

    def __add__(self, other: Polynomial) -> Polynomial:
        size = max(len(self.coefficients), len(other.coefficients))
        a = self.coefficients + (0,) * (size - len(self.coefficients))
        b = other.coefficients + (0,) * (size - len(other.coefficients))
        return Polynomial.of([x + y for x, y in zip(a, b, strict=True)])

    def __neg__(self) -> Polynomial:
        return Polynomial(tuple(-c for c in self.coefficients))

    def __mul__(self, other: Polynomial) -> Polynomial:
        if not self.coefficients or not other.coefficients:
            return Polynomial(())
        product = [0] * (len(self.coefficients) + len(other.coefficients) - 1)
        for i, x in enumerate(self.coefficients):
            for j, y in enumerate(other.coefficients):
                product[i + j] += x * y
        return Polynomial.of(product)


def sign_settled_from(poly: Polynomial) -> int | None:
    """An ``S`` with ``poly(n)`` non-zero and of its leading coefficient's sign for all
    ``n >= S`` (``None`` for a constant, whose sign never changes).

    Degree 1: just past the root.  Higher degree: past a bound on the size of every
    complex root, the smaller of Cauchy's ``1 + max|a_i / a_d|`` and Fujiwara's
    ``2 * max|a_(d-i) / a_d| ** (1/i)`` (both taken with whole numbers rounded up).

    >>> sign_settled_from(Polynomial((-71, 1)))  # n - 71
    72
    >>> sign_settled_from(Polynomial((-4000, 0, 1)))  # n*n - 4000: 2 * ceil(sqrt(4000)) + 1
    129
    """
    if poly.degree <= 0:
        return None
    if poly.degree == 1:
        constant, slope = poly.coefficients
        return (-constant) // slope + 1  # floor of the root, plus one
    *lower, lead = (abs(c) for c in poly.coefficients)
    cauchy = 1 + -(-max(lower) // lead)
    degree = poly.degree
    fujiwara = 2 * max(_root_ceiling(lower[degree - i], lead, i) for i in range(1, degree + 1))
    return min(cauchy, fujiwara) + 1


def _root_ceiling(numerator: int, denominator: int, k: int) -> int:
    """The least whole ``r >= 0`` with ``r ** k >= numerator / denominator``.

    >>> _root_ceiling(4000, 1, 2), _root_ceiling(8, 1, 3), _root_ceiling(9, 1, 3)
    (64, 2, 3)
    """
    low, high = 0, 1
    while high**k * denominator < numerator:
        high *= 2
    while low < high:  # least r in [low, high] with r**k * denominator >= numerator
        middle = (low + high) // 2
        if middle**k * denominator >= numerator:
            high = middle
        else:
            low = middle + 1
    return low
