"""The nim-sum laws and the mex lemma as :class:`~grundy.verify.bit_induction.BitwiseLaw`.

Each law is stated twice: for Z3, with ⊕ given as a function building terms, and in plain
Python with ``^``.  Laws used as lemmas by later ones come first; a law that needs them
says at which terms (its ``instances``), and those terms are always natural numbers
(variables, their halves, or nim-sums of them), where the lemmas were proved.

>>> from grundy.verify.bit_induction import prove_chain
>>> prove_chain(mex_lemma_laws(), timeout_ms=20_000).scope
'unbounded'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import z3

from grundy.verify.bit_induction import BitwiseLaw, Instances, LawStatement, NimSum

__all__ = [
    "ASSOCIATIVE",
    "CANCELLATION",
    "CANCEL_INNER",
    "CANCEL_LEFT",
    "CANCEL_RIGHT",
    "COMMUTATIVE",
    "IDENTITY",
    "NATURAL",
    "SELF_INVERSE",
    "mex_lemma_laws",
    "mex_no_equal_option",
    "mex_reaches_below",
]

Terms = Sequence[z3.ArithRef]
Case = Mapping[str, int]


def _law(
    name: str,
    variables: str,
    statement: LawStatement,
    holds: Callable[[Case], bool],
    lemmas: Sequence[BitwiseLaw] = (),
    instances: Instances | None = None,
) -> BitwiseLaw:
    return BitwiseLaw(name, tuple(variables.split()), statement, holds, tuple(lemmas), instances)


ASSOCIATIVE = _law(
    "(x ⊕ y) ⊕ z = x ⊕ (y ⊕ z)",
    "x y z",
    lambda f, v: f(f(v[0], v[1]), v[2]) == f(v[0], f(v[1], v[2])),
    lambda c: (c["x"] ^ c["y"]) ^ c["z"] == c["x"] ^ (c["y"] ^ c["z"]),
)
COMMUTATIVE = _law(
    "x ⊕ y = y ⊕ x",
    "x y",
    lambda f, v: f(v[0], v[1]) == f(v[1], v[0]),
    lambda c: c["x"] ^ c["y"] == c["y"] ^ c["x"],
)
SELF_INVERSE = _law(
    "x ⊕ x = 0",
    "x",
    lambda f, v: f(v[0], v[0]) == 0,
    lambda c: c["x"] ^ c["x"] == 0,
)
IDENTITY = _law(
    "x ⊕ 0 = x",
    "x",
    lambda f, v: f(v[0], 0) == v[0],
    lambda c: c["x"] ^ 0 == c["x"],
)
CANCELLATION = _law(
    "x ⊕ y = x ⊕ z implies y = z",
    "x y z",
    lambda f, v: z3.Implies(f(v[0], v[1]) == f(v[0], v[2]), v[1] == v[2]),
    lambda c: c["x"] ^ c["y"] != c["x"] ^ c["z"] or c["y"] == c["z"],
)
NATURAL = _law(
    "x ⊕ y >= 0",
    "x y",
    lambda f, v: f(v[0], v[1]) >= 0,
    lambda c: c["x"] ^ c["y"] >= 0,
)
CANCEL_RIGHT = _law(
    "(x ⊕ y) ⊕ y = x",
    "x y",
    lambda f, v: f(f(v[0], v[1]), v[1]) == v[0],
    lambda c: (c["x"] ^ c["y"]) ^ c["y"] == c["x"],
)
CANCEL_LEFT = _law(
    "(x ⊕ y) ⊕ x = y",
    "x y",
    lambda f, v: f(f(v[0], v[1]), v[0]) == v[1],
    lambda c: (c["x"] ^ c["y"]) ^ c["x"] == c["y"],
)
CANCEL_INNER = _law(
    "y ⊕ (x ⊕ y) = x",
    "x y",
    lambda f, v: f(v[1], f(v[0], v[1])) == v[0],
    lambda c: c["y"] ^ (c["x"] ^ c["y"]) == c["x"],
)


def _at(law: BitwiseLaw, f: NimSum, *terms: z3.ArithRef) -> z3.BoolRef:
    return law.statement(f, terms)


def mex_reaches_below(sides: str = "both", strict: bool = True) -> BitwiseLaw:
    """Every y < a ⊕ b is the value of an option: a' = y ⊕ b < a or b' = y ⊕ a < b.

    ``sides="a"`` claims lowering a always suffices, ``strict=False`` claims it for every
    y <= a ⊕ b (both false: mutants).
    """

    def statement(f: NimSum, v: Terms) -> z3.BoolRef:
        a, b, y = v
        below = y < f(a, b) if strict else y <= f(a, b)
        lower_a = f(y, b)
        by_a = z3.And(lower_a >= 0, lower_a < a, f(lower_a, b) == y)
        if sides == "a":
            return z3.Implies(below, by_a)
        lower_b = f(y, a)
        by_b = z3.And(lower_b >= 0, lower_b < b, f(a, lower_b) == y)
        return z3.Implies(below, z3.Or(by_a, by_b))

    def holds(c: Case) -> bool:
        a, b, y = c["a"], c["b"], c["y"]
        below = y < a ^ b if strict else y <= a ^ b
        by_a = 0 <= y ^ b < a and (y ^ b) ^ b == y
        by_b = sides != "a" and 0 <= y ^ a < b and a ^ (y ^ a) == y
        return not below or by_a or by_b

    def instances(f: NimSum, v: Terms, halves: Terms) -> list[z3.BoolRef]:
        a, b, y = v
        facts = [
            _at(NATURAL, f, y, b),
            _at(NATURAL, f, y, a),
            _at(CANCEL_RIGHT, f, y, b),
            _at(CANCEL_INNER, f, y, a),
        ]
        if halves:
            half_a, half_b, _ = halves
            facts += [_at(CANCEL_RIGHT, f, half_a, half_b), _at(CANCEL_LEFT, f, half_a, half_b)]
        return facts

    name = "every y " + ("<" if strict else "<=") + " a ⊕ b is a' ⊕ b (a' < a)"
    name += "" if sides == "a" else " or a ⊕ b' (b' < b)"
    return _law(
        name,
        "a b y",
        statement,
        holds,
        (NATURAL, CANCEL_RIGHT, CANCEL_LEFT, CANCEL_INNER),
        instances,
    )


def mex_no_equal_option() -> BitwiseLaw:
    """No option of a + b has value a ⊕ b: o < a gives o ⊕ b ≠ a ⊕ b, o < b gives a ⊕ o ≠
    a ⊕ b (cancellation, from the lemma (x ⊕ y) ⊕ y = x and its mirror)."""

    def statement(f: NimSum, v: Terms) -> z3.BoolRef:
        a, b, o = v
        return z3.And(
            z3.Implies(z3.And(o >= 0, o < a), f(o, b) != f(a, b)),
            z3.Implies(z3.And(o >= 0, o < b), f(a, o) != f(a, b)),
        )

    def holds(c: Case) -> bool:
        a, b, o = c["a"], c["b"], c["o"]
        left = not o < a or o ^ b != a ^ b
        right = not o < b or a ^ o != a ^ b
        return left and right

    def instances(f: NimSum, v: Terms, halves: Terms) -> list[z3.BoolRef]:
        a, b, o = v
        return [
            _at(CANCEL_RIGHT, f, o, b),
            _at(CANCEL_RIGHT, f, a, b),
            _at(CANCEL_LEFT, f, a, o),
            _at(CANCEL_LEFT, f, a, b),
        ]

    return _law(
        "no option a' ⊕ b (a' < a) or a ⊕ b' (b' < b) equals a ⊕ b",
        "a b o",
        statement,
        holds,
        (CANCEL_RIGHT, CANCEL_LEFT),
        instances,
    )


def mex_lemma_laws(sides: str = "both", strict: bool = True) -> list[BitwiseLaw]:
    """The lemmas, then both halves of the mex lemma, in the order they are proved."""
    return [
        NATURAL,
        CANCEL_RIGHT,
        CANCEL_LEFT,
        CANCEL_INNER,
        mex_reaches_below(sides, strict),
        mex_no_equal_option(),
    ]
