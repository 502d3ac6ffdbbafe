"""Outcomes straight from the rules, resting on no theorem.

A position is P when every option is N, and N when some option is P; a position with no
move is P in normal play and N in misère play.  The solver's misère outcomes always come
from this search.  The solver otherwise reads normal-play outcomes off Grundy values ("value
0 exactly at P-positions") and values a sum part by part (the sum rule), both theorems of
the library that a verdict then names; a claim that asks only who wins need not rest on
either.  The search looks at whole positions, so a sum of several parts can have vastly
more positions than its parts together: a solver allowed the sum rule stops the search at
the first sum it meets and answers from Grundy values instead, while a ``plain`` solver
(which rests on no theorem at all) searches sums whole.  A game valued by a closed form or
a region engine is left to those too: searching it position by position could take far
longer.

:class:`~grundy.solve.solver.Solver` asks :func:`outcome_search_for` for the search (or
none); tests/core/test_outcome_search.py checks it against the Grundy path.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from grundy.errors import GameNotFiniteError
from grundy.games.base import Game

__all__ = ["OutcomeSearch", "outcome_search_for", "searches_outcomes"]


class _Solver(Protocol):
    """What the search takes from :class:`~grundy.solve.solver.Solver`."""

    game: Game
    plain: bool
    outcomes_by_search: bool
    lemmas_only: bool

    def _moves(self, game: Game, position: Any) -> Iterator[Any]: ...

    def _count_position(self) -> None: ...


def outcome_search_for(solver: _Solver, *, region_engine: bool) -> OutcomeSearch | None:
    """The search for ``solver``'s normal-play outcomes, counted against its limits and
    budget, or ``None`` when the solver reads them off Grundy values
    (:func:`searches_outcomes`)."""
    game = solver.game
    if not searches_outcomes(
        game,
        plain=solver.plain,
        asked=solver.outcomes_by_search,
        lemmas_only=solver.lemmas_only,
        region_engine=region_engine,
    ):
        return None
    return OutcomeSearch(
        game, lambda position: solver._moves(game, position), solver._count_position, solver.plain
    )


def searches_outcomes(
    game: Game, *, plain: bool, asked: bool, lemmas_only: bool, region_engine: bool
) -> bool:
    """Whether a solver finds ``game``'s normal-play outcomes by the search: always when
    it is ``plain``; when ``asked`` (``Solver(outcomes_by_search=True)``), unless the game
    has no move graph, or the solver would value it by a closed form or a region engine."""
    if not game.move_graph:
        return False
    if plain:
        return True
    closed_form = game.closed_form_applies() and (
        game.closed_form_lemma() is not None or not lemmas_only
    )
    return asked and not closed_form and not region_engine


@dataclass(slots=True)
class _Frame:
    key: Hashable
    options: Iterator[Any]
    waiting_for: Hashable | None = None
    has_moves: bool = False


@dataclass
class OutcomeSearch:
    """The search for one solver: ``moves`` and ``count_position`` are the solver's, so
    its limits and budget hold here too.  ``whole_sums``: search sums whole (a plain
    solver, or misère play) instead of stopping at them.  ``misere``: the player who
    cannot move wins, so a position with no move is N (the solver's misère outcomes
    come from here too).  ``shortcut(position)`` may answer a position asked for before
    it is searched (the solver's region engines, in misère play)."""

    game: Game
    moves: Callable[[Any], Iterator[Any]]
    count_position: Callable[[], None]
    whole_sums: bool
    misere: bool = False
    shortcut: Callable[[Any], bool | None] | None = None
    # canonical position -> the mover wins; None: the position reaches a sum the search
    # leaves to Grundy values
    _next_wins: dict[Hashable, bool | None] = field(default_factory=dict, repr=False)

    def next_wins(self, position: Any) -> bool | None:
        """Whether the player to move at ``position`` wins (N), or ``None`` when the search
        stops at a sum and the answer must come from Grundy values."""
        game, memo = self.game, self._next_wins
        root = game.canonical(position)
        if root in memo:
            return memo[root]
        if self.shortcut is not None and (known := self.shortcut(position)) is not None:
            return known
        if self._stops_at(position):
            memo[root] = None
            return None
        self.count_position()
        stack = [_Frame(root, self.moves(position))]
        on_stack = {root}
        while stack:
            frame = stack[-1]
            if frame.waiting_for is not None:
                answer = memo[frame.waiting_for]
                if answer is None:
                    return self._stopped(stack)
                if not answer:  # a move to a P-position wins
                    self._settle(stack, on_stack, True)
                    continue
                frame.waiting_for = None
            pushed = settled = False
            for option in frame.options:
                frame.has_moves = True
                key = game.canonical(option)
                if key in memo:
                    answer = memo[key]
                    if answer is None:
                        return self._stopped(stack)
                    if not answer:
                        self._settle(stack, on_stack, True)
                        settled = True
                        break
                    continue
                if key in on_stack:
                    raise GameNotFiniteError(
                        f"{game.label}: position {game.format(option)} can be reached from "
                        "itself, so the game need not end"
                    )
                if self._stops_at(option):
                    memo[key] = None
                    return self._stopped(stack)
                frame.waiting_for = key
                self.count_position()
                stack.append(_Frame(key, self.moves(option)))
                on_stack.add(key)
                pushed = True
                break
            if not (pushed or settled):  # every option is N, or there is none
                self._settle(stack, on_stack, self.misere and not frame.has_moves)
        return memo[root]

    def winning_moves(
        self, position: Any, labelled: Iterable[tuple[Any, str]]
    ) -> list[tuple[Any, str]] | None:
        """The moves among ``labelled`` (those of ``position``) to a P-position, or ``None``
        when the search stops at a sum for the position or one of its options."""
        next_wins = self.next_wins(position)
        if not next_wins:
            return None if next_wins is None else []  # from a P-position no move wins
        winning = []
        for option, text in labelled:
            next_wins = self.next_wins(option)
            if next_wins is None:
                return None
            if not next_wins:
                winning.append((option, text))
        return winning

    def _stops_at(self, position: Any) -> bool:
        if self.whole_sums:
            return False
        parts = self.game.components(position)
        return parts is not None and len(parts) > 1

    def _settle(self, stack: list[_Frame], on_stack: set[Hashable], next_wins: bool) -> None:
        frame = stack.pop()
        on_stack.discard(frame.key)
        self._next_wins[frame.key] = next_wins

    def _stopped(self, stack: list[_Frame]) -> bool | None:
        """Every position on the stack reaches a sum: each is left to Grundy values."""
        for frame in stack:
            self._next_wins[frame.key] = None
        return None
