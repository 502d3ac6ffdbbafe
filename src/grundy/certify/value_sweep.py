"""The value check of :mod:`grundy.certify.value_check` for values below 256, by blocks.

The check and its two conditions are those of :mod:`grundy.certify.value_check`; only
the order of the work differs.  There each heap runs over the sparse heaps ``a`` and
marks the value of the split ``(a, n - k - a)`` in a table, one random write per split,
then searches its splits one by one for the values below ``G(n)`` it has not seen.
Here the heaps are taken a block at a time, and each heap's option values are a set of
bits, as many 64-bit words as the block's largest listed value needs (one below 64,
two below 128, four below 256).  A part ``a`` is
valued across the whole block at once: for a fixed ``a`` and ``k`` the heaps ``n`` and
the other parts ``n - k - a`` both run consecutively, and setting bit ``G(a) ^ G(n - k -
a)`` of heap ``n``'s words is written without a branch, so the compiler turns that loop
into vector instructions (several heaps at a time).  Every sparse heap is swept so, then
the smallest parts 1, 2, ... while many heaps of the block still miss a value below
their own (a heap searched alone costs several times more a split, with a branch on
each).  Then each heap of the block, in order, is checked against (a) and (b) exactly as
there (a value two dense classes could give: every split read; a value below ``G(n)``
not yet seen: splits searched from the first part not swept), and the first wrong heap
is reported.  Nothing here is shared with the engines that compute the values."""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.solve.jit import compiled_when, compiler_available

__all__ = ["BLOCK", "SWEEP_WIDTH", "sweep_kernel"]

SWEEP_WIDTH = 256
"""Values below this are checked here (at most four words of bits a heap)."""

BLOCK = 4096
"""Heaps whose bits are held at once (at most 128 KiB of words: they stay in the cache)."""

SWEPT_PARTS = 4096
"""Most smallest parts swept across a block; the parts beyond are searched heap by heap."""

FIRST_PARTS = 32
"""Smallest parts swept across every block, before any heap is asked what it misses."""

MORE_PARTS = 16
"""Smallest parts swept at a time after those, while many heaps of the block miss a value."""

FEW = 8
"""A block's heaps are searched one by one once at most one in ``FEW`` misses a value
(sweeping the whole block for a few heaps would cost more than searching them)."""

# What the kernel answers, with the heap it stopped at (as value_check's kernel).
_VALID, _WRONG, _STOPPED = 0, 1, 2


def _set_bits_here(
    values: Any, c: Any, shift: Any, begin: Any, end: Any, bits: Any, words: int
) -> None:
    """Heaps ``begin .. end - 1`` of the block: set bit ``c ^ G(m)`` of each, its other
    part ``m`` at ``values[shift + i]`` (``shift`` wraps as an unsigned number).

    Each value sets one bit of one row, written without a branch (the other rows get 0),
    so that the loop runs several heaps at a time; a value beyond the ``words`` rows
    kept sets nothing.  (A function of its own: inside the large kernel the compiler
    left this loop unvectorised, about twice as slow.)"""
    row0, row1, row2, row3 = bits[0], bits[1], bits[2], bits[3]
    one, six, sixty_three = np.uint64(1), np.uint64(6), np.uint64(63)
    zero, two, three, sixty_four = np.uint64(0), np.uint64(2), np.uint64(3), np.uint64(64)
    if words == 1:
        for i in range(begin, end):
            x = c ^ np.uint64(values[shift + i])
            row0[i] |= (one << (x & sixty_three)) * np.uint64(x < sixty_four)
    elif words == 2:
        for i in range(begin, end):
            x = c ^ np.uint64(values[shift + i])
            row = x >> six
            bit = one << (x & sixty_three)
            row0[i] |= bit * np.uint64(row == zero)
            row1[i] |= bit * np.uint64(row == one)
    else:
        for i in range(begin, end):
            x = c ^ np.uint64(values[shift + i])
            row = x >> six
            bit = one << (x & sixty_three)
            row0[i] |= bit * np.uint64(row == zero)
            row1[i] |= bit * np.uint64(row == one)
            row2[i] |= bit * np.uint64(row == two)
            row3[i] |= bit * np.uint64(row == three)


# compiled when numba is there (the kernel calling it is then compiled too), else Python
_set_bits = compiled_when(_set_bits_here, compiler_available())


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

    The arguments are those of value_check's kernel; ``width`` is at most 256.  Each
    heap's bits are 1, 2 or 4 words, as the block's largest value needs: bit ``v & 63``
    of row ``v >> 6`` says that ``v`` is an option's value.
    """
    count = values.shape[0]
    bits = np.zeros((4, BLOCK), dtype=np.uint64)
    missing = np.zeros(BLOCK, dtype=np.int64)  # values below G(n) not yet seen
    # The parts swept across a block, in this order: every sparse heap (a split (a, m)
    # for any m >= 1, so heap n >= k + a + 1), then the parts 1, 2, ... (the split
    # (p, rest - p) with p <= rest - p, so heap n >= k + 2p); the first FIRST_PARTS of
    # those find most of the values a heap's dense splits give.
    sparse_count = sparse_heaps.shape[0]
    small = min(SWEPT_PARTS, max(count // 2, 1))
    parts = np.empty(sparse_count + small, dtype=np.int64)
    least_rest = np.empty(parts.shape[0], dtype=np.int64)
    for j in range(sparse_count):
        parts[j] = sparse_heaps[j]
        least_rest[j] = sparse_heaps[j] + 1
    for p in range(1, small + 1):
        parts[sparse_count + p - 1] = p
        least_rest[sparse_count + p - 1] = 2 * p
    part_values = np.empty(parts.shape[0], dtype=np.uint64)
    for j in range(parts.shape[0]):
        part_values[j] = values[np.uint64(min(parts[j], count - 1))]
    splitting = np.empty(takes.shape[0], dtype=np.int64)
    splits = 0
    for i in range(takes.shape[0]):
        if kinds[i] & 4:
            splitting[splits] = takes[i]
            splits += 1
    one, two = np.uint64(1), np.uint64(2)
    six, sixty_three = np.uint64(6), np.uint64(63)
    steps = 0
    for first in range(0, count, BLOCK):
        last = min(first + BLOCK, count) - 1
        bits[:, :] = 0
        # Only values up to the block's largest listed value matter: (a) asks about
        # G(n) and (b) about the values below it.  So the bits kept are one word when
        # they are all below 64 (most blocks of 0.354 and 0.376), two below 128, else
        # four; a split's value beyond them is dropped, not folded into a kept word.
        top: Any = 0
        for n in range(first, last + 1):
            top = max(top, np.int64(values[n]))
        words = 1 if top < 64 else 2 if top < 128 else 4
        # The options that leave at most one heap.
        for n in range(first, last + 1):
            i = n - first
            for t in range(takes.shape[0]):
                k, kind = takes[t], kinds[t]
                if kind & 1 and n == k:
                    bits[0, i] |= one
                if kind & 2 and n > k:
                    x = np.uint64(values[np.uint64(n - k)])
                    bits[x >> six, i] |= one << (x & sixty_three)
        swept, sweep_to = 0, min(sparse_count + FIRST_PARTS, parts.shape[0])
        counted = False
        while True:
            for s in range(splits):
                k = splitting[s]
                for j in range(swept, sweep_to):
                    a = parts[j]
                    start = max(first, k + least_rest[j])
                    if start > last:
                        continue
                    c = part_values[j]
                    # heap n = first + i has its other part n - k - a at values[shift + i]
                    shift = np.uint64(start - k - a) - np.uint64(start - first)
                    begin, end = np.uint64(start - first), np.uint64(last + 1 - first)
                    _set_bits(values, c, shift, begin, end, bits, words)
                    steps += last + 1 - start
            swept = sweep_to
            if steps > max_steps:
                return _STOPPED, first, steps
            # How many values below G(n) each heap has not seen yet (bits are only ever
            # added, so a heap that missed none after one round misses none after the next).
            short = 0
            for n in range(first, last + 1):
                i = n - first
                if counted and missing[i] == 0:
                    continue
                below_g = np.int64(values[n])
                unseen: Any = 0
                for w in range(words):
                    bound: Any = min(max(below_g - 64 * w, 0), 64)
                    if bound == 0:
                        break
                    word = bits[w, i]
                    if bound < 64:
                        word &= (one << np.uint64(bound)) - one
                    # the bits set in word, by the usual halving sums
                    word = word - ((word >> one) & np.uint64(0x5555555555555555))
                    word = (word & np.uint64(0x3333333333333333)) + (
                        (word >> two) & np.uint64(0x3333333333333333)
                    )
                    word = (word + (word >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
                    unseen += bound - np.int64(
                        (word * np.uint64(0x0101010101010101)) >> np.uint64(56)
                    )
                missing[i] = unseen
                short += unseen > 0
            counted = True
            if FEW * short <= last + 1 - first or swept == parts.shape[0]:
                break
            sweep_to = min(swept + MORE_PARTS, parts.shape[0])
        for n in range(first, last + 1):
            i = n - first
            g = np.uint64(values[n])
            if (bits[g >> six, i] >> (g & sixty_three)) & one:
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
            # Values below g not seen yet: search the splits from the first part not swept.
            unseen = missing[i]
            part = swept - sparse_count + 1
            while unseen > 0:
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
                        fresh = not bits[x >> six, i] & bit
                        bits[x >> six, i] |= bit
                        if fresh and x < g:
                            unseen -= 1
                if not reached:
                    return _WRONG, n, steps
                part += 1
        if steps > max_steps:
            return _STOPPED, last, steps
    return _VALID, count, steps
