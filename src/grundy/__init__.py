"""grundy: prove, refute and report on claims about impartial combinatorial games.

>>> from grundy import nim, chomp
>>> nim(3, 4, 5, 1).value
3
>>> chomp(3, 3).winning_moves
(chomp(3, 2),)
"""

from __future__ import annotations

from grundy.notebook_html import load_renderers_with

# Nothing from the standard library at import time either: ``python -m grundy`` runs this
# file before grundy.entry can hear Ctrl-C, so the less it loads the shorter that window.
TYPE_CHECKING = False
if TYPE_CHECKING:  # the names below are loaded on first use (see ``__getattr__``)
    from typing import Any

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
    from grundy.games import Game, HeapGame, Nim, SubtractionGame, SumGame, create_game
    from grundy.games.catalogue import catalogue
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

_HOMES: dict[str, str] = {
    "Analysis": "grundy.solve",
    "Chomp": "grundy.games.chomp",
    "ClaimError": "grundy.errors",
    "Game": "grundy.games",
    "GameNotFiniteError": "grundy.errors",
    "GrundyError": "grundy.errors",
    "HeapGame": "grundy.games",
    "InvalidParameterError": "grundy.errors",
    "InvalidPositionError": "grundy.errors",
    "Move": "grundy.solve",
    "Nim": "grundy.games",
    "OctalGame": "grundy.games.octal",
    "Outcome": "grundy.solve",
    "Play": "grundy.solve",
    "Position": "grundy.shortcuts",
    "Rules": "grundy.shortcuts",
    "SearchLimitError": "grundy.errors",
    "Solver": "grundy.solve",
    "Status": "grundy.verdict",
    "StrategyCheck": "grundy.certify.strategy",
    "SubtractionGame": "grundy.games",
    "SumGame": "grundy.games",
    "UnknownGameError": "grundy.errors",
    "Verdict": "grundy.verdict",
    "Word": "grundy.verdict",
    "catalogue": "grundy.games",
    "check_file": "grundy.shortcuts",
    "check_second_player_strategy": "grundy.certify.strategy",
    "check_strategy": "grundy.certify.strategy",
    "chomp": "grundy.shortcuts",
    "claim": "grundy.shortcuts",
    "create_game": "grundy.games",
    "dawsons_kayles": "grundy.shortcuts",
    "euclid": "grundy.shortcuts",
    "game": "grundy.shortcuts",
    "grundy_sequence": "grundy.solve",
    "grundys_game": "grundy.shortcuts",
    "hackenbush": "grundy.shortcuts",
    "kayles": "grundy.shortcuts",
    "mex": "grundy.nimber",
    "nim": "grundy.shortcuts",
    "nim_inv": "grundy.nimber",
    "nim_mul": "grundy.nimber",
    "nim_pow": "grundy.nimber",
    "nim_sum": "grundy.nimber",
    "octal": "grundy.shortcuts",
    "subtraction": "grundy.shortcuts",
    "table_rows": "grundy.solve",
    "take_away": "grundy.shortcuts",
    "wythoff": "grundy.shortcuts",
}
"""The module each public name comes from.  Every ``import grundy.x`` runs this file
first, so it imports none of them up front: ``grundy solve nim 3 4 5`` should not pay
for the theorem library, the certificates or numpy."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'grundy' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def _load_notebook_displays() -> None:
    from grundy.display.html import register_notebook_html

    register_notebook_html()


# Verdicts, solved positions and claim results draw themselves in notebooks through the
# display layer, loaded the first time a picture is asked for (grundy.notebook_html).
load_renderers_with(_load_notebook_displays)
