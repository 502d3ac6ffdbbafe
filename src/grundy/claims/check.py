"""Checking a claim: its domain, the engines, and the verdict.

The domain is every assignment of the claim's variables within ``range`` that satisfies
``assume``, ordered by the sum of the variables and then lexicographically in ``vars``
order; the first failing case is therefore the minimal counterexample, and it is
re-evaluated from scratch (a fresh solver) before it is reported.

``method``:

* ``exhaustive``: every case; refused when the domain has more than
  :data:`EXHAUSTIVE_LIMIT` assignments;
* ``random``: hypothesis with the seed; ``unrefuted`` at best, never ``proved``;
* ``z3``: a symbolic translation where the game has one (normal-play Nim, see
  :mod:`grundy.claims.z3_translate`); what it cannot express is ``unknown``;
* ``certificate``: one heap size ``n`` of a heap game, decided for every ``n`` from a
  certified period of the Grundy sequence (see :mod:`grundy.claims.periodic`); a claim
  it does not cover is ``unknown`` with the reason;
* ``auto``: exhaustive up to :data:`AUTO_EXHAUSTIVE_LIMIT` cases (fewer with ``quick``),
  otherwise Z3 where possible, then the certificate method, then random search; the
  verdict's method says what ran.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from grundy.budget import Budget, Meter
from grundy.claims.evaluate import (
    MAX_ITEMS,
    Scope,
    Value,
    plain,
    short_value,
    truth,
    value_size,
)
from grundy.claims.expression import POSITION_NAMES
from grundy.claims.game_facts import grundy_refusal
from grundy.claims.model import BadClaim, Claim, Method
from grundy.claims.sampling import none_admitted, random_examples
from grundy.errors import BudgetExceededError, ClaimError, GrundyError, SearchLimitError
from grundy.games.base import Game
from grundy.settings import CheckSettings
from grundy.solve import Solver
from grundy.solve.lemmas import SOLVER_LEMMAS, collecting_lemmas, resting_on
from grundy.verdict import Assumption, Status, Verdict, combine_verdicts
from grundy.verify.exhaustive import check_exhaustive, holds_in_all, integer_cases

if TYPE_CHECKING:
    from grundy.claims.model import Expression
    from grundy.claims.periodic import NotApplicable

__all__ = [
    "AUTO_EXHAUSTIVE_LIMIT",
    "EXHAUSTIVE_LIMIT",
    "POSITION_LIMIT",
    "QUICK_EXHAUSTIVE_LIMIT",
    "ClaimRunner",
    "check_claim",
]

EXHAUSTIVE_LIMIT = 5_000_000
"""Largest domain ``method = "exhaustive"`` accepts."""

AUTO_EXHAUSTIVE_LIMIT = 1_000_000
"""Largest domain ``method = "auto"`` checks exhaustively."""

QUICK_EXHAUSTIVE_LIMIT = 100_000
"""The same, with ``quick`` settings (CI)."""

POSITION_LIMIT = 1_000_000
"""Most positions one claim's solver may explore (memory stays a few hundred MB)."""

MOVE_LIMIT = 2_000_000
"""Most moves one claim's solver may generate: a huge heap of Grundy's game has that many
options in a single position, which the position limit alone would not catch in time."""

_CACHE_LIMIT = 200_000


class PositionFacts:
    """The facts of one case's position, computed on first use with the claim's solver."""

    __slots__ = ("_position", "_runner")

    def __init__(self, runner: ClaimRunner, position: Any) -> None:
        # position: None when the expression never reads it (only g(...) and the like)
        self._runner = runner
        self._position = position

    def grundy(self) -> int:
        return self._runner.grundy_of(self._position)

    def outcome(self) -> str:
        return self._runner.outcome_of(self._position)

    def moves(self) -> tuple[Value, ...]:
        # Counted against the solver's move limit and budget like a search's own moves.
        return self._runner.canonical_list(self._runner.solver.options(self._position))

    def winning_moves(self) -> tuple[Value, ...]:
        found = self._runner.solver.winning_moves(self._position, self._runner.claim.play)
        return self._runner.canonical_list(move.to for move in found)

    def grundy_of(self, position: Value) -> int:
        return self._runner.grundy_of(self._runner.to_position(position))

    def outcome_of(self, position: Value) -> str:
        return self._runner.outcome_of(self._runner.to_position(position))

    def grundy_in(self, game: Game, position: Value) -> int:
        _check_grundy(game)  # a named game passes the claim's own game's checks
        return self._runner.solver_for(game).grundy_value(self._runner.to_position(position, game))

    def outcome_in(self, game: Game, position: Value) -> str:
        solver = self._runner.solver_for(game)
        return solver.outcome(
            self._runner.to_position(position, game), self._runner.claim.play
        ).value


class ClaimRunner:
    """Evaluates one claim's expressions case by case, with one shared solver."""

    def __init__(self, claim: Claim, meter: Meter | None = None) -> None:
        self.claim = claim
        self.meter = meter
        self.solver = self._new_solver(claim.game)
        # Answers by canonical position: many cases of a domain are the same position
        # (heaps in another order), and a dict lookup is far cheaper than the solver's.
        self._grundy: dict[Any, int] = {}
        self._outcome: dict[Any, str] = {}
        self._named: dict[Game, Solver] = {}

    def solver_for(self, game: Game) -> Solver:
        """A solver for another game named in an expression (``g("kayles", [k])``)."""
        if game == self.claim.game:
            return self.solver
        if game not in self._named:
            self._named[game] = self._new_solver(game)
        return self._named[game]

    def _new_solver(self, game: Game) -> Solver:
        # Closed forms only where the library proves them, so every shortcut the answers
        # rest on is a lemma the verdict can name.
        return Solver(
            game,
            position_limit=POSITION_LIMIT,
            move_limit=MOVE_LIMIT,
            meter=self.meter,
            lemmas_only=True,
        )

    def lemmas_used(self) -> tuple[Assumption, ...]:
        """The library theorems the solvers' answers rested on, with their scopes."""
        used = set(self.solver.lemmas_used())
        for solver in self._named.values():
            used.update(solver.lemmas_used())
        return tuple(Assumption(lemma, SOLVER_LEMMAS[lemma]) for lemma in sorted(used))

    def grundy_of(self, position: Any) -> int:
        _check_grundy(self.claim.game)
        key = self.claim.game.canonical(position)
        found = self._grundy.get(key)
        if found is None:
            found = self.solver.grundy_value(position)
            self._remember(self._grundy, key, found)
        return found

    def outcome_of(self, position: Any) -> str:
        key = self.claim.game.canonical(position)
        found = self._outcome.get(key)
        if found is None:
            found = self.solver.outcome(position, self.claim.play).value
            self._remember(self._outcome, key, found)
        return found

    @staticmethod
    def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()  # bounded memory; the solver keeps its own memo anyway
        cache[key] = value

    def fresh(self) -> ClaimRunner:
        """A runner with a new solver: for re-checking a counterexample independently."""
        return ClaimRunner(self.claim, self.meter)

    def to_position(self, value: Value, game: Game | None = None) -> Any:
        game = game or self.claim.game
        data = plain(value)
        try:
            return game.from_value(data)
        except GrundyError as exc:
            raise ClaimError(
                f"claim {self.claim.id!r}: {short_value(value)} is not a position of "
                f"{game.label}: {exc}"
            ) from None

    def canonical_list(self, positions: Any) -> tuple[Value, ...]:
        """Positions as sorted, distinct canonical values (tuples), for ``moves``.

        The list is bounded like every list a claim builds (:data:`MAX_ITEMS`, nested
        items counted): a longer one raises :class:`SearchLimitError`.
        """
        game = self.claim.game
        keys: set[Value] = set()
        size = 0
        for position in positions:
            key = _as_value(game.canonical(position))
            if key not in keys:
                size += 1 + value_size(key)
                if size > MAX_ITEMS:
                    raise SearchLimitError(
                        f"{game.label}: the list of moves would have more than {MAX_ITEMS:,} "
                        "items (nested items counted), the limit of any list in a claim"
                    )
                keys.add(key)
        return tuple(sorted(keys, key=repr))

    def scope_for(self, case: Mapping[str, Value], expression: Expression | None = None) -> Scope:
        """A scope for evaluating ``expression`` (the statement by default) at ``case``.

        The position is built (and so validated) only if that expression reads it: a
        case that ``assume`` excludes never has its position built.
        """
        parsed = (expression or self.claim.statement).parsed
        if not parsed.uses_position:
            return Scope(case)
        position = None
        if parsed.reads_position:
            position = self.to_position(self.claim.position.run(Scope(case)))
        return Scope(case, PositionFacts(self, position))

    def admitted(self, case: Mapping[str, Value]) -> bool:
        """Whether ``case`` satisfies ``assume`` (always, without one); each case is
        also where the claim's budget is checked."""
        if self.meter is not None:
            self.meter.check()
        if self.claim.assume is None:
            return True
        return truth(self.claim.assume.run(self.scope_for(case, self.claim.assume)))

    def holds(self, case: Mapping[str, Value]) -> bool:
        return truth(self.claim.statement.run(self.scope_for(case)))

    def explain(self, case: Mapping[str, Value]) -> dict[str, Any]:
        """The values that break the statement: the position and every name it used."""
        claim = self.claim
        scope = self.scope_for(case)
        claim.statement.run(scope)
        shown: dict[str, Any] = {}
        if claim.position_given or any(name in POSITION_NAMES for name in scope.used):
            shown["position"] = plain(claim.position.run(Scope(case)))
        for name, value in scope.used.items():
            shown[name] = plain(value)
        return shown


def _check_grundy(game: Game) -> None:
    refusal = grundy_refusal(game)
    if refusal is not None:
        raise ClaimError(refusal)


def _as_value(key: Any) -> Value:
    if isinstance(key, (list, tuple)):
        return tuple(_as_value(item) for item in key)
    return key


def check_claim(
    claim: Claim | BadClaim, settings: CheckSettings, progress: Callable[[int], None] | None = None
) -> Verdict:
    """The verdict on one claim (a malformed claim gives an ``error`` verdict)."""
    if isinstance(claim, BadClaim):
        return Verdict(Status.ERROR, "none", message=claim.problem)
    budget = Budget(settings.claim_seconds, settings.claim_memory)
    try:
        # Every solver answer the verdict rests on is named, whichever solver gave it (a
        # re-check's, a scan's) and whatever ran before: the same alone, in a file, on any
        # number of jobs.
        with collecting_lemmas() as lemmas:
            verdict = _check(claim, settings, progress, budget.start())
        return resting_on(verdict, lemmas)
    except BudgetExceededError as exc:
        return Verdict(
            Status.UNKNOWN, claim.method.value, claim.scope, message=_budget_message(exc)
        )
    except SearchLimitError as exc:  # a resource limit: honest "unknown", not an error
        return Verdict(Status.UNKNOWN, claim.method.value, claim.scope, message=str(exc))
    except GrundyError as exc:
        return Verdict(Status.ERROR, claim.method.value, claim.scope, message=str(exc))


def _budget_message(exc: BudgetExceededError, finished: str = "") -> str:
    done = f"; {finished}" if finished else ""
    return (
        f"stopped: {exc} (the budget of each claim; raise it with --claim-seconds or "
        f"--claim-memory){done}"
    )


def _check(
    claim: Claim,
    settings: CheckSettings,
    progress: Callable[[int], None] | None,
    meter: Meter | None = None,
) -> Verdict:
    size = claim.domain_size
    method = claim.method
    if method is Method.EXHAUSTIVE:
        if size > EXHAUSTIVE_LIMIT:
            raise ClaimError(
                f"claim {claim.id!r}: the domain has {size:,} cases, more than the "
                f'{EXHAUSTIVE_LIMIT:,} an exhaustive check takes; use method = "auto" or '
                '"random", or narrow the range'
            )
        return _exhaustive(claim, progress, meter)
    if method is Method.RANDOM:
        return _random(claim, settings, meter)
    if method is Method.Z3:
        return _z3(claim, settings)
    if method is Method.CERTIFICATE:
        decided = _certificate(claim, settings)
        if isinstance(decided, Verdict):
            return decided
        return Verdict(Status.UNKNOWN, "certificate", claim.scope, message=decided.reason)
    limit = QUICK_EXHAUSTIVE_LIMIT if settings.quick else AUTO_EXHAUSTIVE_LIMIT
    if size <= limit:
        return _exhaustive(claim, progress, meter)
    tried = [_z3(claim, settings)]
    if tried[0].status in (Status.PROVED, Status.REFUTED):
        return _auto_note(tried[0], size, limit)
    decided = _certificate(claim, settings)
    if isinstance(decided, Verdict):
        return _auto_note(decided, size, limit)
    tried.append(_certified_random(claim, settings, decided) or _random(claim, settings, meter))
    verdict = _auto_note(combine_verdicts(tried), size, limit)
    if len(claim.variables) == 1:  # say why the certificate method did not decide it
        verdict = replace(verdict, message=f"{verdict.message}; certificate: {decided.reason}")
    return verdict


def _auto_note(verdict: Verdict, size: int, limit: int) -> Verdict:
    note = f"auto: {size:,} cases is more than {limit:,} for an exhaustive check"
    parts = [p.message for p in verdict.parts] if verdict.parts else [verdict.message]
    return replace(verdict, message=note + "; " + "; ".join(m for m in parts if m))


def _exhaustive(
    claim: Claim, progress: Callable[[int], None] | None, meter: Meter | None = None
) -> Verdict:
    runner = ClaimRunner(claim, meter)
    counter = [0]

    def cases() -> Any:
        for case in integer_cases(claim.ranges):
            counter[0] += 1
            if progress is not None and counter[0] % 50_000 == 0:
                progress(counter[0])
            if runner.admitted(case):
                yield case

    try:
        verdict = check_exhaustive(
            cases(),
            runner.holds,
            scope=claim.scope,
            recheck=lambda case: runner.fresh().holds(case),
            explain=runner.explain,
        )
    except BudgetExceededError as exc:
        finished = f"no counterexample among the first {max(counter[0] - 1, 0):,} cases"
        return Verdict(
            Status.UNKNOWN,
            "exhaustive",
            claim.scope,
            cases=max(counter[0] - 1, 0),
            message=_budget_message(exc, finished),
        )
    verdict = _resting_on(verdict, runner)
    if claim.assume is not None and verdict.status is Status.PROVED:
        verdict = replace(
            verdict,
            message=holds_in_all(
                verdict.cases or 0, f" satisfying assume (of {counter[0]:,} in the ranges)"
            ),
        )
    if verdict.status is Status.PROVED and verdict.cases == 0:
        verdict = replace(
            verdict,
            status=Status.UNKNOWN,
            message="no case satisfies assume: the claim is vacuous, nothing was checked",
        )
    return verdict


def _random(claim: Claim, settings: CheckSettings, meter: Meter | None = None) -> Verdict:
    from hypothesis import strategies as st

    from grundy.verify.random_search import search_random

    runner = ClaimRunner(claim, meter)
    strategy = st.fixed_dictionaries(
        {name: st.integers(low, high) for name, (low, high) in claim.ranges.items()}
    )
    errors: list[GrundyError] = []
    evaluated = [0]  # cases evaluated in full before any stop
    admitted = [0]  # of those, cases that satisfy assume

    def holds(case: Mapping[str, Any]) -> bool:
        # Cases outside assume count as holding; an evaluation error stops the search,
        # and the draws after it are not evaluated at all.
        if errors:
            return True
        try:
            inside = runner.admitted(case)
            admitted[0] += inside
            result = not inside or runner.holds(case)
        except GrundyError as exc:  # a bad case or a resource limit: stop the search
            errors.append(exc)
            return True
        evaluated[0] += 1
        return result

    examples = random_examples(settings)
    verdict = search_random(
        strategy,
        holds,
        seed=settings.seed,
        examples=examples,
        scope="random: " + claim.scope.removeprefix("bounded: "),
        recheck=lambda case: runner.fresh().holds(case),
        explain=runner.explain,
        size=lambda case: max((abs(v) for v in case.values()), default=0),
    )
    if errors and isinstance(errors[0], (BudgetExceededError, SearchLimitError)):
        # the verdict counted every draw; only those before the stop were checked
        stopped = replace(
            verdict,
            status=Status.UNKNOWN,
            counterexample=None,
            cases=evaluated[0],
            details={k: v for k, v in verdict.details.items() if k != "largest_size"},
        )
        if isinstance(errors[0], BudgetExceededError):
            found = "random search found no counterexample before"
            return replace(stopped, message=_budget_message(errors[0], found))
        return replace(stopped, message=f"random search stopped at a resource limit: {errors[0]}")
    if errors:
        raise errors[0]
    if verdict.status is Status.UNREFUTED and admitted[0] == 0:
        return none_admitted(verdict)
    return _resting_on(verdict, runner)


def _resting_on(verdict: Verdict, runner: ClaimRunner) -> Verdict:
    """The verdict, naming the lemmas behind the solver's answers it was computed from
    (a counterexample rests on them as much as a proof does)."""
    if verdict.status not in (Status.PROVED, Status.REFUTED, Status.UNREFUTED):
        return verdict
    extra = [a for a in runner.lemmas_used() if a not in verdict.assumes]
    return replace(verdict, assumes=(*verdict.assumes, *extra)) if extra else verdict


def _z3(claim: Claim, settings: CheckSettings) -> Verdict:
    from grundy.claims.z3_translate import prove_claim_z3

    return prove_claim_z3(claim, settings, ClaimRunner(claim))


def _certificate(claim: Claim, settings: CheckSettings) -> Verdict | NotApplicable:
    """The certificate method's verdict, or why it does not apply."""
    from grundy.claims.periodic import check_by_certificate

    return check_by_certificate(claim, settings)


def _certified_random(
    claim: Claim, settings: CheckSettings, declined: NotApplicable
) -> Verdict | None:
    """Random search with certified values where the game has them (huge heaps are
    then a table look-up, not a solve); ``None`` otherwise."""
    if declined.values is None:
        return None
    from grundy.claims.periodic import random_with_certified_values

    return random_with_certified_values(claim, settings, declined.values)
