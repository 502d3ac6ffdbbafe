"""False variants of the handout's nim-sum exercises (seed 002), each aimed at one engine.

The library checks exercises 2-8 twice: by Z3 over 64-bit values and by running the same
statement in plain Python over every value below 8.  Each engine needs a mutant that only
it can refute:

* ``low_digits_*``: the exercise with nim-sums compared on their last three binary digits.
  Below 8 that is the whole number, so the exhaustive run agrees with it; only Z3, which
  looks beyond, can refute it.
* :func:`slipped`: an encoding slip.  Z3 is handed the exercise's true statement while the
  plain statement is a misreading, so only the exhaustive run of the plain statement can
  refute it: the slip that part of each check is there to catch.

:func:`recipe_by_subtraction` is exercise 7 misread with ordinary arithmetic.

>>> low_digits_2(8).holds({"a": 8, "b": 0, "c": 0})
False
>>> low_digits_2(8).prove(timeout_ms=10_000).counterexample
{'a': 0, 'b': 0, 'c': 8}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

import z3

from grundy.verify.z3engine import Encoding

__all__ = [
    "LOW",
    "low_digits_2",
    "low_digits_3",
    "low_digits_5",
    "low_digits_6",
    "low_digits_7",
    "low_digits_8",
    "recipe_by_subtraction",
    "slipped",
]

LOW = 7  # the last three binary digits

Case = Mapping[str, int]
T = TypeVar("T", z3.BitVecRef, int)


def _xor(values: Sequence[T]) -> T:
    result = values[0]
    for value in values[1:]:
        result = result ^ value
    return result


def _xor_plain(values: Sequence[int]) -> int:
    result = 0
    for value in values:
        result ^= value
    return result


def _after(values: Sequence[T], index: int, lowered: T) -> list[T]:
    return [lowered if j == index else v for j, v in enumerate(values)]


def _heap_vars(heaps: int, width: int) -> list[z3.BitVecRef]:
    return [z3.BitVec(f"h{i}", width) for i in range(1, heaps + 1)]


def _heap_values(case: Case, heaps: int) -> list[int]:
    return [case[f"h{i}"] for i in range(1, heaps + 1)]


def _scope(heaps: int, width: int) -> str:
    return f"bounded: {heaps} heaps, each < 2^{width}"


def recipe_by_subtraction(heaps: int, width: int) -> Encoding:
    """Exercise 7 misread: lowering h to b leaves value 0 exactly when b = h - s
    (false: (1, 2) has s = 3, and its move 2 -> 1 is not 2 - 3)."""
    sizes = _heap_vars(heaps, width)
    (lowered,) = z3.BitVecs("b", width)
    total = _xor(sizes)
    goal = z3.And(
        *[
            z3.Implies(
                z3.ULT(lowered, sizes[i]),
                (_xor(_after(sizes, i, lowered)) == 0)
                == (z3.ZeroExt(1, lowered) == z3.ZeroExt(1, sizes[i]) - z3.ZeroExt(1, total)),
            )
            for i in range(heaps)
        ]
    )

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        s, b = _xor_plain(values), case["b"]
        return all(
            not b < a or (_xor_plain(_after(values, i, b)) == 0) == (b == a - s)
            for i, a in enumerate(values)
        )

    return Encoding("recipe-by-subtraction", goal, (*sizes, lowered), holds, _scope(heaps, width))


# -- only Z3 can refute these: they agree with the exercises below 8 ---------------------------


def low_digits_2(width: int) -> Encoding:
    """Exercise 2 with a ⊕ b and c compared on their last three binary digits."""
    a, b, c = z3.BitVecs("a b c", width)
    goal = z3.Implies((a ^ b) & LOW == c & LOW, a ^ b ^ c == 0)
    return Encoding(
        "exercise-2-low-digits",
        goal,
        (a, b, c),
        lambda k: (k["a"] ^ k["b"]) & LOW != k["c"] & LOW or k["a"] ^ k["b"] ^ k["c"] == 0,
        f"bounded: a, b, c < 2^{width}",
    )


def low_digits_3(width: int) -> Encoding:
    """Exercise 3 with a ⊕ b tested for 0 on its last three binary digits."""
    a, b = z3.BitVecs("a b", width)
    goal = (a == b) == ((a ^ b) & LOW == 0)
    return Encoding(
        "exercise-3-low-digits",
        goal,
        (a, b),
        lambda k: (k["a"] == k["b"]) == ((k["a"] ^ k["b"]) & LOW == 0),
        f"bounded: a, b < 2^{width}",
    )


HeapGoal = Callable[[list[z3.BitVecRef], z3.BitVecRef], z3.BoolRef]
HeapHolds = Callable[[list[int], int], bool]


def _heap_statement(
    name: str, goal_of: HeapGoal, holds_of: HeapHolds, extra: str = "b"
) -> Callable[[int, int], Encoding]:
    """A builder of encodings over heaps h1..hk and one more number ``extra``, from the
    goal on Z3 values and its twin on integers."""

    def build(heaps: int, width: int) -> Encoding:
        sizes = _heap_vars(heaps, width)
        other = z3.BitVec(extra, width)

        def holds(case: Case) -> bool:
            return holds_of(_heap_values(case, heaps), case[extra])

        return Encoding(name, goal_of(sizes, other), (*sizes, other), holds, _scope(heaps, width))

    return build


def _goal_5(h: list[z3.BitVecRef], b: z3.BitVecRef) -> z3.BoolRef:
    return z3.And(
        *[
            z3.Implies(z3.ULT(b, h[i]), _xor(_after(h, i, b)) == _xor(h) ^ (h[i] & LOW) ^ (b & LOW))
            for i in range(len(h))
        ]
    )


def _holds_5(v: list[int], b: int) -> bool:
    return all(
        not b < a or _xor_plain(_after(v, i, b)) == _xor_plain(v) ^ (a & LOW) ^ (b & LOW)
        for i, a in enumerate(v)
    )


def _goal_6(h: list[z3.BitVecRef], to: z3.BitVecRef) -> z3.BoolRef:
    moves = [z3.Implies(z3.ULT(to, h[i]), _xor(_after(h, i, to)) != 0) for i in range(len(h))]
    return z3.Implies(_xor(h) & LOW == 0, z3.And(*moves))


def _holds_6(v: list[int], to: int) -> bool:
    return _xor_plain(v) & LOW != 0 or all(
        not to < a or _xor_plain(_after(v, i, to)) != 0 for i, a in enumerate(v)
    )


def _goal_7(h: list[z3.BitVecRef], b: z3.BitVecRef) -> z3.BoolRef:
    return z3.And(
        *[
            z3.Implies(z3.ULT(b, h[i]), (_xor(_after(h, i, b)) & LOW == 0) == (b == h[i] ^ _xor(h)))
            for i in range(len(h))
        ]
    )


def _holds_7(v: list[int], b: int) -> bool:
    return all(
        not b < a or (_xor_plain(_after(v, i, b)) & LOW == 0) == (b == a ^ _xor_plain(v))
        for i, a in enumerate(v)
    )


low_digits_5 = _heap_statement("exercise-5-low-digits", _goal_5, _holds_5)
"""Exercise 5 with the heap's old and new sizes cut to their last three digits."""
low_digits_6 = _heap_statement("exercise-6-low-digits", _goal_6, _holds_6, extra="to")
"""Exercise 6 from every position whose value is a multiple of 8."""
low_digits_7 = _heap_statement("exercise-7-low-digits", _goal_7, _holds_7)
"""Exercise 7 with "value 0" read on the last three digits."""


def low_digits_8(heaps: int, width: int) -> Encoding:
    """Exercise 8 with h ⊕ s < h compared on the last three binary digits."""
    sizes = _heap_vars(heaps, width)
    total = _xor(sizes)
    goal = z3.Implies(total != 0, z3.Or(*[z3.ULT((h ^ total) & LOW, h & LOW) for h in sizes]))

    def holds(case: Case) -> bool:
        values = _heap_values(case, heaps)
        s = _xor_plain(values)
        return s == 0 or any((v ^ s) & LOW < v & LOW for v in values)

    return Encoding("exercise-8-low-digits", goal, tuple(sizes), holds, _scope(heaps, width))


# -- only the exhaustive twin can refute these: an encoding slip -----------------------------


def slipped(
    right: Callable[..., Encoding], wrong: Callable[..., Encoding]
) -> Callable[..., Encoding]:
    """A builder whose Z3 goal is ``right``'s (a true statement) and whose plain statement
    is ``wrong``'s (a misreading): a slip between the two that only running the plain
    statement can show."""

    def build(*args: int) -> Encoding:
        true_goal, misread = right(*args), wrong(*args)
        return replace(true_goal, name=f"{misread.name}-slipped", holds=misread.holds)

    return build
