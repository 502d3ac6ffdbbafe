"""The take-away game S(1, ..., k) in closed form, for every heap and every k (slides 000).

Normal play: G(n) = n mod (k + 1); misère play: n is P iff n mod (k + 1) = 1.  Each is
proved by strong induction on n, the step discharged by Z3 for unbounded integers n and k
(:mod:`grundy.verify.z3_induction`); a failed step is confirmed by the exact solver before
anything is called refuted.
"""

from __future__ import annotations

from dataclasses import replace

from grundy.library import CheckSettings, Expectation, Theorem
from grundy.solve.solver import Play
from grundy.verdict import Verdict
from grundy.verify.z3_induction import prove_take_away_closed_form, prove_take_away_misere


def _heap_drawn(check, heap: str):
    """The same check; a counterexample also gets the single heap ``heap`` as its
    ``position``, so that a report can draw it."""

    def run(settings: CheckSettings) -> Verdict:
        verdict = check(settings)
        example = verdict.counterexample
        if example is None or "position" in example or not isinstance(example.get(heap), int):
            return verdict
        return replace(verdict, counterexample={**example, "position": [example[heap]]})

    return run


THEOREMS = [
    Theorem(
        id="take-away-grundy-closed-form",
        title="Take-away 1..k: G(n) = n mod (k + 1) for every n and every k",
        statement="in the subtraction game S(1, ..., k), the heap n has Grundy value n mod (k+1), "
        "for every n >= 0 and k >= 1 (by induction on n, the step proved by machine)",
        source="000 slides, the take-away game (21 chips, remove 1-3), generalised to 1..k",
        latex=r"\mathcal{G}_{S(1..k)}(n) = n \bmod (k+1)",
        game="take-away",
        tags=("take-away", "z3", "induction", "unbounded"),
        check=lambda settings: prove_take_away_closed_form(
            (lambda n, k: n % (k + 1), lambda n, k: n % (k + 1)),
            timeout_ms=settings.z3_timeout_ms,
            seed=settings.seed,
        ),
    ),
    Theorem(
        id="take-away-grundy-mod-k",
        title="Mutant: take-away 1..k has G(n) = n mod k",
        statement="in S(1, ..., k), G(n) = n mod k",
        latex=r"\mathcal{G}_{S(1..k)}(n) = n \bmod k",
        source="000 slides, the take-away game",
        game="take-away",
        tags=("take-away", "z3", "induction"),
        mutant_of="take-away-grundy-closed-form",
        expect=Expectation.FAILS,
        check=lambda settings: prove_take_away_closed_form(
            (lambda n, k: n % k, lambda n, k: n % k),
            timeout_ms=settings.z3_timeout_ms,
            seed=settings.seed,
        ),
    ),
    Theorem(
        id="take-away-misere-closed-form",
        title="Misère take-away 1..k: n is P iff n mod (k + 1) = 1",
        statement="in misère play of S(1, ..., k), the heap n is a P-position iff "
        "n mod (k+1) = 1, for every n >= 0 and k >= 1 (by induction on n, the step proved by "
        "machine)",
        latex=r"n \in \mathcal{P}^{-}_{S(1..k)} \iff n \bmod (k+1) = 1",
        source="000 slides, the take-away game, misère version",
        game="take-away",
        tags=("take-away", "misere", "z3", "induction", "unbounded"),
        play=Play.MISERE,
        check=lambda settings: prove_take_away_misere(
            (lambda n, k: n % (k + 1) == 1, lambda n, k: n % (k + 1) == 1),
            timeout_ms=settings.z3_timeout_ms,
            seed=settings.seed,
        ),
    ),
    Theorem(
        id="take-away-misere-like-normal",
        title="Mutant: misère take-away has the normal P-positions (multiples of k + 1)",
        statement="in misère play of S(1, ..., k), n is P iff n mod (k+1) = 0",
        latex=r"n \in \mathcal{P}^{-}_{S(1..k)} \iff n \bmod (k+1) = 0",
        source="000 slides, the take-away game, misère version",
        game="take-away",
        tags=("take-away", "misere", "z3", "induction"),
        play=Play.MISERE,
        mutant_of="take-away-misere-closed-form",
        expect=Expectation.FAILS,
        check=_heap_drawn(
            lambda settings: prove_take_away_misere(
                (lambda n, k: n % (k + 1) == 0, lambda n, k: n % (k + 1) == 0),
                timeout_ms=settings.z3_timeout_ms,
                seed=settings.seed,
            ),
            "n",
        ),
    ),
]
