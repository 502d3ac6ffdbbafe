"""Compiled (numba) kernels of the rare/common Grundy sequence engine.

Importing this module imports numba; only :mod:`grundy.solve.fast_sequences` does so,
when a sequence is first computed.  The method is described in
:mod:`grundy.solve.heap_sequences`; here it runs heap by heap in machine code:

* :func:`sparse_run` values heaps ``first .. last`` of an array ``g`` (``uint16`` while
  every value fits, ``int32`` after widening).  It stops early, at the heap whose value
  would not fit below ``limit``, so that the caller can widen the array instead of
  letting a value wrap.  It values a block of :data:`BLOCK` heaps at a time: every
  split whose rare part and other part were both valued before the block is swept
  across the block as bits (several heaps per machine instruction); only the splits
  that meet the block itself are marked heap by heap.
* :func:`choose_classes`, :func:`collect_rare`: the mask (and heap-parity flag) with the
  fewest rare heaps among the recent ones, and the rare heaps under it.
* :func:`reversed_z`: the Z-function of the reversed prefix, which gives every period of
  the tail and its preperiod in linear time (used to *find* periods; whoever relies on a
  period checks it directly on the values).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grundy.solve.jit import compiled

__all__ = [
    "choose_classes",
    "collect_rare",
    "least_certifiable_period",
    "reversed_z",
    "sparse_run",
]


@compiled
def _parity(value: int) -> int:
    """The parity of the set bits of a non-negative value below 2**32."""
    value ^= value >> 16
    value ^= value >> 8
    value ^= value >> 4
    value ^= value >> 2
    value ^= value >> 1
    return value & 1


# The two hot loops index with unsigned integers: numba then needs no negative-index
# wraparound on each access (measured about 1.5 times faster than signed indices).


@compiled
def _mark_near_rare_splits(
    g: Any, rare: Any, count: int, rest: int, bound: int, unequal: bool, seen: Any, stamp: int
) -> None:
    """Mark the splits of ``rest`` whose rare part, among the first ``count``, is at most
    ``bound`` (below ``rest``; none when ``bound`` is below 1)."""
    if bound < 1:
        return
    whole, most = np.uint64(rest), np.uint64(bound)
    for j in range(count):
        part = np.uint64(rare[j])
        if part > most:
            break
        if unequal and part + part == whole:
            continue
        seen[np.uint64(g[part]) ^ np.uint64(g[whole - part])] = stamp


@compiled
def _mark_far_rare_splits(
    g: Any, rare: Any, count: int, rest: int, bound: int, unequal: bool, seen: Any, stamp: int
) -> None:
    """Mark the splits of ``rest`` whose rare part, among the first ``count``, is above
    ``bound`` and below ``rest`` (those :func:`_mark_near_rare_splits` leaves out)."""
    whole = np.uint64(rest)
    for j in range(count):
        part = np.int64(rare[j])
        if part >= rest:
            break
        if part <= bound or (unequal and part + part == rest):
            continue
        seen[np.uint64(g[np.uint64(part)]) ^ np.uint64(g[whole - np.uint64(part)])] = stamp


@compiled
def _mark_some_rare_splits(
    g: Any, rare: Any, start: int, stop: int, rest: int, unequal: bool, seen: Any, stamp: int
) -> None:
    """Mark the splits of ``rest`` whose rare part is ``rare[start .. stop - 1]``."""
    whole = np.uint64(rest)
    for j in range(start, stop):
        part = np.uint64(rare[j])
        if part >= whole:
            break
        if unequal and part + part == whole:
            continue
        seen[np.uint64(g[part]) ^ np.uint64(g[whole - part])] = stamp


@compiled
def _scan(g: Any, rest: int, part: int, stop: int, value: int, seen: Any, stamp: int) -> Any:
    """Mark the splits ``(a, rest - a)`` for ``a = part .. stop`` until one has xor
    ``value``; returns the next ``a`` and whether ``value`` was met."""
    whole, small, last, wanted = np.uint64(rest), np.uint64(part), np.uint64(stop), np.uint64(value)
    one = np.uint64(1)
    while small <= last:
        option = np.uint64(g[small]) ^ np.uint64(g[whole - small])
        seen[option] = stamp
        small += one
        if option == wanted:
            return np.int64(small), True
    return np.int64(small), False


BLOCK = 256
"""Heaps valued per block: the rare parts whose other part lies before the block are
swept across it at once (:func:`_sweep_rare_parts`); the few rare parts that meet a heap
of the block itself (below ``BLOCK``) are marked heap by heap, as before."""

_MARGIN = 8  # a block's bits are chosen to hold values this far above the block before

BITSET_WIDTH = 256
"""Values below this are held as bits per heap during a block (two 64-bit words below
128, four below 256); wider values keep the heap-by-heap marking only."""


@compiled
def _sweep_rare_parts(
    g: Any, rare: Any, count: int, split_two: Any, first: int, last: int, unequal: bool,
    bits: Any, words: int,
) -> None:  # fmt: skip
    """Set, for each heap ``n`` of ``first .. last``, the bit of every value
    ``G(a) ^ G(n - k - a)`` with ``a`` among the first ``count`` rare heaps, ``k`` a
    splitting take and the other part ``n - k - a`` valued before the block
    (``1 <= n - k - a < first``; with ``unequal``, not ``a`` itself)."""
    for s in range(split_two.shape[0]):
        k = split_two[s]
        for j in range(count):
            a = np.int64(rare[j])
            low = max(first, k + a + 1)  # the other part is at least 1
            high = min(last, first - 1 + k + a)  # the other part is before the block
            if low > high:
                continue
            c = np.uint64(g[a])
            equal = k + 2 * a  # the heap whose split (a, a) unequal parts forbid
            if unequal and low <= equal <= high:
                _sweep_one_part(g, c, low - k - a, low - first, equal - first, bits, words)
                _sweep_one_part(g, c, equal + 1 - k - a, equal + 1 - first, high + 1 - first,
                                bits, words)  # fmt: skip
            else:
                _sweep_one_part(g, c, low - k - a, low - first, high + 1 - first, bits, words)


@compiled
def _sweep_one_part(
    g: Any, c: Any, other: int, begin: int, end: int, bits: Any, words: int
) -> None:
    """Heaps ``begin .. end - 1`` of the block: set bit ``c ^ G(m)`` of each, ``m``
    running up from ``other``.

    The heaps and the other parts both run consecutively, so the loop has no branch and
    no scattered write: each value sets one bit of one row, the other rows getting 0, and
    the compiler runs several heaps at a time (the scattered ``seen[v] = stamp`` of the
    heap-by-heap loop cannot)."""
    row0, row1, row2, row3 = bits[0], bits[1], bits[2], bits[3]
    one, six, sixty_three = np.uint64(1), np.uint64(6), np.uint64(63)
    zero, two, three, sixty_four = np.uint64(0), np.uint64(2), np.uint64(3), np.uint64(64)
    shift = np.uint64(other) - np.uint64(begin)  # heap i's other part is g[shift + i]
    # a value beyond the ``words`` rows kept sets nothing (see sparse_run's fallback)
    if words == 1:
        for i in range(np.uint64(begin), np.uint64(end)):
            x = c ^ np.uint64(g[shift + i])
            row0[i] |= (one << (x & sixty_three)) * np.uint64(x < sixty_four)
    elif words == 2:
        for i in range(np.uint64(begin), np.uint64(end)):
            x = c ^ np.uint64(g[shift + i])
            row = x >> six
            bit = one << (x & sixty_three)
            row0[i] |= bit * np.uint64(row == zero)
            row1[i] |= bit * np.uint64(row == one)
    else:
        for i in range(np.uint64(begin), np.uint64(end)):
            x = c ^ np.uint64(g[shift + i])
            row = x >> six
            bit = one << (x & sixty_three)
            row0[i] |= bit * np.uint64(row == zero)
            row1[i] |= bit * np.uint64(row == one)
            row2[i] |= bit * np.uint64(row == two)
            row3[i] |= bit * np.uint64(row == three)


@compiled
def sparse_run(
    g: Any,
    first: int,
    last: int,
    take_all: Any,
    leave_one: Any,
    split_two: Any,
    split_three: Any,
    unequal: bool,
    rare: Any,
    classes: Any,
    seen: Any,
    state: Any,
    limit: int,
) -> Any:
    """Value heaps ``first .. last`` into ``g``; returns ``(next heap, seen)``.

    ``take_all[k]`` flags a heap of exactly ``k`` that may be removed; ``leave_one``,
    ``split_two``, ``split_three`` list the numbers of tokens a move may remove leaving
    one, two or three heaps; ``unequal``: two-heap splits must be unequal.  ``rare``
    holds ``state[0]`` rare heaps ascending (and room for more), under
    ``classes = (mask, domain, rare_label)``.  ``seen`` is a stamp array (``seen[v] ==
    state[1]``: value ``v`` is an option of the current heap), reallocated and returned
    when the values outgrow it; ``state[2]`` is the largest value so far.  The next heap
    returned is ``last + 1``, or the first heap whose value is ``limit`` or more (not
    stored).

    The heaps are valued a block of :data:`BLOCK` at a time.  A split with a rare part
    gives its value either as a bit of the block (its other part was valued before the
    block: :func:`_sweep_rare_parts`) or through ``seen`` (the other part, or the rare
    part itself, lies in the block); a value is an option when either says so.
    """
    mask, domain, rare_label = classes[0], classes[1], classes[2]
    rare_count, stamp, largest = state[0], state[1], state[2]
    splits = split_two.shape[0]
    rests = np.empty(max(splits, 1), np.int64)
    scans = np.empty(max(splits, 1), np.int64)
    bits = np.zeros((4, BLOCK), np.uint64)
    one, six, sixty_three = np.uint64(1), np.uint64(6), np.uint64(63)
    recent_top = largest  # the largest value of the block before (here: of all before)
    for block in range(first, last + 1, BLOCK):
        block_last = min(block + BLOCK - 1, last)
        swept = rare_count  # rare heaps before the block: swept where they can be
        # The bits kept: values below ``width``.  Exact when every value so far is below
        # it (xors of values below 2^b stay below 2^b); otherwise chosen from the block
        # before (a heap's value is usually near its neighbours'), and a heap whose mex
        # reaches ``width`` marks the swept splits into ``seen`` after all (below).
        width = 0
        if splits and recent_top < BITSET_WIDTH - _MARGIN:
            if largest < 64 or recent_top < 64 - _MARGIN:
                width = 64
            elif largest < 128 or recent_top < 128 - _MARGIN:
                width = 128
            else:
                width = 256
            bits[:, :] = 0
            _sweep_rare_parts(
                g, rare, swept, split_two, block, block_last, unequal, bits, width // 64
            )
        for heap in range(block, block_last + 1):
            stamp += 1
            i = np.uint64(heap - block)
            if heap < take_all.shape[0] and take_all[heap]:
                seen[0] = stamp
            for t in range(leave_one.shape[0]):
                left = heap - leave_one[t]
                if left >= 1:
                    seen[np.int64(g[left])] = stamp
            for t in range(split_three.shape[0]):
                rest = heap - split_three[t]
                for small in range(1, rest // 3 + 1):
                    for middle in range(small, (rest - small) // 2 + 1):
                        seen[
                            np.int64(g[small])
                            ^ np.int64(g[middle])
                            ^ np.int64(g[rest - small - middle])
                        ] = stamp
            count = 0
            for t in range(splits):
                rest = heap - split_two[t]
                if rest < 2:
                    continue
                rests[count] = rest
                scans[count] = 1
                count += 1
                if width:
                    # rare parts whose other part lies in the block (rest - a >= block),
                    # then the rare heaps found in the block itself
                    _mark_near_rare_splits(g, rare, swept, rest, rest - block, unequal, seen,
                                           stamp)  # fmt: skip
                    _mark_some_rare_splits(g, rare, swept, rare_count, rest, unequal, seen,
                                           stamp)  # fmt: skip
                else:
                    _mark_some_rare_splits(g, rare, 0, rare_count, rest, unequal, seen, stamp)
            value = 0
            filled = width == 0 or largest < width  # every swept split is among the bits
            while True:
                if value >= width and not filled:
                    # the mex passed the bits kept: the swept splits' values beyond them
                    for t in range(count):
                        _mark_far_rare_splits(g, rare, swept, rests[t], rests[t] - block,
                                              unequal, seen, stamp)  # fmt: skip
                    filled = True
                if seen[value] == stamp:
                    value += 1
                    continue
                if value < width:
                    v = np.uint64(value)
                    if (bits[v >> six, i] >> (v & sixty_three)) & one:
                        value += 1
                        continue
                # not seen yet: only splits with two common (or two rare) parts may give it
                parity_bits = _parity(value & mask)
                found = False
                chunk = 16
                open_rests = True
                while open_rests and not found:
                    open_rests = False
                    for t in range(count):
                        rest = rests[t]
                        if (parity_bits ^ (domain & rest)) & 1:
                            continue  # such splits have a rare part: all seen already
                        final = (rest - 1) // 2 if unequal else rest // 2
                        part, found = _scan(
                            g, rest, scans[t], min(final, scans[t] + chunk - 1), value, seen,
                            stamp,
                        )  # fmt: skip
                        scans[t] = part
                        if found:
                            break
                        if part <= final:
                            open_rests = True
                    chunk *= 4
                if not found:
                    break
                value += 1
            if value >= limit:
                state[0], state[1], state[2] = rare_count, stamp, largest
                return heap, seen
            g[heap] = value
            recent_top = value if heap == block else max(recent_top, value)
            if value > largest:
                largest = value
                if 2 * value + 2 > seen.shape[0]:  # xors of values below 2**b stay below 2**b
                    size = seen.shape[0]
                    while size < 2 * value + 2:
                        size *= 2
                    grown = np.zeros(size, np.int32)
                    grown[: seen.shape[0]] = seen
                    seen = grown
            if ((_parity(value & mask) ^ (domain & heap)) & 1) == rare_label:
                rare[rare_count] = heap
                rare_count += 1
    state[0], state[1], state[2] = rare_count, stamp, largest
    return last + 1, seen


@compiled
def choose_classes(g: Any, last: int, sample: int, mask_bits: int, split_parity: int) -> Any:
    """``(mask, domain, rare_label)`` with the fewest rare heaps among ``1 .. last``.

    The rare heaps so far are what every later heap runs over, so their number is the
    cost to keep low; ties go to the fewest rare heaps among the last ``sample``, then to
    the smaller mask and ``domain = 0``.  (Counting the recent heaps only can pick a mask
    that suits a short stretch and makes most earlier heaps rare: octal 0.376 at heap
    2**21.)  Masks run over the low ``mask_bits`` bits that the values use; ``domain =
    1`` (the heap's parity joins the label) is tried only when every splitting move
    removes tokens of one parity, ``split_parity`` (else pass -1).
    """
    top = 0
    for heap in range(last + 1):
        top = max(top, int(g[heap]))
    bits = 1
    while (1 << bits) <= top and bits < mask_bits:
        bits += 1
    low = (1 << mask_bits) - 1
    recent = max(1, last + 1 - sample)
    # [recent?, heap parity, low bits of value]: counts over 1..last and over the sample
    counts = np.zeros((2, 2, 1 << mask_bits), np.int64)
    for heap in range(1, last + 1):
        counts[0, heap & 1, int(g[heap]) & low] += 1
        if heap >= recent:
            counts[1, heap & 1, int(g[heap]) & low] += 1
    best = np.full(2, -1, np.int64)
    score = np.zeros(2, np.int64)
    chosen = np.zeros(3, np.int64)
    for mask in range(1, 1 << bits):
        for domain in range(2 if split_parity >= 0 else 1):
            label = split_parity if domain else 0
            for part in range(2):
                total = 0
                for low_bits in range(1 << bits):
                    parity = _parity(low_bits & mask)
                    even, odd = counts[part, 0, low_bits], counts[part, 1, low_bits]
                    if parity == label:
                        total += even if domain else even + odd
                    if domain and (parity ^ 1) == label:
                        total += odd
                score[part] = total
            if best[0] < 0 or score[0] < best[0] or (score[0] == best[0] and score[1] < best[1]):
                best[0], best[1] = score[0], score[1]
                chosen[0], chosen[1], chosen[2] = mask, domain, label
    return chosen


@compiled
def collect_rare(g: Any, last: int, classes: Any, rare: Any) -> int:
    """Write the rare heaps among ``1 .. last`` into ``rare``, ascending; their count."""
    mask, domain, rare_label = classes[0], classes[1], classes[2]
    count = 0
    for heap in range(1, last + 1):
        if ((_parity(int(g[heap]) & mask) ^ (domain & heap)) & 1) == rare_label:
            rare[count] = heap
            count += 1
    return count


@compiled
def reversed_z(g: Any, last: int) -> Any:
    """``z[p]``: how long ``G(last), G(last-1), ...`` agrees with ``G(last-p), ...``.

    So ``G(n + p) = G(n)`` holds exactly for ``last + 1 - p - z[p] <= n <= last - p``:
    the preperiod of ``p`` within ``G(0..last)`` is ``last + 1 - p - z[p]``.
    """
    size = last + 1
    line = g[: last + 1][::-1].copy()
    z = np.zeros(size, np.int32)
    left, right = 0, 0
    for i in range(1, size):
        length = 0
        if i < right:
            length = min(right - i, int(z[i - left]))
        while i + length < size and line[length] == line[i + length]:
            length += 1
        z[i] = length
        if i + length > right:
            left, right = i, i + length
    return z


@compiled
def least_certifiable_period(z: Any, last: int, reach: int) -> Any:
    """The least ``p`` whose repetition within ``G(0..last)`` (from the Z-function
    :func:`reversed_z`) covers the Guy-Smith window ``s .. 2s + p + reach - 1`` with
    ``s = max(preperiod, 1)``; returns ``(p, preperiod)``, or ``(0, 0)`` if none."""
    result = np.zeros(2, np.int64)
    for period in range(1, last + 1):
        preperiod = last + 1 - period - int(z[period])
        start = max(preperiod, 1)
        if 2 * start + 2 * period + reach - 1 <= last:
            result[0], result[1] = period, preperiod
            return result
    return result
