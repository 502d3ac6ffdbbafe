"""Exact verification of a candidate misère quotient on monoid elements.

A candidate is a finite commutative monoid with a P-portion and an image for every heap
``0..N``.  It is *faithful* when every sum of those heaps is a misère P-position exactly
when its image lies in the P-portion.  Since a position is P exactly when it has a move and
every move leads to an N-position, and every move makes a heap smaller, faithfulness is the
conjunction of two statements about every non-empty sum G (by induction on G):

* **P-side**: if G's image is in P, no option of G has its image in P.  Every option of G
  replaces one heap h of G by an option of h, so G = Y + h and the option is Y + T.  With
  y the image of Y, the statement is "y·h in P implies y·t not in P for every image t of
  an option of h", and it ranges over elements y, heaps h and option images t only: a
  finite check on elements (:func:`p_side_pairs`).
* **N-side**: if G's image is not in P, some option of G has its image in P.  This needs
  more than G's image.  The pair (image of G, set W of its options' images) of every sum is
  found by a finite search: adding heap h sends (x, W) to (x·h, h·W + x·T_h).  The N-side
  holds when no pair has x outside P and W non-empty but missing P.  The search may skip a
  pair (x, W) when it has met (x, W') with W' a subset of W: every sum reached from the
  first has a counterpart from the second with fewer option images, and an N-side failure
  stays a failure with fewer option images (:func:`n_side_failure`).

The identity (the empty sum, an N-position) must lie outside P; heaps with no move are
the identity.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

import numpy as np

import grundy.solve.misere_verify_kernels as kernels
from grundy.budget import Meter
from grundy.errors import SearchLimitError
from grundy.solve.jit import compiled_when
from grundy.solve.misere_arrays import Monoid, compile_for, p_flags, products, table_array
from grundy.solve.misere_outcomes import HeapRules, Position

__all__ = [
    "colex_key",
    "failure",
    "least_counts",
    "least_failure",
    "least_words",
    "n_side_failure",
    "option_images",
    "p_side_pairs",
    "witnesses",
]

PAIR_LIMIT = 3_000_000
"""Most (element, option images) pairs the N-side search keeps before it gives up."""

COMPILED_FROM = 2048
"""Least size of a monoid times its count of heaps whose searches run compiled; smaller
ones are searched by the Python versions (integer bit masks), for which loading numba
would cost more than it saves (Kayles to heap 24: 24 elements, 24 heaps), unless the
kernel is loaded already (:func:`~grundy.solve.misere_arrays.compile_for`)."""

STEPS_PER_CALL = 1 << 12
"""Steps of a compiled search between two ticks of the budget's meter: a step of the
breadth-first search adds every heap to one pair, so on a monoid of hundreds of elements
and tens of heaps 2**15 steps took over 0.3 s, too long for a half-second allowance."""


def option_images(monoid: Monoid, rules: HeapRules, largest: int) -> list[list[int]]:
    """For each heap up to ``largest``, the distinct images of the positions its moves leave."""
    heap_map = monoid.heap_map
    targets = sorted({heap_map[h] for h in range(largest + 1)})
    column = {t: c for c, t in enumerate(targets)}
    table = products(monoid, targets)  # Python ints: read per part below
    found: list[list[int]] = []
    for heap in range(largest + 1):
        images = set()
        for option in rules.options[heap]:
            x = 0
            for part in option:
                x = table[x][column[heap_map[part]]]
            images.add(x)
        found.append(sorted(images))
    return found


def witnesses(monoid: Monoid, heaps: Sequence[int]) -> dict[int, Position]:
    """A position (sum of heaps) for every element that is the image of a sum."""
    table = products(monoid, [monoid.heap_map[h] for h in heaps])
    word: dict[int, Position] = {0: ()}
    frontier = [0]
    for x in frontier:
        for k, heap in enumerate(heaps):
            y = table[x][k]
            if y not in word:
                word[y] = tuple(sorted((*word[x], heap)))
                frontier.append(y)
    return word


def p_side_pairs(
    monoid: Monoid,
    heaps: Sequence[int],
    images: Sequence[Sequence[int]],
    elements: Iterable[int],
    meter: Meter | None = None,
) -> Iterator[tuple[int, int]]:
    """The P-side failures: each (y, h) with y·h in P while y·t is in P for an image t of
    an option of heap h (y from ``elements``, h from ``heaps``).  The P-side condition
    holds for every sum exactly when there is none with y the image of a sum."""
    ys = np.fromiter(elements, dtype=np.int64)
    if meter is not None:
        meter.tick(len(ys) * max(len(heaps), 1))
    if not len(ys) or not heaps:
        return
    table, p_flag, _ = _bit_tables(monoid)
    bad = np.empty((len(ys), len(heaps)), dtype=np.bool_)
    for j, heap in enumerate(heaps):
        bad[:, j] = p_flag[table[ys, monoid.heap_map[heap]]]
        targets = np.asarray(images[heap], dtype=np.int64)
        if len(targets):
            bad[:, j] &= p_flag[table[np.ix_(ys, targets)]].any(axis=1)
        else:
            bad[:, j] = False
    for i, j in zip(*np.nonzero(bad), strict=True):  # row by row: the order of elements
        yield int(ys[i]), heaps[j]


def n_side_failure(
    monoid: Monoid,
    heaps: Sequence[int],
    images: Sequence[Sequence[int]],
    limit: int = PAIR_LIMIT,
    meter: Meter | None = None,
) -> Position | None:
    """A non-empty sum whose image is outside P while no option's image is in P, or None.

    Sets of images are bit sets; for each element the search keeps the sets it has met
    that contain no other set met for that element.  It runs compiled
    (:func:`grundy.solve.misere_verify_kernels.n_side_steps`); this driver ticks the
    meter between its calls and enlarges its store."""
    if not compile_for(monoid.size * len(heaps), COMPILED_FROM, kernels.n_side_steps):
        return _n_side_failure_python(monoid, heaps, images, limit, meter)
    table, p_flag, p_words = _bit_tables(monoid)
    gens = np.asarray([monoid.heap_map[h] for h in heaps], dtype=np.int64)
    flat = np.asarray([t for h in heaps for t in images[h]], dtype=np.int64)
    image_start = np.cumsum([0, *(len(images[h]) for h in heaps)], dtype=np.int64)
    room = 1024 + len(heaps)
    store = np.zeros((room, len(p_words)), dtype=np.uint64)
    elements = np.zeros(room, dtype=np.int64)
    parent = np.full(room, -1, dtype=np.int64)
    move = np.zeros(room, dtype=np.int64)
    store_next = np.full(room, -1, dtype=np.int64)
    head = np.full(len(table), -1, dtype=np.int64)
    grown = np.zeros(len(p_words), dtype=np.uint64)
    state = np.asarray([0, 1, 0, -1], dtype=np.int64)  # pair 0: the empty sum
    search = compiled_when(kernels.n_side_steps, True)
    while True:
        taken = search(
            table,
            p_flag,
            p_words,
            gens,
            flat,
            image_start,
            elements,
            store,
            parent,
            move,
            store_next,
            head,
            grown,
            state,
            limit,
            STEPS_PER_CALL // max(len(heaps), 1) + 1,
        )
        if meter is not None:
            meter.tick(int(taken) * max(len(heaps), 1))
        if state[2] == kernels.OVER:
            raise SearchLimitError(f"the verification met more than {limit:,} pairs")
        if state[2] == kernels.FOUND:
            path = []
            pair = int(state[3])
            while pair > 0:
                path.append(heaps[int(move[pair])])
                pair = int(parent[pair])
            return tuple(reversed(path))
        if state[2] == kernels.FINISHED:
            return None
        if state[2] == kernels.FULL:
            store, elements, parent, move, store_next = (
                np.concatenate([array, np.full_like(array, fill)])
                for array, fill in (
                    (store, 0),
                    (elements, 0),
                    (parent, -1),
                    (move, 0),
                    (store_next, -1),
                )
            )
            state[2] = kernels.RUNNING


def _bit_tables(monoid: Monoid) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The table as an array, and the P-portion as flags and as a bit set of words."""
    size = monoid.size
    p_flag = p_flags(monoid)
    padded = np.zeros((size + 63) // 64 * 64, dtype=np.bool_)
    padded[:size] = p_flag
    p_words = np.packbits(padded, bitorder="little").view(np.uint64)
    return table_array(monoid), p_flag, p_words


def failure(
    monoid: Monoid, rules: HeapRules, largest: int, meter: Meter | None = None
) -> Position | None:
    """A sum of heaps up to ``largest`` that the candidate judges against its own options'
    images (so the candidate is wrong about it or about one of its options), or None when
    the candidate is faithful for every sum of those heaps."""
    heaps = [h for h in rules.live_heaps if h <= largest]
    if 0 in monoid.p_portion:
        return ()
    if any(monoid.heap_map[h] != 0 for h in range(largest + 1) if not rules.options[h]):
        raise ValueError("a heap with no move must map to the identity")
    images = option_images(monoid, rules, largest)
    words = witnesses(monoid, heaps)
    for y, heap in p_side_pairs(monoid, heaps, images, words, meter):
        return tuple(sorted((*words[y], heap)))
    return n_side_failure(monoid, heaps, images, meter=meter)


def colex_key(position: Position) -> tuple[int, ...]:
    """The order in which sums are derived: fewer of the largest heap first, then fewer of
    the next largest, and so on; every option of a sum comes before it."""
    return (*sorted(position, reverse=True), -1)


def least_words(
    monoid: Monoid, heaps: Sequence[int], meter: Meter | None = None
) -> dict[int, Position]:
    """For each image of a sum, the least sum (in :func:`colex_key` order) with that image."""
    order = sorted(heaps, reverse=True)
    least = _least_counts_of(monoid, order, meter)
    return {
        x: tuple(sorted(h for k, h in enumerate(order) for _ in range(counts[k])))
        for x, counts in least.items()
    }


def least_counts(
    table: Sequence[Sequence[int]] | Sequence[Mapping[int, int]],
    generators: Sequence[int],
    record: Callable[[int, tuple[int, ...]], None] | None = None,
    meter: Meter | None = None,
) -> dict[int, tuple[int, ...]]:
    """For each element that a product of ``generators`` reaches, how many of each its least
    product takes: fewer of the first generator first, then fewer of the next, and so on.

    Products are enumerated by count of the first generator, then of the next, ...; once a
    prefix reaches an element met before, every product that extends it is beaten by the
    same extension of the earlier one, so the enumeration stops there.  ``record`` hears of
    each element as it is first reached, in that order."""
    least: dict[int, tuple[int, ...]] = {}
    counts = [0] * len(generators)

    def visit(level: int, x: int) -> None:
        if level == len(generators):
            least[x] = tuple(counts)
            if record is not None:
                record(x, least[x])
            return
        a = generators[level]
        while True:
            if meter is not None:
                meter.tick()
            visit(level + 1, x)
            x = table[x][a]
            if x in least:
                counts[level] = 0
                return
            counts[level] += 1

    visit(0, 0)
    return least


def _least_counts_of(
    monoid: Monoid, order: Sequence[int], meter: Meter | None
) -> dict[int, tuple[int, ...]]:
    """:func:`least_counts` of the images of the heaps ``order``, read from a table of
    only the columns it multiplies by."""
    columns = products(monoid, [monoid.heap_map[h] for h in order])
    return least_counts(columns, range(len(order)), meter=meter)


def least_failure(
    monoid: Monoid, rules: HeapRules, largest: int, meter: Meter | None = None
) -> Position | None:
    """The least sum (in :func:`colex_key` order) that the candidate judges against its
    options' images, or None when it is faithful for every sum of heaps up to ``largest``.

    Every sum before the least failure is judged right (by induction along the order,
    whose options come first), so the least failure's true outcome is the opposite of the
    candidate's: that is what the construction learns from it."""
    heaps = [h for h in rules.live_heaps if h <= largest]
    if 0 in monoid.p_portion:
        return ()
    images = option_images(monoid, rules, largest)
    order = sorted(heaps, reverse=True)
    least = _least_counts_of(monoid, order, meter)
    best: Position | None = None
    for y, heap in p_side_pairs(monoid, heaps, images, least, meter):
        word = (h for k, h in enumerate(order) for _ in range(least[y][k]))  # y's least sum
        found = tuple(sorted((*word, heap)))
        if best is None or colex_key(found) < colex_key(best):
            best = found
    found_n = _least_n_failure(monoid, heaps, images, best, meter)
    return found_n if found_n is not None else best


def _least_n_failure(
    monoid: Monoid,
    heaps: Sequence[int],
    images: Sequence[Sequence[int]],
    bound: Position | None,
    meter: Meter | None = None,
) -> Position | None:
    """The least N-side failure before ``bound`` (enumerated as in :func:`least_words`,
    a sum skipped when an earlier sum has its image and a subset of its option images).
    The search runs compiled (:mod:`grundy.solve.misere_verify_kernels`); this driver
    sets up its arrays, ticks the meter between its calls and enlarges its store."""
    if not compile_for(monoid.size * len(heaps), COMPILED_FROM, kernels.least_n_steps):
        return _least_n_failure_python(monoid, heaps, images, bound, meter)
    table, p_flag, p_words = _bit_tables(monoid)
    size, words = len(table), len(p_words)
    order = sorted(heaps, reverse=True)
    gens = np.asarray([monoid.heap_map[h] for h in order], dtype=np.int64)
    flat = np.asarray([t for h in order for t in images[h]], dtype=np.int64)
    image_start = np.cumsum([0, *(len(images[h]) for h in order)], dtype=np.int64)
    limit = np.full(len(order), -1, dtype=np.int64)
    if bound is not None:
        limit[:] = [bound.count(h) for h in order]
    levels = len(order)
    xs = np.zeros(levels + 1, dtype=np.int64)
    masks = np.zeros((levels + 1, words), dtype=np.uint64)
    counts = np.zeros(levels, dtype=np.int64)
    store = np.zeros((1024, words), dtype=np.uint64)
    store_next = np.full(1024, -1, dtype=np.int64)
    head = np.full(size, -1, dtype=np.int64)
    grown = np.zeros(words, dtype=np.uint64)
    state = np.zeros(4, dtype=np.int64)
    search = compiled_when(kernels.least_n_steps, True)
    while True:
        taken = search(
            table,
            p_flag,
            p_words,
            gens,
            flat,
            image_start,
            limit,
            xs,
            masks,
            counts,
            store,
            store_next,
            head,
            grown,
            state,
            STEPS_PER_CALL,
        )
        if meter is not None:
            meter.tick(int(taken))
        if state[2] == kernels.FOUND:
            return tuple(sorted(h for k, h in enumerate(order) for _ in range(counts[k])))
        if state[2] == kernels.FINISHED:
            return None
        if state[2] == kernels.FULL:
            store = np.concatenate([store, np.zeros_like(store)])
            store_next = np.concatenate([store_next, np.full_like(store_next, -1)])
            state[2] = kernels.RUNNING


def _n_side_failure_python(
    monoid: Monoid,
    heaps: Sequence[int],
    images: Sequence[Sequence[int]],
    limit: int = PAIR_LIMIT,
    meter: Meter | None = None,
) -> Position | None:
    """:func:`n_side_failure` in Python, sets of images as integer bit masks: for a
    small monoid, where loading numba would cost more than the search."""
    table, heap_map = products(monoid, range(monoid.size)), monoid.heap_map
    p_mask = 0
    for x in monoid.p_portion:
        p_mask |= 1 << x
    moves = {h: (heap_map[h], images[h]) for h in heaps}
    kept: dict[int, list[int]] = {}
    queue: list[tuple[int, int, Position]] = [(0, 0, ())]
    count = 0
    for x, mask, position in queue:
        if mask and not mask & p_mask and not (p_mask >> x) & 1:
            return position
        if meter is not None:
            meter.tick()
        row = table[x]
        members = _members(mask)
        for heap, (a, targets) in moves.items():
            y = row[a]
            grown = 0
            for w in members:
                grown |= 1 << table[w][a]
            for t in targets:
                grown |= 1 << row[t]
            seen = kept.setdefault(y, [])
            if any(old & grown == old for old in seen):
                continue
            seen[:] = [old for old in seen if old & grown != grown]
            seen.append(grown)
            count += 1
            if count > limit:
                raise SearchLimitError(f"the verification met more than {limit:,} pairs")
            queue.append((y, grown, (*position, heap)))
    return None


def _members(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class _Found(Exception):
    def __init__(self, position: Position) -> None:
        self.position = position


def _least_n_failure_python(
    monoid: Monoid,
    heaps: Sequence[int],
    images: Sequence[Sequence[int]],
    bound: Position | None,
    meter: Meter | None = None,
) -> Position | None:
    """:func:`_least_n_failure` in Python, sets of images as integer bit masks (for a
    small monoid)."""
    table, heap_map = products(monoid, range(monoid.size)), monoid.heap_map
    p_mask = 0
    for x in monoid.p_portion:
        p_mask |= 1 << x
    order = sorted(heaps, reverse=True)
    counts = [0] * len(order)
    kept: dict[int, list[int]] = {}
    limit = None if bound is None else colex_key(bound)

    def word() -> Position:
        return tuple(sorted(h for k, h in enumerate(order) for _ in range(counts[k])))

    def visit(level: int, x: int, mask: int) -> None:
        if level == len(order):
            if mask and not mask & p_mask and not (p_mask >> x) & 1:
                raise _Found(word())
            return
        heap = order[level]
        a = heap_map[heap]
        while True:
            if meter is not None:
                meter.tick()
            visit(level + 1, x, mask)
            grown = 0
            for w in _members(mask):
                grown |= 1 << table[w][a]
            row = table[x]
            for t in images[heap]:
                grown |= 1 << row[t]
            x = row[a]
            seen = kept.setdefault(x, [])
            counts[level] += 1
            if any(old & grown == old for old in seen) or (
                limit is not None and colex_key(word()) >= limit
            ):
                counts[level] = 0
                return
            seen[:] = [old for old in seen if old & grown != grown]
            seen.append(grown)
            mask = grown

    try:
        visit(0, 0, 0)
    except _Found as found:
        return found.position
    return None
