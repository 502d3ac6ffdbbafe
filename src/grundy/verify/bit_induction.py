"""Statements about nim-sums of natural numbers of any size, proved by induction on the
number of bits with each step discharged by Z3.

A statement is written once, as a function of an *algebra* (``xor``, comparisons,
connectives) and its variables, and read three ways:

- on Python integers with the real XOR (:class:`PlainAlgebra`): the statement itself,
  used to re-check every counterexample and to decide statements over a finite domain;
- on bit-vectors of a fixed width (:class:`BitVectorAlgebra`): a search for a concrete
  counterexample when an induction step fails;
- for the induction step, on unbounded Z3 integers with XOR an *uninterpreted* function
  ``X`` from naturals to naturals (:class:`_HalfAlgebra`, :class:`_SplitAlgebra`).

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
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any

import z3

from grundy.errors import InvalidParameterError
from grundy.verdict import UNBOUNDED, Status, Verdict
from grundy.verify.z3engine import model_values, prove_z3

__all__ = [
    "BitVectorAlgebra",
    "FiniteLemma",
    "NaturalLemma",
    "PlainAlgebra",
    "prove_finite",
    "prove_for_all_naturals",
    "prove_lemma_set",
    "step_parts",
]

_SEARCH_SMALL = 15  # every variable 0..15 is listed when a step fails
_SEARCH_WIDTH = 64  # then Z3 looks for a counterexample among 64-bit values


class PlainAlgebra:
    """The statement itself: Python integers and the real XOR."""

    def xor(self, left: int, right: int) -> int:
        return left ^ right

    def const(self, value: int) -> int:
        return value

    def lt(self, left: int, right: int) -> bool:
        return left < right

    def le(self, left: int, right: int) -> bool:
        return left <= right

    def eq(self, left: int, right: int) -> bool:
        return left == right

    def ne(self, left: int, right: int) -> bool:
        return left != right

    def and_(self, *parts: bool) -> bool:
        return all(parts)

    def or_(self, *parts: bool) -> bool:
        return any(parts)

    def not_(self, part: bool) -> bool:
        return not part

    def implies(self, premise: bool, conclusion: bool) -> bool:
        return not premise or conclusion

    def ite(self, test: bool, then: int, other: int) -> int:
        return then if test else other


class _Z3Logic:
    def and_(self, *parts: z3.BoolRef) -> z3.BoolRef:
        return z3.And(*parts)

    def or_(self, *parts: z3.BoolRef) -> z3.BoolRef:
        return z3.Or(*parts)

    def not_(self, part: z3.BoolRef) -> z3.BoolRef:
        return z3.Not(part)

    def implies(self, premise: z3.BoolRef, conclusion: z3.BoolRef) -> z3.BoolRef:
        return z3.Implies(premise, conclusion)


class BitVectorAlgebra(_Z3Logic):
    """Naturals below ``2**width`` as unsigned bit-vectors (a bounded search, not a proof
    of the unbounded statement)."""

    def __init__(self, width: int) -> None:
        self.width = width

    def xor(self, left: z3.BitVecRef, right: z3.BitVecRef) -> z3.BitVecRef:
        return left ^ right

    def const(self, value: int) -> z3.BitVecRef:
        return z3.BitVecVal(value, self.width)

    def lt(self, left: z3.BitVecRef, right: z3.BitVecRef) -> z3.BoolRef:
        return z3.ULT(left, right)

    def le(self, left: z3.BitVecRef, right: z3.BitVecRef) -> z3.BoolRef:
        return z3.ULE(left, right)

    def eq(self, left: z3.BitVecRef, right: z3.BitVecRef) -> z3.BoolRef:
        return left == right

    def ne(self, left: z3.BitVecRef, right: z3.BitVecRef) -> z3.BoolRef:
        return left != right

    def ite(self, test: z3.BoolRef, then: z3.BitVecRef, other: z3.BitVecRef) -> z3.BitVecRef:
        return z3.If(test, then, other)


class _HalfAlgebra(_Z3Logic):
    """Naturals as Z3 integers, XOR the uninterpreted ``X`` (the induction hypothesis)."""

    def __init__(self, xor: z3.FuncDeclRef, facts: list[z3.BoolRef]) -> None:
        self.function = xor
        self.facts = facts  # X maps naturals to naturals: each application is >= 0

    def xor(self, left: z3.ArithRef, right: z3.ArithRef) -> z3.ArithRef:
        term = self.function(left, right)
        self.facts.append(term >= 0)
        return term

    def const(self, value: int) -> z3.ArithRef:
        return z3.IntVal(value)

    def lt(self, left: z3.ArithRef, right: z3.ArithRef) -> z3.BoolRef:
        return left < right

    def le(self, left: z3.ArithRef, right: z3.ArithRef) -> z3.BoolRef:
        return left <= right

    def eq(self, left: z3.ArithRef, right: z3.ArithRef) -> z3.BoolRef:
        return left == right

    def ne(self, left: z3.ArithRef, right: z3.ArithRef) -> z3.BoolRef:
        return left != right

    def ite(self, test: z3.BoolRef, then: z3.ArithRef, other: z3.ArithRef) -> z3.ArithRef:
        return z3.If(test, then, other)


@dataclass(frozen=True, slots=True)
class _Split:
    """A natural ``2 * high + bit`` at full size: ``high`` is a half-size natural."""

    high: z3.ArithRef
    bit: z3.ArithRef


class _SplitAlgebra(_Z3Logic):
    """The statement at full size, every value split into its halves and low bit."""

    def __init__(self, half: _HalfAlgebra) -> None:
        self.half = half

    def xor(self, left: _Split, right: _Split) -> _Split:
        bit = z3.If(left.bit == right.bit, z3.IntVal(0), z3.IntVal(1))
        return _Split(self.half.xor(left.high, right.high), bit)

    def const(self, value: int) -> _Split:
        return _Split(z3.IntVal(value // 2), z3.IntVal(value % 2))

    def lt(self, left: _Split, right: _Split) -> z3.BoolRef:
        return z3.Or(left.high < right.high, z3.And(left.high == right.high, left.bit < right.bit))

    def le(self, left: _Split, right: _Split) -> z3.BoolRef:
        return z3.Not(self.lt(right, left))

    def eq(self, left: _Split, right: _Split) -> z3.BoolRef:
        return z3.And(left.high == right.high, left.bit == right.bit)

    def ne(self, left: _Split, right: _Split) -> z3.BoolRef:
        return z3.Not(self.eq(left, right))

    def ite(self, test: z3.BoolRef, then: _Split, other: _Split) -> _Split:
        return _Split(z3.If(test, then.high, other.high), z3.If(test, then.bit, other.bit))


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
    half = _HalfAlgebra(xor, facts)
    highs = _naturals(lemma.variables, "_half")
    bits = _naturals(lemma.variables, "_bit")
    for high, bit in zip(highs, bits, strict=True):
        facts += [high >= 0, z3.Or(bit == 0, bit == 1)]
    hypothesis = lemma.statement(half, *highs)
    full = [_Split(high, bit) for high, bit in zip(highs, bits, strict=True)]
    conclusion = lemma.statement(_SplitAlgebra(half), *full)
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
    body = lemma.statement(_HalfAlgebra(xor, inner), *names)
    return z3.ForAll(names, z3.Implies(z3.And(*[n >= 0 for n in names]), body))


def _counterexample(lemma: NaturalLemma, *, timeout_ms: int, seed: int) -> dict[str, int] | None:
    """A concrete tuple where the statement is false: small values first, then Z3 on
    64-bit vectors (its model re-checked with the real XOR)."""
    names = lemma.variables
    for values in sorted(
        product(range(_SEARCH_SMALL + 1), repeat=len(names)), key=lambda v: (sum(v), v)
    ):
        case = dict(zip(names, values, strict=True))
        if not lemma.holds(case):
            return case
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
    return Verdict(
        Status.PROVED,
        "bit-induction",
        UNBOUNDED,
        message=f"{_counted(lemmas)}; {conclusion}",
        seconds=time.perf_counter() - start,
        details={
            "lemmas": [lemma.name for lemma in lemmas],
            "decomposition": list(decomposition),
        },
        parts=tuple(parts),
    )


def _counted(lemmas: Sequence[Lemma]) -> str:
    natural = sum(isinstance(lemma, NaturalLemma) for lemma in lemmas)
    finite = len(lemmas) - natural
    said = f"{natural} lemmas proved for all naturals by bit induction"
    return said + (f", {finite} by listing every case" if finite else "")
