"""Unbounded proofs by induction, with the step discharged by Z3 (issue 7).

Two kinds:

- :func:`prove_take_away_closed_form`: "G(n) = f(n) for every heap n and every k" for the
  subtraction game S(1..k) (normal play), and "n is a misère P-position iff p(n)".  By
  strong induction on n it suffices that f(n) is the mex of f over the options of n
  (resp. that p(n) holds iff n has moves and no option satisfies p, or n = 0 is N); Z3
  proves that step for unbounded integers n ≥ 0, k ≥ 1, with the mex's existential
  ("every smaller value is reached") given by an explicit witness move.  A failed step is
  not yet a counterexample (the hypothesis may fail earlier), so a refutation is found and
  confirmed by the exact solver: the least n where the closed form and the solver
  disagree, for the k of Z3's model.
- :func:`prove_lemmas`: a theorem from lemmas Z3 proves once, with how the theorem follows
  (an induction argued on paper) recorded in the verdict's details; the lemmas themselves
  are mathematics, in :mod:`grundy.theory` (e.g. distinct powers of two in
  :mod:`grundy.theory.nim_sum`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import z3

from grundy.games.subtraction import SubtractionGame
from grundy.solve.solver import Outcome, Play, Solver
from grundy.verdict import UNBOUNDED, Status, Verdict, proved_from_lemmas
from grundy.verify.z3engine import least_first, model_values, prove_z3

__all__ = [
    "ClosedForm",
    "Lemma",
    "ResidueClass",
    "Residues",
    "prove_lemmas",
    "prove_take_away_closed_form",
    "prove_take_away_misere",
    "take_away_misere_step",
    "take_away_step",
]

ClosedForm = tuple[Callable[[Any, Any], Any], Callable[[int, int], int]]
"""A closed form given twice: as a Z3 term of (n, k) and as a Python function of (n, k)."""

_SEARCH_LIMIT = 200  # how far the exact solver looks for a real counterexample


@dataclass(frozen=True, slots=True)
class Residues:
    """The closed form G(n) = n mod K with K = ``modulus(k)`` (k + 1 in the theorem),
    written without dividing by an unknown.

    ``n mod (k + 1)`` divides by a term that is not a number: non-linear integer
    arithmetic, which Z3 decides and cvc5 (the second solver) does not.  So the heap n of
    :func:`take_away_step` is taken with its coordinates n = q·K + a (q ≥ 0, 0 ≤ a < K),
    and the value of a heap n - d that the step asks for is read off them: a - d if
    a ≥ d, else a - d + K, exact for 0 ≤ d ≤ K (a test has Z3 prove it equal to
    ``(n - d) mod K``).  The step asks only at moves d = 0, s and the witness, all within
    that range; outside it the value is ``beyond(n - d, k)``, a function about which
    nothing is known, so that a step resting on such a value cannot be proved.  Every
    n ≥ 0 has coordinates (q = n div K), so the step says as much as with ``mod``; the
    one product, ``n = q·K + a``, only ties n to them.
    """

    modulus: Callable[[Any], Any]

    def premises(self, n: z3.ArithRef, k: z3.ArithRef) -> list[z3.BoolRef]:
        q, a = z3.Ints("q a")
        base = self.modulus(k)
        return [base >= 1, q >= 0, a >= 0, a < base, n == q * base + a]

    def as_term(self, heap: z3.ArithRef, k: z3.ArithRef) -> z3.ArithRef:
        """The value of ``heap``, a heap n - d below the step's heap n (the variable
        ``n`` of :func:`take_away_step`)."""
        a = z3.Int("a")
        base = self.modulus(k)
        taken = z3.Int("n") - heap
        beyond = z3.Function("beyond", z3.IntSort(), z3.IntSort(), z3.IntSort())
        return z3.If(
            z3.And(taken >= 0, taken <= base),
            z3.If(a >= taken, a - taken, a - taken + base),
            beyond(heap, k),
        )

    def as_python(self, n: int, k: int) -> int:
        return int(n % self.modulus(k))


@dataclass(frozen=True, slots=True)
class ResidueClass:
    """The misère predicate "n mod K = r" (K = ``modulus(k)``, r = ``residue``), read off
    n's coordinates as :class:`Residues` reads n mod K, so that the misère step, like the
    normal one, divides by no unknown.  The step's witness move from a heap outside the
    class, (n - r) mod K (it leaves a heap in it), is read off them too, exact for
    0 <= r <= K."""

    modulus: Callable[[Any], Any]
    residue: int

    def premises(self, n: z3.ArithRef, k: z3.ArithRef) -> list[z3.BoolRef]:
        return Residues(self.modulus).premises(n, k)

    def as_term(self, heap: z3.ArithRef, k: z3.ArithRef) -> z3.BoolRef:
        return Residues(self.modulus).as_term(heap, k) == self.residue

    def witness(self, n: z3.ArithRef, k: z3.ArithRef) -> z3.ArithRef:
        return Residues(self.modulus).as_term(n - self.residue, k)

    def as_python(self, n: int, k: int) -> bool:
        return bool(n % self.modulus(k) == self.residue)


def prove_take_away_closed_form(
    closed_form: ClosedForm | Residues, *, timeout_ms: int, seed: int = 0
) -> Verdict:
    """Prove G(n) = f(n) for every n ≥ 0 and k ≥ 1 in the game S(1, ..., k).

    The step: (i) no option n - s (1 ≤ s ≤ min(k, n)) has f(n - s) = f(n); (ii) every
    u < f(n) is f(n - s) for the witness s = f(n) - u, a legal move.  Together with
    f(n) ≥ 0 this says f(n) = mex{f(n - s)}, so G = f by strong induction on n.

    The closed form is a Z3 term and a Python function of (n, k), or :class:`Residues`
    (n mod K for a modulus K of k, in the form both solvers decide).

    >>> form = (lambda n, k: n % (k + 1), lambda n, k: n % (k + 1))
    >>> prove_take_away_closed_form(form, timeout_ms=20_000).status
    <Status.PROVED: 'proved'>
    >>> prove_take_away_closed_form(Residues(lambda k: k + 1), timeout_ms=20_000).status
    <Status.PROVED: 'proved'>
    """
    as_python: Callable[[int, int], int]
    if isinstance(closed_form, Residues):
        as_python = closed_form.as_python
        variables, premises, goal = take_away_step(closed_form.as_term, closed_form.premises)
    else:
        as_term, as_python = closed_form
        variables, premises, goal = take_away_step(as_term)
    step = z3.Implies(z3.And(*premises), goal)
    n, k, s, u = variables

    def first_disagreement(case: dict[str, int]) -> dict[str, int] | None:
        # the least (k, n), k first, up to the k of Z3's model
        for heaps in range(1, max(1, case["k"]) + 1):
            solver = Solver(SubtractionGame(list(range(1, heaps + 1))))
            for heap in range(_SEARCH_LIMIT):
                if solver.grundy_value((heap,)) != as_python(heap, heaps):
                    return {"k": heaps, "n": heap, "G(n)": solver.grundy_value((heap,))}
        return None

    return _induction_verdict(
        step,
        [n, k, s, u],
        first_disagreement,
        timeout_ms=timeout_ms,
        seed=seed,
        lemma="G(n) = mex{G(n - s) : 1 <= s <= min(k, n)} (strong induction on n)",
    )


def prove_take_away_misere(
    closed_form: tuple[Callable[[Any, Any], Any], Callable[[int, int], bool]] | ResidueClass,
    *,
    timeout_ms: int,
    seed: int = 0,
) -> Verdict:
    """Prove "n is a misère P-position iff p(n)" for S(1, ..., k), every n ≥ 0, k ≥ 1.

    In misère play 0 is an N-position (the player to move has no move, so wins); for
    n ≥ 1, n is P iff no option is P.  The step: p(0) is false; for n ≥ 1, p(n) implies
    no option satisfies p, and not p(n) gives a witness move s = (n - 1) mod (k + 1)
    (a move to an option satisfying p), or :meth:`ResidueClass.witness`.

    >>> prove_take_away_misere(ResidueClass(lambda k: k + 1, 1), timeout_ms=20_000).status
    <Status.PROVED: 'proved'>
    """
    as_python: Callable[[int, int], bool]
    if isinstance(closed_form, ResidueClass):
        as_python = closed_form.as_python
        variables, premises, goal = take_away_misere_step(
            closed_form.as_term, closed_form.premises, closed_form.witness
        )
    else:
        as_term, as_python = closed_form
        variables, premises, goal = take_away_misere_step(as_term)
    step = z3.Implies(z3.And(*premises), goal)
    n, k, s = variables

    def first_disagreement(case: dict[str, int]) -> dict[str, Any] | None:
        for heaps in range(1, max(1, case["k"]) + 1):
            solver = Solver(SubtractionGame(list(range(1, heaps + 1))))
            for heap in range(_SEARCH_LIMIT):
                is_p = solver.outcome((heap,), Play.MISERE) is Outcome.P
                if is_p != as_python(heap, heaps):
                    return {"k": heaps, "n": heap, "misere outcome": "P" if is_p else "N"}
        return None

    return _induction_verdict(
        step,
        [n, k, s],
        first_disagreement,
        timeout_ms=timeout_ms,
        seed=seed,
        lemma="misère: 0 is N; n >= 1 is P iff every option is N (strong induction on n)",
    )


def take_away_step(
    as_term: Callable[[Any, Any], Any],
    coordinates: Callable[[z3.ArithRef, z3.ArithRef], list[z3.BoolRef]] | None = None,
) -> tuple[list[z3.ArithRef], list[z3.BoolRef], z3.BoolRef]:
    """The normal-play step for the closed form ``as_term``: its variables (n, k, s, u),
    its premises (n >= 0, k >= 1) and its goal (f(n) >= 0, no option has the value f(n),
    every u < f(n) is reached by the witness move f(n) - u).  The induction hypothesis
    (G = f below n) is not a premise: with it, the goal says G(n) = f(n).
    ``coordinates(n, k)``: premises that name n's coordinates, which every n >= 0 has
    (:meth:`Residues.premises`)."""
    n, k, s, u = z3.Ints("n k s u")
    value = as_term(n, k)
    witness = value - u
    no_option_has_the_value = z3.Implies(z3.And(s >= 1, s <= k, s <= n), as_term(n - s, k) != value)
    smaller_values_reached = z3.Implies(
        z3.And(u >= 0, u < value),
        z3.And(witness >= 1, witness <= k, witness <= n, as_term(n - witness, k) == u),
    )
    goal = z3.And(value >= 0, no_option_has_the_value, smaller_values_reached)
    named = [] if coordinates is None else coordinates(n, k)
    return [n, k, s, u], [n >= 0, k >= 1, *named], goal


def take_away_misere_step(
    as_term: Callable[[Any, Any], Any],
    coordinates: Callable[[z3.ArithRef, z3.ArithRef], list[z3.BoolRef]] | None = None,
    witness_move: Callable[[z3.ArithRef, z3.ArithRef], z3.ArithRef] | None = None,
) -> tuple[list[z3.ArithRef], list[z3.BoolRef], z3.BoolRef]:
    """The misère step for the predicate ``as_term`` ("n is P"): variables (n, k, s),
    premises (n >= 0, k >= 1) and goal (p(0) false; for n >= 1, p(n) implies no option
    satisfies p, and not p(n) gives the witness move to one that does: (n - 1) mod (k + 1),
    or ``witness_move(n, k)``).  ``coordinates(n, k)``: premises that name n's
    coordinates, as for :func:`take_away_step`."""
    n, k, s = z3.Ints("n k s")
    witness = (n - 1) % (k + 1) if witness_move is None else witness_move(n, k)
    goal = z3.And(
        z3.Implies(n == 0, z3.Not(as_term(n, k))),
        z3.Implies(
            z3.And(n >= 1, as_term(n, k), s >= 1, s <= k, s <= n), z3.Not(as_term(n - s, k))
        ),
        z3.Implies(
            z3.And(n >= 1, z3.Not(as_term(n, k))),
            z3.And(witness >= 1, witness <= k, witness <= n, as_term(n - witness, k)),
        ),
    )
    named = [] if coordinates is None else coordinates(n, k)
    return [n, k, s], [n >= 0, k >= 1, *named], goal


def _induction_verdict(
    step: z3.BoolRef,
    variables: list[z3.ArithRef],
    first_disagreement: Callable[[dict[str, int]], dict[str, Any] | None],
    *,
    timeout_ms: int,
    seed: int,
    lemma: str,
) -> Verdict:
    start = time.perf_counter()
    found: dict[str, Any] = {}

    def recheck(case: Mapping[str, Any]) -> bool:
        real = first_disagreement(dict(case))
        if real is None:
            return True  # the step failed, but no real counterexample: not refuted
        found.update(real)
        return False

    verdict = prove_z3(
        step,
        step=f"induction step, assuming {lemma}",
        scope=UNBOUNDED,
        timeout_ms=timeout_ms,
        method="z3-induction",
        lemmas=[lemma],
        decode=lambda model: model_values(model, variables),
        recheck=recheck,
        # The failed step shown is the least one (by size, then sign, variable by
        # variable), so it does not depend on Z3's state: a parallel run shows the same.
        minimise=[
            *(z3.If(v < 0, -v, v) for v in variables),
            *variables,
        ],
        seed=seed,
    )
    if verdict.status is Status.REFUTED:
        return replace(
            verdict,
            counterexample=found,
            message="the induction step fails (Z3); the exact solver confirms the closed form "
            "is wrong: least k, then least n, where they disagree",
            details={**verdict.details, "failed step": dict(verdict.counterexample or {})},
            seconds=time.perf_counter() - start,
        )
    if verdict.status is Status.UNKNOWN and "encoding is wrong" in verdict.message:
        return replace(
            verdict,
            message=f"the induction step fails, but the exact solver agrees with the closed form "
            f"up to {_SEARCH_LIMIT}: not proved, not refuted",
        )
    return verdict


# -- lemmas proved once, composed on paper ------------------------------------------------------

Lemma = tuple[str, z3.BoolRef, list[z3.BitVecRef], Callable[[Mapping[str, int]], bool]]
"""A lemma: its name, its Z3 goal, its variables and the same statement in Python."""


def prove_lemmas(
    lemmas: list[Lemma],
    *,
    scope: str,
    width: int,
    timeout_ms: int,
    seed: int,
    conclusion: str,
    decomposition: list[str],
) -> Verdict:
    """Prove each lemma by Z3 (counterexamples re-checked by its Python twin); the
    theorem's verdict records the lemmas and how the theorem follows from them."""
    start = time.perf_counter()
    parts = []
    names: list[str] = []
    for name, goal, variables, holds in lemmas:
        verdict = prove_z3(
            goal,
            step=name,
            scope=f"bounded: variables < 2^{width}",
            timeout_ms=timeout_ms,
            method="z3",
            decode=lambda model, vs=variables: model_values(model, vs),  # type: ignore[misc]
            recheck=holds,
            minimise=least_first(variables),
            seed=seed,
        )
        names.append(name)
        parts.append(replace(verdict, message=f"{name}: {verdict.message}"))
        if verdict.status is not Status.PROVED:
            return replace(
                verdict,
                message=f"{name}: {verdict.message}",
                parts=tuple(parts),
                seconds=time.perf_counter() - start,
            )
    return proved_from_lemmas(
        "z3-lemmas",
        scope,
        f"{len(parts)} lemmas proved by Z3; {conclusion}",
        lemmas=names,
        decomposition=decomposition,
        parts=parts,
        seconds=time.perf_counter() - start,
    )
