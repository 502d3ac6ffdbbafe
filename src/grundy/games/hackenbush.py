"""Green Hackenbush on finite multigraphs, with the ground as vertex 0."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from grundy.errors import InvalidParameterError, InvalidPositionError, brief
from grundy.games.base import Part
from grundy.games.labelled import LabelledGame
from grundy.games.params import Param, ParamKind
from grundy.validate import whole_from_text

__all__ = [
    "GROUND",
    "Edge",
    "GreenHackenbush",
    "Picture",
    "attach",
    "canonical_picture",
    "find_cycle",
    "format_edges",
    "fuse",
    "ground_components",
    "parse_edges",
    "prune",
    "random_picture",
    "snake",
]

GROUND = 0
Edge = tuple[int, int]
"""An edge ``(u, v)`` with ``u <= v``; ``u == v`` is a loop."""
Picture = tuple[Edge, ...]
"""A multiset of edges, sorted: the same edge listed twice is two parallel edges."""

# The canonical labelling tries every way to break ties between look-alike vertices, up to
# this many; past it one branch is followed.  That key is still a relabelling of the same
# picture (so always sound), only no longer guaranteed equal for every isomorphic copy.
_CANONICAL_BRANCH_LIMIT = 256
# A table lists every sub-picture: 2**edges subsets to look at.
_TABLE_EDGE_LIMIT = 16


def _edge(u: int, v: int) -> Edge:
    return (u, v) if u <= v else (v, u)


def parse_edges(text: str) -> Picture:
    """Read edges written ``"0-1,1-2,2-0"`` (spaces allowed; vertex 0 is the ground).

    >>> parse_edges("0-1, 2-1, 1-1")
    ((0, 1), (1, 1), (1, 2))
    >>> parse_edges("0-x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.errors.InvalidPositionError: edge '0-x' must be two vertex numbers joined by '-', ...
    """
    edges = []
    for piece in text.replace(" ", "").split(","):
        if not piece:
            continue
        ends = piece.split("-")
        if len(ends) != 2 or not all(end.isdigit() for end in ends):
            raise InvalidPositionError(
                f"edge {brief(piece)} must be two vertex numbers joined by '-', e.g. 0-1"
            )
        start, end = (whole_from_text(e, "an edge", InvalidPositionError) for e in ends)
        assert start is not None and end is not None  # digits only, checked above
        edges.append(_edge(start, end))
    return tuple(sorted(edges))


def format_edges(edges: Iterable[Edge]) -> str:
    """Edges as ``"0-1,1-2"``; an empty picture is ``"(empty)"``.

    >>> format_edges([(0, 1), (1, 2)])
    '0-1,1-2'
    """
    text = ",".join(f"{u}-{v}" for u, v in edges)
    return text or "(empty)"


def prune(edges: Iterable[Edge]) -> Picture:
    """The edges still connected to the ground, sorted.

    >>> prune([(0, 1), (2, 3), (1, 1)])
    ((0, 1), (1, 1))
    """
    return _prune_cached(tuple(edges))


@lru_cache(maxsize=200_000)
def _prune_cached(edges: tuple[Edge, ...]) -> Picture:
    # The same picture minus an edge is met from many parents during a search.
    neighbours: dict[int, set[int]] = {}
    for u, v in edges:
        neighbours.setdefault(u, set()).add(v)
        neighbours.setdefault(v, set()).add(u)
    reached = {GROUND}
    frontier = [GROUND]
    while frontier:
        vertex = frontier.pop()
        for other in neighbours.get(vertex, ()):
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    return tuple(sorted(edge for edge in edges if edge[0] in reached))


def ground_components(edges: Iterable[Edge]) -> list[Picture]:
    """Split a pruned picture into parts that meet only at the ground.

    Two edges are in one part when they are joined by a path avoiding the ground; each
    loop at the ground is a part of its own.  A picture is the disjunctive sum of its
    parts, since a move in one cannot disconnect another.

    >>> ground_components([(0, 1), (0, 2), (1, 3), (0, 0)])
    [((0, 0),), ((0, 1), (1, 3)), ((0, 2),)]
    """
    parent: dict[int, int] = {}

    def root(vertex: int) -> int:
        parent.setdefault(vertex, vertex)
        while parent[vertex] != vertex:
            parent[vertex] = parent[parent[vertex]]
            vertex = parent[vertex]
        return vertex

    edges = list(edges)
    for u, v in edges:
        if u != GROUND:
            parent[root(u)] = root(v)
    groups: dict[Hashable, list[Edge]] = {}
    for index, (u, v) in enumerate(edges):
        key: Hashable = ("loop", index) if u == v == GROUND else root(v)
        groups.setdefault(key, []).append((u, v))
    return sorted(tuple(sorted(group)) for group in groups.values())


@lru_cache(maxsize=200_000)
def _split(position: Picture) -> tuple[Picture, ...]:
    return tuple(ground_components(prune(position)))


def canonical_picture(edges: Picture) -> Picture:
    """The picture with its non-ground vertices renumbered ``1, 2, ...`` in a way that
    depends only on its shape, so that pictures equal up to relabelling coincide.

    Vertices are coloured by repeated refinement (degree, loops, then the colours of their
    neighbours); ties are broken by trying each candidate in turn and keeping the least
    edge list, up to a fixed number of branches.

    >>> canonical_picture(((0, 5), (5, 9))) == canonical_picture(((0, 2), (1, 2)))
    True
    """
    return _canonical_cached(tuple(sorted(edges)))


@lru_cache(maxsize=200_000)
def _canonical_cached(edges: Picture) -> Picture:
    vertices = sorted({v for edge in edges for v in edge} - {GROUND})
    if not vertices:
        return edges
    multiplicity = Counter(edges)
    neighbours: dict[int, list[tuple[int, int]]] = {v: [] for v in [GROUND, *vertices]}
    for (u, v), count in multiplicity.items():
        neighbours[u].append((v, count))
        if u != v:
            neighbours[v].append((u, count))
    colours = {GROUND: 0, **{v: 1 for v in vertices}}
    colours = _refine(colours, neighbours)
    best: list[Picture] = []
    budget = [_CANONICAL_BRANCH_LIMIT]
    _search_labelling(colours, neighbours, edges, best, budget)
    return best[0]


def _refine(
    colours: dict[int, int], neighbours: dict[int, list[tuple[int, int]]]
) -> dict[int, int]:
    """Split colour classes by the multiset of (neighbour colour, edge count) until stable.

    New colours are ranks of label-free signatures, so relabelling the picture permutes
    vertices without changing any vertex's colour.
    """
    while True:
        signatures = {
            vertex: (colours[vertex], tuple(sorted((colours[w], c) for w, c in neighbours[vertex])))
            for vertex in colours
        }
        ranks = {signature: rank for rank, signature in enumerate(sorted(set(signatures.values())))}
        refined = {vertex: ranks[signatures[vertex]] for vertex in colours}
        if len(set(refined.values())) == len(set(colours.values())):
            return refined
        colours = refined


def _search_labelling(
    colours: dict[int, int],
    neighbours: dict[int, list[tuple[int, int]]],
    edges: Picture,
    best: list[Picture],
    budget: list[int],
) -> None:
    cells: dict[int, list[int]] = {}
    for vertex, colour in colours.items():
        cells.setdefault(colour, []).append(vertex)
    tied = [cells[colour] for colour in sorted(cells) if len(cells[colour]) > 1]
    if not tied:
        relabel = {vertex: colour for vertex, colour in colours.items()}  # ground keeps 0
        candidate = tuple(sorted(_edge(relabel[u], relabel[v]) for u, v in edges))
        if not best or candidate < best[0]:
            best[:] = [candidate]
        budget[0] -= 1
        return
    for vertex in tied[0]:
        if budget[0] <= 0 and best:
            return
        # Give the chosen vertex a colour just below its class, then refine again.
        split = {v: 2 * c + (0 if v == vertex else 1) for v, c in colours.items()}
        _search_labelling(_refine(split, neighbours), neighbours, edges, best, budget)


def snake(length: int, start: int = GROUND) -> Picture:
    """A path of ``length`` edges rising from vertex ``start`` (a stalk, the nimber *length).

    >>> snake(3)
    ((0, 1), (1, 2), (2, 3))
    """
    if length < 0:
        raise InvalidParameterError(f"a snake has a non-negative length, got {length}")
    labels = [start, *range(start + 1, start + 1 + length)] if start else list(range(length + 1))
    return tuple(sorted(_edge(labels[i], labels[i + 1]) for i in range(length)))


def attach(base: Iterable[Edge], vertex: int, branch: Iterable[Edge]) -> Picture:
    """``base`` with the picture ``branch`` hung at ``vertex``: the branch's ground becomes
    ``vertex`` and its other vertices get fresh numbers.

    >>> attach([(0, 1)], 1, [(0, 1), (0, 1)])
    ((0, 1), (1, 2), (1, 2))
    """
    base = list(base)
    fresh = 1 + max([vertex, *(v for edge in base for v in edge)])
    rename: dict[int, int] = {GROUND: vertex}
    moved = []
    for u, v in branch:
        for end in (u, v):
            if end not in rename:
                rename[end] = fresh
                fresh += 1
        moved.append(_edge(rename[u], rename[v]))
    return tuple(sorted(base + moved))


def fuse(edges: Iterable[Edge], vertices: Iterable[int]) -> Picture:
    """Merge ``vertices`` into one vertex (the ground if it is among them, else the least);
    edges between them become loops.

    >>> fuse([(0, 1), (1, 2), (0, 2)], [0, 1, 2])
    ((0, 0), (0, 0), (0, 0))
    """
    merged = set(vertices)
    target = min(merged) if merged else GROUND
    return tuple(
        sorted(_edge(target if u in merged else u, target if v in merged else v) for u, v in edges)
    )


def find_cycle(edges: Sequence[Edge]) -> tuple[int, ...] | None:
    """The vertices of some circuit of the picture (a loop or two parallel edges count),
    or ``None`` for a forest.

    >>> find_cycle([(0, 1), (1, 2), (0, 2), (2, 3)])
    (0, 1, 2)
    """
    for u, v in edges:
        if u == v:
            return (u,)
    counts = Counter(edges)
    for (u, v), count in sorted(counts.items()):
        if count > 1:
            return (u, v)
    # A depth-first search: an edge to an already-visited vertex closes a circuit.
    neighbours: dict[int, list[int]] = {}
    for u, v in edges:
        neighbours.setdefault(u, []).append(v)
        neighbours.setdefault(v, []).append(u)
    parent: dict[int, int | None] = {}
    for start in sorted(neighbours):
        if start in parent:
            continue
        parent[start] = None
        stack = [(start, iter(sorted(neighbours[start])))]
        while stack:
            vertex, pending = stack[-1]
            for other in pending:
                if other == parent[vertex]:
                    continue
                if other in parent:
                    path = [vertex]
                    while path[-1] != other:
                        step = parent[path[-1]]
                        if step is None:
                            break
                        path.append(step)
                    if path[-1] == other:
                        return tuple(sorted(path))
                    continue
                parent[other] = vertex
                stack.append((other, iter(sorted(neighbours[other]))))
                break
            else:
                stack.pop()
    return None


def random_picture(rng: random.Random, vertices: int, edges: int, loops: bool = True) -> Picture:
    """A random picture: ``edges`` edges between random vertices ``0..vertices`` (loops
    and parallel edges allowed), pruned to what touches the ground.

    >>> picture = random_picture(random.Random(1), 4, 6)
    >>> picture == prune(picture)
    True
    """
    drawn: list[Edge] = []
    while len(drawn) < edges:
        u, v = rng.randint(0, vertices), rng.randint(0, vertices)
        if u != v or loops:
            drawn.append(_edge(u, v))
    return prune(drawn)


class GreenHackenbush(LabelledGame):
    """Green Hackenbush on a finite multigraph; vertex 0 is the ground.

    A picture is a multiset of edges: loops (``1-1``), cycles and several edges between the
    same two vertices are all allowed.  The notes let several dots stand on the ground;
    here they are all the one vertex 0 (joining ground dots changes nothing, since the
    ground never falls).  A move deletes one edge, and with it every edge no
    longer connected to the ground; whoever cannot move (no edges left) loses.

    ``--edges`` gives the whole picture, which is the position when none is written
    (:meth:`start`).  Position words, when given, are part of that picture, written the
    same way, e.g. ``grundy solve hackenbush --edges "0-1,1-2,2-0" 0-1,1-2`` for the
    triangle with its edge 2-0 already cut; an edge the picture lacks is an error naming
    it.  Edges not connected to the ground are dropped.

    The parts of a picture that meet only at the ground form a disjunctive sum, so the
    solver values them one by one; each part is keyed by :func:`canonical_picture`, so
    pictures equal up to renumbering their vertices are solved once.

    >>> from grundy.solve import Solver
    >>> game = GreenHackenbush("0-1,1-2,2-0")
    >>> Solver(game).grundy_value(game.start())
    1
    """

    name = "hackenbush"
    summary = "Green Hackenbush: cut an edge; what loses touch with the ground (0) falls"
    position_help = "edges of the picture like 0-1,1-2 (none: the whole picture)"
    params = (
        Param(
            "edges",
            ParamKind.TEXT,
            "the picture, e.g. 0-1,1-2,2-0 (0 is the ground)",
            metavar="U-V,...",
        ),
    )

    def __init__(self, edges: str | Iterable[Edge]) -> None:
        try:
            picture = (
                parse_edges(edges)
                if isinstance(edges, str)
                else parse_edges(format_edges(edges).replace("(empty)", ""))
            )
        except InvalidPositionError as exc:
            raise InvalidParameterError(f"option --edges: {exc}") from None
        self.picture: Picture = picture

    def options(self) -> dict[str, Any]:
        return {"edges": ",".join(f"{u}-{v}" for u, v in self.picture)}

    def start(self) -> Picture:
        """The whole picture of ``--edges``, pruned to what touches the ground."""
        return prune(self.picture)

    # -- rules ------------------------------------------------------------------------------

    def labelled_moves(self, position: Picture) -> Iterator[tuple[Picture, str]]:
        for edge in sorted(set(position)):
            option = self._cut(position, edge)
            yield option, self._cut_text(position, edge, option)

    @staticmethod
    def _cut(position: Picture, edge: Edge) -> Picture:
        index = position.index(edge)
        return prune(position[:index] + position[index + 1 :])

    @staticmethod
    def _cut_text(position: Picture, edge: Edge, option: Picture) -> str:
        fallen = len(position) - 1 - len(option)
        text = f"cut edge {edge[0]}-{edge[1]}"
        if fallen:
            text += f" ({fallen} more edge{'s fall' if fallen > 1 else ' falls'})"
        return text

    def describe_move(self, position: Picture, option: Any) -> str:
        for edge in sorted(set(position)):
            if self._cut(position, edge) == tuple(option):
                return self._cut_text(position, edge, tuple(option))
        return f"{self.format(position)} -> {self.format(option)}"

    def describe_part_move(self, position: Picture, index: int, part: Any, option: Any) -> str:
        return self.describe_move(part, option)

    def canonical(self, position: Picture) -> Picture:
        # The solver keys atoms, which components() has already pruned.
        return canonical_picture(position)

    def components(self, position: Picture) -> Sequence[Part] | None:
        parts = _split(position)
        if len(parts) == 1 and parts[0] == position:
            return None  # one part, already pruned: an atom
        return [(self, part) for part in parts]  # several, none, or a pruned copy

    def replace(self, position: Picture, index: int, part_position: Any) -> Picture:
        parts = ground_components(prune(position))
        parts[index] = tuple(part_position)
        return tuple(sorted(edge for part in parts for edge in part))

    # -- notation ---------------------------------------------------------------------------

    def from_value(self, value: Any) -> Picture:
        """A picture from ``"0-1,1-2"`` or a list of ``[u, v]`` pairs, part of the game's
        own picture (an edge it lacks, or more copies of an edge than it has, is an error
        naming them).

        >>> GreenHackenbush("0-1,1-2").from_value("0-1,2-3")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        grundy.errors.InvalidPositionError: the edge 2-3 is not in the picture 0-1,1-2 ...
        """
        position = self._read_picture(value)
        self._within_picture(position)
        return prune(position)

    def check_position(self, position: Any) -> Picture:
        """Any picture the solver is handed is valued under these rules (the library
        values pictures of every shape with one game); only positions *read* from a user
        (:meth:`from_value`, :meth:`parse`) must lie within ``--edges``."""
        return prune(self._read_picture(position))

    def _within_picture(self, position: Picture) -> None:
        extra = Counter(position) - Counter(self.picture)
        if extra:
            listed = sorted(extra.elements())
            shown = format_edges(listed[:10]) + (",..." if len(listed) > 10 else "")
            what = "the edge" if len(listed) == 1 else "the edges"
            verb = "is" if len(listed) == 1 else "are"
            raise InvalidPositionError(
                f"{what} {shown} {verb} not in the picture {format_edges(self.picture)} "
                "(a position is part of the --edges picture; an edge listed twice needs "
                "two copies there)"
            )

    @staticmethod
    def _read_picture(value: Any) -> Picture:
        if isinstance(value, str):
            return parse_edges(value)
        if not isinstance(value, (list, tuple)):
            raise InvalidPositionError(
                f"a Hackenbush position is a list of edges, got {brief(value)}"
            )
        edges = []
        for pair in value:
            if (
                not isinstance(pair, (list, tuple))
                or len(pair) != 2
                or any(isinstance(end, bool) or not isinstance(end, int) or end < 0 for end in pair)
            ):
                raise InvalidPositionError(
                    f"a Hackenbush edge is a pair of vertex numbers, got {brief(pair)}"
                )
            edges.append(_edge(pair[0], pair[1]))
        return tuple(sorted(edges))

    def parse(self, tokens: Sequence[str]) -> Picture:
        if not tokens:
            return self.start()
        return self.from_value(",".join(tokens))

    def format(self, position: Picture) -> str:
        return format_edges(position)

    def to_json(self, position: Picture) -> list[list[int]]:
        return [[u, v] for u, v in position]

    def bounded_positions(self, bound: Any) -> Iterator[Picture]:
        """Every picture left by deleting some of the edges of ``bound`` (then pruning),
        each once, by number of edges (``grundy table hackenbush --edges ... --max ...``).

        >>> list(GreenHackenbush("0-1,1-2").bounded_positions(((0, 1), (1, 2))))
        [(), ((0, 1),), ((0, 1), (1, 2))]
        """
        edges = prune(bound)
        if len(edges) > _TABLE_EDGE_LIMIT:
            raise InvalidPositionError(
                f"a Hackenbush table lists every sub-picture; {len(edges)} edges is more than "
                f"the {_TABLE_EDGE_LIMIT} allowed"
            )
        seen: set[Picture] = set()
        for count in range(len(edges) + 1):
            for kept in itertools.combinations(edges, count):
                picture = prune(kept)
                if picture not in seen:
                    seen.add(picture)
                    yield picture
