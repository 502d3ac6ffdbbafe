"""The arguments of the exact solver's public API, checked where they come in (the rules
themselves are :mod:`grundy.validate`'s)."""

from __future__ import annotations

from typing import Any

import grundy.validate as validate
from grundy.budget import Meter
from grundy.games.base import Game

__all__ = ["check_solver"]


def check_solver(solver: Any) -> None:
    """A solver's fields as built: a game, limits that are whole numbers, a meter."""
    validate.instance(solver.game, Game, "Solver's game", "a Game (grundy.games.Game)")
    validate.optional_whole_number(solver.position_limit, "position_limit", low=0)
    validate.optional_whole_number(solver.move_limit, "move_limit", low=0)
    if solver.meter is not None:
        validate.instance(solver.meter, Meter, "meter", "a running budget (Budget(...).start())")
    if solver.progress is not None:
        validate.function(solver.progress, "progress")
    for name in ("use_engines", "lemmas_only", "plain"):
        validate.flag(getattr(solver, name), name)
