"""A subtraction game and an octal game of our own, declared by their set and code.

    grundy check examples/declared_games/claims.toml --games examples/declared_games/games.py

A declared game writes no moves: they come from the declaration, so the library's
periodicity theorems and their certificates apply, and claims about every heap size are
proved (docs/adding-a-game.md, "A subtraction set or an octal code of your own").
"""

from __future__ import annotations

from grundy.games import OctalGame, SubtractionGame


class OneThreeFour(SubtractionGame):
    """Remove 1, 3 or 4 counters from one heap."""

    name = "one-three-four"
    summary = "remove 1, 3 or 4 counters from one heap"
    subtraction_set = (1, 3, 4)


class PinsInARow(OctalGame):
    """Kayles under a name of our own: knock down one pin or two neighbouring pins."""

    name = "pins-in-a-row"
    summary = "knock down one pin or two neighbouring pins (octal 0.77)"
    octal_code = "0.77"


GAMES = [OneThreeFour, PinsInARow]
