"""Grundy sequences G(0), G(1), ... of single heaps of a heap game.

Specialised engines (for example the rare/common method for octal games) register
themselves for a game class; every other heap game uses the plain exact solver.
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.errors import InvalidParameterError
from grundy.games.base import Game, HeapGame
from grundy.solve.solver import Solver

__all__ = ["SequenceEngine", "grundy_sequence", "plain_grundy_sequence", "register_sequence_engine"]

SequenceEngine = Callable[[Game, int], list[int]]
_ENGINES: dict[type[Game], SequenceEngine] = {}


def register_sequence_engine(game_class: type[Game], engine: SequenceEngine) -> None:
    """Use ``engine(game, upto)`` for ``game_class`` instead of the plain solver."""
    _ENGINES[game_class] = engine


def plain_grundy_sequence(game: Game, upto: int) -> list[int]:
    """G(0..upto) by the plain exact solver: the reference for every faster engine.

    >>> from grundy.games import SubtractionGame
    >>> plain_grundy_sequence(SubtractionGame([1, 2, 3]), 9)
    [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    """
    _check_heap_game(game, upto)
    solver = Solver(game)
    return [solver.grundy_value((heap,)) for heap in range(upto + 1)]  # ascending: shallow search


def grundy_sequence(game: Game, upto: int) -> list[int]:
    """G(0..upto), by the fastest engine registered for the game."""
    _check_heap_game(game, upto)
    _load_engines()
    engine = _ENGINES.get(type(game))
    return engine(game, upto) if engine else plain_grundy_sequence(game, upto)


def _load_engines() -> None:
    """Import the modules that register specialised engines.

    Done on first use, not at import: they import game modules, and the game catalogue
    must be importable without the solvers.
    """
    import grundy.solve.heap_sequences  # noqa: F401 - registers the heap-game engines


def _check_heap_game(game: Game, upto: int) -> None:
    if not isinstance(game, HeapGame):
        raise InvalidParameterError(f"{game.name} is not a heap game, so it has no Grundy sequence")
    if upto < 0:
        raise InvalidParameterError(f"--upto must be non-negative, got {upto}")
