"""A game's name as a mathematician writes it: S(2, 5, 6), Kayles, S(2, 5, 6) + Kayles.

Claim files name games as the command line does (``subtraction --set 2,5,6``, a list of
names for a sum, ``octal --code 0.77``); a handout names them as the course does.  Every
place a student sees a game's name (topic titles, formulas, captions, a notebook's
displays) asks here, so the command-line spelling never reaches student text.

A name goes into a formula inside ``\\text{...}``; a character TeX reads as markup there
(a brace, a backslash, ``$ & # ^ _ ~ %``) is left out of the formula's copy, so a game
named ``my}game`` neither garbles the formula nor ends the text early (the words keep the
name as written, escaped by each writer).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from grundy.games.base import Game
from grundy.games.sums import SumGame

__all__ = ["GameName", "game_name", "game_words_of", "label_name", "sum_name", "text_latex"]

# Catalogue names with a name of their own in the literature.
_PROPER = {
    "nim": "Nim",
    "take-away": "S(1, 2, 3)",
    "kayles": "Kayles",
    "dawsons-kayles": "Dawson's Kayles",
    "dawsons-chess": "Dawson's chess",
    "grundys-game": "Grundy's game",
    "chomp": "Chomp",
    "poset": "a poset game",
    "beer-can": "the beer-can game",
    "hackenbush": "Green Hackenbush",
    "wythoff": "Wythoff's game",
    "euclid": "Euclid's game",
    "lucky-nim": "Lucky Nim",
    "gale-nim": "Gale's Nim",
    "moore-nim": "Moore's Nim",
    "digraph": "tokens on a directed graph",
    "fair-shares": "Fair Shares and Varied Pairs",
}
# Octal codes with a name of their own.
_OCTAL = {"0.77": "Kayles", "0.07": "Dawson's Kayles", "0.137": "Dawson's chess"}


_TEX_SPECIAL = re.compile(r"[\\{}$&#^_~%]+")


def text_latex(text: str) -> str:
    r"""``text`` as ``\text{...}`` for a formula, without the characters TeX reads as markup.

    >>> text_latex("my}game{x}"), text_latex("Dawson's Kayles")
    ('\\text{mygamex}', "\\text{Dawson's Kayles}")
    """
    kept = " ".join(_TEX_SPECIAL.sub("", text).split())
    return rf"\text{{{kept or 'game'}}}"


def _argument(value: Any) -> str:
    """A game's parameter in a formula: a whole number as it is, anything else as text."""
    return str(value) if str(value).isdigit() else text_latex(str(value))


class GameName(str):
    """A game's name in words; :attr:`latex` is the same name for a formula."""

    latex: str

    def __new__(cls, text: str, latex: str) -> GameName:
        name = super().__new__(cls, text)
        name.latex = latex
        return name


def _numbers(values: Any) -> list[int]:
    if isinstance(values, str):
        values = values.split(",")
    return sorted(int(v) for v in values)


def game_name(name: str, params: Mapping[str, Any] | None = None) -> GameName:
    """The name of the catalogue game ``name`` with ``params``.

    >>> game_name("subtraction", {"set": [6, 2, 5]}), game_name("kayles")
    ('S(2, 5, 6)', 'Kayles')
    >>> game_name("octal", {"code": "0.77"}).latex
    '\\\\text{Kayles}'
    >>> game_name("octal", {"code": "4.07"})
    'the octal game 4.07'
    >>> game_name("octal", {"code": "4." + "3" * 25})
    'the octal game 4.33333333… (25 digits after the point)'
    """
    params = dict(params or {})
    if name == "subtraction" and "set" in params:
        numbers = ", ".join(str(n) for n in _numbers(params["set"]))
        return GameName(f"S({numbers})", f"S({numbers})")
    if name == "take-away":
        return GameName("S(1, 2, 3)", "S(1, 2, 3)")
    if name == "octal" and "code" in params:
        code = str(params["code"])
        if code in _OCTAL:
            return GameName(_OCTAL[code], text_latex(_OCTAL[code]))
        shown = _short_code(code)
        return GameName(f"the octal game {shown}", text_latex(f"octal {shown}"))
    if name == "lucky-nim" and {"m", "n"} <= params.keys():
        m, n = params["m"], params["n"]
        latex = text_latex("Lucky Nim") + f"({_argument(m)}, {_argument(n)})"
        return GameName(f"Lucky Nim({m}, {n})", latex)
    text = _PROPER.get(name, name.replace("-", " "))
    return GameName(text, text_latex(text))


def _short_code(code: str, keep: int = 8) -> str:
    """A long octal code cut after ``keep`` digits past the point, with how many there are:
    a heading or a table column cannot hold a code of 26 digits."""
    whole, point, digits = code.partition(".")
    if not point or len(digits) <= keep + 2:
        return code
    return f"{whole}.{digits[:keep]}… ({len(digits)} digits after the point)"


def sum_name(names: Sequence[str], params: Sequence[Mapping[str, Any]]) -> GameName:
    """The sum of several games, each named by :func:`game_name`.

    >>> sum_name(["subtraction", "kayles"], [{"set": [2, 5, 6]}, {}])
    'S(2, 5, 6) + Kayles'
    """
    parts = [game_name(n, p) for n, p in zip(names, params, strict=False)]
    return GameName(" + ".join(parts), " + ".join(p.latex for p in parts))


def _words(label: str) -> list[str]:
    """The words of a label as a shell splits them, except that a backslash is kept (a
    game of one's own may have one in its name)."""
    lexer = shlex.shlex(label, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    lexer.escape = ""
    return list(lexer)


def label_name(label: str) -> GameName:
    """The name of a game written as on the command line (``subtraction --set 2,5,6``).

    >>> label_name("subtraction --set 2,5,6"), label_name("octal --code 0.77")
    ('S(2, 5, 6)', 'Kayles')
    >>> print(label_name("back" + chr(92) + "slash --note 'a b'"))
    back\\slash
    """
    try:
        words = _words(label)
    except ValueError:  # an unclosed quote
        words = label.split()
    if not words:
        return GameName(label, text_latex(label))
    params: dict[str, str] = {}
    rest = words[1:]
    while rest:
        flag, _, value = rest.pop(0).partition("=")
        if not value and rest:
            value = rest.pop(0)
        params[flag.lstrip("-")] = value
    try:
        return game_name(words[0], params)
    except ValueError:  # an option that is not a list of numbers: the name alone
        return game_name(words[0])


def game_words_of(game: Game) -> GameName:
    """The name of a game object (a sum named part by part), for a reader.

    >>> from grundy.games import SumGame, create_game
    >>> game_words_of(SumGame([create_game("octal", {"code": "0.77"}), create_game("chomp")]))
    'Kayles + Chomp'
    >>> game_words_of(create_game("subtraction", {"set": [1, 2, 3]}))
    'S(1, 2, 3)'
    """
    if isinstance(game, SumGame):
        names = [game_words_of(part) for part in game.games]
        return GameName(" + ".join(names), " + ".join(n.latex for n in names))
    return game_name(game.name, game.options())
