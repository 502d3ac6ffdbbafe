"""grundy: prove, refute and report on claims about impartial combinatorial games.

>>> from grundy import nim, chomp
>>> nim(3, 4, 5, 1).value
3
>>> chomp(3, 3).winning_moves
(chomp(3, 2),)
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
from grundy.games.chomp import Chomp
from grundy.games.octal import OctalGame
from grundy.nimber import mex, nim_inv, nim_mul, nim_pow, nim_sum
from grundy.shortcuts import (
    Position,
    Rules,
    check_file,
    chomp,
    claim,
    dawsons_kayles,
    euclid,
    game,
    grundys_game,
    hackenbush,
    kayles,
    nim,
    octal,
    subtraction,
    take_away,
    wythoff,
)
from grundy.solve import Analysis, Move, Outcome, Play, Solver, grundy_sequence, table_rows
from grundy.verdict import Status, Verdict, Word

__version__ = "0.1.0"

__all__ = [
    "Analysis",
    "Chomp",
    "ClaimError",
    "Game",
    "GameNotFiniteError",
    "GrundyError",
    "HeapGame",
    "InvalidParameterError",
    "InvalidPositionError",
    "Move",
    "Nim",
    "OctalGame",
    "Outcome",
    "Play",
    "Position",
    "Rules",
    "SearchLimitError",
    "Solver",
    "Status",
    "StrategyCheck",
    "SubtractionGame",
    "SumGame",
    "UnknownGameError",
    "Verdict",
    "Word",
    "__version__",
    "catalogue",
    "check_file",
    "check_second_player_strategy",
    "check_strategy",
    "chomp",
    "claim",
    "create_game",
    "dawsons_kayles",
    "euclid",
    "game",
    "grundy_sequence",
    "grundys_game",
    "hackenbush",
    "kayles",
    "mex",
    "nim",
    "nim_inv",
    "nim_mul",
    "nim_pow",
    "nim_sum",
    "octal",
    "subtraction",
    "table_rows",
    "take_away",
    "wythoff",
]
