"""Comprehensions in claim expressions: ``all(a ^ b == 0 for a in moves)``,
``any(... for k in range(0, n + 1))``, ``sum(...)``, ``[... for ... if ...]``.

Each ``for`` runs over a list (``moves``, a position, a list literal) or ``range(...)``
with whole-number bounds, binding one name for the clauses after it and the element.
The work is bounded before it is done:

* every value a ``for`` takes is one *step*; one evaluation of an expression (one case
  of the statement, or of ``assume``) may take at most :data:`MAX_STEPS`, nested ``for``
  clauses counted together;
* a ``range(...)`` longer than :data:`MAX_STEPS` is refused when it is reached, before its
  first value, whether or not ``any``/``all`` would have stopped early: the rule does
  not depend on the values.

Past either limit the evaluation stops with :class:`~grundy.errors.SearchLimitError`,
which makes the claim's verdict ``unknown`` naming the limit.  A range whose bounds are
constants is measured when the claim is read, so ``range(10**12)`` is an error before
any case is checked.

>>> from grundy.claims.evaluate import compile_expression
>>> from grundy.claims.expression import parse_expression
>>> from grundy.claims.scope import Scope
>>> text = "sum(k for k in range(1, n + 1) if k % 2 == 1)"
>>> run = compile_expression(parse_expression(text, "statement", "demo", {"n"}))
>>> [run(Scope({"n": n})) for n in range(6)]
[0, 1, 1, 4, 4, 9]
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from grundy.budget import format_count
from grundy.claims.builtin_functions import total
from grundy.claims.numbers import Surd
from grundy.claims.scope import Run, Scope
from grundy.claims.values import (
    Value,
    _check_items,
    _EvalError,
    _is_number,
    _kind,
    _whole,
    truth,
)
from grundy.claims.values import value_size as _size
from grundy.errors import ClaimError, SearchLimitError
from grundy.nimber import mex

__all__ = ["MAX_STEPS", "compile_aggregate", "compile_list"]

MAX_STEPS = 100_000
"""Most values the ``for`` clauses of one evaluation may take, nested ones counted
together (about a tenth of a second of plain arithmetic)."""


class Compiler(Protocol):
    """What this module needs of :mod:`grundy.claims.evaluate`'s compiler."""

    where: str

    def compile(self, node: ast.AST) -> Run: ...
    def piece(self, node: ast.AST) -> str: ...
    def is_constant(self, node: ast.AST) -> bool: ...


Values = Callable[[Scope], Sequence[Value]]


@dataclass(frozen=True, slots=True)
class _Clause:
    """One ``for NAME in SOURCE if TEST ...`` of a comprehension."""

    name: str
    source: Values
    tests: tuple[Run, ...]
    text: str  # the whole comprehension, for messages


def compile_list(compiler: Compiler, node: ast.ListComp) -> Run:
    """``[element for ...]``: a list, bounded like every list a claim builds."""
    scopes, element = _compile_scopes(compiler, node), compiler.compile(node.elt)

    def build(scope: Scope) -> Value:
        items: list[Value] = []
        size = 0
        for inner in scopes(scope):
            item = element(inner)
            size += 1 + (_size(item) if isinstance(item, (tuple, int)) else 0)
            _check_items(size)
            items.append(item)
        return tuple(items)

    return build


def compile_aggregate(compiler: Compiler, name: str, node: ast.GeneratorExp) -> Run:
    """``all``, ``any``, ``sum``, ``min``, ``max``, ``nimsum`` or ``mex`` of a generator;
    ``all`` and ``any`` stop at the first value that decides them, as in Python."""
    scopes, element = _compile_scopes(compiler, node), compiler.compile(node.elt)

    def values(scope: Scope) -> Iterator[Value]:
        return (element(inner) for inner in scopes(scope))

    if name == "all":
        return lambda scope: all(truth(value) for value in values(scope))
    if name == "any":
        return lambda scope: any(truth(value) for value in values(scope))
    if name == "sum":
        return lambda scope: total(values(scope))
    reduce = _REDUCERS[name]
    return lambda scope: reduce(values(scope))


def _extreme(values: Iterator[Value], name: str) -> Value:
    best: Value = None
    for value in values:
        if not _is_number(value):
            raise _EvalError(f"{name}() needs numbers, got {_kind(value)}")
        if best is None or (
            Surd.of(value) < Surd.of(best) if name == "min" else Surd.of(value) > Surd.of(best)
        ):
            best = value
    if best is None:
        raise _EvalError(f"{name}() of an empty generator (no value passed its 'if')")
    return best


def _nimsum(values: Iterator[Value]) -> Value:
    result = 0
    for value in values:
        number = _whole(value, "nimsum()")
        if number < 0:
            raise _EvalError("nimsum() needs non-negative numbers")
        result ^= number
    return result


def _mex(values: Iterator[Value]) -> Value:
    # The mex of m values is at most m, and m is at most MAX_STEPS: larger values can be
    # dropped as they come, so the set stays small whatever the values' sizes.
    seen: set[int] = set()
    for value in values:
        number = _whole(value, "mex()")
        if number < 0:
            raise _EvalError("mex() needs non-negative numbers")
        if number <= MAX_STEPS:
            seen.add(number)
    return mex(seen)


# Each streams its values, keeping no list: one value may be a 14,000-bit number.
_REDUCERS: dict[str, Callable[[Iterator[Value]], Value]] = {
    "min": lambda values: _extreme(values, "min"),
    "max": lambda values: _extreme(values, "max"),
    "nimsum": _nimsum,
    "mex": _mex,
}


def _compile_scopes(
    compiler: Compiler, node: ast.ListComp | ast.GeneratorExp
) -> Callable[[Scope], Iterator[Scope]]:
    text = compiler.piece(node)
    clauses = []
    for clause in node.generators:
        assert isinstance(clause.target, ast.Name)  # the static pass allows nothing else
        clauses.append(
            _Clause(
                clause.target.id,
                _source(compiler, clause.iter),
                tuple(compiler.compile(test) for test in clause.ifs),
                text,
            )
        )
    frozen = tuple(clauses)
    where = compiler.where
    return lambda scope: _scopes(frozen, 0, scope, where)


def _scopes(clauses: tuple[_Clause, ...], index: int, scope: Scope, where: str) -> Iterator[Scope]:
    """The scopes the element is evaluated in: one per combination of values that passes
    every test, in the order of the clauses (the first ``for`` outermost)."""
    if index == len(clauses):
        yield scope
        return
    clause = clauses[index]
    values = clause.source(scope)
    local = dict(scope.values)
    inner = scope.with_values(local)
    for value in values:
        scope.steps[0] += 1
        if scope.meter is not None:
            scope.meter.tick()
        if scope.steps[0] > MAX_STEPS:
            raise SearchLimitError(
                f"{clause.text!r}{where} took more than {MAX_STEPS:,} steps in one case (one "
                "per value of every 'for', nested ones counted), the limit of a claim's "
                "comprehensions"
            )
        local[clause.name] = value
        if all(truth(test(inner)) for test in clause.tests):
            yield from _scopes(clauses, index + 1, inner, where)


def _source(compiler: Compiler, node: ast.expr) -> Values:
    """What one ``for`` runs over: ``range(...)`` or an expression giving a list."""
    text, where = compiler.piece(node), compiler.where
    if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "range"):
        items = compiler.compile(node)

        def listed(scope: Scope) -> Sequence[Value]:
            found = items(scope)
            if not isinstance(found, tuple):
                raise _EvalError(
                    f"'for ... in {text}' needs a list or range(...), got {_kind(found)}"
                )
            return found

        return listed
    bounds = [compiler.compile(argument) for argument in node.args]
    if all(compiler.is_constant(argument) for argument in node.args):
        try:  # a constant range: measured now, so a huge one is refused before any case
            _range([bound(Scope({})) for bound in bounds], text, where)
        except _EvalError as exc:
            raise ClaimError(f"{exc} in {text!r}{where}") from None
        except SearchLimitError as exc:
            raise ClaimError(str(exc)) from None
    return lambda scope: _range([bound(scope) for bound in bounds], text, where)


def _range(bounds: Iterable[Value], text: str, where: str) -> range:
    numbers = []
    for bound in bounds:
        if isinstance(bound, bool) or not isinstance(bound, int):
            raise _EvalError(f"range() needs whole numbers, got {_kind(bound)}")
        numbers.append(bound)
    start, stop, step = (0, numbers[0], 1) if len(numbers) == 1 else (*numbers, 1)[:3]
    if step == 0:
        raise _EvalError("the step of range() is zero")
    # len() of a range is limited to a machine word; this count is not.
    count = max(0, (stop - start + step - (1 if step > 0 else -1)) // step)
    if count > MAX_STEPS:
        raise SearchLimitError(
            f"{text}{where} has {format_count(count)} values; a 'for' may take at most "
            f"{MAX_STEPS:,} in one case (the limit of a claim's comprehensions)"
        )
    return range(start, stop, step)
