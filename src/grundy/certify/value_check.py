"""Check that listed values are the Grundy values of a heap game, in about linear time.

The rules are given per number ``k`` of tokens taken, as in an octal code: a heap of
exactly ``k`` may be removed (bit 1), removing ``k`` may leave one non-empty heap (bit
2), or two non-empty heaps (bit 4).  A subtraction set ``S`` is the code with bits 1 and 2
at each ``k`` in ``S``.  The listed values ``G(0..L)`` are correct exactly when, for
every heap ``n``,

(a) no option of ``n`` has the value ``G(n)``, and
(b) every value ``v < G(n)`` is the value of some option of ``n``

(by induction on ``n``: an option's value is read from the list, at a smaller heap).
The options that leave at most one heap are read directly.  The two-heap options of a
rest ``r = n - k`` are the splits ``(a, r - a)``, about ``r / 2`` of them; reading them
all is what made the plain check O(L^2).  Here the heaps are sorted by their *class*,
``(G(a), a mod 2)``, into *sparse* classes and *dense* ones, and:

* every split with a part in a sparse class is valued (a loop over the sparse heaps);
* a split with both parts dense can have the value ``g`` only if dense classes
  ``(u, p)`` and ``(u ^ g, q)`` with ``p + q = r (mod 2)`` exist; only then are all
  splits of ``r`` read, to show that none has the value ``g`` (a);
* a value below ``G(n)`` that no sparse split gave is searched for among all splits,
  smallest part first, until it is found (b).

This is correct whichever classes are called sparse; the choice only decides the speed.
It is made from the counts (:func:`sparse_classes`): in the octal games whose values
are "sparse" (Winning Ways, ch. 4) a few classes hold a few heaps, and the other
classes' values xor only to values that the heaps after them do not take, so each heap
costs a loop over the few sparse heaps and a short search.  (The heap's parity is part
of the class because in some of them, 0.127 for one, which heaps are rare depends on it.)
For other games the check
may read all splits of many heaps (O(L^2)), which ``max_steps`` bounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from grundy.solve.jit import compiled, compiler_available

__all__ = [
    "DEFAULT_MAX_STEPS",
    "MAX_COUNT",
    "MAX_VALUE",
    "ValueCheck",
    "check_values",
    "sparse_classes",
]

DEFAULT_MAX_STEPS = 100_000_000_000
"""Splits valued before the check stops unfinished (10^10 took about 15 s here)."""

BoolArray = npt.NDArray[np.bool_]

MAX_VALUE = (1 << 16) - 1
"""Largest value checked (values are held in 2 bytes)."""

MAX_COUNT = (1 << 32) - 2
"""Most values checked (heaps are 4-byte unsigned numbers, stamps ``n + 1`` too)."""

_PAIR_TABLE_LIMIT = 1 << 10  # values up to this width get a table of dense pairs

# What the kernel answers, with the heap it stopped at.
_VALID, _WRONG, _STOPPED = 0, 1, 2


@dataclass(frozen=True, slots=True)
class ValueCheck:
    """``wrong_heap``: the first heap whose listed value is not its mex (all values
    before it are right), with ``true_value`` its mex; ``None`` when every value is
    right.  ``stopped``: the check ran out of ``max_steps`` before ``wrong_heap`` was
    decided, and nothing is known from that heap on.  ``steps``: splits valued."""

    wrong_heap: int | None
    true_value: int | None
    stopped: bool
    steps: int

    @property
    def valid(self) -> bool:
        return self.wrong_heap is None and not self.stopped


def _kernel(
    values: Any,
    takes: Any,
    kinds: Any,
    sparse_heaps: Any,
    dense_pair: Any,
    width: int,
    max_steps: int,
) -> Any:
    """The check of (a) and (b) for every heap; returns (status, heap, steps).

    ``values`` are 2-byte, ``sparse_heaps`` 4-byte (both read often: small is fast), and
    every index into them is unsigned, which spares numba a negative-index test on each
    read (that and the narrow arrays made this loop about twice as fast).
    """
    count = values.shape[0]
    marked = np.zeros(width, dtype=np.uint32)  # marked[v] == n + 1: v is an option of n
    rests = np.zeros(takes.shape[0], dtype=np.uint64)
    sparse_count = sparse_heaps.shape[0]
    sparse_values = np.empty(sparse_count, dtype=np.uint64)  # read once, not per heap
    for j in range(sparse_count):
        sparse_values[j] = values[np.uint64(sparse_heaps[j])]
    one = np.uint64(1)
    steps: Any = 0
    for n in range(count):
        stamp = np.uint32(n + 1)
        g = np.uint64(values[n])
        how_many = 0
        for i in range(takes.shape[0]):
            k, kind = takes[i], kinds[i]
            if kind & 1 and n == k:
                marked[0] = stamp
            if kind & 2 and n > k:
                marked[np.uint64(values[np.uint64(n - k)])] = stamp
            if kind & 4 and n - k >= 2:
                rests[how_many] = np.uint64(n - k)
                how_many += 1
        # Every split with a sparse part (the list is ascending).
        for i in range(how_many):
            rest = rests[i]
            j = 0
            while j < sparse_count:
                part = np.uint64(sparse_heaps[j])
                if part >= rest:
                    break
                marked[sparse_values[j] ^ np.uint64(values[rest - part])] = stamp
                j += 1
            steps += j
        if marked[g] == stamp:
            return _WRONG, n, steps
        # Splits with two dense parts, read only where they could give g.
        for i in range(how_many):
            rest = rests[i]
            if dense_pair[g, rest & one]:
                half = rest // np.uint64(2)
                part = one
                while part <= half:
                    if np.uint64(values[part]) ^ np.uint64(values[rest - part]) == g:
                        return _WRONG, n, steps
                    part += one
                steps += np.int64(half)
        # Values below g that no split read so far gave: search all splits, small parts first.
        missing = 0
        for v in range(g):
            if marked[v] != stamp:
                missing += 1
        part = one
        while missing > 0:
            if steps > max_steps:
                return _STOPPED, n, steps
            reached = False
            for i in range(how_many):
                rest = rests[i]
                if part + part <= rest:
                    reached = True
                    found = np.uint64(values[part]) ^ np.uint64(values[rest - part])
                    steps += 1
                    if found == g:
                        return _WRONG, n, steps
                    if marked[found] != stamp:
                        marked[found] = stamp
                        if found < g:
                            missing -= 1
            if not reached:
                return _WRONG, n, steps
            part += one
        if steps > max_steps:
            return _STOPPED, n, steps
    return _VALID, count, steps


_compiled: dict[str, Any] = {}

_SWEEP_WIDTH = 256
"""Values below this go to :mod:`grundy.certify.value_sweep` (the same check, by blocks
of heaps, several at a time); wider ones to :func:`_kernel`.  Tests lower it to 0 to
run :func:`_kernel` on every game."""


def _run_kernel(*arguments: Any) -> tuple[int, int, int]:
    """The compiled check (only the one this run needs is loaded), in Python without
    numba."""
    width = arguments[5]
    name = "sweep" if width <= _SWEEP_WIDTH else "table"
    if name not in _compiled:
        if name == "sweep":
            from grundy.certify.value_sweep import sweep_kernel as function
        else:
            function = _kernel
        _compiled[name] = compiled(function) if compiler_available() else function
    status, heap, steps = _compiled[name](*arguments)
    return int(status), int(heap), int(steps)


def check_values(
    moves: list[tuple[int, int]],
    values: npt.NDArray[Any],
    *,
    sparse: BoolArray | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> ValueCheck:
    """Whether ``values`` are ``G(0..L)`` of the game whose ``moves`` are pairs ``(k,
    digit)``: an octal code's ``(k, its k-th digit)`` (bits 1, 2 and 4 only), a
    subtraction set's ``(s, 3)``.  ``sparse[2 * u + p]``: class ``(u, p)`` is sparse (default: the
    choice of :func:`sparse_classes`; any choice gives the same answer)."""
    if len(values) == 0:
        return ValueCheck(None, None, False, 0)
    if len(values) > MAX_COUNT:
        raise ValueError(f"at most {MAX_COUNT:,} values are checked")
    if not 0 <= values.min() <= values.max() <= MAX_VALUE:
        raise ValueError(f"values are checked from 0 to {MAX_VALUE:,}")
    array = np.ascontiguousarray(values, dtype=np.uint16)  # 2 bytes a heap, no copy if so
    width = 1 << max(int(array.max()).bit_length(), 1)
    takes = np.array([k for k, _ in moves], dtype=np.int64)
    kinds = np.array([digit for _, digit in moves], dtype=np.int64)
    if width > _PAIR_TABLE_LIMIT:  # no table of pairs: every split of every rest is read
        sparse = np.zeros(2 * width, dtype=bool)
        dense_pair = np.ones((width, 2), dtype=bool)
    else:
        tallies = _tallies(array, width)
        if sparse is None:
            sparse = _cheapest(tallies, len(array) - 1, width, int(np.count_nonzero(kinds & 4)))
        else:  # classes beyond the given flags are dense
            sparse = np.resize(np.append(sparse, np.zeros(2 * width, bool)), 2 * width)
        dense_pair = _dense_pairs((tallies.counts > 0) & ~sparse, width)
    status, heap, steps = _run_kernel(
        array, takes, kinds, _heaps_in(array, sparse), dense_pair, width, max_steps
    )
    if status == _STOPPED:
        return ValueCheck(None, None, True, steps)
    if status == _WRONG:
        return ValueCheck(heap, _plain_mex(moves, array, heap), False, steps)
    return ValueCheck(None, None, False, steps)


_CHUNK = 1 << 20  # heaps per slice while counting: no temporary array of every heap


def _keys(array: npt.NDArray[Any], start: int, stop: int) -> npt.NDArray[np.int64]:
    """The classes ``2 * G(a) + (a mod 2)`` of heaps ``start .. stop - 1``."""
    return 2 * array[start:stop].astype(np.int64) + (np.arange(start, stop) & 1)


def _heaps_in(array: npt.NDArray[Any], sparse: BoolArray) -> npt.NDArray[np.uint32]:
    """The heaps from 1 on (ascending) whose class is flagged in ``sparse``."""
    pieces = [np.zeros(0, dtype=np.uint32)]
    for start in range(1, len(array), _CHUNK):
        stop = min(start + _CHUNK, len(array))
        found = np.flatnonzero(sparse[_keys(array, start, stop)]) + start
        pieces.append(found.astype(np.uint32))
    return np.concatenate(pieces)


@dataclass(frozen=True, slots=True)
class _Tallies:
    """Per class ``(u, p)`` (index ``2u + p``) of the heaps from 1 on: how many there
    are, and the sum of those heaps."""

    counts: npt.NDArray[np.int64]
    heap_sums: npt.NDArray[np.float64]


def _tallies(array: npt.NDArray[Any], width: int) -> _Tallies:
    counts = np.zeros(2 * width, dtype=np.int64)
    sums = np.zeros(2 * width, dtype=np.float64)
    for start in range(1, len(array), _CHUNK):
        stop = min(start + _CHUNK, len(array))
        keys = _keys(array, start, stop)
        counts += np.bincount(keys, minlength=2 * width)
        sums += np.bincount(keys, weights=np.arange(start, stop, dtype=np.float64),
                            minlength=2 * width)  # fmt: skip
    return _Tallies(counts, sums)


def _dense_pairs(dense: BoolArray, width: int) -> BoolArray:
    """``[g, s]``: some dense classes ``(u, p)``, ``(u ^ g, q)`` have ``p + q = s (mod 2)``."""
    table = dense[: 2 * width].reshape(width, 2)
    u = np.arange(width)
    partner = table[u[:, None] ^ u[None, :]]  # [g, u, q]: class (u ^ g, q) is dense
    result = np.zeros((width, 2), dtype=bool)
    for total in (0, 1):
        for p in (0, 1):
            result[:, total] |= (table[None, :, p] & partner[:, :, (total - p) & 1]).any(axis=1)
    return result


def sparse_classes(values: npt.NDArray[Any], width: int, splitting_digits: int) -> BoolArray:
    """The sparse classes that make the check cheapest, by an estimate from the counts.

    Each sparse heap ``a`` is read once per rest above it (``L - a`` times per splitting
    digit), and each heap ``n`` whose value two dense classes could give reads about ``n
    / 2`` splits.  Two families of choices are priced: the classes holding at most ``T``
    heaps (for at most 64 values of ``T`` among the counts), and the classes on one side
    of a parity of bits, ``parity(u & m) ^ (d & p) == c`` (for every mask ``m`` below
    ``width``, ``d`` and ``c`` in 0, 1; the few that read the fewest sparse heaps are
    priced in full).  The second family holds the "sparse space" of Winning Ways, ch. 4,
    for games such as 0.354, where the first family takes twice as many heaps.
    """
    array = np.asarray(values)
    if splitting_digits == 0 or len(array) < 3:
        return np.zeros(2 * width, dtype=bool)
    return _cheapest(_tallies(array, width), len(array) - 1, width, splitting_digits)


_PARITY_FINALISTS = 8  # parity choices priced in full, the fewest sparse reads first


def _cheapest(tallies: _Tallies, last: int, width: int, splitting_digits: int) -> BoolArray:
    """The cheapest choice of :func:`sparse_classes`, from the class tallies."""
    size = 2 * width
    if splitting_digits == 0 or last < 2:
        return np.zeros(size, dtype=bool)
    counts = tallies.counts
    present = counts > 0
    probe_cost = counts * float(last) - tallies.heap_sums
    scan_cost = tallies.heap_sums.reshape(width, 2).sum(axis=1) / 2.0

    def priced(sparse: BoolArray) -> float:
        pairs = _dense_pairs(present & ~sparse, width).any(axis=1)
        return float(probe_cost[sparse].sum() + scan_cost[pairs].sum())

    thresholds = np.unique(counts)  # 0 first: no class sparse
    if len(thresholds) > 64:
        thresholds = thresholds[np.unique(np.geomspace(1, len(thresholds) - 1, 63).astype(int))]
        thresholds = np.concatenate(([0], thresholds))
    choices = [present & (counts <= threshold) for threshold in thresholds]
    choices.extend(_parity_choices(probe_cost, present, width))
    costs = [priced(sparse) for sparse in choices]
    best: BoolArray = choices[int(np.argmin(costs))]  # the first least: fewer classes first
    return best


def _parity_choices(
    probe_cost: npt.NDArray[Any], present: BoolArray, width: int
) -> list[BoolArray]:
    """The sparse sets ``parity(u & m) ^ (d & p) == c`` that read the fewest sparse heaps."""
    u = np.arange(width)
    masks = np.arange(1, width)
    odd = np.zeros((len(masks), width), dtype=np.int64)  # odd[m - 1, u] = parity(u & m)
    both = masks[:, None] & u[None, :]
    while both.any():
        odd ^= both & 1
        both >>= 1
    label = np.stack([odd, odd, odd, odd ^ 1], axis=0)  # (d * 2 + p) -> parity ^ (d & p)
    label = label.reshape(2, 2, len(masks), width)  # [d, p, m - 1, u]
    cost = probe_cost.reshape(width, 2)  # [u, p]
    # price[d, c, m - 1]: the sparse reads of the set with label == c
    price = np.zeros((2, 2, len(masks)))
    for d in (0, 1):
        for p in (0, 1):
            ones = label[d, p] @ cost[:, p]
            price[d, 1] += ones
            price[d, 0] += cost[:, p].sum() - ones
    order = np.argsort(price, axis=None, kind="stable")[:_PARITY_FINALISTS]
    choices = []
    for d, c, m in zip(*np.unravel_index(order, price.shape), strict=True):
        flags = np.empty((width, 2), dtype=bool)
        for p in (0, 1):
            flags[:, p] = label[d, p, m] == c
        choices.append(flags.reshape(-1) & present)
    return choices


def _plain_mex(moves: list[tuple[int, int]], values: npt.NDArray[Any], heap: int) -> int:
    """The mex at ``heap`` from every option (the values below ``heap`` being right)."""
    seen: set[int] = set()
    for k, digit in moves:
        rest = heap - k
        if rest < 0:
            continue
        if digit & 1 and rest == 0:
            seen.add(0)
        if digit & 2 and rest >= 1:
            seen.add(int(values[rest]))
        if digit & 4 and rest >= 2:
            parts = np.arange(1, rest // 2 + 1)
            seen.update(np.unique(values[parts] ^ values[rest - parts]).tolist())
    value = 0
    while value in seen:
        value += 1
    return value
