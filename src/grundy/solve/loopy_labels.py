"""The labelling that gives every vertex of a finite directed graph its loopy value.

The graph is a list of successor lists over vertices ``0..n-1`` (a move graph, cycles
allowed).  The values are built in rounds ``m = 0, 1, 2, ...``.  In round ``m``:

1. a vertex still without a label receives the finite value ``m`` when none of its
   options already carries ``m``, and every option that is still without a label, or
   labelled infinite, has an option of its own that carries ``m`` (an escape upwards can
   be answered straight back to ``m``).  Each such labelling also gets the next number of
   a running *counter*; labelling one vertex may make others ready, so this repeats until
   no vertex is ready;
2. every vertex still without a label that has no option carrying ``m`` is labelled
   infinite: its options' finite values miss ``m`` and it can never be given ``m``.

When every vertex is labelled, an infinite vertex's ``K`` is the set of finite values of
its options.  A vertex unlabelled after round ``m`` has options carrying ``0..m``, so a
vertex with ``d`` options is labelled by round ``d``: the rounds are few.

The counter is what makes a winning strategy finish: from a position of finite value
``m``, an opponent's move to a larger or infinite value can be answered by a move back to
value ``m`` with a *smaller* counter (the "reverse out" of step 1), so a player who
always answers with the smallest counter available cannot be kept going for ever.

Each round runs in time linear in the graph: a vertex keeps the number of its options
that still block it (without a label or infinite, and with no option carrying ``m``), and
becomes ready when that number reaches zero.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from grundy.solve.loopy_values import LoopyValue

__all__ = ["Labelling", "label_graph"]

_UNLABELLED = -1
_INFINITE = -2


@dataclass(frozen=True, slots=True)
class Labelling:
    """Every vertex's loopy value, and for finite ones the counter of step 1."""

    values: tuple[LoopyValue, ...]
    counters: tuple[int | None, ...]  # None for an infinite value


def label_graph(successors: list[list[int]], check: Callable[[], None] | None = None) -> Labelling:
    """The loopy values of every vertex of the graph (see the module's text);
    ``check`` (a budget's) is called between rounds and every few thousand labels.

    >>> label_graph([[1], [0]]).values[0]      # two positions that only move to each other
    LoopyValue(nimber=None, followers=frozenset())
    >>> [str(v) for v in label_graph([[1], [2], []]).values]
    ['0', '1', '0']
    """
    size = len(successors)
    options = [row if len(row) < 2 else sorted(set(row)) for row in successors]  # read only
    before: list[list[int]] = [[] for _ in range(size)]
    for vertex, row in enumerate(options):
        for option in row:
            before[option].append(vertex)
    label = [_UNLABELLED] * size
    counter: list[int | None] = [None] * size
    pending = list(range(size))  # the vertices without a label: a round reads only these
    ticks = 0
    m = 0
    while pending:
        if check is not None:
            check()
        ticks = _finite_round(options, before, label, counter, m, ticks, pending, check)
        still = []
        for vertex in pending:
            if label[vertex] != _UNLABELLED:
                continue
            if any(label[option] == m for option in options[vertex]):
                still.append(vertex)
            else:
                label[vertex] = _INFINITE
        pending = still
        m += 1
    # one value object per distinct value, shared: a large graph has few distinct values
    finite = [LoopyValue.finite(n) for n in range(m + 1)]
    infinite: dict[frozenset[int], LoopyValue] = {}
    values = []
    for v in range(size):
        if label[v] >= 0:
            values.append(finite[label[v]])
            continue
        followers = frozenset(label[o] for o in options[v] if label[o] >= 0)
        if followers not in infinite:
            infinite[followers] = LoopyValue.infinite(followers)
        values.append(infinite[followers])
    return Labelling(tuple(values), tuple(counter))


def _finite_round(
    options: list[list[int]],
    before: list[list[int]],
    label: list[int],
    counter: list[int | None],
    m: int,
    ticks: int,
    pending: list[int],
    check: Callable[[], None] | None = None,
) -> int:
    """Step 1 of round ``m``: label ``m`` every vertex that becomes ready (``pending``: the
    vertices without a label at the round's start); the next tick."""
    size = len(options)
    reaches_m = [False] * size  # has an option labelled m (none at the round's start)
    blocking = [0] * size
    ready = []
    for vertex in pending:
        blocking[vertex] = sum(1 for option in options[vertex] if label[option] < 0)
        if not blocking[vertex]:
            ready.append(vertex)
    while ready:
        vertex = ready.pop()
        if label[vertex] != _UNLABELLED or reaches_m[vertex] or blocking[vertex]:
            continue  # a stale entry: it stopped being ready after it was queued
        label[vertex] = m
        counter[vertex] = ticks
        ticks += 1
        if check is not None and not ticks & 4095:
            check()
        for parent in before[vertex]:
            if label[parent] == _UNLABELLED:
                blocking[parent] -= 1  # this option now has a finite label
            if reaches_m[parent]:
                continue
            reaches_m[parent] = True
            if label[parent] in (_UNLABELLED, _INFINITE):
                # ``parent`` now has an option carrying m: it no longer blocks its parents
                for grand in before[parent]:
                    if label[grand] == _UNLABELLED:
                        blocking[grand] -= 1
                        if not blocking[grand] and not reaches_m[grand]:
                            ready.append(grand)
    return ticks
