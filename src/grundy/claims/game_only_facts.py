"""The facts a claim may ask of a named game alone (no position of it): which module
reads each from its certificate.  See :data:`~grundy.claims.expression.NAMED_GAME_FACTS`."""

from __future__ import annotations

from collections.abc import Sequence

from grundy.budget import Meter
from grundy.claims.quotient_facts import QUOTIENT_FACTS, quotient_fact
from grundy.claims.sequence_facts import sequence_period
from grundy.claims.values import Value
from grundy.games.base import Game

__all__ = ["named_fact"]


def named_fact(name: str, game: Game, args: Sequence[Value], meter: Meter | None) -> Value:
    """``name(game, *args)``: ``period``, ``preperiod`` or a quotient fact."""
    if name in QUOTIENT_FACTS:
        (upto,) = args
        return quotient_fact(name, game, upto, meter)
    return sequence_period(game, preperiod=name == "preperiod")
