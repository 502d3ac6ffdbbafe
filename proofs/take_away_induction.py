"""The take-away game S(1, ..., k) in closed form, for every heap and every k (slides 000).

Normal play: G(n) = n mod (k + 1); misère play: n is P iff n mod (k + 1) = 1.  Each is
proved by strong induction on n, the step discharged by Z3 for unbounded integers n and k
(:mod:`grundy.verify.z3_induction`); a failed step is confirmed by the exact solver before
anything is called refuted.  Both forms are read off n's coordinates
n = q·(k + 1) + a (:class:`~grundy.verify.z3_induction.Residues` and
:class:`~grundy.verify.z3_induction.ResidueClass`), linear in k, so that the second
solver re-proves them without dividing by an unknown.
"""

from __future__ import annotations

from grundy.declare import by_z3, drawn_at_heap, listing, mutant, section, theorem
from grundy.solve.solver import Play
from grundy.verify.z3_induction import (
    ResidueClass,
    Residues,
    prove_take_away_closed_form,
    prove_take_away_misere,
)

THEOREMS = listing(
    section(
        "000 slides, the take-away game (21 chips, remove 1-3), generalised to 1..k",
        game="take-away",
        tags=("take-away", "z3", "induction", "unbounded"),
    ),
    theorem(
        "take-away-grundy-closed-form",
        "Take-away 1..k: G(n) = n mod (k + 1) for every n and every k",
        "in the subtraction game S(1, ..., k), the heap n has Grundy value n mod (k+1), "
        "for every n >= 0 and k >= 1 (by induction on n, the step proved by machine)",
        r"\mathcal{G}_{S(1..k)}(n) = n \bmod (k+1)",
        by_z3(prove_take_away_closed_form, Residues(lambda k: k + 1)),
    ),
    mutant(
        "take-away-grundy-mod-k",
        "Mutant: take-away 1..k has G(n) = n mod k",
        "in S(1, ..., k), G(n) = n mod k",
        r"\mathcal{G}_{S(1..k)}(n) = n \bmod k",
        by_z3(prove_take_away_closed_form, Residues(lambda k: k)),
        source="000 slides, the take-away game",
        tags=("take-away", "z3", "induction"),
    ),
    section(
        "000 slides, the take-away game, misère version",
        game="take-away",
        tags=("take-away", "misere", "z3", "induction", "unbounded"),
        play=Play.MISERE,
    ),
    theorem(
        "take-away-misere-closed-form",
        "Misère take-away 1..k: n is P iff n mod (k + 1) = 1",
        "in misère play of S(1, ..., k), the heap n is a P-position iff "
        "n mod (k+1) = 1, for every n >= 0 and k >= 1 (by induction on n, the step proved by "
        "machine)",
        r"n \in \mathcal{P}^{-}_{S(1..k)} \iff n \bmod (k+1) = 1",
        by_z3(prove_take_away_misere, ResidueClass(lambda k: k + 1, 1)),
    ),
    mutant(
        "take-away-misere-like-normal",
        "Mutant: misère take-away has the normal P-positions (multiples of k + 1)",
        "in misère play of S(1, ..., k), n is P iff n mod (k+1) = 0",
        r"n \in \mathcal{P}^{-}_{S(1..k)} \iff n \bmod (k+1) = 0",
        drawn_at_heap(
            by_z3(prove_take_away_misere, ResidueClass(lambda k: k + 1, 0)),
            "n",
        ),
        tags=("take-away", "misere", "z3", "induction"),
    ),
)
