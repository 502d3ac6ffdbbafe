"""Comprehensions in the Z3 translation, by unrolling: ``all``, ``any``, ``sum``,
``nimsum``, ``min`` and ``max`` of a generator whose ``for`` clauses run over
``range(...)`` with bounds that are constants once the enclosing ``for`` names are fixed,
or over a list written out (``for h in [a, b, c]``).

Each value of each ``for`` gives one copy of the element, under the conjunction of the
``if`` tests met on the way (its *condition*): ``all`` is the conjunction of
"condition implies element", ``any`` the disjunction of "condition and element", ``sum``
and ``nimsum`` add or XOR the elements whose condition holds.  The unrolled copies are
exactly the values the evaluator would take, so the formula says what the statement
says; no quantifier is left for Z3 to instantiate.

Anything else is not translated (``Untranslatable``, so the verdict is ``unknown`` and
``auto`` goes on to other methods): a ``for`` over ``moves`` or over a variable's value,
a range whose bounds depend on the claim's variables, ``mex``, ``min``/``max`` with an
``if`` (possibly empty), and more than :data:`UNROLL_LIMIT` copies for one comprehension
(nested ones counted in the outermost).  Every comprehension multiplies the terms of its
element by at most that many, so the
bit-vectors get :data:`UNROLL_BITS` more bits when a claim has comprehensions, so that a
sum of that many copies cannot overflow where a plain expression could not.

``bit(x, i)``, the binary digit a column sum reads, is translated here too when ``i`` is a
constant once the ``for`` names are fixed, and so is ``x % m`` for a constant power of two
``m`` (the parity of a column sum): the low bits of ``x``, which is Python's remainder for
negative ``x`` as well, since both are two's complement.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import z3

from grundy.budget import Meter

__all__ = [
    "UNROLL_BITS",
    "UNROLL_LIMIT",
    "bit_term",
    "has_comprehension",
    "listed_aggregate",
    "low_bits",
    "unrolled_aggregate",
]

UNROLL_LIMIT = 256
"""Most copies of elements one comprehension may be unrolled to, nested comprehensions
counted in the outermost."""

UNROLL_BITS = UNROLL_LIMIT.bit_length()
"""Extra bits of headroom a claim with comprehensions is given: a sum of
:data:`UNROLL_LIMIT` copies grows by fewer bits than this."""


class Translation(Protocol):
    """What this module needs of :mod:`grundy.claims.z3_translate`'s translation."""

    width: int
    bound: dict[str, Any]
    side_conditions: list[z3.BoolRef]
    unrolled: int  # copies made so far for the outermost comprehension being unrolled
    unroll_depth: int
    meter: Meter | None  # the claim's budget, ticked for each copy

    def term(self, node: ast.expr) -> Any: ...
    def number(self, node: ast.expr) -> z3.BitVecRef: ...
    def boolean(self, node: ast.expr) -> z3.BoolRef: ...
    def piece(self, node: ast.AST) -> str: ...
    def untranslatable(self, message: str) -> Exception: ...
    def check_constant(self, value: int, node: ast.AST) -> None: ...


@dataclass(frozen=True, slots=True)
class _Copy:
    condition: z3.BoolRef
    element: Any


def has_comprehension(trees: list[ast.expr]) -> bool:
    """Whether any of ``trees`` holds a comprehension (the width then needs headroom)."""
    return any(
        isinstance(node, (ast.GeneratorExp, ast.ListComp))
        for tree in trees
        for node in ast.walk(tree)
    )


def unrolled_aggregate(tr: Translation, name: str, node: ast.GeneratorExp) -> Any:
    """``name(element for ...)`` as one Z3 term, or raises ``tr.untranslatable(...)``."""
    if name not in ("all", "any", "sum", "nimsum", "min", "max"):
        raise tr.untranslatable(f"{name}() of a generator, in {tr.piece(node)!r}")
    want_bool = name in ("all", "any")
    if tr.unroll_depth == 0:  # a comparison may translate its sides twice: count afresh
        tr.unrolled = 0
    tr.unroll_depth += 1
    try:
        copies = list(_copies(tr, node, 0, z3.BoolVal(True), want_bool))
    finally:
        tr.unroll_depth -= 1
    return _combined(tr, name, copies, node)


def listed_aggregate(tr: Translation, name: str, node: ast.List | ast.Tuple) -> Any:
    """``all``, ``any`` or ``sum`` of a list written out (``sum([a, b, c])``)."""
    want_bool = name in ("all", "any")
    copies = [
        _Copy(z3.BoolVal(True), tr.boolean(item) if want_bool else tr.number(item))
        for item in node.elts
    ]
    return _combined(tr, name, copies, node)


def _combined(tr: Translation, name: str, copies: list[_Copy], node: ast.AST) -> Any:
    if name == "all":
        return z3.And(*[z3.Implies(c.condition, c.element) for c in copies])
    if name == "any":
        return z3.Or(*[z3.And(c.condition, c.element) for c in copies])
    zero = z3.BitVecVal(0, tr.width)
    if name in ("sum", "nimsum"):
        result = zero
        for copy in copies:
            term = z3.If(copy.condition, copy.element, zero)
            if name == "nimsum":  # nimsum() refuses a negative number
                tr.side_conditions.append(z3.Implies(copy.condition, copy.element >= 0))
                result = result ^ term
            else:
                result = result + term
        return result
    if not copies or any(not z3.is_true(z3.simplify(c.condition)) for c in copies):
        raise tr.untranslatable(
            f"{name}() of a generator that may be empty (an 'if', or no value), in "
            f"{tr.piece(node)!r}"
        )
    best = copies[0].element
    for copy in copies[1:]:
        pick = copy.element < best if name == "min" else copy.element > best
        best = z3.If(pick, copy.element, best)
    return best


def _copies(
    tr: Translation, node: ast.GeneratorExp, index: int, condition: z3.BoolRef, want_bool: bool
) -> Iterator[_Copy]:
    if index == len(node.generators):
        before = len(tr.side_conditions)
        element = tr.boolean(node.elt) if want_bool else tr.number(node.elt)
        # What the element needs holds only where the element is evaluated.
        tr.side_conditions[before:] = [
            z3.Implies(condition, side) for side in tr.side_conditions[before:]
        ]
        yield _Copy(condition, element)
        return
    clause = node.generators[index]
    assert isinstance(clause.target, ast.Name)  # the parser allows nothing else
    name = clause.target.id
    values = _values(tr, clause.iter, node)
    tr.unrolled += len(values)
    if tr.unrolled > UNROLL_LIMIT:
        raise tr.untranslatable(f"{tr.piece(node)!r} unrolls to more than {UNROLL_LIMIT} copies")
    for value in values:
        if tr.meter is not None:
            tr.meter.tick()
        tr.bound[name] = value
        try:
            tests = [tr.boolean(test) for test in clause.ifs]
            met = z3.And(condition, *tests) if tests else condition
            yield from _copies(tr, node, index + 1, met, want_bool)
        finally:
            del tr.bound[name]


def _values(tr: Translation, source: ast.expr, whole: ast.AST) -> list[Any]:
    """The Z3 values one ``for`` takes: constants of a range, or a written-out list."""
    if isinstance(source, (ast.List, ast.Tuple)):
        return [tr.term(item) for item in source.elts]
    if not (isinstance(source, ast.Call) and getattr(source.func, "id", "") == "range"):
        raise tr.untranslatable(
            f"a 'for' over {tr.piece(source)!r} (only range(...) with constant bounds or a "
            "list written out is unrolled)"
        )
    bounds = []
    for argument in source.args:
        term = tr.term(argument)
        if z3.is_bool(term):  # range(True) is refused by the evaluator, so here too
            raise tr.untranslatable(f"a truth value as a bound of {tr.piece(source)!r}")
        value = z3.simplify(term)
        if not z3.is_bv_value(value):
            raise tr.untranslatable(
                f"the bounds of {tr.piece(source)!r} are not constants (only such ranges are "
                "unrolled)"
            )
        assert isinstance(value, z3.BitVecNumRef)
        bounds.append(value.as_signed_long())
    start, stop, step = (0, bounds[0], 1) if len(bounds) == 1 else (*bounds, 1)[:3]
    if step == 0:
        raise tr.untranslatable(f"the step of {tr.piece(source)!r} is zero")
    span = (stop - start + step - (1 if step > 0 else -1)) // step
    if span > UNROLL_LIMIT:
        raise tr.untranslatable(f"{tr.piece(whole)!r} unrolls to more than {UNROLL_LIMIT} copies")
    for number in (start, stop):
        tr.check_constant(number, source)
    return [z3.BitVecVal(k, tr.width) for k in range(start, stop, step)]


def bit_term(tr: Translation, node: ast.Call) -> z3.BitVecRef:
    """``bit(x, i)`` for a constant ``i``: digit ``i`` of ``x``, which must not be negative
    (the evaluator refuses a negative ``x``, so a case with one is no proof here)."""
    number, index = tr.number(node.args[0]), z3.simplify(tr.number(node.args[1]))
    if not z3.is_bv_value(index):
        raise tr.untranslatable(f"bit() with a digit that is not a constant, in {tr.piece(node)!r}")
    assert isinstance(index, z3.BitVecNumRef)
    digit = index.as_signed_long()
    if digit < 0:
        raise tr.untranslatable(f"a negative digit in {tr.piece(node)!r}")
    tr.side_conditions.append(number >= 0)
    if digit >= tr.width - 1:  # a non-negative number of this width has no such digit
        return z3.BitVecVal(0, tr.width)
    return z3.LShR(number, digit) & 1


def low_bits(tr: Translation, left: z3.BitVecRef, right: z3.BitVecRef, node: ast.AST) -> Any:
    """``x % m`` for a constant power of two ``m``: ``x & (m - 1)``; otherwise not
    translated."""
    modulus = z3.simplify(right)
    if not z3.is_bv_value(modulus):
        raise tr.untranslatable(f"the operator in {tr.piece(node)!r}")
    assert isinstance(modulus, z3.BitVecNumRef)
    value = modulus.as_signed_long()
    if value <= 0 or value & (value - 1):
        raise tr.untranslatable(
            f"the operator in {tr.piece(node)!r} (only a remainder by a power of two is translated)"
        )
    return left & (value - 1)
