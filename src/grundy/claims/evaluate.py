"""Evaluating claim expressions with our own interpreter (never ``eval``).

A checked expression (:mod:`grundy.claims.expression`) is compiled once into a tree of
small Python closures, one per node, then called for every case.  Values are whole
numbers (``int``, and ``bool`` for truth values), text, exact numbers of Q(sqrt 5)
(:class:`~grundy.claims.numbers.Surd`, for anything involving ``phi``) and tuples (every
list literal and every position is a tuple, so lists and tuples compare equal element by
element).  Sizes are guarded *before* computing: a power, shift, product or repeated list
whose result would be too large is refused with a message naming the piece of text.

Facts about the claim's position (``grundy``, ``outcome``, ``moves``, ``winning_moves``,
``g(...)``, ``outcome_of(...)``) come from a :class:`Facts` object, asked only when the
expression reaches them.

>>> from grundy.claims.expression import parse_expression
>>> run = compile_expression(parse_expression("floor(n * phi)", "statement", "demo", {"n"}))
>>> [run(Scope({"n": n})) for n in range(1, 6)]
[1, 3, 4, 6, 8]
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from grundy.claims.expression import FUNCTIONS, ParsedExpression
from grundy.claims.numbers import PHI, Surd, ceil_of, floor_of
from grundy.errors import ClaimError, GrundyError
from grundy.nimber import mex, nim_sum

__all__ = [
    "MAX_BITS",
    "MAX_ITEMS",
    "Facts",
    "Scope",
    "Value",
    "compile_expression",
    "plain",
    "short_value",
    "show_value",
    "truth",
    "value_size",
]

MAX_BITS = 14_000
"""Largest whole number an expression may build, in bits (about 4,200 digits: every
number can then be printed, since Python spells whole numbers of up to 4,300 digits)."""

MAX_ITEMS = 100_000
"""Largest list an expression may build, by :func:`value_size`: nested lists count all
their items (``[[0] * 1000] * 1000`` is a million), and large numbers their 64-bit words."""

Value = Any  # int | bool | str | Surd | tuple[Value, ...]


class Facts(Protocol):
    """What an expression may ask about positions of the claim's game."""

    def grundy(self) -> int: ...
    def outcome(self) -> str: ...
    def moves(self) -> tuple[Value, ...]: ...
    def winning_moves(self) -> tuple[Value, ...]: ...
    def grundy_of(self, position: Value) -> int: ...
    def outcome_of(self, position: Value) -> str: ...


@dataclass(slots=True)
class Scope:
    """The values of the claim's variables for one case, and its position facts."""

    values: Mapping[str, Value]
    facts: Facts | None = None
    used: dict[str, Value] = field(default_factory=dict)


Run = Callable[[Scope], Value]

# Names that do not vary from case to case (functions are called, never looked up).
_CONSTANT_NAMES = FUNCTIONS | {"phi"}


class _EvalError(Exception):
    """A value-level failure, turned into a ClaimError naming the text by the caller."""


def compile_expression(parsed: ParsedExpression, claim_id: str = "", field_name: str = "") -> Run:
    """Compile ``parsed`` into a function of a :class:`Scope`.

    Parts without names (constants such as ``2 ** 10**9``) are computed now, so size
    limits and type errors in them are reported when the claim is loaded.
    """
    where = f" in {field_name} of claim {claim_id!r}" if claim_id else ""
    return _Compiler(parsed.text.strip(), where).compile(parsed.tree)


def truth(value: Value) -> bool:
    """Python's truth of a value (non-zero, non-empty)."""
    if isinstance(value, Surd):
        return value != Surd.of(0)
    return bool(value)


def plain(value: Value) -> Any:
    """A value as plain data: tuples become lists (for positions and JSON)."""
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, Surd):
        return str(value)
    return value


def show_value(value: Value) -> str:
    """A short human-readable spelling of a value."""
    if isinstance(value, tuple):
        return "[" + ", ".join(show_value(item) for item in value) + "]"
    if isinstance(value, str):
        return repr(value)
    return str(value)


def short_value(value: Value, limit: int = 80) -> str:
    """:func:`show_value`, cut to about ``limit`` characters (for messages and labels)."""
    text = show_value(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def _normal(number: Surd) -> Value:
    if number.is_rational and number.rational.denominator == 1:
        return number.rational.numerator
    return number


def _kind(value: Value) -> str:
    if isinstance(value, bool):
        return "a truth value"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, Surd):
        return "a real number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, tuple):
        return "a list"
    return type(value).__name__


def _is_number(value: Value) -> bool:
    return isinstance(value, (int, Surd))


def _whole(value: Value, what: str) -> int:
    if isinstance(value, int):
        return int(value)
    raise _EvalError(f"{what} needs whole numbers, got {_kind(value)} ({short_value(value)})")


def _numbers(left: Value, right: Value, what: str) -> tuple[Surd, Surd]:
    if _is_number(left) and _is_number(right):
        return Surd.of(left), Surd.of(right)
    raise _EvalError(f"{what} needs numbers, got {_kind(left)} and {_kind(right)}")


def _check_bits(bits: int, what: str) -> None:
    if bits > MAX_BITS:
        size = f"about {bits:,}" if bits < 10**15 else "more than 10^15"
        raise _EvalError(f"{what} would give a number of {size} bits; the limit is {MAX_BITS:,}")


def value_size(value: Value, limit: int = MAX_ITEMS) -> int:
    """The size of a value as the limits count it: one per list item at every depth of
    nesting, plus one per 64 bits of every whole number.  Counting stops once past
    ``limit``, so the cost is bounded by the limit, not by the value.

    >>> value_size((1, (2, 3), 2**640))
    15
    """
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            total += len(item)
            if total > limit:
                return total
            stack.extend(item)
        elif isinstance(item, int):
            total += item.bit_length() >> 6
            if total > limit:
                return total
    return total


def _check_items(count: int) -> None:
    if count > MAX_ITEMS:
        raise _EvalError(
            f"the list would have {_count(count)} items (nested lists count all their items, "
            f"large numbers their 64-bit words); the limit is {MAX_ITEMS:,}"
        )


def _count(count: int) -> str:
    return f"{count:,}" if count < 10**15 else "more than 10^15"


def _add(left: Value, right: Value) -> Value:
    if isinstance(left, tuple) and isinstance(right, tuple):
        _check_items(value_size(left) + value_size(right))
        return left + right
    if isinstance(left, int) and isinstance(right, int):
        return left + right
    a, b = _numbers(left, right, "'+'")
    return _normal(a + b)


def _sub(left: Value, right: Value) -> Value:
    if isinstance(left, int) and isinstance(right, int):
        return left - right
    a, b = _numbers(left, right, "'-'")
    return _normal(a - b)


def _mul(left: Value, right: Value) -> Value:
    if isinstance(left, tuple) or isinstance(right, tuple):
        items, count = (left, right) if isinstance(left, tuple) else (right, left)
        times = _whole(count, "repeating a list")
        if times > 0 and items:
            _check_items(value_size(items) * times)
        return items * max(times, 0)
    if isinstance(left, int) and isinstance(right, int):
        _check_bits(abs(left).bit_length() + abs(right).bit_length(), "'*'")
        return left * right
    a, b = _numbers(left, right, "'*'")
    _check_bits(_surd_bits(a) + _surd_bits(b), "'*'")
    return _normal(a * b)


def _surd_bits(number: Surd) -> int:
    return max(
        abs(part.numerator).bit_length() + part.denominator.bit_length()
        for part in (number.rational, number.irrational)
    )


def _floordiv(left: Value, right: Value) -> Value:
    if isinstance(left, int) and isinstance(right, int):
        if right == 0:
            raise _EvalError("division by zero")
        return left // right
    a, b = _numbers(left, right, "'//'")
    if b == Surd.of(0):
        raise _EvalError("division by zero")
    return floor_of(a / b)


def _mod(left: Value, right: Value) -> Value:
    a, b = _whole(left, "'%'"), _whole(right, "'%'")
    if b == 0:
        raise _EvalError("division by zero")
    return a % b


def _pow(left: Value, right: Value) -> Value:
    exponent = _whole(right, "the exponent of '**'")
    if exponent < 0:
        raise _EvalError("a negative exponent is not allowed (results must stay exact)")
    if isinstance(left, int):
        if abs(left) > 1:
            # Compare the exponent first: a huge one would overflow the float estimate.
            _check_bits(exponent if exponent > MAX_BITS else 0, "'**'")
            _check_bits(math.ceil(exponent * math.log2(abs(left))), "'**'")
        return left**exponent
    if isinstance(left, Surd):
        _check_bits((_surd_bits(left) + 2) * exponent, "'**'")
        result = Surd.of(1)
        base = left
        while exponent:  # square and multiply
            if exponent & 1:
                result = result * base
            base = base * base
            exponent >>= 1
        return _normal(result)
    raise _EvalError(f"'**' needs a number, got {_kind(left)}")


def _lshift(left: Value, right: Value) -> Value:
    a, b = _whole(left, "'<<'"), _whole(right, "'<<'")
    if b < 0:
        raise _EvalError("negative shift count")
    _check_bits(a.bit_length() + b if a else 0, "'<<'")
    return a << b


def _rshift(left: Value, right: Value) -> Value:
    a, b = _whole(left, "'>>'"), _whole(right, "'>>'")
    if b < 0:
        raise _EvalError("negative shift count")
    return a >> min(b, a.bit_length() + 1)


def _bitwise(op: Callable[[int, int], int], symbol: str) -> Callable[[Value, Value], Value]:
    def apply(left: Value, right: Value) -> Value:
        result = op(_whole(left, f"'{symbol}'"), _whole(right, f"'{symbol}'"))
        if isinstance(left, bool) and isinstance(right, bool):
            return bool(result)
        return result

    return apply


_BINARY: dict[type[ast.operator], Callable[[Value, Value], Value]] = {
    ast.Add: _add,
    ast.Sub: _sub,
    ast.Mult: _mul,
    ast.FloorDiv: _floordiv,
    ast.Mod: _mod,
    ast.Pow: _pow,
    ast.LShift: _lshift,
    ast.RShift: _rshift,
    ast.BitXor: _bitwise(lambda a, b: a ^ b, "^"),
    ast.BitAnd: _bitwise(lambda a, b: a & b, "&"),
    ast.BitOr: _bitwise(lambda a, b: a | b, "|"),
}


def _equal(left: Value, right: Value) -> bool:
    if isinstance(left, Surd) or isinstance(right, Surd):
        if _is_number(left) and _is_number(right):
            return Surd.of(left) == Surd.of(right)
        return False
    return bool(left == right)


def _order(left: Value, right: Value, what: str) -> tuple[Any, Any]:
    if _is_number(left) and _is_number(right):
        if isinstance(left, Surd) or isinstance(right, Surd):
            return Surd.of(left), Surd.of(right)
        return left, right
    if isinstance(left, tuple) and isinstance(right, tuple):
        return left, right
    if isinstance(left, str) and isinstance(right, str):
        return left, right
    raise _EvalError(f"cannot compare {_kind(left)} with {_kind(right)} using '{what}'")


def _contains(item: Value, container: Value) -> bool:
    if not isinstance(container, tuple):
        raise _EvalError(f"'in' needs a list on its right, got {_kind(container)}")
    return any(_equal(item, member) for member in container)


_COMPARE: dict[type[ast.cmpop], Callable[[Value, Value], bool]] = {
    ast.Eq: _equal,
    ast.NotEq: lambda a, b: not _equal(a, b),
    ast.Lt: lambda a, b: bool(_order(a, b, "<")[0] < _order(a, b, "<")[1]),
    ast.LtE: lambda a, b: bool(_order(a, b, "<=")[0] <= _order(a, b, "<=")[1]),
    ast.Gt: lambda a, b: bool(_order(a, b, ">")[0] > _order(a, b, ">")[1]),
    ast.GtE: lambda a, b: bool(_order(a, b, ">=")[0] >= _order(a, b, ">=")[1]),
    ast.In: _contains,
    ast.NotIn: lambda a, b: not _contains(a, b),
}


def _spread(args: Sequence[Value], name: str) -> list[Value]:
    """``f(x, y, z)`` or ``f([x, y, z])``: the values, whichever way they were given."""
    if len(args) == 1 and isinstance(args[0], tuple):
        return list(args[0])
    return list(args)


def _call_len(args: Sequence[Value]) -> Value:
    (value,) = args
    if not isinstance(value, (tuple, str)):
        raise _EvalError(f"len() needs a list, got {_kind(value)}")
    return len(value)


def _extreme(choose: Callable[..., Any], name: str) -> Callable[[Sequence[Value]], Value]:
    def call(args: Sequence[Value]) -> Value:
        values = _spread(args, name)
        if not values:
            raise _EvalError(f"{name}() of an empty list")
        if not all(_is_number(v) for v in values):
            raise _EvalError(f"{name}() needs numbers")
        best = choose(values, key=Surd.of)
        return best

    return call


def _call_abs(args: Sequence[Value]) -> Value:
    (value,) = args
    if isinstance(value, int):
        return abs(value)
    if isinstance(value, Surd):
        return _normal(-value) if value < Surd.of(0) else value
    raise _EvalError(f"abs() needs a number, got {_kind(value)}")


def _rounding(to_int: Callable[[Surd], int], name: str) -> Callable[[Sequence[Value]], Value]:
    def call(args: Sequence[Value]) -> Value:
        (value,) = args
        if isinstance(value, int):
            return int(value)
        if isinstance(value, Surd):
            return to_int(value)
        raise _EvalError(f"{name}() needs a number, got {_kind(value)}")

    return call


def _call_nimsum(args: Sequence[Value]) -> Value:
    values = [_whole(v, "nimsum()") for v in _spread(args, "nimsum")]
    if any(v < 0 for v in values):
        raise _EvalError("nimsum() needs non-negative numbers")
    return nim_sum(*values)


def _call_mex(args: Sequence[Value]) -> Value:
    values = [_whole(v, "mex()") for v in _spread(args, "mex")]
    if any(v < 0 for v in values):
        raise _EvalError("mex() needs non-negative numbers")
    return mex(values)


_PLAIN_FUNCTIONS: dict[str, Callable[[Sequence[Value]], Value]] = {
    "len": _call_len,
    "min": _extreme(min, "min"),
    "max": _extreme(max, "max"),
    "abs": _call_abs,
    "floor": _rounding(floor_of, "floor"),
    "ceil": _rounding(ceil_of, "ceil"),
    "nimsum": _call_nimsum,
    "mex": _call_mex,
}


def _facts(scope: Scope) -> Facts:
    if scope.facts is None:
        raise _EvalError("this expression cannot ask about positions")
    return scope.facts


def _position_name(name: str) -> Run:
    def get(scope: Scope) -> Value:
        if name in scope.used:
            return scope.used[name]
        facts = _facts(scope)
        value: Value
        if name == "grundy":
            value = facts.grundy()
        elif name == "outcome":
            value = facts.outcome()
        elif name == "moves":
            value = facts.moves()
        else:
            value = facts.winning_moves()
        scope.used[name] = value
        return value

    return get


class _Compiler:
    def __init__(self, text: str, where: str) -> None:
        self.text = text
        self.where = where

    def piece(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.text, node) or type(node).__name__

    def guarded(self, node: ast.AST, run: Run) -> Run:
        """Turn value-level failures of ``run`` into a ClaimError naming ``node``'s text."""
        piece, where = self.piece(node), self.where

        def call(scope: Scope) -> Value:
            try:
                return run(scope)
            except _EvalError as exc:
                raise ClaimError(f"{exc} in {piece!r}{where}") from None
            except GrundyError:
                raise
            except (ArithmeticError, ValueError, TypeError) as exc:  # a guard we did not foresee
                raise ClaimError(f"cannot evaluate {piece!r}{where}: {exc}") from None

        return call

    def compile(self, node: ast.AST) -> Run:
        run = self.node(node)
        if not any(
            isinstance(n, ast.Name) and n.id not in _CONSTANT_NAMES for n in ast.walk(node)
        ) and not any(
            isinstance(n, ast.Call) and getattr(n.func, "id", "") in ("g", "outcome_of")
            for n in ast.walk(node)
        ):
            value = run(Scope({}))  # a constant: compute it (and its errors) once, now
            return lambda scope: value
        return run

    def node(self, node: ast.AST) -> Run:
        if isinstance(node, ast.Constant):
            constant = node.value
            return lambda scope: constant
        if isinstance(node, ast.Name):
            return self.name(node.id)
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.compile(item) for item in node.elts]

            def build(scope: Scope) -> Value:
                built = tuple(item(scope) for item in items)
                for value in built:  # flat lists of small numbers (most) need no count
                    if isinstance(value, tuple) or (
                        isinstance(value, int) and value.bit_length() > 64
                    ):
                        _check_items(value_size(built))
                        break
                return built

            return self.guarded(node, build)
        if isinstance(node, ast.BoolOp):
            return self.boolean(node)
        if isinstance(node, ast.UnaryOp):
            return self.unary(node)
        if isinstance(node, ast.BinOp):
            apply, left, right = (
                _BINARY[type(node.op)],
                self.compile(node.left),
                self.compile(node.right),
            )
            return self.guarded(node, lambda scope: apply(left(scope), right(scope)))
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.IfExp):
            test, body, other = (
                self.compile(node.test),
                self.compile(node.body),
                self.compile(node.orelse),
            )
            return lambda scope: body(scope) if truth(test(scope)) else other(scope)
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Subscript):
            return self.subscript(node)
        raise ClaimError(f"cannot evaluate {self.piece(node)!r}{self.where}")

    def name(self, name: str) -> Run:
        if name == "phi":
            return lambda scope: PHI
        if name in ("grundy", "outcome", "moves", "winning_moves"):
            return _position_name(name)

        def variable(scope: Scope) -> Value:
            return scope.values[name]

        return variable

    def boolean(self, node: ast.BoolOp) -> Run:
        parts = [self.compile(value) for value in node.values]
        if isinstance(node.op, ast.And):

            def both(scope: Scope) -> Value:
                value: Value = True
                for part in parts:
                    value = part(scope)
                    if not truth(value):
                        return value
                return value

            return both

        def either(scope: Scope) -> Value:
            value: Value = False
            for part in parts:
                value = part(scope)
                if truth(value):
                    return value
            return value

        return either

    def unary(self, node: ast.UnaryOp) -> Run:
        operand = self.compile(node.operand)
        if isinstance(node.op, ast.Not):
            return lambda scope: not truth(operand(scope))

        negate = isinstance(node.op, ast.USub)

        def sign(value: Value) -> Value:
            if isinstance(value, int):
                return -value if negate else +value
            if isinstance(value, Surd):
                return -value if negate else value
            raise _EvalError(f"'{'-' if negate else '+'}' needs a number, got {_kind(value)}")

        return self.guarded(node, lambda scope: sign(operand(scope)))

    def compare(self, node: ast.Compare) -> Run:
        first = self.compile(node.left)
        steps = [
            (_COMPARE[type(op)], self.compile(right))
            for op, right in zip(node.ops, node.comparators, strict=True)
        ]

        def chain(scope: Scope) -> Value:
            left = first(scope)
            for test, right_run in steps:
                right = right_run(scope)
                if not test(left, right):
                    return False
                left = right
            return True

        return self.guarded(node, chain)

    def call(self, node: ast.Call) -> Run:
        assert isinstance(node.func, ast.Name)  # the static pass allows nothing else
        name = node.func.id
        args = [self.compile(arg) for arg in node.args]
        if name == "implies":
            premise, conclusion = args
            return lambda scope: (not truth(premise(scope))) or truth(conclusion(scope))
        if name == "iff":
            left, right = args
            return lambda scope: truth(left(scope)) == truth(right(scope))
        if name in ("g", "outcome_of"):
            (argument,) = args
            ask_grundy = name == "g"

            def fact(scope: Scope) -> Value:
                position = argument(scope)
                facts = _facts(scope)
                value = facts.grundy_of(position) if ask_grundy else facts.outcome_of(position)
                scope.used[f"{name}({short_value(position, 200)})"] = (
                    value  # shown in counterexamples
                )
                return value

            return self.guarded(node, fact)
        function = _PLAIN_FUNCTIONS[name]
        return self.guarded(node, lambda scope: function([arg(scope) for arg in args]))

    def subscript(self, node: ast.Subscript) -> Run:
        container, index = self.compile(node.value), self.compile(node.slice)

        def item(scope: Scope) -> Value:
            items = container(scope)
            position = index(scope)
            if not isinstance(items, tuple):
                raise _EvalError(f"only lists can be indexed, not {_kind(items)}")
            if isinstance(position, bool) or not isinstance(position, int):
                raise _EvalError(f"a list index must be a whole number, got {_kind(position)}")
            if not -len(items) <= position < len(items):
                raise _EvalError(f"index {position} is outside a list of {len(items)} items")
            return items[position]

        return self.guarded(node, item)
