"""Q_n from Q_(n-1), worked out on monoid elements (after Plambeck and Siegel).

Given the verified quotient of the sums of heaps below n, heap n is added in two ways:

1. **As an existing element x** (the quotient does not grow).  x must have heap n's own
   outcome; the P-side condition is checked for heap n alone (the other heaps' conditions
   do not change), then the N-side search of :mod:`grundy.solve.misere_verify` for all.
2. **As a new generator.**  A candidate monoid is the product of a base monoid (generated
   by the images of some heaps) with one truncated cyclic monoid <h | h^(i+p) = h^i> per
   heap set free.  Its P-portion is *derived*, not guessed: the sums are ordered by their
   count of the largest heap, then of the next, and so on, so that every option of a sum
   comes before it; each element takes the outcome its least sum has, given the elements
   of that sum's options (all earlier).  The candidate is reduced and verified exactly.
   When it fails, the least failing sum in that order
   (:func:`grundy.solve.misere_verify.least_failure`) has the outcome opposite to the
   candidate's, since every earlier sum is judged right.  Heaps of that sum are set free
   (fewest first, each as a cyclic monoid long enough for its count in the sum) until
   every sum learnt so far is judged right, and the new candidate is verified again.

Only a verified candidate is returned; :func:`extend` raises :class:`NoCandidate` when its
rounds run out, and the caller then falls back to the learner of
:mod:`grundy.solve.misere_learner`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np

import grundy.solve.misere_verify as verify
from grundy.budget import Meter
from grundy.solve.misere_learner import BipartiteMonoid, image
from grundy.solve.misere_outcomes import HeapRules, Position
from grundy.solve.misere_verify import option_images

__all__ = ["NoCandidate", "extend"]

ROUNDS = 40
"""Most candidates tried for one heap before giving up."""

MAX_CANDIDATE = 6000
"""Most elements of an unreduced candidate monoid."""

ROWS_PER_CHECK = 256
"""Rows of a candidate's table converted between two looks at the budget."""


class NoCandidate(Exception):
    """The element-level construction found no verified candidate for a heap."""


def extend(
    known: BipartiteMonoid, rules: HeapRules, heap: int, meter: Meter | None = None
) -> BipartiteMonoid:
    """The verified, reduced quotient of the sums of heaps ``0..heap``, given ``known``,
    that of the heaps below ``heap`` (its heap map covering them).  ``meter`` (a running
    budget) is ticked throughout the searches."""
    below = (*known.heap_map[:heap], *(0,) * (heap - len(known.heap_map)))
    known = BipartiteMonoid(known.table, known.p_portion, below)
    if not rules.options[heap]:
        return BipartiteMonoid(known.table, known.p_portion, (*below, 0))
    found = _as_existing(known, rules, heap, meter)
    if found is not None:
        return found
    trial = _free(known, rules, heap, {heap: (2, 2)}, _live(rules, heap - 1), meter)
    lessons: list[tuple[Position, bool]] = []  # sums found judged wrong, with their outcomes
    for _ in range(ROUNDS):
        wrong = verify.least_failure(trial, rules, heap, meter)
        if wrong is None:
            if verify.failure(trial, rules, heap, meter) is not None:  # two exact checks
                raise AssertionError(f"the two verifications disagree at heap {heap}")
            return trial
        lessons.append((wrong, image(trial, wrong) not in trial.p_portion))
        trial = _recalibrate(trial, rules, heap, lessons, meter)
    raise NoCandidate(f"no verified candidate for heap {heap} in {ROUNDS} rounds")


def _live(rules: HeapRules, largest: int) -> list[int]:
    return [h for h in rules.live_heaps if h <= largest]


def _as_existing(
    known: BipartiteMonoid, rules: HeapRules, heap: int, meter: Meter | None
) -> BipartiteMonoid | None:
    table, p = known.table, known.p_portion
    probe = BipartiteMonoid(table, p, (*known.heap_map[:heap], 0))
    targets = option_images(probe, rules, heap)[heap]
    alone_p = not any(t in p for t in targets)
    heaps = _live(rules, heap)
    for x in range(len(table)):
        if (x in p) != alone_p:
            continue
        candidate = BipartiteMonoid(table, p, (*known.heap_map[:heap], x))
        images = option_images(candidate, rules, heap)
        if any(verify.p_side_pairs(candidate, [heap], images, range(len(table)), meter)):
            continue  # the P-side condition of heap n fails (the others' do not change)
        if verify.n_side_failure(candidate, heaps, images, meter=meter) is None:
            return candidate
    return None


def _recalibrate(
    trial: BipartiteMonoid,
    rules: HeapRules,
    heap: int,
    lessons: list[tuple[Position, bool]],
    meter: Meter | None,
) -> BipartiteMonoid:
    """A new candidate that judges every sum of ``lessons`` right (the last one is judged
    wrong by ``trial``): heaps of the last sum set free, fewest first."""
    wrong = lessons[-1][0]
    involved = sorted({h for h in wrong if rules.options[h]}, reverse=True)
    counts = {h: max(w.count(h) for w, _ in lessons) for h in involved}
    live = _live(rules, heap)
    for extra in (0, 2):
        for size in range(1, len(involved) + 1):
            for chosen in combinations(involved, size):
                cycles = {}
                for h in chosen:
                    index = max(_cyclic_index(trial, trial.heap_map[h]), counts[h] - 1) + extra
                    cycles[h] = (index, max(2, 2 * ((index - 4) // 2)))
                base = [h for h in live if h not in cycles]
                try:
                    candidate = _free(trial, rules, heap, cycles, base, meter)
                except NoCandidate:
                    continue
                if all((image(candidate, w) in candidate.p_portion) == t for w, t in lessons):
                    return candidate
    raise NoCandidate(f"no recalibration judges {list(wrong)} right")


def _cyclic_index(monoid: BipartiteMonoid, a: int) -> int:
    """The least i with a^i = a^j for some j > i."""
    powers = [0]
    while True:
        nxt = monoid.table[powers[-1]][a]
        if nxt in powers:
            return powers.index(nxt)
        powers.append(nxt)


def _free(
    source: BipartiteMonoid,
    rules: HeapRules,
    heap: int,
    cycles: dict[int, tuple[int, int]],
    base_heaps: Sequence[int],
    meter: Meter | None = None,
) -> BipartiteMonoid:
    """The candidate: the submonoid of ``source`` generated by ``base_heaps``' images,
    times <h | h^(i+p) = h^i> for each heap of ``cycles`` (heap: (i, p)), its P-portion
    derived along the order of sums, reduced."""
    if meter is not None:
        meter.check()
    base_table, base_of = _submonoid(source, base_heaps, meter)
    if meter is not None:
        meter.check()
    sizes = [i + p for i, p in cycles.values()]
    total = len(base_table) * int(np.prod(sizes, dtype=np.int64))
    if total > MAX_CANDIDATE:
        raise NoCandidate(f"a candidate of {total:,} elements")
    table = np.asarray(base_table, dtype=np.int64)
    stride = len(base_table)
    generator: dict[int, int] = {}
    for h, (index, period) in cycles.items():
        cyclic = _cyclic_table(index, period)
        size = index + period
        table = (stride * cyclic[:, None, :, None] + table[None, :, None, :]).reshape(
            stride * size, stride * size
        )  # element (b, e) is numbered b + stride * e
        generator[h] = stride
        stride *= size
    heap_map = []
    for h in range(heap + 1):
        if h in generator:
            heap_map.append(generator[h])
        elif rules.options[h]:
            heap_map.append(base_of[source.heap_map[h]])
        else:
            heap_map.append(0)
    p_portion = _derive_p(table, heap_map, rules, heap, meter)
    if meter is not None:
        meter.check()
    return _reduce(table, p_portion, tuple(heap_map), meter)


def _submonoid(
    source: BipartiteMonoid, heaps: Sequence[int], meter: Meter | None
) -> tuple[list[list[int]], dict[int, int]]:
    gens = sorted({source.heap_map[h] for h in heaps})
    number = {0: 0}
    order = [0]
    for x in order:
        for g in gens:
            y = source.table[x][g]
            if y not in number:
                number[y] = len(order)
                order.append(y)
    table = []
    for x in order:
        if meter is not None:
            meter.tick(len(order))  # a row of len(order) entries
        row = source.table[x]
        table.append([number[row[y]] for y in order])
    return table, number


def _cyclic_table(index: int, period: int) -> np.ndarray:
    size = index + period
    exps = np.arange(size)
    total = exps[:, None] + exps[None, :]
    return np.where(total < size, total, index + (total - index) % period)


def _derive_p(
    table: np.ndarray, heap_map: list[int], rules: HeapRules, heap: int, meter: Meter | None
) -> frozenset[int]:
    """The P-portion each element's least sum gives it (see the module's text)."""
    heaps = sorted(_live(rules, heap), reverse=True)
    images = [
        sorted({_times(table, heap_map, option) for option in rules.options[h]}) for h in heaps
    ]
    gens = [heap_map[h] for h in heaps]
    rows = _columns(table, {*gens, *(t for found in images for t in found)}, meter)
    p: set[int] = set()

    def record(x: int, counts: tuple[int, ...]) -> None:
        if x == 0:
            return
        word = [k for k, c in enumerate(counts) for _ in range(c)]
        for k, c in enumerate(counts):
            if not c:
                continue
            rest = 0
            skipped = False
            for j in word:
                if j == k and not skipped:
                    skipped = True
                    continue
                rest = rows[rest][gens[j]]
            row = rows[rest]
            if any(row[t] in p for t in images[k]):
                return
        p.add(x)

    verify.least_counts(rows, gens, record, meter)
    return frozenset(p)


def _times(table: np.ndarray, heap_map: list[int], position: Position) -> int:
    x = 0
    for part in position:
        x = int(table[x, heap_map[part]])
    return x


def _columns(table: np.ndarray, wanted: set[int], meter: Meter | None) -> list[dict[int, int]]:
    """Each row of ``table`` restricted to the columns ``wanted`` (all the derivation
    reads): a candidate's whole table as Python lists would take gigabytes."""
    columns = sorted(wanted)
    rows: list[dict[int, int]] = []
    for start in range(0, len(table), ROWS_PER_CHECK):
        if meter is not None:
            meter.check()
        part = table[start : start + ROWS_PER_CHECK][:, columns].tolist()
        rows.extend(dict(zip(columns, row, strict=True)) for row in part)
    return rows


def _reduce(
    table: np.ndarray,
    p_portion: frozenset[int],
    heap_map: tuple[int, ...],
    meter: Meter | None = None,
) -> BipartiteMonoid:
    """Indistinguishable elements identified (those whose rows agree on P), numbered in
    the order of their first element, so the identity keeps number 0."""
    size = len(table)
    in_p = np.zeros(size, dtype=bool)
    in_p[list(p_portion)] = True
    number: dict[bytes, int] = {}
    first: list[int] = []
    new = np.empty(size, dtype=np.int64)
    for start in range(0, size, ROWS_PER_CHECK):
        if meter is not None:
            meter.check()
        packed = np.packbits(in_p[table[start : start + ROWS_PER_CHECK]], axis=1)
        for offset, row in enumerate(packed):
            key = row.tobytes()  # rows equal exactly when packed equal
            found = number.setdefault(key, len(first))
            if found == len(first):
                first.append(start + offset)
            new[start + offset] = found
    reps = np.asarray(first, dtype=np.int64)
    rows: list[tuple[int, ...]] = []
    for start in range(0, len(reps), ROWS_PER_CHECK):
        if meter is not None:
            meter.check()
        block = new[table[np.ix_(reps[start : start + ROWS_PER_CHECK], reps)]]
        rows.extend(tuple(row) for row in block.tolist())
    return BipartiteMonoid(
        tuple(rows),
        frozenset(int(new[x]) for x in p_portion),
        tuple(int(new[x]) for x in heap_map),
    )
