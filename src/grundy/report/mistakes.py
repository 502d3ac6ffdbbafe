"""Why a plausible mistake fails, in words a student can follow.

A lecturer's claim expected to fail is the mistake students make; its counterexample is
explained from the rules, by the exact solver: a position the claim calls P where the
player to move wins names the winning move (5 -> 0; (2,4) -> (2,1) in Wythoff's game), a
position the claim calls N where every move loses says so, and a position of misère play
with no move says that the player to move wins there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from grundy.claims import Claim
from grundy.display.geometry import counters_taken
from grundy.errors import GrundyError
from grundy.games.sums import SumGame
from grundy.library import Theorem
from grundy.report.document import Block, Paragraph, Strong
from grundy.report.student_words import game_words, say
from grundy.solve import Solver
from grundy.solve.solver import Outcome, Play

__all__ = ["mistake_blocks", "winning_counters"]


def _moves_text(descriptions: list[str]) -> str:
    shown = [d.replace("->", "→") for d in descriptions[:3]]
    more = say("mistake.more", count=len(descriptions) - 3) if len(descriptions) > 3 else ""
    if len(shown) == 1:
        return say("mistake.the-move", move=shown[0])
    return say("mistake.any-move", moves=", ".join(shown), more=more)


def _with_result(description: str, after: str) -> str:
    """A move's words with the position it leaves, unless they already show it."""
    if "->" in description or "→" in description:
        return game_words(description)
    return say("mistake.move-to", move=game_words(description), position=game_words(after))


def _position_text(game: Any, position: Any) -> str:
    """A position as the statement writes it: a sum of single heaps as (n, k)."""
    if isinstance(game, SumGame) and all(
        isinstance(part, tuple) and len(part) == 1 for part in position
    ):
        return "(" + ", ".join(str(part[0]) for part in position) + ")"
    return game_words(str(game.format(position)))


def _tupled(value: Any) -> Any:
    """A position read from a counterexample (lists, as JSON writes them) as the games
    write positions (tuples): a sum's check_position keeps lists its parts cannot play."""
    if isinstance(value, (list, tuple)):
        return tuple(_tupled(part) for part in value)
    return value


def _why(theorem: Theorem, claim: Claim, position: Any) -> str | None:
    game = claim.game
    solver = Solver(game)
    position = game.check_position(_tupled(position))
    play = theorem.play or Play.NORMAL
    misere = play is Play.MISERE
    where = _position_text(game, position)
    convention = say("mistake.misere") if misere else ""
    outcome = solver.outcome(position, play)
    has_moves = any(True for _ in game.moves(position))
    value = ""
    if not misere and game.reports_grundy:
        value = say("mistake.value", value=solver.grundy_value(position))
    if outcome is Outcome.N:
        if not has_moves:  # only in misère play: the player who cannot move has won
            return say("mistake.no-move-wins", position=where, play=convention, value=value)
        moves = [
            _with_result(m.description, game.format(m.to))
            for m in solver.winning_moves(position, play)
        ]
        return say(
            "mistake.wins-with",
            position=where,
            play=convention,
            moves=_moves_text(moves),
            value=value,
        )
    key = "mistake.no-move-loses" if not has_moves else "mistake.every-move-loses"
    return say(key, position=where, play=convention, value=value)


def mistake_blocks(
    theorem: Theorem, claim: Claim | None, example: Mapping[str, Any]
) -> list[Block]:
    """A paragraph saying why the counterexample breaks the claim, when the example
    names a position of the claim's game (else nothing: the counterexample's values say
    it)."""
    if claim is None or "position" not in example:
        return []
    if claim.split is not None:  # a claim about a family of games: the example's own game
        game = claim.split.game_at(example)
        if game is None:
            return []
        claim = replace(claim, game=game, split=None)
    try:
        why = _why(theorem, claim, example["position"])
    except (GrundyError, TypeError, ValueError):  # a position the solver cannot read
        return []
    if why is None:
        return []
    return [Paragraph((Strong(say("mistake.why")), " " + why))]


def winning_counters(
    theorem: Theorem, claim: Claim | None, example: Mapping[str, Any]
) -> dict[int, int]:
    """The counters the first winning move takes from the counterexample's heaps (heap
    index -> how many), for the picture to colour; empty when the position is not heaps of
    integers, or the player to move there has no winning move."""
    if claim is None or "position" not in example:
        return {}
    game = claim.game
    try:
        position = game.check_position(_tupled(example["position"]))
        if not all(isinstance(h, int) and not isinstance(h, bool) for h in position):
            return {}
        moves = Solver(game).winning_moves(position, theorem.play or Play.NORMAL)
    except (GrundyError, TypeError, ValueError):  # a position the solver cannot read
        return {}
    return counters_taken(position, moves[0].to) if moves else {}
