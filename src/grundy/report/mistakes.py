"""Why a plausible mistake fails, in words a student can follow.

A lecturer's claim expected to fail is the mistake students make; its counterexample is
explained from the rules, by the exact solver: a position the claim calls P where the
player to move wins names the winning move (5 -> 0; (2,4) -> (2,1) in Wythoff's game), a
position the claim calls N where every move loses says so, and a position of misère play
with no move says that the player to move wins there.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from grundy.claims import Claim
from grundy.claims.loopy_facts import CycleAwareSolver
from grundy.claims.model import TEACHING_EXAMPLE
from grundy.claims.runner import MOVE_LIMIT, POSITION_LIMIT
from grundy.display.geometry import counters_taken
from grundy.errors import GrundyError
from grundy.games.sums import SumGame
from grundy.library import Theorem
from grundy.report.counterexamples import counterexample_blocks
from grundy.report.document import Block, Paragraph, Strong
from grundy.report.gamenames import sum_name
from grundy.report.student_words import game_words, say
from grundy.solve import Solver
from grundy.solve.loopy_values import LoopyOutcome
from grundy.solve.solver import Outcome, Play
from grundy.verdict import Verdict

__all__ = ["counterexample_told", "mistake_blocks", "mistake_sentence", "winning_counters"]


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


def _listed(items: list[str]) -> tuple[str, str]:
    """``items`` but the last joined by commas, and the last: for "{sizes} and {last}"."""
    return say("list.comma").join(items[:-1]), items[-1]


def _where(claim: Claim, position: Any) -> str:
    """The position as a sentence opens: "With heaps 1 and 1" for heaps, "With 1 in Nim
    and 4 in Kayles" for a sum of different games, "With the token on vertex 0" on a
    graph, else "At (2,4)"."""
    game, game_name = claim.game, claim.game_name
    heaps: tuple[int, ...] | None = None
    if isinstance(game, SumGame) and all(
        isinstance(part, tuple) and len(part) == 1 for part in position
    ):
        heaps = tuple(part[0] for part in position)
        names = game_name.split(" + ")
        if len(set(names)) > 1 and len(names) == len(heaps):  # say which game each is in
            components = claim.params.get("components") or [{} for _ in names]
            words = [game_words(n.strip()) for n in str(sum_name(names, components)).split(" + ")]
            parts = [say("sum.part", size=h, game=w) for h, w in zip(heaps, words, strict=True)]
            first, last = _listed(parts)
            return say("story.parts", parts=first, last=last)
    elif game_name == "nim" and isinstance(position, tuple):
        heaps = position
    elif game_name == "digraph" and isinstance(position, tuple) and position:
        vertices = [str(v) for v in position]
        if len(vertices) == 1:
            return say("story.token", vertex=vertices[0])
        first, last = _listed(vertices)
        return say("story.tokens", vertices=first, last=last)
    if heaps is None or not heaps or not all(isinstance(h, int) for h in heaps):
        return say("story.at", position=_position_text(game, position))
    sizes = [str(h) for h in heaps]
    if len(sizes) == 1:
        return say("story.one-heap", size=sizes[0])
    first, last = _listed(sizes)
    return say("story.heaps", sizes=first, last=last)


def _story_solver(game: Any) -> CycleAwareSolver:
    """The solver the claim's check used: the exact one, or the loopy one for a game whose
    moves form cycles (a position there may be a draw)."""
    return CycleAwareSolver(
        game, position_limit=POSITION_LIMIT, move_limit=MOVE_LIMIT, meter=None, lemmas_only=False
    )


def _story(theorem: Theorem, claim: Claim, position: Any) -> str:
    """What happens at the counterexample, told as play: who wins there and how."""
    game = claim.game
    solver = _story_solver(game)
    position = game.check_position(_tupled(position))
    play = theorem.play or Play.NORMAL
    told = {"where": _where(claim, position)}
    told["play"] = say("story.misere") if play is Play.MISERE else ""
    has_moves = any(True for _ in game.moves(position))
    outcome = solver.outcome(position, play)
    if outcome is LoopyOutcome.D:
        return say("story.draw", **told)
    if outcome in (Outcome.N, LoopyOutcome.N):
        if not has_moves:
            return say("story.no-move-wins", **told)
        moves = [
            _with_result(m.description, game.format(m.to))
            for m in solver.winning_moves(position, play)
        ]
        if len(moves) == 1:
            return say("story.wins-by", move=moves[0].replace("->", "→"), **told)
        return say("story.wins-with", moves=_moves_text(moves), **told)
    if not has_moves:
        return say("story.no-move-loses", **told)
    return say("story.every-move-loses", **told)


def mistake_sentence(theorem: Theorem, claim: Claim | None, example: Mapping[str, Any]) -> str:
    """The counterexample told in one sentence a student can follow ("With heaps 0, 0
    and 2, the player to move wins with ...; the statement is false there, so the rule
    fails"), or "" when the example names no position the solver can play."""
    if claim is None or "position" not in example:
        return ""
    if claim.split is not None:
        game = claim.split.game_at(example)
        if game is None:
            return ""
        claim = replace(claim, game=game, split=None)
    try:
        story = _story(theorem, claim, example["position"])
        # a statement comparing the position with another one (outcome_of([a, b, 5, 5])
        # against outcome): what happens at the other one too, else the story is half told
        others = [_story(theorem, claim, p) for p in _other_positions(claim, example)]
    except (GrundyError, TypeError, ValueError):  # a position the solver cannot read
        return ""
    for other in others:
        story = say("story.while", story=story, other=_lowered(other))
    return say("story.fails", story=story)


def _lowered(sentence: str) -> str:
    """``sentence`` with its first letter small, to go on after a comma (past the marks
    that tracing puts first)."""
    for index, char in enumerate(sentence):
        if char.isalpha():
            return sentence[:index] + char.lower() + sentence[index + 1 :]
    return sentence


def _other_positions(claim: Claim, example: Mapping[str, Any]) -> list[Any]:
    """The positions of the claim's own game that the counterexample's values name
    (``outcome_of([0, 9, 5, 5])``), other than the position itself."""
    found = []
    for key in example:
        if not (key.startswith("outcome_of(") and key.endswith(")")):
            continue
        try:
            position = ast.literal_eval(key[len("outcome_of(") : -1])
        except (ValueError, SyntaxError):  # another game named first: not this game's
            continue
        if isinstance(position, list) and position != example["position"]:
            found.append(position)
    return found


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


def counterexample_told(
    theorem: Theorem, claim: Claim | None, verdict: Verdict, mistake: bool
) -> list[Block]:
    """A refuted claim's counterexample, drawn.  A plausible mistake's is told in a
    sentence (who wins there, and how) in place of its values; it is the one the claim
    chose to teach with (``teach_where``) when there is one, the least one being named
    beside it.  Any other claim's is shown by its values, with why it fails when it can
    be said."""
    least = verdict.counterexample
    if least is None:
        return []
    shown_least = bool(verdict.least)  # a random search's find may not be the least
    example = least
    taught = verdict.details.get(TEACHING_EXAMPLE) if claim is not None else None
    if isinstance(taught, Mapping):
        example = taught
    taken = winning_counters(theorem, claim, example) if mistake else {}
    sentence = mistake_sentence(theorem, claim, example) if mistake else ""
    if not sentence:
        blocks = counterexample_blocks(theorem, claim, example, taken, least=shown_least)
        return blocks + mistake_blocks(theorem, claim, example) if mistake else blocks
    blocks = counterexample_blocks(
        theorem, claim, example, taken, told=sentence, least=shown_least or example is not least
    )
    if example is not least:
        named = _position_words(claim, least)
        # a random search's find may not be the least: then "another one", not "the least"
        key = "story.chosen" if shown_least else "story.chosen-another"
        chosen = say(f"{key}-named", position=named) if named else say(key)
        blocks.append(Paragraph((chosen,)))
    return blocks


def _position_words(claim: Claim | None, example: Mapping[str, Any]) -> str:
    if claim is None or "position" not in example:
        return ""
    try:
        position = claim.game.check_position(_tupled(example["position"]))
        return _position_text(claim.game, position)
    except (GrundyError, TypeError, ValueError):
        return ""
