"""Nim multiplication (beyond the notes): the nimbers below 2^(2^k) form a field.

Conway (*On Numbers and Games*, ch. 6) defines a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b'}.
``grundy.nimber.nim_mul`` computes it from the tower of fields instead (halves of width
2^(k-1), the Fermat 2-power rule D ⊗ D = 3/2 · D built in).  Every scope below says
which product it speaks of:

* Conway's product itself, computed here from the mex definition from scratch (never
  through ``nim_mul``), for every a, b <= 256 (a, b < 64 with ``quick``); ``nim_mul`` is
  checked equal to it there;
* the field laws on *every* element of the field of 256 nimbers (16 with ``quick``), on
  that mex table (16.7 million triples for the three-variable laws);
* the Fermat 2-power rule for D = 2, 4, 16, 256 (256 not with ``quick``), on that table:
  through ``nim_mul`` it would be circular, as ``nim_mul`` is built on it;
* beyond the field of 256, only ``nim_mul``'s tower: associativity, commutativity,
  inverses and closure on random nimbers of 17 to 256 bits (seeded; tested, never a
  proof), ``nim_inv`` against ``nim_mul`` for every x < 2^16, and, where a SAT encoding is
  feasible (squaring is linear over GF(2)), Z3 on a transcription of the tower recursion
  for every nimber below 2^32 (2^16 with ``quick``), square roots level by level up
  the tower (five facts carried from each width to twice it, the product below
  unknown).  Associativity and distributivity are
  not attempted in Z3: at 8 bits they already time out.  That the tower is Conway's
  product above 256 is Conway's theorem, not checked here.

Every engine a theorem uses has a mutant of that theorem that only it refutes: the
exhaustive parts catch slips among small nimbers (the cube roots of unity *1, *2, *3, a
tower that forgets a cross term or takes D ⊗ D = D ⊕ 1, closure below 8); the random parts
catch a tower that is exact below 2^32 and forgets the cross term a0 ⊗ b1 from 64-bit
widths on, and closure below 2^24; Z3 alone finds the one square root of a fixed 32-bit
nimber.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import numpy as np
import z3
from hypothesis import strategies as st

from grundy.declare import listing, mutant, section, theorem
from grundy.library import CheckSettings
from grundy.nimber import nim_inv, nim_mul
from grundy.verdict import (
    Status,
    Verdict,
    combine_conjunction,
    combine_verdicts,
    proved_from_lemmas,
)
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.random_search import search_random
from grundy.verify.z3engine import model_values, prove_z3

SOURCE = "beyond the notes: Conway, On Numbers and Games, ch. 6 (nim multiplication)"
TAGS = ("nim-product", "field", "algebra")

Law = Callable[..., Any]  # law(mul, x, y, ...) -> bool, or a boolean array for numpy inputs


# -- the independent definition ------------------------------------------------------------


@cache
def mex_products(bound: int, with_corner: bool = True) -> np.ndarray:
    """a ⊗ b for a, b < ``bound`` by Conway's mex definition, from scratch (``with_corner=
    False`` drops the a' ⊗ b' term: a plausible misreading, used by a mutant).

    The definition is symmetric in a and b, so each product is found once, for b <= a,
    and mirrored; every option it needs was found before it.
    """
    table = np.zeros((bound, bound), dtype=np.int64)
    # a, b below 2^m lie in a field of at most 2^(2m) elements, which holds their product
    seen = np.zeros(max(1 << 2 * max(bound - 1, 1).bit_length(), bound * bound + 1), dtype=bool)
    for a in range(1, bound):
        for b in range(1, a + 1):
            options = table[:a, b, None] ^ table[a, None, :b]
            if with_corner:
                options = options ^ table[:a, :b]
            flat = options.ravel()
            seen[flat] = True
            least_missing = int(np.argmin(seen))
            seen[flat] = False
            table[a, b] = table[b, a] = least_missing
    return table


def _check_mex_definition(settings: CheckSettings, with_corner: bool = True) -> Verdict:
    bound = _mex_bound(settings) if with_corner else 16  # the mutant fails at once
    table = mex_products(bound, with_corner)
    return check_exhaustive(
        integer_cases({"a": (0, bound - 1), "b": (0, bound - 1)}),
        lambda case: nim_mul(case["a"], case["b"]) == int(table[case["a"], case["b"]]),
        scope=f"bounded: 0 <= a, b <= {bound - 1}",
        explain=lambda case: {
            "nim_mul": nim_mul(case["a"], case["b"]),
            "mex definition": int(table[case["a"], case["b"]]),
        },
    )


def _mex_bound(settings: CheckSettings) -> int:
    """How far Conway's definition is computed: every a, b <= 256 (the field of 256 nimbers
    and the Fermat 2-power 256 beside it), a, b < 64 with ``quick`` (about 6 s and 0.1 s)."""
    return 64 if settings.quick else 257


def _field_size(settings: CheckSettings) -> int:
    """The largest field of nimbers inside the mex table: 256, or 16 with ``quick``."""
    return 16 if settings.quick else 256


def conway_field(settings: CheckSettings) -> np.ndarray:
    """The multiplication table of the field of 256 nimbers (16 with ``quick``) by Conway's
    definition."""
    size = _field_size(settings)
    return mex_products(_mex_bound(settings))[:size, :size]


# -- engines ---------------------------------------------------------------------------------

NAMES = ("x", "y", "z")


class TableProduct:
    """⊗ read from a field's multiplication table, on integers or numpy arrays."""

    def __init__(self, table: np.ndarray) -> None:
        self.table = table
        self.elements = np.arange(len(table))

    def __call__(self, a: Any, b: Any) -> Any:
        return self.table[a, b]


@cache
def flawed_products(flaw: str) -> np.ndarray:
    """The byte table of a tower built with one plausible slip, from single bits up:
    ``"plus-one"`` takes D ⊗ D = D ⊕ 1 instead of D ⊕ D/2; ``"one-cross-term"`` takes the
    middle term as a1 ⊗ b0 alone, forgetting a0 ⊗ b1.  For mutants: a law checked on
    such a table must fail.  Its corner below 16 is the flawed field of 16."""
    table = {1: np.array([[0, 0], [0, 1]], dtype=np.int64)}
    width = 1
    while width < 8:
        half, width = width, width * 2
        small = table[half]
        size = 1 << width
        grid = np.zeros((size, size), dtype=np.int64)
        for a in range(size):
            for b in range(size):
                a1, a0, b1, b0 = a >> half, a % (1 << half), b >> half, b % (1 << half)
                low, high = small[a0, b0], small[a1, b1]
                if flaw == "one-cross-term":
                    cross = small[a1, b0]
                else:
                    cross = small[a0 ^ a1, b0 ^ b1] ^ low ^ high
                constant = 1 if flaw == "plus-one" else 1 << (half - 1)
                grid[a, b] = int(cross ^ high) << half | int(low ^ small[high, constant])
        table[width] = grid
    return table[8]


def _flawed_law(law: Law, arity: int, flaw: str) -> Callable[[CheckSettings], Verdict]:
    def check(settings: CheckSettings) -> Verdict:
        size = _field_size(settings)
        table = flawed_products(flaw)[:size, :size]
        return exhaustive_field(law, arity, table, what=f"the {flaw} tower", recheck=False)

    return check


def exhaustive_field(
    law: Law, arity: int, table: np.ndarray, *, what: str, recheck: bool = True
) -> Verdict:
    """``law`` on every tuple of elements of the field whose multiplication table is
    ``table`` (numpy), the first failure in lexicographic order.  With ``recheck`` (the
    table is Conway's product), a failure that does not recur through :func:`nim_mul` is
    ``unknown``: nim_mul and the definition disagree there."""
    names = NAMES[:arity]
    size = len(table)
    scope = (
        f"bounded: every {', '.join(names)} < 2^{size.bit_length() - 1} (the field of "
        f"{size} nimbers), ⊗ from {what}"
    )

    mul = TableProduct(table)
    values = mul.elements
    rest = [values[:, None], values[None, :]] if arity == 3 else [values]
    for x in range(size):
        ok = law(mul, x, *rest) if arity > 1 else np.asarray(law(mul, x))
        if np.all(ok):
            continue
        others = [int(v) for v in np.argwhere(~np.asarray(ok))[0]] if arity > 1 else []
        case = dict(zip(names, [x, *others], strict=True))
        if recheck and law(nim_mul, *case.values()):
            return Verdict(
                Status.UNKNOWN,
                "exhaustive",
                scope,
                message=f"case {case} failed on the table but passed through nim_mul",
            )
        return Verdict(
            Status.REFUTED,
            "exhaustive",
            scope,
            counterexample=case,
            message="the least counterexample in lexicographic order",
        )
    count = size**arity
    return Verdict(
        Status.PROVED, "exhaustive", scope, cases=count, message=f"holds in all {count:,} cases"
    )


def on_conway_field(law: Law, arity: int, settings: CheckSettings) -> Verdict:
    """``law`` on every tuple of the field of 256 nimbers (16 with ``quick``), ⊗ by
    Conway's mex definition (computed here, not by nim_mul)."""
    return exhaustive_field(law, arity, conway_field(settings), what="Conway's mex definition")


def _big(low_bits: int, high_bits: int) -> st.SearchStrategy[int]:
    """Nimbers whose top bit lies between ``low_bits`` and ``high_bits`` (one width each)."""
    widths = [w for w in (32, 64, 128, 256) if low_bits < w <= high_bits] or [high_bits]
    pieces = []
    low = 2**low_bits
    for width in widths:
        pieces.append(st.integers(low, 2**width - 1))
        low = 2**width
    return st.one_of(*pieces)


def random_law(
    law: Law,
    arity: int,
    settings: CheckSettings,
    low_bits: int = 16,
    high_bits: int = 256,
    mul: Callable[[int, int], int] = nim_mul,
) -> Verdict:
    """``law`` on random nimbers from 2^low_bits up to 2^high_bits (seeded)."""
    names = NAMES[:arity]
    values = _big(low_bits, high_bits)
    examples = max(settings.random_examples // (12 if settings.quick else 4), 50)
    return search_random(
        st.fixed_dictionaries({name: values for name in names}),
        lambda case: bool(law(mul, *(case[n] for n in names))),
        seed=settings.seed,
        examples=examples,
        scope=f"random: {', '.join(names)} in [2^{low_bits}, 2^{high_bits})",
        size=lambda case: max(case.values()).bit_length(),
    )


def exhaustive_and_random(
    law: Law,
    arity: int,
    low_bits: int = 16,
    high_bits: int = 256,
    mul: Callable[[int, int], int] = nim_mul,
) -> Callable[[CheckSettings], Verdict]:
    """Every tuple of the field of 256 nimbers (Conway's product), then random nimbers
    through ``mul`` (nim_mul's tower unless a mutant says otherwise)."""

    def check(settings: CheckSettings) -> Verdict:
        return combine_verdicts(
            [
                on_conway_field(law, arity, settings),
                random_law(law, arity, settings, low_bits, high_bits, mul),
            ]
        )

    return check


def exhaustive_only(law: Law, arity: int) -> Callable[[CheckSettings], Verdict]:
    """Every tuple of the field of 256 nimbers, nothing beyond."""
    return lambda settings: on_conway_field(law, arity, settings)


FLAW_FROM = 64  # the flawed tower below is exact below 2^32 and wrong from 64-bit widths


def flawed_wide_mul(a: int, b: int) -> int:
    """The tower product with the cross term a0 ⊗ b1 forgotten at widths of 64 bits and
    more, exact below: for mutants that only random search, reaching past 2^32, refutes."""
    from grundy.nimber import field_bits

    return _flawed_wide(a, b, field_bits(a, b))


def _flawed_wide(a: int, b: int, width: int) -> int:
    if width < FLAW_FROM:
        return nim_mul(a, b)
    half = width // 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    low, high = _flawed_wide(a0, b0, half), _flawed_wide(a1, b1, half)
    cross = _flawed_wide(a1, b0, half)
    return (cross ^ high) << half | (low ^ _flawed_wide(high, 1 << (half - 1), half))


# -- Z3: the tower recursion as bit-vectors -----------------------------------------------


Times = Callable[[z3.BitVecRef, z3.BitVecRef], z3.BitVecRef]


def z3_nim_mul(
    a: z3.BitVecRef, b: z3.BitVecRef, width: int, below: Times | None = None
) -> z3.BitVecRef:
    """The product by the same tower recursion as ``nim_mul``, down to single bits.

    ``below`` multiplies the halves (nimbers of half the width): by default this same
    recursion; in a step of the tower induction (:func:`_z3_tower_step`) a function of
    which nothing is known but the facts the step assumes."""
    if width == 1:
        return a & b
    half = width // 2
    times = below if below is not None else (lambda u, v: z3_nim_mul(u, v, half))
    a1, a0 = z3.Extract(width - 1, half, a), z3.Extract(half - 1, 0, a)
    b1, b0 = z3.Extract(width - 1, half, b), z3.Extract(half - 1, 0, b)
    low = times(a0, b0)
    high = times(a1, b1)
    middle = times(a0 ^ a1, b0 ^ b1)
    by_half = times(high, z3.BitVecVal(1 << (half - 1), half))
    return z3.Concat(middle ^ low, low ^ by_half)


def _z3_width(settings: CheckSettings) -> int:
    return 16 if settings.quick else 32


def _z3_square_injective(settings: CheckSettings) -> Verdict:
    width = _z3_width(settings)
    x, y = z3.BitVecs("x y", width)
    goal = z3.Implies(z3_nim_mul(x, x, width) == z3_nim_mul(y, y, width), x == y)
    return prove_z3(
        goal,
        scope=f"bounded: x, y < 2^{width} (by machine, ⊗ by the tower of fields)",
        timeout_ms=settings.z3_timeout_ms,
        decode=lambda model: model_values(model, [x, y]),
        recheck=lambda case: _square_injective(nim_mul, case["x"], case["y"]),
        seed=settings.seed,
    )


# Squaring one-to-one, level by level up the tower.  Asked whole, the query for 2^32
# writes the tower out twice (250 kB); cvc5 took 30-40 s on it (Z3 1.7 s).  Instead,
# five facts about the product of w-bit nimbers are carried up the tower: each step
# shows that if the product of half-width nimbers (unknown but for the facts) has them,
# the product one level up, built from it by the recursion, has them too.
TOWER_FACTS = (
    "squaring is one-to-one",
    "squaring is additive: (x ⊕ y) ⊗ (x ⊕ y) = x ⊗ x ⊕ y ⊗ y",
    "multiplying by the top bit 2^(w-1) is additive",
    "x ⊗ 0 = 0",
    "0 ⊗ y = 0",
)
ONE_TO_ONE, ADDITIVE, TOP_ADDITIVE, ZERO_RIGHT, ZERO_LEFT = range(len(TOWER_FACTS))


def _tower_fact(fact: int, times: Times, x: z3.BitVecRef, y: z3.BitVecRef) -> z3.BoolRef:
    """One of the :data:`TOWER_FACTS` for the product ``times``, at the nimbers x, y."""
    width = x.size()
    top, zero = z3.BitVecVal(1 << (width - 1), width), z3.BitVecVal(0, width)
    if fact == ONE_TO_ONE:
        return z3.Implies(times(x, x) == times(y, y), x == y)
    if fact == ADDITIVE:
        return times(x ^ y, x ^ y) == times(x, x) ^ times(y, y)
    if fact == TOP_ADDITIVE:
        return times(x ^ y, top) == times(x, top) ^ times(y, top)
    if fact == ZERO_RIGHT:
        return times(x, zero) == zero
    return times(zero, y) == zero


class _UnknownProduct:
    """A product of ``width``-bit nimbers about which nothing is known: each product it is
    asked for is a fresh variable, one for factors that Z3's simplifier writes alike,
    and products of equal factors are equal (:meth:`same_factors_same_product`).  That
    is what an uninterpreted function means, written out (Ackermann's reduction),
    because cvc5 combines uninterpreted functions with bit-vectors slowly: on
    additivity one level above 16 bits, 550,000 units (25 s) with a function, 183,000
    (1.1 s) written out; Z3 takes a few milliseconds either way."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.asked: list[tuple[z3.BitVecRef, z3.BitVecRef, z3.BitVecRef]] = []

    def __call__(self, u: z3.BitVecRef, v: z3.BitVecRef) -> z3.BitVecRef:
        u, v = z3.simplify(u), z3.simplify(v)
        for a, b, product in self.asked:
            if a.eq(u) and b.eq(v):
                return product
        product = z3.BitVec(f"times_{self.width}_bits_{len(self.asked)}", self.width)
        self.asked.append((u, v, product))
        return product

    def same_factors_same_product(self) -> list[z3.BoolRef]:
        return [
            z3.Implies(z3.And(a == c, b == d), product == other)
            for i, (a, b, product) in enumerate(self.asked)
            for c, d, other in self.asked[:i]
        ]


def _z3_tower_step(
    width: int, fact: int, level: Callable[..., z3.BitVecRef] = z3_nim_mul
) -> z3.BoolRef:
    """If the product of nimbers of half the width has the five facts, the product of
    ``width``-bit nimbers built on it by one ``level`` of the tower has ``fact``.

    The product below is unknown (:class:`_UnknownProduct`); what the step may use of
    it are the facts at the half-width terms the argument meets, listed here per fact
    (x has halves a1, a0 and y has b1, b0; s(u) = u ⊗ u, t(u) = u ⊗ 2^(w/2-1)).  An
    instance of a fact that holds for all pairs is true, so choosing them cannot make the
    step say more than the facts do; too few make it fail, never wrongly pass."""
    half = width // 2
    below = _UnknownProduct(half)
    x, y = z3.BitVecs("x y", width)
    a1, a0 = z3.Extract(width - 1, half, x), z3.Extract(half - 1, 0, x)
    b1, b0 = z3.Extract(width - 1, half, y), z3.Extract(half - 1, 0, y)
    top = z3.BitVecVal(1 << (half - 1), half)

    def above(u: z3.BitVecRef, v: z3.BitVecRef) -> z3.BitVecRef:
        return level(u, v, width, below)

    goal = _tower_fact(fact, above, x, y)
    s, t = (lambda u: below(u, u)), (lambda u: below(u, top))
    uses = {
        # x ⊗ x = (s(a1), s(a0) ⊕ t(s(a1))) once s is additive; then halves, high first
        ONE_TO_ONE: [
            (ADDITIVE, a0, a1),
            (ADDITIVE, b0, b1),
            (ONE_TO_ONE, a1, b1),
            (ONE_TO_ONE, a0, b0),
        ],
        ADDITIVE: [
            (ADDITIVE, a0 ^ b0, a1 ^ b1),
            (ADDITIVE, a0, b0),
            (ADDITIVE, a1, b1),
            (ADDITIVE, a0, a1),
            (ADDITIVE, b0, b1),
            (TOP_ADDITIVE, s(a1), s(b1)),
        ],
        # x ⊗ 2^(w-1) = (t(a0 ⊕ a1) ⊕ a0 ⊗ 0, a0 ⊗ 0 ⊕ t(t(a1)))
        TOP_ADDITIVE: [
            (ZERO_RIGHT, a0, a0),
            (ZERO_RIGHT, b0, b0),
            (ZERO_RIGHT, a0 ^ b0, a0 ^ b0),
            (TOP_ADDITIVE, a0 ^ a1, b0 ^ b1),
            (TOP_ADDITIVE, a1, b1),
            (TOP_ADDITIVE, t(a1), t(b1)),
        ],
        ZERO_RIGHT: [
            (ZERO_RIGHT, a0, a0),
            (ZERO_RIGHT, a1, a1),
            (ZERO_RIGHT, a0 ^ a1, a0 ^ a1),
            (ZERO_LEFT, top, top),
        ],
        ZERO_LEFT: [
            (ZERO_LEFT, b0, b0),
            (ZERO_LEFT, b1, b1),
            (ZERO_LEFT, b0 ^ b1, b0 ^ b1),
            (ZERO_LEFT, top, top),
        ],
    }[fact]
    known = [_tower_fact(used, below, u, v) for used, u, v in uses]
    return z3.Implies(z3.And(*known, *below.same_factors_same_product()), goal)


def _z3_tower_base() -> z3.BoolRef:
    x, y = z3.BitVecs("x y", 1)
    times = lambda u, v: z3_nim_mul(u, v, 1)  # noqa: E731
    return z3.And([_tower_fact(fact, times, x, y) for fact in range(len(TOWER_FACTS))])


def _z3_square_roots_by_tower(settings: CheckSettings) -> Verdict:
    """Squaring one-to-one below 2^width, from the five facts carried up the tower from
    single bits; if a step is not proved, the query for the whole width decides."""
    width = _z3_width(settings)
    scope = f"bounded: x, y < 2^{width} (by machine, ⊗ by the tower of fields)"
    start = time.perf_counter()
    queries = [("the five facts for single bits (⊗ is 'and')", _z3_tower_base())]
    level = 2
    while level <= width:
        for fact, said in enumerate(TOWER_FACTS):
            name = f"{level}-bit nimbers from {level // 2}-bit ones: {said}"
            queries.append((name, _z3_tower_step(level, fact)))
        level *= 2
    parts = []
    for name, goal in queries:
        verdict = prove_z3(
            goal, step=name, scope=scope, timeout_ms=settings.z3_timeout_ms, seed=settings.seed
        )
        parts.append(replace(verdict, message=f"{name}: {verdict.message}"))
        if verdict.status is not Status.PROVED:
            return replace(_z3_square_injective(settings), parts=tuple(parts))  # tried
    return proved_from_lemmas(
        "z3-tower",
        scope,
        f"{len(parts)} queries proved by Z3: the five facts hold for single bits and pass "
        f"from each width to twice it, up to {width} bits; the first fact, squaring is "
        "one-to-one, is the theorem",
        lemmas=[name for name, _ in queries],
        decomposition=[
            "facts: " + "; ".join(TOWER_FACTS),
            "induction on the width w = 1, 2, 4, ...: the product of w-bit nimbers is built "
            "from that of w/2-bit ones by the tower's recursion, so each step applies to it",
        ],
        parts=parts,
        seconds=time.perf_counter() - start,
    )


def _z3_no_root(target: int, settings: CheckSettings) -> Verdict:
    width = _z3_width(settings)
    x = z3.BitVec("x", width)
    return prove_z3(
        z3_nim_mul(x, x, width) != target,
        scope=f"bounded: x < 2^{width} (by machine, ⊗ by the tower of fields)",
        timeout_ms=settings.z3_timeout_ms,
        decode=lambda model: model_values(model, [x]),
        recheck=lambda case: nim_mul(case["x"], case["x"]) != target,
        seed=settings.seed,
    )


# -- the laws (one function serves numpy arrays and plain integers) ----------------------


def _associative(mul: Any, x: Any, y: Any, z: Any) -> Any:
    return mul(mul(x, y), z) == mul(x, mul(y, z))


def _commutative(mul: Any, x: Any, y: Any) -> Any:
    return mul(x, y) == mul(y, x)


def _distributive(mul: Any, x: Any, y: Any, z: Any) -> Any:
    return mul(x, y ^ z) == mul(x, y) ^ mul(x, z)


def _distributive_ordinary(mul: Any, x: Any, y: Any, z: Any) -> Any:
    total = y + z
    if isinstance(total, np.ndarray):  # a field's table: sums outside the field are skipped
        size = mul.elements.size
        return (total >= size) | (mul(x, total % size) == mul(x, y) + mul(x, z))
    return mul(x, total) == mul(x, y) + mul(x, z)


def _square_injective(mul: Any, x: Any, y: Any) -> Any:
    return (mul(x, x) != mul(y, y)) | (x == y)


def _cube_roots_of_unity_trivial(mul: Any, x: Any) -> Any:
    return (mul(mul(x, x), x) != 1) | (x == 1)


def _closed_below(bits: int) -> Law:
    def law(mul: Any, x: Any, y: Any) -> Any:
        limit = 2**bits
        return (x >= limit) | (y >= limit) | (mul(x, y) < limit)

    return law


def _closed_in_fields(mul: Any, x: Any, y: Any) -> Any:
    """For every field of 2^(2^k) nimbers (k <= 8) holding x and y, it holds x ⊗ y."""
    product = mul(x, y)
    holds = True
    for k in range(9):
        if isinstance(product, np.ndarray) and 2**k >= 62:
            break  # table arrays: every larger field holds them trivially
        limit = 2**2**k
        holds = holds & ((x >= limit) | (y >= limit) | (product < limit))
    return holds


def _inverse(x: int, mul: Callable[[int, int], int] = nim_mul) -> bool:
    return x == 0 or mul(x, nim_inv(x)) == 1


def _inverse_not_square(x: int) -> bool:
    return x == 0 or nim_inv(x) != nim_mul(x, x)


def _check_inverses(settings: CheckSettings, inverse: Callable[[int], bool] = _inverse) -> Verdict:
    """Every non-zero element of the field of 256 nimbers has an inverse (Conway's product);
    ``inverse(x)`` (nim_inv against nim_mul) for every x below 2^16 (2^8 with ``quick``),
    then for random x above."""
    bits = 8 if settings.quick else 16
    exhaustive = check_exhaustive(
        ({"x": x} for x in range(2**bits)),
        lambda case: inverse(case["x"]),
        scope=f"bounded: every x < 2^{bits}, the inverse formula",
    )
    wide = random_law(lambda mul, x: inverse(x), 1, settings, low_bits=bits)
    # two statements, both needed: inverses exist in the field; the formula finds them
    return combine_conjunction(
        [on_conway_field(_has_inverse, 1, settings), combine_verdicts([exhaustive, wide])]
    )


def _has_inverse(mul: Any, x: Any) -> Any:
    """Some y in the field has x ⊗ y = 1 (for x > 0); ``mul`` a field's table product."""
    return x == 0 or bool(np.any(mul(x, mul.elements) == 1))


def _self_inverse(x: int) -> bool:
    return x == 0 or nim_mul(x, x) == 1


FERMAT_POWERS = (2, 4, 16, 256)  # D = 2^(2^n), n <= 3: all that the mex table reaches


def _check_fermat(
    settings: CheckSettings,
    square: Callable[[int], int] = lambda d: 3 * d // 2,
    with_d: bool = False,
) -> Verdict:
    """D ⊗ D = ``square(D)`` and x ⊗ D = x·D for every x < D (x <= D ``with_d``), for the Fermat
    2-powers D the mex table reaches (2, 4, 16, and 256 unless ``quick``), read off
    Conway's definition: through nim_mul it would be circular, nim_mul being built on
    the rule."""
    table = mex_products(_mex_bound(settings))
    powers = [d for d in FERMAT_POWERS if d < len(table)]
    shown = ", ".join(map(str, powers))
    squares = check_exhaustive(
        ({"D": d} for d in powers),
        lambda case: int(table[case["D"], case["D"]]) == square(case["D"]),
        scope=f"bounded: D = {shown}, ⊗ from Conway's mex definition",
        explain=lambda case: {"D ⊗ D": int(table[case["D"], case["D"]])},
    )
    products = check_exhaustive(
        ({"D": d, "x": x} for d in powers for x in range(d + 1 if with_d else d)),
        lambda case: int(table[case["x"], case["D"]]) == case["x"] * case["D"],
        scope=f"bounded: every x {'<=' if with_d else '<'} D for D = {shown}, ⊗ from Conway's "
        "mex definition",
        explain=lambda case: {"x ⊗ D": int(table[case["x"], case["D"]])},
    )
    return combine_conjunction([squares, products])  # both halves of the rule


ROOT_TARGETS = {16: 0x1234, 32: 0x12345678}  # nimbers whose square roots lie above 2^8, 2^16


def _check_square_roots(settings: CheckSettings) -> Verdict:
    return combine_verdicts(
        [on_conway_field(_square_injective, 2, settings), _z3_square_roots_by_tower(settings)]
    )


def _check_no_root(settings: CheckSettings) -> Verdict:
    target = ROOT_TARGETS[_z3_width(settings)]

    def law(mul: Any, x: Any) -> Any:
        return mul(x, x) != target

    return combine_verdicts(
        [
            on_conway_field(law, 1, settings),
            _z3_no_root(target, settings),
            random_law(law, 1, settings, low_bits=8, high_bits=_z3_width(settings)),
        ]
    )


# What the field laws are checked on, said once for the statements.  A statement's first
# sentence is what a student reads; how it was checked follows two spaces after it, for
# the record only (see report.statements.first_sentence).
ON_FIELD = "all nimbers below 2^8 (the field of 256 nimbers)"
HOW_FIELD = (
    "Checked on every element of that field (16 elements with quick settings), ⊗ from "
    "Conway's mex definition computed from scratch"
)
TESTED_BEYOND = (
    "; random nimbers up to 2^{bits}, multiplied by the tower of fields, are tested, not proved"
)

THEOREMS = listing(
    section(SOURCE, tags=TAGS),
    theorem(
        "nim-product-mex-definition",
        "The nim product by the tower of fields is Conway's nim product, for every pair up to 256",
        "for 0 <= a, b <= 256, the product a ⊗ b computed by the tower of fields equals "
        "Conway's mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}.  The mex table is computed from "
        "that definition alone (a, b < 64 with quick settings).",
        r"a, b \le 256 \implies a \otimes b = \operatorname{mex}\{a' \otimes b \oplus a \otimes b'"
        r" \oplus a' \otimes b' : a' < a,\ b' < b\}",
        _check_mex_definition,
        cost=4.0,
    ),
    mutant(
        "nim-product-mex-without-corner",
        "Mutant: the mex definition without the a' ⊗ b' term",
        "for 0 <= a, b < 16, a ⊗ b equals mex{a'⊗b ⊕ a⊗b' : a' < a, b' < b}, the term a'⊗b' "
        "forgotten",
        r"a \otimes b = \operatorname{mex}\{a' \otimes b \oplus a \otimes b'\}",
        lambda settings: _check_mex_definition(settings, with_corner=False),
    ),
    theorem(
        "nim-product-associative",
        "Nim multiplication is associative on the field of 256 nimbers",
        f"(x ⊗ y) ⊗ z = x ⊗ (y ⊗ z) for {ON_FIELD}.  {HOW_FIELD}" + TESTED_BEYOND.format(bits=128),
        r"x, y, z < 2^8 \implies (x \otimes y) \otimes z = x \otimes (y \otimes z)",
        exhaustive_and_random(_associative, 3, high_bits=128),
        cost=1.5,
    ),
    mutant(
        "nim-product-one-cross-term-associative",
        "Mutant: the tower that forgets the cross term a0 ⊗ b1 is still associative",
        "(x ⊗' y) ⊗' z = x ⊗' (y ⊗' z) for the product built with the middle term "
        "a1 ⊗ b0 alone (every x, y, z < 2^8)",
        r"(x \otimes' y) \otimes' z = x \otimes' (y \otimes' z)",
        _flawed_law(_associative, 3, "one-cross-term"),
    ),
    mutant(
        "nim-product-wide-flaw-associative",
        "Mutant: a tower that forgets a0 ⊗ b1 from 64-bit widths on is still associative",
        "(x ⊗' y) ⊗' z = x ⊗' (y ⊗' z) for the product built like the tower of fields but "
        "forgetting the cross term a0 ⊗ b1 from widths of 64 bits on.  It is exact below "
        "2^32, so only random search reaches the flaw.",
        r"(x \otimes' y) \otimes' z = x \otimes' (y \otimes' z)",
        exhaustive_and_random(_associative, 3, high_bits=128, mul=flawed_wide_mul),
    ),
    theorem(
        "nim-product-commutative",
        "Nim multiplication is commutative on the field of 256 nimbers",
        f"x ⊗ y = y ⊗ x for {ON_FIELD}.  {HOW_FIELD}" + TESTED_BEYOND.format(bits=256),
        r"x, y < 2^8 \implies x \otimes y = y \otimes x",
        exhaustive_and_random(_commutative, 2),
    ),
    mutant(
        "nim-product-one-cross-term-commutative",
        "Mutant: the tower that forgets the cross term a0 ⊗ b1 still commutes",
        "x ⊗' y = y ⊗' x for the product built with the middle term a1 ⊗ b0 alone "
        "(every x, y < 2^8)",
        r"x \otimes' y = y \otimes' x",
        _flawed_law(_commutative, 2, "one-cross-term"),
    ),
    mutant(
        "nim-product-wide-flaw-commutative",
        "Mutant: a tower that forgets a0 ⊗ b1 from 64-bit widths on still commutes",
        "x ⊗' y = y ⊗' x for the product built like the tower of fields but forgetting the "
        "cross term a0 ⊗ b1 from widths of 64 bits on.  It is exact below 2^32, so only "
        "random search reaches the flaw.",
        r"x \otimes' y = y \otimes' x",
        exhaustive_and_random(_commutative, 2, mul=flawed_wide_mul),
    ),
    theorem(
        "nim-product-distributive",
        "Nim multiplication distributes over nim-sum on the field of 256 nimbers",
        f"x ⊗ (y ⊕ z) = x ⊗ y ⊕ x ⊗ z for {ON_FIELD}.  {HOW_FIELD}.",
        r"x, y, z < 2^8 \implies x \otimes (y \oplus z) = (x \otimes y) \oplus (x \otimes z)",
        exhaustive_only(_distributive, 3),
        cost=1.5,
    ),
    mutant(
        "nim-product-distributes-over-plus",
        "Mutant: nim multiplication distributes over ordinary addition",
        "x ⊗ (y + z) = x ⊗ y + x ⊗ z for x, y, z in the field of 256 nimbers with y + z in it",
        r"x \otimes (y + z) = x \otimes y + x \otimes z",
        exhaustive_only(_distributive_ordinary, 3),
    ),
    theorem(
        "nim-product-inverses",
        "Every non-zero nimber below 2^8 has a nim inverse; the inverse formula works below 2^16",
        "in the field of the 256 nimbers below 2^8, every x > 0 has some y with x ⊗ y = 1, "
        "and the inverse formula gives x ⊗ x⁻¹ = 1 for every 0 < x < 2^16.  "
        f"{HOW_FIELD}; the formula is checked for every x < 2^16 (2^8 with quick settings)"
        + TESTED_BEYOND.format(bits=256),
        r"0 < x < 2^8 \implies \exists y.\ x \otimes y = 1",
        _check_inverses,
        cost=2.5,
    ),
    mutant(
        "nim-product-plus-one-field",
        "Mutant: the tower built on D ⊗ D = D ⊕ 1 is a field too",
        "every x > 0 has some y with x ⊗' y = 1, for the product built with D ⊗ D = D ⊕ 1 "
        "instead of D ⊕ D/2 (every x < 2^8); it is associative, but has zero divisors",
        r"x \neq 0 \implies \exists y.\ x \otimes' y = 1",
        _flawed_law(_has_inverse, 1, "plus-one"),
    ),
    mutant(
        "nim-product-inverse-never-square",
        "Mutant: no nimber's inverse is its own square (false for *1, *2, *3)",
        "x⁻¹ ≠ x ⊗ x for every x > 0.  The cube roots of unity are small, so only the "
        "exhaustive part sees them.",
        r"x \neq 0 \implies x^{-1} \neq x \otimes x",
        lambda settings: _check_inverses(settings, _inverse_not_square),
    ),
    mutant(
        "nim-product-wide-flaw-inverses",
        "Mutant: the inverse x⁻¹ still inverts for a tower that forgets a0 ⊗ b1 from 64-bit "
        "widths on",
        "x ⊗' x⁻¹ = 1 for the product built like the tower of fields but forgetting the cross "
        "term a0 ⊗ b1 from widths of 64 bits on.  It is exact below 2^32, so only random "
        "search reaches the flaw.",
        r"x \neq 0 \implies x \otimes' x^{-1} = 1",
        lambda settings: _check_inverses(settings, lambda x: _inverse(x, flawed_wide_mul)),
    ),
    mutant(
        "nim-product-self-inverse",
        "Mutant: every nimber is its own nim inverse (as it is its own negative)",
        "x ⊗ x = 1 for every x > 0",
        r"x \neq 0 \implies x \otimes x = 1",
        lambda settings: _check_inverses(settings, _self_inverse),
    ),
    theorem(
        "nim-product-one-self-inverse",
        "Among the nimbers below 2^8, only 1 is its own nim inverse",
        f"x ⊗ x = 1 only for x = 1, for {ON_FIELD}.  {HOW_FIELD}.",
        r"x < 2^8,\ x \otimes x = 1 \implies x = 1",
        exhaustive_only(lambda mul, x: (mul(x, x) != 1) | (x == 1), 1),
    ),
    mutant(
        "nim-product-no-cube-roots-of-unity",
        "Mutant: only 1 has nim cube 1 (false for *2 and *3)",
        "x ⊗ x ⊗ x = 1 only for x = 1.  Only the exhaustive part sees *2 and *3.",
        r"x \otimes x \otimes x = 1 \implies x = 1",
        exhaustive_and_random(_cube_roots_of_unity_trivial, 1),
    ),
    theorem(
        "nim-fields-closed",
        "The nimbers below 2, 4, 16 and 256 are closed under nim multiplication",
        "x, y < D implies x ⊗ y < D, for each D = 2, 4, 16, 256.  "
        f"{HOW_FIELD}; for D = 2^(2^k), k <= 8" + TESTED_BEYOND.format(bits=256),
        r"k \le 3,\ x, y < 2^{2^k} \implies x \otimes y < 2^{2^k}",
        exhaustive_and_random(_closed_in_fields, 2),
    ),
    mutant(
        "nim-fields-closed-below-2-24",
        "Mutant: the nimbers below 2^24 are closed too",
        "x, y < 2^24 implies x ⊗ y < 2^24.  Only random search reaches the products that "
        "refute it.",
        r"x, y < 2^{24} \implies x \otimes y < 2^{24}",
        exhaustive_and_random(_closed_below(24), 2, high_bits=24),
    ),
    mutant(
        "nim-fields-closed-below-8",
        "Mutant: the nimbers below 8 are closed too (false for 2 ⊗ 4)",
        "x, y < 8 implies x ⊗ y < 8.  Only the exhaustive part sees 2 ⊗ 4.",
        r"x, y < 8 \implies x \otimes y < 8",
        exhaustive_and_random(_closed_below(3), 2),
    ),
    theorem(
        "nim-fermat-square",
        "The Fermat 2-power rule for D = 2, 4, 16 and 256",
        "for D = 2, 4, 16 and 256, D ⊗ D = 3/2 · D and x ⊗ D = x · D for every x < D.  "
        "Read off Conway's mex definition computed from scratch (not 256 with quick "
        "settings); the tower of fields is built on this rule, so it is not checked through it.",
        r"D = 2^{2^n},\ n \le 3 \implies D \otimes D = \tfrac{3}{2} D,\quad x < D \implies "
        r"x \otimes D = xD",
        _check_fermat,
        cost=1.5,
    ),
    mutant(
        "nim-fermat-square-ordinary",
        "Mutant: a Fermat 2-power nim-squares like an integer",
        "for D = 2, 4, 16, ..., D ⊗ D = D · D",
        r"D \otimes D = D^2",
        lambda settings: _check_fermat(settings, square=lambda d: d * d),
    ),
    mutant(
        "nim-fermat-square-plus-one",
        "Mutant: D ⊗ D = D ⊕ 1 (true for D = 2 only)",
        "for D = 2, 4, 16, ..., D ⊗ D = D ⊕ 1",
        r"D \otimes D = D \oplus 1",
        lambda settings: _check_fermat(settings, square=lambda d: d ^ 1),
    ),
    mutant(
        "nim-fermat-times-up-to-d",
        "Mutant: x ⊗ D = x · D for every x <= D, D included",
        "for D = 2, 4, 16, ..., x ⊗ D = x · D for every x <= D (false at x = D)",
        r"x \le D \implies x \otimes D = xD",
        lambda settings: _check_fermat(settings, with_d=True),
    ),
    theorem(
        "nim-square-roots",
        "Each nimber below 2^32 has exactly one square root there",
        "for all nimbers x, y < 2^32, x ⊗ x = y ⊗ y implies x = y: squaring is one-to-one, "
        f"so a bijection of each finite field.  {HOW_FIELD}; and proved by Z3 for every "
        "x, y < 2^32 (2^16 with quick settings) with ⊗ computed by the tower of fields, which "
        "is Conway's product wherever the two are compared.  By induction on the width, "
        "the base and the step proved by machine: five facts (squaring is one-to-one and "
        "additive, multiplying by the top bit is additive, x ⊗ 0 = 0 ⊗ y = 0) hold for "
        "single bits and pass from nimbers of each width to those of twice it.",
        r"x, y < 2^{32},\ x \otimes x = y \otimes y \implies x = y",
        _check_square_roots,
        cost=5.0,
    ),
    mutant(
        "nim-square-root-missing",
        "Mutant: 0x12345678 has no nim square root below 2^32",
        "x ⊗ x ≠ 0x12345678 for every x < 2^32.  Only Z3 finds the root (0x1234 and 2^16 "
        "with quick settings).",
        r"x \otimes x \neq \mathtt{12345678}_{16}",
        _check_no_root,
    ),
    mutant(
        "nim-square-roots-one-cross-term",
        "Mutant: squaring is one-to-one for the tower that forgets the cross term a0 ⊗ b1",
        "x ⊗' x = y ⊗' y implies x = y for the product built with the middle term a1 ⊗ b0 "
        "alone (every x, y < 2^8).  Only the exhaustive part sees it.",
        r"x \otimes' x = y \otimes' y \implies x = y",
        _flawed_law(_square_injective, 2, "one-cross-term"),
    ),
)
