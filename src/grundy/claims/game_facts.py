"""Which facts a claim may ask of a game: one rule for every game a claim touches.

A claim touches its own game, each summand of it, and each game named in ``g('kayles',
[k])`` or ``outcome_of('lucky-nim --m 1 --n 2', [k])``.  All of them pass the same
checks here, wherever the fact is asked (the exact solver's cases, the certificate
method's table, the re-check of a counterexample).  Sums are checked where they are
built (:class:`~grundy.games.sums.SumGame` refuses a summand with no move list).
"""

from __future__ import annotations

from collections.abc import Iterator

from grundy.games.base import Game
from grundy.games.sums import SumGame

__all__ = ["games_within", "grundy_refusal"]


def games_within(game: Game) -> Iterator[Game]:
    """``game`` and, for a sum, every summand (sums of sums included)."""
    yield game
    if isinstance(game, SumGame):
        for part in game.games:
            yield from games_within(part)


def grundy_refusal(game: Game) -> str | None:
    """Why a claim may not ask for Grundy values of ``game`` (``None`` when it may): a
    value of a sum is the nim-sum of its summands' values, so every summand must have
    Grundy values of its own."""
    for part in games_within(game):
        if not part.reports_grundy:
            within = "" if part is game else f" (a summand of {game.label})"
            return (
                f"{part.name}{within} has no Grundy values a claim may use (its turns are "
                "not moves to options); state it with 'outcome' instead"
            )
    return None
