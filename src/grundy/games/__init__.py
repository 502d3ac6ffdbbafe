"""The game catalogue: rule objects, and a registry that finds them by name."""

from grundy.games.base import Game, HeapGame
from grundy.games.catalogue import GameEntry, catalogue, create_game, find_entry, register
from grundy.games.nim import Nim
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame
from grundy.games.sums import SumGame

__all__ = [
    "Game",
    "GameEntry",
    "HeapGame",
    "Nim",
    "OctalGame",
    "SubtractionGame",
    "SumGame",
    "catalogue",
    "create_game",
    "find_entry",
    "register",
]
