"""grundy: prove, refute and report on claims about impartial combinatorial games.

>>> from grundy import Nim, Solver
>>> Solver(Nim()).grundy_value((3, 4, 5, 1))
3
"""

from grundy.certify.strategy import StrategyCheck, check_second_player_strategy, check_strategy
from grundy.errors import (
    ClaimError,
    GameNotFiniteError,
    GrundyError,
    InvalidParameterError,
    InvalidPositionError,
    SearchLimitError,
    UnknownGameError,
)
from grundy.games import Game, HeapGame, Nim, SubtractionGame, SumGame, catalogue, create_game
from grundy.nimber import mex, nim_sum
from grundy.solve import Analysis, Move, Outcome, Play, Solver, grundy_sequence, table_rows
from grundy.verdict import Status, Verdict

__version__ = "0.1.0"

__all__ = [
    "Analysis",
    "ClaimError",
    "Game",
    "GameNotFiniteError",
    "GrundyError",
    "HeapGame",
    "InvalidParameterError",
    "InvalidPositionError",
    "Move",
    "Nim",
    "Outcome",
    "Play",
    "SearchLimitError",
    "Solver",
    "Status",
    "StrategyCheck",
    "SubtractionGame",
    "SumGame",
    "UnknownGameError",
    "Verdict",
    "__version__",
    "catalogue",
    "check_second_player_strategy",
    "check_strategy",
    "create_game",
    "grundy_sequence",
    "mex",
    "nim_sum",
    "table_rows",
]
