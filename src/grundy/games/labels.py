"""A game written as on the command line (``subtraction --set 1,2,3``), read back.

:attr:`Game.label <grundy.games.base.Game.label>` prints a game this way; claim
expressions name other games this way (``g("subtraction --set 1,2", [n])``).
"""

from __future__ import annotations

import shlex

from grundy.errors import InvalidParameterError, UnknownGameError
from grundy.games.base import Game
from grundy.games.catalogue import create_game, find_entry

__all__ = ["game_from_label"]


def game_from_label(text: str) -> Game:
    """The game named by ``text``: a catalogue name, then ``--option value`` pairs.

    >>> game_from_label("subtraction --set 1,2,3").label
    'subtraction --set 1,2,3'
    >>> game_from_label("kayles").label
    'octal --code 0.77'
    """
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise InvalidParameterError(f"cannot read the game {text!r}: {exc}") from None
    if not words:
        raise UnknownGameError("an empty game name")
    name, rest = words[0], words[1:]
    entry = find_entry(name)
    flags = {param.flag: param for param in entry.params}
    given = {}
    while rest:
        flag, _, inline = rest.pop(0).partition("=")
        param = flags.get(flag)
        if param is None:
            known = ", ".join(flags) or "none"
            raise InvalidParameterError(
                f"game {name!r} has no option {flag!r} (its options: {known})"
            )
        if not inline:
            if not rest:
                raise InvalidParameterError(f"option {flag} of {name!r} needs a value")
            inline = rest.pop(0)
        given[param.name] = param.from_text(inline)
    return create_game(name, given)
