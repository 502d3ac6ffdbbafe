"""Which rules a game plays: the one place that decides whether what a class declares or
proves (a theorem, a closed form, a subtraction set, an octal code) describes a subclass,
and an object of it (issue 34: an object may play other moves than its class declares).
"""

from __future__ import annotations

from abc import ABCMeta
from functools import cache
from typing import TypeGuard, TypeVar

__all__ = ["plays_by", "rules_class", "rules_of"]

# Classes here are game classes (grundy.games.base.Game and its subclasses), typed as
# plain classes: the base module imports this one, not the other way round.
_G = TypeVar("_G")


_PRESENTATION = frozenset(
    {
        "name",
        "summary",
        "position_help",
        "format",
        "describe_part_move",
        "describe_move",
    }
)
"""What a subclass may define and still play by its parent's rules: names and words."""

_CLASS_MACHINERY = frozenset(
    {
        "__module__",
        "__qualname__",
        "__doc__",
        "__dict__",
        "__weakref__",
        "__annotations__",
        "__firstlineno__",
        "__static_attributes__",
        "__abstractmethods__",
        "_abc_impl",
        "__parameters__",
        "__orig_bases__",
        "__classcell__",
    }
)
"""What Python itself puts in every class body."""


@cache
def rules_class(cls: type) -> type:
    """The class whose rules objects of ``cls`` play by exactly: ``cls`` itself, unless
    it (and each class between) only renames or rewords its parent.

    This is the one place that decides whether a theorem, a closed form or an encoding
    (Nim's nim-sum, a subtraction set, an octal code) declared by a class still describes
    a subclass.  Anything a subclass defines besides names and descriptions (moves, heap
    options, components, closed forms, options, a constructor, helpers the rules call)
    may change the game, so it makes the subclass a game of its own: theorems and
    encodings of its parent no longer apply to it.  Saying less is the safe direction.
    """
    for klass in cls.__mro__:
        own = set(vars(klass)) - _CLASS_MACHINERY
        if klass.__bases__ == (object,) or len(klass.__bases__) != 1:
            return klass
        if own - _PRESENTATION - _declared_rule_data(klass):
            return klass
    return cls  # pragma: no cover - the loop returns at the latest at a root class


def _declared_rule_data(klass: type) -> frozenset[str]:
    """What ``klass`` may define and still play by its parent's rules, besides names and
    words: the data its parent's rules read (:attr:`Game.rule_data`, e.g. a subtraction
    set), given as plain values, and then ``params`` (the parent empties it: the game
    takes no options).  A value that is not plain data (a property, a function) is code,
    and makes ``klass`` a game of its own."""
    parent = klass.__bases__[0]
    names = frozenset(getattr(parent, "rule_data", frozenset())) & set(vars(klass))
    if not names or not all(_plain_data(vars(klass)[name]) for name in names):
        return frozenset()
    return names | {"params"} if vars(klass).get("params", ()) == () else names


def _plain_data(value: object) -> bool:
    """A text, a whole number, or a tuple, list or frozenset of them (nothing callable)."""
    if isinstance(value, (tuple, list, frozenset)):
        return all(_plain_data(item) for item in value)
    return type(value) in (str, int)


def rules_of(game: object) -> type | None:
    """The class whose rules the object ``game`` plays by: :func:`rules_class` of its
    class, unless the object itself may play others, and then ``None`` (nothing but its
    own moves describes it: no engine, theorem or encoding applies).

    A class body is not all that decides what an object does: an attribute set on the
    object (by ``__init__``, ``__new__``, a metaclass or anyone holding it) hides the
    class's method of that name, and a metaclass of one's own may do anything when the
    object is made.  Either one on a user's class that declares ``subtraction_set =
    (1, 2, 3)`` could make it play other moves than the declared set's, which a
    certificate for that set would then prove wrongly.  So, when in doubt, the object
    plays rules of its own: a metaclass that is not the library's, an attribute on the
    object that is callable, or one whose name the class gives to code (a method, a
    property, any descriptor), rather than to data.
    """
    cls: type = type(game)
    if type(cls) not in _LIBRARY_METACLASSES:
        return None
    for name, value in getattr(game, "__dict__", {}).items():
        if callable(value) or _code_in_class(cls, name):
            return None
    return rules_class(cls)


_LIBRARY_METACLASSES = (type, ABCMeta)
"""The metaclasses of the library's games: any other may change what an object is."""


def _code_in_class(cls: type, name: str) -> bool:
    """Whether ``cls`` gives ``name`` to code: a function, property or other descriptor."""
    for klass in cls.__mro__:
        if name in vars(klass):
            return hasattr(type(vars(klass)[name]), "__get__")
    return False


def plays_by(game: object, declaring: type[_G]) -> TypeGuard[_G]:
    """Whether ``game`` plays by exactly the rules of ``declaring``, so that what
    ``declaring`` proves or encodes about its rules (a lemma, a closed form, a subtraction
    set, an octal code, a Z3 model) holds for it.

    >>> from grundy.games.nim import Nim
    >>> class Renamed(Nim):
    ...     name = "renamed"
    >>> class TakeOne(Nim):
    ...     def heap_options(self, heap):
    ...         return [(heap - 1,)] if heap else []
    >>> plays_by(Renamed(), Nim), plays_by(TakeOne(), Nim), plays_by(TakeOne(), TakeOne)
    (True, False, True)
    """
    declared: type = declaring
    return isinstance(game, declaring) and rules_of(game) is rules_class(declared)


def _same_rules(cls: type, declaring: type) -> bool:
    return rules_class(cls) is rules_class(declaring)


def _declaring(cls: type, attribute: str) -> type | None:
    return next((k for k in cls.__mro__ if attribute in vars(k)), None)


@cache
def _rules_tag(cls: type) -> tuple[str, ...]:
    """Nothing for a class that names its own rules; otherwise the class whose rules it
    plays by, so that a subclass that changes the moves but keeps its parent's ``name``
    is never taken for its parent (by the solver's memo, or a certificate's game)."""
    if rules_class(cls) is _declaring(cls, "name"):
        return ()
    rules = rules_class(cls)
    # the data a subclass declares for its parent's rules (a subtraction set) tells two
    # such games apart even when they take no options
    data = tuple(
        f"{name}={getattr(cls, name)!r}"
        for name in sorted(getattr(rules, "rule_data", ()))
        if _declaring(cls, name) not in (None, rules)
    )
    return (f"{rules.__module__}.{rules.__qualname__}", *data)


@cache
def _closed_form_lemma(cls: type) -> str | None:
    lemma: str | None = getattr(cls, "known_grundy_lemma", None)
    owner = _declaring(cls, "known_grundy_lemma")
    if lemma is None or owner is None or not _same_rules(cls, owner):
        return None
    if owner.__module__.partition(".")[0] != "grundy":
        # The library's theorems are about the library's games: a class of a user's own
        # naming one (Nim's value theorem for other moves) would borrow its proof.
        return None
    return lemma
