"""Small games for checking the general theory: random game graphs, game trees, whole sums.

- :class:`GraphGame`: a finite acyclic game graph (node ``i`` may only move to nodes
  below ``i``), drawn at random by :func:`graph_games` for hypothesis searches, or by
  :func:`deep_graph_games` with a top node born after day 4;
- :class:`TreeGame`: games as hereditary sets of options (a position *is* its set of
  options), with :func:`born_by` listing every game tree born by a given day;
- :class:`WholeSum`: the disjunctive sum searched as one graph, *without* splitting it
  into components, so that the Sprague-Grundy sum rule can be tested rather than used;
- :class:`SearchOnlyNim`: Nim searched position by position, without the closed form;
- :func:`first_player_wins`: the P/N labelling rules of the notes, computed directly
  from the moves (no Grundy values), as an independent oracle;
- :func:`longest_play`: the length of the longest play (a tree's birthday).

>>> [len(born_by(day)) for day in range(4)]
[1, 2, 4, 16]
>>> first_player_wins(TreeGame(), star(2))
True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import cache
from itertools import combinations
from typing import Any

from hypothesis import strategies as st

from grundy.errors import InvalidPositionError
from grundy.games.base import Game, HeapGame, Part
from grundy.games.sums import SumGame

__all__ = [
    "GraphGame",
    "SearchOnlyNim",
    "Tree",
    "TreeGame",
    "WholeSum",
    "born_by",
    "deep_graph_games",
    "first_player_wins",
    "graph_games",
    "longest_play",
    "star",
    "tree_sum",
]

Tree = frozenset[Any]
"""A game tree: the set of its options, each itself a tree (the empty set is *0)."""


class GraphGame(Game):
    """A game on a finite acyclic graph: position = a node, moves = its successors.

    ``successors[i]`` lists the nodes reachable from node ``i`` in one move, all below
    ``i``, so every play ends.

    >>> game = GraphGame([[], [0], [0, 1]])
    >>> sorted(game.moves(2))
    [0, 1]
    """

    name = "graph"
    summary = "a finite acyclic game graph (for tests of the general theory)"

    def __init__(self, successors: Sequence[Sequence[int]]) -> None:
        for node, targets in enumerate(successors):
            if any(not 0 <= target < node for target in targets):
                raise InvalidPositionError(f"node {node} may only move to nodes below it")
        self.successors: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(set(t))) for t in successors
        )

    def options(self) -> dict[str, Any]:
        return {"successors": [list(t) for t in self.successors]}

    @property
    def key(self) -> Hashable:
        return ("graph", self.successors)

    def moves(self, position: int) -> Iterator[int]:
        return iter(self.successors[position])

    def from_value(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidPositionError(f"a graph position is a node number, got {value!r}")
        if not 0 <= value < len(self.successors):
            raise InvalidPositionError(
                f"node {value} is not in the graph (nodes 0..{len(self.successors) - 1})"
            )
        return value


class TreeGame(Game):
    """Games as trees: a position is the frozenset of its options.

    >>> TreeGame().format(star(2))
    '{0, {0}}'
    """

    name = "tree"
    summary = "a game given as the set of its options (for tests of the general theory)"

    def moves(self, position: Tree) -> Iterator[Tree]:
        return iter(position)

    def from_value(self, value: Any) -> Tree:
        if not isinstance(value, (list, tuple, frozenset, set)):
            raise InvalidPositionError(f"a game tree is a list of game trees, got {value!r}")
        return frozenset(self.from_value(option) for option in value)

    def format(self, position: Tree) -> str:
        if not position:
            return "0"
        return "{" + ", ".join(sorted(map(self.format, position), key=_by_size)) + "}"

    def to_json(self, position: Tree) -> list[Any]:
        return [self.to_json(option) for option in sorted(position, key=_tree_order)]


class WholeSum(SumGame):
    """A sum of games searched as one graph: it reports no components to the solver."""

    # SumGame promises components; returning None here is the point of this class.
    def components(self, position: tuple[Any, ...]) -> Sequence[Part] | None:  # type: ignore[override]
        return None


class SearchOnlyNim(HeapGame):
    """Nim searched as whole positions: no heap values from the closed form, no splitting."""

    name = "nim-search"
    summary = "Nim without shortcuts (every position searched)"

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        return ((smaller,) for smaller in range(heap))

    def components(self, position: tuple[int, ...]) -> Sequence[Part] | None:
        return None


def star(n: int) -> Tree:
    """The nimber *n as a game tree: the options are *0, ..., *(n-1)."""
    return _star(n)


@cache
def _star(n: int) -> Tree:
    return frozenset(_star(i) for i in range(n))


def tree_sum(*games: Tree) -> Tree:
    """The disjunctive sum of game trees, as a game tree."""
    return _tree_sum(tuple(sorted(games, key=_tree_order)))


@cache
def _tree_sum(games: tuple[Tree, ...]) -> Tree:
    options = []
    for index, game in enumerate(games):
        for option in game:
            options.append(tree_sum(*games[:index], option, *games[index + 1 :]))
    return frozenset(options)


def born_by(day: int) -> list[Tree]:
    """Every game tree born by ``day`` (day 0: only 0; day d+1: every set of day-d games),
    in a fixed order: by size, then by notation."""
    games: list[Tree] = [frozenset()]
    for _ in range(day):
        games = [
            frozenset(chosen)
            for size in range(len(games) + 1)
            for chosen in combinations(games, size)
        ]
    return sorted(games, key=_tree_order)


def first_player_wins(game: Game, position: Any) -> bool:
    """The player to move wins iff some move leads to a position where the mover loses.

    Computed from the moves alone (the notes' labelling rules), memoised per call.
    """
    memo: dict[Hashable, bool] = {}

    def wins(here: Any) -> bool:
        key = game.canonical(here)
        if key not in memo:
            memo[key] = any(not wins(option) for option in game.moves(here))
        return memo[key]

    return wins(position)


def graph_games(max_nodes: int = 8, edge_chance: float = 0.4) -> st.SearchStrategy[GraphGame]:
    """Random acyclic game graphs with 1 to ``max_nodes`` nodes."""

    @st.composite
    def build(draw: st.DrawFn) -> GraphGame:
        nodes = draw(st.integers(1, max_nodes))
        successors: list[list[int]] = []
        for node in range(nodes):
            targets = [
                target
                for target in range(node)
                if draw(st.floats(0, 1, allow_nan=False)) < edge_chance
            ]
            successors.append(targets)
        return GraphGame(successors)

    return build()


def deep_graph_games(
    min_nodes: int = 6, max_nodes: int = 10, edge_chance: float = 0.6
) -> st.SearchStrategy[GraphGame]:
    """Random acyclic game graphs whose top node is born after day ``min_nodes - 2``.

    Every node ``i > 0`` moves to ``i - 1`` (a chain through all nodes) and to each lower
    node with probability ``edge_chance``, so the top node ``nodes - 1`` has a play of
    ``nodes - 1`` moves: with the default, it is born on day 5 or later, beyond the
    forms born by day 4 that are checked exhaustively.
    """

    @st.composite
    def build(draw: st.DrawFn) -> GraphGame:
        nodes = draw(st.integers(min_nodes, max_nodes))
        successors: list[list[int]] = [[]]
        for node in range(1, nodes):
            extra = [
                target
                for target in range(node - 1)
                if draw(st.floats(0, 1, allow_nan=False)) < edge_chance
            ]
            successors.append([node - 1, *extra])
        return GraphGame(successors)

    return build()


def longest_play(game: Game, position: Any) -> int:
    """The length of the longest play from ``position`` (its birthday, for a game tree)."""
    memo: dict[Hashable, int] = {}

    def length(here: Any) -> int:
        key = game.canonical(here)
        if key not in memo:
            memo[key] = max((1 + length(option) for option in game.moves(here)), default=0)
        return memo[key]

    return length(position)


def _tree_size(tree: Tree) -> int:
    return 1 + sum(_tree_size(option) for option in tree)


def _tree_order(tree: Tree) -> tuple[int, str]:
    return (_tree_size(tree), TreeGame().format(tree))


def _by_size(text: str) -> tuple[int, str]:
    return (len(text), text)
