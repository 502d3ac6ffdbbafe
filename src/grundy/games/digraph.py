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
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from grundy.errors import InvalidParameterError, InvalidPositionError, brief
from grundy.games.base import NumberTupleGame, Part, parse_int_tokens, read_number_list
from grundy.games.loopy_base import LoopyGame
from grundy.games.params import Param, ParamKind
from grundy.validate import whole_from_text

__all__ = ["Digraph", "parse_edges"]

MAX_EDGES = 10_000
MAX_VERTEX = 100_000


def parse_edges(text: str) -> tuple[tuple[int, int], ...]:
    """``"0>1, 1>0"`` as pairs of vertex numbers, checked (one line naming a bad piece).

    >>> parse_edges("0>1, 1>0,1>1")
    ((0, 1), (1, 0), (1, 1))
    """
    pieces = [piece.strip() for piece in str(text).split(",") if piece.strip()]
    if not pieces:
        raise InvalidParameterError("the graph needs at least one edge, e.g. --edges 0>1,1>0")
    if len(pieces) > MAX_EDGES:
        raise InvalidParameterError(f"at most {MAX_EDGES:,} edges, got {len(pieces):,}")
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
        ),
    )
    position_help = "the vertices holding a token"

    def __init__(self, edges: str) -> None:
        self.edges = parse_edges(edges)
        self._out: dict[int, tuple[int, ...]] = {}
        for start, end in self.edges:
            self._out.setdefault(start, ())
            self._out.setdefault(end, ())
        grouped: dict[int, list[int]] = {vertex: [] for vertex in self._out}
        for start, end in self.edges:
            if end not in grouped[start]:
                grouped[start].append(end)
        self._out = {vertex: tuple(targets) for vertex, targets in grouped.items()}

    def options(self) -> dict[str, Any]:
        return {"edges": ",".join(f"{a}>{b}" for a, b in self.edges)}

    @property
    def vertices(self) -> list[int]:
        return sorted(self._out)

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for index, vertex in enumerate(position):
            for target in self._out[vertex]:
                yield (*position[:index], target, *position[index + 1 :])

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
        if vertex not in self._out:
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
