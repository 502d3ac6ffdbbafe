"""Rules a user's class declares as data (a subtraction set, an octal code), and whether its
own move generator agrees with them.

A class declares ``subtraction_set = (1, 3, 4)`` on a :class:`SubtractionGame` subclass,
or ``octal_code = "0.77"`` on an :class:`OctalGame` subclass.  When it defines nothing
else about the rules, its moves *are* the declaration's, by construction
(:func:`~grundy.games.base.rules_class` says it plays by the parent's rules), and what the
library proves about those rules (periodicity certificates) applies to it.  When it also
writes its own moves, the declaration is only a comment: agreement on the heaps a program
can try never shows agreement on every heap, so the declaration is not trusted, and
:func:`first_disagreement` only helps say why.

>>> class Take134(SubtractionGame):
...     name = "take-134"
...     subtraction_set = (1, 3, 4)
>>> class Take134Too(SubtractionGame):
...     name = "take-134-too"
...     subtraction_set = (1, 3, 4)
...     def heap_options(self, heap):
...         return [(heap - s,) for s in (1, 3) if s <= heap]
>>> declared_game(Take134()).label, first_disagreement(Take134Too(), 20)
('subtraction --set 1,3,4', 4)
"""

from __future__ import annotations

from typing import Any

from grundy.errors import GrundyError
from grundy.games.base import HeapGame
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame

__all__ = ["declaration_words", "declared_game", "first_disagreement"]


def _declared(cls: type, attribute: str) -> Any:
    owner = next((k for k in cls.__mro__ if attribute in vars(k)), None)
    return None if owner is None else vars(owner)[attribute]


def declared_game(game: Any) -> HeapGame | None:
    """The catalogue game a class's declaration defines (``None`` without one)."""
    cls = type(game)
    try:
        if isinstance(game, SubtractionGame):
            found = _declared(cls, "subtraction_set")
            return None if found is None else SubtractionGame(list(found))
        if isinstance(game, OctalGame):
            code = _declared(cls, "octal_code")
            return None if code is None else OctalGame(str(code))
    except GrundyError:
        return None
    return None


def declaration_words(game: Any) -> str:
    """``subtraction_set = (1, 3, 4)`` or ``octal_code = '0.77'``, as the class wrote it."""
    cls = type(game)
    for attribute in ("subtraction_set", "octal_code"):
        found = _declared(cls, attribute)
        if found is not None:
            return f"{attribute} = {found!r}"
    return ""


def first_disagreement(game: HeapGame, upto: int) -> int | None:
    """The least heap ``<= upto`` whose options in ``game`` differ from those of its
    declared rules, or ``None`` when they agree that far (or nothing is declared).  A
    game whose own code raises disagrees at that heap."""
    rules = declared_game(game)
    if rules is None:
        return None
    for heap in range(upto + 1):
        try:
            own = {tuple(sorted(option)) for option in game.heap_options(heap)}
        except Exception:  # the user's code: any failure is a disagreement
            return heap
        if own != {tuple(sorted(option)) for option in rules.heap_options(heap)}:
            return heap
    return None
