"""The arguments of the display functions grundy documents (``grundy.display``), checked
where they come in; the rules are :mod:`grundy.validate`'s."""

from __future__ import annotations

from typing import Any

import grundy.validate as validate
from grundy.games.base import Game

__all__ = ["check_picture", "check_results", "check_sequence_picture", "check_verdict"]

_GAME = "a Game (grundy.games.Game)"


def check_picture(game: Any, position: Any, winning: Any) -> None:
    """A game, one of its positions, and a list of positions (the winning moves)."""
    validate.instance(game, Game, "the game", _GAME)
    game.check_position(position)
    validate.sequence(winning, "the winning moves")


def check_sequence_picture(values: Any, preperiod: Any, period: Any) -> None:
    """Values G(0..n) (whole numbers from 0), and the period seen in them if any."""
    for value in validate.sequence(values, "the values"):
        validate.whole_number(value, "a Grundy value", low=0)
    validate.optional_whole_number(preperiod, "the preperiod", low=0)
    validate.optional_whole_number(period, "the period", low=1)


def check_verdict(verdict: Any, title: Any = "") -> None:
    from grundy.verdict import Verdict

    validate.instance(verdict, Verdict, "the verdict", "a Verdict")
    validate.text(title, "the title")


def check_results(results: Any) -> None:
    from grundy.library import TheoremResult

    for result in validate.sequence(results, "the results"):
        validate.instance(result, TheoremResult, "each result", "a checked claim's result")
