"""The game model: stateless rule objects over immutable, hashable positions.

A :class:`Game` knows the moves from a position, how to parse and print positions, and
the canonical form under which two positions are the same for the solver.  A game that is
a disjunctive sum (Nim heaps, rows of Kayles, components of a Hackenbush picture) also
splits a position into its parts, which lets the solver apply the Sprague-Grundy theorem.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import cache
from typing import Any, ClassVar, TypeVar

from grundy.errors import InvalidPositionError, brief
from grundy.games.json_position import is_json_word, own_position_hint, read_json_position
from grundy.games.params import Param
from grundy.games.rules_identity import (
    _closed_form_lemma,
    _declaring,
    _rules_tag,
    _same_rules,
    plays_by,
    rules_class,
    rules_of,
)
from grundy.validate import whole_from_text

__all__ = [
    "Game",
    "HeapGame",
    "NumberTupleGame",
    "Part",
    "describe_taking",
    "options_only",
    "parse_int_tokens",
    "plays_by",
    "read_number_list",
    "rules_class",
    "rules_of",
]

_T = TypeVar("_T")

Part = tuple["Game", Any]
"""A component of a position: the game it is played in and its position there."""


@cache
def _has_closed_form(cls: type[Game], method: str) -> bool:
    owner = _declaring(cls, method)
    return owner is not None and owner is not Game and _same_rules(cls, owner)


class _class_or_object:  # a decorator, named like classmethod
    """Like :func:`classmethod`, but asked of an object it also passes the object (as
    ``game``), so that what an object plays is decided from the object itself."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function
        self.__doc__ = function.__doc__

    def __get__(self, obj: Any, owner: type) -> Callable[..., Any]:
        def bound(*args: Any, **kwargs: Any) -> Any:
            return self.function(owner, obj, *args, **kwargs)

        return bound


class Game(ABC):
    """Rules of an impartial game.  Instances are immutable and carry only their options."""

    name: ClassVar[str]
    summary: ClassVar[str] = ""
    params: ClassVar[tuple[Param, ...]] = ()
    position_help: ClassVar[str] = "integers"
    reports_grundy: ClassVar[bool] = True
    """False for a game whose Grundy values mean nothing to a user (e.g. an encoding with
    hidden turn structure, like Lucky Nim's): the solver then reports outcomes only."""
    move_graph: ClassVar[bool] = True
    """False for a game whose turns are simultaneous choices (Lucky Nim): ``moves`` raises
    :class:`~grundy.errors.NoMoveGraphError` and the solver's outcomes come from an engine
    registered for the game (see :func:`grundy.solve.solver.register_region_engine`)."""

    # -- identity -------------------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """The option values that define this game (``{}`` when it has none)."""
        return {}

    @property
    def key(self) -> Hashable:
        """A hashable identity: equal keys mean equal rules."""
        options = tuple((k, _freeze(v)) for k, v in sorted(self.options().items()))
        return (self.name, *_rules_tag(type(self)), options)

    @property
    def label(self) -> str:
        """The game as written on the command line, e.g. ``subtraction --set 1,2,3``."""
        words = [self.name]
        declared = {param.name: param for param in self.params}
        for name, value in self.options().items():
            param = declared.get(name)
            flag = param.flag if param else "--" + name
            shown = ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
            words.append(f"{flag} {shown}")
        return " ".join(words)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.options().items())
        return f"{type(self).__name__}({args})"

    # -- rules ------------------------------------------------------------------------------

    @abstractmethod
    def moves(self, position: Any) -> Iterable[Any]:
        """Every position reachable in one move (the options of ``position``)."""

    def labelled_moves(self, position: Any) -> Iterator[tuple[Any, str]]:
        """Every option together with a human-readable description of the move."""
        for option in self.moves(position):
            yield option, f"{self.format(position)} -> {self.format(option)}"

    def canonical(self, position: Any) -> Hashable:
        """A key under which equal positions (e.g. heaps in another order) coincide."""
        return position  # type: ignore[no-any-return]

    def components(self, position: Any) -> Sequence[Part] | None:
        """The disjunctive-sum parts of ``position``, or ``None`` when it has no such split.

        An empty sequence means the position is the empty sum (the zero game).
        """
        return None

    def replace(self, position: Any, index: int, part_position: Any) -> Any:
        """``position`` with its ``index``-th component replaced (used to spell out moves)."""
        raise NotImplementedError(f"{self.name} positions have no components")

    def describe_part_move(self, position: Any, index: int, part: Any, option: Any) -> str:
        """Describe the move that changes component ``index`` from ``part`` to ``option``."""
        return f"{self.format(position)} -> {self.format(self.replace(position, index, option))}"

    def describe_move(self, position: Any, option: Any) -> str:
        """Describe the move from ``position`` to ``option`` (an atomic position's move)."""
        return f"{self.format(position)} -> {self.format(option)}"

    rule_data: ClassVar[frozenset[str]] = frozenset()
    """Class attributes through which a subclass chooses the data these rules read (a
    subtraction set, an octal code) without changing the rules: a subclass that defines
    only these (as plain values), names and words plays by this class's rules with its
    own data (:func:`rules_class`)."""

    known_grundy_lemma: ClassVar[str | None] = None
    """The library theorem that proves :meth:`known_grundy` and :meth:`moves_to_value`,
    if there is one; a solver asked to rely on proved lemmas only ignores the closed
    form of a game without one."""

    @_class_or_object
    def closed_form_lemma(cls, game: Game | None = None) -> str | None:
        """:attr:`known_grundy_lemma`, unless a subclass changed the rules after the lemma
        was declared (the theorem is about the declaring game, see :func:`plays_by`), or,
        asked of an object, the object may play rules of its own (:func:`rules_of`)."""
        if game is not None and rules_of(game) is None:
            return None
        return _closed_form_lemma(cls)

    @_class_or_object
    def closed_form_applies(cls, game: Game | None = None, method: str = "known_grundy") -> bool:
        """Whether :meth:`known_grundy` (or ``method``, e.g. ``"moves_to_value"``) was
        written for these very rules: a closed form inherited by a subclass that changed
        the rules is about the parent's game, and is not used (see :func:`plays_by`);
        neither is one of an object that may play rules of its own (:func:`rules_of`)."""
        if game is not None and rules_of(game) is None:
            return False
        return _has_closed_form(cls, method)

    def known_grundy(self, position: Any) -> int | None:
        """The Grundy value of an atomic position when a theorem gives it directly."""
        return None

    def moves_to_value(self, position: Any, target: int) -> Iterable[Any] | None:
        """Options of an atomic position with Grundy value ``target``, if known directly."""
        return None

    # -- notation ---------------------------------------------------------------------------

    @abstractmethod
    def from_value(self, value: Any) -> Any:
        """Build a position from data (a list of integers, as in a claim file or JSON)."""

    def check_position(self, position: Any) -> Any:
        """``position`` when it is a position of this game (as the solver's callers hand
        it over); :class:`~grundy.errors.InvalidPositionError` naming it otherwise.

        The default reads the position back through :meth:`to_json` and
        :meth:`from_value`, so every rule ``from_value`` enforces applies here too.
        """
        data: Any = None
        try:
            data = self.to_json(position)
            self.from_value(data)
        except InvalidPositionError as exc:
            raise InvalidPositionError(
                f"{brief(position)} is not a position of {self.name}: {exc}"
                + own_position_hint(position, data)
            ) from None
        except (TypeError, ValueError, AttributeError, LookupError) as exc:
            raise InvalidPositionError(
                f"{brief(position)} is not a position of {self.name} ({exc})"
                + own_position_hint(position, data)
            ) from None
        return position

    def start(self) -> Any:
        """The position meant when none is written: on the command line (no position
        words) and in a claim with neither ``position`` nor ``vars``.

        This is the one place that default is decided.  Here it is what :meth:`from_value`
        makes of an empty list (for heap games, no heaps); a game whose options describe a
        whole board overrides it (the whole picture, the whole poset).  A game with no such
        position raises :class:`~grundy.errors.InvalidPositionError` asking for one.
        """
        try:
            return self.from_value([])
        except InvalidPositionError as exc:
            raise InvalidPositionError(
                f"{self.label} has no position to start from when none is written "
                f"({exc}); name one: {self.position_help}"
            ) from None

    def parse(self, tokens: Sequence[str]) -> Any:
        """Build a position from command-line words (none: :meth:`start`; one word that
        starts with ``[``: JSON, for positions that nest)."""
        if not tokens:
            return self.start()
        if is_json_word(tokens):
            return self.from_value(read_json_position(tokens[0]))
        return self.from_value(parse_int_tokens(tokens))

    def format(self, position: Any) -> str:
        """Human-readable notation."""
        return str(position)

    def to_json(self, position: Any) -> Any:
        """The position as JSON data; ``from_value`` reads it back."""
        return position

    def bounded_positions(self, bound: Any) -> Iterator[Any]:
        """Every position componentwise at most ``bound`` (for ``grundy table --max``)."""
        raise InvalidPositionError(f"{self.name} has no notion of positions up to a bound")


def parse_int_tokens(tokens: Sequence[str]) -> list[int]:
    """Parse command-line words as integers, naming the first one that is not."""
    values = []
    for token in tokens:
        if not str(token).replace(",", " ").split():  # `solve nim ""`: a typo, not a heap
            raise InvalidPositionError(f"an empty word {brief(token)} in the position")
        for piece in str(token).replace(",", " ").split():
            value = whole_from_text(piece, "the position", InvalidPositionError)
            if value is None:
                raise InvalidPositionError(f"position must be whole numbers, got {brief(piece)}")
            values.append(value)
    return values


def read_number_list(
    value: Any, not_a_list: str, not_a_number: str, check: Callable[[int], None]
) -> tuple[int, ...]:
    """A position written as a list of whole numbers (a lone number is a list of one), each
    number checked by ``check`` as it is read.  The errors read ``{not_a_list}, got ...``
    and ``{not_a_number}, got ...``."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, (list, tuple)):
        raise InvalidPositionError(f"{not_a_list}, got {brief(value)}")
    numbers = []
    for number in value:
        if isinstance(number, bool) or not isinstance(number, int):
            raise InvalidPositionError(f"{not_a_number}, got {brief(number)}")
        check(number)
        numbers.append(number)
    return tuple(numbers)


def options_only(labelled: Iterable[tuple[_T, str]]) -> Iterator[_T]:
    """The options of labelled moves without their words: ``moves`` for a game whose
    rules are written once, in ``labelled_moves``."""
    for option, _ in labelled:
        yield option


def describe_taking(position: tuple[int, ...], index: int, part: Any, option: Any) -> str:
    """A move that lowers one heap, in words: Nim's and the subtraction games' description."""
    (heap,) = part
    left = sum(option)
    where = f"heap {index + 1}" if len(position) > 1 else "the heap"
    return f"take {heap - left} from {where} ({heap} -> {left})"


class NumberTupleGame(Game):
    """A game whose positions are tuples of whole numbers: how such a position is
    written (``(3,4,5)``), given as JSON (a list) and listed up to a bound, said once for
    heap games, staircases, boards of rows and the like."""

    least: ClassVar[int] = 0
    """Where :meth:`bounded_positions` starts counting in each place."""

    def format(self, position: tuple[int, ...]) -> str:
        return "(" + ",".join(map(str, position)) + ")"

    def to_json(self, position: tuple[int, ...]) -> list[int]:
        return list(position)

    def bounded_positions(self, bound: Any) -> Iterator[tuple[int, ...]]:
        """Every position with one number per bound, each from :attr:`least` up to it."""
        limits = self.from_value(bound)
        if all(limit - self.least < _EAGER_RANGE for limit in limits):
            return itertools.product(*(range(self.least, limit + 1) for limit in limits))
        return _lazy_product(self.least, limits)


_EAGER_RANGE = 1 << 20
"""``itertools.product`` holds each range whole: past this length, positions are made one
by one (a bound of 2**64 lists its first rows at once, rather than an OverflowError)."""


def _lazy_product(least: int, limits: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """The tuples of ``itertools.product`` over ``range(least, limit + 1)``, lazily."""
    if not limits:
        yield ()
        return
    for first in range(least, limits[0] + 1):
        for rest in _lazy_product(least, limits[1:]):
            yield (first, *rest)


class HeapGame(NumberTupleGame):
    """A game played on heaps, where a move changes one heap into zero or more heaps.

    Positions are tuples of heap sizes in the order written; the canonical form sorts
    them and drops empty heaps.  Every heap is a component of the disjunctive sum.
    """

    position_help = "heap sizes"

    @abstractmethod
    def heap_options(self, heap: int) -> Iterable[tuple[int, ...]]:
        """What a single heap of size ``heap`` can become in one move."""

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if type(self).labelled_moves is not HeapGame.labelled_moves:  # rules of its own
            yield from options_only(self.labelled_moves(position))
            return
        # As labelled_moves, without writing a description for every move.
        for _, _, result in self._distinct_options(position):
            yield result

    def labelled_moves(self, position: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], str]]:
        if type(self).moves is not HeapGame.moves:  # moves of its own: describe those
            yield from super().labelled_moves(position)
            return
        for index, option, result in self._distinct_options(position):
            yield result, self.describe_part_move(position, index, (position[index],), option)

    def _distinct_options(
        self, position: tuple[int, ...]
    ) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """Each heap's index, what it becomes and the position that makes, once a position.

        Equal heaps give equal options; a single heap cannot, so it needs no memory of
        what was seen (its options may be astronomically many: a heap of 10**12).
        """
        seen: set[tuple[int, ...]] | None = set() if len(position) > 1 else None
        for index, heap in enumerate(position):
            for option in self.heap_options(heap):
                result = position[:index] + option + position[index + 1 :]
                if seen is not None:
                    if result in seen:
                        continue
                    seen.add(result)
                yield index, option, result

    def canonical(self, position: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(heap for heap in position if heap))

    def components(self, position: tuple[int, ...]) -> Sequence[Part] | None:
        if len(position) <= 1:
            return None
        return [(self, (heap,)) for heap in position]

    def replace(self, position: tuple[int, ...], index: int, part_position: Any) -> tuple[int, ...]:
        return position[:index] + tuple(part_position) + position[index + 1 :]

    def describe_part_move(
        self, position: tuple[int, ...], index: int, part: Any, option: Any
    ) -> str:
        (heap,) = part
        after = " + ".join(map(str, option)) if option else "0"
        where = f"heap {index + 1} " if len(position) > 1 else "the heap "
        return f"{where}{heap} -> {after}"

    def describe_move(self, position: tuple[int, ...], option: Any) -> str:
        if len(position) == 1:
            return self.describe_part_move(position, 0, position, option)
        return super().describe_move(position, option)

    def check_position(self, position: Any) -> tuple[int, ...]:
        """A tuple of non-negative heap sizes (a list is accepted and made a tuple)."""
        plain_rules = type(self).from_value is HeapGame.from_value  # no extra rules to apply
        if (
            plain_rules
            and type(position) is tuple
            and all(type(h) is int and h >= 0 for h in position)
        ):
            return position  # the common case, checked without building a new tuple
        if not isinstance(position, (list, tuple)):
            raise InvalidPositionError(
                f"a {self.name} position is a tuple of heap sizes, such as (3, 4, 5), "
                f"got {brief(position)}"
            )
        return self.from_value(position)

    def from_value(self, value: Any) -> tuple[int, ...]:
        return read_number_list(
            value,
            f"{self.name} position must be a list of heap sizes",
            "heap sizes must be whole numbers",
            _non_negative_heap,
        )


def _non_negative_heap(heap: int) -> None:
    if heap < 0:
        raise InvalidPositionError(f"heap sizes must be non-negative, got {heap}")


def _freeze(value: Any) -> Hashable:
    if isinstance(value, list):
        return tuple(value)
    return value  # type: ignore[no-any-return]
