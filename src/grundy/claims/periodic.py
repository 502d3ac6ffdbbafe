"""Claims about every heap size, decided by a periodicity certificate (method "certificate").

A claim fits this method when its game is a heap game, it has one variable ``n``, and its
statement (and ``assume``) look at positions only through single heaps: ``grundy`` and
``outcome`` of a one-heap position such as ``[n]`` or ``[n + 3]``, and ``g([...])`` or
``outcome_of([...])`` of one heap.  ``moves`` and ``winning_moves`` are not used, and in
misère play ``outcome`` is not used either (misère outcomes of octal games do not follow
the normal-play period).

**The argument.**  Suppose the game's Grundy sequence has a certified period ``p`` from
``n0``: ``G(m + p) = G(m)`` for every ``m >= n0``, made to hold for every ``m`` by the
Guy-Smith theorem (octal games) or the window argument (subtraction games), see
:mod:`grundy.certify.periodicity`.  The certificate is re-verified by the independent
checker :func:`~grundy.certify.periodicity_check.check_certificate`, and its rules must be
the claim's game, before it is used.  Then the expression is read bottom up, and each
piece gets one of three shapes:

* *constant*: it mentions neither ``n`` nor a position;
* *polynomial*: an integer polynomial ``P(n)``, built from ``n`` and whole constants by
  ``+ - *`` and ``**`` with a constant exponent;
* *periodic from S with period L*: its value at ``n + L`` equals its value at ``n`` for
  every ``n >= S`` (``S`` may be minus infinity).

The rules, each a small lemma:

1. ``P(n) % k`` for a whole constant ``k != 0`` is periodic with period ``|k|`` everywhere,
   since ``P(n + k) - P(n)`` is a multiple of ``k``.  (So ``n * n % 7`` is fine.)
   ``P(n) & k`` for a constant ``k >= 0`` keeps only bits below ``2**b`` (``b`` the bit
   length of ``k``), so it has period ``2**b``.
2. ``P(n) < Q(n)`` (and ``<=, ==, !=, >, >=``) is eventually constant: ``D = P - Q`` has
   no root beyond ``-d0/d1`` when it has degree 1, and otherwise none beyond Cauchy's or
   Fujiwara's bound on the roots (see :func:`sign_settled_from`), so past that point
   ``D(n)`` has the sign of its leading coefficient.
   The same holds for ``P(n)`` against a periodic whole number with known bounds (a
   Grundy value lies between 0 and the largest certified value; ``% k``, ``+ - *`` of
   bounded values are bounded): once ``P(n)`` is past the bounds the comparison is
   decided, and it repeats with the value's period (an error in the value repeats too).
3. ``G(P(n))`` (``g([P(n)])``, ``grundy`` of the position ``[P(n)]``), with ``P`` of
   degree at least 1 and a positive leading coefficient, is periodic with period ``p``
   from the first ``S`` beyond which ``P(n) >= n0`` (rule 2's bound applied to
   ``P - n0 + 1``): ``P(n + p) - P(n)`` is a multiple of ``p`` and both heaps are at
   least ``n0``.  ``outcome`` in normal play is ``P`` exactly when ``G = 0``, so it has the
   same period.  ``G`` of a heap that is itself periodic is periodic with the same ``S, L``.
4. Any allowed operation or function applied to periodic or constant pieces is periodic
   with the least common multiple of their periods, from the largest of their starts:
   the interpreter's operations are pure functions of their arguments' values.

Anything else (``n // 3``, ``floor(n * phi)``, ``n | 1``, ``grundy + n``, ``max(n, 3)``,
several heaps, ``moves``) is not read, and the method declines with the reason; ``auto``
then goes on to random search as before.  Never a guess.

When the statement's truth (with ``assume``) is periodic from ``S`` with period ``L``,
checking every ``n`` from the range's lower bound ``lo`` up to ``max(lo, S) + L - 1``
decides the claim for *every* ``n >= lo``: a larger ``n`` has the same truth as the ``n - kL``
that lands in the last ``L`` checked values.  The check evaluates the claim with the real
interpreter, taking each ``G(m)`` from the certified values (``G(m)`` for ``m >= n0`` is
``G(n0 + (m - n0) mod p)``), so huge heaps cost nothing.  The result is ``proved`` with
scope ``unbounded`` (it holds for every ``n >= lo``, beyond the stated upper bound), or
``refuted`` at the least ``n`` of the range that fails, re-evaluated by a fresh exact
solver (on the heap itself up to :data:`DIRECT_RECHECK_HEAPS` tokens, beyond that on the
equivalent heap ``n0 + (m - n0) mod p``).

When no period is certified (Grundy's game never is) or the statement is not periodic, the
first values of ``n`` are still scanned (up to :data:`SCAN_CASES` of them, with values
from the certified sequence or from the plain exact solver): a failure there is the least
counterexample, reported ``refuted`` with method ``sequence-scan``; otherwise the method
declines.  ``auto`` then runs its random search, with ``G`` from the certified values when
there are some (:func:`random_with_certified_values`), so that heaps of 10^18 tokens are a
look-up rather than a solve; it can refute, never prove.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from grundy.certify.periodicity import (
    PeriodicityCertificate,
    build_certificate,
    period_report,
)
from grundy.certify.periodicity_check import check_certificate
from grundy.claims.evaluate import MAX_BITS, Scope, Value, compile_expression, plain, truth
from grundy.claims.expression import FUNCTIONS, POSITION_NAMES, ParsedExpression
from grundy.claims.game_facts import grundy_refusal
from grundy.claims.model import Claim, Expression
from grundy.claims.sampling import none_admitted, random_examples
from grundy.errors import ClaimError, GrundyError, InvalidParameterError
from grundy.games.base import Game, HeapGame, plays_by
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame
from grundy.settings import CheckSettings
from grundy.solve import Play, Solver, grundy_sequence, plain_grundy_sequence
from grundy.verdict import UNBOUNDED, Status, Verdict
from grundy.verify.exhaustive import check_exhaustive, holds_in_all

__all__ = [
    "CERTIFY_UPTO",
    "DIRECT_RECHECK_HEAPS",
    "SCAN_CASES",
    "WINDOW_LIMIT",
    "CertifiedValues",
    "NotApplicable",
    "Periodicity",
    "certified_values",
    "check_by_certificate",
    "random_with_certified_values",
    "statement_periodicity",
]

CERTIFY_UPTO = 4_000
"""Most values computed while looking for a certified period (quick: a quarter)."""

WINDOW_LIMIT = 200_000
"""Most values of ``n`` checked to cover one whole period of the statement (quick: 20,000)."""

SCAN_CASES = 2_000
"""Values of ``n`` scanned for a counterexample when nothing is proved (quick: 500)."""

SCAN_HEAPS = 500
"""Heaps solved by the plain solver for a scan when no period is certified (quick: 200)."""

DIRECT_RECHECK_HEAPS = 300
"""Largest heap a counterexample is re-checked on as it is; larger ones are reduced by p."""

MAX_DEGREE = 16
"""Highest degree of a polynomial in ``n`` that is followed."""

_FIRST_UPTO = 500


@dataclass(frozen=True, slots=True)
class NotApplicable:
    """Why the certificate method does not decide a claim (``auto`` moves on).

    ``values`` are the game's certified values when there are some (the statement was
    the problem): random search can then use them instead of solving huge heaps.
    """

    reason: str
    values: CertifiedValues | None = None


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


@dataclass(frozen=True, slots=True)
class CertifiedValues:
    """``G(m)`` for every ``m``, from a certificate that the independent checker accepted.

    >>> table = CertifiedValues((0, 1, 2, 0, 1, 2, 0), preperiod=0, period=3, theorem="t",
    ...                         reach=2)
    >>> [table.value(m) for m in (5, 10**18)]
    [2, 1]
    """

    values: tuple[int, ...]
    preperiod: int
    period: int
    theorem: str
    reach: int

    def value(self, heap: int) -> int:
        if heap < len(self.values):
            return self.values[heap]
        return self.values[self.reduced(heap)]

    def reduced(self, heap: int) -> int:
        """The least heap with the same value as ``heap`` by the period (itself below n0)."""
        if heap < self.preperiod:
            return heap
        return self.preperiod + (heap - self.preperiod) % self.period

    def details(self) -> dict[str, Any]:
        return {
            "theorem": self.theorem,
            "n0": self.preperiod,
            "period": self.period,
            "t": self.reach,
            "values_checked": len(self.values),
        }


# -- finding and checking the certificate ------------------------------------------------


def certified_values(game: Any, settings: CheckSettings) -> CertifiedValues | NotApplicable:
    """The game's Grundy values with a certified period, re-checked independently.

    Values are computed (fast engine) until :func:`~grundy.certify.period_report`
    certifies a period or :data:`CERTIFY_UPTO` is reached; the certificate must then pass
    :func:`~grundy.certify.check_certificate` and describe the claim's own game.
    """
    if not isinstance(game, HeapGame):
        return NotApplicable(f"{game.label} is not a heap game")
    try:
        build_certificate(game, (), 1, 0)  # raises when no periodicity theorem covers the game
    except InvalidParameterError as exc:
        return NotApplicable(f"no certified period: {exc}")
    cap = CERTIFY_UPTO // 4 if settings.quick else CERTIFY_UPTO
    upto = min(_FIRST_UPTO, cap)
    while True:
        report = period_report(game, grundy_sequence(game, upto))
        if report.certified and report.certificate is not None:
            return _accepted(game, report.certificate)
        wanted = report.needed_upto if report.needed_upto is not None else upto * 4
        if wanted <= upto or upto >= cap:
            return NotApplicable(f"no certified period within G(0..{upto}): {report.reason}")
        upto = min(wanted, cap)


def _accepted(game: Any, certificate: PeriodicityCertificate) -> CertifiedValues | NotApplicable:
    check = check_certificate(certificate)
    if not check.valid:
        return NotApplicable(
            f"the periodicity certificate was rejected by the independent checker: "
            f"{check.problems[0]}"
        )
    try:
        # the claim's game must play by exactly the rules the certificate names
        if certificate.game == "octal":
            same = plays_by(game, OctalGame) and game.digits == OctalGame(certificate.rules).digits
        elif certificate.game == "subtraction":
            rules = SubtractionGame([int(s) for s in certificate.rules.split(",")])
            same = plays_by(game, SubtractionGame) and game.subtraction_set == rules.subtraction_set
        else:
            same = False
    except (GrundyError, ValueError):
        same = False
    if not same:
        return NotApplicable(
            f"the periodicity certificate describes {certificate.game} {certificate.rules}, "
            f"not {game.label}"
        )
    return CertifiedValues(
        certificate.values,
        certificate.preperiod,
        certificate.period,
        certificate.theorem,
        certificate.reach,
    )


# -- reading the statement: constant, polynomial or periodic -----------------------------


class _Declined(Exception):
    """The expression is outside what the method can bound (the message says why)."""


@dataclass(frozen=True, slots=True)
class _Constant:
    """A piece without ``n`` or positions; its value is computed only when needed."""

    node: ast.expr


@dataclass(frozen=True, slots=True)
class _Polynomial:
    """``sum(coefficients[i] * n**i)``; no trailing zero coefficients (``()`` is 0)."""

    coefficients: tuple[int, ...]

    @property
    def degree(self) -> int:
        return len(self.coefficients) - 1

    @classmethod
    def of(cls, coefficients: list[int] | tuple[int, ...]) -> _Polynomial:
        items = list(coefficients)
        while items and items[-1] == 0:
            items.pop()
        return cls(tuple(items))

    def __add__(self, other: _Polynomial) -> _Polynomial:
        size = max(len(self.coefficients), len(other.coefficients))
        a = self.coefficients + (0,) * (size - len(self.coefficients))
        b = other.coefficients + (0,) * (size - len(other.coefficients))
        return _Polynomial.of([x + y for x, y in zip(a, b, strict=True)])

    def __neg__(self) -> _Polynomial:
        return _Polynomial(tuple(-c for c in self.coefficients))

    def __mul__(self, other: _Polynomial) -> _Polynomial:
        if not self.coefficients or not other.coefficients:
            return _Polynomial(())
        product = [0] * (len(self.coefficients) + len(other.coefficients) - 1)
        for i, x in enumerate(self.coefficients):
            for j, y in enumerate(other.coefficients):
                product[i + j] += x * y
        return _Polynomial.of(product)


_Shape = _Constant | _Polynomial | Periodicity

_ORDERINGS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def sign_settled_from(poly: _Polynomial) -> int | None:
    """An ``S`` with ``poly(n)`` non-zero and of its leading coefficient's sign for all
    ``n >= S`` (``None`` for a constant, whose sign never changes).

    Degree 1: just past the root.  Higher degree: past a bound on the size of every
    complex root, the smaller of Cauchy's ``1 + max|a_i / a_d|`` and Fujiwara's
    ``2 * max|a_(d-i) / a_d| ** (1/i)`` (both taken with whole numbers rounded up).

    >>> sign_settled_from(_Polynomial((-71, 1)))  # n - 71
    72
    >>> sign_settled_from(_Polynomial((-4000, 0, 1)))  # n*n - 4000: 2 * ceil(sqrt(4000)) + 1
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


def statement_periodicity(claim: Claim, values: CertifiedValues) -> Periodicity:
    """How the truth of the claim's statement (and ``assume``) repeats in ``n``.

    Raises ``_Declined`` (an internal exception) when some piece cannot be bounded.
    """
    variable = claim.variables[0]
    low, high = claim.ranges[variable]
    largest = max(abs(low), abs(high), 1)
    result = Periodicity(None, 1)
    for expression in (claim.statement, claim.assume):
        if expression is None:
            continue
        reader = _Reader(claim, expression, variable, values, largest)
        result = result.join(reader.truth(expression.parsed.tree))
    if _uses_position(claim):  # every case builds the position: its validity must repeat too
        position = claim.position
        reader = _Reader(claim, position, variable, values, largest)
        result = result.join(reader.heap_fact(position.parsed.tree, False, position.parsed.tree))
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

    def decline(self, node: ast.AST, why: str) -> _Declined:
        return _Declined(f"{self.piece(node)!r}: {why}")

    def truth(self, node: ast.expr) -> Periodicity:
        shape = self.shape(node)
        if isinstance(shape, _Polynomial):  # truth of P(n) is P(n) != 0
            return Periodicity(sign_settled_from(shape), 1)
        return _periodic(shape)

    def shape(self, node: ast.expr) -> _Shape:
        if _is_constant(node):
            return _Constant(node)
        if isinstance(node, ast.Name):
            if node.id == self.variable:
                return _Polynomial((0, 1))
            if node.id in ("grundy", "outcome"):
                return self.position_fact(node)
            raise self.decline(node, "only grundy and outcome are read about positions")
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.UnaryOp):
            operand = self.shape(node.operand)
            if isinstance(operand, _Polynomial):
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
                raise self.decline(node, "values of another named game are not followed")
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
            if isinstance(shape, _Polynomial):
                raise self.decline(
                    child, f"a polynomial in {self.variable} used in {self.piece(node)!r}"
                )
            result = result.join(_periodic(shape))
        return result

    def binary(self, node: ast.BinOp) -> _Shape:
        left, right = self.shape(node.left), self.shape(node.right)
        op = node.op
        if not isinstance(left, _Polynomial) and not isinstance(right, _Polynomial):
            joined = _periodic(left).join(_periodic(right))
            bounds = _interval(op, self.bounds(left, node.left), self.bounds(right, node.right))
            return joined.bounded(*bounds) if bounds else joined
        if isinstance(op, ast.Mod) and isinstance(left, _Polynomial):
            modulus = self.whole(right, node.right, node)
            if modulus == 0:
                raise self.decline(node, "division by zero")
            bounds = _interval(op, None, (modulus, modulus))
            assert bounds is not None
            return Periodicity(None, abs(modulus)).bounded(*bounds)  # rule 1
        if isinstance(op, ast.BitAnd) and isinstance(left, _Polynomial):
            mask = self.whole(right, node.right, node)
            if mask >= 0:  # only the bits below the mask's top bit survive
                return Periodicity(None, 2 ** mask.bit_length()).bounded(0, mask)
        if isinstance(op, ast.Pow) and isinstance(left, _Polynomial):
            exponent = self.whole(right, node.right, node)
            if exponent < 0 or left.degree * exponent > MAX_DEGREE:
                raise self.decline(node, f"the degree in {self.variable} would exceed {MAX_DEGREE}")
            result = _Polynomial((1,))
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
            if not isinstance(left, _Polynomial) and not isinstance(right, _Polynomial):
                result = result.join(_periodic(left).join(_periodic(right)))
                continue
            if not isinstance(op, _ORDERINGS):
                raise self.decline(node, f"'in' with a polynomial in {self.variable}")
            if isinstance(left, Periodicity) or isinstance(right, Periodicity):
                result = result.join(self.beyond_bounds(left, right, node))
                continue
            difference = self.polynomial(left, operands[index], node) + -self.polynomial(
                right, operands[index + 1], node
            )
            result = result.join(Periodicity(sign_settled_from(difference), 1))  # rule 2
        return result

    def beyond_bounds(self, left: _Shape, right: _Shape, node: ast.AST) -> Periodicity:
        """Rule 2b: a polynomial of degree >= 1 against a bounded periodic value leaves
        its bounds for good, so the comparison repeats with the value's period (an
        error in the value repeats with it), from where the polynomial is past them."""
        poly, other = (left, right) if isinstance(left, _Polynomial) else (right, left)
        assert isinstance(poly, _Polynomial) and isinstance(other, Periodicity)
        if other.low is None or other.high is None:
            raise self.decline(node, f"compares {self.variable} with a value of unknown bounds")
        if poly.degree <= 0:  # a constant after all, such as n - n
            return Periodicity(other.start, other.period)
        beyond = other.high if poly.coefficients[-1] > 0 else other.low
        settled = sign_settled_from(poly + _Polynomial.of([-beyond]))
        return Periodicity(settled, 1).join(other)

    def bounds(self, shape: _Shape, node: ast.expr) -> tuple[int, int] | None:
        """Bounds of a periodic or constant whole-number piece, when known."""
        if isinstance(shape, Periodicity):
            if shape.low is None or shape.high is None:
                return None
            return shape.low, shape.high
        try:
            value = self.whole(shape, node, node)
        except _Declined:  # text, a list, phi...: no bounds, which is fine here
            return None
        return value, value

    def polynomial(self, shape: _Shape, node: ast.expr, where: ast.AST) -> _Polynomial:
        """``shape`` as a polynomial (a whole constant is one); ``where`` names the use."""
        if isinstance(shape, _Polynomial):
            return shape
        if isinstance(shape, _Constant):
            return _Polynomial.of([self.whole(shape, node, where)])
        raise self.decline(where, f"a position fact mixed with a polynomial in {self.variable}")

    def whole(self, shape: _Shape, node: ast.expr, where: ast.AST) -> int:
        """The value of the constant piece ``node``, which must be a whole number."""
        if isinstance(shape, _Polynomial) and shape.degree <= 0:
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

    def checked(self, poly: _Polynomial, node: ast.AST) -> _Polynomial:
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
        if not isinstance(shape, _Polynomial):
            found = Periodicity(_periodic(shape).start, _periodic(shape).period)
        elif shape.degree <= 0:
            found = Periodicity(None, 1)
        elif shape.coefficients[-1] < 0:
            raise self.decline(heap, f"the heap shrinks as {self.variable} grows")
        else:
            at_least_n0 = shape + _Polynomial.of([1 - self.values.preperiod])  # P(n) >= n0
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


def _periodic(shape: _Shape) -> Periodicity:
    if isinstance(shape, Periodicity):
        return shape
    if isinstance(shape, _Constant):
        return Periodicity(None, 1)
    raise TypeError("a polynomial is not periodic")  # pragma: no cover - callers check


def _is_constant(node: ast.AST) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id not in FUNCTIONS and sub.id != "phi":
            return False
        if isinstance(sub, ast.Call) and getattr(sub.func, "id", "") in ("g", "outcome_of"):
            return False
    return True


# -- evaluating cases with Grundy values from a table ------------------------------------


class _BeyondTable(Exception):
    """A scan needed a heap beyond the values it has; it stops there."""


class _TableFacts:
    """Position facts of one case, with ``G`` of single heaps from ``value_of``."""

    def __init__(
        self, claim: Claim, case: Mapping[str, Value], value_of: Callable[[int], int]
    ) -> None:
        self.claim = claim
        self.case = case
        self.value_of = value_of

    def heap(self, value: Value) -> int:
        data = plain(value)
        try:
            position = self.claim.game.from_value(data)
        except GrundyError as exc:
            raise ClaimError(
                f"claim {self.claim.id!r}: {data!r} is not a position of "
                f"{self.claim.game.label}: {exc}"
            ) from None
        if len(position) != 1:
            raise _Declined(f"the position {data!r} is not a single heap")
        return int(position[0])

    def grundy(self) -> int:
        return self.grundy_of(self.claim.position.run(Scope(self.case)))

    def outcome(self) -> str:
        return self.outcome_of(self.claim.position.run(Scope(self.case)))

    def moves(self) -> tuple[Value, ...]:
        raise _Declined("moves are not read by this method")

    def winning_moves(self) -> tuple[Value, ...]:
        raise _Declined("winning moves are not read by this method")

    def grundy_of(self, position: Value) -> int:
        refusal = grundy_refusal(self.claim.game)  # the same rule as the exact solver's cases
        if refusal is not None:
            raise ClaimError(refusal)
        return self.value_of(self.heap(position))

    def grundy_in(self, game: Game, position: Value) -> int:
        raise _Declined("values of another named game are not read by this method")

    def outcome_in(self, game: Game, position: Value) -> str:
        raise _Declined("values of another named game are not read by this method")

    def outcome_of(self, position: Value) -> str:
        if self.claim.play is not Play.NORMAL:
            raise _Declined("misere outcomes are not read by this method")
        return "P" if self.grundy_of(position) == 0 else "N"


class _Cases:
    """Evaluates the claim for values of its variable, with one way of finding ``G``."""

    def __init__(self, claim: Claim, value_of: Callable[[int], int]) -> None:
        self.claim = claim
        self.value_of = value_of

    def scope(self, case: Mapping[str, Value], expression: Expression) -> Scope:
        facts = _TableFacts(self.claim, case, self.value_of)
        if expression.parsed.reads_position:  # built (and validated) first, as ClaimRunner
            facts.heap(self.claim.position.run(Scope(case)))  # does: never outside assume
        return Scope(case, facts)

    def run(self, expression: Expression, case: Mapping[str, Value]) -> tuple[bool, Scope]:
        scope = self.scope(case, expression)
        return truth(expression.run(scope)), scope

    def admitted(self, case: Mapping[str, Value]) -> bool:
        return self.claim.assume is None or self.run(self.claim.assume, case)[0]

    def holds(self, case: Mapping[str, Value]) -> bool:
        return self.run(self.claim.statement, case)[0]

    def explain(self, case: Mapping[str, Value]) -> dict[str, Any]:
        """The position and every fact the statement used (as ``ClaimRunner.explain``)."""
        _, scope = self.run(self.claim.statement, case)
        shown: dict[str, Any] = {}
        if self.claim.position_given or any(name in POSITION_NAMES for name in scope.used):
            shown["position"] = plain(self.claim.position.run(Scope(case)))
        for name, value in scope.used.items():
            shown[name] = plain(value)
        return shown


def _direct_recheck(claim: Claim, table: CertifiedValues | None) -> Callable[[Any], bool]:
    """Re-evaluation with a fresh exact solver; heaps beyond
    :data:`DIRECT_RECHECK_HEAPS` are first reduced by the certified period."""
    solver = Solver(claim.game)

    def value_of(heap: int) -> int:
        if table is not None and heap > DIRECT_RECHECK_HEAPS:
            heap = table.reduced(heap)
        return solver.grundy_value((heap,))

    cases = _Cases(claim, value_of)

    def recheck(case: Any) -> bool:
        return not cases.admitted(case) or cases.holds(case)

    return recheck


# -- the method ---------------------------------------------------------------------------


def check_by_certificate(claim: Claim, settings: CheckSettings) -> Verdict | NotApplicable:
    """Decide ``claim`` for every ``n`` with a periodicity certificate, or say why not.

    ``proved`` (scope ``unbounded``) or ``refuted`` (the least ``n``) with method
    ``certificate``; ``refuted`` with method ``sequence-scan`` when a scan of the first
    values finds the least counterexample without a proof; otherwise
    :class:`NotApplicable` with the reason.  Raises :class:`~grundy.errors.ClaimError`
    when the claim cannot be evaluated at some ``n`` that is checked.
    """
    reason = _unsuitable(claim)
    if reason is not None:
        return NotApplicable(reason)
    reasons: list[str] = []
    table = certified_values(claim.game, settings)
    if isinstance(table, CertifiedValues):
        try:
            periodicity = statement_periodicity(claim, table)
            return _decide(claim, table, periodicity, settings)
        except _Declined as exc:
            reasons.append(f"not followed: {exc}")
    else:
        reasons.append(table.reason)
    certified = table if isinstance(table, CertifiedValues) else None
    try:
        scanned = _scan(claim, certified, settings)
    except _Declined as exc:
        return NotApplicable("; ".join([*reasons, f"not followed: {exc}"]))
    if isinstance(scanned, Verdict):
        return scanned
    return NotApplicable("; ".join([*reasons, scanned.reason]), certified)


def random_with_certified_values(
    claim: Claim, settings: CheckSettings, values: CertifiedValues
) -> Verdict | None:
    """Random search over the claim's range with ``G`` taken from certified values.

    The same search as ``method = "random"`` (same seed, strategy and number of
    examples), but a heap of 10^18 tokens costs a table look-up instead of a solve; a
    counterexample is re-checked by a fresh exact solver on the equivalent small heap.
    ``None`` when a case turns out to be outside what this method reads.
    """
    from hypothesis import strategies as st

    from grundy.verify.random_search import search_random

    variable = claim.variables[0]
    low, high = claim.ranges[variable]
    cases = _Cases(claim, values.value)
    problems: list[BaseException] = []
    admitted = [0]

    def holds(case: Mapping[str, Any]) -> bool:
        if problems:  # an evaluation error or a decline stops the search
            return True
        try:
            inside = cases.admitted(case)
            admitted[0] += inside
            return not inside or cases.holds(case)
        except (GrundyError, _Declined) as exc:
            problems.append(exc)
            return True

    examples = random_examples(settings)
    verdict = search_random(
        st.fixed_dictionaries({variable: st.integers(low, high)}),
        holds,
        seed=settings.seed,
        examples=examples,
        scope="random: " + claim.scope.removeprefix("bounded: "),
        recheck=_direct_recheck(claim, values),
        explain=cases.explain,
        size=lambda case: abs(case[variable]),
    )
    if problems and isinstance(problems[0], _Declined):
        return None
    if problems:
        raise problems[0]
    if verdict.status is Status.UNREFUTED and admitted[0] == 0:
        return none_admitted(verdict)
    details = {**verdict.details, "values": "certified period", "certificate": values.details()}
    return replace(verdict, details=details)


def _unsuitable(claim: Claim) -> str | None:
    if not isinstance(claim.game, HeapGame):
        return f"{claim.game.label} is not a heap game"
    if len(claim.variables) != 1:
        return "the method reads claims with exactly one variable (one heap size n)"
    for expression in (claim.statement, claim.assume):
        if expression is None:
            continue
        used = expression.parsed.names & {"moves", "winning_moves"}
        if used:
            return f"{sorted(used)[0]} is not read by the certificate method"
        misere = claim.play is not Play.NORMAL
        if misere and (
            "outcome" in expression.parsed.names or "outcome_of" in expression.parsed.functions
        ):
            return "misere outcomes of heap games are not governed by the normal-play period"
        for node in ast.walk(expression.parsed.tree):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") in ("g", "outcome_of")
                and isinstance(node.args[0], (ast.List, ast.Tuple))
                and len(node.args[0].elts) != 1
            ):
                return "only positions of a single heap are read (several heaps given)"
    position = claim.position.parsed.tree
    if (
        _uses_position(claim)
        and isinstance(position, (ast.List, ast.Tuple))
        and len(position.elts) != 1
    ):
        return "only positions of a single heap are read (the position has several heaps)"
    return None


def _uses_position(claim: Claim) -> bool:
    """Whether cases build the claim's position (any position fact is used, as in
    :meth:`~grundy.claims.check.ClaimRunner.scope_for`)."""
    return any(e is not None and e.parsed.uses_position for e in (claim.statement, claim.assume))


def _decide(
    claim: Claim, table: CertifiedValues, periodicity: Periodicity, settings: CheckSettings
) -> Verdict:
    """Check one period of the statement (raises ``_Declined`` when it is too long)."""
    variable = claim.variables[0]
    low, high = claim.ranges[variable]
    first_periodic = low if periodicity.start is None else max(low, periodicity.start)
    window_end = first_periodic + periodicity.period - 1
    limit = WINDOW_LIMIT // 10 if settings.quick else WINDOW_LIMIT
    if window_end - low + 1 > limit:
        raise _Declined(
            f"one period of the statement needs {variable} = {low}..{window_end} "
            f"({window_end - low + 1:,} cases), more than {limit:,}"
        )
    last = min(high, window_end)
    cases = _Cases(claim, table.value)
    counted = [0]

    def domain() -> Iterator[dict[str, int]]:
        for n in range(low, last + 1):
            case = {variable: n}
            if cases.admitted(case):
                counted[0] += 1
                yield case

    verdict = check_exhaustive(
        domain(),
        cases.holds,
        scope=claim.scope,
        method="certificate",
        recheck=_direct_recheck(claim, table),
        explain=cases.explain,
    )
    details: dict[str, Any] = {
        "certificate": table.details(),
        "statement_period": periodicity.period,
        "periodic_from": periodicity.start,
        "checked": [low, last],
    }
    verdict = replace(verdict, details=details)
    if verdict.status is Status.PROVED and counted[0] == 0:
        return replace(
            verdict,
            status=Status.UNKNOWN,
            message="no case satisfies assume: the claim is vacuous, nothing was checked",
        )
    if verdict.status is Status.REFUTED and verdict.counterexample is not None:
        least = verdict.counterexample[variable]
        return replace(
            verdict,
            message=f"fails at {variable} = {least}, the least {variable} of the range "
            f"(values from the certified period, re-checked by a fresh exact solver)",
        )
    if verdict.status is not Status.PROVED:
        return verdict
    where = f"{variable} >= {low}"
    if claim.assume is not None:
        where += f" satisfying {claim.assume.text.strip()}"
    summary = (
        f"G has period {table.period} from {table.preperiod} ({table.theorem} certificate, "
        f"re-checked independently); the statement repeats with period {periodicity.period}"
    )
    if periodicity.start is not None:
        summary += f" from {variable} = {periodicity.start}"
    if last < window_end:  # the whole range was checked: no period argument needed
        return replace(
            verdict,
            message=holds_in_all(
                verdict.cases or 0, " of the range, checked with certified values"
            ),
        )
    return replace(
        verdict,
        scope=UNBOUNDED,
        message=f"holds for every {where} (not only up to {high:,}): {summary}; "
        f"checked {variable} = {low}..{last}",
    )


def _scan(
    claim: Claim, table: CertifiedValues | None, settings: CheckSettings
) -> Verdict | NotApplicable:
    """The first values of ``n`` in order: a failure is the least counterexample."""
    variable = claim.variables[0]
    low, high = claim.ranges[variable]
    if table is not None:
        value_of: Callable[[int], int] = table.value
        source = "the certified period"
    else:
        heaps = SCAN_HEAPS * 2 // 5 if settings.quick else SCAN_HEAPS
        plain_values = plain_grundy_sequence(claim.game, heaps)

        def value_of(heap: int) -> int:
            if heap >= len(plain_values):
                raise _BeyondTable(heap)
            return plain_values[heap]

        source = f"the exact solver, heaps up to {heaps}"
    cases = _Cases(claim, value_of)
    count = SCAN_CASES // 4 if settings.quick else SCAN_CASES
    last = min(high, low + count - 1)
    checked = admitted = 0
    for n in range(low, last + 1):
        case = {variable: n}
        try:
            inside = cases.admitted(case)
            admitted += inside
            if not inside or cases.holds(case):
                checked += 1
                continue
        except _BeyondTable:
            last = n - 1
            break
        if _direct_recheck(claim, table)(case):
            return Verdict(
                Status.UNKNOWN,
                "sequence-scan",
                claim.scope,
                cases=checked + 1,
                message=f"case {case} failed with Grundy values from {source} but passed "
                "the exact re-check",
            )
        found: dict[str, Any] = dict(case)
        found.update(cases.explain(case))
        return Verdict(
            Status.REFUTED,
            "sequence-scan",
            claim.scope,
            cases=checked + 1,
            counterexample=found,
            message=f"fails at {variable} = {n}, the least value in the range "
            + (f"({variable} = {low}..{n - 1} hold; " if n > low else "(")
            + f"Grundy values from {source})",
            details={"certificate": table.details() if table else None},
        )
    if last < low:
        return NotApplicable(f"a scan from {variable} = {low} needs heaps beyond {source}")
    if not admitted:
        return NotApplicable(
            f"no case of {variable} = {low}..{last} satisfies assume: nothing was tested there"
        )
    return NotApplicable(
        f"no counterexample for {variable} = {low}..{last} (Grundy values from {source})"
    )
