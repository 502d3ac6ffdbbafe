"""Misère claims about sums of heaps, decided for every heap size by a misère quotient.

A claim fits this method when its game is a sum of independent heaps whose rule is an
octal code or a subtraction set (decided once, for every path to a quotient, by
:func:`~grundy.solve.misere_rules.quotient_rules`: a subclass that changes the moves is a
game of its own, and is refused), its play is misère, and its statement
(and ``assume``) read positions only through ``outcome`` of the claim's position and
``outcome_of([...])`` of written-out lists of heaps, e.g. ``position = "[a, b, c]"``.

**The argument.**  Let Q be the game's misère quotient, built on elements
(:mod:`grundy.solve.misere_quotient`) for the heaps ``0..N``, with heap map h.  When h
repeats with period p from n0 and N is large enough (``N >= 2 n0 + 2 p + k``, see
:mod:`grundy.solve.misere_periodic`), Q is the quotient of sums of heaps of *every*
size, h extended by h(n) = h(n - p) for n > N.  The method builds Q, writes its
certificate and has the independent checker
(:func:`~grundy.certify.quotient_check.check_quotient_certificate`, which shares no code
with the construction) re-verify it, ``every_heap`` included; otherwise it declines.

Then the misère outcome of a list of heaps depends on the heaps only through their
images: the list is P exactly when the product of the images lies in Q's P-portion.  So
``outcome`` of ``[P(a), b, 5]``, for a polynomial P with a positive leading coefficient,
is periodic in ``a`` with period p from the first ``a`` with P(a) >= n0 (P(a + p) - P(a)
is a multiple of p), whatever the other variables are.  The rest of the statement is read
variable by variable with the rules of :mod:`grundy.claims.statement_period` (constants,
polynomials, ``% k``, comparisons that settle, pure functions of periodic pieces), the
other variables taken as values that do not change with this one (a comparison of ``a``
with ``b`` therefore does not settle, and the method declines).  For each variable v this
gives a start m_v and a period q_v such that the claim's truth (statement and assume
together) at v + q_v equals its truth at v for every v >= m_v, *for all values of the
other variables*.

Take the box of values v = lo_v .. max(lo_v, m_v) + q_v - 1 in each variable (lo_v the
range's lower bound).  Any assignment with every v >= lo_v is brought into the box by
lowering one variable at a time by its period, and each step keeps the truth; so when
every case of the box holds, every assignment holds, beyond the stated upper bounds: the
verdict is ``proved`` with scope ``unbounded`` ("for every a >= 0, b >= 0").  A variable
whose range ends inside its box is checked over its range only, and then nothing is
claimed beyond that range: the verdict is ``checked`` with the claim's ranges as its
scope.  The box is refused (``unknown``, with the reason) when it has more cases than an
``auto`` exhaustive check takes.

The cases of the box are taken in the claim's order (by the sum of the variables, then
lexicographically).  Lowering a variable lowers the sum, so the least failing assignment
of the ranges lies in the box, and the first failure found is the least counterexample.
It is re-checked by the plain misère search (``Solver(plain=True)``, which never reads a
quotient) before it is reported, and the refutation rests on that search alone; if it
cannot finish, the verdict is ``unknown``.  A proof names the quotient in its
``assumes``, with its scope.
"""

from __future__ import annotations

import ast
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from math import prod
from typing import Any

from grundy.budget import Meter
from grundy.certify.certified_values import CertifiedValues, NotApplicable
from grundy.certify.quotient_certificate import quotient_certificate
from grundy.certify.quotient_check import check_quotient_certificate
from grundy.claims.evaluate import Scope, Value, plain
from grundy.claims.model import Claim, Expression
from grundy.claims.plan import AUTO_EXHAUSTIVE_LIMIT, QUICK_EXHAUSTIVE_LIMIT
from grundy.claims.polynomials import Polynomial, sign_settled_from
from grundy.claims.statement_period import Declined, Periodicity, _Reader, joined_periodicity
from grundy.claims.table_cases import FactCases, admitted_cases
from grundy.errors import (
    BudgetExceededError,
    ClaimError,
    GrundyError,
    InvalidParameterError,
    SearchLimitError,
)
from grundy.games.base import Game
from grundy.solve import Outcome, Play, Solver
from grundy.solve.misere_quotient import MisereQuotient, misere_quotient
from grundy.solve.misere_rules import quotient_rules
from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict
from grundy.verify.exhaustive import check_exhaustive, integer_cases

__all__ = ["MAX_SIZE", "MAX_UPTO", "RECHECK_POSITIONS", "check_by_quotient", "reads_misere"]

MAX_UPTO = 200
"""Largest N for which a quotient of heaps 0..N is built looking for a periodic heap map."""

MAX_SIZE = 256
"""Most elements a quotient may have here (a wild game past this is refused)."""

RECHECK_POSITIONS = 2_000_000
"""Most positions the plain misère search may visit to re-check a counterexample."""

_FIRST_UPTO = 48

EVERY_HEAP_KINDS = ("octal", "subtraction")
"""The heap rules whose quotient the periodicity argument proves for every heap size."""


def reads_misere(claim: Claim) -> bool:
    """Whether the claim is misère and reads misère outcomes (the kind this method takes)."""
    if claim.play is not Play.MISERE:
        return False
    return any(
        e is not None and ("outcome" in e.parsed.names or "outcome_of" in e.parsed.functions)
        for e in (claim.statement, claim.assume)
    )


def check_by_quotient(
    claim: Claim, *, quick: bool = False, meter: Meter | None = None, max_upto: int = MAX_UPTO
) -> Verdict | NotApplicable:
    """Decide a misère claim about sums of heaps for every heap size, or say why not."""
    game = claim.game
    if claim.split is not None:
        return NotApplicable(
            "the game's options use the claim's variables: each value is checked apart"
        )
    try:
        rules = quotient_rules(game, 0)
    except InvalidParameterError as exc:
        return NotApplicable(str(exc))
    if rules.kind not in EVERY_HEAP_KINDS:
        return NotApplicable(
            f"{game.label} plays by {rules.label}: its misère quotient is proved for every "
            "heap size only for an octal code or a subtraction set"
        )
    for expression in (claim.statement, claim.assume):
        if expression is not None:
            used = expression.parsed.names & {"grundy", "moves", "winning_moves"}
            used |= expression.parsed.functions & {"g"}
            if used:
                return NotApplicable(f"{sorted(used)[0]} is not read by the quotient method")
    found = _proved_quotient(game, max_upto, meter)
    if isinstance(found, str):
        return NotApplicable(found)
    quotient = found
    period = quotient.periodicity
    assert period is not None  # every_heap
    values = CertifiedValues(
        quotient.heap_map, period.preperiod, period.period, "misere-quotient", quotient.upto
    )
    try:
        periods = {v: _truth_periodicity(claim, values, v) for v in claim.variables}
    except Declined as exc:
        return NotApplicable(f"not followed: {exc}")
    box: dict[str, tuple[int, int]] = {}
    extended: list[str] = []
    for name in claim.variables:
        low, high = claim.ranges[name]
        found_period = periods[name]
        first = low if found_period.start is None else max(low, found_period.start)
        end = first + found_period.period - 1
        if high > end:
            extended.append(name)
        box[name] = (low, min(high, end))
    size = prod(high - low + 1 for low, high in box.values())
    limit = QUICK_EXHAUSTIVE_LIMIT if quick else AUTO_EXHAUSTIVE_LIMIT
    if size > limit:
        shown = ", ".join(f"{n} = {lo}..{hi}" for n, (lo, hi) in box.items())
        return NotApplicable(
            f"the box of cases that covers every period ({shown}) has {size:,} cases, "
            f"more than {limit:,}"
        )
    return _decide(claim, quotient, periods, box, extended, meter)


@dataclass(frozen=True, slots=True)
class _Built:
    quotient: MisereQuotient | None
    reason: str


_BUILT: dict[Hashable, _Built] = {}


def _proved_quotient(game: Game, max_upto: int, meter: Meter | None) -> MisereQuotient | str:
    """The game's quotient proved for every heap size and re-checked by the independent
    checker, or the reason there is none (within ``max_upto`` and :data:`MAX_SIZE`).

    The construction ticks the claim's ``meter``: a budget that runs out raises
    :class:`~grundy.errors.BudgetExceededError` (the claim is ``unknown``), and nothing
    is remembered for the game, since another claim's budget may suffice."""
    key = (type(game).__name__, game.key, max_upto)
    if key not in _BUILT:
        _BUILT[key] = _build(game, max_upto, meter)
    built = _BUILT[key]
    return built.quotient if built.quotient is not None else built.reason


def _build(game: Game, max_upto: int, meter: Meter | None) -> _Built:
    upto = min(_FIRST_UPTO, max_upto)
    while True:
        try:
            quotient = misere_quotient(game, upto, max_size=MAX_SIZE, meter=meter)
        except BudgetExceededError:
            raise
        except GrundyError as exc:
            return _Built(
                None,
                f"no misère quotient of {game.label} proved for every heap size: building "
                f"the quotient of heaps 0..{upto} stopped ({exc})",
            )
        if quotient.every_heap:
            break
        found = quotient.periodicity
        needed = found.needed if found is not None else None
        following = needed if needed is not None and needed > upto else 2 * upto
        if found is not None and needed is None:  # a move may split a heap in three
            return _Built(
                None,
                f"the misère quotient of {game.label} is not proved for every heap size: "
                "the periodicity condition needs moves that take at most k tokens and "
                "leave at most two heaps",
            )
        if upto >= max_upto:
            why = (
                "its heap map does not repeat"
                if found is None
                else f"its heap map repeats with period {found.period} from heap "
                f"{found.preperiod}, which needs N >= {needed}"
            )
            return _Built(
                None,
                f"the misère quotient of heaps 0..{upto} (|Q| = {quotient.size}) is not "
                f"proved for every heap size: {why} (quotients are built up to N = {max_upto})",
            )
        upto = min(following, max_upto)
    report = check_quotient_certificate(quotient_certificate(quotient))
    if not report.valid or not quotient.every_heap:
        return _Built(
            None, "the independent checker rejected the quotient: " + "; ".join(report.problems)
        )
    return _Built(quotient, "")


def _assumption(quotient: MisereQuotient) -> Assumption:
    assert quotient.every_heap
    return Assumption(quotient.lemma_id, quotient.scope, instance_proved=True)


class _MisereReader(_Reader):
    """Reads how the truth repeats in one variable; the other variables are values that
    do not change with it, and misère outcomes are functions of the heaps' images."""

    others: frozenset[str] = frozenset()

    def shape(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Name) and node.id in self.others:
            return Periodicity(None, 1)
        if isinstance(node, ast.Name) and node.id == "grundy":
            raise self.decline(node, "normal-play values are not read by the quotient method")
        return super().shape(node)

    def position_fact(self, node: ast.Name) -> Periodicity:
        position = self.claim.position
        reader = _reader(self.claim, position, self.variable, self.values, self.others)
        return reader.heap_fact(position.parsed.tree, True, node)

    def heap_fact(self, argument: ast.expr, is_outcome: bool, node: ast.AST) -> Periodicity:
        if not is_outcome:
            raise self.decline(node, "normal-play values are not read by the quotient method")
        if not isinstance(argument, (ast.List, ast.Tuple)):
            raise self.decline(argument, "only positions written as a list of heaps are read")
        result = Periodicity(None, 1)
        for heap in argument.elts:
            shape = self.shape(heap)
            if isinstance(shape, Polynomial):
                if shape.degree <= 0:
                    continue
                if shape.coefficients[-1] < 0:
                    raise self.decline(heap, f"the heap shrinks as {self.variable} grows")
                past_n0 = shape + Polynomial.of([1 - self.values.preperiod])
                result = result.join(Periodicity(sign_settled_from(past_n0), self.values.period))
            elif isinstance(shape, Periodicity):
                result = result.join(Periodicity(shape.start, shape.period))
        return result


def _reader(
    claim: Claim,
    expression: Expression,
    variable: str,
    values: CertifiedValues,
    others: frozenset[str],
) -> _MisereReader:
    low, high = claim.ranges[variable]
    reader = _MisereReader(claim, expression, variable, values, max(abs(low), abs(high), 1))
    reader.others = others
    return reader


def _truth_periodicity(claim: Claim, values: CertifiedValues, variable: str) -> Periodicity:
    others = frozenset(claim.variables) - {variable}
    return joined_periodicity(
        claim, lambda expression: _reader(claim, expression, variable, values, others), True
    )


class _QuotientFacts:
    """Position facts of one case: misère outcomes read from the quotient."""

    def __init__(self, claim: Claim, case: Mapping[str, Value], is_p: Any) -> None:
        self.claim = claim
        self.case = case
        self.is_p = is_p

    def heaps(self, value: Value) -> tuple[int, ...]:
        data = plain(value)
        try:
            return tuple(self.claim.game.from_value(data))
        except GrundyError as exc:
            raise ClaimError(
                f"claim {self.claim.id!r}: {data!r} is not a position of "
                f"{self.claim.game.label}: {exc}"
            ) from None

    def outcome(self) -> str:
        return self.outcome_of(self.claim.position.run(Scope(self.case)))

    def outcome_of(self, position: Value) -> str:
        return "P" if self.is_p(self.heaps(position)) else "N"

    def _refuse(self, *_: Any) -> Any:  # the reader declines these before any case
        raise ClaimError("only misère outcomes are read by the quotient method")

    grundy = moves = winning_moves = grundy_of = grundy_in = outcome_in = _refuse


class _Cases(FactCases):
    """Evaluates the claim with one way of deciding misère outcomes."""

    def __init__(self, claim: Claim, is_p: Any) -> None:
        self.claim = claim
        self.is_p = is_p

    def scope(self, case: Mapping[str, Value], expression: Expression) -> Scope:
        facts = _QuotientFacts(self.claim, case, self.is_p)
        if expression.parsed.reads_position:  # built (and validated) first, as ClaimRunner
            facts.heaps(self.claim.position.run(Scope(case)))
        return Scope(case, facts)

    def explain(self, case: Mapping[str, Value]) -> dict[str, Any]:
        _, scope = self.run(self.claim.statement, case)
        shown: dict[str, Any] = {"position": plain(self.claim.position.run(Scope(case)))}
        shown.update((name, plain(value)) for name, value in scope.used.items())
        return shown


def _quotient_is_p(quotient: MisereQuotient) -> Any:
    period = quotient.periodicity
    assert period is not None

    def is_p(heaps: tuple[int, ...]) -> bool:
        x = 0
        for heap in heaps:
            if heap > quotient.upto:  # the heap map repeats: proved for every heap size
                heap = period.preperiod + (heap - period.preperiod) % period.period
            x = quotient.table[x][quotient.heap_map[heap]]
        return x in quotient.p_portion

    return is_p


def _plain_is_p(game: Game) -> Any:
    solver = Solver(game, plain=True, position_limit=RECHECK_POSITIONS)

    def is_p(heaps: tuple[int, ...]) -> bool:
        try:
            return solver.outcome(heaps, Play.MISERE) is Outcome.P
        except SearchLimitError as exc:
            raise SearchLimitError(
                f"the counterexample {list(heaps)} could not be re-checked by the plain "
                f"misère search: {exc}"
            ) from None

    return is_p


def _decide(
    claim: Claim,
    quotient: MisereQuotient,
    periods: Mapping[str, Periodicity],
    box: dict[str, tuple[int, int]],
    extended: list[str],
    meter: Meter | None,
) -> Verdict:
    cases = _Cases(claim, _quotient_is_p(quotient))
    plain_cases = _Cases(claim, _plain_is_p(claim.game))
    counted = [0]
    verdict = check_exhaustive(
        admitted_cases(integer_cases(box), cases, meter, counted),
        cases.holds,
        scope=claim.scope,
        method="quotient",
        recheck=lambda case: not plain_cases.admitted(case) or plain_cases.holds(case),
        explain=cases.explain,
    )
    shown_box = ", ".join(f"{n} = {lo}..{hi}" for n, (lo, hi) in box.items())
    heap_period = quotient.periodicity
    assert heap_period is not None
    details: dict[str, Any] = {
        "quotient": {
            "game": quotient.game,
            "upto": quotient.upto,
            "size": quotient.size,
            "preperiod": heap_period.preperiod,
            "period": heap_period.period,
        },
        "statement_periods": {n: [p.start, p.period] for n, p in periods.items()},
        "box": {n: list(bounds) for n, bounds in box.items()},
    }
    # a refutation rests on the plain search's re-check, not on the quotient
    refuted = verdict.status is Status.REFUTED
    assumes = verdict.assumes if refuted else (*verdict.assumes, _assumption(quotient))
    verdict = Verdict(
        verdict.status,
        "quotient",
        verdict.scope,
        cases=verdict.cases,
        counterexample=verdict.counterexample,
        message=verdict.message,
        details=details,
        assumes=assumes,
    )
    if verdict.status is Status.REFUTED and verdict.counterexample is not None:
        least = ", ".join(f"{n} = {verdict.counterexample[n]}" for n in claim.variables)
        return _with(
            verdict,
            message=f"fails at {least}, the least case of the ranges "
            "(outcomes from the misère quotient, re-checked by the plain misère search)",
        )
    if verdict.status is not Status.PROVED:
        return verdict
    if counted[0] == 0:
        return _with(
            verdict,
            status=Status.UNKNOWN,
            message="no case satisfies assume: the claim is vacuous, nothing was checked",
        )
    summary = (
        f"outcomes from the misère quotient of {quotient.game} (|Q| = {quotient.size}, proved "
        "for every heap size, re-checked independently); checked every case of "
        f"{shown_box} ({verdict.cases:,} cases)"
    )
    if len(extended) == len(claim.variables):
        where = ", ".join(f"{n} >= {claim.ranges[n][0]}" for n in claim.variables)
        if claim.assume is not None:
            where += f" satisfying {claim.assume.text.strip()}"
        return _with(
            verdict,
            scope=UNBOUNDED,
            message=f"holds for every {where} (not only up to the stated bounds): the truth "
            f"repeats in each variable ({_periods_words(periods)}); {summary}",
        )
    return _with(verdict, message=f"holds in every case of the ranges: {summary}")


def _periods_words(periods: Mapping[str, Periodicity]) -> str:
    words = []
    for name, found in periods.items():
        start = "" if found.start is None else f" from {name} = {found.start}"
        words.append(f"period {found.period} in {name}{start}")
    return ", ".join(words)


def _with(verdict: Verdict, **changes: Any) -> Verdict:
    from dataclasses import replace

    return replace(verdict, **changes)
