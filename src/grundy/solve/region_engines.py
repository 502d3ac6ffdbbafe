"""The solver's region engines for catalogue games whose engine needs numpy.

Registered with the package (``grundy/solve/__init__.py`` imports this module), so every
:class:`~grundy.solve.solver.Solver` can use them; the engine's own module is imported
the first time the solver meets such a game, so solving a Nim position costs no numpy.
"""

from __future__ import annotations

from typing import Any

from grundy.budget import Meter
from grundy.games.base import Game
from grundy.games.chomp import Chomp
from grundy.solve.solver import SolvedRegion, register_region_engine

__all__ = ["chomp_boxes"]


def chomp_boxes(
    game: Game, position: Any, room: int | None, meter: Meter | None = None
) -> SolvedRegion | None:
    """Chomp's box engine (:func:`grundy.solve.chomp_engine.chomp_region`); its loop is
    compiled and does not look at ``meter``: its size is bounded by ``room`` instead."""
    from grundy.solve.chomp_engine import chomp_region

    return chomp_region(game, position, room)


register_region_engine(Chomp, chomp_boxes)
