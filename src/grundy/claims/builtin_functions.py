"""The functions a claim expression may call on plain values (``len``, ``min``,
``floor``, ``nimsum``, ``nim_mul``, ...); facts about positions are asked elsewhere
(:mod:`grundy.claims.evaluate`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from grundy.claims.numbers import Surd, ceil_of, floor_of
from grundy.claims.values import (
    MAX_NIM_PRODUCT_BITS,
    Value,
    _EvalError,
    _is_number,
    _kind,
    _normal,
    _whole,
)
from grundy.nimber import mex, nim_inv, nim_mul, nim_pow, nim_sum

__all__ = ["PLAIN_FUNCTIONS"]


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
}
