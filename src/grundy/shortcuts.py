"""A short API that reads like the mathematics: games are called on positions.

>>> from grundy import nim, kayles, chomp
>>> nim(3, 4, 5).value
2
>>> nim(3, 4, 5).winning_moves
(nim(1, 4, 5),)
>>> chomp(4, 4, 4).outcome
<Outcome.N: 'N'>
>>> (nim(3) + kayles(5)).value == 3 ^ kayles(5).value
True
>>> kayles.sequence(100).period, kayles.sequence(100).preperiod
(12, 71)

Each game (:class:`Rules`) keeps one exact solver, so the values found for one position
serve every later question about the same game.  In Jupyter, positions, solutions,
sequences and claim results draw themselves (see :mod:`grundy.display`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import grundy.validate as validate
from grundy.budget import Budget
from grundy.errors import InvalidArgumentError, SearchLimitError, brief
from grundy.games import Game, HeapGame, SumGame, create_game
from grundy.games.hackenbush import GreenHackenbush
from grundy.library import CheckSettings, TheoremResult, check_theorem, run_theorems
from grundy.solve import Analysis, Outcome, Play, Solver, TableRow, grundy_sequence, table_rows
from grundy.solve.sequence import has_fast_sequence
from grundy.solve.table import too_many_rows

if TYPE_CHECKING:
    from grundy.certify.periodicity import PeriodReport

__all__ = [
    "ClaimResult",
    "ClaimResults",
    "GrundySequence",
    "Position",
    "Rules",
    "Table",
    "check_file",
    "chomp",
    "claim",
    "dawsons_kayles",
    "euclid",
    "game",
    "grundys_game",
    "hackenbush",
    "kayles",
    "nim",
    "octal",
    "subtraction",
    "take_away",
    "wythoff",
]


FAST_HEAPS = 1 << 20
"""Heaps up to this size are valued by a heap game's fast sequence engine, not searched."""


class Rules:
    """A game's rules, called on a position: ``nim(3, 4, 5)``, ``chomp(4, 4, 4)``."""

    def __init__(self, rules: Game, name: str | None = None) -> None:
        self.game: Game = validate.instance(
            rules, Game, "Rules' game", "a Game (grundy.games.Game)"
        )
        if name is not None:
            validate.text(name, "name")
        self.name = name or rules.label
        self._solver = Solver(rules)
        self._heaps_known = -1  # single heaps valued by the fast sequence engine, up to here

    def solver_for(self, position: Any) -> Solver:
        """The game's solver, first told G(0..N) of single heaps by the fast sequence
        engine of a heap game (octal games, subtraction games, Grundy's game), so that
        ``kayles(3000)`` is a look-up rather than a search of millions of moves.

        Each question gets the command line's budget afresh (its positions, moves, memory
        and time; :func:`_fresh_budget`): past it, :class:`~grundy.errors.SearchLimitError`
        names the limit, as ``grundy solve`` would, instead of a search for hours."""
        _fresh_budget(self._solver)
        if isinstance(self.game, HeapGame) and has_fast_sequence(self.game):
            largest = max(position, default=0)
            if self._heaps_known < largest <= FAST_HEAPS:
                values = grundy_sequence(self.game, largest)
                self._solver.add_known_values(((heap,), v) for heap, v in enumerate(values))
                self._heaps_known = largest
        return self._solver

    def __call__(self, *position: Any) -> Position:
        """The position written as on the command line (``wythoff(3, 5)``), or as one
        value (``nim([3, 4, 5])``, ``hackenbush`` edges as text)."""
        single = len(position) == 1 and not isinstance(position[0], int)
        value: Any = position[0] if single else list(position)
        validate.numbers_fit_digits(value, "the position")
        return Position(self, self.game.from_value(value))

    def sequence(self, upto: int) -> GrundySequence:
        """G(0..upto) of single heaps (heap games only), with the period found in them."""
        from grundy.certify.periodicity import period_report

        validate.whole_number(upto, "upto", low=0)
        values = tuple(grundy_sequence(self.game, upto))
        return GrundySequence(self, values, period_report(self.game, values))

    def table(self, *bound: int, misere: bool = False) -> Table:
        """Every position componentwise at most ``bound`` (as ``grundy table --max``), with
        its value and outcome; a two-heap game's table draws itself as a grid."""
        play = Play.MISERE if validate.flag(misere, "misere") else Play.NORMAL
        for part in bound:
            validate.whole_number(part, "a bound", low=0)
        _check_table_rows(self.game, list(bound))
        _fresh_budget(self._solver)
        rows = table_rows(self.game, list(bound), play, solver=self._solver)
        return Table(self, tuple(rows))

    def __repr__(self) -> str:
        return self.name

    def _repr_markdown_(self) -> str:
        return f"**{self.name}**: {self.game.summary or type(self.game).__doc__ or ''}"


def _check_table_rows(game: Game, bound: list[int]) -> None:
    """Refuse, before any work, a table of more rows than ``grundy table`` lists."""
    from grundy.cli.common import TABLE_ROW_LIMIT

    excess = too_many_rows(game, bound, TABLE_ROW_LIMIT)
    if excess is not None:
        raise SearchLimitError(
            f"{excess}; a table lists at most {TABLE_ROW_LIMIT:,} "
            "(lower the bound, or use grundy.table_rows)"
        )


def _fresh_budget(solver: Solver) -> None:
    """The limits of ``grundy solve`` for the next question asked of ``solver`` (the memo
    stays: only the counts start again)."""
    from grundy.cli.common import SOLVE_MEMORY
    from grundy.cli.explore import MOVE_LIMIT, POSITION_LIMIT
    from grundy.cli.time_budget import DEFAULT_SECONDS

    solver.positions_explored = solver.moves_generated = 0
    solver.position_limit, solver.move_limit = POSITION_LIMIT, MOVE_LIMIT
    solver.meter = Budget(DEFAULT_SECONDS, SOLVE_MEMORY).start()


@dataclass(frozen=True, slots=True)
class Position:
    """A position of a game, with its value, outcome and moves computed on demand."""

    rules: Rules
    position: Any

    @property
    def game(self) -> Game:
        return self.rules.game

    @property
    def value(self) -> int:
        """The Grundy value (nimber) under normal play: the position equals *value."""
        return self.rules.solver_for(self.position).grundy_value(self.position)

    @property
    def outcome(self) -> Outcome:
        """P (the player to move loses) or N (the player to move wins), normal play."""
        return self.rules.solver_for(self.position).outcome(self.position)

    @property
    def misere_outcome(self) -> Outcome:
        """P or N when the last player to move loses."""
        return self.rules.solver_for(self.position).outcome(self.position, Play.MISERE)

    @property
    def moves(self) -> tuple[Position, ...]:
        """Every position one move away (counted against the question's budget)."""
        options = self.rules.solver_for(self.position).options(self.position)
        return tuple(Position(self.rules, option) for option in options)

    @property
    def winning_moves(self) -> tuple[Position, ...]:
        """The moves to P-positions (none from a P-position), normal play."""
        return tuple(Position(self.rules, move.to) for move in self.solve().winning_moves)

    def solve(self, misere: bool = False) -> Solution:
        """Value, outcome and winning moves with their descriptions, in one result."""
        play = Play.MISERE if validate.flag(misere, "misere") else Play.NORMAL
        return Solution(
            self.rules.solver_for(self.position).analyse(self.position, play), repr(self)
        )

    def __add__(self, other: Position) -> Position:
        """The disjunctive sum: a move is a move in exactly one of the two."""
        if not isinstance(other, Position):
            raise InvalidArgumentError(
                f"a position adds only to a position of a game (nim(3) + kayles(5)), "
                f"not to {brief(other)}"
            )
        rules = _SumRules(_rules(self) + _rules(other))
        return Position(rules, tuple(_parts(self) + _parts(other)))

    def __radd__(self, other: object) -> Position:
        """``sum(positions)`` starts from 0, the empty sum."""
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self
        raise InvalidArgumentError(
            f"a position adds only to a position of a game (or 0, where sum() starts), "
            f"not to {brief(other)}"
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Position)
            and self.game == other.game
            and self.game.canonical(self.position) == other.game.canonical(other.position)
        )

    def __hash__(self) -> int:
        return hash((self.game, self.game.canonical(self.position)))

    def __repr__(self) -> str:
        if isinstance(self.rules, _SumRules):
            return " + ".join(
                repr(Position(part, value))
                for part, value in zip(self.rules.parts, self.position, strict=True)
            )
        return f"{self.rules.name}({_arguments(self.game, self.position)})"

    def _repr_html_(self) -> str:
        from grundy.display import position_svg

        picture = position_svg(self.game, self.position)
        caption = f"<code>{_escape(repr(self))}</code>"
        return f"<div>{picture}</div>{caption}" if picture else caption


def _escape(text: str) -> str:
    from html import escape

    return escape(text)


def _arguments(rules: Game, position: Any) -> str:
    if isinstance(rules, GreenHackenbush):
        return repr(rules.format(position))
    if isinstance(rules, SumGame):
        return ", ".join(
            f"({_arguments(g, p)})" for g, p in zip(rules.games, position, strict=True)
        )
    if isinstance(position, tuple) and all(isinstance(v, int) for v in position):
        return ", ".join(map(str, position))
    return repr(rules.to_json(position))


def _parts(position: Position) -> list[Any]:
    if isinstance(position.rules, _SumRules):
        return list(position.position)
    return [position.position]


def _rules(position: Position) -> list[Rules]:
    if isinstance(position.rules, _SumRules):
        return list(position.rules.parts)
    return [position.rules]


class _SumRules(Rules):
    """The rules of a sum built with ``+``; it remembers the named parts."""

    def __init__(self, parts: Sequence[Rules]) -> None:
        super().__init__(SumGame([part.game for part in parts]), " + ".join(p.name for p in parts))
        self.parts = tuple(parts)

    def __call__(self, *position: Any) -> Position:
        return Position(self, self.game.from_value(list(position)))


@dataclass(frozen=True, slots=True)
class Solution:
    """A solved position: :class:`~grundy.solve.Analysis` that draws itself."""

    analysis: Analysis
    name: str = ""  # the position as the short API writes it

    @property
    def value(self) -> int | None:
        return self.analysis.grundy

    @property
    def outcome(self) -> Outcome:
        return self.analysis.outcome

    @property
    def winning_moves(self) -> tuple[Any, ...]:
        return self.analysis.winning_moves

    def __repr__(self) -> str:
        a = self.analysis
        value = "" if a.grundy is None else f"*{a.grundy}, "
        moves = "; ".join(move.description for move in a.winning_moves) or "no winning move"
        name = self.name or f"{a.game.label} {a.game.format(a.position)}"
        play = " in misère play" if a.play is Play.MISERE else ""
        return f"{name}: {value}{a.outcome.value}{play}; {moves}"

    def _repr_html_(self) -> str:
        from grundy.display import analysis_html

        return analysis_html(self.analysis)


@dataclass(frozen=True, slots=True)
class GrundySequence:
    """G(0), G(1), ..., G(upto) of single heaps, with the least period seen in them.

    ``period`` and ``preperiod`` describe the computed values only; ``certified`` says
    whether a periodicity theorem makes the period hold for every heap.
    """

    rules: Rules
    values: tuple[int, ...]
    report: PeriodReport

    @property
    def period(self) -> int | None:
        return self.report.period

    @property
    def preperiod(self) -> int | None:
        return self.report.preperiod

    @property
    def certified(self) -> bool:
        return self.report.certified

    def __getitem__(self, heap: int) -> int:
        return self.values[heap]

    def __len__(self) -> int:
        return len(self.values)

    def __repr__(self) -> str:
        shown = ", ".join(map(str, self.values[:30])) + (", ..." if len(self.values) > 30 else "")
        return f"G(0..{len(self.values) - 1}) of {self.rules.name}: {shown}"

    def _repr_html_(self) -> str:
        from grundy.display import sequence_svg

        period = self.report
        if period.period is None:
            words = "no period repeats twice in these values"
        else:
            sure = "certified for every n" if period.certified else "seen in these values only"
            words = f"period {period.period} from n = {period.preperiod} ({sure})"
        return (
            f"<div>{sequence_svg(self.values, period.preperiod, period.period)}</div>"
            f"<p>{_escape(repr(self))}<br>{_escape(words)}</p>"
        )


@dataclass(frozen=True, slots=True)
class Table:
    """Positions with their values and outcomes (``nim.table(7, 7)``)."""

    rules: Rules
    rows: tuple[TableRow, ...]

    @property
    def p_positions(self) -> tuple[Any, ...]:
        return tuple(row.position for row in self.rows if row.outcome is Outcome.P)

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        shown = ", ".join(self.rules.game.format(p) for p in self.p_positions[:12])
        more = ", ..." if len(self.p_positions) > 12 else ""
        return f"{len(self.rows)} positions of {self.rules.name}; P-positions: {shown}{more}"

    def _repr_html_(self) -> str:
        from grundy.display.svg import grid_svg

        pairs = all(len(row.position) == 2 for row in self.rows)
        if pairs:
            picture = grid_svg(
                {(row.position[0], row.position[1]): row.grundy for row in self.rows},
                [(p[0], p[1]) for p in self.p_positions],
            )
            if picture:
                return f"<div>{picture}</div><p>{_escape(repr(self))}</p>"
        return f"<p>{_escape(repr(self))}</p>"


def game(name: str, **options: Any) -> Rules:
    """Any catalogue game by name with its options: ``game("moore-nim", k=2)``."""
    validate.text(name, "the game's name")
    validate.numbers_fit_digits(options, "the game's options")
    given = "".join(f", {key}={value!r}" for key, value in options.items())
    return Rules(create_game(name, options), f"game({name!r}{given})")


def subtraction(*moves: int) -> Rules:
    """The subtraction game with the given set: ``subtraction(1, 2, 3)(21)``."""
    for move in moves:
        validate.whole_number(move, "a subtraction move", low=1)
    return Rules(
        create_game("subtraction", {"set": list(moves)}),
        f"subtraction({', '.join(map(str, moves))})",
    )


def octal(code: str) -> Rules:
    """The octal game with the given code: ``octal("0.137")(10)``."""
    validate.text(code, "the octal code", max_length=1_000)
    return Rules(create_game("octal", {"code": code}), f"octal({code!r})")


def hackenbush(edges: str) -> Position:
    """A Green Hackenbush picture, edges as ``"0-1,1-2,2-0"`` (vertex 0 is the ground)."""
    validate.text(edges, "the edges", max_length=100_000)
    rules = GreenHackenbush(edges)
    return Position(Rules(rules, "hackenbush"), rules.start())


nim = Rules(create_game("nim"), "nim")
kayles = Rules(create_game("kayles"), "kayles")
dawsons_kayles = Rules(create_game("dawsons-kayles"), "dawsons_kayles")
grundys_game = Rules(create_game("grundys-game"), "grundys_game")
take_away = Rules(create_game("take-away"), "take_away")
chomp = Rules(create_game("chomp"), "chomp")
wythoff = Rules(create_game("wythoff"), "wythoff")
euclid = Rules(create_game("euclid"), "euclid")


class ClaimResult(TheoremResult):
    """A checked claim whose text form is its verdict in one line (no timings)."""

    __slots__ = ()

    def __repr__(self) -> str:
        verdict = self.verdict
        play = " in misère play" if self.theorem.play is Play.MISERE else ""
        words = [f"{self.theorem.id}: {verdict.word}{play}"]
        if verdict.scope:
            words.append(verdict.scope)
        if verdict.counterexample:
            words.append(
                "counterexample "
                + ", ".join(f"{k} = {v}" for k, v in verdict.counterexample.items())
            )
        elif verdict.message:
            words.append(verdict.message)
        return "; ".join(words)


class ClaimResults(tuple[TheoremResult, ...]):
    """Checked claims, shown in a notebook as one table with their counterexamples."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        from grundy.display import results_html

        return results_html(self)


def check_file(path: str, seed: int = 0) -> ClaimResults:
    """Check every claim of a claim file (as ``grundy check FILE``)."""
    from grundy.library import theorems_from_file

    validate.path(path, "the claim file")
    results = run_theorems(list(theorems_from_file(path)), CheckSettings(seed=seed))
    return ClaimResults(ClaimResult(r.theorem, r.verdict) for r in results)


def claim(
    statement: str, game: str | list[str] = "nim", seed: int = 0, **fields: Any
) -> TheoremResult:
    """Check one claim written in the claim language, fields as in a claim file:

    >>> claim("(outcome == 'P') == (a == b)", vars=["a", "b"],
    ...       range={"a": [0, 9], "b": [0, 9]}).verdict.status
    <Status.PROVED: 'proved'>
    """
    from grundy.claims.model import read_claim
    from grundy.library import theorem_from_claim

    validate.text(statement, "the statement")
    names = game if isinstance(game, list) else [game]
    if not names:
        raise InvalidArgumentError("the game is a name, or a non-empty list of names for a sum")
    for name in names:
        validate.text(name, "the game (a name, or a list of names for a sum)")
    settings = CheckSettings(seed=seed)  # checks the seed before any work
    table = {"id": fields.pop("id", "claim"), "game": game, "statement": statement, **fields}
    theorem = theorem_from_claim(read_claim(table))
    result = check_theorem(theorem, settings)
    return ClaimResult(result.theorem, result.verdict)
