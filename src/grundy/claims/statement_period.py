"""How the truth of a one-variable claim repeats in ``n``: reading its statement as
constant, polynomial or periodic pieces (the rules are in :mod:`grundy.claims.periodic`).
"""

from __future__ import annotations

import ast
import copy
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from grundy.certify.certified_values import CertifiedValues
from grundy.claims.evaluate import MAX_BITS, Scope, compile_expression
from grundy.claims.expression import FUNCTIONS, ParsedExpression
from grundy.claims.model import Claim, Expression
from grundy.claims.polynomials import Polynomial, sign_settled_from
from grundy.errors import GrundyError
from grundy.solve import Play

__all__ = [
    "MAX_DEGREE",
    "Declined",
    "Periodicity",
    "Quotient",
    "readable",
    "statement_periodicity",
    "uses_position",
]

MAX_DEGREE = 16
"""Highest degree of a polynomial in ``n`` that is followed."""


@dataclass(frozen=True, slots=True)
class Periodicity:
    """A value of ``n`` that repeats: ``f(n + period) == f(n)`` for every ``n >= start``.

    ``start`` is ``None`` when the repetition holds for every ``n``.  ``low`` and ``high``,
    when known, bound the value: for every ``n >= start`` it is a whole number in
    ``[low, high]`` (when it can be computed at all).

    >>> Periodicity(None, 4).join(Periodicity(71, 6))
    Periodicity(start=71, period=12)
    """

    start: int | None
    period: int
    low: int | None = field(default=None, repr=False)
    high: int | None = field(default=None, repr=False)

    def bounded(self, low: int, high: int) -> Periodicity:
        return Periodicity(self.start, self.period, low, high)

    def join(self, other: Periodicity) -> Periodicity:
        starts = [s for s in (self.start, other.start) if s is not None]
        return Periodicity(max(starts) if starts else None, math.lcm(self.period, other.period))


class Declined(Exception):
    """The expression is outside what the method can bound (the message says why)."""


@dataclass(frozen=True, slots=True)
class Quotient:
    """``numerator(n) // divisor``: a polynomial of degree >= 1 divided by a whole constant
    ``divisor >= 2``, rounded down (rule 5 of :mod:`grundy.claims.periodic`).

    ``P(n + d*L) - P(n)`` is a multiple of ``d*L`` for any ``L``, so the quotient at
    ``n + d*L`` is its value at ``n`` plus a multiple of ``L``: what is read of it modulo
    ``L``, or as a heap of a game with period ``L``, repeats with period ``d*L``.
    """

    numerator: Polynomial
    divisor: int


@dataclass(frozen=True, slots=True)
class _Constant:
    """A piece without ``n`` or positions; its value is computed only when needed."""

    node: ast.expr


_Shape = _Constant | Polynomial | Quotient | Periodicity
_Growing = (Polynomial, Quotient)  # pieces that are neither constant nor periodic

_ORDERINGS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def statement_periodicity(claim: Claim, values: CertifiedValues) -> Periodicity:
    """How the truth of the claim's statement (and ``assume``) repeats in ``n``.

    Raises ``Declined`` (an internal exception) when some piece cannot be bounded.
    """
    variable = claim.variables[0]
    low, high = claim.ranges[variable]
    largest = max(abs(low), abs(high), 1)
    return joined_periodicity(
        claim, lambda expression: _Reader(claim, expression, variable, values, largest), False
    )


_STAND_IN = CertifiedValues((0,), preperiod=0, period=1, theorem="none", reach=0)


def readable(claim: Claim) -> None:
    """Read the claim as :func:`statement_periodicity` does, with stand-in values, so that
    a statement the method cannot read is turned away before any certificate is built or
    any value searched.  Raises ``Declined`` with the reason; whether a piece can be read
    never depends on the game's values, only on the expression."""
    statement_periodicity(claim, _STAND_IN)


def joined_periodicity(
    claim: Claim, reader_of: Callable[[Expression], _Reader], position_is_outcome: bool
) -> Periodicity:
    """The period of the claim's truth: that of its statement and assume, each read by
    ``reader_of(expression)``, joined with that of its position's validity when the claim
    builds one (``position_is_outcome`` as :meth:`_Reader.heap_fact`'s ``is_outcome``)."""
    result = Periodicity(None, 1)
    for expression in (claim.statement, claim.assume):
        if expression is not None:
            result = result.join(reader_of(expression).truth(expression.parsed.tree))
    if uses_position(claim):  # every case builds the position: its validity must repeat too
        tree = claim.position.parsed.tree
        result = result.join(reader_of(claim.position).heap_fact(tree, position_is_outcome, tree))
    return result


class _Reader:
    """Gives each piece of one expression its shape (see the module docstring)."""

    def __init__(
        self,
        claim: Claim,
        expression: Expression,
        variable: str,
        values: CertifiedValues,
        largest: int,
    ) -> None:
        self.claim = claim
        self.text = expression.text.strip()
        self.variable = variable
        self.values = values
        self.largest = largest

    def piece(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.text, node) or type(node).__name__

    def decline(self, node: ast.AST, why: str) -> Declined:
        return Declined(f"{self.piece(node)!r}: {why}")

    def truth(self, node: ast.expr) -> Periodicity:
        shape = self.shape(node)
        if isinstance(shape, Polynomial):  # truth of P(n) is P(n) != 0
            return Periodicity(sign_settled_from(shape), 1)
        if isinstance(shape, Quotient):  # truth of P(n) // d is P(n) // d != 0
            return _quotient_against(shape, Polynomial(()))
        return _periodic(shape)

    def shape(self, node: ast.expr) -> _Shape:
        if _is_constant(node):
            return _Constant(node)
        if isinstance(node, ast.Name):
            if node.id == self.variable:
                return Polynomial((0, 1))
            if node.id in ("grundy", "outcome"):
                return self.position_fact(node)
            raise self.decline(node, "only grundy and outcome are read about positions")
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.UnaryOp):
            operand = self.shape(node.operand)
            if isinstance(operand, Quotient):
                if isinstance(node.op, ast.UAdd):
                    return operand
                raise self.decline(node, f"only '+' of a quotient in {self.variable} is followed")
            if isinstance(operand, Polynomial):
                if isinstance(node.op, ast.USub):
                    return -operand
                if isinstance(node.op, ast.UAdd):
                    return operand
                raise self.decline(node, "'not' of a polynomial in n is not followed")
            found = _periodic(operand)
            if isinstance(node.op, ast.USub) and found.low is not None and found.high is not None:
                return found.bounded(-found.high, -found.low)
            return Periodicity(found.start, found.period)  # bounds of the operand no longer hold
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("g", "outcome_of") and len(node.args) == 2:
                return self.named_heap_fact(node)
            if node.func.id in ("g", "outcome_of"):
                return self.heap_fact(node.args[0], node.func.id == "outcome_of", node)
            return self.combined(node, node.args)
        if isinstance(node, ast.BoolOp):
            return self.combined(node, node.values)
        if isinstance(node, ast.IfExp):
            return self.combined(node, [node.test, node.body, node.orelse])
        if isinstance(node, (ast.List, ast.Tuple)):
            return self.combined(node, node.elts)
        if isinstance(node, ast.Subscript):
            return self.combined(node, [node.value, node.slice])
        raise self.decline(node, "this construct is not followed")

    def combined(self, node: ast.AST, children: list[ast.expr]) -> Periodicity:
        """Rule 4: a pure function of periodic or constant pieces."""
        result = Periodicity(None, 1)
        for child in children:
            shape = self.shape(child)
            if isinstance(shape, _Growing):
                raise self.decline(
                    child, f"a polynomial in {self.variable} used in {self.piece(node)!r}"
                )
            result = result.join(_periodic(shape))
        return result

    def binary(self, node: ast.BinOp) -> _Shape:
        left, right = self.shape(node.left), self.shape(node.right)
        op = node.op
        if not isinstance(left, _Growing) and not isinstance(right, _Growing):
            joined = _periodic(left).join(_periodic(right))
            bounds = _interval(op, self.bounds(left, node.left), self.bounds(right, node.right))
            return joined.bounded(*bounds) if bounds else joined
        if isinstance(op, ast.FloorDiv) and not isinstance(right, _Growing):
            return self.quotient(left, self.whole(right, node.right, node), node)
        if isinstance(left, Quotient) or isinstance(right, Quotient):
            return self.quotient_arithmetic(node, left, right)
        if isinstance(op, ast.Mod) and isinstance(left, Polynomial):
            modulus = self.whole(right, node.right, node)
            if modulus == 0:
                raise self.decline(node, "division by zero")
            bounds = _interval(op, None, (modulus, modulus))
            assert bounds is not None
            return Periodicity(None, abs(modulus)).bounded(*bounds)  # rule 1
        if isinstance(op, ast.BitAnd) and isinstance(left, Polynomial):
            mask = self.whole(right, node.right, node)
            if mask >= 0:  # only the bits below the mask's top bit survive
                return Periodicity(None, 2 ** mask.bit_length()).bounded(0, mask)
        if isinstance(op, ast.Pow) and isinstance(left, Polynomial):
            exponent = self.whole(right, node.right, node)
            if exponent < 0 or left.degree * exponent > MAX_DEGREE:
                raise self.decline(node, f"the degree in {self.variable} would exceed {MAX_DEGREE}")
            result = Polynomial((1,))
            for _ in range(exponent):
                result = result * left
            return self.checked(result, node)
        if isinstance(op, (ast.Add, ast.Sub, ast.Mult)):
            a, b = self.polynomial(left, node.left, node), self.polynomial(right, node.right, node)
            if isinstance(op, ast.Add):
                return self.checked(a + b, node)
            if isinstance(op, ast.Sub):
                return self.checked(a + -b, node)
            return self.checked(a * b, node)
        raise self.decline(
            node, f"this operation on {self.variable} is not periodic or not followed"
        )

    def compare(self, node: ast.Compare) -> Periodicity:
        operands = [node.left, *node.comparators]
        shapes = [self.shape(operand) for operand in operands]
        result = Periodicity(None, 1)
        for index, op in enumerate(node.ops):
            left, right = shapes[index], shapes[index + 1]
            if not isinstance(left, _Growing) and not isinstance(right, _Growing):
                result = result.join(_periodic(left).join(_periodic(right)))
                continue
            if not isinstance(op, _ORDERINGS):
                result = result.join(self.membership(left, right, operands[index + 1], node))
                continue
            if isinstance(left, Quotient) or isinstance(right, Quotient):
                result = result.join(self.quotient_comparison(left, right, node))
                continue
            if isinstance(left, Periodicity) or isinstance(right, Periodicity):
                result = result.join(self.beyond_bounds(left, right, node))
                continue
            difference = self.polynomial(left, operands[index], node) + -self.polynomial(
                right, operands[index + 1], node
            )
            result = result.join(Periodicity(sign_settled_from(difference), 1))  # rule 2
        return result

    def quotient(self, left: _Shape, divisor: int, node: ast.BinOp) -> _Shape:
        """Rule 5: ``P(n) // d`` for a whole constant ``d``; ``(P // d) // e`` is ``P // (d*e)``."""
        if divisor == 0:
            raise self.decline(node, "division by zero")
        if isinstance(left, Quotient):
            if divisor < 0:
                raise self.decline(node, "a quotient divided by a negative number is not followed")
            numerator, divisor = left.numerator, left.divisor * divisor
        else:
            numerator = self.polynomial(left, node.left, node)
        if divisor < 0:  # floor(P / -d) is floor(-P / d)
            numerator, divisor = -numerator, -divisor
        return _make_quotient(self.checked(numerator, node), divisor)

    def quotient_arithmetic(self, node: ast.BinOp, left: _Shape, right: _Shape) -> _Shape:
        """``(P // d) % m`` and ``& mask`` are periodic; ``(P // d) + R`` is ``(P + d*R) // d``."""
        op = node.op
        if isinstance(left, Quotient) and isinstance(op, (ast.Mod, ast.BitAnd)):
            value = self.whole(right, node.right, node)
            if isinstance(op, ast.Mod) and value != 0:
                bounds = _interval(op, None, (value, value))
                assert bounds is not None
                return Periodicity(None, left.divisor * abs(value)).bounded(*bounds)
            if isinstance(op, ast.BitAnd) and value >= 0:
                return Periodicity(None, left.divisor * 2 ** value.bit_length()).bounded(0, value)
        if isinstance(op, (ast.Add, ast.Sub)) and isinstance(left, Quotient):
            other = self.polynomial(right, node.right, node)
            scaled = other * Polynomial.of([left.divisor])
            total = left.numerator + (scaled if isinstance(op, ast.Add) else -scaled)
            return _make_quotient(self.checked(total, node), left.divisor)
        if isinstance(op, ast.Add) and isinstance(right, Quotient):
            scaled = self.polynomial(left, node.left, node) * Polynomial.of([right.divisor])
            return _make_quotient(self.checked(right.numerator + scaled, node), right.divisor)
        raise self.decline(
            node, f"this operation on a quotient in {self.variable} is not periodic or not followed"
        )

    def quotient_comparison(self, left: _Shape, right: _Shape, node: ast.AST) -> Periodicity:
        """Rule 2 for quotients: ``P // d`` against a polynomial or a bounded value."""
        quotient, other = (left, right) if isinstance(left, Quotient) else (right, left)
        assert isinstance(quotient, Quotient)
        if isinstance(other, Quotient):
            raise self.decline(node, f"compares two quotients in {self.variable}")
        if isinstance(other, Periodicity):
            if other.low is None or other.high is None:
                raise self.decline(node, f"compares {self.variable} with a value of unknown bounds")
            # past the value's bounds for good: P >= d*(high + 1), or P < d*low
            if quotient.numerator.coefficients[-1] > 0:
                past = quotient.numerator + Polynomial.of([1 - quotient.divisor * (other.high + 1)])
            else:
                past = quotient.numerator + Polynomial.of([-quotient.divisor * other.low])
            return Periodicity(sign_settled_from(past), 1).join(other)
        return _quotient_against(quotient, self.polynomial(other, _node_of(other, node), node))

    def membership(
        self, left: _Shape, right: _Shape, right_node: ast.expr, node: ast.AST
    ) -> Periodicity:
        """``P(n) in [c1, c2, ...]`` (or ``not in``) for a written-out list of whole
        constants: one equality per member, each settled for good (rule 2)."""
        if not isinstance(left, _Growing) or not isinstance(right, _Constant):
            raise self.decline(
                node,
                f"'in' with a polynomial in {self.variable} is read only against a list "
                "of whole constants",
            )
        parsed = ParsedExpression(self.text, right_node, frozenset(), frozenset())
        try:
            members = compile_expression(parsed)(Scope({}))
        except GrundyError as exc:
            raise self.decline(node, str(exc)) from None
        if not isinstance(members, (list, tuple)) or not all(
            isinstance(m, int) and not isinstance(m, bool) for m in members
        ):
            raise self.decline(node, f"{self.piece(right_node)!r} is not a list of whole numbers")
        result = Periodicity(None, 1)
        for member in members:
            if isinstance(left, Quotient):
                result = result.join(_quotient_against(left, Polynomial.of([member])))
            else:
                result = result.join(
                    Periodicity(sign_settled_from(left + Polynomial.of([-member])), 1)
                )
        return result

    def quotient_heap(self, heap: Quotient, node: ast.AST) -> Periodicity:
        """Rule 3 for a heap ``P(n) // d``: period ``d * p`` once ``P(n) >= d * n0``."""
        if heap.numerator.coefficients[-1] < 0:
            raise self.decline(node, f"the heap shrinks as {self.variable} grows")
        at_least_n0 = heap.numerator + Polynomial.of([1 - heap.divisor * self.values.preperiod])
        return Periodicity(sign_settled_from(at_least_n0), heap.divisor * self.values.period)

    def beyond_bounds(self, left: _Shape, right: _Shape, node: ast.AST) -> Periodicity:
        """Rule 2b: a polynomial of degree >= 1 against a bounded periodic value leaves
        its bounds for good, so the comparison repeats with the value's period (an
        error in the value repeats with it), from where the polynomial is past them."""
        poly, other = (left, right) if isinstance(left, Polynomial) else (right, left)
        assert isinstance(poly, Polynomial) and isinstance(other, Periodicity)
        if other.low is None or other.high is None:
            raise self.decline(node, f"compares {self.variable} with a value of unknown bounds")
        if poly.degree <= 0:  # a constant after all, such as n - n
            return Periodicity(other.start, other.period)
        beyond = other.high if poly.coefficients[-1] > 0 else other.low
        settled = sign_settled_from(poly + Polynomial.of([-beyond]))
        return Periodicity(settled, 1).join(other)

    def bounds(self, shape: _Shape, node: ast.expr) -> tuple[int, int] | None:
        """Bounds of a periodic or constant whole-number piece, when known."""
        if isinstance(shape, Periodicity):
            if shape.low is None or shape.high is None:
                return None
            return shape.low, shape.high
        try:
            value = self.whole(shape, node, node)
        except Declined:  # text, a list, phi...: no bounds, which is fine here
            return None
        return value, value

    def polynomial(self, shape: _Shape, node: ast.expr, where: ast.AST) -> Polynomial:
        """``shape`` as a polynomial (a whole constant is one); ``where`` names the use."""
        if isinstance(shape, Polynomial):
            return shape
        if isinstance(shape, _Constant):
            return Polynomial.of([self.whole(shape, node, where)])
        if isinstance(shape, Quotient):
            raise self.decline(where, f"a quotient in {self.variable} used as a polynomial")
        raise self.decline(where, f"a position fact mixed with a polynomial in {self.variable}")

    def whole(self, shape: _Shape, node: ast.expr, where: ast.AST) -> int:
        """The value of the constant piece ``node``, which must be a whole number."""
        if isinstance(shape, Polynomial) and shape.degree <= 0:
            return shape.coefficients[0] if shape.coefficients else 0
        if not isinstance(shape, _Constant):
            raise self.decline(
                where, f"{self.piece(node)!r} must be a whole number that does not depend on n"
            )
        parsed = ParsedExpression(self.text, node, frozenset(), frozenset())
        try:
            value = compile_expression(parsed)(Scope({}))
        except GrundyError as exc:
            raise self.decline(where, str(exc)) from None
        if not isinstance(value, int):
            raise self.decline(where, f"{self.piece(node)!r} is not a whole number")
        return int(value)

    def checked(self, poly: Polynomial, node: ast.AST) -> Polynomial:
        """Refuse polynomials whose values in the range the interpreter would refuse."""
        if poly.degree > MAX_DEGREE:
            raise self.decline(node, f"the degree in {self.variable} would exceed {MAX_DEGREE}")
        if poly.degree * self.largest.bit_length() > MAX_BITS // 4:
            raise self.decline(node, "its values in the range are too large")
        bound = sum(abs(c) * self.largest**i for i, c in enumerate(poly.coefficients))
        if bound.bit_length() > MAX_BITS // 4:
            raise self.decline(node, "its values in the range are too large")
        return poly

    def position_fact(self, node: ast.Name) -> Periodicity:
        if node.id == "outcome" and self.claim.play is not Play.NORMAL:
            raise self.decline(node, "misere outcomes do not follow the normal-play period")
        position = self.claim.position
        reader = _Reader(self.claim, position, self.variable, self.values, self.largest)
        return reader.heap_fact(position.parsed.tree, False, position.parsed.tree)

    def named_heap_fact(self, node: ast.Call) -> Periodicity:
        """Rule 3 for another game's heap, ``g('0.07', [n + 1])``, with that game's own
        certified period: the statement's period is then the lcm of the games' periods,
        from the largest of their starts (rule 4)."""
        from grundy.claims.sequence_facts import named_table  # certificates, when used

        label = node.args[0]
        assert isinstance(label, ast.Constant) and isinstance(node.func, ast.Name)
        table = named_table(str(label.value))
        if isinstance(table, str):
            raise self.decline(node, table)
        other = copy.copy(self)
        other.values = table
        return other.heap_fact(node.args[1], node.func.id == "outcome_of", node)

    def heap_fact(self, argument: ast.expr, is_outcome: bool, node: ast.AST) -> Periodicity:
        """Rule 3: ``G`` (or the normal-play outcome) of a one-heap position."""
        if is_outcome and self.claim.play is not Play.NORMAL:
            raise self.decline(node, "misere outcomes do not follow the normal-play period")
        heap = argument
        if isinstance(argument, (ast.List, ast.Tuple)):
            if len(argument.elts) != 1:
                raise self.decline(argument, "only positions of a single heap are followed")
            heap = argument.elts[0]
        shape = self.shape(heap)
        # Every Grundy value of the game is among the certified ones (the rest repeat).
        low, high = (0, max(self.values.values)) if not is_outcome else (None, None)
        if isinstance(shape, Quotient):
            found = self.quotient_heap(shape, heap)
        elif not isinstance(shape, Polynomial):
            found = Periodicity(_periodic(shape).start, _periodic(shape).period)
        elif shape.degree <= 0:
            found = Periodicity(None, 1)
        elif shape.coefficients[-1] < 0:
            raise self.decline(heap, f"the heap shrinks as {self.variable} grows")
        else:
            at_least_n0 = shape + Polynomial.of([1 - self.values.preperiod])  # P(n) >= n0
            found = Periodicity(sign_settled_from(at_least_n0), self.values.period)
        return found if low is None or high is None else found.bounded(low, high)


def _interval(
    op: ast.operator, left: tuple[int, int] | None, right: tuple[int, int] | None
) -> tuple[int, int] | None:
    """Bounds of ``left op right`` from bounds of both sides, where this is simple.

    >>> _interval(ast.Sub(), (0, 8), (1, 3)), _interval(ast.Mod(), None, (-4, -4))
    ((-3, 7), (-3, 0))
    """
    if isinstance(op, ast.Mod) and right is not None and right[0] == right[1] != 0:
        modulus = right[0]
        return (0, modulus - 1) if modulus > 0 else (modulus + 1, 0)
    if left is None or right is None:
        return None
    (a, b), (c, d) = left, right
    if isinstance(op, ast.Add):
        return a + c, b + d
    if isinstance(op, ast.Sub):
        return a - d, b - c
    if isinstance(op, ast.Mult):
        products = (a * c, a * d, b * c, b * d)
        return min(products), max(products)
    return None


def _make_quotient(numerator: Polynomial, divisor: int) -> Polynomial | Quotient:
    """``numerator // divisor`` (``divisor >= 1``), a polynomial when it is one."""
    if divisor == 1:
        return numerator
    if numerator.degree <= 0:
        constant = numerator.coefficients[0] if numerator.coefficients else 0
        return Polynomial.of([constant // divisor])
    return Quotient(numerator, divisor)


def _quotient_against(quotient: Quotient, other: Polynomial) -> Periodicity:
    """How ``P // d`` compares with a polynomial ``R`` settles: ``P // d < R`` exactly when
    ``P - d*R < 0``, and ``P // d > R`` exactly when ``P - d*R - d >= 0``; both signs
    settle for good, and the three orderings follow from them."""
    scaled = quotient.numerator + -(other * Polynomial.of([quotient.divisor]))
    below = sign_settled_from(scaled)
    above = sign_settled_from(scaled + Polynomial.of([-quotient.divisor]))
    return Periodicity(None, 1).join(Periodicity(below, 1)).join(Periodicity(above, 1))


def _periodic(shape: _Shape) -> Periodicity:
    if isinstance(shape, Periodicity):
        return shape
    if isinstance(shape, _Constant):
        return Periodicity(None, 1)
    raise TypeError("a polynomial is not periodic")  # pragma: no cover - callers check


def _node_of(shape: _Shape, fallback: ast.AST) -> ast.expr:
    """The expression a constant piece was read from (for its value and messages)."""
    if isinstance(shape, _Constant):
        return shape.node
    assert isinstance(fallback, ast.expr)
    return fallback


def _is_constant(node: ast.AST) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id not in FUNCTIONS and sub.id != "phi":
            return False
        if isinstance(sub, ast.Call) and getattr(sub.func, "id", "") in ("g", "outcome_of"):
            return False
    return True


def uses_position(claim: Claim) -> bool:
    """Whether cases build the claim's position (any position fact is used, as in
    :meth:`~grundy.claims.runner.ClaimRunner.scope_for`)."""
    return any(e is not None and e.parsed.uses_position for e in (claim.statement, claim.assume))
