"""Bouton's theorem (slides 000, Legner 001, notes 003): Nim is P exactly at nim-sum 0.

Checked several ways: every three-heap position up to 31 by plain search (no XOR anywhere
in the search), the three conditions of the slides for 1 to 16 heaps of 64-bit sizes by
Z3, the inductive step of notes 003 (the heap holding the top bit of the nim-sum) by Z3 for
as many heaps, and a random search with up to 16 heaps of sizes up to 2^64.  For any number
of heaps of any sizes, Bouton's theorem, the value G = nim-sum and the misère rule rest on
lemmas proved for all natural numbers by induction on the bits
(:mod:`grundy.theory.nim`), put together by an induction on positions argued on
paper (listed in each verdict's ``assumes``); these three are the lemmas ``grundy check`` relies on
when it reads ``outcome`` or ``grundy`` of a Nim position symbolically.  The winning-move
recipe of the handout is checked against the solver's list of winning moves."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import z3
from hypothesis import strategies as st

from grundy.declare import by_z3, listing, mutant, section, theorem
from grundy.games.nim import Nim
from grundy.library import CheckSettings
from grundy.solve.solver import Play, Solver
from grundy.tasks import Part, Split
from grundy.theory import bouton as enc
from grundy.theory.nim import (
    prove_bouton_unbounded,
    prove_misere_unbounded,
    prove_nim_value_unbounded,
)
from grundy.verdict import Verdict
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.random_games import SearchOnlyNim
from grundy.verify.random_search import search_random
from grundy.verify.z3_checks import all_proved, exhaustive_encoding, headline_z3

SLIDES = "000 slides, Bouton's theorem via the three conditions"

# The proofs a lecturer gives in class (Theorem.proof): the handout prints them.
BOUTON_PROOF = (
    "Write s for the nim-sum of the heaps. By the labelling rules and induction on the "
    "number of counters, it is enough to show three things. (1) The terminal position, "
    "with every heap empty, has s = 0. (2) From s = 0 every move leaves s ≠ 0: a move "
    "changes one heap from h to some h′ ≠ h, and the new nim-sum is s ⊕ h ⊕ h′ = h ⊕ h′, "
    "which is not 0. (3) From s ≠ 0 some move reaches nim-sum 0: let 2ᵏ be the leading "
    "binary digit of s. Some heap h has a 1 in that column; h ⊕ s agrees with h above "
    "column k and has a 0 in it, so h ⊕ s < h. Reducing that heap to h ⊕ s leaves the "
    "nim-sum s ⊕ h ⊕ (h ⊕ s) = 0. So the positions with s = 0 are exactly the P-positions."
)
MISERE_PROOF = (
    "If no heap exceeds 1, every move removes one heap of 1 and the play is forced: the "
    "player to move makes the last move, and so loses, exactly when the number of heaps "
    "of 1 is odd, that is when the nim-sum is 1. Now let some heap exceed 1; we show by "
    "induction on the number of counters that the position is P exactly when its nim-sum "
    "is 0. If just one heap exceeds 1, the nim-sum is not 0 (its leading digit comes from "
    "that heap alone), and the player to move wins by reducing that heap to 0 or 1 so "
    "that an odd number of heaps of 1 is left. If two or more heaps exceed 1, a move "
    "changes only one of them, so at least one heap above 1 remains. From nim-sum 0 every "
    "move leaves a nonzero nim-sum (as in Bouton's theorem), an N-position by induction; "
    "from a nonzero nim-sum Bouton's move reaches nim-sum 0, a P-position by induction."
)

TAGS = ("nim", "bouton")


def _nim_sum(heaps) -> int:
    total = 0
    for heap in heaps:
        total ^= heap
    return total


def _heap_cases(bound: int):
    return integer_cases({"a": (0, bound), "b": (0, bound), "c": (0, bound)})


def _three_heaps(settings: CheckSettings, rule=lambda a, b, c: a ^ b ^ c == 0) -> Verdict:
    bound = 7 if settings.quick else 31
    solver = Solver(SearchOnlyNim())

    def searched_p(case) -> bool:
        return solver.grundy_value((case["a"], case["b"], case["c"])) == 0

    return check_exhaustive(
        _heap_cases(bound),
        lambda case: searched_p(case) == rule(case["a"], case["b"], case["c"]),
        scope=f"bounded: 3 heaps, each 0..{bound} (each position solved from the rules)",
        explain=lambda case: {
            "searched outcome": "P" if searched_p(case) else "N",
            "position": [case["a"], case["b"], case["c"]],
        },
    )


def _bouton_size(settings: CheckSettings) -> tuple[int, int]:
    """Most heaps and bit width of the Z3 theorems (smaller under ``--quick``)."""
    return (3, 16) if settings.quick else (16, 64)


def _k_heaps_parts(settings: CheckSettings) -> list[Part]:
    # One task per heap count and query of the named-sum decomposition
    # (enc.bouton_queries): condition (2) for 16 heaps of 64 bits is the longest, about
    # 0.15 s of CPU on Z3 5.x (7-9 s on 4.12-4.16), so no task is long.
    most, width = _bouton_size(settings)

    def prove(heaps: int, number: int) -> Callable[[CheckSettings], Verdict]:
        return lambda s: enc.bouton_query(heaps, width, number).prove(
            timeout_ms=s.z3_timeout_ms, seed=s.seed
        )

    return [
        Part(f"{heaps}-heaps/query-{number}", prove(heaps, number), cost=0.01 * heaps)
        for heaps in range(1, most + 1)
        for number in range(heaps + 2)
    ]


def _k_heaps_combine(verdicts: Sequence[Verdict], settings: CheckSettings) -> Verdict:
    most, width = _bouton_size(settings)
    per_count, start = [], 0
    for heaps in range(1, most + 1):
        names = [enc.bouton_query(heaps, width, n).name for n in range(heaps + 2)]
        mine = verdicts[start : start + heaps + 2]
        per_count.append(enc.combine_bouton_queries(heaps, width, names, mine))
        start += heaps + 2
    return all_proved(
        per_count, scope=f"bounded: 1 to {most} heaps, each of size < 2^{width}", method="z3"
    )


def _inductive_step_parts(settings: CheckSettings) -> list[Part]:
    most, width = _bouton_size(settings)

    def prove(heaps: int) -> Callable[[CheckSettings], Verdict]:
        return lambda s: enc.bouton_move_to_zero(heaps, width, "named-top-bit").prove(
            timeout_ms=s.z3_timeout_ms,
            seed=s.seed,
            lemmas=[
                "a nonzero nim-sum has a highest set bit (found by smearing its bits downwards)"
            ],
        )

    return [Part(f"{heaps}-heaps", prove(heaps), cost=0.01 * heaps) for heaps in range(1, most + 1)]


def _inductive_step_combine(verdicts: Sequence[Verdict], settings: CheckSettings) -> Verdict:
    most, width = _bouton_size(settings)
    return all_proved(
        list(verdicts), scope=f"bounded: 1 to {most} heaps, each of size < 2^{width}", method="z3"
    )


def _largest_heap(settings: CheckSettings) -> Verdict:
    small = exhaustive_encoding(enc.largest_heap_move(3, 3), 7)
    big = enc.largest_heap_move(3, 16 if settings.quick else 64).prove(
        timeout_ms=settings.z3_timeout_ms, seed=settings.seed
    )
    return headline_z3([small, big])


_HEAP_LISTS = st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=16)


def _random_heaps(settings: CheckSettings) -> Verdict:
    cases = st.fixed_dictionaries(
        {"heaps": _HEAP_LISTS, "heap": st.integers(0, 15), "to": st.integers(0, 2**64 - 1)}
    )

    nim_solver = Solver(Nim())

    def holds(case) -> bool:
        heaps = case["heaps"]
        total = _nim_sum(heaps)
        recipe = [i for i, h in enumerate(heaps) if h ^ total < h]
        # condition 2: from a nonzero nim-sum the recipe offers a move, and it reaches 0
        if total and not recipe:
            return False
        for i in recipe:
            if _nim_sum([*heaps[:i], heaps[i] ^ total, *heaps[i + 1 :]]) != 0:
                return False
        # the solver's winning moves (Nim's closed form per heap) are the recipe's moves
        found = {_canonical(move.to) for move in nim_solver.winning_moves(tuple(heaps))}
        if found != _recipe(tuple(heaps)):
            return False
        # condition 3: the chosen move (heap, to) from nim-sum 0 leaves a nonzero nim-sum
        index = case["heap"] % len(heaps)
        if total == 0 and case["to"] < heaps[index]:
            after = [*heaps[:index], case["to"], *heaps[index + 1 :]]
            return _nim_sum(after) != 0
        return True

    return _search_heap_lists(
        cases, holds, settings, "random: 1 to 16 heaps of sizes below 2^64, one random move each"
    )


def _search_heap_lists(
    cases: st.SearchStrategy[dict[str, Any]],
    holds: Callable[[Mapping[str, Any]], bool],
    settings: CheckSettings,
    scope: str,
) -> Verdict:
    """Random search over cases holding a list of 1 to 16 heaps below 2^64, measured by
    the largest heap (both random checks of the recipe search so)."""
    return search_random(
        cases,
        holds,
        seed=settings.seed,
        examples=200 if settings.quick else settings.random_examples,
        scope=scope,
        size=lambda case: max(case["heaps"]),
    )


def _first_heap(settings: CheckSettings) -> Verdict:
    """Mutant for the Z3 path of bouton-k-heaps: Z3 alone checks it."""
    width = 16 if settings.quick else 64
    return enc.first_heap_move(3, width).prove(
        timeout_ms=settings.z3_timeout_ms, seed=settings.seed
    )


def _lowest_bit_move(heaps: int, width: int) -> enc.Encoding:
    """Mutant of the inductive step: a heap holding the *lowest* set bit of s can always be
    lowered to h ⊕ s (false: (1, 2) has s = 3 and 1 ⊕ 3 = 2 > 1)."""
    sizes = [z3.BitVec(f"h{i}", width) for i in range(1, heaps + 1)]
    total = sizes[0]
    for heap in sizes[1:]:
        total = total ^ heap
    lowest = total & -total
    goal = z3.Implies(
        total != 0, z3.And(*[z3.Implies(h & lowest != 0, z3.ULT(h ^ total, h)) for h in sizes])
    )

    def holds(case) -> bool:
        values = [case[f"h{i}"] for i in range(1, heaps + 1)]
        s = _nim_sum(values)
        return s == 0 or all(v ^ s < v for v in values if v & (s & -s))

    scope = f"bounded: {heaps} heaps, each of size < 2^{width}"
    return enc.Encoding("lowest-bit-move", goal, tuple(sizes), holds, scope)


def _random_first_heap(settings: CheckSettings) -> Verdict:
    """Mutant for the random path: the first heap always holds the recipe's move."""
    cases = st.fixed_dictionaries({"heaps": _HEAP_LISTS})

    def holds(case) -> bool:
        heaps = case["heaps"]
        total = _nim_sum(heaps)
        return total == 0 or heaps[0] ^ total < heaps[0]

    return _search_heap_lists(cases, holds, settings, "random: 1 to 16 heaps of sizes below 2^64")


def _canonical(position) -> tuple[int, ...]:
    return tuple(sorted(h for h in position if h))


def _recipe(heaps: tuple[int, ...]) -> set[tuple[int, ...]]:
    total = _nim_sum(heaps)
    return {
        _canonical((*heaps[:i], h ^ total, *heaps[i + 1 :]))
        for i, h in enumerate(heaps)
        if h ^ total < h
    }


def _recipe_check(settings: CheckSettings, exactly_one: bool = False) -> Verdict:
    bound = 7 if settings.quick else 15
    solver = Solver(SearchOnlyNim())

    def searched(case) -> set[tuple[int, ...]]:
        heaps = (case["a"], case["b"], case["c"])
        return {_canonical(move.to) for move in solver.winning_moves(heaps)}

    def holds(case) -> bool:
        moves = searched(case)
        if exactly_one:
            return len(moves) <= 1
        return moves == _recipe((case["a"], case["b"], case["c"]))

    return check_exhaustive(
        _heap_cases(bound),
        holds,
        scope=f"bounded: 3 heaps, each 0..{bound}",
        explain=lambda case: {
            "winning moves": sorted(searched(case)),
            "position": [case["a"], case["b"], case["c"]],
        },
    )


def _example(settings: CheckSettings, heaps, value, moves) -> Verdict:
    solver = Solver(SearchOnlyNim())

    def found(case) -> tuple[int, list[tuple[int, ...]]]:
        position = tuple(case["heaps"])
        return solver.grundy_value(position), sorted(m.to for m in solver.winning_moves(position))

    return check_exhaustive(
        [{"heaps": list(heaps), "value": value, "moves": [list(m) for m in moves]}],
        lambda case: found(case) == (case["value"], sorted(map(tuple, case["moves"]))),
        scope="the example of the notes",
        explain=lambda case: {
            "solver value": found(case)[0],
            "solver moves": [list(m) for m in found(case)[1]],
            "position": list(case["heaps"]),
        },
    )


THEOREMS = listing(
    section(SLIDES, game="nim", tags=(*TAGS, "exhaustive")),
    theorem(
        "bouton-three-heaps",
        "Bouton's theorem for three heaps of up to 31",
        "a three-heap Nim position (a, b, c) is a P-position iff a ⊕ b ⊕ c = 0",
        r"(a,b,c) \in \mathcal{P} \iff a \oplus b \oplus c = 0",
        _three_heaps,
        implied_by="bouton-any-number-of-heaps",
    ),
    mutant(
        "bouton-even-sum",
        "Mutant: P iff the ordinary sum of the heaps is even",
        "(a, b, c) is P iff a + b + c is even",
        r"(a,b,c) \in \mathcal{P} \iff a + b + c \equiv 0 \pmod{2}",
        lambda settings: _three_heaps(settings, lambda a, b, c: (a + b + c) % 2 == 0),
    ),
    theorem(
        "bouton-k-heaps",
        "Bouton's three conditions for up to 16 heaps of 64-bit sizes",
        "(1) the terminal position has nim-sum 0; (2) from a nonzero nim-sum some move "
        "reaches nim-sum 0; (3) every move from nim-sum 0 reaches a nonzero nim-sum; "
        "for 1 to 16 heaps of sizes below 2^64",
        r"\begin{aligned} &(1)\ h = (0, \ldots, 0) \implies s = 0 \\ &(2)\ s \ne 0 "
        r"\implies \exists i:\ h_i \oplus s < h_i \\ &(3)\ s = 0,\ h_i' < h_i \implies "
        r"s' \ne 0 \end{aligned} \qquad s = h_1 \oplus \cdots \oplus h_k",
        tags=(*TAGS, "z3"),
        split=Split(_k_heaps_parts, _k_heaps_combine),
        implied_by="bouton-any-number-of-heaps",
    ),
    mutant(
        "bouton-first-heap",
        "Mutant: from a nonzero nim-sum the first heap holds the winning move",
        "if s = h1 ⊕ h2 ⊕ h3 ≠ 0 then h1 ⊕ s < h1.  Checked by Z3 alone.",
        r"s \ne 0 \implies h_1 \oplus s < h_1",
        _first_heap,
        tags=(*TAGS, "z3", "mutant"),
    ),
    section(
        "003 notes, Nim: Bouton's theorem and its inductive proof", game="nim", tags=(*TAGS, "z3")
    ),
    theorem(
        "bouton-inductive-step",
        "Bouton's inductive step: the heap holding the top bit of the nim-sum",
        "if s = h1 ⊕ ... ⊕ hk ≠ 0, some heap hi has the highest bit of s set, and "
        "lowering it to hi ⊕ s is a move to nim-sum 0 (1 to 16 heaps below 2^64)",
        r"s = h_1 \oplus \cdots \oplus h_k \ne 0,\ 2^{t} \le s < 2^{t+1},\ h_i \text{ has "
        r"bit } t \implies h_i \oplus s < h_i",
        split=Split(_inductive_step_parts, _inductive_step_combine),
    ),
    mutant(
        "bouton-inductive-step-lowest-bit",
        "Mutant: the heap holding the lowest bit of the nim-sum gives the move",
        "if s = h1 ⊕ h2 ⊕ h3 ≠ 0, every heap having the lowest set bit of s can be "
        "lowered to h ⊕ s",
        r"s \ne 0,\ h_i \text{ has the lowest bit of } s \implies h_i \oplus s < h_i",
        lambda settings: _lowest_bit_move(3, 16 if settings.quick else 64).prove(
            timeout_ms=settings.z3_timeout_ms, seed=settings.seed
        ),
        tags=(*TAGS, "z3", "mutant"),
    ),
    mutant(
        "bouton-largest-heap",
        "Mutant: the winning move is always in the largest heap",
        "from a nonzero nim-sum s, lowering a largest heap h to h ⊕ s is always a move",
        r"s \ne 0,\ h_i = \max_j h_j \implies h_i \oplus s < h_i",
        _largest_heap,
        of="bouton-k-heaps",
    ),
    section(SLIDES, game="nim", tags=(*TAGS, "random")),
    theorem(
        "bouton-random-heaps",
        "Bouton's conditions on random positions with huge heaps",
        "for up to 16 heaps below 2^64: from a nonzero nim-sum the recipe gives a move "
        "to nim-sum 0, the winning moves are exactly the recipe's, and a move from "
        "nim-sum 0 never reaches nim-sum 0.  The winning moves are the solver's.",
        r"s = h_1 \oplus \cdots \oplus h_k \ne 0 \implies \exists i:\ h_i \oplus s < h_i "
        r"\quad (k \le 16,\ h_i < 2^{64})",
        _random_heaps,
        implied_by="bouton-any-number-of-heaps",
    ),
    mutant(
        "bouton-random-first-heap",
        "Mutant: on random positions the first heap holds the recipe's move",
        "for up to 16 heaps below 2^64 with nonzero nim-sum s, h1 ⊕ s < h1.  Checked "
        "by random search alone.",
        r"s \ne 0 \implies h_1 \oplus s < h_1 \quad (k \le 16,\ h_i < 2^{64})",
        _random_first_heap,
        tags=(*TAGS, "random", "mutant"),
    ),
    section("002 Handout 17, finding winning moves", game="nim", tags=(*TAGS, "exhaustive")),
    theorem(
        "winning-move-recipe",
        "The winning moves are exactly the recipe's moves (three heaps up to 15)",
        "nim-add the total to each heap; the heaps that get smaller, lowered to that "
        "size, are all the winning moves, and there are no others (3 heaps up to 15)",
        r"(a,b,c) \to (a',b,c) \text{ wins} \iff a' = a \oplus s < a, \quad s = a \oplus b "
        r"\oplus c",
        _recipe_check,
    ),
    mutant(
        "winning-move-unique",
        "Mutant: an N-position of Nim has exactly one winning move",
        "every three-heap Nim position has at most one winning move",
        r"\lvert \{\text{winning moves from } (a,b,c)\} \rvert \le 1",
        lambda settings: _recipe_check(settings, exactly_one=True),
    ),
    section("001 Legner, Bouton's theorem example", game="nim", tags=(*TAGS, "example")),
    theorem(
        "bouton-example-3451",
        "Legner's example (3, 4, 5, 1)",
        "(3, 4, 5, 1) has Grundy value 3 and its only winning move empties the heap "
        "of 3, leaving (0, 4, 5, 1)",
        r"\mathcal{G}(3,4,5,1) = 3,\ "
        r"\text{the only winning move is } (3,4,5,1) \to (0,4,5,1)",
        lambda settings: _example(settings, (3, 4, 5, 1), 3, [(0, 4, 5, 1)]),
    ),
    mutant(
        "bouton-example-3451-largest",
        "Mutant: in (3, 4, 5, 1) the winning move takes from the largest heap",
        statement="(3, 4, 5, 1) has value 3 and its only winning move takes 3 from the largest "
        "heap (5 -> 2)",
        latex=r"\mathcal{G}(3,4,5,1) = 3,\ \text{the only winning move is } (3,4,5,1) \to (3,4,2,1)"
        r"\mathcal{G}(3,4,5,1) = 3,\ \text{the only winning move is } (3,4,5,1) \to (3,4,2,1)",
        check=lambda settings: _example(settings, (3, 4, 5, 1), 3, [(3, 4, 2, 1)]),
    ),
    section(
        "003 notes, Nim: Bouton's theorem and its inductive proof",
        game="nim",
        tags=(*TAGS, "z3", "unbounded"),
    ),
    theorem(
        "bouton-any-number-of-heaps",
        "Bouton's theorem for any number of heaps of any sizes",
        "for every number of heaps and all heap sizes (normal play): the terminal "
        "position has nim-sum 0, from a nonzero nim-sum some move reaches 0, and every move "
        "from 0 leaves a nonzero nim-sum; so a position is P iff its nim-sum is 0.  Seven "
        "lemmas on nim-sums are proved for all natural numbers by induction on the number "
        "of bits (each step proved by machine); the induction on heaps and positions is "
        "argued on paper, "
        "not checked by machine",
        r"\forall k\ \forall h_1, \ldots, h_k \in \mathbb{N}:\ (h_1, \ldots, h_k) \in "
        r"\mathcal{P} \iff h_1 \oplus \cdots \oplus h_k = 0",
        by_z3(prove_bouton_unbounded),
        proof=BOUTON_PROOF,
    ),
    mutant(
        "bouton-any-heaps-first-heap",
        "Mutant: the inductive proof finding the winning move in the first heap",
        "the inductive proof of Bouton's theorem for any number of heaps, but with the "
        "column lemma 'if (p ⊕ h) ⊕ d "
        "< p ⊕ h then p ⊕ d < p': the heap to lower is always found before the last one",
        r"(p \oplus h) \oplus d < p \oplus h \implies p \oplus d < p",
        by_z3(prove_bouton_unbounded, mutation="first-heap"),
    ),
    section(
        "001 Legner, sums of games and the Sprague-Grundy function",
        game="nim",
        tags=(*TAGS, "z3", "unbounded"),
    ),
    theorem(
        "nim-value-any-number-of-heaps",
        "The Grundy value of a Nim position is the nim-sum of its heaps (any heaps)",
        "for every number of heaps and all heap sizes, G(h1, ..., hk) = h1 ⊕ ... ⊕ "
        "hk: no option has the nim-sum as its value, and every smaller value is the value of "
        "an option.  The same seven lemmas, proved for all natural numbers by induction on "
        "the number of bits (each step proved by machine); the induction on positions is "
        "argued on paper, "
        "not checked by machine",
        r"\forall k\ \forall h_i \in \mathbb{N}:\ \mathcal{G}(h_1, \ldots, h_k) = "
        r"h_1 \oplus \cdots \oplus h_k",
        by_z3(prove_nim_value_unbounded),
    ),
    mutant(
        "nim-value-any-heaps-move-lowers",
        "Mutant: lowering a heap always lowers the nim-sum",
        "the proof that a Nim position's value is the nim-sum of its heaps, but with the "
        "lemma 'g < h implies o ⊕ g "
        "< o ⊕ h' in place of 'o ⊕ g = o ⊕ h implies g = h'",
        r"g < h \implies o \oplus g < o \oplus h",
        by_z3(prove_nim_value_unbounded, mutation="move-lowers"),
    ),
    section(
        "beyond the notes: misere Nim (Bouton 1901)",
        game="nim",
        tags=("nim", "misere", "z3", "unbounded"),
        play=Play.MISERE,
    ),
    theorem(
        "misere-nim-any-number-of-heaps",
        "Misere Nim for any number of heaps of any sizes",
        "in misere play a Nim position is P iff some heap exceeds 1 and the nim-sum "
        "is 0, or no heap exceeds 1 and the nim-sum is 1; for every number of heaps and all "
        "sizes.  Five lemmas for all natural numbers (induction on the bits, each step proved "
        "by machine), "
        "four over heaps of 0 or 1 (every case), and Bouton's condition (2) from "
        "Bouton's theorem for any number of heaps; the induction"
        " on positions is argued on paper, not "
        "checked by machine",
        r"h \in \mathcal{P}^{-} \iff (\max_i h_i > 1 \wedge \bigoplus_i h_i = 0) \vee "
        r"(\max_i h_i \le 1 \wedge \bigoplus_i h_i = 1)",
        by_z3(prove_misere_unbounded),
        proof=MISERE_PROOF,
    ),
    mutant(
        "misere-nim-any-heaps-one-cancels",
        "Mutant: a nonempty heap never cancels heaps of at most 1",
        "the proof of misère Nim for any number of heaps, but with the lemma 'o <= 1 and "
        "h >= 1 imply o ⊕ h != 0'.  Refuted by the bit induction's counterexample search.",
        r"o \le 1,\ h \ge 1 \implies o \oplus h \ne 0",
        by_z3(prove_misere_unbounded, mutation="one-cancels"),
    ),
    mutant(
        "misere-nim-any-heaps-normal-endgame",
        "Mutant: in misere Nim, lower the one big heap as in normal play",
        "the proof of misère Nim for any number of heaps, but with one heap above 1 the move "
        "lowers it to the nim-sum o of the others (nim-sum 0, as in normal play) and claims "
        "that leaves nim-sum 1.  Refuted by listing the cases o = 0, 1.",
        r"o \le 1 \implies o \oplus o = 1",
        by_z3(prove_misere_unbounded, mutation="normal-endgame"),
        tags=("nim", "misere", "exhaustive"),
    ),
)
