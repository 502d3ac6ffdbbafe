"""A claim's solver when the game's moves may form cycles: the loopy theory's answers.

A claim on a catalogue game with cycles (``digraph``, ``fair-shares``) is answered by
:class:`~grundy.solve.loopy.LoopySolver` from the start; a claim on any other game by the
exact solver, until that solver meets a cycle (a user's game), after which every answer
comes from the loopy solver.  Where both apply (no cycle below a position) they agree: a
test checks it.  The loopy solver searches sums whole here (``plain``), so a claim's
answers rest on no sum theorem.

In a claim, ``outcome`` is ``'P'``, ``'N'`` or ``'D'`` (a draw), and ``grundy`` is the
finite value, or for an infinite one the text ``'inf{0,2}'`` (``'inf{}'`` when no option
has a finite value): ``grundy == 0`` keeps its meaning, ``outcome == 'D'`` says "drawn".
In a misère claim ``outcome`` is the misère outcome (a player who cannot move wins), by a
retrograde analysis of the whole positions; ``grundy`` stays the normal-play value, as in
every claim.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from grundy.budget import Meter
from grundy.errors import GameNotFiniteError
from grundy.games.base import Game, rules_of
from grundy.games.sums import SumGame
from grundy.solve.loopy import LoopySolver, declares_cycles
from grundy.solve.loopy_values import LoopyOutcome
from grundy.solve.solver import Move, Outcome, Play, Solver
from grundy.verdict import Assumption

__all__ = ["SIZE_LIMIT", "CycleAwareSolver"]

_T = TypeVar("_T")
_U = TypeVar("_U")

SIZE_LIMIT = 5_000_000
"""Most parts (heaps, tokens) the options listed by one claim's loopy search may hold:
a game whose positions grow for ever is stopped (``unknown``), not run out of memory."""


def _may_cycle(game: Game) -> bool:
    """Whether the exact solver might meet a cycle in ``game``: a user's rules may form
    one; the library's own finite games cannot (their moves shrink the position)."""
    if isinstance(game, SumGame):
        return any(_may_cycle(part) for part in game.games)
    rules = rules_of(game)  # None: the object may play moves of its own
    return game.move_graph and (rules is None or rules.__module__.partition(".")[0] != "grundy")


class CycleAwareSolver:
    """The exact solver, handing over to the loopy solver once the game shows a cycle."""

    def __init__(
        self,
        game: Game,
        *,
        position_limit: int,
        move_limit: int,
        meter: Meter | None,
        lemmas_only: bool,
        outcomes_by_search: bool = False,
    ) -> None:
        self.game = game
        self.finite = Solver(
            game,
            position_limit=position_limit,
            move_limit=move_limit,
            meter=meter,
            lemmas_only=lemmas_only,
            outcomes_by_search=outcomes_by_search,
        )
        self._limits = (position_limit, move_limit, meter)
        self._may_cycle = _may_cycle(game)
        self.loopy: LoopySolver | None = None
        self._misere: LoopySolver | None = None  # misère play's outcomes, made when asked
        if declares_cycles(game):
            self._to_loopy()

    def _to_loopy(self) -> LoopySolver:
        if self.loopy is None:
            position_limit, move_limit, meter = self._limits
            self.loopy = LoopySolver(
                self.game,
                position_limit=position_limit,
                move_limit=move_limit,
                meter=meter,
                plain=True,
                size_limit=SIZE_LIMIT,
            )
        return self.loopy

    def _loopy_for(self, play: Play) -> LoopySolver:
        normal = self._to_loopy()
        if play is not Play.MISERE:
            return normal
        if self._misere is None:
            position_limit, move_limit, meter = self._limits
            self._misere = LoopySolver(
                self.game,
                position_limit=position_limit,
                move_limit=move_limit,
                meter=meter,
                plain=True,
                size_limit=SIZE_LIMIT,
                misere=True,
            )
        return self._misere

    def lemmas_used(self) -> tuple[str, ...]:
        return self.finite.lemmas_used()

    def quotients_used(self) -> tuple[Assumption, ...]:
        return self.finite.quotients_used()  # the loopy theory reads no misère quotient

    def grundy_value(self, position: Any) -> int | str:
        return self._finite_else_loopy(
            position,
            Play.NORMAL,
            lambda: self.finite.grundy_value(position),
            lambda loopy: loopy.value(position).claim_value,
        )

    def outcome(self, position: Any, play: Play = Play.NORMAL) -> Outcome | LoopyOutcome:
        return self._finite_else_loopy(
            position,
            play,
            lambda: self.finite.outcome(position, play),
            lambda loopy: loopy.outcome(position),
        )

    def winning_moves(self, position: Any, play: Play = Play.NORMAL) -> list[Move]:
        return self._finite_else_loopy(
            position,
            play,
            lambda: self.finite.winning_moves(position, play),
            lambda loopy: loopy.winning_moves(position),
        )

    def _finite_else_loopy(
        self,
        position: Any,
        play: Play,
        finite: Callable[[], _T],
        loopy: Callable[[LoopySolver], _U],
    ) -> _T | _U:
        """``finite`` by the exact solver until a cycle is met; from then on, and for a
        game that declares cycles, ``loopy`` by the loopy theory."""
        if self.loopy is None:
            try:
                self._finite_first(position, play)
                return finite()
            except GameNotFiniteError:
                pass
        return loopy(self._loopy_for(play))

    def _finite_first(self, position: Any, play: Play) -> None:
        """Meet a cycle, if there is one, before the exact solver notes the lemma
        "value 0 iff P" for an answer it would then not give."""
        if self._may_cycle and play is Play.NORMAL and self.game.reports_grundy:
            self.finite.grundy_value(position)

    def options(self, position: Any) -> Iterator[Any]:
        return self.finite.options(position)
