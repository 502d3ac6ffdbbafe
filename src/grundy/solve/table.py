"""Every position of a game up to a bound, with its value and outcome."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import grundy.validate as validate
from grundy.errors import InvalidArgumentError, brief
from grundy.games.base import Game, HeapGame
from grundy.progress import PROGRESS_STEP, ProgressCallback
from grundy.solve.solver import Outcome, Play, Solver

__all__ = ["TableRow", "table_rows", "too_many_rows"]

TABLE_PROGRESS = "rows"  # what table_rows reports to ``progress``


@dataclass(frozen=True, slots=True)
class TableRow:
    position: Any
    grundy: int | None  # normal-play value; None in misère play
    outcome: Outcome


def too_many_rows(game: Game, bound: Any, limit: int) -> str | None:
    """How :func:`table_rows` would pass ``limit`` rows for ``bound`` ("the bound gives
    N rows"), or ``None``: a heap game's rows are a product, counted at once however
    many; others are counted one by one, stopping just past the limit.

    >>> from grundy.games import Nim
    >>> too_many_rows(Nim(), [2**64], 10), too_many_rows(Nim(), [1, 2], 10)
    ('the bound gives more than 10^15 rows', None)
    """
    if isinstance(game, HeapGame):
        rows = math.prod(heap + 1 for heap in game.from_value(bound))
        shown = f"{rows:,}" if rows < 10**15 else "more than 10^15"
    else:
        rows = sum(1 for _ in itertools.islice(game.bounded_positions(bound), limit + 1))
        shown = f"more than {limit:,}"
    return f"the bound gives {shown} rows" if rows > limit else None


def table_rows(
    game: Game,
    bound: Any,
    play: Play = Play.NORMAL,
    solver: Solver | None = None,
    progress: ProgressCallback | None = None,
) -> Iterator[TableRow]:
    """One row per position componentwise at most ``bound``, in the game's own order.

    A specialised engine registered for the game (Chomp's box engine) first solves the
    whole region inside ``bound`` in one pass, so the rows are read rather than searched.
    With ``progress`` (see :mod:`grundy.progress`) the positions are listed first, so
    that the calls can give the total number of rows.

    >>> from grundy.games import Nim
    >>> [(r.position, r.outcome.value) for r in table_rows(Nim(), [1, 1])]
    [((0, 0), 'P'), ((0, 1), 'N'), ((1, 0), 'N'), ((1, 1), 'P')]

    The arguments are checked when it is called, not when the first row is asked for.
    """
    validate.instance(game, Game, "the game", "a Game (grundy.games.Game)")
    validate.instance(play, Play, "play", "Play.NORMAL or Play.MISERE")
    if solver is not None and (not isinstance(solver, Solver) or solver.game != game):
        raise InvalidArgumentError(f"solver must be a Solver of {game.label}, got {brief(solver)}")
    if progress is not None:
        validate.function(progress, "progress")
    positions = game.bounded_positions(bound)  # reads the bound now: a bad one fails here
    return _rows(game, bound, positions, play, solver or Solver(game), progress)


def _rows(
    game: Game,
    bound: Any,
    positions: Iterable[Any],
    play: Play,
    solver: Solver,
    progress: ProgressCallback | None,
) -> Iterator[TableRow]:
    solver.prepare(bound)
    if progress is not None:
        positions = _reporting(list(positions), progress)
    for position in positions:
        grundy = (
            solver.grundy_value(position) if play is Play.NORMAL and game.reports_grundy else None
        )
        yield TableRow(position, grundy, solver.outcome(position, play))


def _reporting(positions: list[Any], progress: ProgressCallback) -> Iterator[Any]:
    """The positions, telling ``progress`` how many rows came before each batch."""
    total = len(positions)
    for done, position in enumerate(positions):
        if not done % PROGRESS_STEP:
            progress(done, total, TABLE_PROGRESS)
        yield position
    progress(total, total, TABLE_PROGRESS)
