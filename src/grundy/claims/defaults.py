"""What a claim means when it leaves a field out: its position, its game, its scope.

Nothing here is guessed silently:

* a claim with no ``position`` and with ``vars`` plays the variables as a list
  (``[a, b, c]``), as the command line reads position words;
* with no ``vars`` either, its position is the game's :meth:`~grundy.games.base.Game.start`,
  the very position the command line means when no position words are written (the whole
  Hackenbush picture, the whole poset, no heaps); a game with no such position makes the
  claim an error asking for ``position``;
* a claim whose expressions never ask about a game (only arithmetic: ``nim_mul``,
  ``nimsum``, ``mex``, ...) needs no ``game``; one that asks needs it;
* the verdict's scope names what was checked: the single position, or the ranges.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from grundy.claims.evaluate import Value, plain, show_value
from grundy.claims.expression import GAME_FUNCTIONS, POSITION_NAMES, ParsedExpression
from grundy.errors import ClaimError, GrundyError
from grundy.games.base import Game

__all__ = [
    "NO_GAME",
    "NoGame",
    "default_position_text",
    "literal_expression",
    "needs_game",
    "reads_position",
    "single_position_words",
]

_SHOWN_LIMIT = 200
"""Longest position spelled out in a scope (a longer one is cut, with its size said)."""


class NoGame(Game):
    """The game of a claim that names none.  Such a claim was checked, when read, never
    to ask about a position, so none of these rules is ever used."""

    name = "no game"
    summary = "a claim that uses no game (arithmetic only)"
    reports_grundy = False

    def moves(self, position: Any) -> NoReturn:
        raise ClaimError("a claim with no game has no moves")

    def from_value(self, value: Any) -> NoReturn:
        raise ClaimError("a claim with no game has no positions")


NO_GAME = NoGame()


def reads_position(expressions: Iterable[ParsedExpression | None]) -> bool:
    """Whether any expression asks about the claim's own position (``grundy``,
    ``outcome``, ``moves``, ``winning_moves``)."""
    return any(e is not None and e.reads_position for e in expressions)


def needs_game(expressions: Iterable[ParsedExpression | None]) -> list[str]:
    """The words of ``expressions`` that need a game, sorted (empty: none does)."""
    words: set[str] = set()
    for expression in expressions:
        if expression is not None:
            words |= expression.names & POSITION_NAMES
            words |= expression.functions & GAME_FUNCTIONS
    return sorted(words)


def default_position_text(game: Game, variables: Sequence[str], read: bool) -> str:
    """The ``position`` of a claim that gives none, as expression text.

    With variables: the list of them.  Without: the game's start (what the command line
    means with no position words), written out, when an expression reads the position;
    a game with no start raises :class:`ClaimError` asking for ``position``.  A position
    nothing reads is never built, so it stays the empty list.
    """
    if variables:
        return "[" + ", ".join(variables) + "]"
    if not read:
        return "[]"
    try:
        start = game.start()
    except GrundyError as exc:
        raise ClaimError(
            "field 'position': is missing, and with no vars the claim would be about the "
            f"position meant when none is written; but {exc}"
        ) from None
    return json.dumps(game.to_json(start))


def literal_expression(text: str) -> ParsedExpression:
    """A list written by the program (a game's start), read without the length limit of
    user-written expressions: it names nothing and calls nothing."""
    import ast

    tree = ast.parse(text, mode="eval").body
    for node in ast.walk(tree):
        if not isinstance(node, (ast.List, ast.Constant, ast.Load, ast.UnaryOp, ast.USub)):
            raise ClaimError(f"internal: a start position is not a plain list: {text[:80]!r}")
    return ParsedExpression(text, tree, frozenset(), frozenset())


def single_position_words(game: Game, value: Value) -> str:
    """The one position of a claim without variables, in the game's own notation (as
    ``grundy solve`` prints it), e.g. ``(3,4,5)`` or ``0-1,1-2``."""
    try:
        text = game.format(game.from_value(plain(value)))
    except GrundyError:
        text = show_value(value)  # not a position: the check will say so
    if len(text) > _SHOWN_LIMIT:
        text = f"{text[: _SHOWN_LIMIT - 3]}... (the start of its {len(text):,} characters)"
    return text
