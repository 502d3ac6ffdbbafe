"""Compiled (numba) kernels of the misère quotient construction.

The kernels are plain functions: a driver compiles one through
:func:`grundy.solve.jit.compiled_when` (cached on disk) when its work is large enough to
repay loading numba, and runs it as Python otherwise.  Each kernel does a
bounded number of steps and returns, so that its Python driver ticks the budget's meter
between calls; its state lives in arrays the driver passes back in.

* :func:`derive_steps`: the P-portion of a candidate, derived along the order of sums
  (:func:`grundy.solve.misere_extend._derive_p` states the rule).
* :func:`refine_round`: one round of the refinement that finds the classes of
  indistinguishable elements (:func:`grundy.solve.misere_candidate.classes`), exactly,
  by sorting the elements one generator at a time;
* :func:`refine_round_hashed`: the same round, faster, by sorting the elements once on a
  hash of all their classes; when two different tuples share a hash it says so, and
  the round is done again by :func:`refine_round`.
"""

from __future__ import annotations

import numpy as np

__all__ = ["HASH_MIX", "derive_steps", "refine_round", "refine_round_hashed"]


def derive_steps(
    cols: np.ndarray,
    gen_col: np.ndarray,
    image_cols: np.ndarray,
    image_start: np.ndarray,
    in_p: np.ndarray,
    seen: np.ndarray,
    x: np.ndarray,
    without: np.ndarray,
    counts: np.ndarray,
    state: np.ndarray,
    steps: int,
) -> int:
    """At most ``steps`` steps of the enumeration of sums in the order of
    :func:`grundy.solve.misere_verify.least_counts` (level j multiplies by the element
    in column ``gen_col[j]`` of ``cols``), marking each element in ``in_p`` as its least
    sum judges it: P when that sum has a heap and no option of it is in P.  The options
    of a heap of level k are the elements in columns ``image_cols[image_start[k]:
    image_start[k + 1]]`` times the rest of the sum.

    ``x[j]`` is the element of the sum's levels 0..j, ``without[j, k]`` (k <= j, when
    the sum has a heap of level k) the same with one heap of level k taken away, kept up
    to date as the enumeration moves so that the rest of a sum is read, not multiplied
    out again; ``counts`` is the sum, ``state`` = (level, phase, finished): phase 0
    descends to a new sum, 1 steps the level on.  Returns the steps taken;
    ``state[2]`` is 1 once every element is reached."""
    levels = len(gen_col)
    level = state[0]
    phase = state[1]
    taken = 0
    while taken < steps:
        taken += 1
        if phase == 0:  # descend from ``level`` to a new least sum and judge it
            for j in range(level + 1, levels + 1):
                x[j] = x[level]
            for j in range(level + 1, levels):  # the levels below add no heap
                for k in range(level + 1):
                    without[j, k] = without[level, k]
            leaf = x[levels]
            seen[leaf] = True
            if leaf != 0:
                judged_p = True
                for k in range(levels):
                    if counts[k] == 0:
                        continue
                    rest = without[levels - 1, k]  # the sum with a heap of level k taken away
                    for i in range(image_start[k], image_start[k + 1]):
                        if in_p[cols[rest, image_cols[i]]]:
                            judged_p = False
                            break
                    if not judged_p:
                        break
                in_p[leaf] = judged_p
            level = levels - 1
            phase = 1
        else:  # one more of the level's generator, or back up a level
            if level < 0:
                state[2] = 1
                break
            g = gen_col[level]
            before = x[level]
            x[level] = cols[before, g]
            if seen[x[level]]:
                counts[level] = 0
                level -= 1
            else:
                counts[level] += 1
                for k in range(level):
                    without[level, k] = cols[without[level, k], g]
                without[level, level] = before
                phase = 0
    state[0] = level
    state[1] = phase
    return taken


def refine_round(current: np.ndarray, successors: np.ndarray, refined: np.ndarray) -> int:
    """One round of the reduction's refinement: ``refined[x]`` numbers the tuple (class
    of x, classes of x times each generator) under ``current`` (classes 0, 1, ...).
    Returns how many such tuples there are.

    The tuple is built one generator at a time: the elements are sorted by the classes
    so far (a counting sort), and within a class each new class of x·g is given the next
    number (``stamp`` remembers which class last saw it); no hashing."""
    size = len(current)
    count = 0
    for x in range(size):
        if current[x] + 1 > count:
            count = current[x] + 1
    for x in range(size):
        refined[x] = current[x]
    groups = count
    order = np.empty(size, dtype=np.int64)
    stamp = np.full(count, -1, dtype=np.int64)
    label = np.zeros(count, dtype=np.int64)
    out = np.empty(size, dtype=np.int64)
    for j in range(successors.shape[1]):
        start = np.zeros(groups + 1, dtype=np.int64)
        for x in range(size):
            start[refined[x] + 1] += 1
        for g in range(groups):
            start[g + 1] += start[g]
        fill = start[:-1].copy()
        for x in range(size):
            order[fill[refined[x]]] = x
            fill[refined[x]] += 1
        new = 0
        for g in range(groups):
            for i in range(start[g], start[g + 1]):
                x = order[i]
                b = current[successors[x, j]]
                if stamp[b] != g:
                    stamp[b] = g
                    label[b] = new
                    new += 1
                out[x] = label[b]
        for b in range(count):
            stamp[b] = -1
        for x in range(size):
            refined[x] = out[x]
        groups = new
    return groups


HASH_MIX = 0x9E3779B97F4A7C15
"""The odd multiplier of :func:`refine_round_hashed`'s hash (2**64 over the golden ratio)."""


def refine_round_hashed(
    current: np.ndarray, successors: np.ndarray, refined: np.ndarray, mix: np.uint64
) -> int:
    """:func:`refine_round`'s partition (numbered otherwise), or -1 when two different
    tuples met with one hash, in which case ``refined`` is left meaningless.

    Each element's tuple (class of x, classes of x times each generator) is hashed
    (multiply by ``mix`` and fold; a test passes 0 to make every hash collide); the
    elements are sorted by hash and each run of one hash is one class.  Every pair of
    neighbours with one hash is compared in full: when all agree, each run holds one
    tuple, and equal tuples, having equal hashes, are in one run, so the classes are
    exact."""
    size, gens = successors.shape
    keys = np.empty(size, dtype=np.uint64)
    for x in range(size):
        h = np.uint64(current[x]) + np.uint64(1)
        for j in range(gens):
            h = (h * mix) ^ (h >> np.uint64(29)) ^ np.uint64(current[successors[x, j]])
        keys[x] = h * mix
    order = np.argsort(keys)
    count = 0
    for i in range(size):
        x = order[i]
        if i > 0 and keys[x] == keys[order[i - 1]]:
            y = order[i - 1]
            same = current[x] == current[y]
            for j in range(gens):
                if not same:
                    break
                same = current[successors[x, j]] == current[successors[y, j]]
            if not same:
                return -1
            refined[x] = refined[y]
        else:
            refined[x] = count
            count += 1
    return count
