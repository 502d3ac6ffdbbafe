"""G(0..N) of take-and-break heap games by the compiled rare/common kernel.

This drives :mod:`grundy.solve.sequence_kernels` (imported on first use, so numba is
loaded only when a sequence is computed).  The method is the one of
:mod:`grundy.solve.heap_sequences`, heap by heap in machine code:

* **the rare mask** is found from the values themselves: at heaps 64, 128, 256, ... the
  kernel counts how many heaps so far each candidate labelling calls rare (every mask
  over the low 10 bits the values use, and, when every splitting move removes tokens of
  one parity, the same masks with the heap's parity added), and keeps the labelling
  with the fewest (ties: the fewest among the last 4096 heaps, then the smaller mask).
  The values are exact whatever the mask; it only decides the speed.
  :attr:`SequenceRun.classes` is the choice made on the final values by the same rule.
* **values are stored in 2 bytes** while they fit; the first value that does not fit
  stops the kernel, the array is widened to 4 bytes and the run goes on (no value ever
  wraps).
* **a proved period** ends the run early (unless ``use_periodicity=False``): at each
  checkpoint the least period whose repetition covers the Guy-Smith window (see
  :mod:`grundy.certify.periodicity`) is found from a Z-function, checked directly on the
  values, and the rest of the sequence is filled in from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from grundy.progress import PROGRESS_STEP, SEQUENCE_PROGRESS, ProgressCallback, next_report
from grundy.solve.heap_sequences import HeapRules
from grundy.solve.jit import compiler_available, compiler_loaded

__all__ = [
    "KERNEL_FROM",
    "NARROW_LIMIT",
    "PERIOD_PROBE",
    "RareClasses",
    "SequenceRun",
    "kernel_bytes",
    "kernel_sequence",
    "rare_classes",
    "sequence_values",
]

NARROW_LIMIT = 1 << 16  # values below this are stored in 2 bytes
_WIDE_LIMIT = (1 << 31) - 1
_FIRST_CHECKPOINT = 64
_SAMPLE = 4096
_MASK_BITS = 10
_SEGMENT = 1 << 20  # heaps per kernel call (PROGRESS_STEP when someone hears progress)

ValueArray = npt.NDArray[np.uint16] | npt.NDArray[np.int32]


@dataclass(frozen=True, slots=True)
class RareClasses:
    """Heap ``a`` is rare when ``parity(G(a) & mask) ^ (domain & a) == rare_label``."""

    mask: int
    domain: int
    rare_label: int

    def rare_heaps(self, values: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
        """The heaps ``0 .. N`` (ascending) that this labelling calls rare (a mask over
        the low 10 bits, as the kernel chooses).

        >>> RareClasses(mask=1, domain=0, rare_label=1).rare_heaps(np.array([0, 1, 2, 3]))
        array([1, 3])
        """
        if not 0 <= self.mask < 1 << 10:
            raise ValueError(f"masks are over the low 10 bits of the values, not {self.mask:#x}")
        # a byte per heap: the parity of the masked low bits, from a table of 1024
        table = np.array([(low & self.mask).bit_count() & 1 for low in range(1 << 10)], np.uint8)
        labels = table[values & ((1 << 10) - 1)]
        if self.domain:
            labels[1::2] ^= 1
        return np.flatnonzero(labels == self.rare_label)


@dataclass(frozen=True, slots=True)
class SequenceRun:
    """The values G(0..N) and how the kernel found them."""

    values: ValueArray
    classes: RareClasses
    widened_at: int | None  # the first heap whose value needed 4 bytes
    period_shortcut: int | None  # the proved period that filled in the tail, if any


def _rules_arrays(rules: HeapRules) -> tuple[npt.NDArray[Any], ...]:
    takes = sorted(rules.take_all)
    take_all = np.zeros((takes[-1] + 1) if takes else 0, dtype=np.bool_)
    take_all[takes] = True

    def listed(numbers: frozenset[int]) -> npt.NDArray[np.int64]:
        return np.array(sorted(numbers), dtype=np.int64)

    return take_all, listed(rules.leave_one), listed(rules.split_two), listed(rules.split_three)


def _split_parity(rules: HeapRules) -> int:
    parities = {take & 1 for take in rules.split_two}
    return parities.pop() if len(parities) == 1 else -1


def rare_classes(rules: HeapRules, values: npt.NDArray[Any]) -> RareClasses:
    """The labelling the kernel would choose from ``values`` (see the module doc).

    The same rule as :func:`~grundy.solve.sequence_kernels.choose_classes`, in numpy, so
    that a summary of a short sequence needs no compiler.

    >>> rare_classes(HeapRules(split_two=frozenset({1})), np.array([0, 1, 1, 0, 2, 2]))
    RareClasses(mask=3, domain=0, rare_label=0)
    """
    last = len(values) - 1
    recent = max(1, last + 1 - _SAMPLE)
    counts = np.stack([_low_bit_counts(values, start, last) for start in (1, recent)])
    top = int(values.max()) if len(values) else 0
    bits = min(max(top.bit_length(), 1), _MASK_BITS)
    masks, lows = np.arange(1, 1 << bits), np.arange(1 << bits)
    odd_bits = np.zeros((len(masks), len(lows)), dtype=np.int64)
    both = masks[:, None] & lows[None, :]
    while both.any():
        odd_bits ^= both & 1
        both >>= 1
    even, odd = counts[:, 0, : 1 << bits], counts[:, 1, : 1 << bits]  # (all/recent, lows)
    split_parity = _split_parity(rules)
    scores = [(odd_bits == 0) @ (even + odd).T]  # domain 0: rare when the parity is 0
    if split_parity >= 0:
        label = odd_bits == split_parity
        scores.append(label @ even.T + ~label @ odd.T)
    table = np.stack(scores, axis=1)  # (mask, domain, all/recent)
    key = table[:, :, 0] * (last + 2) + table[:, :, 1]
    index = int(np.argmin(key))  # the first least: smaller mask, then domain 0
    mask, domain = int(masks[index // len(scores)]), index % len(scores)
    return RareClasses(mask, domain, split_parity if domain else 0)


_COUNT_SLICE = 1 << 20  # heaps counted at a time: no temporary array of every heap


def _low_bit_counts(values: npt.NDArray[Any], first: int, last: int) -> npt.NDArray[np.int64]:
    """``[q, low]``: how many heaps ``first .. last`` of parity ``q`` have the low
    :data:`_MASK_BITS` bits ``low`` in their value (counted a slice at a time, so that
    20 million values need no 8-byte copy of each)."""
    counts = np.zeros(2 << _MASK_BITS, dtype=np.int64)
    for start in range(first, last + 1, _COUNT_SLICE):
        stop = min(start + _COUNT_SLICE, last + 1)
        low = values[start:stop].astype(np.int64) & ((1 << _MASK_BITS) - 1)
        keys = (np.arange(start, stop) & 1) * (1 << _MASK_BITS) + low
        counts += np.bincount(keys, minlength=2 << _MASK_BITS)
    return counts.reshape(2, 1 << _MASK_BITS)


KERNEL_FROM = 5000  # shorter ranges use the numpy engine: no compiler to load

PERIOD_PROBE = 1024
"""Heaps the numpy engine values first, before a longer range loads the compiler: when
they prove a period (Kayles, Dawson's Kayles, ...) the period gives every later value and
numba, about half a second of CPU to import and load (bench/SMALL_RUNS.md), is never
loaded.  When they do not, the probe has cost a few hundredths of a second."""


def kernel_bytes(upto: int, *, period_search: bool = False) -> int:
    """The memory :func:`kernel_sequence` needs for G(0..upto), in bytes, known before
    it runs: 2 a heap for the values (4 after widening) and 4 for the rare-heap list; a
    period search (the shortcut's, or ``--period``'s) adds the Z-function's 4 bytes and a
    2-byte reversed copy while it runs.

    >>> kernel_bytes(20_130_000, period_search=True) // 2**20
    230
    """
    per_heap = 6 + (6 if period_search else 0)
    return per_heap * (upto + 1) + (1 << 16)


def sequence_values(
    rules: HeapRules, upto: int, progress: ProgressCallback | None = None
) -> npt.NDArray[Any]:
    """G(0..upto): the numpy engine of :mod:`grundy.solve.heap_sequences` up to
    :data:`KERNEL_FROM` heaps (fast enough, and numba is never imported), the compiled
    kernel beyond (the numpy engine again if numba cannot be imported).  Until numba is
    loaded, a longer range first tries the numpy engine on :data:`PERIOD_PROBE` heaps,
    and takes the rest from the period they prove, if they prove one."""
    from grundy.solve.heap_sequences import sequence_from_early_period, sparse_grundy_sequence

    if upto > KERNEL_FROM and not compiler_loaded():
        early = sequence_from_early_period(rules, upto, PERIOD_PROBE)
        if early is not None:
            if progress is not None:
                progress(upto, upto, SEQUENCE_PROGRESS)
            return early
    if upto > KERNEL_FROM and compiler_available():
        return kernel_sequence(rules, upto, progress=progress).values
    return np.array(sparse_grundy_sequence(rules, upto, progress=progress), dtype=np.int64)


def kernel_sequence(
    rules: HeapRules,
    upto: int,
    *,
    use_periodicity: bool = True,
    progress: ProgressCallback | None = None,
    narrow_limit: int = NARROW_LIMIT,
) -> SequenceRun:
    """G(0..upto) by the compiled rare/common kernel (exact for every mask).

    ``narrow_limit`` is where values stop fitting the 2-byte array (a smaller one
    exercises the widening in tests).  ``progress`` hears the heaps valued so far.

    >>> rules = HeapRules(split_two=frozenset({0}), unequal_only=True)  # Grundy's game
    >>> kernel_sequence(rules, 12).values.tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
    """
    import grundy.solve.sequence_kernels as kernels

    if progress is not None:
        progress(0, upto, SEQUENCE_PROGRESS)
    take_all, leave_one, split_two, split_three = _rules_arrays(rules)
    values: ValueArray = np.zeros(upto + 1, dtype=np.uint16)
    limit, widened_at = min(narrow_limit, NARROW_LIMIT), None
    rare = np.zeros(upto + 1, dtype=np.int32)
    classes = np.array([-1, 0, 0], dtype=np.int64)  # before the first checkpoint
    seen = np.zeros(64, dtype=np.int32)
    state = np.zeros(3, dtype=np.int64)  # rare count, stamp, largest value
    splitting = len(split_two) > 0
    # The Guy-Smith theorem as used here: moves that leave at most two heaps.
    reach = (
        max(rules.take_all | rules.leave_one | rules.split_two)
        if use_periodicity and not rules.split_three and not rules.unequal_only
        else None
    )
    checkpoint, heap = _FIRST_CHECKPOINT, 1
    report_at = next_report(0)
    segment = _SEGMENT if progress is None else PROGRESS_STEP
    while heap <= upto:
        stop = min(upto, checkpoint, heap + segment - 1)
        heap, seen = kernels.sparse_run(
            values, heap, stop, take_all, leave_one, split_two, split_three,
            rules.unequal_only, rare, classes, seen, state, limit,
        )  # fmt: skip
        if heap <= stop:  # G(heap) does not fit: widen and value it again
            values, limit, widened_at = values.astype(np.int32), _WIDE_LIMIT, heap
            continue
        last = heap - 1
        if progress is not None and report_at <= last < upto:
            progress(last, upto, SEQUENCE_PROGRESS)
            report_at = next_report(last)
        if last == checkpoint and last < upto:
            checkpoint *= 2
            if reach is not None and (found := _proved_period(kernels, values, last, reach)):
                values[last + 1 :] = np.resize(values[last + 1 - found : last + 1], upto - last)
                run = _finish(rules, values, widened_at, found)
                if progress is not None:
                    progress(upto, upto, SEQUENCE_PROGRESS)
                return run
            if splitting:
                classes = kernels.choose_classes(
                    values, last, _SAMPLE, _MASK_BITS, _split_parity(rules)
                )
                state[0] = kernels.collect_rare(values, last, classes, rare)
    if progress is not None:
        progress(upto, upto, SEQUENCE_PROGRESS)
    return _finish(rules, values, widened_at, None)


def _finish(
    rules: HeapRules, values: ValueArray, widened_at: int | None, period: int | None
) -> SequenceRun:
    return SequenceRun(values, rare_classes(rules, values), widened_at, period)


def _proved_period(kernels: Any, values: ValueArray, last: int, reach: int) -> int | None:
    """A period the Guy-Smith theorem proves from ``values[0..last]``, if any.

    The Z-function only proposes the period; the repetition it needs,
    ``G(n + p) = G(n)`` for ``s <= n <= last - p`` (with ``s = max(preperiod, 1)``, which
    covers the window ``s .. 2s + p + reach - 1``), is compared here value by value.
    """
    z = kernels.reversed_z(values, last)
    period, preperiod = (int(x) for x in kernels.least_certifiable_period(z, last, reach))
    if not period:
        return None
    start = max(preperiod, 1)
    if 2 * start + 2 * period + reach - 1 > last:
        return None
    known = values[: last + 1]
    if not np.array_equal(known[start + period :], known[start : last + 1 - period]):
        return None  # never expected: the Z-function and the values disagree
    return period
