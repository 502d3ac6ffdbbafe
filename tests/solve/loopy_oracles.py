"""Independent answers for loopy games, written separately from grundy.solve.loopy*:
a plain win/loss/draw retrograde analysis, and a plain mex recursion for graphs without
cycles."""

from __future__ import annotations

from collections import deque
from functools import cache


def retrograde_outcomes(successors: list[list[int]]) -> list[str]:
    """P, N or D for every vertex by the standard retrograde analysis: a vertex without
    options is lost for the player to move (P); a vertex with a P option is N; a vertex all
    of whose options are N is P; whatever is never settled so is a draw (D)."""
    size = len(successors)
    options = [sorted(set(row)) for row in successors]
    parents: list[list[int]] = [[] for _ in range(size)]
    for vertex, row in enumerate(options):
        for option in row:
            parents[option].append(vertex)
    outcome = ["?"] * size
    unsettled = [len(row) for row in options]
    queue = deque(v for v in range(size) if not options[v])
    for vertex in queue:
        outcome[vertex] = "P"
    while queue:
        vertex = queue.popleft()
        for parent in parents[vertex]:
            if outcome[parent] != "?":
                continue
            if outcome[vertex] == "P":
                outcome[parent] = "N"
                queue.append(parent)
            else:
                unsettled[parent] -= 1
                if not unsettled[parent]:
                    outcome[parent] = "P"
                    queue.append(parent)
    return ["D" if found == "?" else found for found in outcome]


def dag_grundy(successors: list[list[int]]) -> list[int]:
    """Grundy values of a graph without cycles by the mex recursion."""

    @cache
    def value(vertex: int) -> int:
        seen = {value(option) for option in successors[vertex]}
        m = 0
        while m in seen:
            m += 1
        return m

    return [value(v) for v in range(len(successors))]


def misere_fixpoint_outcomes(successors: list[list[int]]) -> list[str]:
    """P, N or D for every vertex in misère play, by iterating the rules to a fixpoint
    (no queue, no counters: every vertex re-read each sweep until nothing changes): a
    vertex without options is N (the player who cannot move wins); one with a P option
    is N; one whose options are all N is P; what never settles is a draw (D)."""
    outcome = ["?"] * len(successors)
    changed = True
    while changed:
        changed = False
        for vertex, row in enumerate(successors):
            if outcome[vertex] != "?":
                continue
            found = outcome[vertex]
            if not row or any(outcome[o] == "P" for o in row):
                found = "N"
            elif all(outcome[o] == "N" for o in row):
                found = "P"
            if found != "?":
                outcome[vertex] = found
                changed = True
    return ["D" if found == "?" else found for found in outcome]


def token_sum_graph(
    successors: list[list[int]], tokens: int
) -> tuple[list[tuple[int, ...]], list[list[int]]]:
    """The move graph of ``tokens`` tokens on the graph, positions as sorted tuples: a move
    slides one token along one edge (written here from the definition, for the oracles)."""
    import itertools

    size = len(successors)
    positions = list(itertools.combinations_with_replacement(range(size), tokens))
    index = {position: i for i, position in enumerate(positions)}
    graph = []
    for position in positions:
        row = set()
        for place, vertex in enumerate(position):
            for target in successors[vertex]:
                moved = list(position)
                moved[place] = target
                row.add(index[tuple(sorted(moved))])
        graph.append(sorted(row))
    return positions, graph
