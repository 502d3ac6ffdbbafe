"""One Nim heap of n counters has Grundy value n, for every n (the nimber *n).

The exact solver takes a Nim heap at this value instead of searching it, and combines
heaps with the sum rule; this theorem is the lemma it names for the first half.  It is
proved by strong induction on n with the step discharged by Z3 for an arbitrary function
G on the naturals: if G(k) = k for every k < n, and G(n) is the mex of the values of the
options of n (the heaps 0, ..., n - 1, Nim's rule), then G(n) = n.
"""

from __future__ import annotations

from collections.abc import Mapping

import z3

from grundy.declare import listing, mutant, mutant_title, section, theorem
from grundy.games.nim import Nim
from grundy.library import CheckSettings
from grundy.solve.solver import Solver
from grundy.verdict import UNBOUNDED, Verdict
from grundy.verify.z3engine import model_values, prove_z3

SOURCE = "003 notes, Nim: a heap of n is the nimber *n"
TAGS = ("nim", "z3", "induction")


def heap_value_step(
    claimed: int = 0,
) -> tuple[list[z3.BoolRef], z3.BoolRef, z3.BoolRef, z3.ArithRef]:
    """The step for "a heap of n has value n + ``claimed``": its premises without the
    induction hypothesis (G(n) is the mex of the option values; the options of heap n are
    the heaps k with 0 <= k < n), the hypothesis (the claim for every k < n), the goal,
    and the variable n."""
    value = z3.Function("G", z3.IntSort(), z3.IntSort())
    n, k, v = z3.Ints("n k v")
    option = z3.And(k >= 0, k < n)
    premises = [
        n >= 0,
        value(n) >= 0,
        z3.ForAll([k], z3.Implies(option, value(k) != value(n))),
        z3.ForAll(
            [v],
            z3.Implies(z3.And(v >= 0, v < value(n)), z3.Exists([k], z3.And(option, value(k) == v))),
        ),
    ]
    hypothesis = z3.ForAll([k], z3.Implies(option, value(k) == k + claimed))
    return premises, hypothesis, value(n) == n + claimed, n


def prove_heap_value(claimed: int, settings: CheckSettings) -> Verdict:
    """Discharge the step with Z3; a failed step is confirmed on real heaps."""
    premises, hypothesis, goal, n = heap_value_step(claimed)
    solver = Solver(Nim(), plain=True)  # searched: the closed form is what is being proved

    def holds(case: Mapping[str, int]) -> bool:
        # the step fails at some n: the claim is false at the least heap where the exact
        # solver disagrees with it (at most that n)
        return all(solver.grundy_value((h,)) == h + claimed for h in range(case["n"] + 1))

    return prove_z3(
        z3.Implies(z3.And(*premises, hypothesis), goal),
        scope=UNBOUNDED,
        timeout_ms=settings.z3_timeout_ms,
        method="z3-induction",
        lemmas=["G(n) = mex{G(k) : 0 <= k < n} (strong induction on n)"],
        decode=lambda model: model_values(model, [n]),
        recheck=holds,
        minimise=[n],
        seed=settings.seed,
    )


THEOREMS = listing(
    section(SOURCE, game="nim", tags=(*TAGS, "unbounded")),
    theorem(
        "nim-heap-value-every-heap",
        "A Nim heap of n counters has Grundy value n, for every n",
        "for every n >= 0, the single Nim heap of n counters has Grundy value n: its "
        "options are the heaps 0, ..., n - 1, whose values are 0, ..., n - 1 by strong "
        "induction, so the mex is n (the induction step proved by Z3 for an arbitrary "
        "function G)",
        r"\forall n \in \mathbb{N}:\ \mathcal{G}(n) = n",
        lambda settings: prove_heap_value(0, settings),
    ),
    mutant(
        "nim-heap-value-plus-one",
        mutant_title("a Nim heap of n counters has Grundy value n + 1"),
        "for every n >= 0, the single Nim heap of n counters has Grundy value n + 1",
        r"\forall n \in \mathbb{N}:\ \mathcal{G}(n) = n + 1",
        lambda settings: prove_heap_value(1, settings),
        tags=TAGS,
    ),
)
