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

__all__ = ["DEFAULT_MAX_STEPS", "MAX_VALUE", "ValueCheck", "check_values", "sparse_classes"]

DEFAULT_MAX_STEPS = 100_000_000_000
"""Splits valued before the check stops unfinished (10^10 took about 15 s here)."""

BoolArray = npt.NDArray[np.bool_]

MAX_VALUE = (1 << 16) - 1
"""Largest value checked (the kernel's tables have a row per value below a power of 2)."""

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
    """The check of (a) and (b) for every heap; returns (status, heap, steps)."""
    count = len(values)
    marked = np.zeros(width, dtype=np.int64)  # marked[v] == n + 1: v is an option of n
    rests = np.zeros(len(takes), dtype=np.int64)
    steps = 0
    for n in range(count):
        stamp = n + 1
        g = values[n]
        how_many = 0
        for i in range(len(takes)):
            k, kind = takes[i], kinds[i]
            if kind & 1 and n == k:
                marked[0] = stamp
            if kind & 2 and n > k:
                marked[values[n - k]] = stamp
            if kind & 4 and n - k >= 2:
                rests[how_many] = n - k
                how_many += 1
        # Every split with a sparse part (the list is ascending).
        for i in range(how_many):
            rest = rests[i]
            for j in range(len(sparse_heaps)):
                part = sparse_heaps[j]
                if part >= rest:
                    break
                marked[values[part] ^ values[rest - part]] = stamp
                steps += 1
        if marked[g] == stamp:
            return _WRONG, n, steps
        # Splits with two dense parts, read only where they could give g.
        for i in range(how_many):
            rest = rests[i]
            if dense_pair[g, rest & 1]:
                for part in range(1, rest // 2 + 1):
                    if values[part] ^ values[rest - part] == g:
                        return _WRONG, n, steps
                steps += rest // 2
        # Values below g that no split read so far gave: search all splits, small parts first.
        missing = 0
        for v in range(g):
            if marked[v] != stamp:
                missing += 1
        part = 1
        while missing > 0:
            if steps > max_steps:
                return _STOPPED, n, steps
            reached = False
            for i in range(how_many):
                rest = rests[i]
                if 2 * part <= rest:
                    reached = True
                    found = values[part] ^ values[rest - part]
                    steps += 1
                    if found == g:
                        return _WRONG, n, steps
                    if marked[found] != stamp:
                        marked[found] = stamp
                        if found < g:
                            missing -= 1
            if not reached:
                return _WRONG, n, steps
            part += 1
        if steps > max_steps:
            return _STOPPED, n, steps
    return _VALID, count, steps


_compiled_kernel: Any = None


def _run_kernel(*arguments: Any) -> tuple[int, int, int]:
    global _compiled_kernel
    if _compiled_kernel is None:
        _compiled_kernel = compiled(_kernel) if compiler_available() else _kernel
    status, heap, steps = _compiled_kernel(*arguments)
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
    if not 0 <= values.min() <= values.max() <= MAX_VALUE:
        raise ValueError(f"values are checked from 0 to {MAX_VALUE:,}")
    array = np.ascontiguousarray(values, dtype=np.int32)  # 4 bytes a heap
    width = 1 << max(int(array.max()).bit_length(), 1)
    takes = np.array([k for k, _ in moves], dtype=np.int64)
    kinds = np.array([digit for _, digit in moves], dtype=np.int64)
    heaps = np.arange(len(array), dtype=np.int32)
    keys = 2 * array + (heaps & 1)
    if width > _PAIR_TABLE_LIMIT:  # no table of pairs: every split of every rest is read
        sparse = np.zeros(2 * width, dtype=bool)
        dense_pair = np.ones((width, 2), dtype=bool)
    else:
        if sparse is None:
            sparse = sparse_classes(array, width, int(np.count_nonzero(kinds & 4)))
        else:  # classes beyond the given flags are dense
            sparse = np.resize(np.append(sparse, np.zeros(2 * width, bool)), 2 * width)
        present = np.bincount(keys[1:], minlength=2 * width) > 0
        dense_pair = _dense_pairs(present & ~sparse, width)
    sparse_heaps = heaps[1:][sparse[keys[1:]]]
    status, heap, steps = _run_kernel(
        array, takes, kinds, sparse_heaps, dense_pair, width, max_steps
    )
    if status == _STOPPED:
        return ValueCheck(None, None, True, steps)
    if status == _WRONG:
        return ValueCheck(heap, _plain_mex(moves, array, heap), False, steps)
    return ValueCheck(None, None, False, steps)


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

    The classes holding at most ``T`` heaps are sparse, for the ``T`` (among the counts,
    at most 64 of them tried) with the least estimated work: each sparse heap ``a`` is
    read once per rest above it (``L - a`` times per splitting digit), and each heap
    ``n`` whose value two dense classes could give reads about ``n / 2`` splits.
    """
    size = 2 * width
    if splitting_digits == 0 or len(values) < 3:
        return np.zeros(size, dtype=bool)
    last = len(values) - 1
    heaps = np.arange(1, len(values), dtype=np.int32)
    keys = 2 * values[1:].astype(np.int32) + (heaps & 1)
    counts = np.bincount(keys, minlength=size)
    probe_cost = counts * float(last) - np.bincount(keys, weights=heaps, minlength=size)
    scan_cost = np.bincount(values[1:], weights=heaps, minlength=width) / 2.0
    thresholds = np.unique(counts)  # 0 first: no class sparse
    if len(thresholds) > 64:
        thresholds = thresholds[np.unique(np.geomspace(1, len(thresholds) - 1, 63).astype(int))]
        thresholds = np.concatenate(([0], thresholds))
    best: tuple[float, BoolArray] | None = None
    for threshold in thresholds:
        sparse = (counts > 0) & (counts <= threshold)
        pairs = _dense_pairs((counts > 0) & ~sparse, width).any(axis=1)
        cost = float(probe_cost[sparse].sum() + scan_cost[pairs].sum())
        if best is None or cost < best[0]:
            best = (cost, sparse)
    assert best is not None
    return best[1]


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
