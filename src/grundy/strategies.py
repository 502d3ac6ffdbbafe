"""Hypothesis strategies for games of the catalogue and their positions.

For property-based tests, ours and our users': draw a game (with its options), or a
position of a given game, small enough that the exact solver settles it at once.

- :func:`game_options`: the options of a catalogue game, e.g. subtraction sets;
- :func:`games`: a game from the catalogue (one name, or any), options drawn too;
- :func:`positions`: positions of a given game, built through its ``from_value`` so every
  drawn position is one the game accepts;
- :func:`games_and_positions`: a game and a position of it, together.

``size`` bounds what is drawn: the largest heap, the side of a board, the number of
poset elements or picture vertices.  Every catalogue game is covered; a game class added
later without a recipe here raises :class:`~grundy.errors.UnknownGameError` rather than
being skipped (heap games get the generic heap recipe).

>>> from hypothesis import given
>>> from grundy.solve import Solver
>>> @given(games_and_positions("subtraction", size=8))
... def test_zero_value_means_p(drawn):
...     game, position = drawn
...     solver = Solver(game)
...     assert (solver.grundy_value(position) == 0) == (solver.outcome(position).value == "P")
>>> test_zero_value_means_p()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from grundy.errors import UnknownGameError
from grundy.games.base import Game, HeapGame
from grundy.games.beer_can import BeerCan
from grundy.games.catalogue import catalogue, create_game, find_entry
from grundy.games.chomp import Chomp
from grundy.games.digraph import Digraph
from grundy.games.euclid import Euclid
from grundy.games.fair_shares import FairShares
from grundy.games.fibonacci_nim import FibonacciNim
from grundy.games.gale_nim import GaleNim
from grundy.games.hackenbush import GreenHackenbush
from grundy.games.lucky_nim import LuckyNim
from grundy.games.poset import PosetGame
from grundy.games.staircase_nim import StaircaseNim
from grundy.games.wythoff import Wythoff

__all__ = [
    "covered_games",
    "game_options",
    "games",
    "games_and_positions",
    "positions",
]

DEFAULT_SIZE = 6
MAX_HEAPS = 4


# -- options of the games that have some ----------------------------------------------------


def _subtraction_options() -> st.SearchStrategy[dict[str, Any]]:
    subtraction_set = st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True)
    return st.fixed_dictionaries({"set": subtraction_set.map(sorted)})


def _octal_options() -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def code(draw: st.DrawFn) -> str:
        before = draw(st.sampled_from("04"))  # a digit before the point may only split
        after = draw(st.lists(st.sampled_from("01234567"), min_size=0, max_size=3))
        after.append(draw(st.sampled_from("1234567")))  # the last digit is not zero
        return f"{before}.{''.join(after)}"

    return st.fixed_dictionaries({"code": code()})


def _poset_options() -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def relations(draw: st.DrawFn) -> str:
        size = draw(st.integers(1, 5))
        pairs = [(low, high) for high in range(size) for low in range(high)]
        chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
        words = [str(element) for element in range(size)]
        words += [f"{low}<{high}" for low, high in sorted(chosen)]
        return ",".join(words)  # i < j as numbers whenever i < j in the order: no cycles

    return st.fixed_dictionaries({"relations": relations()})


def _beer_can_options() -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def board(draw: st.DrawFn) -> dict[str, Any]:
        rows, columns = draw(st.integers(1, 4)), draw(st.integers(1, 4))
        piece = draw(st.integers(1, min(rows, columns, 2)))
        return {"rows": rows, "columns": columns, "piece": piece}

    return board()


def _hackenbush_options() -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def picture(draw: st.DrawFn) -> dict[str, Any]:
        vertices = draw(st.integers(2, 5))
        edge = st.tuples(st.integers(0, vertices - 1), st.integers(0, vertices - 1)).filter(
            lambda pair: pair != (0, 0)  # a loop on the ground would never fall
        )
        edges = draw(st.lists(edge, min_size=1, max_size=6))
        return {"edges": ",".join(f"{u}-{v}" for u, v in edges)}

    return picture()


def _lucky_nim_options() -> st.SearchStrategy[dict[str, Any]]:
    return st.integers(1, 3).flatmap(
        lambda m: st.fixed_dictionaries({"m": st.just(m), "n": st.integers(m, m + 2)})
    )


def _gale_nim_options() -> st.SearchStrategy[dict[str, Any]]:
    return st.integers(0, 2).flatmap(
        lambda n: st.one_of(
            st.just({"n": n}),
            st.integers(n + 1, n + 3).map(lambda m: {"n": n, "m": m}),
        )
    )


def _moore_nim_options() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"k": st.integers(1, 3)})


def _digraph_options() -> st.SearchStrategy[dict[str, Any]]:
    edge = st.tuples(st.integers(0, 5), st.integers(0, 5))
    return st.lists(edge, min_size=1, max_size=12).map(
        lambda edges: {"edges": ",".join(f"{a}>{b}" for a, b in edges)}
    )


_OPTIONS: dict[str, Callable[[], st.SearchStrategy[dict[str, Any]]]] = {
    "subtraction": _subtraction_options,
    "octal": _octal_options,
    "poset": _poset_options,
    "beer-can": _beer_can_options,
    "hackenbush": _hackenbush_options,
    "lucky-nim": _lucky_nim_options,
    "gale-nim": _gale_nim_options,
    "moore-nim": _moore_nim_options,
    "digraph": _digraph_options,
}


def game_options(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Options for the catalogue game ``name`` (``{}`` for a game without options).

    >>> from hypothesis import find
    >>> find(game_options("subtraction"), lambda options: len(options["set"]) == 2)
    {'set': [1, 2]}
    """
    entry = find_entry(name)
    if not entry.params:
        return st.just({})
    recipe = _OPTIONS.get(name)
    if recipe is None:
        raise UnknownGameError(
            f"no hypothesis strategy for the options of {name!r}; add one to grundy.strategies"
        )
    return recipe()


def games(name: str | None = None) -> st.SearchStrategy[Game]:
    """A game of the catalogue called ``name`` (any catalogue game when ``None``), with
    its options drawn by :func:`game_options`."""
    if name is None:
        return st.sampled_from([entry.name for entry in catalogue()]).flatmap(games)
    return game_options(name).map(lambda options: create_game(name, options))


# -- positions ----------------------------------------------------------------------------------


def _heaps(game: Game, size: int) -> st.SearchStrategy[Any]:
    count = st.integers(0, MAX_HEAPS)
    if isinstance(game, GaleNim) and game.m is not None:
        count = st.just(game.m)  # such a game requires exactly m heaps
    return count.flatmap(
        lambda n: st.lists(st.integers(0, size), min_size=n, max_size=n).map(game.from_value)
    )


def _two_heaps(game: Game, size: int) -> st.SearchStrategy[Any]:
    low = 1 if isinstance(game, Euclid) else 0
    return st.lists(st.integers(low, max(size, low)), min_size=2, max_size=2).map(game.from_value)


def _chomp(game: Game, size: int) -> st.SearchStrategy[Any]:
    side = max(size, 1)
    rows = st.lists(st.integers(1, side), min_size=1, max_size=side)
    return rows.map(lambda lengths: game.from_value(sorted(lengths, reverse=True)))


def _poset(game: Game, size: int) -> st.SearchStrategy[Any]:
    assert isinstance(game, PosetGame)
    return st.sets(st.sampled_from(game.elements)).map(lambda kept: game.from_value(sorted(kept)))


def _beer_can(game: Game, size: int) -> st.SearchStrategy[Any]:
    assert isinstance(game, BeerCan)
    spots = sorted(game.placements)

    def place(chosen: list[tuple[int, int]]) -> Any:
        occupied = 0
        for spot in chosen:  # keep the cans that fit beside those already placed
            if not game.placements[spot] & occupied:
                occupied |= game.placements[spot]
        return game.from_value(game.to_json(occupied))

    return st.lists(st.sampled_from(spots), max_size=len(spots)).map(place)


def _hackenbush(game: Game, size: int) -> st.SearchStrategy[Any]:
    assert isinstance(game, GreenHackenbush)
    edges = list(game.picture)
    if not edges:
        return st.just(game.from_value([]))
    return st.lists(st.sampled_from(edges), unique=True).map(
        lambda kept: game.from_value([list(edge) for edge in kept])
    )


def _lucky_nim(game: Game, size: int) -> st.SearchStrategy[Any]:
    assert isinstance(game, LuckyNim)
    return st.lists(st.integers(0, size), min_size=1, max_size=3).map(game.from_value)


def _digraph(game: Game, size: int) -> st.SearchStrategy[Any]:
    assert isinstance(game, Digraph)
    tokens = st.lists(st.sampled_from(game.vertices), min_size=1, max_size=3)
    return tokens.map(game.from_value)


def _fair_shares(game: Game, size: int) -> st.SearchStrategy[Any]:
    heaps = st.lists(st.integers(1, max(size, 1)), min_size=1, max_size=3)
    return heaps.map(game.from_value)


def _staircase(game: Game, size: int) -> st.SearchStrategy[Any]:
    steps = st.lists(st.integers(0, size), max_size=MAX_HEAPS)
    return steps.map(game.from_value)


def _fibonacci(game: Game, size: int) -> st.SearchStrategy[Any]:
    start = st.integers(0, size).map(lambda n: [n])  # a game's start
    later = st.lists(st.integers(0, 2 * size), min_size=2, max_size=2)  # heap, most
    return st.one_of(start, later).map(game.from_value)


_POSITIONS: dict[type[Game], Callable[[Game, int], st.SearchStrategy[Any]]] = {
    Digraph: _digraph,
    FairShares: _fair_shares,
    Chomp: _chomp,
    PosetGame: _poset,
    BeerCan: _beer_can,
    GreenHackenbush: _hackenbush,
    Wythoff: _two_heaps,
    Euclid: _two_heaps,
    LuckyNim: _lucky_nim,
    StaircaseNim: _staircase,
    FibonacciNim: _fibonacci,
}


def covered_games() -> frozenset[str]:
    """Names of the catalogue games this module can draw positions for."""
    return frozenset(
        entry.name
        for entry in catalogue()
        if entry.game_class in _POSITIONS or issubclass(entry.game_class, HeapGame)
    )


def positions(game: Game, *, size: int = DEFAULT_SIZE) -> st.SearchStrategy[Any]:
    """Positions of ``game``, each accepted by its ``from_value``; ``size`` bounds heaps,
    board sides and the like (a Hackenbush or poset position is a part of the game's own
    picture or poset, a beer-can position some cans placed on its table).

    >>> from hypothesis import find
    >>> find(positions(Chomp(), size=3), lambda board: len(board) == 3)
    (1, 1, 1)
    """
    recipe = _POSITIONS.get(type(game))
    if recipe is None and isinstance(game, HeapGame):
        recipe = _heaps
    if recipe is None:
        raise UnknownGameError(
            f"no hypothesis strategy for positions of {game.name!r}; add one to grundy.strategies"
        )
    return recipe(game, size)


def games_and_positions(
    name: str | None = None, *, size: int = DEFAULT_SIZE
) -> st.SearchStrategy[tuple[Game, Any]]:
    """A game (as :func:`games`) and a position of it (as :func:`positions`)."""
    return games(name).flatmap(
        lambda game: positions(game, size=size).map(lambda position: (game, position))
    )
