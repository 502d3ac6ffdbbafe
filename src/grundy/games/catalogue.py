"""The registry of games by name: ``create_game("subtraction", {"set": [1, 2, 3]})``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from grundy.errors import InvalidParameterError, UnknownGameError
from grundy.games.base import Game
from grundy.games.nim import Nim
from grundy.games.params import Param, resolve_params
from grundy.games.subtraction import SubtractionGame
from grundy.validate import numbers_fit_digits

__all__ = ["GameEntry", "catalogue", "create_game", "find_entry", "register", "unregister"]


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A catalogue name: the game class and any options that the name fixes (aliases)."""

    name: str
    game_class: type[Game]
    fixed: Mapping[str, Any] = field(default_factory=dict)
    summary: str = ""

    @property
    def params(self) -> tuple[Param, ...]:
        return tuple(p for p in self.game_class.params if p.name not in self.fixed)

    @property
    def description(self) -> str:
        return self.summary or self.game_class.summary

    @property
    def rules(self) -> str:
        """The game's rules in prose, for students (:mod:`grundy.games.rules`)."""
        from grundy.games.rules import rules_of

        return rules_of(self.name)

    @property
    def is_heap_game(self) -> bool:
        from grundy.games.base import HeapGame

        return issubclass(self.game_class, HeapGame)


_ENTRIES: dict[str, GameEntry] = {}


def register(
    name: str,
    game_class: type[Game],
    fixed: Mapping[str, Any] | None = None,
    summary: str = "",
) -> None:
    """Add a game (or an alias with fixed options) to the catalogue."""
    if name in _ENTRIES:
        raise ValueError(f"game name {name!r} is registered twice")
    _ENTRIES[name] = GameEntry(name, game_class, dict(fixed or {}), summary)


def catalogue() -> list[GameEntry]:
    """Every registered game, in the order registered."""
    return list(_ENTRIES.values())


# An octal code stands for itself as a game name (``0.77``, ``4.07``, ``.137``), as in the
# literature; the octal game then checks the digits.
_OCTAL_NAME = re.compile(r"[0-9a-fA-F]?\.[0-9a-zA-Z]*")


def find_entry(name: str) -> GameEntry:
    """The catalogue entry for ``name`` (an octal code such as ``0.77`` names its octal
    game); a clear error naming close matches otherwise.

    >>> find_entry("0.77").fixed, find_entry("kayles").fixed
    ({'code': '0.77'}, {'code': '0.77'})
    """
    if not isinstance(name, str):
        raise UnknownGameError(f"a game name is text such as 'nim', got {name!r:.60}")
    if name not in _ENTRIES and _OCTAL_NAME.fullmatch(name):
        return GameEntry(
            name, _ENTRIES["octal"].game_class, {"code": name}, f"the octal game {name}"
        )
    try:
        return _ENTRIES[name]
    except KeyError:
        import difflib

        close = difflib.get_close_matches(name, list(_ENTRIES), n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        known = ", ".join(_ENTRIES)
        raise UnknownGameError(f"unknown game {name!r}{hint}; known games: {known}") from None


def create_game(name: str, params: Mapping[str, Any] | None = None) -> Game:
    """Build the game called ``name`` with the given options, validating them.

    >>> create_game("subtraction", {"set": [3, 1, 2]}).label
    'subtraction --set 1,2,3'
    """
    entry = find_entry(name)
    if params is not None and not isinstance(params, Mapping):
        raise InvalidParameterError(
            f"the options of {name!r} are a mapping such as {{'set': [1, 2, 3]}}, "
            f"got {params!r:.60}"
        )
    given = dict(params or {})
    numbers_fit_digits(given, f"the options of {name!r}")
    clash = sorted(set(given) & set(entry.fixed))
    if clash:
        raise InvalidParameterError(f"{name!r} fixes option {clash[0]!r}; it cannot be given")
    resolved = resolve_params(name, entry.params, given)
    resolved.update(entry.fixed)
    try:
        return entry.game_class(**resolved)
    except TypeError as exc:  # a game class whose signature disagrees with its params
        raise InvalidParameterError(f"bad options for {name!r}: {exc}") from None


register("nim", Nim)
register("subtraction", SubtractionGame)
register(
    "take-away",
    SubtractionGame,
    fixed={"set": [1, 2, 3]},
    summary="the notes' take-away game: remove 1, 2 or 3 chips (subtraction --set 1,2,3)",
)

# -- heap games: octal games and their aliases, Grundy's game (see octal.py, grundys_game.py) --
from grundy.games.grundys_game import GrundysGame  # noqa: E402
from grundy.games.octal import OctalGame  # noqa: E402

register("octal", OctalGame)
register(
    "kayles",
    OctalGame,
    fixed={"code": "0.77"},
    summary="Kayles (octal 0.77): knock down one pin or two adjacent pins from a row",
)
register(
    "dawsons-kayles",
    OctalGame,
    fixed={"code": "0.07"},
    summary="Dawson's Kayles (octal 0.07): knock down two adjacent pins from a row",
)
register(
    "dawsons-chess",
    OctalGame,
    fixed={"code": "0.137"},
    summary="Dawson's chess (octal 0.137): remove 1 only from a heap of 1, 2 leaving one "
    "or no heap, or 3 leaving up to two heaps",
)
register("grundys-game", GrundysGame)

# -- boards and posets: Chomp, poset games, the beer-can game --
from grundy.games.beer_can import BeerCan  # noqa: E402
from grundy.games.chomp import Chomp  # noqa: E402
from grundy.games.poset import PosetGame  # noqa: E402

register("chomp", Chomp)
register("poset", PosetGame)
register("beer-can", BeerCan)

# -- Green Hackenbush, Wythoff, Euclid, Lucky Nim, Gale's Nim, Moore's Nim --
from grundy.games.euclid import Euclid  # noqa: E402
from grundy.games.gale_nim import GaleNim  # noqa: E402
from grundy.games.hackenbush import GreenHackenbush  # noqa: E402
from grundy.games.lucky_nim import LuckyNim  # noqa: E402
from grundy.games.moore_nim import MooreNim  # noqa: E402
from grundy.games.wythoff import Wythoff  # noqa: E402

register("hackenbush", GreenHackenbush)
register("wythoff", Wythoff)
register("euclid", Euclid)
register("lucky-nim", LuckyNim)
register("gale-nim", GaleNim)
register("moore-nim", MooreNim)

# -- Staircase Nim, Fibonacci Nim --
from grundy.games.fibonacci_nim import FibonacciNim  # noqa: E402
from grundy.games.staircase_nim import StaircaseNim  # noqa: E402

register("staircase-nim", StaircaseNim)
register("fibonacci-nim", FibonacciNim)

# -- loopy games: moves may return to a position, so some positions are draws --
from grundy.games.digraph import Digraph  # noqa: E402
from grundy.games.fair_shares import FairShares  # noqa: E402

register("digraph", Digraph)
register("fair-shares", FairShares)


def unregister(name: str) -> None:
    """Remove a game from the catalogue (games loaded for one run leave with it)."""
    _ENTRIES.pop(name, None)
