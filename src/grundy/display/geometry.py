"""Where the parts of a position go in a picture: pure geometry, no drawing.

Both the notebook pictures (:mod:`grundy.display.svg`) and the report's figures
(:mod:`grundy.report.pictures`) lay positions out the same way; this module holds what
they share, with no drawing library and nothing from the layers above.
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from collections.abc import Sequence

__all__ = ["counter_places", "counters_taken", "hackenbush_layout"]

MOST_COUNTERS = 64  # a taller heap is drawn as a bar with its size: counters would be dots


def counter_places(count: int, column: int) -> list[tuple[int, int]]:
    """Where each counter of a heap goes, bottom first, as (column, level): a heap taller
    than ``column`` stands in balanced columns side by side, so 21 chips are 11 beside 10
    and the last counters (the ones a move takes) are the top of the last column.

    >>> counter_places(3, 16)
    [(0, 0), (0, 1), (0, 2)]
    >>> counter_places(21, 16)[-1], counter_places(21, 16)[10]
    ((1, 9), (0, 10))
    """
    columns = max(1, -(-count // column))
    per = max(1, -(-count // columns))
    return [(k // per, k % per) for k in range(count)]


def counters_taken(before: Sequence[int], after: Sequence[int]) -> dict[int, int]:
    """For a move between two positions of heaps, how many counters it takes from each heap
    it shrinks (index from 0); empty when the move changes the number of heaps (a split).

    >>> counters_taken((3, 4, 5), (1, 4, 5))
    {0: 2}
    >>> counters_taken((7,), (2, 3))
    {}
    """
    if len(before) != len(after):
        return {}
    return {
        i: old - new for i, (old, new) in enumerate(zip(before, after, strict=True)) if new < old
    }


def hackenbush_layout(
    edges: Sequence[tuple[int, int]],
) -> tuple[dict[int, tuple[float, float]], list[tuple[tuple[float, float], tuple[float, float]]]]:
    """Coordinates for the vertices and the segments to draw.

    Vertices sit at their distance from the ground (vertex 0), laid out as a tree along
    a breadth-first spanning tree so branches do not cross; the ground is split into one
    foot per edge that touches it, so a picture stands on the ground line.
    """
    neighbours: dict[int, list[int]] = defaultdict(list)
    for u, v in edges:
        if u != v:
            neighbours[u].append(v)
            neighbours[v].append(u)
    vertices = sorted({v for edge in edges for v in edge} - {0})
    depth = {0: 0}
    children: dict[int, list[int]] = defaultdict(list)
    queue = deque([0])
    while queue:
        u = queue.popleft()
        for v in sorted(set(neighbours[u])):
            if v not in depth:
                depth[v] = depth[u] + 1
                children[u].append(v)
                queue.append(v)
    roots = list(children[0])
    for v in vertices:  # parts not touching the ground float one level up
        if v not in depth:
            depth[v] = 1
            roots.append(v)

    width: dict[int, float] = {}

    def measure(v: int) -> float:
        width[v] = max(1.0, sum(measure(c) for c in children[v]))
        return width[v]

    place: dict[int, tuple[float, float]] = {}

    def assign(v: int, left: float) -> None:
        place[v] = (left + width[v] / 2 - 0.5, float(depth[v]))
        for child in children[v]:
            assign(child, left)
            left += width[child]

    left = 0.0
    for root in roots:
        measure(root)
        assign(root, left)
        left += width[root]
    parent = {child: v for v, kids in children.items() for child in kids}
    shift: dict[int, float] = defaultdict(float)
    for v in sorted(vertices, key=lambda v: depth[v]):
        below = [place[u] for u in neighbours[v] if u != 0 and depth.get(u, 0) < depth[v]]
        x, y = place[v]
        if len(below) > 1:  # held up by several vertices: centre it over them
            shift[v] = sum(p[0] for p in below) / len(below) - x
        else:  # otherwise move with the vertex below it
            shift[v] = shift[parent.get(v, 0)]
        place[v] = (x + shift[v], y)
    segments = []
    feet_used: dict[int, int] = defaultdict(int)
    grounded = Counter(v if u == 0 else u for u, v in edges if 0 in (u, v) and u != v)
    base = _shared_feet(vertices, neighbours, depth, place, grounded)
    for u, v in edges:
        if u == v:
            segments.append((place.get(u, (0.0, 0.0)), place.get(u, (0.0, 0.0))))
        elif 0 in (u, v):
            other = v if u == 0 else u
            x, y = place[other]
            k, count = feet_used[other], grounded[other]
            feet_used[other] += 1
            foot = base.get(other, x) + (k - (count - 1) / 2) * 0.5
            segments.append(((foot, 0.0), (x, y)))
        else:
            segments.append((place[u], place[v]))
    return place, segments


def _shared_feet(
    vertices: Sequence[int],
    neighbours: dict[int, list[int]],
    depth: dict[int, int],
    place: dict[int, tuple[float, float]],
    grounded: Counter[int],
) -> dict[int, float]:
    """Where the ground edges of a flat part meet the ground: a part whose vertices all
    sit one edge up and which touches the ground at several of them (a triangle, a fan)
    stands on one point, the middle of its grounded vertices, so a triangle is drawn as
    a triangle and not as a square arch; a part with something higher up (a house) keeps
    a foot under each wall."""
    seen: set[int] = set()
    feet: dict[int, float] = {}
    for start in vertices:
        if start in seen:
            continue
        part, stack = [], [start]
        seen.add(start)
        while stack:
            v = stack.pop()
            part.append(v)
            for w in neighbours[v]:
                if w != 0 and w not in seen:
                    seen.add(w)
                    stack.append(w)
        touching = [v for v in part if grounded[v]]
        if len(touching) > 1 and all(depth[v] == 1 for v in part):
            middle = sum(place[v][0] for v in touching) / len(touching)
            feet.update({v: middle for v in touching})
    return feet
