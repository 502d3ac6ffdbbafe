"""Exact loopy values of games whose moves may form cycles (the generalized theory).

:class:`LoopySolver` answers the questions :class:`~grundy.solve.solver.Solver` answers
(value, outcome, winning moves) for a game whose move graph may have cycles, by Smith's
generalized Sprague-Grundy theory: it lists every position reachable from the one asked
about (within the position and move limits, so a game that fans out for ever ends in a
:class:`~grundy.errors.SearchLimitError`, never a hang), labels that finite graph
(:mod:`grundy.solve.loopy_labels`), and keeps every value it found.  A position that
splits into a sum is valued part by part and combined by the generalized sum rule
(:meth:`~grundy.solve.loopy_values.LoopyValue.plus`); ``plain=True`` searches sums whole,
which the tests use to check the sum rule.

A game is taken as loopy when it says so (:func:`declares_cycles`) or when the finite
solver met a cycle in it (:class:`~grundy.errors.GameNotFiniteError`): the command line and
the claim checker then ask this solver instead.  On a game without cycles both solvers
agree (a test checks it over the catalogue and random graphs).

A game that can list all its positions of one part at once (:meth:`LoopyGame.whole_graph`:
one token on each vertex of a ``digraph``) is labelled whole, once: every later position is
looked up, so a table of every vertex of a graph costs one labelling, linear in its size.

In misère play (``misere=True``) a player who cannot move wins: outcomes (P, N, D) come
from a retrograde analysis of the graph searched whole (:mod:`grundy.solve.loopy_misere`;
misère sums are never split), and no value is given (Grundy values are not defined there).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

from grundy.budget import Meter
from grundy.errors import GameNotFiniteError, InvalidParameterError, SearchLimitError
from grundy.games.base import Game
from grundy.games.loopy_base import LoopyGame, declares_cycles
from grundy.solve.loopy_labels import Labelling, label_graph
from grundy.solve.loopy_misere import NO_MISERE_VALUES, misere_outcomes
from grundy.solve.loopy_values import LoopyOutcome, LoopyValue, sum_of
from grundy.solve.search_limits import too_many_moves, too_many_positions
from grundy.solve.solver import Move

__all__ = ["LoopyAnalysis", "LoopySolver", "declares_cycles"]

_POSITION_STRIDE = 255


@dataclass(frozen=True, slots=True)
class LoopyAnalysis:
    """What the loopy solver says about one position."""

    game: Game
    position: Any
    value: LoopyValue | None  # None in misère play, where values are not defined
    outcome: LoopyOutcome
    winning_moves: tuple[Move, ...]  # to a P-position (none unless the outcome is N)
    drawing_moves: tuple[Move, ...]  # to a D-position (listed when the outcome is D)
    positions_explored: int


@dataclass(frozen=True, slots=True)
class _Graph:
    """Every position reachable from a root, by canonical key, with its options."""

    positions: list[Any]
    keys: list[Hashable]
    successors: list[list[int]]


@dataclass
class LoopySolver:
    """Loopy values of one game's positions, with a memo shared across calls.

    Without limits the search lists every reachable position, however many: for a game
    whose positions may grow without end pass ``position_limit``, ``size_limit`` (parts
    of the options listed) or a ``meter``, as the command line and the claims do.

    >>> from grundy.games.catalogue import create_game
    >>> solver = LoopySolver(create_game("digraph", {"edges": "0>1,1>0,1>2"}))
    >>> str(solver.value((0,))), solver.outcome((0,)).value, str(solver.value((1,)))
    ('0', 'P', '1')
    """

    game: Game
    position_limit: int | None = None
    move_limit: int | None = None
    meter: Meter | None = field(default=None, repr=False, compare=False)
    plain: bool = False
    misere: bool = False
    """Misère play (a player who cannot move wins): outcomes only, see the module's text."""
    size_limit: int | None = None
    """Most parts (the items of canonical positions that are tuples: heaps, tokens) the
    options listed may hold together: a game whose positions grow without end (a heap that
    can split off a new heap for ever) stops here, in seconds, before memory runs out."""
    positions_explored: int = 0
    moves_generated: int = 0
    parts_listed: int = 0
    _values: dict[tuple[Hashable, Hashable], LoopyValue] = field(default_factory=dict, repr=False)
    _outcomes: dict[tuple[Hashable, Hashable], LoopyOutcome] = field(
        default_factory=dict, repr=False
    )  # misère play's
    _whole_done: set[Hashable] = field(default_factory=set, repr=False)  # game keys
    # the whole graph and its counters, per root, for strategies (see strategy_move)
    _strategies: dict[Hashable, tuple[_Graph, Labelling]] = field(default_factory=dict, repr=False)

    # -- values -------------------------------------------------------------------------

    def value(self, position: Any) -> LoopyValue:
        """The loopy value of ``position`` (refused in misère play: there is none)."""
        if self.misere:
            raise InvalidParameterError(f"{self.game.label}: {NO_MISERE_VALUES}")
        position = self.game.check_position(position)
        return self._value(self.game, position)

    def outcome(self, position: Any) -> LoopyOutcome:
        """P, N or D (a draw with best play), in this solver's play."""
        return self._outcome(self.game.check_position(position))

    def _outcome(self, position: Any) -> LoopyOutcome:
        if not self.misere:
            return self._value(self.game, position).outcome
        key = (self.game.key, self.game.canonical(position))
        if key not in self._outcomes:
            self._label_whole(self.game)
        if key not in self._outcomes:
            self._label_from(self.game, position)
        return self._outcomes[key]

    def grundy_value(self, position: Any) -> int:
        """The finite value of ``position``; :class:`~grundy.errors.GameNotFiniteError`
        when it is infinite (ask :meth:`value` for ``∞{K}``)."""
        value = self.value(position)
        if value.nimber is None:
            raise GameNotFiniteError(
                f"{self.game.label}: {self.game.format(position)} has the infinite loopy "
                f"value {value}"
            )
        return value.nimber

    def options(self, position: Any) -> Iterator[Any]:
        """The options of ``position``, counted like the search's own."""
        return self._moves(self.game, self.game.check_position(position))

    def _value(self, game: Game, position: Any) -> LoopyValue:
        parts = None if self.plain else game.components(position)
        if parts is None:
            key = (game.key, game.canonical(position))
            if key not in self._values:
                self._label_whole(game)
            if key not in self._values:
                self._label_from(game, position)
            return self._values[key]
        return sum_of([self._value(part_game, part) for part_game, part in parts])

    def _label_from(self, game: Game, root: Any) -> None:
        graph = self._explore(game, root)
        self._label(game, graph.keys, graph.successors)

    def _label(self, game: Game, keys: list[Hashable], successors: list[list[int]]) -> None:
        """Every listed position's value (its outcome, in misère play), kept by key."""
        tag = game.key
        if self.misere:
            outcomes = misere_outcomes(successors, self._check)
            self._outcomes.update(((tag, key), o) for key, o in zip(keys, outcomes, strict=True))
            return
        labelling = label_graph(successors, self._check)
        self._values.update(
            ((tag, key), value) for key, value in zip(keys, labelling.values, strict=True)
        )

    def _label_whole(self, game: Game) -> None:
        """The game's whole graph of one-part positions labelled once, when it lists one
        (counted against the limits like a search that met every position of it).  A
        whole graph past the limits is left alone: the search from the position asked
        about, which may reach far fewer, then answers or meets the limit itself."""
        if not isinstance(game, LoopyGame) or game.key in self._whole_done:
            return
        self._whole_done.add(game.key)
        whole = game.whole_graph()
        if whole is None:
            return
        keys = whole.positions
        edges = sum(map(len, whole.successors))
        # counted at once, as a search that met each position and move would count them
        # (each option listed is one part)
        limit = self.position_limit
        if limit is not None and self.positions_explored + len(keys) > limit:
            return
        if self.move_limit is not None and self.moves_generated + edges > self.move_limit:
            return
        if self.size_limit is not None and self.parts_listed + edges > self.size_limit:
            return
        self.positions_explored += len(keys)
        self.moves_generated += edges
        self._count_parts(game, (), edges)
        self._check()
        self._label(game, keys, whole.successors)

    def _explore(self, game: Game, root: Any) -> _Graph:
        """Every position reachable from ``root`` (whole positions: sums are not split
        inside the graph, so each vertex's value is that of the whole position)."""
        index: dict[Hashable, int] = {game.canonical(root): 0}
        graph = _Graph([root], [game.canonical(root)], [[]])
        self._count_position(game)
        cursor = 0
        while cursor < len(graph.positions):
            row = graph.successors[cursor]
            for option in self._moves(game, graph.positions[cursor]):
                key = game.canonical(option)
                self._count_parts(game, key)
                found = index.get(key)
                if found is None:
                    found = index[key] = len(graph.positions)
                    graph.positions.append(option)
                    graph.keys.append(key)
                    graph.successors.append([])
                    self._count_position(game)
                row.append(found)
            cursor += 1
        return graph

    # -- moves: winning, drawing, and a strategy that finishes ----------------------------

    def winning_moves(self, position: Any) -> list[Move]:
        """Every move to a P-position (none unless ``position`` is N)."""
        return self._moves_to(position, LoopyOutcome.P)

    def drawing_moves(self, position: Any) -> list[Move]:
        """Every move to a D-position (keeping a draw from a D-position)."""
        return self._moves_to(position, LoopyOutcome.D)

    def _moves_to(self, position: Any, wanted: LoopyOutcome) -> list[Move]:
        position = self.game.check_position(position)
        seen: set[Hashable] = set()
        found = []
        for option, text in self._counted(self.game.labelled_moves(position)):
            key = self.game.canonical(option)
            if key not in seen and self._outcome(option) is wanted:
                seen.add(key)
                found.append(Move(option, text))
        return found

    def analyse(self, position: Any) -> LoopyAnalysis:
        """Value, outcome, winning and drawing moves of ``position``, with the work done."""
        position = self.game.check_position(position)
        before = self.positions_explored
        value = None if self.misere else self.value(position)
        outcome = self._outcome(position)
        winning = tuple(self.winning_moves(position))
        drawing = tuple(self.drawing_moves(position)) if outcome is LoopyOutcome.D else ()
        return LoopyAnalysis(
            self.game,
            position,
            value,
            outcome,
            winning,
            drawing,
            self.positions_explored - before,
        )

    def strategy_move(self, root: Any, position: Any) -> Move | None:
        """The move a best player makes at ``position`` in a game that began at ``root``.

        From an N-position: to a P-position with the smallest counter of the labelling on
        the whole graph from ``root`` (so the win comes in finitely many moves however the
        opponent escapes into cycles); from a D-position: to a D-position (keeping the
        draw); from a P-position: any move (``None`` when there is none).
        """
        game = self.game
        if self.misere:  # the counters that make a win finish are normal play's
            raise InvalidParameterError(
                f"{game.label}: a strategy for misère play of loopy games is not implemented"
            )
        root_key = game.canonical(game.check_position(root))
        if root_key not in self._strategies:
            self._strategies[root_key] = self._whole_graph(root)
        graph, labelling = self._strategies[root_key]
        where = {key: i for i, key in enumerate(graph.keys)}
        at = where.get(game.canonical(position))
        if at is None:
            raise ValueError(f"{game.format(position)} cannot be reached from {root!r}")
        moves = list(self._counted(game.labelled_moves(position)))
        if not moves:
            return None
        values, counters = labelling.values, labelling.counters
        outcome = values[at].outcome

        def rank(move: tuple[Any, str]) -> tuple[int, int]:
            option = where[game.canonical(move[0])]
            value = values[option]
            if outcome is LoopyOutcome.N and value.nimber == 0:
                counter = counters[option]
                return (0, counter if counter is not None else 0)
            if outcome is not LoopyOutcome.N and value.outcome is LoopyOutcome.D:
                return (1, 0)  # a draw kept (from D), or a chance given (from P)
            return (2, 0)

        option, text = min(moves, key=rank)
        return Move(option, text)

    def _whole_graph(self, root: Any) -> tuple[_Graph, Labelling]:
        graph = self._explore(self.game, root)
        return graph, label_graph(graph.successors, self._check)

    # -- limits -------------------------------------------------------------------------

    def _moves(self, game: Game, position: Any) -> Iterator[Any]:
        for option in game.moves(position):
            self._count_move(game)
            yield option

    def _counted(self, moves: Iterator[tuple[Any, str]]) -> Iterator[tuple[Any, str]]:
        for move in moves:
            self._count_move(self.game)
            yield move

    def _count_move(self, game: Game) -> None:
        self.moves_generated += 1
        if self.move_limit is not None and self.moves_generated > self.move_limit:
            raise too_many_moves(game.label, self.move_limit)
        if self.meter is not None:
            self.meter.tick()

    def _check(self) -> None:
        if self.meter is not None:
            self.meter.check()

    def _count_parts(self, game: Game, key: Hashable, parts: int | None = None) -> None:
        """Count the parts of the option ``key`` (or ``parts`` of many options at once)."""
        if parts is None:
            parts = len(key) if isinstance(key, tuple) else 1
        self.parts_listed += parts
        if self.size_limit is not None and self.parts_listed > self.size_limit:
            raise SearchLimitError(
                f"{game.label}: the options listed hold more than {self.size_limit:,} "
                f"parts in all ({self.positions_explored:,} positions, the last with "
                f"{len(key) if isinstance(key, tuple) else 1:,} parts); try a smaller position"
            )

    def _count_position(self, game: Game) -> None:
        self.positions_explored += 1
        if self.position_limit is not None and self.positions_explored > self.position_limit:
            raise too_many_positions(game.label, self.position_limit)
        if self.meter is not None and not self.positions_explored & _POSITION_STRIDE:
            self.meter.check()
