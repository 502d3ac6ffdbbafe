"""The nim-sum as bit-vector XOR: its algebra, the mex lemma and distinct powers of two.

Each builder returns an :class:`~grundy.verify.z3engine.Encoding`: a Z3 goal over named
variables with the same statement in plain Python (``holds``), which re-checks any model Z3
offers as a counterexample and doubles as the predicate for exhaustive checks at small
widths.  Nim-sums are bit-vector XORs of width ``w``, so a proof covers every value below
``2**w`` (the bit-vectors themselves: :mod:`grundy.theory.bit_vectors`).

For any number of distinct powers of two, :func:`prove_distinct_powers_any_count` proves
lemmas once by Z3 (:func:`grundy.verify.z3_induction.prove_lemmas`); the induction over the
list is argued on paper.

>>> encoding = commutativity(8)
>>> encoding.prove(timeout_ms=10_000).status
<Status.PROVED: 'proved'>
>>> encoding.holds({"x": 3, "y": 5})
True
"""

from __future__ import annotations

from collections.abc import Mapping

import z3

from grundy.theory.bit_vectors import (
    bit_scope,
    bit_vectors,
    plain_xor,
    xor_all,
)
from grundy.verdict import UNBOUNDED, Verdict, with_paper_steps
from grundy.verify.z3_induction import Lemma, prove_lemmas
from grundy.verify.z3engine import Case, Encoding

__all__ = [
    "DISTINCT_POWERS_ID",
    "associativity",
    "cancellation",
    "commutativity",
    "distinct_power_lemmas",
    "distinct_powers_add",
    "identity",
    "mex_lemma_no_equal_option",
    "mex_lemma_smaller_values",
    "ordinary_addition",
    "prove_distinct_powers_any_count",
    "self_inverse",
    "strict_xor_bound",
]


# -- nim-sum algebra (handout 17; slides 000) ------------------------------------------------


def associativity(width: int) -> Encoding:
    x, y, z = bit_vectors("x y z", width)
    return Encoding(
        "associativity",
        (x ^ y) ^ z == x ^ (y ^ z),
        (x, y, z),
        lambda c: (c["x"] ^ c["y"]) ^ c["z"] == c["x"] ^ (c["y"] ^ c["z"]),
        bit_scope(width),
    )


def commutativity(width: int) -> Encoding:
    x, y = bit_vectors("x y", width)
    return Encoding(
        "commutativity",
        x ^ y == y ^ x,
        (x, y),
        lambda c: c["x"] ^ c["y"] == c["y"] ^ c["x"],
        bit_scope(width, "x, y"),
    )


def self_inverse(width: int) -> Encoding:
    (x,) = bit_vectors("x", width)
    return Encoding(
        "self-inverse", x ^ x == 0, (x,), lambda c: c["x"] ^ c["x"] == 0, bit_scope(width, "x")
    )


def identity(width: int) -> Encoding:
    (x,) = bit_vectors("x", width)
    return Encoding(
        "identity", x ^ 0 == x, (x,), lambda c: c["x"] ^ 0 == c["x"], bit_scope(width, "x")
    )


def cancellation(width: int) -> Encoding:
    x, y, z = bit_vectors("x y z", width)
    return Encoding(
        "cancellation",
        z3.Implies(x ^ y == x ^ z, y == z),
        (x, y, z),
        lambda c: (c["x"] ^ c["y"]) != (c["x"] ^ c["z"]) or c["y"] == c["z"],
        bit_scope(width),
    )


def distinct_powers_add(count: int, width: int) -> Encoding:
    """The nim-sum of ``count`` distinct powers of two equals their ordinary sum."""
    powers = [z3.BitVec(f"p{i}", width) for i in range(1, count + 1)]
    extra = count.bit_length()
    is_power = [z3.And(p != 0, p & (p - 1) == 0) for p in powers]
    goal = z3.Implies(
        z3.And(*is_power, z3.Distinct(*powers)),
        z3.ZeroExt(extra, xor_all(powers)) == z3.Sum([z3.ZeroExt(extra, p) for p in powers]),
    )

    def holds(case: Case) -> bool:
        values = [case[f"p{i}"] for i in range(1, count + 1)]
        premise = len(set(values)) == count and all(v > 0 and v & (v - 1) == 0 for v in values)
        return not premise or plain_xor(values) == sum(values)

    return Encoding(
        "distinct-powers", goal, tuple(powers), holds, bit_scope(width, f"{count} powers")
    )


def ordinary_addition(width: int) -> Encoding:
    """Mutant: nim-sum is ordinary addition (false: 1 ⊕ 1 = 0)."""
    x, y = bit_vectors("x y", width)
    goal = z3.ZeroExt(1, x ^ y) == z3.ZeroExt(1, x) + z3.ZeroExt(1, y)
    return Encoding(
        "ordinary-addition",
        goal,
        (x, y),
        lambda c: c["x"] ^ c["y"] == c["x"] + c["y"],
        bit_scope(width, "x, y"),
    )


def strict_xor_bound(width: int) -> Encoding:
    """Mutant: x ⊕ y < x + y always (false when no bits are shared, e.g. x = y = 0)."""
    x, y = bit_vectors("x y", width)
    goal = z3.ULT(z3.ZeroExt(1, x ^ y), z3.ZeroExt(1, x) + z3.ZeroExt(1, y))
    return Encoding(
        "strict-bound",
        goal,
        (x, y),
        lambda c: c["x"] ^ c["y"] < c["x"] + c["y"],
        bit_scope(width, "x, y"),
    )


# -- the mex lemma behind the Sprague-Grundy sum rule ------------------------------------------


def mex_lemma_smaller_values(width: int) -> Encoding:
    """Every y < a ⊕ b is reached: a' = y ⊕ b < a or b' = y ⊕ a < b.

    a' ⊕ b = y forces a' = y ⊕ b, so naming that option is the same as "there is an a'".
    """
    a, b, y = bit_vectors("a b y", width)
    goal = z3.Implies(z3.ULT(y, a ^ b), z3.Or(z3.ULT(y ^ b, a), z3.ULT(y ^ a, b)))

    def holds(case: Case) -> bool:
        va, vb, vy = case["a"], case["b"], case["y"]
        return not vy < va ^ vb or vy ^ vb < va or vy ^ va < vb

    return Encoding("mex-reaches-below", goal, (a, b, y), holds, bit_scope(width, "a, b, y"))


def mex_lemma_no_equal_option(width: int) -> Encoding:
    """No option of a + b has value a ⊕ b: a' < a gives a' ⊕ b ≠ a ⊕ b, and likewise b'."""
    a, b, smaller = bit_vectors("a b option", width)
    goal = z3.And(
        z3.Implies(z3.ULT(smaller, a), smaller ^ b != a ^ b),
        z3.Implies(z3.ULT(smaller, b), a ^ smaller != a ^ b),
    )

    def holds(case: Case) -> bool:
        va, vb, vo = case["a"], case["b"], case["option"]
        left = not vo < va or vo ^ vb != va ^ vb
        right = not vo < vb or va ^ vo != va ^ vb
        return left and right

    return Encoding("mex-misses-value", goal, (a, b, smaller), holds, bit_scope(width, "a, b"))


# -- any number of distinct powers of two (lemmas by Z3, the induction on paper) -------------

DISTINCT_POWERS_ID = "nim-sum-distinct-powers-any-count"
"""The library theorem whose induction on the number of powers is argued on paper."""


def distinct_power_lemmas(width: int, disjoint: str = "powers") -> list[Lemma]:
    """Lemmas for "distinct powers of two nim-add like integers", for any number of them.

    ``disjoint="any"`` states D1 for any two distinct numbers (a false generalisation).
    """
    p, q, x = z3.BitVecs("p q x", width)

    def is_power(value: z3.BitVecRef) -> z3.BoolRef:
        return z3.And(value != 0, value & (value - 1) == 0)

    def python_power(value: int) -> bool:
        return value > 0 and value & (value - 1) == 0

    if disjoint == "powers":
        premise = z3.And(is_power(p), is_power(q), p != q)

        def plain_premise(c: Mapping[str, int]) -> bool:
            return python_power(c["p"]) and python_power(c["q"]) and c["p"] != c["q"]
    elif disjoint == "any":
        premise = p != q

        def plain_premise(c: Mapping[str, int]) -> bool:
            return c["p"] != c["q"]
    else:
        raise ValueError(f"unknown premise {disjoint!r} (powers or any)")
    return [
        (
            f"D1 distinct {'powers of two' if disjoint == 'powers' else 'numbers'} share no bit",
            z3.Implies(premise, p & q == 0),
            [p, q],
            lambda c: not plain_premise(c) or c["p"] & c["q"] == 0,
        ),
        (
            "D2 a bit missing from x and from q is missing from x ⊕ q",
            z3.Implies(z3.And(x & p == 0, q & p == 0), (x ^ q) & p == 0),
            [x, q, p],
            lambda c: (
                not (c["x"] & c["p"] == 0 and c["q"] & c["p"] == 0)
                or (c["x"] ^ c["q"]) & c["p"] == 0
            ),
        ),
        (
            "D3 numbers with no common bit nim-add like integers",
            z3.Implies(x & p == 0, z3.ZeroExt(1, x ^ p) == z3.ZeroExt(1, x) + z3.ZeroExt(1, p)),
            [x, p],
            lambda c: c["x"] & c["p"] != 0 or c["x"] ^ c["p"] == c["x"] + c["p"],
        ),
    ]


def prove_distinct_powers_any_count(
    width: int, *, timeout_ms: int, seed: int = 0, disjoint: str = "powers"
) -> Verdict:
    """The nim-sum of any number of distinct powers of two below ``2**width`` is their sum.

    The induction on the number of powers is argued on paper: a proved verdict lists it
    in ``assumes``."""
    verdict = prove_lemmas(
        distinct_power_lemmas(width, disjoint),
        scope=f"{UNBOUNDED} number of distinct powers of two, each < 2^{width}",
        width=width,
        timeout_ms=timeout_ms,
        seed=seed,
        conclusion="the sum rule follows by induction on the number of powers, argued on paper",
        decomposition=[
            "invariant: x_i = p_1 ⊕ ... ⊕ p_i = p_1 + ... + p_i, and x_i shares no bit "
            "with any later p_j (D1 for each earlier p, D2 along the list)",
            "step: D3 with x = x_i and p = p_(i+1) gives x_(i+1) = x_i + p_(i+1)",
        ],
    )
    return with_paper_steps(verdict, DISTINCT_POWERS_ID)
