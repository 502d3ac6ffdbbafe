"""Classics beyond the notes (Wythoff, Euclid, Moore, misere Nim, Gale's Nim), each with a
deliberately false mutant.

Every check derives values with the exact solver from the games' rules and compares
them with the statement; exhaustive checks enumerate a stated finite domain in a stated
order (so the first failure is the minimal counterexample).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from grundy.declare import listing, mutant, section, theorem
from grundy.games import Nim
from grundy.games.euclid import Euclid, euclid_first_player_wins
from grundy.games.gale_nim import GaleNim
from grundy.games.moore_nim import MooreNim, moore_p_position
from grundy.games.wythoff import Wythoff, wythoff_pair
from grundy.library import CheckSettings
from grundy.nimber import nim_sum
from grundy.solve import Outcome, Play, Solver
from grundy.verdict import Status, Verdict, combine_conjunction
from grundy.verify.exhaustive import Case, check_exhaustive, integer_cases

# -- Wythoff and Euclid -----------------------------------------------------------------------


def _wythoff_check(pair: Callable[[int], tuple[int, int]]) -> Callable[..., Verdict]:
    """(a, b) is P exactly when it is ``pair(k)`` or its mirror image for some k."""

    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(Wythoff())
        top = 25 if settings.quick else 70
        predicted: set[tuple[int, int]] = set()
        for k in range(2 * top + 2):
            low, high = pair(k)
            predicted |= {(low, high), (high, low)}

        def holds(case: Case) -> bool:
            position = (case["a"], case["b"])
            return (solver.outcome(position) is Outcome.P) == (position in predicted)

        return check_exhaustive(
            integer_cases({"a": (0, top), "b": (0, top)}),
            holds,
            scope=f"bounded: 0 <= a, b <= {top}",
            explain=lambda case: {
                "outcome": solver.outcome((case["a"], case["b"])).value,
                "formula_says_p": (case["a"], case["b"]) in predicted,
                "position": [case["a"], case["b"]],
            },
        )

    return check


class _PlainEuclid(Euclid):
    """Euclid's game searched move by move, without the chain formula of euclid_grundy."""

    def known_grundy(self, position: tuple[int, int]) -> int | None:
        return None

    def moves_to_value(
        self, position: tuple[int, int], target: int
    ) -> list[tuple[int, int]] | None:
        return None


def _euclid_check(ratio_beats: Callable[[int, int], bool]) -> Callable[..., Verdict]:
    """The player to move wins (a, b) exactly when the larger over the smaller is whole or
    ``ratio_beats(small, large)``."""

    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(_PlainEuclid())
        top = 30 if settings.quick else 120

        def predicted(a: int, b: int) -> bool:
            small, large = min(a, b), max(a, b)
            return large % small == 0 or ratio_beats(small, large)

        return check_exhaustive(
            integer_cases({"a": (1, top), "b": (1, top)}),
            lambda c: (solver.outcome((c["a"], c["b"])) is Outcome.N) == predicted(c["a"], c["b"]),
            scope=f"bounded: 1 <= a, b <= {top}",
            explain=lambda c: {
                "outcome": solver.outcome((c["a"], c["b"])).value,
                "position": [c["a"], c["b"]],
            },
        )

    return check


def _beats_phi(small: int, large: int) -> bool:
    # large / small > phi = (1 + sqrt 5) / 2, in integers (equality is impossible).
    return euclid_first_player_wins(small, large) and large % small != 0


# -- Moore's Nim, misere Nim, Gale's Nim ------------------------------------------------------


def _moore_check(modulus: Callable[[int], int]) -> Callable[..., Verdict]:
    """Nim_k: P exactly when every binary digit's count of ones is divisible by
    ``modulus(k)`` (Moore: k + 1)."""

    def check(settings: CheckSettings) -> Verdict:
        top = 3 if settings.quick else 5
        verdicts = []
        for k in (1, 2, 3):
            solver = Solver(MooreNim(k))
            names = [f"h{i + 1}" for i in range(k + 1)]

            def holds(case: Case, solver: Solver = solver, k: int = k) -> bool:
                heaps = tuple(case[name] for name in sorted(case) if name != "k")
                return (solver.outcome(heaps) is Outcome.P) == moore_p_position(
                    heaps, modulus(k) - 1
                )

            verdicts.append(
                check_exhaustive(
                    ({"k": k, **case} for case in integer_cases(dict.fromkeys(names, (0, top)))),
                    holds,
                    scope=f"bounded: k = {k}, {k + 1} heaps of 0..{top}",
                )
            )
            if verdicts[-1].status is Status.REFUTED:
                break
        return combine_conjunction(verdicts)  # every parameter value must hold

    return check


def _misere_rule(heaps: Sequence[int]) -> bool:
    """Misere Nim is P when some heap exceeds 1 and the nim-sum is 0, or when every heap
    is at most 1 and an odd number of them hold 1."""
    if max(heaps, default=0) <= 1:
        return sum(heaps) % 2 == 1
    return nim_sum(*heaps) == 0


def _misere_check(rule: Callable[[Sequence[int]], bool]) -> Callable[..., Verdict]:
    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(Nim())
        top = 4 if settings.quick else 7
        return check_exhaustive(
            integer_cases({"a": (0, top), "b": (0, top), "c": (0, top)}),
            lambda c: (
                (solver.outcome((c["a"], c["b"], c["c"]), Play.MISERE) is Outcome.P)
                == rule((c["a"], c["b"], c["c"]))
            ),
            scope=f"bounded: three heaps 0 <= a, b, c <= {top}",
            explain=lambda c: {
                "misere_outcome": solver.outcome((c["a"], c["b"], c["c"]), Play.MISERE).value,
                "position": [c["a"], c["b"], c["c"]],
            },
        )

    return check


def _gale_check(formula: Callable[[int, int], int]) -> Callable[..., Verdict]:
    """Gale's Nim stopping at one heap: two non-empty heaps have value formula(a, b)."""

    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(GaleNim(n=1))
        top = 8 if settings.quick else 20
        return check_exhaustive(
            integer_cases({"a": (1, top), "b": (1, top)}),
            lambda c: solver.grundy_value((c["a"], c["b"])) == formula(c["a"], c["b"]),
            scope=f"bounded: 1 <= a, b <= {top}",
            explain=lambda c: {"value": solver.grundy_value((c["a"], c["b"]))},
        )

    return check


def _gale_one_more_heap(extra: int) -> Callable[..., Verdict]:
    """Gale's Nim stopping at n heaps, with n + ``extra`` non-empty heaps: the value is
    ((h1 - 1) xor ... xor (hm - 1)) + 1, for n = 1, 2, 3 (``extra`` 1 is the theorem)."""
    tops = {2: 9, 3: 7, 4: 5, 5: 4}

    def check(settings: CheckSettings) -> Verdict:
        def cases() -> Iterator[dict[str, Any]]:
            for n in (1, 2, 3):
                heaps = n + extra
                top = tops[heaps] if not settings.quick else min(tops[heaps], 4)
                for case in integer_cases({f"h{i}": (1, top) for i in range(1, heaps + 1)}):
                    yield {"n": n, **case}

        solvers = {n: Solver(GaleNim(n=n)) for n in (1, 2, 3)}

        def heaps_of(case: Case) -> tuple[int, ...]:
            return tuple(case[key] for key in case if key != "n")

        def formula(case: Case) -> int:
            return nim_sum(*(h - 1 for h in heaps_of(case))) + 1

        return check_exhaustive(
            cases(),
            lambda case: solvers[case["n"]].grundy_value(heaps_of(case)) == formula(case),
            scope=f"bounded: n = 1, 2, 3 with n + {extra} non-empty heaps, each at most "
            + ", ".join(f"{tops[n + extra]} (n = {n})" for n in (1, 2, 3)),
            explain=lambda case: {
                "value": solvers[case["n"]].grundy_value(heaps_of(case)),
                "formula": formula(case),
                "position": list(heaps_of(case)),
            },
        )

    return check


def _wythoff_with_two(k: int) -> tuple[int, int]:
    return wythoff_pair(k)[0], 2 * k


THEOREMS = listing(
    section("beyond the notes: Wythoff (1907)", game="wythoff", tags=("wythoff", "golden-ratio")),
    theorem(
        "wythoff-golden-pairs",
        "Wythoff's P-positions are the golden-ratio pairs",
        "(a, b) is a P-position of Wythoff's game exactly when {a, b} = "
        "{⌊kφ⌋, ⌊kφ²⌋} for some k ≥ 0, φ the golden ratio.",
        r"(a,b) \in \mathcal{P} \iff \{a,b\} = "
        r"\{\lfloor k\varphi \rfloor, \lfloor k\varphi^2 \rfloor\}",
        _wythoff_check(wythoff_pair),
    ),
    mutant(
        "wythoff-phi-squared-is-two",
        "Mutant: Wythoff's pairs with φ² replaced by 2",
        "(a, b) is P exactly when {a, b} = {⌊kφ⌋, 2k} for some k ≥ 0.",
        r"(a,b) \in \mathcal{P} \iff \{a,b\} = \{\lfloor k\varphi \rfloor, 2k\},\ k \ge 0",
        _wythoff_check(_wythoff_with_two),
        tags=("wythoff", "mutant"),
    ),
    section(
        "001 Legner, unsolved problems: Euclid's Nim (two numbers; Cole and Davie 1969)",
        game="euclid",
        tags=("euclid", "golden-ratio"),
    ),
    theorem(
        "euclid-golden-ratio",
        "Euclid's game, a ≤ b: the mover wins iff b/a is whole or exceeds phi",
        "With 0 < a <= b, the player to move in Euclid's game wins exactly when b/a is an "
        "integer or b/a > phi (compared exactly, in integers).",
        r"0 < a \le b:\ (a,b) \in \mathcal{N} \iff a \mid b \ \vee\ b > \varphi a",
        _euclid_check(_beats_phi),
    ),
    mutant(
        "euclid-ratio-two",
        "Mutant: Euclid's game with 2 in place of phi",
        "With 0 < a <= b, the player to move wins exactly when b/a is whole or b > 2a.",
        r"0 < a \le b:\ (a,b) \in \mathcal{N} \iff a \mid b \ \vee\ b > 2a",
        _euclid_check(lambda small, large: large > 2 * small),
        source="001 Legner, unsolved problems: Euclid's Nim",
        tags=("euclid", "mutant"),
    ),
    section("beyond the notes: Moore (1910)", game="moore-nim", tags=("moore-nim", "nim-variants")),
    theorem(
        "moore-nim-digit-counts",
        "Moore's theorem for Moore's Nim with k heaps",
        "In Moore's Nim with parameter k "
        "(take from up to k heaps at once) a position is P exactly when, "
        "for every binary digit, the number of heaps with a 1 there is divisible by k + 1.",
        r"(h_1, \ldots, h_r) \in \mathcal{P}_k \iff \forall t:\ (k+1) \mid \lvert\{i : h_i "
        r"\text{ has bit } t\}\rvert",
        _moore_check(lambda k: k + 1),
    ),
    mutant(
        "moore-nim-mod-k",
        "Mutant: Moore's theorem with counts modulo k",
        "In Moore's Nim with parameter k a position is P exactly when, for every binary "
        "digit, the number of heaps with a 1 there is divisible by k.",
        r"(h_1, \ldots, h_r) \in \mathcal{P}_k \iff \forall t:\ k \mid \lvert\{i : h_i "
        r"\text{ has bit } t\}\rvert",
        _moore_check(lambda k: k),
        tags=("moore-nim", "mutant"),
    ),
    section(
        "beyond the notes: misere Nim (Bouton 1901)",
        game="nim",
        tags=("nim", "misere"),
        play=Play.MISERE,
    ),
    theorem(
        "misere-nim-rule",
        "Misere Nim: play as in Nim until only heaps of 1 remain",
        "In misere Nim (the last mover loses) a position is P exactly when its nim-sum is "
        "0 and some heap exceeds 1, or every heap is at most 1 and an odd number hold 1.",
        r"h \in \mathcal{P}^{-} \iff (\max_i h_i > 1 \wedge \bigoplus_i h_i = 0) \vee "
        r"(\max_i h_i \le 1 \wedge \sum_i h_i \text{ odd})",
        _misere_check(_misere_rule),
        implied_by="misere-nim-any-number-of-heaps",
    ),
    mutant(
        "misere-nim-like-normal",
        "Mutant: misere Nim is won exactly like normal Nim",
        "In misere Nim a position is P exactly when its nim-sum is 0.",
        r"h \in \mathcal{P}^{-} \iff \bigoplus_i h_i = 0",
        _misere_check(lambda heaps: nim_sum(*heaps) == 0),
        tags=("nim", "misere", "mutant"),
    ),
    section(
        "001 Legner, unsolved problems: Gale's Nim (two-heap case as noted by T. Plambeck, "
        "math-fun list, 2004)",
        game="gale-nim",
        tags=("gale-nim", "open-problem"),
    ),
    theorem(
        "gale-nim-two-heaps",
        "Gale's Nim stopping at one heap: two heaps",
        "In Gale's Nim that ends once at most one heap is non-empty, two non-empty heaps "
        "a, b have Grundy value ((a - 1) xor (b - 1)) + 1.",
        r"a, b \ge 1 \implies \mathcal{G}(a,b) = ((a-1) \oplus (b-1)) + 1",
        _gale_check(lambda a, b: ((a - 1) ^ (b - 1)) + 1),
    ),
    mutant(
        "gale-nim-two-heaps-plain-xor",
        "Mutant: Gale's Nim two heaps have value a xor b",
        "Two non-empty heaps of Gale's Nim stopping at one heap have value a xor b.",
        r"a, b \ge 1 \implies \mathcal{G}(a,b) = a \oplus b",
        _gale_check(lambda a, b: a ^ b),
        source="001 Legner, unsolved problems: Gale's Nim",
        tags=("gale-nim", "mutant"),
    ),
    section(
        "001 Legner, unsolved problems: Gale's Nim (the case of one heap more than n)",
        game="gale-nim",
        tags=("gale-nim", "open-problem"),
    ),
    theorem(
        "gale-nim-one-heap-more",
        "Gale's Nim, one heap more than it stops at",
        "In Gale's Nim that ends once at most n heaps are non-empty, n + 1 non-empty heaps "
        "h1, ..., h(n+1) have Grundy value ((h1 - 1) xor ... xor (h(n+1) - 1)) + 1: checked "
        "for n = 1, 2, 3 (two to four heaps).  Why it holds for every n: emptying a heap "
        "ends the game (value 0); the other moves are Nim moves on the heaps minus one, "
        "whose nim-sums s' take every value below s and never s itself; by induction "
        "those options have values s' + 1, so the mex is s + 1.  (Not proved here beyond "
        "the cases checked.)  With n + 2 or more heaps no closed "
        "form is known to us (the notes list Gale's Nim as unsolved).",
        r"h_i \ge 1 \implies \mathcal{G}_n(h_1, \ldots, h_{n+1}) = \bigoplus_i (h_i - 1) + 1",
        _gale_one_more_heap(1),
    ),
    mutant(
        "gale-nim-two-heaps-more",
        "Mutant: the same value with two heaps more than Gale's Nim stops at",
        "n + 2 non-empty heaps have value ((h1 - 1) xor ... xor (h(n+2) - 1)) + 1.",
        r"h_i \ge 1 \implies \mathcal{G}_n(h_1, \ldots, h_{n+2}) = \bigoplus_i (h_i - 1) + 1",
        _gale_one_more_heap(2),
        source="001 Legner, unsolved problems: Gale's Nim",
        tags=("gale-nim", "mutant"),
    ),
)
