"""The nim-sum exercises of handout 17 (seed 002) as Z3 encodings.

Exercises 2-3 are facts of the nim-sum algebra, 5 and 7 describe how one move changes the
value of a Nim position.  Exercises 6 and 8 are Bouton's conditions (3) and (2), so their
encodings are those of :mod:`grundy.theory.bouton` (``bouton_moves_from_zero``,
``bouton_move_to_zero``).  The false variants are in :mod:`grundy.theory.exercise_mutants`.

>>> exercise_2(8).prove(timeout_ms=10_000).status
<Status.PROVED: 'proved'>
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from grundy.errors import InvalidParameterError
from grundy.theory.bit_vectors import (
    bit_scope,
    bit_vectors,
    heap_scope,
    heap_values,
    heap_vectors,
    plain_xor,
    xor_all,
)
from grundy.verify.z3engine import Case, Encoding

__all__ = [
    "exercise_2",
    "exercise_3",
    "exercise_5",
    "exercise_7",
    "exercise_7_at",
]


def exercise_2(width: int) -> Encoding:
    """If a ⊕ b = c then a ⊕ b ⊕ c = 0, a = b ⊕ c and a ⊕ c = b."""
    a, b, c = bit_vectors("a b c", width)
    goal = z3.Implies(a ^ b == c, z3.And(a ^ b ^ c == 0, a == b ^ c, a ^ c == b))

    def holds(case: Case) -> bool:
        va, vb, vc = case["a"], case["b"], case["c"]
        return va ^ vb != vc or (va ^ vb ^ vc == 0 and va == vb ^ vc and va ^ vc == vb)

    return Encoding("exercise-2", goal, (a, b, c), holds, bit_scope(width, "a, b, c"))


def exercise_3(width: int) -> Encoding:
    """*a = *b if and only if *a + *b = *0."""
    a, b = bit_vectors("a b", width)
    return Encoding(
        "exercise-3",
        (a == b) == (a ^ b == 0),
        (a, b),
        lambda c: (c["a"] == c["b"]) == (c["a"] ^ c["b"] == 0),
        bit_scope(width, "a, b"),
    )


def exercise_5(heaps: int, width: int) -> Encoding:
    """Lowering heap i from a to b changes the value *m into *m + *a + *b."""

    def changes_by_both(after: Any, heap: Any, total: Any, lowered: Any) -> Any:
        return after == total ^ heap ^ lowered

    return _every_lowering("exercise-5", heaps, width, changes_by_both)


def exercise_7(heaps: int, width: int) -> Encoding:
    """Lowering heap i to b leaves value 0 exactly when b = h_i ⊕ s (the recipe's move)."""

    def zero_by_recipe(after: Any, heap: Any, total: Any, lowered: Any) -> Any:
        return (after == 0) == (lowered == heap ^ total)

    return _every_lowering("exercise-7", heaps, width, zero_by_recipe)


def _every_lowering(
    name: str, heaps: int, width: int, claim: Callable[[Any, Any, Any, Any], Any]
) -> Encoding:
    """``claim(after, heap, total, b)`` whenever any one heap is lowered to b, where
    ``after`` is the nim-sum then and ``total`` the nim-sum before: the same claim read
    by Z3 on bit vectors and by Python on the integers of a case."""
    sizes = heap_vectors(heaps, width)
    (lowered,) = bit_vectors("b", width)
    total = xor_all(sizes)
    goal = z3.And(
        *[
            z3.Implies(
                z3.ULT(lowered, sizes[i]),
                claim(
                    xor_all([lowered if j == i else h for j, h in enumerate(sizes)]),
                    sizes[i],
                    total,
                    lowered,
                ),
            )
            for i in range(heaps)
        ]
    )

    def holds(case: Case) -> bool:
        values = heap_values(case, heaps)
        m, b = plain_xor(values), case["b"]
        return all(
            not b < a
            or claim(plain_xor([b if j == i else v for j, v in enumerate(values)]), a, m, b)
            for i, a in enumerate(values)
        )

    return Encoding(name, goal, (*sizes, lowered), holds, heap_scope(heaps, width))


def exercise_7_at(heaps: int, width: int, index: int) -> Encoding:
    """:func:`exercise_7` for heap ``index`` (0-based) alone.

    Exercise 7's statement is a conjunction over the heap lowered, so proving it heap by
    heap proves it whole; and each conjunct alone is far easier for Z3 (8 heaps of 64
    bits: about 0.01 s per heap against 4 s for the conjunction).

    >>> exercise_7_at(3, 16, 2).prove(timeout_ms=20_000).status
    <Status.PROVED: 'proved'>
    """
    if not 0 <= index < heaps:
        raise InvalidParameterError(f"heap index {index} is outside 0..{heaps - 1}")
    sizes = heap_vectors(heaps, width)
    (lowered,) = bit_vectors("b", width)
    after = xor_all([lowered if j == index else h for j, h in enumerate(sizes)])
    goal = z3.Implies(
        z3.ULT(lowered, sizes[index]), (after == 0) == (lowered == sizes[index] ^ xor_all(sizes))
    )

    def holds(case: Case) -> bool:
        values = heap_values(case, heaps)
        s, b, a = plain_xor(values), case["b"], values[index]
        reaches_zero = plain_xor([b if j == index else v for j, v in enumerate(values)]) == 0
        return not b < a or reaches_zero == (b == a ^ s)

    return Encoding(
        f"exercise-7-heap-{index + 1}",
        goal,
        (*sizes, lowered),
        holds,
        heap_scope(heaps, width),
    )
