"""Nim-sum laws for every natural number, by induction on the bit width (Z3 for each step).

The nim-sum is addition without carry in base 2.  On natural numbers that is the unique
function with ``x ⊕ y = 2 (⌊x/2⌋ ⊕ ⌊y/2⌋) + ((x + y) mod 2)``: the lowest digit is the
digit sum mod 2, the others are the nim-sum of the numbers shifted right (at 0 the
equation gives ``0 ⊕ 0 = 0``).  A law L(x, y, ...) is proved for every width w by
induction: S(w) says L holds whenever every variable is below ``2**w``.

- base S(0): every variable is 0; Z3 proves L(0, ..., 0) from the defining equation;
- step S(w) => S(w+1): Z3 proves, for *unbounded* integers x, y, ... >= 0, that L at
  the halves ⌊x/2⌋, ⌊y/2⌋, ... implies L at x, y, ..., with ⊕ an uninterpreted function
  constrained only by the defining equation at the terms of L(x, y, ...).  Halving a
  number below ``2**(w+1)`` gives one below ``2**w``, so the hypothesis is S(w).

Any function satisfying the defining equation satisfies what Z3 proved, the nim-sum
included, so S(w) holds for every w: the law holds for all natural numbers.  A law may
also use *lemmas* (laws proved the same way) at stated terms; the verdict lists them.

When a step fails, Z3's model need not be a real counterexample (⊕ is uninterpreted), so
the least counterexample is searched directly with Python's ``^``; a law is refuted only
by one found and re-checked, and is ``unknown`` if the search finds none.

>>> law = BitwiseLaw("commutative", ("x", "y"), lambda f, v: f(v[0], v[1]) == f(v[1], v[0]),
...                  lambda c: c["x"] ^ c["y"] == c["y"] ^ c["x"])
>>> prove_every_width(law, timeout_ms=10_000).scope
'unbounded'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import z3

from grundy.verdict import UNBOUNDED, Status, Verdict
from grundy.verify.exhaustive import integer_cases
from grundy.verify.z3engine import model_values, prove_z3

__all__ = ["BitwiseLaw", "NimSum", "prove_chain", "prove_every_width", "step_parts"]

NimSum = Callable[[z3.ArithRef, z3.ArithRef], z3.ArithRef]
"""The nim-sum as seen by a law: builds the term ``a ⊕ b``."""

Statement = Callable[[NimSum, Sequence[z3.ArithRef]], z3.BoolRef]
Instances = Callable[[NimSum, Sequence[z3.ArithRef], Sequence[z3.ArithRef]], list[z3.BoolRef]]
"""Lemma facts for a step: given ⊕, the variables and their halves, the instances used."""

_SEARCH_BITS = 6  # the direct search for a counterexample: every variable below 2^6


@dataclass(frozen=True, slots=True)
class BitwiseLaw:
    """A statement about nim-sums of natural numbers, in Z3 and in plain Python.

    ``statement(nim, variables)`` builds the law with ``nim`` for ⊕; ``holds(case)`` is
    the same law with Python's ``^`` on a dict of integers; ``lemmas`` are laws proved
    the same way whose instances ``instances(nim, variables, halves)`` the step relies on.
    """

    name: str
    variables: tuple[str, ...]
    statement: Statement
    holds: Callable[[Mapping[str, int]], bool]
    lemmas: tuple[BitwiseLaw, ...] = ()
    instances: Instances | None = field(default=None, compare=False)


class _Recorder:
    """An uninterpreted ⊕ that remembers every application, to constrain each one."""

    def __init__(self) -> None:
        self.function = z3.Function("nimsum", z3.IntSort(), z3.IntSort(), z3.IntSort())
        self.applications: list[tuple[z3.ArithRef, z3.ArithRef]] = []

    def __call__(self, left: z3.ArithRef, right: z3.ArithRef) -> z3.ArithRef:
        self.applications.append((left, right))
        result: z3.ArithRef = self.function(left, right)
        return result

    def defining(self, start: int = 0) -> list[z3.BoolRef]:
        """The defining equation at every application recorded from ``start`` on."""
        facts = []
        for left, right in self.applications[start:]:
            halves = self.function(left / 2, right / 2)
            facts.append(self.function(left, right) == 2 * halves + (left + right) % 2)
        return facts


def prove_every_width(law: BitwiseLaw, *, timeout_ms: int, seed: int = 0) -> Verdict:
    """Prove ``law`` for every natural number by induction on the width (base and step by
    Z3, each step hypothesis stated in the verdict); refute it only by a re-checked case."""
    start = time.perf_counter()
    base_nim = _Recorder()
    zeros = [z3.IntVal(0) for _ in law.variables]
    base_goal = law.statement(base_nim, zeros)
    base = prove_z3(
        z3.Implies(z3.And(*base_nim.defining()), base_goal),
        scope="bounded: every variable 0 (width 0)",
        timeout_ms=timeout_ms,
        method="z3",
        seed=seed,
        decode=lambda model: dict.fromkeys(law.variables, 0),
        recheck=law.holds,
    )
    step = _step(law, timeout_ms=timeout_ms, seed=seed)
    parts = (_as_part(base, "base (width 0)"), _as_part(step, "step (width w to w + 1)"))
    seconds = time.perf_counter() - start
    if base.status is Status.PROVED and step.status is Status.PROVED:
        return Verdict(
            Status.PROVED,
            "z3-induction",
            UNBOUNDED,
            message="proved for every natural number: base and step by Z3, induction on "
            "the bit width",
            seconds=seconds,
            details={
                "induction": "on the width w: S(w) = the law for all values below 2^w",
                "base": "S(0): every variable is 0",
                "step": "for unbounded x, y, ... >= 0: the law at the halves (S(w)) "
                "implies the law at x, y, ... (S(w + 1)); ⊕ uninterpreted but for "
                "x ⊕ y = 2(⌊x/2⌋ ⊕ ⌊y/2⌋) + (x + y) mod 2 at the law's terms",
                "lemmas": [lemma.name for lemma in law.lemmas],
            },
            parts=parts,
        )
    return _not_proved(law, parts, seconds)


def _as_part(verdict: Verdict, name: str) -> Verdict:
    """A base or step verdict as a part.  A model Z3 offers for a failed step need not be a
    counterexample (⊕ is uninterpreted) and depends on Z3's state, so it is not kept: the
    part says only that the step is open; the theorem's counterexample comes from the
    search."""
    if verdict.status is Status.PROVED or "Z3 answered unknown" in verdict.message:
        return replace(verdict, message=f"{name}: {verdict.message}")
    return replace(
        verdict,
        status=Status.UNKNOWN,
        counterexample=None,
        message=f"{name}: Z3 finds a model of the negation (the step is open)",
    )


def step_parts(
    law: BitwiseLaw,
) -> tuple[list[z3.BoolRef], z3.BoolRef, z3.BoolRef, list[z3.ArithRef]]:
    """The step's premises other than the induction hypothesis (naturals, the defining
    equation at the goal's terms, lemma instances), the hypothesis S(w), the goal and the
    variables.  Kept apart so a test can check the goal does not follow without S(w)."""
    nim = _Recorder()
    variables = [z3.Int(name) for name in law.variables]
    halves = [variable / 2 for variable in variables]
    goal = law.statement(nim, variables)
    defining = nim.defining()
    hypothesis = law.statement(nim, halves)  # the induction hypothesis S(w)
    facts = law.instances(nim, variables, halves) if law.instances is not None else []
    return [*[v >= 0 for v in variables], *defining, *facts], hypothesis, goal, variables


def _step(law: BitwiseLaw, *, timeout_ms: int, seed: int) -> Verdict:
    premises, hypothesis, goal, variables = step_parts(law)
    return prove_z3(
        z3.Implies(z3.And(*premises, hypothesis), goal),
        scope=UNBOUNDED,
        timeout_ms=timeout_ms,
        method="z3",
        lemmas=[lemma.name for lemma in law.lemmas],
        seed=seed,
        decode=lambda model: model_values(model, variables),
        recheck=law.holds,
    )


def _not_proved(law: BitwiseLaw, parts: tuple[Verdict, ...], seconds: float) -> Verdict:
    """A Z3 unknown stays unknown; a failed base or step is refuted only by a real case."""
    for part in parts:
        if part.status is Status.UNKNOWN and "Z3 answered unknown" in part.message:
            return replace(part, method="z3-induction", seconds=seconds, parts=parts)
    found = _least_counterexample(law)
    if found is None:
        return Verdict(
            Status.UNKNOWN,
            "z3-induction",
            UNBOUNDED,
            message=f"the induction step fails, but no counterexample has every variable "
            f"below 2^{_SEARCH_BITS}: not proved, not refuted",
            seconds=seconds,
            parts=parts,
        )
    return Verdict(
        Status.REFUTED,
        "z3-induction",
        UNBOUNDED,
        counterexample=found,
        message="the induction step fails (Z3); the least counterexample (smallest sum of "
        "the variables, then lexicographically), re-checked with Python's ^",
        seconds=seconds,
        parts=parts,
    )


def _least_counterexample(law: BitwiseLaw) -> dict[str, int] | None:
    limit = (1 << _SEARCH_BITS) - 1
    for case in integer_cases(dict.fromkeys(law.variables, (0, limit))):
        if not law.holds(case):
            return case
    return None


def prove_chain(laws: Sequence[BitwiseLaw], *, timeout_ms: int, seed: int = 0) -> Verdict:
    """Prove ``laws`` in order (each may use the ones before it as lemmas); proved for
    every natural number only if all are; otherwise the first that is not, with the
    verdicts so far in ``parts``."""
    start = time.perf_counter()
    done: list[Verdict] = []
    for law in laws:
        verdict = prove_every_width(law, timeout_ms=timeout_ms, seed=seed)
        done.append(replace(verdict, message=f"{law.name}: {verdict.message}"))
        if verdict.status is not Status.PROVED:
            return replace(
                verdict,
                message=f"{law.name}: {verdict.message}",
                seconds=time.perf_counter() - start,
                parts=tuple(done),
            )
    return Verdict(
        Status.PROVED,
        "z3-induction",
        UNBOUNDED,
        message=f"{len(done)} laws proved for every natural number, each by induction on "
        "the bit width (base and step by Z3)",
        seconds=time.perf_counter() - start,
        details={"laws": [law.name for law in laws]},
        parts=tuple(done),
    )
