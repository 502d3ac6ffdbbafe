"""The functions a claim expression may call on plain values (``len``, ``min``,
``floor``, ``nimsum``, ``nim_mul``, ``sum``, ``popcount``, ``gcd``, ...); facts about
positions are asked elsewhere (:mod:`grundy.claims.evaluate`).

>>> [PLAIN_FUNCTIONS[name](args) for name, args in [("popcount", [13]), ("bit", [13, 2]),
...     ("bit_length", [13]), ("gcd", [12, 18]), ("isqrt", [99]), ("sum", [(1, 2, 3)])]]
[3, 1, 4, 6, 9, 6]
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from grundy.claims.numbers import Surd, ceil_of, floor_of
from grundy.claims.operators import BINARY
from grundy.claims.values import (
    MAX_NIM_PRODUCT_BITS,
    Value,
    _EvalError,
    _is_number,
    _kind,
    _normal,
    _whole,
    truth,
)
from grundy.nimber import mex, nim_inv, nim_mul, nim_pow, nim_sum

__all__ = ["PLAIN_FUNCTIONS", "total"]


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


def _nimbers(args: Sequence[Value], name: str) -> list[int]:
    values = [_whole(v, f"{name}()") for v in args]
    if any(v < 0 for v in values):
        raise _EvalError(f"{name}() needs non-negative numbers")
    if any(v.bit_length() > MAX_NIM_PRODUCT_BITS for v in values):
        raise _EvalError(f"{name}() takes nimbers of at most {MAX_NIM_PRODUCT_BITS} bits")
    return values


def _call_nim_mul(args: Sequence[Value]) -> Value:
    product = 1
    for value in _nimbers(_spread(args, "nim_mul"), "nim_mul"):
        product = nim_mul(product, value)
    return product


def _call_nim_inv(args: Sequence[Value]) -> Value:
    (value,) = _nimbers(args, "nim_inv")
    if value == 0:
        raise _EvalError("nim_inv(0): the nimber 0 has no inverse")
    return nim_inv(value)


def _call_nim_pow(args: Sequence[Value]) -> Value:
    base, exponent = args
    (value,) = _nimbers([base], "nim_pow")
    power = _whole(exponent, "the exponent of nim_pow()")
    if power.bit_length() > MAX_NIM_PRODUCT_BITS:
        raise _EvalError(f"nim_pow() takes an exponent of at most {MAX_NIM_PRODUCT_BITS} bits")
    if value == 0 and power < 0:
        raise _EvalError("nim_pow(0, negative): the nimber 0 has no inverse")
    return nim_pow(value, power)


def total(values: Iterable[Value]) -> Value:
    """The sum of numbers (truth values count 1 and 0, as in Python), exact for ``phi``."""
    result: Value = 0
    add = BINARY[ast.Add]
    for value in values:
        if not _is_number(value):
            raise _EvalError(f"sum() needs numbers, got {_kind(value)}")
        result = (
            result + value
            if isinstance(result, int) and isinstance(value, int)
            else add(result, value)
        )
    return result


def _call_sum(args: Sequence[Value]) -> Value:
    (values,) = args
    if not isinstance(values, tuple):
        raise _EvalError(f"sum() needs a list, got {_kind(values)}")
    return total(values)


def _quantifier(choose: Callable[[Iterable[bool]], bool], name: str) -> Callable[..., Value]:
    def call(args: Sequence[Value]) -> Value:
        (values,) = args
        if not isinstance(values, tuple):
            raise _EvalError(f"{name}() needs a list, got {_kind(values)}")
        return choose(truth(value) for value in values)

    return call


def _natural(value: Value, name: str) -> int:
    number = _whole(value, f"{name}()")
    if number < 0:
        raise _EvalError(f"{name}() needs a non-negative number, got {number}")
    return number


def _call_popcount(args: Sequence[Value]) -> Value:
    return _natural(args[0], "popcount").bit_count()


def _call_bit_length(args: Sequence[Value]) -> Value:
    return _natural(args[0], "bit_length").bit_length()


def _call_bit(args: Sequence[Value]) -> Value:
    number, index = _natural(args[0], "bit"), _natural(args[1], "bit")
    return (number >> min(index, number.bit_length())) & 1


def _call_gcd(args: Sequence[Value]) -> Value:
    return math.gcd(*(_whole(v, "gcd()") for v in _spread(args, "gcd")))


def _call_isqrt(args: Sequence[Value]) -> Value:
    return math.isqrt(_natural(args[0], "isqrt"))


PLAIN_FUNCTIONS: dict[str, Callable[[Sequence[Value]], Value]] = {
    "len": _call_len,
    "min": _extreme(min, "min"),
    "max": _extreme(max, "max"),
    "abs": _call_abs,
    "floor": _rounding(floor_of, "floor"),
    "ceil": _rounding(ceil_of, "ceil"),
    "nimsum": _call_nimsum,
    "mex": _call_mex,
    "nim_mul": _call_nim_mul,
    "nim_inv": _call_nim_inv,
    "nim_pow": _call_nim_pow,
    "all": _quantifier(all, "all"),
    "any": _quantifier(any, "any"),
    "sum": _call_sum,
    "popcount": _call_popcount,
    "bit_length": _call_bit_length,
    "bit": _call_bit,
    "gcd": _call_gcd,
    "isqrt": _call_isqrt,
}
