"""Evaluating a one-variable claim with ``G`` of single heaps from a table (certified
values, or the plain solver's first values), and re-checking a case with a fresh exact
solver."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from grundy.budget import Meter
from grundy.certify.certified_values import CertifiedValues
from grundy.claims.evaluate import Scope, Value, plain, truth
from grundy.claims.expression import POSITION_NAMES
from grundy.claims.game_facts import grundy_refusal
from grundy.claims.model import Claim, Expression
from grundy.claims.sequence_facts import certified_grundy, certified_outcome
from grundy.claims.statement_period import Declined
from grundy.errors import ClaimError, GrundyError
from grundy.games.base import Game
from grundy.solve import Play, Solver

__all__ = ["DIRECT_RECHECK_HEAPS", "BeyondTable", "TableCases", "direct_recheck"]

DIRECT_RECHECK_HEAPS = 300
"""Largest heap a counterexample is re-checked on as it is; larger ones are reduced by p."""


class BeyondTable(Exception):
    """A scan needed a heap beyond the values it has; it stops there."""


class _TableFacts:
    """Position facts of one case, with ``G`` of single heaps from ``value_of``."""

    def __init__(
        self, claim: Claim, case: Mapping[str, Value], value_of: Callable[[int], int]
    ) -> None:
        self.claim = claim
        self.case = case
        self.value_of = value_of

    def heap(self, value: Value) -> int:
        data = plain(value)
        try:
            position = self.claim.game.from_value(data)
        except GrundyError as exc:
            raise ClaimError(
                f"claim {self.claim.id!r}: {data!r} is not a position of "
                f"{self.claim.game.label}: {exc}"
            ) from None
        if len(position) != 1:
            raise Declined(f"the position {data!r} is not a single heap")
        return int(position[0])

    def grundy(self) -> int:
        return self.grundy_of(self.claim.position.run(Scope(self.case)))

    def outcome(self) -> str:
        return self.outcome_of(self.claim.position.run(Scope(self.case)))

    def moves(self) -> tuple[Value, ...]:
        raise Declined("moves are not read by this method")

    def winning_moves(self) -> tuple[Value, ...]:
        raise Declined("winning moves are not read by this method")

    def grundy_of(self, position: Value) -> int:
        refusal = grundy_refusal(self.claim.game)  # the same rule as the exact solver's cases
        if refusal is not None:
            raise ClaimError(refusal)
        return self.value_of(self.heap(position))

    def grundy_in(self, game: Game, position: Value) -> int:
        found = certified_grundy(game, self.named(game, position))
        if found is None:
            raise Declined(f"{game.label} has no certified period to read its values from")
        return found

    def outcome_in(self, game: Game, position: Value) -> str:
        found = certified_outcome(game, self.named(game, position), self.claim.play)
        if found is None:
            raise Declined(f"outcomes of {game.label} are not read by this method")
        return found

    def named(self, game: Game, position: Value) -> object:
        """A position of another named game, as ``g('0.07', [k])`` gives it."""
        data = plain(position)
        try:
            return game.from_value(data)
        except GrundyError as exc:
            raise ClaimError(
                f"claim {self.claim.id!r}: {data!r} is not a position of {game.label}: {exc}"
            ) from None

    def outcome_of(self, position: Value) -> str:
        if self.claim.play is not Play.NORMAL:
            raise Declined("misere outcomes are not read by this method")
        return "P" if self.grundy_of(position) == 0 else "N"


class FactCases:
    """Evaluates a claim's statement and assume for one case, the position facts coming from
    :meth:`scope` (a table of values, or a misère quotient)."""

    claim: Claim

    def scope(self, case: Mapping[str, Value], expression: Expression) -> Scope:
        raise NotImplementedError

    def run(self, expression: Expression, case: Mapping[str, Value]) -> tuple[bool, Scope]:
        scope = self.scope(case, expression)
        return truth(expression.run(scope)), scope

    def admitted(self, case: Mapping[str, Value]) -> bool:
        return self.claim.assume is None or self.run(self.claim.assume, case)[0]

    def holds(self, case: Mapping[str, Value]) -> bool:
        return self.run(self.claim.statement, case)[0]


def admitted_cases(
    candidates: Iterable[dict[str, int]],
    cases: FactCases,
    meter: Meter | None,
    counted: list[int],
) -> Iterator[dict[str, int]]:
    """The candidates the claim's assume admits, counted in ``counted[0]``; ``meter`` is
    checked before each (a case may cost a comprehension's 100,000 steps)."""
    for case in candidates:
        if meter is not None:
            meter.check()
        if cases.admitted(case):
            counted[0] += 1
            yield case


class TableCases(FactCases):
    """Evaluates the claim for values of its variable, with one way of finding ``G``."""

    def __init__(self, claim: Claim, value_of: Callable[[int], int]) -> None:
        self.claim = claim
        self.value_of = value_of

    def scope(self, case: Mapping[str, Value], expression: Expression) -> Scope:
        facts = _TableFacts(self.claim, case, self.value_of)
        if expression.parsed.reads_position:  # built (and validated) first, as ClaimRunner
            facts.heap(self.claim.position.run(Scope(case)))  # does: never outside assume
        return Scope(case, facts)

    def explain(self, case: Mapping[str, Value]) -> dict[str, Any]:
        """The position and every fact the statement used (as ``ClaimRunner.explain``)."""
        _, scope = self.run(self.claim.statement, case)
        shown: dict[str, Any] = {}
        if self.claim.position_given or any(name in POSITION_NAMES for name in scope.used):
            shown["position"] = plain(self.claim.position.run(Scope(case)))
        for name, value in scope.used.items():
            shown[name] = plain(value)
        return shown


def direct_recheck(claim: Claim, table: CertifiedValues | None) -> Callable[[Any], bool]:
    """Re-evaluation with a fresh exact solver; heaps beyond
    :data:`DIRECT_RECHECK_HEAPS` are first reduced by the certified period."""
    solver = Solver(claim.game)

    def value_of(heap: int) -> int:
        if table is not None and heap > DIRECT_RECHECK_HEAPS:
            heap = table.reduced(heap)
        return solver.grundy_value((heap,))

    cases = TableCases(claim, value_of)

    def recheck(case: Any) -> bool:
        return not cases.admitted(case) or cases.holds(case)

    return recheck
