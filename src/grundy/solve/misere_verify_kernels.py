"""Compiled (numba) kernels of the two searches of :mod:`grundy.solve.misere_verify`.

The kernels are plain functions: a driver compiles one through
:func:`grundy.solve.jit.compiled_when` (cached on disk) when its work is large enough to
repay loading numba, and runs it as Python otherwise.  Each does a bounded
number of steps and returns, so that its Python driver ticks the budget's meter between
calls; its state lives in arrays the driver passes back in.

* :func:`least_n_steps`: the least N-side failure, depth first in the order of sums;
* :func:`n_side_steps`: some N-side failure, breadth first.

The two share no code with each other (each writes out its own set operations) nor with
the construction's kernels (:mod:`grundy.solve.misere_kernels`), so that the two
verifications of every accepted candidate stay independent.

Sets of elements are bit sets, rows of ``uint64`` words (element e is bit e % 64 of word
e // 64).
"""

from __future__ import annotations

import numpy as np

__all__ = ["FINISHED", "FOUND", "FULL", "OVER", "RUNNING", "least_n_steps", "n_side_steps"]

RUNNING, FINISHED, FOUND, FULL, OVER = 0, 1, 2, 3, 4
"""``state[2]`` after a call: steps left to take, no failure, a failure (the sum is in
``counts``, or the pair in ``state[3]``), the store of kept sets is full (the driver
enlarges it and calls again), or more pairs than the limit were met."""


def least_n_steps(
    table: np.ndarray,
    p_flag: np.ndarray,
    p_words: np.ndarray,
    gens: np.ndarray,
    images: np.ndarray,
    image_start: np.ndarray,
    limit: np.ndarray,
    xs: np.ndarray,
    masks: np.ndarray,
    counts: np.ndarray,
    store: np.ndarray,
    store_next: np.ndarray,
    head: np.ndarray,
    grown: np.ndarray,
    state: np.ndarray,
    steps: int,
) -> int:
    """At most ``steps`` steps of the search of
    :func:`grundy.solve.misere_verify._least_n_failure`: sums enumerated by count of the
    generator of level 0 (the largest heap), then of level 1, ..., each carried as its
    element ``xs[level]`` and the set ``masks[level]`` of its options' elements; a sum is
    dropped (with every sum extending it at this level) when an earlier sum kept for its
    element has a subset of its options' elements, or when it is not before ``limit``
    (a sum as counts; ``limit[0] < 0`` for none).

    ``state`` = (level, phase, status, stored): phase 0 descends to a new sum and judges
    it, phase 1 steps the level on; ``stored`` counts the rows of ``store`` in use (kept
    sets, chained per element from ``head`` through ``store_next``).  Returns the steps
    taken."""
    levels = len(gens)
    words = masks.shape[1]
    level = state[0]
    phase = state[1]
    taken = 0
    while taken < steps:
        taken += 1
        if phase == 0:
            for j in range(level + 1, levels + 1):
                xs[j] = xs[level]
                for k in range(words):
                    masks[j, k] = masks[level, k]
            x = xs[levels]
            empty = True
            meets_p = False
            for k in range(words):
                if masks[levels, k] != 0:
                    empty = False
                    if masks[levels, k] & p_words[k] != 0:
                        meets_p = True
            if not empty and not meets_p and not p_flag[x]:
                state[2] = FOUND
                break
            level = levels - 1
            phase = 1
            continue
        if level < 0:
            state[2] = FINISHED
            break
        if state[3] >= len(store):
            state[2] = FULL
            break
        a = gens[level]
        x = xs[level]
        for k in range(words):
            grown[k] = 0
        for k in range(words):
            word = masks[level, k]
            bit = 0
            while word != 0:
                if word & np.uint64(1):
                    w = table[k * 64 + bit, a]
                    grown[w >> 6] |= np.uint64(1) << np.uint64(w & 63)
                word >>= np.uint64(1)
                bit += 1
        for i in range(image_start[level], image_start[level + 1]):
            w = table[x, images[i]]
            grown[w >> 6] |= np.uint64(1) << np.uint64(w & 63)
        x = table[x, a]
        xs[level] = x
        counts[level] += 1
        drop = False
        entry = head[x]
        while entry >= 0:
            inside = True
            for k in range(words):
                if store[entry, k] & ~grown[k] != 0:
                    inside = False
                    break
            if inside:
                drop = True
                break
            entry = store_next[entry]
        if not drop and limit[0] >= 0:
            drop = True  # equal to the limit: not before it
            for j in range(levels):
                if counts[j] != limit[j]:
                    drop = counts[j] > limit[j]
                    break
        if drop:
            counts[level] = 0
            level -= 1
            continue
        previous = -1
        entry = head[x]
        while entry >= 0:  # drop the kept sets that contain the new one
            contains = True
            for k in range(words):
                if grown[k] & ~store[entry, k] != 0:
                    contains = False
                    break
            following = store_next[entry]
            if contains:
                if previous < 0:
                    head[x] = following
                else:
                    store_next[previous] = following
            else:
                previous = entry
            entry = following
        slot = state[3]
        state[3] = slot + 1
        for k in range(words):
            store[slot, k] = grown[k]
            masks[level, k] = grown[k]
        store_next[slot] = head[x]
        head[x] = slot
        phase = 0
    state[0] = level
    state[1] = phase
    return taken


def n_side_steps(
    table: np.ndarray,
    p_flag: np.ndarray,
    p_words: np.ndarray,
    gens: np.ndarray,
    images: np.ndarray,
    image_start: np.ndarray,
    elements: np.ndarray,
    store: np.ndarray,
    parent: np.ndarray,
    move: np.ndarray,
    store_next: np.ndarray,
    head: np.ndarray,
    grown: np.ndarray,
    state: np.ndarray,
    limit: int,
    steps: int,
) -> int:
    """At most ``steps`` pairs of the breadth-first search of
        :func:`grundy.solve.misere_verify.n_side_failure` taken from its queue.  Row i of
        ``store`` is the i-th pair met: its element ``elements[i]``, its options' elements
        (the row), the pair it came from (``parent[i]``) and the heap added (``move[i]``, a
        level of ``gens``).  Kept sets are chained per element from ``head`` through
        ``store_next`` (a pair stays queued when its set is no longer kept).

        ``state`` = (next pair to take, pairs met, status, pair found): status FULL asks for
        room for ``len(gens)`` more pairs, OVER stops once more than ``limit`` pairs besides
    the empty sum's are met.  Returns the pairs taken."""
    words = store.shape[1]
    levels = len(gens)
    taken = 0
    while taken < steps:
        cursor = state[0]
        if cursor >= state[1]:
            state[2] = FINISHED
            break
        if state[1] + levels > len(store):
            state[2] = FULL
            break
        taken += 1
        x = elements[cursor]
        empty = True
        meets_p = False
        for k in range(words):
            if store[cursor, k] != 0:
                empty = False
                if store[cursor, k] & p_words[k] != 0:
                    meets_p = True
        if not empty and not meets_p and not p_flag[x]:
            state[2] = FOUND
            state[3] = cursor
            break
        for level in range(levels):
            a = gens[level]
            y = table[x, a]
            for k in range(words):
                grown[k] = 0
            for k in range(words):
                word = store[cursor, k]
                bit = 0
                while word != 0:
                    if word & np.uint64(1):
                        w = table[k * 64 + bit, a]
                        grown[w >> 6] |= np.uint64(1) << np.uint64(w & 63)
                    word >>= np.uint64(1)
                    bit += 1
            for i in range(image_start[level], image_start[level + 1]):
                w = table[x, images[i]]
                grown[w >> 6] |= np.uint64(1) << np.uint64(w & 63)
            covered = False
            entry = head[y]
            while entry >= 0:
                inside = True
                for k in range(words):
                    if store[entry, k] & ~grown[k] != 0:
                        inside = False
                        break
                if inside:
                    covered = True
                    break
                entry = store_next[entry]
            if covered:
                continue
            previous = -1
            entry = head[y]
            while entry >= 0:
                contains = True
                for k in range(words):
                    if grown[k] & ~store[entry, k] != 0:
                        contains = False
                        break
                following = store_next[entry]
                if contains:
                    if previous < 0:
                        head[y] = following
                    else:
                        store_next[previous] = following
                else:
                    previous = entry
                entry = following
            slot = state[1]
            state[1] = slot + 1
            for k in range(words):
                store[slot, k] = grown[k]
            elements[slot] = y
            parent[slot] = cursor
            move[slot] = level
            store_next[slot] = head[y]
            head[y] = slot
            if slot > limit:
                state[2] = OVER
                return taken
        state[0] = cursor + 1
    return taken
