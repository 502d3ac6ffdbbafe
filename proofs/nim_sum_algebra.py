"""Nim-sum algebra (slides 000, handout 17 of seed 002): the rules for adding nimbers.

The laws (associative, commutative, self-inverse, identity, cancellation) are bitwise, so
each is proved for every natural number by induction on the bit width, base and step by
Z3 (:mod:`grundy.verify.bit_induction`); a mutant beside each must be refuted, by a
counterexample found and re-checked with Python's ``^``.  The handout's worked sums and
exercise 1 (the addition table of *0..*15) are checked against Nim positions through the
exact solver, so the values are derived from the rules of Nim, not from XOR alone.
"""

from __future__ import annotations

import z3

from grundy.declare import Exercise, ExerciseKind, by_z3, listing, mutant, section, theorem
from grundy.games.nim import Nim
from grundy.library import CheckSettings
from grundy.solve.solver import Solver
from grundy.theory import nim_sum as enc
from grundy.theory import nim_sum_laws as laws
from grundy.theory.nim_sum import prove_distinct_powers_any_count
from grundy.verdict import Verdict
from grundy.verify.bit_induction import BitwiseLaw, prove_every_width
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.z3_checks import z3_check

SOURCE = "002 Handout 17, rules for adding nimbers"
TAGS = ("nim-sum", "algebra", "z3")
WIDTH = 64


def _every_width(law: BitwiseLaw):
    """The check of a law: proved for every natural number by induction on the bit width."""
    return by_z3(prove_every_width, law)


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

THEOREMS = listing(
    section(SOURCE, game="nim", tags=(*TAGS, "induction", "unbounded")),
    theorem(
        "nim-sum-associative",
        "Nim-sum is associative",
        f"(x ⊕ y) ⊕ z = x ⊕ (y ⊕ z) {EVERY}",
        r"(x \oplus y) \oplus z = x \oplus (y \oplus z)",
        _every_width(laws.ASSOCIATIVE),
    ),
    mutant(
        "nim-sum-self-distributive",
        "Mutant: nim-sum distributes over itself",
        "x ⊕ (y ⊕ z) = (x ⊕ y) ⊕ (x ⊕ z) for all x, y, z (associativity misremembered as "
        "distributivity)",
        r"x \oplus (y \oplus z) = (x \oplus y) \oplus (x \oplus z)",
        _every_width(
            _plain(
                "x ⊕ (y ⊕ z) = (x ⊕ y) ⊕ (x ⊕ z)",
                "x y z",
                lambda f, v: f(v[0], f(v[1], v[2])) == f(f(v[0], v[1]), f(v[0], v[2])),
                lambda c: c["x"] ^ (c["y"] ^ c["z"]) == (c["x"] ^ c["y"]) ^ (c["x"] ^ c["z"]),
            )
        ),
        tags=(*TAGS, "induction"),
    ),
    theorem(
        "nim-sum-commutative",
        "Nim-sum is commutative",
        f"x ⊕ y = y ⊕ x {EVERY}",
        r"x \oplus y = y \oplus x",
        _every_width(laws.COMMUTATIVE),
    ),
    mutant(
        "nim-sum-commutes-with-doubling",
        "Mutant: a factor 2 may move across a nim-sum",
        "(2x) ⊕ y = x ⊕ (2y) for all x, y",
        r"(2x) \oplus y = x \oplus (2y)",
        _every_width(
            _plain(
                "(2x) ⊕ y = x ⊕ (2y)",
                "x y",
                lambda f, v: f(2 * v[0], v[1]) == f(v[0], 2 * v[1]),
                lambda c: (2 * c["x"]) ^ c["y"] == c["x"] ^ (2 * c["y"]),
            )
        ),
        tags=(*TAGS, "induction"),
    ),
    theorem(
        "nim-sum-self-inverse",
        "Every nimber is its own negative",
        f"x ⊕ x = 0 (*n + *n = *0) {EVERY}",
        r"x \oplus x = 0",
        _every_width(laws.SELF_INVERSE),
    ),
    mutant(
        "nim-sum-idempotent",
        "Mutant: nim-sum is idempotent",
        "x ⊕ x = x for every x (as for bitwise OR)",
        r"x \oplus x = x",
        _every_width(
            _plain(
                "x ⊕ x = x",
                "x",
                lambda f, v: f(v[0], v[0]) == v[0],
                lambda c: c["x"] ^ c["x"] == c["x"],
            )
        ),
        tags=(*TAGS, "induction"),
    ),
    theorem(
        "nim-sum-identity",
        "Zero is the identity",
        f"x ⊕ 0 = x (*n + *0 = *n) {EVERY}",
        r"x \oplus 0 = x",
        _every_width(laws.IDENTITY),
    ),
    mutant(
        "nim-sum-zero-absorbs",
        "Mutant: zero absorbs in a nim-sum",
        "x ⊕ 0 = 0 for every x (0 taken as absorbing, as in a product)",
        r"x \oplus 0 = 0",
        _every_width(
            _plain(
                "x ⊕ 0 = 0",
                "x",
                lambda f, v: f(v[0], 0) == 0,
                lambda c: c["x"] ^ 0 == 0,
            )
        ),
        tags=(*TAGS, "induction"),
    ),
    theorem(
        "nim-sum-cancellation",
        "Nim-sum cancels",
        f"x ⊕ y = x ⊕ z implies y = z {EVERY}",
        r"x \oplus y = x \oplus z \implies y = z",
        _every_width(laws.CANCELLATION),
    ),
    mutant(
        "nim-sum-cancel-by-subtracting",
        "Mutant: a nim-sum cancels by subtraction",
        "x ⊕ y = z implies y = z - x (cancelling x as in ordinary addition)",
        r"x \oplus y = z \implies y = z - x",
        _every_width(
            _plain(
                "x ⊕ y = z implies y = z - x",
                "x y z",
                lambda f, v: z3.Implies(f(v[0], v[1]) == v[2], v[1] == v[2] - v[0]),
                lambda c: c["x"] ^ c["y"] != c["z"] or c["y"] == c["z"] - c["x"],
            )
        ),
        tags=(*TAGS, "induction"),
    ),
    theorem(
        "nim-sum-distinct-powers",
        "Distinct powers of two nim-add like integers",
        "the nim-sum of 4 distinct powers of two below 2^64 equals their ordinary "
        "sum (proved by machine; for any number of them, see the next statement)",
        r"2^{e_1} \oplus \cdots \oplus 2^{e_r} = 2^{e_1} + \cdots + 2^{e_r}"
        r"\quad (e_i \text{ distinct})",
        z3_check(
            lambda: enc.distinct_powers_add(4, WIDTH), quick=lambda: enc.distinct_powers_add(3, 16)
        ),
        tags=TAGS,
        implied_by="nim-sum-distinct-powers-any-count",
    ),
    mutant(
        "nim-sum-is-ordinary-sum",
        "Mutant: nim-sum is ordinary addition",
        "x ⊕ y = x + y for all x, y",
        r"x \oplus y = x + y",
        z3_check(lambda: enc.ordinary_addition(WIDTH)),
    ),
    mutant(
        "nim-sum-strictly-below-sum",
        "Mutant: nim-sum is strictly below the ordinary sum",
        "x ⊕ y < x + y for all x, y (true only when x and y share a bit; false for "
        "distinct powers of two, where ⊕ and + agree)",
        r"x \oplus y < x + y",
        z3_check(lambda: enc.strict_xor_bound(WIDTH)),
    ),
    section(
        "002 Handout 17, worked examples; 000 slides, nim-sum",
        game="nim",
        tags=("nim-sum", "example"),
    ),
    theorem(
        "handout-worked-sums",
        "The handout's worked nimber sums",
        "*5+*10 = *15, *5+*12 = *9, *5+*6+*7 = *4, *3+*5+*6 = *0, *2+*4 = *6, "
        "*1+*8+*16 = *25, and the slides' 2⊕3 = 1, 5⊕3 = 6, 7⊕4 = 3",
        r"{*5} + {*10} = {*15},\ {*5} + {*12} = {*9},\ {*5} + {*6} + {*7} = {*4},\ {*3} + "
        r"{*5} + {*6} = {*0}",
        _check_worked_sums,
    ),
    mutant(
        "handout-worked-sums-misread",
        "Mutant: *5 + *12 = *17 (adding without cancelling)",
        "the worked sums with *5 + *12 read as the ordinary sum 17",
        r"{*5} + {*12} = {*17}",
        lambda settings: _check_worked_sums(
            settings, [((5, 10), 15), ((5, 12), 17), *HANDOUT_SUMS[2:]]
        ),
        source="002 Handout 17, worked examples",
    ),
    section("002 Handout 17, exercise 1", game="nim", tags=("nim-sum", "exercise", "exhaustive")),
    theorem(
        "handout-exercise-1",
        "Exercise 1: the addition table of *0 to *15",
        "for 0 <= a, b <= 15 the Grundy value of two-heap Nim (a, b) is a ⊕ b.  The values "
        "are found by plain search from the rules.",
        r"\mathcal{G}(*a + *b) = a \oplus b \quad (0 \le a, b \le 15)",
        _check_addition_table,
        exercise=Exercise(
            ExerciseKind.FIND,
            "Write out the nim-addition table of *0 to *15: the entry in row *a and "
            "column *b is *a + *b. (Nim-addition is commutative, so the table is "
            "symmetric.)",
            1,
        ),
    ),
    mutant(
        "handout-exercise-1-or",
        "Mutant: the addition table is bitwise OR",
        "for 0 <= a, b <= 15 the value of (a, b) is a OR b",
        r"\mathcal{G}(*a + *b) = a \mathbin{|} b \quad (0 \le a, b \le 15)",
        lambda settings: _check_addition_table(settings, lambda a, b: a | b),
    ),
    section(SOURCE, game="nim", tags=(*TAGS, "unbounded")),
    theorem(
        "nim-sum-distinct-powers-any-count",
        "Distinct powers of two nim-add like integers, however many",
        "for any number of distinct powers of two below 2^64, their nim-sum is their "
        "ordinary sum (three lemmas proved by machine; the induction on the number of powers "
        "is argued on "
        "paper, not checked by machine)",
        r"e_1 < \cdots < e_r \implies 2^{e_1} \oplus \cdots \oplus 2^{e_r} = 2^{e_1} + "
        r"\cdots + 2^{e_r}",
        lambda settings: prove_distinct_powers_any_count(
            16 if settings.quick else 64, timeout_ms=settings.z3_timeout_ms, seed=settings.seed
        ),
    ),
    mutant(
        "nim-sum-distinct-numbers-add",
        "Mutant: any distinct numbers nim-add like integers",
        "the same induction with 'distinct powers of two' weakened to 'distinct numbers'",
        r"x_1 < \cdots < x_r \implies x_1 \oplus \cdots \oplus x_r = x_1 + \cdots + x_r",
        lambda settings: prove_distinct_powers_any_count(
            16 if settings.quick else 64,
            timeout_ms=settings.z3_timeout_ms,
            seed=settings.seed,
            disjoint="any",
        ),
    ),
)
