"""Evaluating one claim case by case with the exact solver: the claim's side of every
engine (the predicate ``holds``, ``admitted`` for ``assume``, a fresh re-check and the
values that explain a counterexample), so the engines themselves take plain callables.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from grundy.budget import Meter
from grundy.claims.evaluate import MAX_ITEMS, Scope, Value, plain, short_value, truth, value_size
from grundy.claims.expression import POSITION_NAMES
from grundy.claims.game_facts import grundy_refusal
from grundy.claims.loopy_facts import CycleAwareSolver
from grundy.claims.model import Claim
from grundy.claims.param_family import SPLIT_REFUSAL
from grundy.claims.sequence_facts import certified_grundy, certified_outcome
from grundy.errors import ClaimError, GrundyError, SearchLimitError, UserCodeError
from grundy.games.base import Game
from grundy.games.user import user_written
from grundy.solve.lemmas import SOLVER_LEMMAS
from grundy.usercode import guarded
from grundy.verdict import Assumption, Status, Verdict

if TYPE_CHECKING:
    from grundy.claims.model import Expression

__all__ = ["MOVE_LIMIT", "POSITION_LIMIT", "ClaimRunner", "PositionFacts", "resting_on_lemmas"]

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

    def grundy(self) -> int | str:
        with self._runner.user_code():
            return self._runner.grundy_of(self._position)

    def outcome(self) -> str:
        with self._runner.user_code():
            return self._runner.outcome_of(self._position)

    def moves(self) -> tuple[Value, ...]:
        # Counted against the solver's move limit and budget like a search's own moves.
        with self._runner.user_code():
            return self._runner.canonical_list(self._runner.solver.options(self._position))

    def winning_moves(self) -> tuple[Value, ...]:
        with self._runner.user_code():
            found = self._runner.solver.winning_moves(self._position, self._runner.claim.play)
            return self._runner.canonical_list(move.to for move in found)

    def grundy_of(self, position: Value) -> int | str:
        with self._runner.user_code():
            return self._runner.grundy_of(self._runner.to_position(position))

    def outcome_of(self, position: Value) -> str:
        with self._runner.user_code():
            return self._runner.outcome_of(self._runner.to_position(position))

    def grundy_in(self, game: Game, position: Value) -> int | str:
        _check_grundy(game)  # a named game passes the claim's own game's checks
        with self._runner.user_code(game):
            built = self._runner.to_position(position, game)
            certified = certified_grundy(game, built)  # a heap game's certified sequence
            if certified is not None:
                return certified
            return self._runner.solver_for(game).grundy_value(built)

    def outcome_in(self, game: Game, position: Value) -> str:
        with self._runner.user_code(game):
            built = self._runner.to_position(position, game)
            play = self._runner.claim.play
            certified = certified_outcome(game, built, play)
            if certified is not None:
                return certified
            return self._runner.solver_for(game).outcome(built, play).value


class ClaimRunner:
    """Evaluates one claim's expressions case by case, with one shared solver."""

    def __init__(self, claim: Claim, meter: Meter | None = None) -> None:
        if claim.split is not None:  # its game is one per value: see grundy.claims.per_value
            raise ClaimError(f"claim {claim.id!r}: {SPLIT_REFUSAL}")
        self.claim = claim
        self.meter = meter
        self.solver = self._new_solver(claim.game)
        # Answers by canonical position: many cases of a domain are the same position
        # (heaps in another order), and a dict lookup is far cheaper than the solver's.
        self._grundy: dict[Any, int | str] = {}
        self._outcome: dict[Any, str] = {}
        self._named: dict[Game, CycleAwareSolver] = {}

    def user_code(self, game: Game | None = None) -> AbstractContextManager[None]:
        """Where a game's own code runs for the claim: a user's game (``--games``) that
        fails there fails as :class:`~grundy.errors.UserCodeError` naming it, never as
        an error of the claim's expression (grundy's own games: nothing changes)."""
        name = user_written(game or self.claim.game)
        return nullcontext() if name is None else guarded(f"game {name!r}")

    def solver_for(self, game: Game) -> CycleAwareSolver:
        """A solver for another game named in an expression (``g("kayles", [k])``)."""
        if game == self.claim.game:
            return self.solver
        if game not in self._named:
            self._named[game] = self._new_solver(game)
        return self._named[game]

    def _new_solver(self, game: Game) -> CycleAwareSolver:
        # Closed forms only where the library proves them, so every shortcut the answers
        # rest on is a lemma the verdict can name; outcomes searched from the rules where
        # that needs no lemma at all (solve/outcome_search.py); a game with cycles gets
        # the loopy theory.
        return CycleAwareSolver(
            game,
            position_limit=POSITION_LIMIT,
            move_limit=MOVE_LIMIT,
            meter=self.meter,
            lemmas_only=True,
            outcomes_by_search=True,
        )

    def lemmas_used(self) -> tuple[Assumption, ...]:
        """The library theorems the solvers' answers rested on, with their scopes."""
        used = set(self.solver.lemmas_used())
        quotients = set(self.solver.quotients_used())  # verified misère quotients
        for solver in self._named.values():
            used.update(solver.lemmas_used())
            quotients.update(solver.quotients_used())
        lemmas = tuple(Assumption(lemma, SOLVER_LEMMAS[lemma]) for lemma in sorted(used))
        return lemmas + tuple(sorted(quotients, key=lambda a: a.id))

    def grundy_of(self, position: Any) -> int | str:
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
            with self.user_code(game):
                return game.from_value(data)
        except UserCodeError:
            raise
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
            return Scope(case, meter=self.meter)
        position = None
        if parsed.reads_position:
            position = self.to_position(self.claim.position.run(Scope(case, meter=self.meter)))
        return Scope(case, PositionFacts(self, position), meter=self.meter)

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


def resting_on_lemmas(verdict: Verdict, runner: ClaimRunner) -> Verdict:
    """The verdict, naming the lemmas behind the solver's answers it was computed from
    (a counterexample rests on them as much as a proof does)."""
    if verdict.status not in (Status.PROVED, Status.REFUTED, Status.UNREFUTED):
        return verdict
    extra = [a for a in runner.lemmas_used() if a not in verdict.assumes]
    return replace(verdict, assumes=(*verdict.assumes, *extra)) if extra else verdict
