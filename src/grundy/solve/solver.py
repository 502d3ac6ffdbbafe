"""One exact solver for any game given by its moves.

Grundy values are computed by an iterative depth-first search (no recursion limit),
memoised on canonical positions.  Positions that split into a disjunctive sum are valued
part by part and combined by nim-sum (the Sprague-Grundy theorem), so only the atomic
parts are ever searched.  Misère outcomes do not decompose this way and are found by a
separate search over whole positions (:mod:`grundy.solve.outcome_search`).

A specialised engine may be registered for a game class (``register_region_engine``): when
the solver meets a position it has not valued, the engine may solve a whole region around it
at once (Chomp: every diagram inside a box); the solver then reads values from that region
instead of searching.  ``Solver(game, use_engines=False)`` is the search without engines,
which tests use as the reference for every engine; ``Solver(game, plain=True)`` also
searches sums whole and ignores closed forms, so its values and outcomes rest on no
theorem at all (what a check of the sum rule itself must use).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from grundy.budget import Meter
from grundy.errors import GameNotFiniteError, SearchLimitError
from grundy.games.base import Game, rules_of
from grundy.nimber import mex
from grundy.notebook_html import html_of
from grundy.progress import POSITION_STEP, ProgressCallback
from grundy.solve.arguments import check_solver
from grundy.solve.lemmas import SUM_RULE, ZERO_IFF_P, collecting_lemmas, note_lemma
from grundy.solve.misere_sums import quotient_outcome
from grundy.solve.outcome_search import OutcomeSearch, outcome_search_for
from grundy.solve.search_limits import too_many_moves, too_many_positions
from grundy.validate import instance
from grundy.verdict import Assumption

__all__ = [
    "Analysis",
    "Move",
    "Outcome",
    "Play",
    "RegionEngine",
    "SolvedRegion",
    "Solver",
    "collecting_lemmas",
    "register_region_engine",
]


class Play(StrEnum):
    """The winning convention: who wins when the player to move has no move."""

    NORMAL = "normal"  # the last player to move wins
    MISERE = "misere"  # the last player to move loses


class Outcome(StrEnum):
    """P: the previous player (who just moved) wins; N: the next player (to move) wins."""

    P = "P"
    N = "N"


@dataclass(frozen=True, slots=True)
class Move:
    """A move, as the position it leads to and a sentence describing it."""

    to: Any
    description: str


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything the solver says about one position."""

    game: Game
    position: Any
    play: Play
    grundy: int | None  # the normal-play Grundy value; None in misère play
    outcome: Outcome
    winning_moves: tuple[Move, ...]
    positions_explored: int

    def _repr_html_(self) -> str | None:  # in Jupyter: the position drawn, its winning moves
        return html_of(self)  # (grundy.display draws it)


class SolvedRegion(Protocol):
    """Values an engine computed for a whole family of positions of one game at once."""

    @property
    def size(self) -> int:
        """How many positions the engine valued (counted as explored)."""
        ...

    def grundy_value(self, position: Any) -> int | None:
        """The normal-play value of ``position``, or ``None`` when it is outside the region."""
        ...

    def misere_next_wins(self, position: Any) -> bool | None:
        """Whether the player to move wins in misère play; ``None`` outside the region."""
        ...


POSITIONS_EXPLORED = "positions explored"  # what the solver reports to ``progress``
REGION_SOLVING = "positions explored (a region engine at work)"

RegionEngine = Callable[[Game, Any, "int | None", "Meter | None"], "SolvedRegion | None"]
"""``engine(game, position, position_limit, meter)``: a region holding ``position``, or
``None`` when the engine declines (for instance because the region would exceed the
limit).  An engine that searches in Python ticks ``meter`` (the solver's running budget)
as it goes, so that a large region stops within the budget like the solver's own search."""

_REGION_ENGINES: dict[type[Game], RegionEngine] = {}


def register_region_engine(game_class: type[Game], engine: RegionEngine) -> None:
    """Let ``engine`` solve regions of ``game_class`` positions (exactly that class)."""
    _REGION_ENGINES[game_class] = engine


_AtomKey = tuple[Hashable, Hashable]

# The budget is consulted every 256 positions and every 4,096 moves (masks of the counts).
_POSITION_STRIDE = 255


@dataclass(slots=True)
class _GrundyFrame:
    key: _AtomKey
    game: Game
    position: Any
    options: list[list[_AtomKey]]
    todo: list[tuple[Game, Any, _AtomKey]]
    cursor: int = 0


@dataclass
class Solver:
    """Exact values of one game's positions, with a memo shared across calls.

    >>> from grundy.games import Nim
    >>> solver = Solver(Nim())
    >>> solver.grundy_value((3, 4, 5))
    2
    >>> [move.to for move in solver.winning_moves((3, 4, 5))]
    [(1, 4, 5)]
    >>> solver.outcome((1, 1), Play.MISERE)
    <Outcome.N: 'N'>

    ``progress`` (see :mod:`grundy.progress`) hears the running count of positions
    explored, every :data:`~grundy.progress.POSITION_STEP` positions, with an unknown total.

    Limits: ``position_limit`` and ``move_limit`` count the work, and ``meter`` (a running
    :class:`~grundy.budget.Budget`) bounds its time and resident memory; passing any of
    them raises :class:`~grundy.errors.SearchLimitError` naming the limit.  Positions
    handed to the public methods are checked by the game first
    (:meth:`~grundy.games.base.Game.check_position`): a position that is not one of the
    game's raises :class:`~grundy.errors.InvalidPositionError`, never an answer.

    The answers rest on theorems of the library (sums valued part by part, "value 0 iff
    P", a game's closed form); :meth:`lemmas_used` lists those used so far.  With
    ``lemmas_only`` the solver reads a game's closed form only where a library theorem
    proves it (:attr:`~grundy.games.base.Game.known_grundy_lemma`) and searches otherwise.
    """

    game: Game
    position_limit: int | None = None
    use_engines: bool = True
    positions_explored: int = 0
    progress: ProgressCallback | None = field(default=None, repr=False, compare=False)
    move_limit: int | None = None
    moves_generated: int = 0
    meter: Meter | None = field(default=None, repr=False, compare=False)
    lemmas_only: bool = False
    plain: bool = False
    outcomes_by_search: bool = False  # normal-play outcomes by solve/outcome_search.py
    _lemmas: set[str] = field(default_factory=set, repr=False, compare=False)
    _grundy: dict[_AtomKey, int] = field(default_factory=dict, repr=False)
    # the lemmas behind each memo value that rests on any (absent: on none), noted again
    # whenever the value is read: what an answer rests on must not depend on whether an
    # earlier query of a shared solver happened to find the value first
    _atom_lemmas: dict[_AtomKey, frozenset[str]] = field(default_factory=dict, repr=False)
    _misere: OutcomeSearch | None = field(default=None, repr=False, compare=False)
    _regions: dict[Hashable, list[SolvedRegion]] = field(default_factory=dict, repr=False)
    _search: OutcomeSearch | None = field(default=None, repr=False, compare=False)
    _quotients: set[Assumption] = field(default_factory=set, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_solver(self)

    # -- public API -----------------------------------------------------------------------

    def lemmas_used(self) -> tuple[str, ...]:
        """The library theorems this solver's answers so far rest on (sorted ids): the
        sum rule when it valued a sum part by part, "value 0 iff P" when it gave a
        normal-play outcome or winning moves, and a game's closed-form lemma when it read
        values from it (:mod:`grundy.solve.lemmas`)."""
        return tuple(sorted(self._lemmas))

    def quotients_used(self) -> tuple[Assumption, ...]:
        """The verified misère quotients misère answers so far were read from
        (:mod:`grundy.solve.misere_sums`), each with its scope."""
        return tuple(sorted(self._quotients, key=lambda a: a.id))

    def _note(self, lemma: str) -> None:
        self._lemmas.add(lemma)
        note_lemma(lemma)

    def _note_atom(self, key: _AtomKey) -> None:
        for lemma in self._atom_lemmas.get(key, ()):
            self._note(lemma)

    def grundy_value(self, position: Any) -> int:
        """The Grundy value (nimber) of ``position`` under normal play."""
        return self._value(self.game, self.game.check_position(position))

    def outcome(self, position: Any, play: Play = Play.NORMAL) -> Outcome:
        """P or N under the given convention."""
        instance(play, Play, "play", "Play.NORMAL or Play.MISERE")
        position = self.game.check_position(position)
        if play is Play.NORMAL:
            if (search := self._outcome_search()) and (
                wins := search.next_wins(position)
            ) is not None:
                return Outcome.N if wins else Outcome.P
            if self.game.move_graph:  # otherwise an engine's 1/0 stands for N/P directly
                self._note(ZERO_IFF_P)
            return Outcome.N if self.grundy_value(position) else Outcome.P
        return Outcome.N if self._misere_next_wins_at(position) else Outcome.P

    def winning_moves(self, position: Any, play: Play = Play.NORMAL) -> list[Move]:
        """Every move to a P-position (none when ``position`` is itself P)."""
        instance(play, Play, "play", "Play.NORMAL or Play.MISERE")
        position = self.game.check_position(position)
        if play is Play.MISERE:
            return [
                Move(option, text)
                for option, text in self._distinct(
                    self._counted(self.game.labelled_moves(position))
                )
                if not self._misere_next_wins_at(option)
            ]
        labelled = self._distinct(self._counted(self.game.labelled_moves(position)))
        if (search := self._outcome_search()) and (
            found := search.winning_moves(position, labelled)
        ) is not None:
            return [Move(option, text) for option, text in found]
        self._note(ZERO_IFF_P)
        if self.grundy_value(position) == 0:
            return []
        moves = self._distinct(self._moves_to_value(self.game, position, 0))
        return [Move(option, text) for option, text in moves]

    def analyse(self, position: Any, play: Play = Play.NORMAL) -> Analysis:
        """Value, outcome and winning moves of ``position``, with the work it took."""
        instance(play, Play, "play", "Play.NORMAL or Play.MISERE")
        position = self.game.check_position(position)
        before = self.positions_explored
        grundy = (
            self.grundy_value(position)
            if play is Play.NORMAL and self.game.reports_grundy
            else None
        )
        outcome = self.outcome(position, play)
        moves = tuple(self.winning_moves(position, play))
        return Analysis(
            self.game, position, play, grundy, outcome, moves, self.positions_explored - before
        )

    def options(self, position: Any) -> Iterator[Any]:
        """The options of ``position``, counted against ``move_limit`` and the budget
        like the search's own (``moves`` in a claim: a heap of 10^8 has 10^8 options)."""
        return self._moves(self.game, self.game.check_position(position))

    def add_known_values(self, values: Iterable[tuple[Any, int]]) -> None:
        """Record normal-play values found elsewhere, as ``(position, value)`` pairs.

        The command line hands over G(0..N) from a fast sequence engine (cross-checked
        against this solver in the tests), so a heap of 3,000 in Kayles is a look-up, not a
        search of millions of moves.  Such values rest on no lemma :meth:`lemmas_used`
        names: whoever hands them over vouches for them.
        """
        for position, value in values:
            self._grundy[(self.game.key, self.game.canonical(position))] = value

    def prepare(self, position: Any) -> bool:
        """Let a registered engine solve a region holding ``position`` ahead of queries.

        ``grundy table`` calls this with its bound, so one region covers every row.
        Returns whether some region now holds ``position``.
        """
        return self._region_for(self.game, position) is not None

    def _outcome_search(self) -> OutcomeSearch | None:
        if self._search is None:
            engine = self.use_engines and rules_of(self.game) in _REGION_ENGINES
            self._search = outcome_search_for(self, region_engine=engine)
        return self._search

    def _region_for(self, game: Game, position: Any) -> SolvedRegion | None:
        engine = (
            _REGION_ENGINES.get(rules_of(game) or Game)  # an engine knows its class's rules
            if self.use_engines and not self.plain
            else None
        )
        if engine is None:
            return None
        regions = self._regions.setdefault(game.key, [])
        for region in regions:
            if region.grundy_value(position) is not None:
                return region
        if self.progress is not None:  # an engine may work a while without reporting
            self.progress(self.positions_explored, None, REGION_SOLVING)
        solved = engine(game, position, self._room_left(), self.meter)
        if solved is None:
            return None
        regions.append(solved)
        self.positions_explored += solved.size
        if self.progress is not None:
            self.progress(self.positions_explored, None, POSITIONS_EXPLORED)
        return solved

    def _room_left(self) -> int | None:
        if self.position_limit is None:
            return None
        return max(self.position_limit - self.positions_explored, 0)

    def _from_region(self, game: Game, position: Any) -> int | None:
        if not self._regions:  # the common case: no engine for this game
            return None
        for region in self._regions.get(game.key, ()):
            value = region.grundy_value(position)
            if value is not None:
                return value
        return None

    # -- normal play: Sprague-Grundy values -------------------------------------------------

    def _value(self, game: Game, position: Any) -> int:
        total = 0
        atoms = self._atoms(game, position)
        if len(atoms) > 1:
            self._note(SUM_RULE)
        for part_game, part, key in atoms:
            if key not in self._grundy:
                self._search_atom(part_game, part, key)
            self._note_atom(key)
            total ^= self._grundy[key]
        return total

    def _atoms(self, game: Game, position: Any) -> list[tuple[Game, Any, _AtomKey]]:
        """The atomic parts of ``position`` (recursively split), each with its memo key."""
        parts = None if self.plain else game.components(position)
        if parts is None:
            return [(game, position, (game.key, game.canonical(position)))]
        atoms: list[tuple[Game, Any, _AtomKey]] = []
        for part_game, part in parts:
            atoms.extend(self._atoms(part_game, part))
        return atoms

    def _known(self, game: Game, position: Any, key: _AtomKey) -> bool:
        if key in self._grundy:
            return True
        value = self._closed_form(game, position, key)
        if value is None:
            value = self._from_region(game, position)
        if value is not None:
            self._grundy[key] = value
            return True
        return False

    def _closed_form(self, game: Game, position: Any, key: _AtomKey) -> int | None:
        """The game's closed-form value of ``position``, if it has one this solver may
        use (with ``lemmas_only``, only one a library theorem proves)."""
        lemma = game.closed_form_lemma()
        if self.plain or not game.closed_form_applies() or (lemma is None and self.lemmas_only):
            return None
        value = game.known_grundy(position)
        if value is not None and lemma is not None:
            self._atom_lemmas[key] = frozenset((lemma,))
        return value

    def _expand(self, game: Game, position: Any, key: _AtomKey) -> _GrundyFrame:
        self._count_position()
        options: list[list[_AtomKey]] = []
        todo: list[tuple[Game, Any, _AtomKey]] = []
        for option in self._moves(game, position):
            atoms = self._atoms(game, option)
            options.append([atom_key for _, _, atom_key in atoms])
            todo.extend(atoms)
        return _GrundyFrame(key, game, position, options, todo)

    def _search_atom(self, game: Game, position: Any, key: _AtomKey) -> None:
        if self._known(game, position, key):
            return
        region = self._region_for(game, position)
        if region is not None:
            value = region.grundy_value(position)
            if value is not None:
                self._grundy[key] = value
                return
        stack = [self._expand(game, position, key)]
        on_stack = {key}
        while stack:
            frame = stack[-1]
            child = None
            while frame.cursor < len(frame.todo):
                child_game, child_position, child_key = frame.todo[frame.cursor]
                if self._known(child_game, child_position, child_key):
                    frame.cursor += 1
                    continue
                if child_key in on_stack:
                    raise GameNotFiniteError(
                        f"{game.label}: position {child_game.format(child_position)} can be "
                        "reached from itself, so the game need not end"
                    )
                child = self._expand(child_game, child_position, child_key)
                break
            if child is not None:
                stack.append(child)
                on_stack.add(child.key)
                continue
            values = set()
            lemmas: set[str] = set()
            for atom_keys in frame.options:
                value = 0
                for atom_key in atom_keys:
                    value ^= self._grundy[atom_key]
                    lemmas.update(self._atom_lemmas.get(atom_key, ()))
                if len(atom_keys) > 1:
                    lemmas.add(SUM_RULE)  # this option's value is the nim-sum of its parts
                values.add(value)
            self._grundy[frame.key] = mex(values)
            if lemmas:
                self._atom_lemmas[frame.key] = frozenset(lemmas)
            stack.pop()
            on_stack.discard(frame.key)

    def _moves_to_value(self, game: Game, position: Any, target: int) -> Iterator[tuple[Any, str]]:
        """Options of ``position`` whose Grundy value is ``target``, with descriptions."""
        parts = None if self.plain else game.components(position)
        if parts is None:
            lemma = game.closed_form_lemma()
            usable = (
                not self.plain
                and game.closed_form_applies("moves_to_value")
                and (lemma is not None or not self.lemmas_only)
            )
            direct = game.moves_to_value(position, target) if usable else None
            if direct is not None:
                if lemma is not None:
                    self._note(lemma)
                for option in direct:
                    yield option, game.describe_move(position, option)
                return
            for option, text in self._counted(game.labelled_moves(position)):
                if self._value(game, option) == target:
                    yield option, text
            return
        self._note(SUM_RULE)
        values = [self._value(part_game, part) for part_game, part in parts]
        total = 0
        for value in values:
            total ^= value
        for index, (part_game, part) in enumerate(parts):
            wanted = values[index] ^ total ^ target
            for option, _ in self._moves_to_value(part_game, part, wanted):
                yield (
                    game.replace(position, index, option),
                    game.describe_part_move(position, index, part, option),
                )

    # -- misère play: outcomes of whole positions -------------------------------------------

    def _misere_next_wins_at(self, position: Any) -> bool:
        if self.use_engines and not self.plain:  # a sum of many heaps: a verified quotient
            by_quotient = quotient_outcome(self.game, self.game.canonical(position), self.meter)
            if by_quotient is not None:
                self._quotients.add(by_quotient.assumption)
                return not by_quotient.is_p
        if self._misere is None:  # sums searched whole: misère play has no sum rule
            moves = lambda option: self._moves(self.game, option)  # noqa: E731
            self._misere = OutcomeSearch(
                self.game, moves, self._count_position, True, True, self._misere_from_region
            )
        found = self._misere.next_wins(position)
        assert found is not None  # a search of whole sums never stops at one
        return found

    def _misere_from_region(self, position: Any) -> bool | None:
        region = self._region_for(self.game, position)
        return None if region is None else region.misere_next_wins(position)

    def _moves(self, game: Game, position: Any) -> Iterator[Any]:
        """The options of ``position``, counted against ``move_limit``.

        A position can have astronomically many options (a heap of 10^12 in Grundy's
        game), so the limit on positions alone would not stop a search in time.
        """
        for option in game.moves(position):
            self._count_move()
            yield option

    def _counted(self, moves: Iterable[tuple[Any, str]]) -> Iterator[tuple[Any, str]]:
        for move in moves:
            self._count_move()
            yield move

    def _count_move(self) -> None:
        self.moves_generated += 1
        if self.move_limit is not None and self.moves_generated > self.move_limit:
            raise too_many_moves(self.game.label, self.move_limit)
        if self.meter is not None:  # a tick adapts: a move of 100,000 heaps takes milliseconds
            self._keep_to_budget(self.meter.tick)

    def _count_position(self) -> None:
        self.positions_explored += 1
        if self.position_limit is not None and self.positions_explored > self.position_limit:
            raise too_many_positions(self.game.label, self.position_limit)
        if self.meter is not None and not self.positions_explored & _POSITION_STRIDE:
            self._keep_to_budget(self.meter.check)
        if self.progress is not None and not self.positions_explored % POSITION_STEP:
            self.progress(self.positions_explored, None, POSITIONS_EXPLORED)

    def _keep_to_budget(self, measure: Callable[[], None]) -> None:
        """Run the meter's tick or check; when it says stop, name this game and the work done."""
        try:
            measure()
        except SearchLimitError as exc:
            raise self._named(exc) from None

    def _named(self, exc: SearchLimitError) -> SearchLimitError:
        return type(exc)(
            f"{self.game.label}: {exc} after {self.positions_explored:,} positions "
            f"and {self.moves_generated:,} moves"
        )

    def _distinct(self, moves: Iterator[tuple[Any, str]]) -> Iterator[tuple[Any, str]]:
        """Drop moves that lead to the same position as an earlier one (equal heaps)."""
        seen = set()
        for option, text in moves:
            key = self.game.canonical(option)
            if key not in seen:
                seen.add(key)
                yield option, text
