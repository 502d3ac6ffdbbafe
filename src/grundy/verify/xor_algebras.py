"""The ways the bit-induction engine (:mod:`grundy.verify.bit_induction`) reads ⊕.

A statement about nim-sums is written once against an *algebra* (``xor``, comparisons,
connectives) and read:

- on Python integers with the real XOR (:class:`PlainAlgebra`): the statement itself;
- on bit-vectors of a fixed width (:class:`BitVectorAlgebra`): a bounded search;
- at the halves, with XOR an uninterpreted function ``X`` from naturals to naturals
  (:class:`HalfAlgebra`), and at full size, every value split into ``2 * half + bit``
  (:class:`SplitAlgebra`): the two sides of an induction step.

A law written directly in Z3 terms instead takes ⊕ as a function building terms;
:class:`RecordedNimSum` is that function, uninterpreted, remembering each application so
that the step can constrain each one by the defining equation of the nim-sum.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

__all__ = [
    "BitVectorAlgebra",
    "HalfAlgebra",
    "PlainAlgebra",
    "RecordedNimSum",
    "Split",
    "SplitAlgebra",
    "Z3Logic",
    "Z3Terms",
]


class PlainAlgebra:
    """The statement itself: Python integers and the real XOR."""

    def xor(self, left: int, right: int) -> int:
        return left ^ right

    def const(self, value: int) -> int:
        return value

    def lt(self, left: int, right: int) -> bool:
        return left < right

    def le(self, left: int, right: int) -> bool:
        return left <= right

    def eq(self, left: int, right: int) -> bool:
        return left == right

    def ne(self, left: int, right: int) -> bool:
        return left != right

    def and_(self, *parts: bool) -> bool:
        return all(parts)

    def or_(self, *parts: bool) -> bool:
        return any(parts)

    def not_(self, part: bool) -> bool:
        return not part

    def implies(self, premise: bool, conclusion: bool) -> bool:
        return not premise or conclusion

    def ite(self, test: bool, then: int, other: int) -> int:
        return then if test else other


class Z3Logic:
    def and_(self, *parts: z3.BoolRef) -> z3.BoolRef:
        return z3.And(*parts)

    def or_(self, *parts: z3.BoolRef) -> z3.BoolRef:
        return z3.Or(*parts)

    def not_(self, part: z3.BoolRef) -> z3.BoolRef:
        return z3.Not(part)

    def implies(self, premise: z3.BoolRef, conclusion: z3.BoolRef) -> z3.BoolRef:
        return z3.Implies(premise, conclusion)


class Z3Terms(Z3Logic):
    """Equality and choice on values that are single Z3 terms (bit-vectors, integers)."""

    def eq(self, left: z3.ExprRef, right: z3.ExprRef) -> z3.BoolRef:
        return left == right

    def ne(self, left: z3.ExprRef, right: z3.ExprRef) -> z3.BoolRef:
        return left != right

    def ite(self, test: z3.BoolRef, then: z3.ExprRef, other: z3.ExprRef) -> z3.ExprRef:
        return z3.If(test, then, other)


class BitVectorAlgebra(Z3Terms):
    """Naturals below ``2**width`` as unsigned bit-vectors (a bounded search, not a proof
    of the unbounded statement)."""

    def __init__(self, width: int) -> None:
        self.width = width

    def xor(self, left: z3.BitVecRef, right: z3.BitVecRef) -> z3.BitVecRef:
        return left ^ right

    def const(self, value: int) -> z3.BitVecRef:
        return z3.BitVecVal(value, self.width)

    def lt(self, left: z3.BitVecRef, right: z3.BitVecRef) -> z3.BoolRef:
        return z3.ULT(left, right)

    def le(self, left: z3.BitVecRef, right: z3.BitVecRef) -> z3.BoolRef:
        return z3.ULE(left, right)


class HalfAlgebra(Z3Terms):
    """Naturals as Z3 integers, XOR the uninterpreted ``X`` (the induction hypothesis)."""

    def __init__(self, xor: z3.FuncDeclRef, facts: list[z3.BoolRef]) -> None:
        self.function = xor
        self.facts = facts  # X maps naturals to naturals: each application is >= 0

    def xor(self, left: z3.ArithRef, right: z3.ArithRef) -> z3.ArithRef:
        term = self.function(left, right)
        self.facts.append(term >= 0)
        return term

    def const(self, value: int) -> z3.ArithRef:
        return z3.IntVal(value)

    def lt(self, left: z3.ArithRef, right: z3.ArithRef) -> z3.BoolRef:
        return left < right

    def le(self, left: z3.ArithRef, right: z3.ArithRef) -> z3.BoolRef:
        return left <= right


@dataclass(frozen=True, slots=True)
class Split:
    """A natural ``2 * high + bit`` at full size: ``high`` is a half-size natural."""

    high: z3.ArithRef
    bit: z3.ArithRef


class SplitAlgebra(Z3Logic):
    """The statement at full size, every value split into its halves and low bit."""

    def __init__(self, half: HalfAlgebra) -> None:
        self.half = half

    def xor(self, left: Split, right: Split) -> Split:
        bit = z3.If(left.bit == right.bit, z3.IntVal(0), z3.IntVal(1))
        return Split(self.half.xor(left.high, right.high), bit)

    def const(self, value: int) -> Split:
        return Split(z3.IntVal(value // 2), z3.IntVal(value % 2))

    def lt(self, left: Split, right: Split) -> z3.BoolRef:
        return z3.Or(left.high < right.high, z3.And(left.high == right.high, left.bit < right.bit))

    def le(self, left: Split, right: Split) -> z3.BoolRef:
        return z3.Not(self.lt(right, left))

    def eq(self, left: Split, right: Split) -> z3.BoolRef:
        return z3.And(left.high == right.high, left.bit == right.bit)

    def ne(self, left: Split, right: Split) -> z3.BoolRef:
        return z3.Not(self.eq(left, right))

    def ite(self, test: z3.BoolRef, then: Split, other: Split) -> Split:
        return Split(z3.If(test, then.high, other.high), z3.If(test, then.bit, other.bit))


class RecordedNimSum:
    """An uninterpreted ⊕ that remembers every application, to constrain each one."""

    def __init__(self) -> None:
        self.function = z3.Function("nimsum", z3.IntSort(), z3.IntSort(), z3.IntSort())
        self.applications: list[tuple[z3.ArithRef, z3.ArithRef]] = []

    def __call__(self, left: z3.ArithRef, right: z3.ArithRef) -> z3.ArithRef:
        self.applications.append((left, right))
        result: z3.ArithRef = self.function(left, right)
        return result

    def defining(self, start: int = 0) -> list[z3.BoolRef]:
        """The defining equation at every application recorded from ``start`` on."""
        facts = []
        for left, right in self.applications[start:]:
            halves = self.function(left / 2, right / 2)
            facts.append(self.function(left, right) == 2 * halves + (left + right) % 2)
        return facts
