"""Exercises 2-8 of handout 17 (seed 002), stated exactly and checked.

Exercises 2, 3, 5, 6, 7 and 8 are short proofs about nim-sums: each is proved by Z3 over
64-bit values (for 5-8: up to 8 heaps) and checked again by running the same statement
in plain Python over every small case.  Exercise 4 asks for the winning moves of four
positions; the solver searches them (without Nim's closed form) and they are compared
with the answers worked out by hand from the handout's recipe.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

import z3

from grundy.declare import Declaration, Exercise, ExerciseKind, listing, mutant, section, theorem
from grundy.library import CheckSettings
from grundy.solve.solver import Solver
from grundy.tasks import Part, Split
from grundy.theory import bouton
from grundy.theory import exercise_mutants as mut
from grundy.theory import nim_exercises as enc
from grundy.verdict import Verdict
from grundy.verify.exhaustive import check_exhaustive
from grundy.verify.random_games import SearchOnlyNim
from grundy.verify.z3_checks import all_proved, exhaustive_encoding, headline_z3
from grundy.verify.z3engine import Encoding

TAGS = ("nim", "nim-sum", "exercise")


def _source(number: int) -> str:
    return f"002 Handout 17, exercise {number}"


def _prove(number: int, question: str) -> Exercise:
    """Exercise ``number`` of the handout, a proof: the question in our words."""
    return Exercise(ExerciseKind.PROVE, question, number)


def _bits_check(builder, small_width: int = 3):
    """Z3 at 64 bits (16 under quick), plus every value below 2^small_width."""

    def check(settings: CheckSettings) -> Verdict:
        width = 16 if settings.quick else 64
        small = exhaustive_encoding(builder(small_width), 2**small_width - 1)
        proof = builder(width).prove(timeout_ms=settings.z3_timeout_ms, seed=settings.seed)
        return headline_z3([small, proof])

    return check


def _heap_count(settings: CheckSettings) -> tuple[int, int]:
    return (3, 16) if settings.quick else (8, 64)


def _heaps_split(builder, per_heap=None) -> Split:
    """Z3 for 1 to 8 heaps below 2^64 (1 to 3 below 2^16 under quick), plus 3 heaps and
    the other variables exhaustively in 0..7; the exhaustive pass and each heap count are
    separate tasks.  With ``per_heap(heaps, width, i)``, a heap count's
    statement is proved as the conjunction over the heap lowered, one Z3 query each."""

    def parts(settings: CheckSettings) -> list[Part]:
        most, width = _heap_count(settings)

        def prove(heaps: int):
            def run(s: CheckSettings) -> Verdict:
                if per_heap is None:
                    return builder(heaps, width).prove(timeout_ms=s.z3_timeout_ms, seed=s.seed)
                queries = [
                    per_heap(heaps, width, i).prove(timeout_ms=s.z3_timeout_ms, seed=s.seed)
                    for i in range(heaps)
                ]
                return all_proved(queries, scope=f"bounded: {heaps} heaps below 2^{width}")

            return run

        exhaustive = Part("3-heaps-in-0..7", lambda s: exhaustive_encoding(builder(3, 3), 7))
        return [
            exhaustive,
            *(Part(f"{h}-heaps", prove(h), cost=0.1 * h) for h in range(1, most + 1)),
        ]

    def combine(verdicts, settings: CheckSettings) -> Verdict:
        most, width = _heap_count(settings)
        small, *proofs = verdicts
        combined = all_proved(list(proofs), scope=f"bounded: 1 to {most} heaps below 2^{width}")
        return headline_z3([small, combined])

    return Split(parts, combine)


def _heaps_mutant_check(builder):
    """For a mutant one counterexample is enough: the least one among 3 heaps in 0..7
    (exhaustive), and Z3's least one for 3 heaps below 2^64 (2^16 under quick)."""

    def check(settings: CheckSettings) -> Verdict:
        small = exhaustive_encoding(builder(3, 3), 7)
        proof = builder(3, 16 if settings.quick else 64).prove(
            timeout_ms=settings.z3_timeout_ms, seed=settings.seed
        )
        return headline_z3([small, proof])

    return check


# -- mutants: plausible misreadings, each with its plain-Python twin --------------------------


def _sum_never_smaller(width: int) -> Encoding:
    a, b, c = z3.BitVecs("a b c", width)
    goal = z3.Implies(a ^ b == c, z3.And(z3.UGE(c, a), z3.UGE(c, b)))
    return Encoding(
        "sum-never-smaller",
        goal,
        (a, b, c),
        lambda k: k["a"] ^ k["b"] != k["c"] or (k["c"] >= k["a"] and k["c"] >= k["b"]),
        f"bounded: a, b, c < 2^{width}",
    )


def _zero_only_when_both_zero(width: int) -> Encoding:
    a, b = z3.BitVecs("a b", width)
    goal = (a ^ b == 0) == z3.And(a == 0, b == 0)
    return Encoding(
        "zero-iff-both-zero",
        goal,
        (a, b),
        lambda k: (k["a"] ^ k["b"] == 0) == (k["a"] == 0 and k["b"] == 0),
        f"bounded: a, b < 2^{width}",
    )


def _ordinary_change(heaps: int, width: int) -> Encoding:
    """Lowering a to b changes the value m into m - a + b (ordinary arithmetic)."""
    sizes = [z3.BitVec(f"h{i}", width) for i in range(1, heaps + 1)]
    (lowered,) = z3.BitVecs("b", width)
    total = sizes[0]
    for heap in sizes[1:]:
        total = total ^ heap

    def after(i: int) -> z3.BitVecRef:
        result = lowered if i == 0 else sizes[0]
        for j in range(1, heaps):
            result = result ^ (lowered if j == i else sizes[j])
        return result

    goal = z3.And(
        *[
            z3.Implies(
                z3.ULT(lowered, sizes[i]),
                z3.ZeroExt(2, after(i))
                == z3.ZeroExt(2, total) - z3.ZeroExt(2, sizes[i]) + z3.ZeroExt(2, lowered),
            )
            for i in range(heaps)
        ]
    )

    def holds(case) -> bool:
        values = [case[f"h{i}"] for i in range(1, heaps + 1)]
        m, b = 0, case["b"]
        for v in values:
            m ^= v
        for i, a in enumerate(values):
            if b < a:
                rest = 0
                for j, v in enumerate(values):
                    rest ^= b if j == i else v
                if rest != m - a + b:
                    return False
        return True

    return Encoding(
        "ordinary-change", goal, (*sizes, lowered), holds, f"bounded: {heaps} heaps < 2^{width}"
    )


def _moves_from_nonzero_stay_nonzero(heaps: int, width: int) -> Encoding:
    """Every move from a nonzero value gives a nonzero value (false: that is how one wins)."""
    sizes = [z3.BitVec(f"h{i}", width) for i in range(1, heaps + 1)]
    (lowered,) = z3.BitVecs("to", width)

    def xor_all(values):
        result = values[0]
        for value in values[1:]:
            result = result ^ value
        return result

    moves = [
        z3.Implies(
            z3.ULT(lowered, sizes[i]),
            xor_all([lowered if j == i else h for j, h in enumerate(sizes)]) != 0,
        )
        for i in range(heaps)
    ]
    goal = z3.Implies(xor_all(sizes) != 0, z3.And(*moves))

    def holds(case) -> bool:
        values = [case[f"h{i}"] for i in range(1, heaps + 1)]
        total = 0
        for v in values:
            total ^= v
        if total == 0:
            return True
        for i, a in enumerate(values):
            if case["to"] < a:
                rest = 0
                for j, v in enumerate(values):
                    rest ^= case["to"] if j == i else v
                if rest == 0:
                    return False
        return True

    return Encoding(
        "nonzero-stays-nonzero",
        goal,
        (*sizes, lowered),
        holds,
        f"bounded: {heaps} heaps < 2^{width}",
    )


def _recipe_from_everywhere(heaps: int, width: int) -> Encoding:
    """At least one recipe move exists from every position, even of value 0 (false)."""
    sizes = [z3.BitVec(f"h{i}", width) for i in range(1, heaps + 1)]
    total = sizes[0]
    for heap in sizes[1:]:
        total = total ^ heap
    goal = z3.Or(*[z3.ULT(h ^ total, h) for h in sizes])

    def holds(case) -> bool:
        values = [case[f"h{i}"] for i in range(1, heaps + 1)]
        s = 0
        for v in values:
            s ^= v
        return any(v ^ s < v for v in values)

    return Encoding(
        "recipe-everywhere", goal, tuple(sizes), holds, f"bounded: {heaps} heaps < 2^{width}"
    )


# -- exercise 4: the winning moves of four positions ------------------------------------------

# Worked by hand with the handout's recipe (nim-add the value to each heap, keep the heaps
# that get smaller); the solver must find exactly these, by search.
EXERCISE_4 = {
    (3, 4, 5): [(1, 4, 5)],
    (5, 6, 7): [(1, 6, 7), (5, 2, 7), (5, 6, 3)],
    (2, 3, 5, 7, 11): [(2, 3, 5, 7, 3)],
    (2, 3, 5, 7, 11, 13): [(2, 3, 0, 7, 11, 13), (2, 3, 5, 2, 11, 13), (2, 3, 5, 7, 11, 8)],
}


def _exercise_4(settings: CheckSettings, answers=EXERCISE_4) -> Verdict:
    solver = Solver(SearchOnlyNim())

    def searched(heaps) -> list[list[int]]:
        return sorted(list(move.to) for move in solver.winning_moves(tuple(heaps)))

    return check_exhaustive(
        [{"position": list(p), "moves": sorted(list(m) for m in ms)} for p, ms in answers.items()],
        lambda case: searched(case["position"]) == case["moves"],
        scope="the four positions of exercise 4, each solved from the rules (no formula used)",
        explain=lambda case: {"solver moves": searched(case["position"])},
    )


def _engine_mutants(*exercises: tuple[int, Any, Any, Any, str]) -> Iterator[Declaration]:
    """For each exercise (number, its check, the low-digits variant, the slipped encoding,
    the misreading the slip claims): a mutant only Z3 refutes (it agrees with the exercise
    on every value below 8) and one only the exhaustive twin refutes (an encoding slip)."""
    for number, check_of, low_digits, slip, misreading in exercises:
        theorem = f"handout-exercise-{number}"
        yield mutant(
            f"{theorem}-low-digits",
            f"Mutant: exercise {number} needs only the last three binary digits",
            f"exercise {number} with the nim-sums compared on their last three binary "
            "digits only.  True below 8; Z3, beyond the exhaustive range, must refute it.",
            r"\text{exercise " + str(number) + r" with } x \bmod 8 \text{ for } x",
            check_of(low_digits),
            of=theorem,
            tags=(*TAGS, "z3", "mutant"),
        )
        yield mutant(
            f"{theorem}-encoding-slip",
            f"Mutant: exercise {number} misread",
            f"{misreading}.  A slipped Z3 encoding: Z3 is handed the exercise's true "
            "statement, so only the exhaustive run of the plain statement can refute it.",
            r"\text{exercise " + str(number) + r", misread}",
            check_of(slip),
            of=theorem,
            tags=(*TAGS, "z3", "mutant"),
        )


THEOREMS = listing(
    section(_source(2), game="nim", tags=(*TAGS, "z3")),
    theorem(
        "handout-exercise-2",
        "Exercise 2: a ⊕ b = c gives a ⊕ b ⊕ c = 0, a = b ⊕ c and a ⊕ c = b",
        "if *a + *b = *c then *a + *b + *c = *0, *a = *b + *c and *a + *c = *b",
        r"a \oplus b = c \implies a \oplus b \oplus c = 0 \wedge a = b \oplus c "
        r"\wedge a \oplus c = b",
        _bits_check(enc.exercise_2),
        proof="Nim-addition is commutative and associative, x ⊕ x = 0 and x ⊕ 0 = x. "
        "Nim-add c to both sides of a ⊕ b = c: a ⊕ b ⊕ c = c ⊕ c = 0. Nim-add b to both "
        "sides: a = a ⊕ b ⊕ b = c ⊕ b. Nim-add a to both sides: b = a ⊕ a ⊕ b = a ⊕ c.",
        exercise=_prove(
            2,
            "Suppose that *a + *b = *c. Show that it follows that *a + *b + *c = *0, "
            "that *a = *b + *c and that *a + *c = *b.",
        ),
    ),
    mutant(
        "handout-exercise-2-never-smaller",
        "Mutant: a nim-sum is never smaller than its terms",
        "if *a + *b = *c then c >= a and c >= b",
        r"a \oplus b = c \implies c \ge a \wedge c \ge b",
        _bits_check(_sum_never_smaller),
    ),
    section(_source(3), game="nim", tags=(*TAGS, "z3")),
    theorem(
        "handout-exercise-3",
        "Exercise 3: *a = *b iff *a + *b = *0",
        "a = b if and only if a ⊕ b = 0",
        r"a = b \iff a \oplus b = 0",
        _bits_check(enc.exercise_3),
        proof="If a = b, then in each binary column a and b have the same digit, and two "
        "equal digits add to 0 without carrying, so a ⊕ b = 0 (in games: G + G = 0). "
        "Conversely, if a ⊕ b = 0, nim-add b to both sides: a = a ⊕ b ⊕ b = 0 ⊕ b = b.",
        exercise=_prove(
            3,
            "Show that *a = *b holds exactly when *a + *b = *0 (one of the two "
            "directions is the observation that G + G = 0).",
        ),
    ),
    mutant(
        "handout-exercise-3-both-zero",
        "Mutant: *a + *b = *0 only when both are *0",
        "a ⊕ b = 0 if and only if a = 0 and b = 0",
        r"a \oplus b = 0 \iff a = 0 \wedge b = 0",
        _bits_check(_zero_only_when_both_zero),
    ),
    section(_source(4), game="nim", tags=(*TAGS, "example")),
    theorem(
        "handout-exercise-4",
        "Exercise 4: all winning moves of four positions",
        "the winning moves are (3,4,5) -> (1,4,5); (5,6,7) -> (1,6,7), (5,2,7), "
        "(5,6,3); (2,3,5,7,11) -> (2,3,5,7,3); (2,3,5,7,11,13) -> (2,3,0,7,11,13), "
        "(2,3,5,2,11,13), (2,3,5,7,11,8)",
        r"(3,4,5) \to (1,4,5),\ (5,6,7) \to (1,6,7), (5,2,7), (5,6,3),\ \ldots",
        _exercise_4,
        exercise=Exercise(
            ExerciseKind.FIND,
            "Find every winning move from each of the Nim positions (3, 4, 5), (5, 6, 7), "
            "(2, 3, 5, 7, 11) and (2, 3, 5, 7, 11, 13).",
            4,
        ),
    ),
    mutant(
        "handout-exercise-4-one-move",
        "Mutant: (5,6,7) has a single winning move, in the largest heap",
        "the only winning move from (5,6,7) is 7 -> 3",
        r"(5,6,7) \to (5,6,3) \text{ is the only winning move}",
        lambda settings: _exercise_4(settings, {(5, 6, 7): [(5, 6, 3)]}),
    ),
    section(_source(5), game="nim", tags=(*TAGS, "z3")),
    theorem(
        "handout-exercise-5",
        "Exercise 5: lowering a heap from a to b changes *m into *m + *a + *b",
        "if a position has value *m and a heap goes from a to b < a, the new value "
        "is *m + *a + *b (1 to 8 heaps below 2^64)",
        r"\mathcal{G}(\ldots, b, \ldots) = m \oplus a \oplus b",
        split=_heaps_split(enc.exercise_5),
        proof="The value of a Nim position is the nim-sum of its heaps, so m = a ⊕ r, where r "
        "is the nim-sum of the other heaps. After the move the value is b ⊕ r, and "
        "b ⊕ r = b ⊕ (a ⊕ a) ⊕ r = (a ⊕ r) ⊕ a ⊕ b = m ⊕ a ⊕ b.",
        exercise=_prove(
            5,
            "A position has value *m, and a move lowers one of its heaps from a to b. "
            "Show that the position the move leaves has value *m + *a + *b.",
        ),
    ),
    mutant(
        "handout-exercise-5-ordinary",
        "Mutant: the new value is m - a + b",
        "lowering a heap from a to b changes the value m into m - a + b",
        r"\mathcal{G}(\ldots, b, \ldots) = m - a + b",
        _heaps_mutant_check(_ordinary_change),
    ),
    section(_source(6), game="nim", tags=(*TAGS, "z3")),
    theorem(
        "handout-exercise-6",
        "Exercise 6: every move from value *0 gives a nonzero value",
        "from a position of value *0, every move leads to a nonzero value "
        "(1 to 8 heaps below 2^64)",
        r"h_1 \oplus \cdots \oplus h_k = 0,\ h_i \to h_i' < h_i \implies h_1 \oplus \cdots "
        r"\oplus h_i' \oplus \cdots \oplus h_k \ne 0",
        split=_heaps_split(bouton.bouton_moves_from_zero),
        proof="Let a move lower a heap from a to b, so b ≠ a. By Exercise 5 the value changes "
        "from 0 to 0 ⊕ a ⊕ b = a ⊕ b, and by Exercise 3 a ⊕ b = 0 only when a = b. So the "
        "new value is not 0.",
        exercise=_prove(
            6,
            "Show that every move from a position of value *0 leaves a position whose "
            "value is not *0.",
        ),
    ),
    mutant(
        "handout-exercise-6-nonzero",
        "Mutant: every move from a nonzero value gives a nonzero value",
        "from a position of nonzero value, every move leads to a nonzero value",
        r"h_1 \oplus \cdots \oplus h_k \ne 0,\ h_i \to h_i' < h_i \implies h_1 \oplus \cdots "
        r"\oplus h_i' \oplus \cdots \oplus h_k \ne 0",
        _heaps_mutant_check(_moves_from_nonzero_stay_nonzero),
    ),
    section(_source(7), game="nim", tags=(*TAGS, "z3")),
    theorem(
        "handout-exercise-7",
        "Exercise 7: the recipe's moves, and only they, reach value *0",
        "lowering heap h to b leaves value *0 exactly when b = h ⊕ s, s the value "
        "(1 to 8 heaps below 2^64)",
        r"h_i \to b \text{ leaves } 0 \iff b = h_i \oplus s",
        split=_heaps_split(enc.exercise_7, per_heap=enc.exercise_7_at),
        proof="Let s be the value. By Exercise 5, lowering a heap h to b leaves the value "
        "s ⊕ h ⊕ b, which by Exercise 3 is 0 exactly when b = s ⊕ h. Lowering h to h ⊕ s is "
        "a move exactly when h ⊕ s < h: these are the recipe's moves, and no other move "
        "reaches 0. A player who always makes a recipe move (one exists by Exercise 8) "
        "hands the opponent value 0, from which every move gives a nonzero value "
        "(Exercise 6). Heaps only shrink, so the game ends, and the final position, with "
        "value 0, is reached by the player using the recipe: that player makes the last "
        "move and wins.",
        exercise=_prove(
            7,
            "The recipe: nim-add the position's value to each heap, and lower a heap "
            "that gets smaller to the size it got. Show that these moves leave a position "
            "of value *0 and that no other move does, so that the recipe is a complete "
            "winning strategy.",
        ),
    ),
    section(_source(8), game="nim", tags=(*TAGS, "z3")),
    theorem(
        "handout-exercise-8",
        "Exercise 8: from a nonzero value a recipe move always exists",
        "if the value s is nonzero, some heap h has h ⊕ s < h (1 to 8 heaps below 2^64)",
        r"s \ne 0 \implies \exists i:\ h_i \oplus s < h_i",
        split=_heaps_split(partial(bouton.bouton_move_to_zero, encoding="named-sum")),
        proof="Let s ≠ 0 and let 2ᵏ be the largest power of 2 in s, so s has a 1 in column k "
        "and 0 above it. The column-k digits of the heaps add to 1 without carrying, so "
        "some heap h has a 1 in column k. In h ⊕ s the digits above column k are those of "
        "h, and the digit in column k is 0 where h has 1, so h ⊕ s < h: lowering h to h ⊕ s "
        "is a recipe move.",
        exercise=_prove(
            8,
            "Show that from a position whose value is not *0 at least one of the "
            "recipe's moves can always be made. (Hint: write the value as a sum of "
            "distinct powers of 2 and look at the largest of them.)",
        ),
    ),
    mutant(
        "handout-exercise-8-everywhere",
        "Mutant: a recipe move exists from every position",
        "from every position (even of value *0) some heap h has h ⊕ s < h",
        r"\forall (h_1, \ldots, h_k)\ \exists i:\ h_i \oplus s < h_i",
        _heaps_mutant_check(_recipe_from_everywhere),
    ),
    mutant(
        "handout-exercise-7-subtract",
        "Mutant: the move to value *0 lowers h to h - s",
        "lowering heap h to b leaves value *0 exactly when b = h - s (ordinary "
        "subtraction in place of the nim-sum)",
        r"h_i \to b \text{ leaves } 0 \iff b = h_i - s",
        _heaps_mutant_check(mut.recipe_by_subtraction),
        of="handout-exercise-7",
        tags=(*TAGS, "z3", "mutant"),
    ),
    _engine_mutants(
        (
            2,
            _bits_check,
            mut.low_digits_2,
            mut.slipped(enc.exercise_2, _sum_never_smaller),
            "a nim-sum is never smaller than its terms",
        ),
        (
            3,
            _bits_check,
            mut.low_digits_3,
            mut.slipped(enc.exercise_3, _zero_only_when_both_zero),
            "a ⊕ b = 0 only when a = b = 0",
        ),
        (
            5,
            _heaps_mutant_check,
            mut.low_digits_5,
            mut.slipped(enc.exercise_5, _ordinary_change),
            "lowering a heap from a to b changes m into m - a + b",
        ),
        (
            6,
            _heaps_mutant_check,
            mut.low_digits_6,
            mut.slipped(bouton.bouton_moves_from_zero, _moves_from_nonzero_stay_nonzero),
            "every move from a nonzero value gives a nonzero value",
        ),
        (
            7,
            _heaps_mutant_check,
            mut.low_digits_7,
            mut.slipped(enc.exercise_7, mut.recipe_by_subtraction),
            "lowering h to b leaves *0 exactly when b = h - s",
        ),
        (
            8,
            _heaps_mutant_check,
            mut.low_digits_8,
            mut.slipped(
                partial(bouton.bouton_move_to_zero, encoding="named-sum"), _recipe_from_everywhere
            ),
            "a recipe move exists from every position",
        ),
    ),
)
