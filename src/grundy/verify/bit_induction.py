"""Statements about nim-sums of natural numbers of any size, proved by induction on the
number of bits with each step discharged by Z3.

One engine, two ways to write a statement.  A :class:`NaturalLemma` is written once, as a
function of an *algebra* (``xor``, comparisons, connectives) and its variables, and read
three ways (:mod:`grundy.verify.xor_algebras`):

- on Python integers with the real XOR (:class:`PlainAlgebra`): the statement itself,
  used to re-check every counterexample and to decide statements over a finite domain;
- on bit-vectors of a fixed width (:class:`BitVectorAlgebra`): a search for a concrete
  counterexample when an induction step fails;
- for the induction step, on unbounded Z3 integers with XOR an *uninterpreted* function
  ``X`` from naturals to naturals (:class:`~grundy.verify.xor_algebras.HalfAlgebra`,
  :class:`~grundy.verify.xor_algebras.SplitAlgebra`).

**What a proof by :func:`prove_for_all_naturals` shows.**  Write every natural v as
``2 v' + b`` with ``b`` in {0, 1}.  The real XOR satisfies ``(2p + b) ⊕ (2q + c) =
2 (p ⊕ q) + (b ⊕ c)`` and ``x < y`` iff ``x' < y'`` or (``x' = y'`` and ``b < c``).  Two
checks are made:

1. *base*: the statement holds when every variable is 0 (evaluated directly, real XOR);
2. *step*: Z3 shows, for every function ``X`` from naturals to naturals and every choice
   of halves ``v'`` and low bits ``b``, that the statement read at the halves implies the
   statement read at ``2 v' + b``, where each ``p ⊕ q`` at full size is unfolded into
   ``2 X(p', q') + (b_p ⊕ b_q)``.  Lemmas named in ``uses`` (proved before, for all
   naturals) are given to Z3 as universally quantified facts about ``X``.

The step holds for every ``X``, so in particular for the real XOR, for which the
unfolded reading is the statement itself.  Halving every variable lowers their sum unless
all are 0, so by strong induction on the sum the statement holds for **every tuple of
natural numbers**: no bound on the size.  A step that Z3 cannot prove is not yet a
counterexample (the hypothesis may be too weak), so the verdict is ``refuted`` only for a
concrete tuple on which the statement, evaluated with the real XOR, is false; otherwise
``unknown``.  Statements whose variables are all bounded by constants are decided by
listing every case instead (:class:`FiniteLemma`).

**Laws written in Z3 terms (:class:`BitwiseLaw`, :func:`prove_every_width`).**  The
nim-sum is the unique function on naturals with ``x ⊕ y = 2 (⌊x/2⌋ ⊕ ⌊y/2⌋) + ((x + y)
mod 2)``.  A law L(x, y, ...) whose statement builds Z3 terms from a given ⊕ is proved by
the same induction on the bits, read on the width: S(w) says L holds whenever every
variable is below ``2**w``.  Z3 proves the base S(0) (every variable 0) from the defining
equation, and the step S(w) => S(w+1) for *unbounded* integers x, y, ... >= 0: L at the
halves ⌊x/2⌋, ⌊y/2⌋, ... implies L at x, y, ..., with ⊕ uninterpreted but for the
defining equation at the terms of L(x, y, ...).  Any function satisfying the equation
satisfies what Z3 proved, the nim-sum included, so the law holds for all natural numbers.
A law may use *lemmas* (laws proved the same way) at the terms it states.

Both ways refute only by a concrete case evaluated with Python's ``^``: the least one
(smallest sum of the variables, then lexicographically) found by one search,
:func:`_least_case`; a step that fails with no such case is ``unknown``.

>>> law = BitwiseLaw("commutative", ("x", "y"), lambda f, v: f(v[0], v[1]) == f(v[1], v[0]),
...                  lambda c: c["x"] ^ c["y"] == c["y"] ^ c["x"])
>>> prove_every_width(law, timeout_ms=10_000).scope
'unbounded'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any

import z3

from grundy.errors import InvalidParameterError
from grundy.verdict import UNBOUNDED, Status, Verdict, proved_from_lemmas
from grundy.verify.exhaustive import integer_cases
from grundy.verify.xor_algebras import (
    BitVectorAlgebra,
    HalfAlgebra,
    PlainAlgebra,
    RecordedNimSum,
    Split,
    SplitAlgebra,
)
from grundy.verify.z3engine import model_values, prove_z3

__all__ = [
    "BitVectorAlgebra",
    "BitwiseLaw",
    "FiniteLemma",
    "NaturalLemma",
    "NimSum",
    "PlainAlgebra",
    "law_step_parts",
    "prove_chain",
    "prove_every_width",
    "prove_finite",
    "prove_for_all_naturals",
    "prove_lemma_set",
    "step_parts",
]

_SEARCH_SMALL = 15  # every variable 0..15 is listed when a lemma's step fails
_SEARCH_WIDTH = 64  # then Z3 looks for a counterexample among 64-bit values
_SEARCH_BITS = 6  # a law's failed step: every variable below 2^6 is listed


Statement = Callable[..., Any]
"""``statement(algebra, *variables)``: a truth value in that algebra's terms."""


@dataclass(frozen=True, slots=True)
class NaturalLemma:
    """A statement about every tuple of naturals, proved by induction on the bits.

    ``uses`` names lemmas (of the same set, proved earlier) that the step may rely on.
    """

    name: str
    variables: tuple[str, ...]
    statement: Statement
    uses: tuple[str, ...] = ()

    def holds(self, case: Mapping[str, int]) -> bool:
        return bool(self.statement(PlainAlgebra(), *(case[v] for v in self.variables)))


@dataclass(frozen=True, slots=True)
class FiniteLemma:
    """A statement whose variables range over small finite sets: every case is listed."""

    name: str
    ranges: Mapping[str, tuple[int, int]]
    statement: Statement
    variables: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variables", tuple(self.ranges))

    def holds(self, case: Mapping[str, int]) -> bool:
        return bool(self.statement(PlainAlgebra(), *(case[v] for v in self.variables)))


Lemma = NaturalLemma | FiniteLemma


def prove_finite(lemma: FiniteLemma) -> Verdict:
    """Every case of ``lemma`` evaluated with the real XOR; the first failure refutes it."""
    start = time.perf_counter()
    spans = [range(low, high + 1) for low, high in lemma.ranges.values()]
    cases = 0
    for values in product(*spans):
        case = dict(zip(lemma.variables, values, strict=True))
        cases += 1
        if not lemma.holds(case):
            return Verdict(
                Status.REFUTED,
                "exhaustive",
                _finite_scope(lemma),
                cases=cases,
                counterexample=case,
                message=f"{lemma.name}: fails at {case}",
                seconds=time.perf_counter() - start,
            )
    return Verdict(
        Status.PROVED,
        "exhaustive",
        _finite_scope(lemma),
        cases=cases,
        message=f"{lemma.name}: all {cases} cases",
        seconds=time.perf_counter() - start,
    )


def _finite_scope(lemma: FiniteLemma) -> str:
    return "bounded: " + ", ".join(f"{v} in {a}..{b}" for v, (a, b) in lemma.ranges.items())


def prove_for_all_naturals(
    lemma: NaturalLemma,
    *,
    proved: Mapping[str, NaturalLemma] | None = None,
    timeout_ms: int,
    seed: int = 0,
) -> Verdict:
    """Prove ``lemma`` for every tuple of naturals (base + Z3 step; see the module text).

    ``proved`` holds the lemmas already proved that ``lemma.uses`` may name.

    >>> commutes = NaturalLemma("xor commutes", ("x", "y"),
    ...     lambda alg, x, y: alg.eq(alg.xor(x, y), alg.xor(y, x)))
    >>> verdict = prove_for_all_naturals(commutes, timeout_ms=20_000)
    >>> verdict.status, verdict.scope
    (<Status.PROVED: 'proved'>, 'unbounded')
    """
    start = time.perf_counter()
    base = dict.fromkeys(lemma.variables, 0)
    if not lemma.holds(base):
        return Verdict(
            Status.REFUTED,
            "bit-induction",
            UNBOUNDED,
            counterexample=base,
            message=f"{lemma.name}: fails when every variable is 0",
            seconds=time.perf_counter() - start,
        )
    step, facts = _step(lemma, proved or {})
    verdict = prove_z3(
        step,
        step=f"{lemma.name}: induction step (from the high bits to one more bit)",
        scope=UNBOUNDED,
        timeout_ms=timeout_ms,
        method="bit-induction",
        assumptions=facts,
        lemmas=list(lemma.uses),
        seed=seed,
    )
    if verdict.status is Status.PROVED:
        return replace(
            verdict,
            message=f"{lemma.name}: base (all 0) holds; Z3 proves the step from the halves "
            "to 2v + b for every interpretation of XOR",
            seconds=time.perf_counter() - start,
        )
    reason = verdict.message
    if reason.startswith("Z3 found a model"):
        reason = "Z3 finds a model of the step's negation"
    found = _counterexample(lemma, timeout_ms=timeout_ms, seed=seed)
    if found is not None:
        return Verdict(
            Status.REFUTED,
            "bit-induction",
            UNBOUNDED,
            counterexample=found,
            message=f"{lemma.name}: the step fails ({reason}), and the statement is false at "
            f"{found} (re-checked with the real XOR)",
            seconds=time.perf_counter() - start,
            details=verdict.details,
        )
    return Verdict(
        Status.UNKNOWN,
        "bit-induction",
        UNBOUNDED,
        message=f"{lemma.name}: the induction step was not proved ({reason}) and no "
        f"counterexample was found below 2^{_SEARCH_WIDTH}: not proved, not refuted",
        seconds=time.perf_counter() - start,
        details=verdict.details,
    )


def _naturals(names: Sequence[str], suffix: str) -> list[z3.ArithRef]:
    return [z3.Int(f"{name}{suffix}") for name in names]


def _step(
    lemma: NaturalLemma, proved: Mapping[str, NaturalLemma]
) -> tuple[z3.BoolRef, list[z3.BoolRef]]:
    facts, hypothesis, conclusion = step_parts(lemma, proved)
    return z3.Implies(hypothesis, conclusion), facts


def step_parts(
    lemma: NaturalLemma, proved: Mapping[str, NaturalLemma]
) -> tuple[list[z3.BoolRef], z3.BoolRef, z3.BoolRef]:
    """The step's facts (ranges, X natural, the lemmas it uses), its induction hypothesis
    (the statement at the halves) and its conclusion (the statement at 2v + b).  Kept
    apart so a test can check the conclusion does not follow without the hypothesis."""
    xor = z3.Function("X", z3.IntSort(), z3.IntSort(), z3.IntSort())
    facts: list[z3.BoolRef] = []
    half = HalfAlgebra(xor, facts)
    highs = _naturals(lemma.variables, "_half")
    bits = _naturals(lemma.variables, "_bit")
    for high, bit in zip(highs, bits, strict=True):
        facts += [high >= 0, z3.Or(bit == 0, bit == 1)]
    hypothesis = lemma.statement(half, *highs)
    full = [Split(high, bit) for high, bit in zip(highs, bits, strict=True)]
    conclusion = lemma.statement(SplitAlgebra(half), *full)
    for name in lemma.uses:
        if name not in proved:
            # A lemma list in the wrong order (or a mutant that renamed a lemma): an error
            # verdict of the theorem, never a crash of the whole run.
            raise InvalidParameterError(
                f"{lemma.name!r} uses {name!r}, which is not proved before it"
            )
        facts.append(_for_all(proved[name], xor))
    return facts, hypothesis, conclusion


def _for_all(lemma: NaturalLemma, xor: z3.FuncDeclRef) -> z3.BoolRef:
    """``lemma`` as a fact about ``X``: for all naturals, its statement holds."""
    inner: list[z3.BoolRef] = []
    names = _naturals(lemma.variables, "_any")
    body = lemma.statement(HalfAlgebra(xor, inner), *names)
    return z3.ForAll(names, z3.Implies(z3.And(*[n >= 0 for n in names]), body))


def _least_case(
    holds: Callable[[Mapping[str, int]], bool], names: Sequence[str], largest: int
) -> dict[str, int] | None:
    """The least case (smallest sum of the variables, then lexicographically) with every
    variable in 0..``largest`` where ``holds`` (the statement with the real XOR) is false."""
    for case in integer_cases(dict.fromkeys(names, (0, largest))):
        if not holds(case):
            return case
    return None


def _counterexample(lemma: NaturalLemma, *, timeout_ms: int, seed: int) -> dict[str, int] | None:
    """A concrete tuple where the statement is false: small values first, then Z3 on
    64-bit vectors (its model re-checked with the real XOR)."""
    names = lemma.variables
    small = _least_case(lemma.holds, names, _SEARCH_SMALL)
    if small is not None:
        return small
    algebra = BitVectorAlgebra(_SEARCH_WIDTH)
    variables = [z3.BitVec(name, _SEARCH_WIDTH) for name in names]
    verdict = prove_z3(
        lemma.statement(algebra, *variables),
        scope=f"bounded: {', '.join(names)} < 2^{_SEARCH_WIDTH}",
        timeout_ms=timeout_ms,
        decode=lambda model: model_values(model, variables),
        recheck=lemma.holds,
        seed=seed,
    )
    if verdict.status is Status.REFUTED and verdict.counterexample is not None:
        return dict(verdict.counterexample)
    return None


def prove_lemma_set(
    lemmas: Sequence[Lemma],
    *,
    timeout_ms: int,
    seed: int = 0,
    conclusion: str,
    decomposition: Sequence[str],
) -> Verdict:
    """Prove each lemma in order (later ones may use earlier ones); the theorem's verdict
    is ``proved`` (unbounded) only when every lemma is, and records how it follows.

    The first lemma that is not proved is the verdict (its counterexample, if any, was
    evaluated with the real XOR); the lemmas proved before it are kept in ``parts``.
    """
    start = time.perf_counter()
    proved: dict[str, NaturalLemma] = {}
    parts: list[Verdict] = []
    for lemma in lemmas:
        if isinstance(lemma, FiniteLemma):
            verdict = prove_finite(lemma)
        else:
            verdict = prove_for_all_naturals(lemma, proved=proved, timeout_ms=timeout_ms, seed=seed)
        parts.append(verdict)
        if verdict.status is not Status.PROVED:
            return replace(verdict, parts=tuple(parts), seconds=time.perf_counter() - start)
        if isinstance(lemma, NaturalLemma):
            proved[lemma.name] = lemma
    return proved_from_lemmas(
        "bit-induction",
        UNBOUNDED,
        f"{_counted(lemmas)}; {conclusion}",
        lemmas=[lemma.name for lemma in lemmas],
        decomposition=decomposition,
        parts=parts,
        seconds=time.perf_counter() - start,
    )


def _counted(lemmas: Sequence[Lemma]) -> str:
    natural = sum(isinstance(lemma, NaturalLemma) for lemma in lemmas)
    finite = len(lemmas) - natural
    said = f"{natural} lemmas proved for all naturals by bit induction"
    return said + (f", {finite} by listing every case" if finite else "")


# -- laws written in Z3 terms, proved on the width (see the module text) ----------------------

NimSum = Callable[[z3.ArithRef, z3.ArithRef], z3.ArithRef]
"""The nim-sum as seen by a law: builds the term ``a ⊕ b``."""

LawStatement = Callable[[NimSum, Sequence[z3.ArithRef]], z3.BoolRef]
Instances = Callable[[NimSum, Sequence[z3.ArithRef], Sequence[z3.ArithRef]], list[z3.BoolRef]]
"""Lemma facts for a step: given ⊕, the variables and their halves, the instances used."""


@dataclass(frozen=True, slots=True)
class BitwiseLaw:
    """A statement about nim-sums of natural numbers, in Z3 and in plain Python.

    ``statement(nim, variables)`` builds the law with ``nim`` for ⊕; ``holds(case)`` is
    the same law with Python's ``^`` on a dict of integers; ``lemmas`` are laws proved
    the same way whose instances ``instances(nim, variables, halves)`` the step relies on.
    """

    name: str
    variables: tuple[str, ...]
    statement: LawStatement
    holds: Callable[[Mapping[str, int]], bool]
    lemmas: tuple[BitwiseLaw, ...] = ()
    instances: Instances | None = field(default=None, compare=False)


def prove_every_width(law: BitwiseLaw, *, timeout_ms: int, seed: int = 0) -> Verdict:
    """Prove ``law`` for every natural number by induction on the width (base and step by
    Z3, each step hypothesis stated in the verdict); refute it only by a re-checked case."""
    start = time.perf_counter()
    base_nim = RecordedNimSum()
    zeros = [z3.IntVal(0) for _ in law.variables]
    base_goal = law.statement(base_nim, zeros)
    base = prove_z3(
        z3.Implies(z3.And(*base_nim.defining()), base_goal),
        step=f"{law.name}: base (width 0)",
        scope="bounded: every variable 0 (width 0)",
        timeout_ms=timeout_ms,
        method="z3",
        seed=seed,
        decode=lambda model: dict.fromkeys(law.variables, 0),
        recheck=law.holds,
    )
    step = _law_step(law, timeout_ms=timeout_ms, seed=seed)
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


def law_step_parts(
    law: BitwiseLaw,
) -> tuple[list[z3.BoolRef], z3.BoolRef, z3.BoolRef, list[z3.ArithRef]]:
    """The step's premises other than the induction hypothesis (naturals, the defining
    equation at the goal's terms, lemma instances), the hypothesis S(w), the goal and the
    variables.  Kept apart so a test can check the goal does not follow without S(w)."""
    nim = RecordedNimSum()
    variables = [z3.Int(name) for name in law.variables]
    halves = [variable / 2 for variable in variables]
    goal = law.statement(nim, variables)
    defining = nim.defining()
    hypothesis = law.statement(nim, halves)  # the induction hypothesis S(w)
    facts = law.instances(nim, variables, halves) if law.instances is not None else []
    return [*[v >= 0 for v in variables], *defining, *facts], hypothesis, goal, variables


def _law_step(law: BitwiseLaw, *, timeout_ms: int, seed: int) -> Verdict:
    premises, hypothesis, goal, variables = law_step_parts(law)
    return prove_z3(
        z3.Implies(z3.And(*premises, hypothesis), goal),
        step=f"{law.name}: step (width w to w + 1)",
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
    return _least_case(law.holds, law.variables, (1 << _SEARCH_BITS) - 1)


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
