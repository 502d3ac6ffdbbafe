"""The operators of claim expressions: arithmetic, bitwise and comparisons, each with
its size guard and a message naming the kinds of value it was given."""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from typing import Any

from grundy.claims.numbers import Surd, floor_of
from grundy.claims.values import (
    MAX_BITS,
    Value,
    _check_bits,
    _check_items,
    _EvalError,
    _is_number,
    _kind,
    _normal,
    _numbers,
    _surd_bits,
    _whole,
    value_size,
)

__all__ = ["BINARY", "COMPARE"]


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


BINARY: dict[type[ast.operator], Callable[[Value, Value], Value]] = {
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


COMPARE: dict[type[ast.cmpop], Callable[[Value, Value], bool]] = {
    ast.Eq: _equal,
    ast.NotEq: lambda a, b: not _equal(a, b),
    ast.Lt: lambda a, b: bool(_order(a, b, "<")[0] < _order(a, b, "<")[1]),
    ast.LtE: lambda a, b: bool(_order(a, b, "<=")[0] <= _order(a, b, "<=")[1]),
    ast.Gt: lambda a, b: bool(_order(a, b, ">")[0] > _order(a, b, ">")[1]),
    ast.GtE: lambda a, b: bool(_order(a, b, ">=")[0] >= _order(a, b, ">=")[1]),
    ast.In: _contains,
    ast.NotIn: lambda a, b: not _contains(a, b),
}
