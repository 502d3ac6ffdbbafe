"""grundy's fast Grundy-sequence engines, by game class, loaded on first use.

:func:`grundy.solve.sequence.grundy_sequence` asks this table which heap games have a
specialised engine.  The engines live in :mod:`grundy.solve.heap_sequences` (numpy) and
:mod:`grundy.solve.fast_sequences` (the numba kernel beyond short ranges); they are
imported only when a sequence is computed, so that asking whether a game has an engine
(``grundy solve`` does, for every heap game) costs no numpy.
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.games.base import Game
from grundy.games.grundys_game import GrundysGame
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame
from grundy.progress import ProgressCallback

__all__ = ["BUILT_IN_ENGINES", "octal_engine"]


def octal_engine(game: Game, upto: int, progress: ProgressCallback | None) -> list[int]:
    """The numpy engine of :mod:`grundy.solve.heap_sequences` for short ranges, the
    compiled kernel beyond (:func:`grundy.solve.fast_sequences.sequence_values`); each
    cross-checks the other in the tests."""
    from grundy.solve.fast_sequences import sequence_values
    from grundy.solve.heap_sequences import rules_of

    values: list[int] = sequence_values(rules_of(game), upto, progress).tolist()
    return values


BUILT_IN_ENGINES: dict[type[Game], Callable[[Game, int, ProgressCallback | None], list[int]]] = {
    OctalGame: octal_engine,
    GrundysGame: octal_engine,
    SubtractionGame: octal_engine,
}
"""The engine of each game class (subclasses with the same rules share it)."""
