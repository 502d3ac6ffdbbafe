"""Fast Grundy sequences G(0..N) for take-and-break heap games, without a game graph.

A single heap's options are described by :class:`~grundy.solve.heap_rules.HeapRules`
(which sizes may be taken, and into how many heaps the rest may be left), so G(n) is the
mex of values read from an array of the smaller heaps' values:

* :func:`~grundy.solve.heap_rules.direct_grundy_sequence` tries every option: O(n) work
  per heap for games that split heaps, so O(N^2) in all.  It is simple and serves as the
  second reference, beside the plain :class:`~grundy.solve.solver.Solver` (see the tests).
* :func:`sparse_grundy_sequence` uses the rare/common ("sparse space") observation of
  Berlekamp, Conway and Guy (Winning Ways, ch. 4): choose a bit mask and call a heap
  ``a`` *rare* when ``parity(G(a) & mask)`` (optionally xor the parity of ``a``) has the
  less frequent label.  For a split ``a + b = s`` the labels of ``a`` and ``b`` differ
  exactly when ``parity(v & mask)`` (xor the parity of ``s``) is 1, for
  ``v = G(a) ^ G(b)``.  So every split with a value of that *mixed* kind has a rare part
  and is found by running over the rare heaps only, which are few in the games where
  the phenomenon occurs.  Values of the other kind are needed only when they are below
  the mex; a short scan of the splits finds them, and a full scan is made only when such
  a value is the mex.  The result is exact whatever mask is chosen; the mask only
  decides the speed, and it is re-chosen from the values found so far as N doubles.
  Heaps are taken in blocks of ``_BLOCK``: the rare-part splits whose parts both lie
  before the block are valued for the whole block in a few array operations, and only
  the splits reaching into the block are added heap by heap (:func:`_sparse_by_block`).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from grundy.progress import ProgressCallback, next_report
from grundy.solve.heap_rules import (
    HeapRules,
    _last_small_part,
    _report,
    _report_when_due,
    _single_heap_values,
    _three_heap_values,
    direct_grundy_sequence,
    rules_of,
)

__all__ = [
    "HeapRules",
    "direct_grundy_sequence",
    "rules_of",
    "sequence_from_early_period",
    "sparse_grundy_sequence",
]

_SHORT_SCAN = 16  # splits tried one by one before the array passes
_ARRAY_CHUNK = 4096  # splits in the first array pass; each later pass is 4 times longer
_FIRST_CHECKPOINT = 64  # the mask is (re)chosen at 64, 128, 256, ... heaps
_SAMPLE = 4096  # recent heaps looked at when choosing a mask
_MASK_BITS = 10  # masks are chosen among the low bits of the values
_BLOCK = 64  # heaps whose far rare-part splits are valued together
_NARROW_LIMIT = 1 << 14  # values (and xors) below this fit the 16-bit copy
_HINT_PARTS = 16  # small parts whose far splits are valued with the rare ones

BoolArray = npt.NDArray[np.bool_]
AnyIntArray = npt.NDArray[np.signedinteger[Any]]


@dataclass(frozen=True, slots=True)
class _Classes:
    """Which heaps are rare: ``parity(G(a) & mask) ^ (domain & a) == rare_label``."""

    mask: int
    domain: int
    rare_label: int

    def label(self, heap: int, value: int) -> int:
        return ((value & self.mask).bit_count() ^ (self.domain & heap)) & 1

    def needs_rare_part(self, value: int, rest: int) -> bool:
        """True when every split of ``rest`` with xor ``value`` has exactly one rare part."""
        return bool(((value & self.mask).bit_count() ^ (self.domain & rest)) & 1)


def _choose_classes(values: AnyIntArray, upto: int, splits: Sequence[int]) -> _Classes:
    """The mask (and domain flag) with the fewest rare heaps among the recent ones.

    The rare label is not free: for the mex (a common value) to need a rare part, the
    labels must satisfy ``label(n) != rare_label`` exactly when ``v = G(n)`` is of the
    mixed kind for ``rest = n - k``.  With ``domain = 0`` that means ``rare_label = 0``;
    with ``domain = 1`` it means ``rare_label = k & 1``, which needs every splitting ``k``
    to have the same parity.
    """
    start = max(1, upto + 1 - _SAMPLE)
    recent = values[start : upto + 1]
    heaps = np.arange(start, upto + 1, dtype=np.int64)
    top = int(values[: upto + 1].max()).bit_length()
    parities = {take & 1 for take in splits}
    choices = [(0, 0)] + ([(1, parities.pop())] if len(parities) == 1 else [])
    parity_table = np.array([bin(i).count("1") & 1 for i in range(1 << _MASK_BITS)], np.int64)
    best: tuple[int, _Classes] | None = None
    for mask in range(1, 1 << min(max(top, 1), _MASK_BITS)):
        parity = parity_table[recent & mask]
        for domain, rare_label in choices:
            count = int(np.count_nonzero((parity ^ (heaps & domain)) == rare_label))
            if best is None or count < best[0]:
                best = (count, _Classes(mask, domain, rare_label))
    return best[1] if best else _Classes(mask=-1, domain=0, rare_label=0)


class _RareHeaps:
    """The rare heaps found so far, ascending, as a list and as a growing array."""

    __slots__ = ("_array", "heaps")

    def __init__(self, capacity: int, heaps: list[int] | None = None) -> None:
        self.heaps: list[int] = heaps or []
        self._array: npt.NDArray[np.int64] = np.zeros(capacity + 1, dtype=np.int64)
        self._array[: len(self.heaps)] = self.heaps

    def add(self, heap: int) -> None:
        self._array[len(self.heaps)] = heap
        self.heaps.append(heap)

    def as_array(self) -> npt.NDArray[np.int64]:
        return self._array[: len(self.heaps)]


def sparse_grundy_sequence(
    rules: HeapRules,
    upto: int,
    *,
    use_periodicity: bool = True,
    progress: ProgressCallback | None = None,
) -> list[int]:
    """G(0..upto) by the rare/common method (exact for every mask; see the module doc).

    With ``use_periodicity`` (and rules the Guy-Smith theorem covers), once the values
    computed so far prove a period (checked at each mask checkpoint), the rest of the
    sequence is filled in from it; ``False`` computes every value by the mex.
    ``progress`` hears the heaps valued so far, every few thousand heaps at most.

    >>> sparse_grundy_sequence(HeapRules(split_two=frozenset({0}), unequal_only=True), 12)
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
    """
    if not rules.split_two:  # no splits: each value is a mex over a few earlier ones
        return direct_grundy_sequence(rules, upto, progress)
    values: list[int] = [0] * (upto + 1)
    array = np.zeros(upto + 1, dtype=np.int64)
    classes = _Classes(mask=-1, domain=0, rare_label=0)
    rare = _RareHeaps(upto)
    checkpoint = _FIRST_CHECKPOINT
    splits = sorted(rules.split_two)
    # The most tokens a move removes, when the Guy-Smith theorem applies to these rules.
    reach = (
        None
        if rules.split_three or rules.unequal_only or not use_periodicity
        else max(rules.take_all | rules.leave_one | rules.split_two)
    )
    _report(progress, 0, upto)
    if not rules.split_three:
        values = _sparse_by_block(rules, upto, reach, progress)
        _report(progress, upto, upto)
        return values
    report_at = next_report(0) if progress is not None else upto  # never, without progress
    for heap in range(1, upto + 1):
        seen = _single_heap_values(rules, values, heap)
        if rules.split_three:
            seen |= _three_heap_values(rules, values, heap)
        rests = [heap - take for take in splits if heap - take >= 2]
        for rest in rests:
            seen |= _splits_with_rare_part(rules, values, array, rare, rest)
        value = 0
        scans = {rest: 1 for rest in rests}  # next smaller part to try, per rest
        while True:
            if value not in seen and not _found_by_scan(
                rules, values, array, classes, scans, seen, value
            ):
                break
            value += 1
        values[heap] = value
        array[heap] = value
        if classes.label(heap, value) == classes.rare_label:
            rare.add(heap)
        report_at = _report_when_due(progress, heap, upto, report_at)
        if heap == checkpoint and heap < upto:
            checkpoint *= 2
            if reach is not None and (found := _proved_period(array, heap, reach)):
                period = found
                for later in range(heap + 1, upto + 1):
                    values[later] = values[later - period]
                break
            classes = _choose_classes(array, heap, splits)
            rare = _RareHeaps(
                upto,
                [
                    a
                    for a in range(1, heap + 1)
                    if classes.label(a, values[a]) == classes.rare_label
                ],
            )
    _report(progress, upto, upto)
    return values


def sequence_from_early_period(rules: HeapRules, upto: int, probe: int) -> npt.NDArray[Any] | None:
    """G(0..upto) when G(0..probe) already proves a period, else ``None``.

    The first ``probe`` heaps are valued here; if they prove a period by the Guy-Smith
    theorem (:func:`_proved_period`, the test the compiled kernel's shortcut applies too),
    every later value is the one a period before.  Kayles proves period 12 by heap 167,
    so a million heaps cost what 1,024 do, and no compiler is loaded for them.  Rules the
    theorem does not cover (three heaps left, equal splits refused) give ``None``.  The
    values take 2 bytes each when they fit, as the compiled kernel stores them.

    >>> one_or_two = frozenset({1, 2})  # Kayles: take 1 or 2, leaving 0, 1 or 2 heaps
    >>> kayles = HeapRules(take_all=one_or_two, leave_one=one_or_two, split_two=one_or_two)
    >>> sequence_from_early_period(kayles, 10**6, 1024)[[70, 71, 83, 10**6]].tolist()
    [6, 7, 7, 1]
    """
    if rules.split_three or rules.unequal_only or upto <= probe:
        return None
    reach = max(rules.take_all | rules.leave_one | rules.split_two, default=0)
    if not reach:
        return None
    prefix = np.array(sparse_grundy_sequence(rules, probe), dtype=np.int64)
    period = _proved_period(prefix, probe, reach)
    if period is None:
        return None
    values = np.empty(upto + 1, dtype=np.uint16 if prefix.max() < 1 << 16 else np.int64)
    values[: probe + 1] = prefix
    values[probe + 1 :] = np.resize(prefix[probe + 1 - period :], upto - probe)
    return values


def _sparse_by_block(
    rules: HeapRules, upto: int, reach: int | None, progress: ProgressCallback | None
) -> list[int]:
    """The rare/common method with the rare-part splits of a block of heaps at once.

    For the heaps ``start .. stop`` of a block, every split whose rare part and partner
    are both below ``start`` is known in advance, so those option values are found with
    a few array operations into one boolean row per heap.  Splits that reach into the
    block (a small rare part, or a rare part inside the block) are added heap by heap.
    Blocks end at the mask checkpoints and whenever a value needs a new bit, so that a
    row of ``2**bits + 1`` flags holds every option value and the mex.
    """
    values: list[int] = [0] * (upto + 1)
    array = np.zeros(upto + 1, dtype=np.int32)
    # A 16-bit copy halves the memory traffic of the array passes while values fit.
    narrow = np.zeros(upto + 1, dtype=np.int16)
    classes = _Classes(mask=-1, domain=0, rare_label=0)
    rare: list[int] = []  # the rare heaps below the current block, ascending
    probe_parts: npt.NDArray[np.int32] | None = None  # rare heaps and small hint parts
    rare_array = np.zeros(0, dtype=np.int64)  # the rare heaps up to _BLOCK
    splits = sorted(rules.split_two)
    checkpoint = _FIRST_CHECKPOINT
    single_heap_moves = bool(rules.take_all or rules.leave_one)
    # Scans begin with a few parts one by one while that finds values often enough.
    short_first, short_record = True, [0, 0]
    largest = 0  # the largest value so far
    # Checked once per block, so the heap loop itself is untouched.
    report_at = next_report(0) if progress is not None else upto  # never, without progress
    start = 1
    while start <= upto:
        stop = min(upto, start + _BLOCK - 1, checkpoint)
        width = 1 << max(largest.bit_length(), 1)
        compact = narrow if width <= _NARROW_LIMIT else array
        if probe_parts is None:  # the rare heaps changed since the last block
            probe_parts = np.union1d(rare, np.arange(1, _HINT_PARTS + 1)).astype(np.int32)
            rare_array = np.asarray(rare[: bisect.bisect_right(rare, _BLOCK)], dtype=np.int64)
        rows = _far_options(rules, compact, probe_parts, splits, start, stop, width)
        block_rare: list[int] = []
        mask, domain, rare_label = classes.mask, classes.domain, classes.rare_label
        unequal = rules.unequal_only
        heap = start
        while heap <= stop:
            row = rows[heap - start]
            if single_heap_moves:
                for value in _single_heap_values(rules, values, heap):
                    row[value] = True
            rests = [heap - take for take in splits if heap - take >= 2]
            for rest in rests:
                # rare parts whose partner lies in the block, then rare parts in the block
                count = bisect.bisect_right(rare, rest - start)
                if count > _SHORT_SCAN:  # one array operation beats a long loop
                    parts = rare_array[:count]
                    if unequal:
                        parts = parts[2 * parts != rest]
                    row[array[parts] ^ array[rest - parts]] = True
                else:
                    for part in rare[:count]:
                        if not (unequal and 2 * part == rest):
                            row[values[part] ^ values[rest - part]] = True
                for part in block_rare:
                    if part >= rest:
                        break
                    if not (unequal and 2 * part == rest):
                        row[values[part] ^ values[rest - part]] = True
            value = int(row.argmin())
            scans: dict[int, int] = {}
            while True:
                # the rests where `value` could come from two common (or two rare) parts
                parity = (value & mask).bit_count()
                unmixed = [rest for rest in rests if not (parity ^ domain & rest) & 1]
                if not unmixed:
                    break
                if not scans:
                    scans = {rest: 1 for rest in rests}
                short = short_record if short_first else None
                if not _scan_for(rules, values, compact, unmixed, scans, row, value, short):
                    break
                value = int(row.argmin())
            values[heap] = value
            array[heap] = value
            largest = max(largest, value)
            if value < _NARROW_LIMIT:  # larger values make blocks read the 32-bit array
                narrow[heap] = value
            if (((value & mask).bit_count() ^ domain & heap) & 1) == rare_label:
                block_rare.append(heap)  # classes.label(heap, value), inlined
            heap += 1
            if value >= width:
                break  # later rows could not hold the xors with this value
        if block_rare:
            rare.extend(block_rare)
            probe_parts = None
        last = heap - 1
        report_at = _report_when_due(progress, last, upto, report_at)
        if last == checkpoint and last < upto:
            checkpoint *= 2
            if reach is not None and (found := _proved_period(array, last, reach)):
                for later in range(last + 1, upto + 1):
                    values[later] = values[later - found]
                return values
            classes = _choose_classes(array, last, splits)
            probe_parts = None
            rare = _rare_heaps(array, last, classes)
            if short_first and short_record[0] >= 64:
                short_first = 4 * short_record[1] >= short_record[0]
            short_record = [0, 0]
        start = heap
    return values


def _rare_heaps(array: AnyIntArray, last: int, classes: _Classes) -> list[int]:
    """The heaps ``1 .. last`` that ``classes`` calls rare (:meth:`_Classes.label`).

    >>> _rare_heaps(np.array([0, 1, 2, 3]), 3, _Classes(mask=3, domain=0, rare_label=0))
    [3]
    """
    heaps = np.arange(1, last + 1)
    masked = array[1 : last + 1].astype(np.int64) & classes.mask
    parity = np.zeros(len(heaps), dtype=np.int64)
    while masked.any():  # the parity of the set bits, one bit at a time
        parity ^= masked & 1
        masked >>= 1
    labels = (parity ^ (classes.domain & heaps)) & 1
    return (np.flatnonzero(labels == classes.rare_label) + 1).tolist()


def _far_options(
    rules: HeapRules,
    array: AnyIntArray,
    probe_parts: npt.NDArray[np.int32],
    splits: Sequence[int],
    start: int,
    stop: int,
    width: int,
) -> BoolArray:
    """One row of ``width + 1`` flags per heap ``start .. stop``: the values of the
    two-heap splits whose parts are below ``start`` and one of them rare or at most
    ``_HINT_PARTS`` (the small ones only speed up the search for common values)."""
    length = stop - start + 1
    flat = np.zeros(length * (width + 1) + 1, dtype=np.bool_)  # the last flag is a bin
    parts = probe_parts[: int(np.searchsorted(probe_parts, start))]
    if not len(parts):
        return flat[:-1].reshape(length, width + 1)
    windows = np.lib.stride_tricks.sliding_window_view(array[:stop], length)
    offsets = np.arange(length, dtype=np.int32) * np.int32(width + 1)
    for take in splits:
        # The partner of `part` for heap start + j is start + j - take - part = first + j.
        first = start - take - parts
        # Most parts have every partner in 1 .. start-1 (and never equal to the part):
        # their partners are one contiguous window each.
        whole = (first >= 1) & (first <= start - length)
        if rules.unequal_only:
            whole &= (parts - first < 0) | (parts - first >= length)
        inner = parts[whole]
        values = windows[first[whole]] ^ array[inner][:, None]
        flat[(values + offsets[None, :]).ravel()] = True
        edge = parts[~whole]
        if len(edge):
            position = (start - take - edge)[:, None] + np.arange(length)[None, :]
            valid = (position >= 1) & (position < start)
            if rules.unequal_only:
                valid &= position != edge[:, None]
            partners = array[np.clip(position, 0, stop - 1)]
            index = offsets[None, :] + (partners ^ array[edge][:, None])
            flat[np.where(valid, index, len(flat) - 1)] = True
    return flat[:-1].reshape(length, width + 1)


def _scan_for(
    rules: HeapRules,
    values: list[int],
    array: AnyIntArray,
    rests: list[int],
    scans: dict[int, int],
    row: BoolArray,
    value: int,
    short_record: list[int] | None,
) -> bool:
    """Whether some split of these rests (two common or two rare parts) has xor ``value``.

    Like :func:`_found_by_scan`, for a row of flags: chunks of each rest in turn, from
    where the last scan stopped, every value met flagged in ``row``.  With a
    ``short_record`` (tries, hits) the first ``_SHORT_SCAN`` parts are tried one by one
    (cheap when values are found at once, as in Kayles); then array passes of growing
    chunks.
    """
    if short_record is not None:
        short_record[0] += 1
        for rest in rests:
            part = scans[rest]
            stop = min(_last_small_part(rules, rest), _SHORT_SCAN)
            while part <= stop:
                found = values[part] ^ values[rest - part]
                row[found] = True
                part += 1
                if found == value:
                    scans[rest] = part
                    short_record[1] += 1
                    return True
            scans[rest] = part
    if len(rests) == 1:  # the usual case (Grundy's game), without the bookkeeping
        rest = rests[0]
        part, last = scans[rest], _last_small_part(rules, rest)
        chunk = _ARRAY_CHUNK
        while part <= last:
            stop = min(last, part + chunk - 1)
            xors = array[part : stop + 1] ^ array[rest - stop : rest - part + 1][::-1]
            np.logical_or(row, np.bincount(xors, minlength=len(row)), out=row)
            part = stop + 1
            if row[value]:
                break
            chunk *= 4
        scans[rest] = part
        return bool(row[value])
    chunk = _ARRAY_CHUNK
    active = list(rests)
    while active:
        for rest in list(active):
            part, last = scans[rest], _last_small_part(rules, rest)
            stop = min(last, part + chunk - 1)
            if part <= stop:
                # smaller parts part..stop meet larger parts rest-part..rest-stop
                xors = array[part : stop + 1] ^ array[rest - stop : rest - part + 1][::-1]
                np.logical_or(row, np.bincount(xors, minlength=len(row)), out=row)
            scans[rest] = max(part, stop + 1)
            if stop >= last:
                active.remove(rest)
            if row[value]:
                return True
        chunk *= 4
    return False


def _proved_period(values: AnyIntArray, known: int, reach: int) -> int | None:
    """A period that the Guy-Smith theorem proves from ``values[0..known]``, if any.

    Theorem (Guy and Smith 1956; see grundy.certify.periodicity for the exact form and
    its proof): for a take-and-break game whose moves remove at most ``reach`` tokens
    and leave at most two heaps, if ``G(n + p) = G(n)`` for ``s <= n <= 2s + p + reach - 1``
    with ``s >= 1``, then for every ``n >= s``.  Here ``G(n + p) = G(n)`` is checked for
    every ``n >= n0`` that the known values allow, with ``s = max(n0, 1)``, and ``n = 0``
    directly when ``n0 = 0``; every later value is then ``G(n - p)``.
    """
    known_values = values[: known + 1]
    for period in range(1, known // 2 + 1):
        if known_values[known] != known_values[known - period]:
            continue  # cheap filter before the array pass
        differ = np.flatnonzero(known_values[period:] != known_values[:-period])
        preperiod = int(differ[-1]) + 1 if len(differ) else 0
        start = max(preperiod, 1)
        if 2 * start + 2 * period + reach - 1 <= known:
            return period
    return None


def _splits_with_rare_part(
    rules: HeapRules,
    values: list[int],
    array: npt.NDArray[np.int64],
    rare: _RareHeaps,
    rest: int,
) -> set[int]:
    """Values of every two-heap split of ``rest`` that has a rare part."""
    if len(rare.heaps) <= _SHORT_SCAN:
        return {
            values[part] ^ values[rest - part]
            for part in rare.heaps
            if part < rest and not (rules.unequal_only and 2 * part == rest)
        }
    every = rare.as_array()
    parts = every[: int(np.searchsorted(every, rest))]
    if rules.unequal_only:
        parts = parts[2 * parts != rest]
    return set(np.flatnonzero(np.bincount(array[parts] ^ array[rest - parts])).tolist())


def _found_by_scan(
    rules: HeapRules,
    values: list[int],
    array: npt.NDArray[np.int64],
    classes: _Classes,
    scans: dict[int, int],
    seen: set[int],
    value: int,
) -> bool:
    """Whether some split with two common (or two rare) parts has xor ``value``.

    Splits of a rest where ``value`` needs a rare part were all seen already.  The others
    are scanned from where the last scan stopped, in growing chunks taken in turn from
    each rest, adding every value met to ``seen``.
    """
    active = [rest for rest in scans if not classes.needs_rare_part(value, rest)]
    chunk = _SHORT_SCAN
    while active:
        for rest in list(active):
            part, last = scans[rest], _last_small_part(rules, rest)
            stop = min(last, part + chunk - 1)
            if chunk == _SHORT_SCAN:  # one by one, stopping at the first hit
                while part <= stop:
                    found = values[part] ^ values[rest - part]
                    seen.add(found)
                    part += 1
                    if found == value:
                        scans[rest] = part
                        return True
            elif part <= stop:
                # smaller parts part..stop meet larger parts rest-part..rest-stop
                counts = np.bincount(
                    array[part : stop + 1] ^ array[rest - stop : rest - part + 1][::-1]
                )
                seen.update(np.flatnonzero(counts).tolist())
                part = stop + 1
            scans[rest] = part
            if part > last:
                active.remove(rest)
            if value in seen:
                return True
        chunk = _ARRAY_CHUNK if chunk == _SHORT_SCAN else 4 * chunk
    return False
