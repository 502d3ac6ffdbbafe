"""Tokens on a directed graph: the general impartial game, cycles allowed.

Every impartial game is a token moved along the edges of its move graph; this game takes
the graph as written (``--edges 0>1,1>0,1>2``) and puts one or more tokens on its
vertices.  A move slides one token along one edge; a player who cannot move loses.
Several tokens form a disjunctive sum (tokens may share a vertex), so the position
``0 2`` is the sum of a token at 0 and a token at 2.  With a cycle in the graph play need
not end: positions are valued by the generalized Sprague-Grundy theory (Smith; Fraenkel),
and some are draws.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from grundy.errors import InvalidParameterError, InvalidPositionError, brief
from grundy.games.base import NumberTupleGame, Part, parse_int_tokens, read_number_list
from grundy.games.loopy_base import LoopyGame, WholeGraph
from grundy.games.params import Param, ParamKind
from grundy.validate import whole_from_text

__all__ = ["Digraph", "parse_edges"]

MAX_EDGES = 1_000_000
"""Most edges a graph may have (from ``--edges`` or ``--edges-file``): a million edges take
a few seconds to read and label (bench/LOOPY.md)."""
MAX_VERTEX = 1_000_000
_SHORT_LABEL = 200
"""Past this many characters a graph's label names its size instead of every edge, so that a
message about a graph read from a file is one readable line."""


_EDGES = re.compile(r"([0-9]{1,7})\s*>\s*([0-9]{1,7})")
_SEPARATORS = re.compile(r"[\s,]*")


def parse_edges(text: str) -> tuple[tuple[int, int], ...]:
    """``"0>1, 1>0"`` as pairs of vertex numbers, checked (one line naming a bad piece).

    >>> parse_edges("0>1, 1>0,1>1")
    ((0, 1), (1, 0), (1, 1))
    """
    text = str(text)
    # Read at once when the text is edges and separators only, one edge to each piece
    # between commas; anything else is read piece by piece, which names the bad piece.
    pairs = _EDGES.findall(text)
    if _SEPARATORS.fullmatch(_EDGES.sub("", text)) and len(pairs) == sum(
        1 for piece in text.split(",") if piece.strip()
    ):
        edges = [(int(a), int(b)) for a, b in pairs]
        _check_edges(edges)
        if max(itertools.chain.from_iterable(edges)) <= MAX_VERTEX:
            return tuple(edges)
    return _parse_pieces(text)


def _check_edges(edges: list[tuple[int, int]]) -> None:
    if not edges:
        raise InvalidParameterError("the graph needs at least one edge, e.g. --edges 0>1,1>0")
    if len(edges) > MAX_EDGES:
        raise InvalidParameterError(f"at most {MAX_EDGES:,} edges, got {len(edges):,}")


def _parse_pieces(text: str) -> tuple[tuple[int, int], ...]:
    pieces = [piece.strip() for piece in text.split(",") if piece.strip()]
    _check_edges([(0, 0)] * len(pieces))
    edges = []
    for piece in pieces:
        ends = piece.split(">")
        if len(ends) != 2 or not all(end.strip().isdigit() for end in ends):
            raise InvalidParameterError(
                f"an edge is written FROM>TO with vertex numbers, got {brief(piece)} "
                "(option --edges)"
            )
        start, end = (whole_from_text(e, "option --edges", InvalidParameterError) for e in ends)
        assert start is not None and end is not None  # digits only, checked above
        if max(start, end) > MAX_VERTEX:
            raise InvalidParameterError(
                f"vertex numbers go up to {MAX_VERTEX:,}, got {brief(piece)}"
            )
        edges.append((start, end))
    return tuple(edges)


class Digraph(NumberTupleGame, LoopyGame):
    """Tokens on the vertices of a directed graph given by its edges.

    >>> game = Digraph("0>1,1>0,1>2")
    >>> sorted(game.moves((1,))), game.label
    ([(0,), (2,)], 'digraph --edges 0>1,1>0,1>2')
    """

    name = "digraph"
    summary = "slide one token along an edge of a directed graph (cycles allowed: draws)"
    params = (
        Param(
            "edges",
            ParamKind.TEXT,
            "the edges FROM>TO, e.g. 0>1,1>0,1>2",
            metavar="A>B,...",
            from_file=True,
        ),
    )
    position_help = "the vertices holding a token"

    def __init__(self, edges: str) -> None:
        self.edges = parse_edges(edges)
        self._vertices = sorted(set(itertools.chain.from_iterable(self.edges)))
        # Vertices by index, each one's options as indices in the order written (a
        # repeated edge once): the whole graph the loopy solver labels, made in one pass.
        self._where = {vertex: index for index, vertex in enumerate(self._vertices)}
        where = self._where
        self._successors: list[list[int]] = [[] for _ in self._vertices]
        successors = self._successors
        for start, end in dict.fromkeys(self.edges):
            successors[where[start]].append(where[end])
        # The game's identity and name are made once: a solver looks the key up for every
        # position, and rebuilding the text of 10,000 edges each time made a table cubic.
        self._edges_text = ",".join(f"{a}>{b}" for a, b in self.edges)
        self._key = super().key
        self._label = super().label
        if len(self._label) > _SHORT_LABEL:
            self._label = (
                f"digraph --edges {self._edges_text[:60]}... ({len(self.edges):,} edges, "
                f"{len(self._vertices):,} vertices)"
            )

    def options(self) -> dict[str, Any]:
        return {"edges": self._edges_text}

    @property
    def key(self) -> Hashable:
        return self._key

    @property
    def label(self) -> str:
        return self._label

    def whole_graph(self) -> WholeGraph:
        """One token on each vertex: every such position and its options, by index."""
        return WholeGraph([(vertex,) for vertex in self._vertices], self._successors)

    @property
    def vertices(self) -> list[int]:
        return list(self._vertices)

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        vertices = self._vertices
        for index, vertex in enumerate(position):
            for target in self._successors[self._where[vertex]]:
                yield (*position[:index], vertices[target], *position[index + 1 :])

    def canonical(self, position: tuple[int, ...]) -> Hashable:
        return tuple(sorted(position))

    def components(self, position: tuple[int, ...]) -> Sequence[Part] | None:
        if len(position) <= 1:
            return None
        return [(self, (vertex,)) for vertex in position]

    def replace(self, position: tuple[int, ...], index: int, part_position: Any) -> Any:
        return position[:index] + tuple(part_position) + position[index + 1 :]

    def describe_move(self, position: tuple[int, ...], option: Any) -> str:
        moved = [i for i, (a, b) in enumerate(zip(position, option, strict=True)) if a != b]
        if not moved and option == position:
            return "slide a token along a loop back to its own vertex"
        if len(moved) != 1:
            return f"{self.format(position)} -> {self.format(option)}"
        where = f"the token at {position[moved[0]]}"
        return f"slide {where} to {option[moved[0]]}"

    def labelled_moves(self, position: tuple[int, ...]) -> Iterator[tuple[Any, str]]:
        for option in self.moves(position):
            yield option, self.describe_move(position, option)

    def describe_part_move(self, position: Any, index: int, part: Any, option: Any) -> str:
        if part == option:
            return f"slide the token at {part[0]} along its loop"
        return f"slide the token at {part[0]} to {option[0]}"

    def from_value(self, value: Any) -> tuple[int, ...]:
        return read_number_list(
            value,
            "a digraph position lists the vertices holding tokens",
            "a vertex is a whole number",
            self._check_vertex,
        )

    def _check_vertex(self, vertex: int) -> None:
        if vertex not in self._where:
            raise InvalidPositionError(
                f"{vertex} is not a vertex of the graph (its vertices: {brief(self.vertices)})"
            )

    def parse(self, tokens: Sequence[str]) -> tuple[int, ...]:
        if not tokens:
            return tuple(self.start())
        return self.from_value(parse_int_tokens(tokens))

    def bounded_positions(self, bound: Any) -> Iterator[tuple[int, ...]]:
        """Tokens on vertices up to the bound, one bound per token (``--max 5 5``)."""
        if isinstance(bound, int):
            bound = [bound]
        limits = [int(b) for b in bound]
        ranges = [[v for v in self.vertices if v <= limit] for limit in limits]
        return itertools.product(*ranges)
