"""The value check of :mod:`grundy.certify.value_check` for values below 128, by blocks.

The check and its two conditions are those of :mod:`grundy.certify.value_check`; only
the order of the work differs.  There each heap runs over the sparse heaps ``a`` and
marks the value of the split ``(a, n - k - a)`` in a table, one random write per split.
Here the heaps are taken a block at a time, and each heap's option values are a set of
bits (two 64-bit words: values below 128).  The splits with a sparse part are valued
sparse heap by sparse heap, across the whole block: for a fixed ``a`` and ``k`` the
heaps ``n`` and the other parts ``n - k - a`` both run consecutively, and setting bit
``G(a) ^ G(n - k - a)`` of heap ``n``'s words is written without a branch, so the
compiler turns that loop into vector instructions (several heaps at a time).  Then each
heap of the block, in order, gets its other options, is checked against (a) and (b)
exactly as there (a value two dense classes could give: every split read; a value below
``G(n)`` not yet seen: splits searched from the smallest part), and the first wrong heap
is reported.  Nothing here is shared with the engines that compute the values.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["BLOCK", "SWEEP_WIDTH", "sweep_kernel"]

SWEEP_WIDTH = 128
"""Values below this are checked here (two words of bits a heap)."""

BLOCK = 4096
"""Heaps whose bits are held at once (64 KiB of words: they stay in the cache)."""

SMALL_PARTS = 32
"""Smallest parts swept across a block before heaps are searched one by one."""

# What the kernel answers, with the heap it stopped at (as value_check's kernel).
_VALID, _WRONG, _STOPPED = 0, 1, 2


def sweep_kernel(
    values: Any,
    takes: Any,
    kinds: Any,
    sparse_heaps: Any,
    dense_pair: Any,
    width: int,
    max_steps: int,
) -> Any:
    """(a) and (b) for every heap, a block at a time; returns (status, heap, steps).

    The arguments are those of value_check's kernel; ``width`` is at most 128.
    """
    count = values.shape[0]
    low = np.zeros(BLOCK, dtype=np.uint64)  # bit v: value v < 64 is an option of the heap
    high = np.zeros(BLOCK, dtype=np.uint64)  # bit v - 64: value v >= 64 is
    # The parts swept across a block: every sparse heap (a split (a, m) for any m >= 1,
    # so heap n >= k + a + 1), then the parts 1 .. SMALL_PARTS (the split (p, rest - p)
    # with p <= rest - p, so heap n >= k + 2p), which find most of the values a heap's
    # dense splits give before any heap is searched alone.
    small = SMALL_PARTS
    parts = np.empty(sparse_heaps.shape[0] + small, dtype=np.int64)
    least_rest = np.empty(parts.shape[0], dtype=np.int64)
    for j in range(sparse_heaps.shape[0]):
        parts[j] = sparse_heaps[j]
        least_rest[j] = sparse_heaps[j] + 1
    for p in range(1, small + 1):
        parts[sparse_heaps.shape[0] + p - 1] = p
        least_rest[sparse_heaps.shape[0] + p - 1] = 2 * p
    part_values = np.empty(parts.shape[0], dtype=np.uint64)
    for j in range(parts.shape[0]):
        part_values[j] = values[np.uint64(min(parts[j], count - 1))]
    splitting = np.empty(takes.shape[0], dtype=np.int64)
    splits = 0
    for i in range(takes.shape[0]):
        if kinds[i] & 4:
            splitting[splits] = takes[i]
            splits += 1
    one, sixty_three, sixty_four = np.uint64(1), np.uint64(63), np.uint64(64)
    steps = 0
    for first in range(0, count, BLOCK):
        last = min(first + BLOCK, count) - 1
        low[:] = 0
        high[:] = 0
        for s in range(splits):
            k = splitting[s]
            for j in range(parts.shape[0]):
                a = parts[j]
                start = max(first, k + least_rest[j])
                if start > last:
                    continue
                c = part_values[j]
                # heap n = first + i has its other part n - k - a at values[shift + i]
                shift = np.uint64(start - k - a) - np.uint64(start - first)
                for i in range(np.uint64(start - first), np.uint64(last + 1 - first)):
                    x = c ^ np.uint64(values[shift + i])
                    below = np.uint64(x < sixty_four)
                    bit = one << (x & sixty_three)
                    low[i] |= bit * below
                    high[i] |= bit * (one - below)
                steps += last + 1 - start
        if steps > max_steps:
            return _STOPPED, first, steps
        for n in range(first, last + 1):
            i = n - first
            g = np.uint64(values[n])
            for t in range(takes.shape[0]):
                k, kind = takes[t], kinds[t]
                if kind & 1 and n == k:
                    low[i] |= one
                if kind & 2 and n > k:
                    x = np.uint64(values[np.uint64(n - k)])
                    if x < sixty_four:
                        low[i] |= one << x
                    else:
                        high[i] |= one << (x - sixty_four)
            seen = (low[i] >> g) & one if g < sixty_four else (high[i] >> (g - sixty_four)) & one
            if seen:
                return _WRONG, n, steps
            # Splits with two dense parts, read only where they could give g.
            for s in range(splits):
                rest = n - splitting[s]
                if rest >= 2 and dense_pair[g, rest & 1]:
                    for part in range(1, rest // 2 + 1):
                        x = np.uint64(values[np.uint64(part)]) ^ np.uint64(
                            values[np.uint64(rest - part)]
                        )
                        if x == g:
                            return _WRONG, n, steps
                    steps += rest // 2
            # Values below g not seen yet: search the splits, smallest part first.
            missing: Any = 0
            for w in range(2):
                word = low[i] if w == 0 else high[i]
                bound: Any = min(max(np.int64(g) - 64 * w, 0), 64)
                if bound < 64:
                    word &= (one << np.uint64(bound)) - one
                # the bits set in word, by the usual halving sums
                word = word - ((word >> one) & np.uint64(0x5555555555555555))
                word = (word & np.uint64(0x3333333333333333)) + (
                    (word >> np.uint64(2)) & np.uint64(0x3333333333333333)
                )
                word = (word + (word >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
                missing += bound - np.int64((word * np.uint64(0x0101010101010101)) >> np.uint64(56))
            part = small + 1  # the parts up to SMALL_PARTS were swept
            while missing > 0:
                if steps > max_steps:
                    return _STOPPED, n, steps
                reached = False
                for s in range(splits):
                    rest = n - splitting[s]
                    if 2 * part <= rest:
                        reached = True
                        x = np.uint64(values[np.uint64(part)]) ^ np.uint64(
                            values[np.uint64(rest - part)]
                        )
                        steps += 1
                        if x == g:
                            return _WRONG, n, steps
                        bit = one << (x & sixty_three)
                        if x < sixty_four:
                            fresh = not low[i] & bit
                            low[i] |= bit
                        else:
                            fresh = not high[i] & bit
                            high[i] |= bit
                        if fresh and x < g:
                            missing -= 1
                if not reached:
                    return _WRONG, n, steps
                part += 1
        if steps > max_steps:
            return _STOPPED, last, steps
    return _VALID, count, steps
