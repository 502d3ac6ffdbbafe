"""Nim-sum algebra (slides 000, handout 17 of seed 002): the rules for adding nimbers.

Each law is proved by Z3 for 64-bit values and, independently, by running the same
plain-Python statement on every value of a small width.  The handout's worked sums and
exercise 1 (the addition table of *0..*15) are checked against Nim positions through the
exact solver, so the values are derived from the rules of Nim, not from XOR alone.
"""

from __future__ import annotations

from grundy.games.nim import Nim
from grundy.library import CheckSettings, Expectation, Theorem
from grundy.solve.solver import Solver
from grundy.verdict import Verdict
from grundy.verify import nim_encodings as enc
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.z3_checks import z3_and_exhaustive
from grundy.verify.z3_induction import prove_distinct_powers_any_count

SOURCE = "002 Handout 17, rules for adding nimbers"
TAGS = ("nim-sum", "algebra", "z3")
WIDTH = 64


def _law(identifier: str, title: str, statement: str, latex: str, builder, bound: int = 15):
    return Theorem(
        id=identifier,
        title=title,
        statement=statement,
        source=SOURCE,
        latex=latex,
        game="nim",
        tags=TAGS,
        check=z3_and_exhaustive(
            lambda: builder(WIDTH), lambda: builder(4), bound, quick=lambda: builder(16)
        ),
    )


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


THEOREMS = [
    _law(
        "nim-sum-associative",
        "Nim-sum is associative",
        "(x ⊕ y) ⊕ z = x ⊕ (y ⊕ z) for all x, y, z",
        r"(x \oplus y) \oplus z = x \oplus (y \oplus z)",
        enc.associativity,
        bound=7,
    ),
    _law(
        "nim-sum-commutative",
        "Nim-sum is commutative",
        "x ⊕ y = y ⊕ x for all x, y",
        r"x \oplus y = y \oplus x",
        enc.commutativity,
    ),
    _law(
        "nim-sum-self-inverse",
        "Every nimber is its own negative",
        "x ⊕ x = 0 for every x (*n + *n = *0)",
        r"x \oplus x = 0",
        enc.self_inverse,
    ),
    _law(
        "nim-sum-identity",
        "Zero is the identity",
        "x ⊕ 0 = x for every x (*n + *0 = *n)",
        r"x \oplus 0 = x",
        enc.identity,
    ),
    _law(
        "nim-sum-cancellation",
        "Nim-sum cancels",
        "x ⊕ y = x ⊕ z implies y = z",
        r"x \oplus y = x \oplus z \implies y = z",
        enc.cancellation,
        bound=7,
    ),
    Theorem(
        id="nim-sum-distinct-powers",
        title="Distinct powers of two nim-add like integers",
        statement="the nim-sum of distinct powers of two equals their ordinary sum "
        "(Z3: any 4 distinct powers below 2^64; exhaustive: 3 of them below 2^5)",
        source=SOURCE,
        latex=r"2^{e_1} \oplus \cdots \oplus 2^{e_r} = 2^{e_1} + \cdots + 2^{e_r}"
        r"\quad (e_i \text{ distinct})",
        game="nim",
        tags=TAGS,
        check=z3_and_exhaustive(
            lambda: enc.distinct_powers_add(4, WIDTH),
            lambda: enc.distinct_powers_add(3, 5),
            16,
            quick=lambda: enc.distinct_powers_add(3, 16),
            quick_bound=8,
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
        check=z3_and_exhaustive(
            lambda: enc.ordinary_addition(WIDTH), lambda: enc.ordinary_addition(4), 15
        ),
    ),
    Theorem(
        id="nim-sum-strictly-below-sum",
        title="Mutant: nim-sum is strictly below the ordinary sum",
        statement="x ⊕ y < x + y for all x, y (true only when x and y share a bit)",
        source=SOURCE,
        latex=r"x \oplus y < x + y",
        game="nim",
        tags=TAGS,
        mutant_of="nim-sum-commutative",
        expect=Expectation.FAILS,
        check=z3_and_exhaustive(
            lambda: enc.strict_xor_bound(WIDTH), lambda: enc.strict_xor_bound(4), 15
        ),
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
        "ordinary sum (three lemmas by Z3, induction on the number of powers)",
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
