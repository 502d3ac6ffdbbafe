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
