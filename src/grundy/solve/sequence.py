"""Grundy sequences G(0), G(1), ... of single heaps of a heap game.

Specialised engines (for example the rare/common method for octal games) register
themselves for a game class; every other heap game uses the plain exact solver.
"""

from __future__ import annotations

from collections.abc import Callable

import grundy.validate as validate
from grundy.errors import InvalidParameterError
from grundy.games.base import Game, HeapGame, rules_of
from grundy.progress import PROGRESS_STEP, SEQUENCE_PROGRESS, ProgressCallback
from grundy.solve.solver import Solver

__all__ = [
    "SequenceEngine",
    "check_sequence_request",
    "grundy_sequence",
    "has_fast_sequence",
    "plain_grundy_sequence",
    "register_sequence_engine",
]

SequenceEngine = Callable[[Game, int, ProgressCallback | None], list[int]]
"""``engine(game, upto, progress)``: G(0..upto), reporting ``"Grundy values"`` done."""

MAX_UPTO = 100_000_000
"""Longest sequence computed (G(0..MAX_UPTO) alone takes about 800 MB as a list)."""

_ENGINES: dict[type[Game], SequenceEngine] = {}


def register_sequence_engine(game_class: type[Game], engine: SequenceEngine) -> None:
    """Use ``engine(game, upto, progress)`` for ``game_class`` instead of the plain solver."""
    _ENGINES[game_class] = engine


def plain_grundy_sequence(
    game: Game, upto: int, progress: ProgressCallback | None = None
) -> list[int]:
    """G(0..upto) by the plain exact solver: the reference for every faster engine.

    ``progress`` (see :mod:`grundy.progress`) hears how many heaps are valued.

    >>> from grundy.games import SubtractionGame
    >>> plain_grundy_sequence(SubtractionGame([1, 2, 3]), 9)
    [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    """
    _check_heap_game(game, upto)
    solver = Solver(game)
    if progress is None:
        return [solver.grundy_value((heap,)) for heap in range(upto + 1)]  # ascending: shallow
    progress(0, upto, SEQUENCE_PROGRESS)
    values = []
    for heap in range(upto + 1):
        values.append(solver.grundy_value((heap,)))
        if heap % PROGRESS_STEP == 0 and 0 < heap < upto:
            progress(heap, upto, SEQUENCE_PROGRESS)
    progress(upto, upto, SEQUENCE_PROGRESS)
    return values


def grundy_sequence(game: Game, upto: int, progress: ProgressCallback | None = None) -> list[int]:
    """G(0..upto), by the fastest engine registered for the game.

    ``progress(done, upto, "Grundy values")`` is called before, now and then during
    (see :mod:`grundy.progress`), and once with ``done == upto`` at the end.
    """
    _check_heap_game(game, upto)
    _load_engines()
    engine = _ENGINES.get(rules_of(game) or Game)  # an engine knows its class's rules only
    if engine is None:
        return plain_grundy_sequence(game, upto, progress)
    return engine(game, upto, progress)


def has_fast_sequence(game: Game) -> bool:
    """Whether a specialised engine (not the plain solver) computes ``game``'s sequence."""
    _load_engines()
    return rules_of(game) in _ENGINES


_BUILT_IN_LOADED: list[bool] = []


def _load_engines() -> None:
    """Register grundy's own specialised engines, once.

    Done on first use, not at import: they import game modules, and the game catalogue
    must be importable without the solvers.  The engines themselves (numpy, numba) load
    only when a sequence is computed (:mod:`grundy.solve.sequence_engines`).
    """
    if not _BUILT_IN_LOADED:
        from grundy.solve.sequence_engines import BUILT_IN_ENGINES

        _ENGINES.update(BUILT_IN_ENGINES)
        _BUILT_IN_LOADED.append(True)


def check_sequence_request(game: Game, upto: int) -> None:
    """Raise :class:`InvalidParameterError` unless G(0..upto) of ``game`` can be computed."""
    _check_heap_game(game, upto)


def _check_heap_game(game: Game, upto: int) -> None:
    validate.instance(game, Game, "the game", "a Game (grundy.games.Game)")
    validate.whole_number(upto, "upto")
    if not isinstance(game, HeapGame):
        raise InvalidParameterError(f"{game.name} is not a heap game, so it has no Grundy sequence")
    if upto < 0:
        raise InvalidParameterError(f"--upto must be non-negative, got {upto}")
    if upto > MAX_UPTO:
        shown = f"{upto:,}" if upto < 10**15 else "more than 10^15"
        raise InvalidParameterError(
            f"a Grundy sequence up to {shown} is too long: every value is held in memory, "
            f"and the limit is {MAX_UPTO:,}"
        )
