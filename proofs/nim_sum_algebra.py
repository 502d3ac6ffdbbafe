"""Nim-sum algebra (slides 000, handout 17 of seed 002): the rules for adding nimbers.

The laws (associative, commutative, self-inverse, identity, cancellation) are bitwise, so
each is proved for every natural number by induction on the bit width, base and step by
Z3 (:mod:`grundy.verify.width_induction`); a mutant beside each must be refuted, by a
counterexample found and re-checked with Python's ``^``.  The handout's worked sums and
exercise 1 (the addition table of *0..*15) are checked against Nim positions through the
exact solver, so the values are derived from the rules of Nim, not from XOR alone.
"""

from __future__ import annotations

import z3

from grundy.games.nim import Nim
from grundy.library import CheckSettings, Expectation, Theorem
from grundy.solve.solver import Solver
from grundy.verdict import Verdict
from grundy.verify import nim_encodings as enc
from grundy.verify import nim_laws as laws
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.width_induction import BitwiseLaw, prove_every_width
from grundy.verify.z3_checks import z3_check
from grundy.verify.z3_induction import prove_distinct_powers_any_count

SOURCE = "002 Handout 17, rules for adding nimbers"
TAGS = ("nim-sum", "algebra", "z3")
WIDTH = 64


def _law(
    identifier: str,
    title: str,
    statement: str,
    latex: str,
    law: BitwiseLaw,
    *,
    mutant_of: str | None = None,
) -> Theorem:
    return Theorem(
        id=identifier,
        title=title,
        statement=statement,
        source=SOURCE,
        latex=latex,
        game="nim",
        tags=(*TAGS, "induction") if mutant_of else (*TAGS, "induction", "unbounded"),
        mutant_of=mutant_of,
        expect=Expectation.FAILS if mutant_of else Expectation.HOLDS,
        check=lambda settings: prove_every_width(
            law, timeout_ms=settings.z3_timeout_ms, seed=settings.seed
        ),
    )


def _plain(name: str, variables: str, statement, holds) -> BitwiseLaw:
    return BitwiseLaw(name, tuple(variables.split()), statement, holds)


# Worked sums of the handout and the slides; the expected values are the handout's own
# (used as an oracle, derived again here by the solver from Nim's rules).
HANDOUT_SUMS = [
    ((5, 10), 15),
    ((5, 12), 9),
    ((5, 6, 7), 4),
    ((3, 5, 6), 0),
    ((2, 4), 6),
    ((1, 8, 16), 25),
    ((2, 3), 1),
    ((5, 3), 6),
    ((7, 4), 3),
]


def _check_worked_sums(settings: CheckSettings, claimed=HANDOUT_SUMS) -> Verdict:
    # Nim's solver knows *n directly; the plain search (position_limit guards it) is used
    # through the Solver with heaps as components, i.e. the Sprague-Grundy combination.
    solver = Solver(Nim())
    return check_exhaustive(
        ({"heaps": list(heaps), "claimed": value} for heaps, value in claimed),
        lambda case: solver.grundy_value(tuple(case["heaps"])) == case["claimed"],
        scope=f"the {len(claimed)} worked sums of handout 17 and the slides",
        explain=lambda case: {
            "solver value": solver.grundy_value(tuple(case["heaps"])),
            "position": list(case["heaps"]),
        },
    )


def _table_by_search(bound: int) -> dict[tuple[int, int], int]:
    """G(*a + *b) by the plain search over two-heap Nim, with no shortcut for heaps."""
    from grundy.games.base import HeapGame

    class PlainNim(HeapGame):  # Nim without its closed form, so values come from search
        name = "plain-nim"

        def heap_options(self, heap):
            return ((smaller,) for smaller in range(heap))

        def components(self, position):
            return None  # search the whole two-heap position, not heap by heap

    solver = Solver(PlainNim())
    return {(a, b): solver.grundy_value((a, b)) for a in range(bound + 1) for b in range(bound + 1)}


def _check_addition_table(settings: CheckSettings, rule=lambda a, b: a ^ b) -> Verdict:
    bound = 7 if settings.quick else 15
    table = _table_by_search(bound)
    return check_exhaustive(
        integer_cases({"a": (0, bound), "b": (0, bound)}),
        lambda case: table[(case["a"], case["b"])] == rule(case["a"], case["b"]),
        scope=f"bounded: the table of *a + *b for 0 <= a, b <= {bound}",
        explain=lambda case: {"searched value": table[(case["a"], case["b"])]},
    )


EVERY = (
    "for all natural numbers, of any number of binary digits (by induction on the number "
    "of binary digits, each step proved by machine)"
)

THEOREMS = [
    _law(
        "nim-sum-associative",
        "Nim-sum is associative",
        f"(x ⊕ y) ⊕ z = x ⊕ (y ⊕ z) {EVERY}",
        r"(x \oplus y) \oplus z = x \oplus (y \oplus z)",
        laws.ASSOCIATIVE,
    ),
    _law(
        "nim-sum-self-distributive",
        "Mutant: nim-sum distributes over itself",
        "x ⊕ (y ⊕ z) = (x ⊕ y) ⊕ (x ⊕ z) for all x, y, z (associativity misremembered as "
        "distributivity)",
        r"x \oplus (y \oplus z) = (x \oplus y) \oplus (x \oplus z)",
        _plain(
            "x ⊕ (y ⊕ z) = (x ⊕ y) ⊕ (x ⊕ z)",
            "x y z",
            lambda f, v: f(v[0], f(v[1], v[2])) == f(f(v[0], v[1]), f(v[0], v[2])),
            lambda c: c["x"] ^ (c["y"] ^ c["z"]) == (c["x"] ^ c["y"]) ^ (c["x"] ^ c["z"]),
        ),
        mutant_of="nim-sum-associative",
    ),
    _law(
        "nim-sum-commutative",
        "Nim-sum is commutative",
        f"x ⊕ y = y ⊕ x {EVERY}",
        r"x \oplus y = y \oplus x",
        laws.COMMUTATIVE,
    ),
    _law(
        "nim-sum-commutes-with-doubling",
        "Mutant: a factor 2 may move across a nim-sum",
        "(2x) ⊕ y = x ⊕ (2y) for all x, y",
        r"(2x) \oplus y = x \oplus (2y)",
        _plain(
            "(2x) ⊕ y = x ⊕ (2y)",
            "x y",
            lambda f, v: f(2 * v[0], v[1]) == f(v[0], 2 * v[1]),
            lambda c: (2 * c["x"]) ^ c["y"] == c["x"] ^ (2 * c["y"]),
        ),
        mutant_of="nim-sum-commutative",
    ),
    _law(
        "nim-sum-self-inverse",
        "Every nimber is its own negative",
        f"x ⊕ x = 0 (*n + *n = *0) {EVERY}",
        r"x \oplus x = 0",
        laws.SELF_INVERSE,
    ),
    _law(
        "nim-sum-idempotent",
        "Mutant: nim-sum is idempotent",
        "x ⊕ x = x for every x (as for bitwise OR)",
        r"x \oplus x = x",
        _plain(
            "x ⊕ x = x",
            "x",
            lambda f, v: f(v[0], v[0]) == v[0],
            lambda c: c["x"] ^ c["x"] == c["x"],
        ),
        mutant_of="nim-sum-self-inverse",
    ),
    _law(
        "nim-sum-identity",
        "Zero is the identity",
        f"x ⊕ 0 = x (*n + *0 = *n) {EVERY}",
        r"x \oplus 0 = x",
        laws.IDENTITY,
    ),
    _law(
        "nim-sum-zero-absorbs",
        "Mutant: zero absorbs in a nim-sum",
        "x ⊕ 0 = 0 for every x (0 taken as absorbing, as in a product)",
        r"x \oplus 0 = 0",
        _plain(
            "x ⊕ 0 = 0",
            "x",
            lambda f, v: f(v[0], 0) == 0,
            lambda c: c["x"] ^ 0 == 0,
        ),
        mutant_of="nim-sum-identity",
    ),
    _law(
        "nim-sum-cancellation",
        "Nim-sum cancels",
        f"x ⊕ y = x ⊕ z implies y = z {EVERY}",
        r"x \oplus y = x \oplus z \implies y = z",
        laws.CANCELLATION,
    ),
    _law(
        "nim-sum-cancel-by-subtracting",
        "Mutant: a nim-sum cancels by subtraction",
        "x ⊕ y = z implies y = z - x (cancelling x as in ordinary addition)",
        r"x \oplus y = z \implies y = z - x",
        _plain(
            "x ⊕ y = z implies y = z - x",
            "x y z",
            lambda f, v: z3.Implies(f(v[0], v[1]) == v[2], v[1] == v[2] - v[0]),
            lambda c: c["x"] ^ c["y"] != c["z"] or c["y"] == c["z"] - c["x"],
        ),
        mutant_of="nim-sum-cancellation",
    ),
    Theorem(
        id="nim-sum-distinct-powers",
        implied_by="nim-sum-distinct-powers-any-count",
        title="Distinct powers of two nim-add like integers",
        statement="the nim-sum of 4 distinct powers of two below 2^64 equals their ordinary "
        "sum (proved by machine; for any number of them, see the next statement)",
        source=SOURCE,
        latex=r"2^{e_1} \oplus \cdots \oplus 2^{e_r} = 2^{e_1} + \cdots + 2^{e_r}"
        r"\quad (e_i \text{ distinct})",
        game="nim",
        tags=TAGS,
        check=z3_check(
            lambda: enc.distinct_powers_add(4, WIDTH), quick=lambda: enc.distinct_powers_add(3, 16)
        ),
    ),
    Theorem(
        id="nim-sum-is-ordinary-sum",
        title="Mutant: nim-sum is ordinary addition",
        statement="x ⊕ y = x + y for all x, y",
        source=SOURCE,
        latex=r"x \oplus y = x + y",
        game="nim",
        tags=TAGS,
        mutant_of="nim-sum-distinct-powers",
        expect=Expectation.FAILS,
        check=z3_check(lambda: enc.ordinary_addition(WIDTH)),
    ),
    Theorem(
        id="nim-sum-strictly-below-sum",
        title="Mutant: nim-sum is strictly below the ordinary sum",
        statement="x ⊕ y < x + y for all x, y (true only when x and y share a bit; false for "
        "distinct powers of two, where ⊕ and + agree)",
        source=SOURCE,
        latex=r"x \oplus y < x + y",
        game="nim",
        tags=TAGS,
        mutant_of="nim-sum-distinct-powers",
        expect=Expectation.FAILS,
        check=z3_check(lambda: enc.strict_xor_bound(WIDTH)),
    ),
    Theorem(
        id="handout-worked-sums",
        title="The handout's worked nimber sums",
        statement="*5+*10 = *15, *5+*12 = *9, *5+*6+*7 = *4, *3+*5+*6 = *0, *2+*4 = *6, "
        "*1+*8+*16 = *25, and the slides' 2⊕3 = 1, 5⊕3 = 6, 7⊕4 = 3",
        latex=r"{*5} + {*10} = {*15},\ {*5} + {*12} = {*9},\ {*5} + {*6} + {*7} = {*4},\ {*3} + "
        r"{*5} + {*6} = {*0}",
        source="002 Handout 17, worked examples; 000 slides, nim-sum",
        game="nim",
        tags=("nim-sum", "example"),
        check=_check_worked_sums,
    ),
    Theorem(
        id="handout-worked-sums-misread",
        title="Mutant: *5 + *12 = *17 (adding without cancelling)",
        statement="the worked sums with *5 + *12 read as the ordinary sum 17",
        latex=r"{*5} + {*12} = {*17}",
        source="002 Handout 17, worked examples",
        game="nim",
        tags=("nim-sum", "example"),
        mutant_of="handout-worked-sums",
        expect=Expectation.FAILS,
        check=lambda settings: _check_worked_sums(
            settings, [((5, 10), 15), ((5, 12), 17), *HANDOUT_SUMS[2:]]
        ),
    ),
    Theorem(
        id="handout-exercise-1",
        title="Exercise 1: the addition table of *0 .. *15",
        statement="for 0 <= a, b <= 15 the Grundy value of two-heap Nim (a, b), found by "
        "plain search, is a ⊕ b",
        source="002 Handout 17, exercise 1",
        latex=r"\mathcal{G}(*a + *b) = a \oplus b \quad (0 \le a, b \le 15)",
        game="nim",
        tags=("nim-sum", "exercise", "exhaustive"),
        check=_check_addition_table,
    ),
    Theorem(
        id="handout-exercise-1-or",
        title="Mutant: the addition table is bitwise OR",
        statement="for 0 <= a, b <= 15 the value of (a, b) is a OR b",
        latex=r"\mathcal{G}(*a + *b) = a \mathbin{|} b \quad (0 \le a, b \le 15)",
        source="002 Handout 17, exercise 1",
        game="nim",
        tags=("nim-sum", "exercise", "exhaustive"),
        mutant_of="handout-exercise-1",
        expect=Expectation.FAILS,
        check=lambda settings: _check_addition_table(settings, lambda a, b: a | b),
    ),
    Theorem(
        id="nim-sum-distinct-powers-any-count",
        title="Distinct powers of two nim-add like integers, however many",
        statement="for any number of distinct powers of two below 2^64, their nim-sum is their "
        "ordinary sum (three lemmas proved by machine; the induction on the number of powers "
        "is argued on "
        "paper, not checked by machine)",
        latex=r"e_1 < \cdots < e_r \implies 2^{e_1} \oplus \cdots \oplus 2^{e_r} = 2^{e_1} + "
        r"\cdots + 2^{e_r}",
        source=SOURCE,
        game="nim",
        tags=(*TAGS, "unbounded"),
        check=lambda settings: prove_distinct_powers_any_count(
            16 if settings.quick else 64, timeout_ms=settings.z3_timeout_ms, seed=settings.seed
        ),
    ),
    Theorem(
        id="nim-sum-distinct-numbers-add",
        title="Mutant: any distinct numbers nim-add like integers",
        statement="the same induction with 'distinct powers of two' weakened to 'distinct numbers'",
        latex=r"x_1 < \cdots < x_r \implies x_1 \oplus \cdots \oplus x_r = x_1 + \cdots + x_r",
        source=SOURCE,
        game="nim",
        tags=(*TAGS, "unbounded"),
        mutant_of="nim-sum-distinct-powers-any-count",
        expect=Expectation.FAILS,
        check=lambda settings: prove_distinct_powers_any_count(
            16 if settings.quick else 64,
            timeout_ms=settings.z3_timeout_ms,
            seed=settings.seed,
            disjoint="any",
        ),
    ),
]
