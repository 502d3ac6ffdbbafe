"""Claims about Nim as Z3 formulas, so that huge domains can be proved.

The translation covers Nim, where a position is a list of heap expressions.  It reads a
position's ``grundy`` as the nim-sum (XOR) of its heaps, its normal-play ``outcome`` as
"P iff the nim-sum is 0", and its misère ``outcome`` as "P iff the nim-sum is 0, unless
no heap exceeds 1, then iff it is 1".  Each reading is a theorem of the library (see
:data:`LEMMAS`), used as a lemma: the verdict lists it in ``assumes`` with the scope in
which the library proves it.  A lemma is used only inside that scope (number of heaps,
heap sizes, play convention); outside it the lemma's instance for this claim is proved in
the same verdict where an encoding exists (Bouton's conditions for the claim's heaps and
bit width, ``instance_proved``), otherwise the verdict is ``unknown`` with the reason.  A
statement that is nothing but a lemma read for this position (true by the substitution
alone) is "checked by lemma L" (its ranges bounded) or "proved by lemma L", not a Z3 result.

Integers become signed bit-vectors wide enough for the ranges plus headroom that the
allowed operations (``+ -``, XOR/AND/OR, comparisons, a remainder by a constant power of
two) cannot overflow within an expression of the allowed length.  Comprehensions over
constant ranges or written-out lists are unrolled, and ``bit(x, i)`` with a constant ``i``
read, by :mod:`grundy.claims.z3_quantifiers`.  Anything else (``*``, ``//``, other ``%``,
``**``, shifts, ``phi``, ``moves``, other games) is not translated: the verdict is
``unknown`` with the reason, never a guess.  Z3's ``unsat`` is ``proved`` for the stated
ranges; ``sat`` gives a model that the exact solver re-checks, minimised to the smallest
counterexample in the stated order; Z3's ``unknown`` or a timeout is ``unknown``.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import z3

from grundy.budget import Meter
from grundy.claims.model import Claim
from grundy.claims.z3_quantifiers import (
    UNROLL_BITS,
    bit_term,
    has_comprehension,
    listed_aggregate,
    low_bits,
    unrolled_aggregate,
)
from grundy.claims.z3_terms import operator_term
from grundy.games import Nim
from grundy.games.base import plays_by
from grundy.solve import Play
from grundy.theory.bouton import prove_bouton
from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict
from grundy.verify.smt import decide
from grundy.verify.z3engine import model_values, prove_z3

__all__ = [
    "LEMMAS",
    "LEMMA_GRUNDY",
    "LEMMA_MISERE",
    "LEMMA_OUTCOME",
    "LemmaScope",
    "Untranslatable",
    "prove_claim_z3",
]

LEMMA_OUTCOME = "bouton-any-number-of-heaps"
"""A Nim position is P exactly when the nim-sum of its heaps is 0 (normal play)."""

LEMMA_MISERE = "misere-nim-any-number-of-heaps"
"""Misère Nim: P iff the nim-sum is 0, except when no heap exceeds 1 (then iff it is 1)."""

LEMMA_GRUNDY = "nim-value-any-number-of-heaps"
"""The Grundy value of a Nim position is the nim-sum of its heaps."""


@dataclass(frozen=True, slots=True)
class LemmaScope:
    """Where the library proves a lemma: the play convention, and at most ``max_heaps``
    heaps of sizes below ``2**max_bits`` (``None``: no bound).

    >>> LemmaScope("l", Play.NORMAL, max_heaps=3, max_bits=9).covers(Play.NORMAL, 3, 9)
    True
    >>> LemmaScope("l", Play.NORMAL).describe()
    'unbounded'
    """

    id: str
    play: Play
    max_heaps: int | None = None
    max_bits: int | None = None

    def covers(self, play: Play, heaps: int, bits: int) -> bool:
        return (
            play is self.play
            and (self.max_heaps is None or heaps <= self.max_heaps)
            and (self.max_bits is None or bits <= self.max_bits)
        )

    def describe(self) -> str:
        if self.max_heaps is None and self.max_bits is None:
            return UNBOUNDED
        heaps = "any number of" if self.max_heaps is None else f"up to {self.max_heaps}"
        sizes = "any sizes" if self.max_bits is None else f"sizes < 2^{self.max_bits}"
        return f"bounded: {heaps} heaps, {sizes}"


LEMMAS: dict[str, LemmaScope] = {
    LEMMA_OUTCOME: LemmaScope(LEMMA_OUTCOME, Play.NORMAL),
    LEMMA_MISERE: LemmaScope(LEMMA_MISERE, Play.MISERE),
    LEMMA_GRUNDY: LemmaScope(LEMMA_GRUNDY, Play.NORMAL),
}
"""Each lemma the translation uses, with the scope in which the library proves it (the
theorems of proofs/bouton.py; a test checks that their verdicts say the same)."""

_HEADROOM = 24  # bits beyond the ranges: an expression of <= 2,000 characters cannot overflow


class Untranslatable(Exception):
    """The claim uses something the Z3 translation does not cover (the message says what)."""


def prove_claim_z3(
    claim: Claim,
    *,
    timeout_ms: int,
    seed: int,
    recheck: Callable[[Mapping[str, Any]], bool],
    explain: Callable[[Mapping[str, Any]], dict[str, Any]],
    meter: Meter | None = None,
) -> Verdict:
    """Decide ``claim`` with Z3, or say ``unknown`` with the reason it cannot be translated.

    With the claim's ``meter``, building the formula ticks it (a comprehension unrolls to
    many copies) and every query gets at most the time left of it as its timeout.

    ``timeout_ms`` and ``seed`` are Z3's (from the claim's settings); ``recheck``
    re-evaluates a case from scratch (true when it holds or is outside ``assume``) and
    ``explain`` gives the values that break the statement at a case: both plain callables,
    so the translation never reaches back into the claim checker.
    """
    try:
        translation = _Translation(claim, meter)
        goal = translation.formula(claim.statement.parsed.tree, claim.statement.text)
        domain = translation.domain()
        if claim.assume is not None:
            domain = z3.And(
                domain, translation.formula(claim.assume.parsed.tree, claim.assume.text)
            )
    except Untranslatable as exc:
        return Verdict(Status.UNKNOWN, "z3", claim.scope, message=f"not translated to Z3: {exc}")
    except z3.Z3Exception as exc:  # e.g. mixed sorts the translation did not foresee
        return Verdict(Status.UNKNOWN, "z3", claim.scope, message=f"not translated to Z3: {exc}")
    try:
        assumes = _lemma_assumptions(translation, timeout_ms, seed, meter)
    except Untranslatable as exc:
        return Verdict(Status.UNKNOWN, "z3", claim.scope, message=str(exc))
    vacuous = _no_admitted_case(domain, claim, (timeout_ms, meter), seed)
    if vacuous is not None:
        return vacuous
    variables = translation.variables
    order = translation.order_measure()

    def decode(model: z3.ModelRef) -> dict[str, Any]:
        raw = model_values(model, [variables[name] for name in claim.variables])
        return {name: _signed(raw[name], translation.width) for name in claim.variables}

    verdict = prove_z3(
        z3.Implies(domain, z3.And(goal, *translation.side_conditions)),
        step="the statement holds in every admitted case",
        scope=claim.scope,
        timeout_ms=timeout_ms,
        lemmas=sorted(translation.heaps_for),
        decode=decode,
        recheck=recheck,
        minimise=order,
        seed=seed,
        meter=meter,
    )
    if verdict.status is Status.PROVED:
        return _proved_by_lemmas(verdict, goal, assumes)
    if verdict.status is Status.REFUTED and verdict.counterexample is not None:
        case = dict(verdict.counterexample)
        case.update(explain(case))
        verdict = Verdict(
            verdict.status,
            verdict.method,
            verdict.scope,
            counterexample=case,
            message=verdict.message,
            details=verdict.details,
        )
    return verdict


def _no_admitted_case(
    domain: z3.BoolRef, claim: Claim, timing: tuple[int, Meter | None], seed: int
) -> Verdict | None:
    """An ``unknown`` verdict when no case of the ranges satisfies ``assume`` (or Z3
    cannot tell): an implication with a false premise holds, but proves nothing, as on
    every other path.  ``None`` when Z3 finds an admitted case."""
    solver = z3.Solver(ctx=domain.ctx)
    solver.set("random_seed", seed)
    solver.add(domain)
    try:
        decision = decide(solver, *timing, step="some case satisfies assume", rests_on="sat")
    except z3.Z3Exception as exc:
        answer, reason = z3.unknown, str(exc)
    else:
        answer, reason = decision.answer, decision.reason
    if answer == z3.sat:
        return None
    if answer == z3.unsat:
        message = (
            "no case satisfies assume: the claim is vacuous, nothing was proved "
            "(Z3 shows that no assignment within the ranges satisfies it)"
        )
    else:
        message = (
            "Z3 could not tell whether any case satisfies assume "
            f"({reason or 'no reason given'}), so nothing was proved"
        )
    return Verdict(Status.UNKNOWN, "z3", claim.scope, message=message)


def _lemma_assumptions(
    translation: _Translation, timeout_ms: int, seed: int, meter: Meter | None
) -> tuple[Assumption, ...]:
    """The lemmas the translation used, each checked against its proved scope; an
    instance outside the scope is proved here, or the claim is not translated."""
    play = translation.claim.play
    bits = translation.width - 1  # every heap value is below 2^(width - 1)
    assumes = []
    for lemma_id, heaps in sorted(translation.heaps_for.items()):
        scope = LEMMAS[lemma_id]
        if scope.covers(play, heaps, bits):
            assumes.append(Assumption(lemma_id, scope.describe()))
            continue
        needed = f"{heaps} heaps of sizes < 2^{bits} in {play.value} play"
        if lemma_id != LEMMA_OUTCOME or play is not Play.NORMAL:
            raise Untranslatable(
                f"lemma {lemma_id} is proved for {scope.describe()} only, and this claim "
                f"needs {needed}"
            )
        limit = timeout_ms if meter is None else meter.timeout_ms(timeout_ms)
        instance = prove_bouton(heaps, bits, timeout_ms=limit, seed=seed)
        if meter is not None:
            meter.check()  # a proof cut short by the claim's budget says so
        if instance.status is not Status.PROVED:
            raise Untranslatable(
                f"lemma {lemma_id} is proved for {scope.describe()} only, and its instance "
                f"for {needed} was not proved: {instance.message}"
            )
        assumes.append(Assumption(lemma_id, instance.scope, instance_proved=True))
    return tuple(assumes)


def _proved_by_lemmas(
    verdict: Verdict, goal: z3.BoolRef, assumes: tuple[Assumption, ...]
) -> Verdict:
    """A Z3 proof that relied on lemmas says so; a statement that is a lemma itself (true
    by the substitution alone) is proved by that lemma, not by Z3."""
    if not assumes:
        return verdict
    named = ", ".join(assumption.describe() for assumption in assumes)
    if z3.is_true(z3.simplify(goal)):
        return replace(
            verdict,
            method="lemma",
            # the claim's own word (checked over its ranges, or proved with none) goes first
            message=f"{verdict.word} by lemma {named}: the statement is the lemma read for "
            "this position",
            assumes=assumes,
        )
    return replace(
        verdict,
        message=f"{verdict.message}, reading the position by lemma {named}",
        assumes=assumes,
    )


def _signed(value: int, width: int) -> int:
    return value - (1 << width) if value >= 1 << (width - 1) else value


class _Translation:
    def __init__(self, claim: Claim, meter: Meter | None = None) -> None:
        self.meter = meter
        if not plays_by(claim.game, Nim):  # a subclass with other moves is another game
            raise Untranslatable(f"the game {claim.game.label!r} has no symbolic model")
        self.claim = claim
        if claim.play is not Play.NORMAL:
            self.misere = True
        else:
            self.misere = False
        largest = max((max(abs(low), abs(high)) for low, high in claim.ranges.values()), default=1)
        trees = [e.parsed.tree for e in (claim.statement, claim.assume) if e is not None]
        # Unrolled comprehensions add terms: more headroom, constants bounded as before.
        self.extra_bits = UNROLL_BITS if has_comprehension(trees) else 0
        self.width = max(largest.bit_length(), 1) + 1 + _HEADROOM + self.extra_bits
        self.bound: dict[str, Any] = {}  # names bound by the comprehension being unrolled
        self.unrolled = 0
        self.unroll_depth = 0
        self.variables = {name: z3.BitVec(name, self.width) for name in claim.variables}
        self.heaps_for: dict[str, int] = {}  # lemma id -> most heaps it was used with
        self.side_conditions: list[z3.BoolRef] = []
        self.text = ""
        position = claim.position.parsed.tree
        if not isinstance(position, (ast.List, ast.Tuple)):
            raise Untranslatable("the position must be a list of heap expressions")
        self.position_tree = position

    def domain(self) -> z3.BoolRef:
        bounds = []
        for name, (low, high) in self.claim.ranges.items():
            variable = self.variables[name]
            bounds.append(variable >= low)
            bounds.append(variable <= high)
        return z3.And(*bounds) if bounds else z3.BoolVal(True)

    def order_measure(self) -> z3.ExprRef | None:
        """One unsigned number ordering cases by (sum, then each variable in order)."""
        names = self.claim.variables
        if not names:
            return None
        shifted = [
            self.variables[name] - self.claim.ranges[name][0] for name in names
        ]  # each within 0 .. high - low, so non-negative
        spans = [high - low for low, high in (self.claim.ranges[n] for n in names)]
        total_bits = max(sum(spans).bit_length(), 1)
        part_bits = max(max(spans).bit_length(), 1)
        total = z3.ZeroExt(total_bits + 1, z3.Extract(part_bits - 1, 0, shifted[0]))
        for term in shifted[1:]:
            total = total + z3.ZeroExt(total_bits + 1, z3.Extract(part_bits - 1, 0, term))
        pieces = [total] + [z3.Extract(part_bits - 1, 0, term) for term in shifted]
        return z3.Concat(*pieces) if len(pieces) > 1 else pieces[0]

    # -- expressions --------------------------------------------------------------------

    def formula(self, tree: ast.expr, text: str) -> z3.BoolRef:
        self.text = text.strip()
        value = self.term(tree)
        if not z3.is_bool(value):
            value = value != 0
        return value

    def piece(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.text, node) or type(node).__name__

    def untranslatable(self, message: str) -> Exception:
        return Untranslatable(message)

    def check_constant(self, value: int, node: ast.AST) -> None:
        """Constants stay far enough below the width that no allowed expression overflows."""
        if abs(value).bit_length() >= self.width - self.extra_bits - _HEADROOM // 2:
            raise Untranslatable(f"the constant {value} in {self.piece(node)!r} is too large")

    def boolean(self, node: ast.expr) -> z3.BoolRef:
        value = self.term(node)
        return value if z3.is_bool(value) else value != 0

    def number(self, node: ast.expr) -> z3.BitVecRef:
        value = self.term(node)
        if z3.is_bool(value):
            return z3.If(value, z3.BitVecVal(1, self.width), z3.BitVecVal(0, self.width))
        return value

    def term(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool):
                return z3.BoolVal(node.value)
            if isinstance(node.value, int):
                self.check_constant(node.value, node)
                return z3.BitVecVal(node.value, self.width)
            raise Untranslatable(f"text {self.piece(node)!r} outside a comparison with outcome")
        if isinstance(node, ast.Name):
            if node.id in self.bound:
                return self.bound[node.id]
            if node.id in self.variables:
                return self.variables[node.id]
            if node.id == "grundy":
                return self.grundy(self.position_tree)
            raise Untranslatable(f"{node.id!r}")
        if isinstance(node, ast.BoolOp):
            # Python's 'and'/'or' give an operand's value, not True/False; they agree with
            # z3.And/z3.Or only when every operand is itself a truth value.
            parts = [self.term(v) for v in node.values]
            if not all(z3.is_bool(part) for part in parts):
                raise Untranslatable(f"'and'/'or' of numbers in {self.piece(node)!r}")
            return z3.And(*parts) if isinstance(node.op, ast.And) else z3.Or(*parts)
        shared = operator_term(self, node)
        if shared is not None:
            return shared
        if isinstance(node, ast.UnaryOp):  # '~', which the expression parser refuses
            return self.number(node.operand)
        if isinstance(node, ast.Call):
            return self.call(node)
        raise Untranslatable(f"{self.piece(node)!r}")

    def binary(self, node: ast.BinOp) -> z3.BitVecRef:
        left, right = self.number(node.left), self.number(node.right)
        op = node.op
        if isinstance(op, ast.Add):
            return left + right
        if isinstance(op, ast.Sub):
            return left - right
        if isinstance(op, ast.Mod):
            return low_bits(self, left, right, node)
        if isinstance(op, ast.BitXor):
            return left ^ right
        if isinstance(op, ast.BitAnd):
            return left & right
        if isinstance(op, ast.BitOr):
            return left | right
        raise Untranslatable(f"the operator in {self.piece(node)!r}")

    def compare(self, node: ast.Compare) -> z3.BoolRef:
        steps = []
        left_node = node.left
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            steps.append(self.comparison(op, left_node, right_node, node))
            left_node = right_node
        return z3.And(*steps) if len(steps) > 1 else steps[0]

    def comparison(
        self, op: ast.cmpop, left_node: ast.expr, right_node: ast.expr, whole: ast.AST
    ) -> z3.BoolRef:
        outcome_side = self.outcome_test(left_node, right_node)
        if outcome_side is not None:
            if not isinstance(op, (ast.Eq, ast.NotEq)):
                raise Untranslatable(f"{self.piece(whole)!r}")
            return outcome_side if isinstance(op, ast.Eq) else z3.Not(outcome_side)
        left, right = self.term(left_node), self.term(right_node)
        if z3.is_bool(left) and z3.is_bool(right):
            if isinstance(op, ast.Eq):
                return left == right
            if isinstance(op, ast.NotEq):
                return left != right
        left, right = self.number(left_node), self.number(right_node)
        table: dict[type[ast.cmpop], Callable[[Any, Any], z3.BoolRef]] = {
            ast.Eq: lambda a, b: a == b,
            ast.NotEq: lambda a, b: a != b,
            ast.Lt: lambda a, b: a < b,  # signed comparisons on bit-vectors
            ast.LtE: lambda a, b: a <= b,
            ast.Gt: lambda a, b: a > b,
            ast.GtE: lambda a, b: a >= b,
        }
        if type(op) not in table:
            raise Untranslatable(f"{self.piece(whole)!r}")
        return table[type(op)](left, right)

    def outcome_test(self, left: ast.expr, right: ast.expr) -> z3.BoolRef | None:
        """``outcome == 'P'`` (either way round) as 'the nim-sum is 0', or None."""
        for this, other in ((left, right), (right, left)):
            if isinstance(other, ast.Constant) and other.value in ("P", "N"):
                position = self.outcome_position(this)
                if position is None:
                    continue
                is_p = self.outcome_is_p(position)
                return is_p if other.value == "P" else z3.Not(is_p)
        return None

    def outcome_position(self, node: ast.expr) -> ast.expr | None:
        if isinstance(node, ast.Name) and node.id == "outcome":
            return self.position_tree
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "outcome_of"
        ):
            return node.args[0]
        return None

    def use(self, lemma_id: str, position: ast.expr) -> None:
        heaps = len(position.elts) if isinstance(position, (ast.List, ast.Tuple)) else 0
        self.heaps_for[lemma_id] = max(self.heaps_for.get(lemma_id, 0), heaps)

    def outcome_is_p(self, position: ast.expr) -> z3.BoolRef:
        if self.misere:
            # Misère Nim: as normal play unless every heap is at most 1; then P iff the
            # nim-sum is 1 (an odd number of heaps of one).
            total = self.nim_sum(position)
            self.use(LEMMA_MISERE, position)
            assert isinstance(position, (ast.List, ast.Tuple))  # nim_sum checked it
            small = z3.And(*[self.number(heap) <= 1 for heap in position.elts])
            return z3.If(small, total == 1, total == 0)
        total = self.nim_sum(position)
        self.use(LEMMA_OUTCOME, position)
        return total == 0

    def grundy(self, position: ast.expr) -> z3.BitVecRef:
        total = self.nim_sum(position)
        self.use(LEMMA_GRUNDY, position)
        return total

    def nim_sum(self, position: ast.expr) -> z3.BitVecRef:
        if not isinstance(position, (ast.List, ast.Tuple)):
            raise Untranslatable("a position that is not a list of heap expressions")
        total = z3.BitVecVal(0, self.width)
        for heap_node in position.elts:
            heap = self.number(heap_node)
            self.side_conditions.append(heap >= 0)  # a heap below 0 is no position
            total = total ^ heap
        return total

    def call(self, node: ast.Call) -> Any:
        assert isinstance(node.func, ast.Name)
        name = node.func.id
        if len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp):
            return unrolled_aggregate(self, name, node.args[0])
        if name in ("all", "any", "sum") and isinstance(node.args[0], (ast.List, ast.Tuple)):
            return listed_aggregate(self, name, node.args[0])
        if name == "bit":
            return bit_term(self, node)
        if name == "g":
            return self.grundy(node.args[0])
        if name == "nimsum":
            args = node.args
            if len(args) == 1 and isinstance(args[0], (ast.List, ast.Tuple)):
                args = list(args[0].elts)
            total = z3.BitVecVal(0, self.width)
            for arg in args:
                value = self.number(arg)
                self.side_conditions.append(value >= 0)  # nimsum() refuses negative numbers
                total = total ^ value
            return total
        if name == "implies":
            return z3.Implies(self.boolean(node.args[0]), self.boolean(node.args[1]))
        if name == "iff":
            return self.boolean(node.args[0]) == self.boolean(node.args[1])
        if name == "abs":
            value = self.number(node.args[0])
            return z3.If(value < 0, -value, value)
        if name in ("min", "max") and len(node.args) >= 2:
            values = [self.number(arg) for arg in node.args]
            best = values[0]
            for value in values[1:]:
                pick = value < best if name == "min" else value > best
                best = z3.If(pick, value, best)
            return best
        raise Untranslatable(f"{self.piece(node)!r}")
