"""The library theorems the exact solver's shortcuts rest on.

The solver does not search every position: it values a disjunctive sum part by part and
combines the parts by nim-sum, reads normal-play outcomes off Grundy values (P exactly when
the value is 0), and takes a game's closed-form values where the game has them (a Nim
heap of n is worth n).  Each shortcut is a theorem of the library, proved for every game
(or every heap); a verdict computed with the solver names the ones it used in ``assumes``
(:meth:`grundy.solve.solver.Solver.lemmas_used`).  A test checks that the library proves
each of them in the scope given here.
"""

from __future__ import annotations

from grundy.verdict import UNBOUNDED

__all__ = ["NIM_VALUE", "SOLVER_LEMMAS", "SUM_RULE", "ZERO_IFF_P"]

SUM_RULE = "sg-sum-rule-every-game"
"""G(G + H) = G(G) xor G(H): a sum is valued part by part."""

ZERO_IFF_P = "sg-zero-iff-p-every-game"
"""A position is P in normal play exactly when its Grundy value is 0."""

NIM_VALUE = "nim-value-any-number-of-heaps"
"""A Nim position's value is the nim-sum of its heaps (so a heap of n is worth n)."""

SOLVER_LEMMAS: dict[str, str] = {SUM_RULE: UNBOUNDED, ZERO_IFF_P: UNBOUNDED, NIM_VALUE: UNBOUNDED}
"""Each lemma the solver may use, with the scope in which the library proves it."""
