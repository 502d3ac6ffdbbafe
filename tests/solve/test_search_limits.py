"""Every solver words a passed limit on positions or moves the same way (one rule, in
grundy.solve.search_limits): the exact solver, the loopy solver and Lucky Nim's analysis."""

from __future__ import annotations

import pytest

from grundy.errors import SearchLimitError
from grundy.games import create_game
from grundy.games.lucky_nim import LuckyNim, LuckyPosition
from grundy.solve import Solver
from grundy.solve.loopy import LoopySolver
from grundy.solve.lucky_nim import LuckySolver

POSITIONS = "the search passed 3 positions; try a smaller position"
MOVES = "the search generated more than 3 moves; try a smaller position"


def test_exact_solver_limits() -> None:
    game = create_game("subtraction", {"set": [1, 2]})
    with pytest.raises(SearchLimitError, match=f"^{game.label}: {POSITIONS}$"):
        Solver(game, position_limit=3).grundy_value((20,))
    with pytest.raises(SearchLimitError, match=f"^{game.label}: {MOVES}$"):
        Solver(game, move_limit=3).grundy_value((20,))


def test_loopy_solver_limits() -> None:
    game = create_game("digraph", {"edges": "0>1,1>0,1>2,2>3,3>4,4>0"})
    with pytest.raises(SearchLimitError, match=f"^{game.label}: {POSITIONS}$"):
        LoopySolver(game, position_limit=3).value((0,))
    with pytest.raises(SearchLimitError, match=f"^{game.label}: {MOVES}$"):
        LoopySolver(game, move_limit=3).value((0,))


def test_lucky_nim_limit() -> None:
    game = LuckyNim(1, 2)
    wording = "the analysis passed 3 positions; try a smaller position"
    with pytest.raises(SearchLimitError, match=f"^{game.label}: {wording}$"):
        LuckySolver(game, position_limit=3).analyse(LuckyPosition((9, 8, 7)))
