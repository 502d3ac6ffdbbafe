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

A candidate is kept as its factors (:mod:`grundy.solve.misere_candidate`): its table,
(base size x cyclic sizes)^2 entries, is never written out; the derivation runs as a
compiled kernel (:mod:`grundy.solve.misere_kernels`), and only the candidate that judges
every lesson right is reduced, its reduced table written out.

Only a verified candidate is returned; :func:`extend` raises :class:`NoCandidate` when its
rounds run out, and the caller then falls back to the learner of
:mod:`grundy.solve.misere_learner`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

import numpy as np

import grundy.solve.misere_kernels as kernels
import grundy.solve.misere_verify as verify
from grundy.budget import Meter
from grundy.solve.jit import compiled_when
from grundy.solve.misere_arrays import ELEMENT, ArrayMonoid, Monoid, compile_for, table_array
from grundy.solve.misere_candidate import Candidate, classes, columns, outer, submonoid
from grundy.solve.misere_outcomes import HeapRules, Position
from grundy.solve.misere_verify import option_images

__all__ = ["Lesson", "NoCandidate", "Watch", "extend"]

ROUNDS = 40
"""Most candidates tried for one heap before giving up."""

MAX_CANDIDATE = 6000
"""Most elements of an unreduced candidate monoid.  A candidate is not written out, so
this is no memory bound (candidates of up to 346,892 elements were derived at heap 34);
raising it, with MAX_REDUCED and ROUNDS, does not reach heap 34 (bench/QUOTIENTS.md,
"Heap 34"), and a heap the construction cannot place fails sooner with it low."""

MAX_REDUCED = 2500
"""Most elements of a reduced candidate: its table is written out (an array of its size
squared) and verified with bit sets of that many bits per kept pair."""

ROWS_PER_CHECK = 256
"""Rows of a candidate's table converted between two looks at the budget."""


class NoCandidate(Exception):
    """The element-level construction found no verified candidate for a heap."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """One round of the correction at a heap: the least sum the candidate judged wrong
    and its true outcome (every earlier sum being judged right, it is the opposite of
    the candidate's), with the size of that (reduced) candidate."""

    heap: int
    round: int
    position: Position
    is_p: bool
    candidate_size: int


Watch = Callable[[Lesson], None]
"""Told of each lesson as it is learnt (to trace a construction; the library prints
nothing itself)."""


def extend(
    known: Monoid,
    rules: HeapRules,
    heap: int,
    meter: Meter | None = None,
    watch: Watch | None = None,
) -> Monoid:
    """The verified, reduced quotient of the sums of heaps ``0..heap``, given ``known``,
    that of the heaps below ``heap`` (its heap map covering them).  ``meter`` (a running
    budget) is ticked throughout the searches; ``watch``, when given, is told of every
    lesson (:class:`Lesson`).  The quotient's table is an array when the element
    construction built it (:mod:`grundy.solve.misere_arrays`)."""
    below = (*known.heap_map[:heap], *(0,) * (heap - len(known.heap_map)))
    known = replace(known, heap_map=below)
    if not rules.options[heap]:
        return replace(known, heap_map=(*below, 0))
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
        lessons.append((wrong, _image(trial, wrong) not in trial.p_portion))
        if watch is not None:
            watch(Lesson(heap, len(lessons), wrong, lessons[-1][1], trial.size))
        trial = _recalibrate(trial, rules, heap, lessons, meter)
    raise NoCandidate(f"no verified candidate for heap {heap} in {ROUNDS} rounds")


def _live(rules: HeapRules, largest: int) -> list[int]:
    return [h for h in rules.live_heaps if h <= largest]


def _as_existing(known: Monoid, rules: HeapRules, heap: int, meter: Meter | None) -> Monoid | None:
    p = known.p_portion
    probe = replace(known, heap_map=(*known.heap_map[:heap], 0))
    images = option_images(probe, rules, heap)  # options are smaller heaps: the same for all x
    targets = images[heap]
    alone_p = not any(t in p for t in targets)
    heaps = _live(rules, heap)
    for x in range(known.size):
        if (x in p) != alone_p:
            continue
        candidate = replace(known, heap_map=(*known.heap_map[:heap], x))
        if any(verify.p_side_pairs(candidate, [heap], images, range(known.size), meter)):
            continue  # the P-side condition of heap n fails (the others' do not change)
        if verify.n_side_failure(candidate, heaps, images, meter=meter) is None:
            return candidate
    return None


def _recalibrate(
    trial: Monoid,
    rules: HeapRules,
    heap: int,
    lessons: list[tuple[Position, bool]],
    meter: Meter | None,
) -> ArrayMonoid:
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
                    derived = _derived(trial, rules, heap, cycles, base, meter)
                except NoCandidate:
                    continue
                if all(derived.is_p(w) == t for w, t in lessons):
                    try:
                        return _reduce(derived, meter)  # only the one kept
                    except NoCandidate:
                        continue
    raise NoCandidate(f"no recalibration judges {list(wrong)} right")


def _image(monoid: Monoid, position: Position) -> int:
    """The element of a sum of heaps."""
    table, x = table_array(monoid), 0
    for part in position:
        x = int(table[x, monoid.heap_map[part]])
    return x


def _cyclic_index(monoid: Monoid, a: int) -> int:
    """The least i with a^i = a^j for some j > i."""
    table = table_array(monoid)
    powers = [0]
    while True:
        nxt = int(table[powers[-1], a])
        if nxt in powers:
            return powers.index(nxt)
        powers.append(nxt)


@dataclass(frozen=True, slots=True)
class _Derived:
    """An unreduced candidate with its derived P-portion (``in_p``, one flag per element),
    the image of every heap, and every element times each generator (``successors``,
    the generators in increasing order), which the derivation worked out and the
    reduction reads again."""

    candidate: Candidate
    in_p: np.ndarray
    heap_map: tuple[int, ...]
    successors: np.ndarray

    def is_p(self, position: Position) -> bool:
        """Whether the candidate judges a sum of heaps a P-position."""
        x = 0
        for part in position:
            x = self.candidate.product(x, self.heap_map[part])
        return bool(self.in_p[x])


def _free(
    source: Monoid,
    rules: HeapRules,
    heap: int,
    cycles: dict[int, tuple[int, int]],
    base_heaps: Sequence[int],
    meter: Meter | None = None,
) -> ArrayMonoid:
    """The candidate: the submonoid of ``source`` generated by ``base_heaps``' images,
    times <h | h^(i+p) = h^i> for each heap of ``cycles`` (heap: (i, p)), its P-portion
    derived along the order of sums, reduced."""
    derived = _derived(source, rules, heap, cycles, base_heaps, meter)
    return _reduce(derived, meter)


def _derived(
    source: Monoid,
    rules: HeapRules,
    heap: int,
    cycles: dict[int, tuple[int, int]],
    base_heaps: Sequence[int],
    meter: Meter | None = None,
) -> _Derived:
    """The candidate of :func:`_free` before its reduction."""
    if meter is not None:
        meter.check()
    base_table, base_of = submonoid(source, [source.heap_map[h] for h in base_heaps], meter)
    candidate = Candidate(base_table, tuple(cycles.values()))
    if candidate.size > MAX_CANDIDATE:
        raise NoCandidate(f"a candidate of {candidate.size:,} elements")
    generator = {h: candidate.generator(k) for k, h in enumerate(cycles)}
    heap_map = []
    for h in range(heap + 1):
        if h in generator:
            heap_map.append(generator[h])
        elif rules.options[h]:
            heap_map.append(int(base_of[source.heap_map[h]]))
        else:
            heap_map.append(0)
    in_p, successors = _derive_p(candidate, heap_map, rules, heap, meter)
    if meter is not None:
        meter.check()
    return _Derived(candidate, in_p, tuple(heap_map), successors)


COMPILED_FROM = 512
"""Least candidate whose P-portion is derived by the compiled kernel (smaller ones, run as
Python, do not repay loading numba; once the kernel is loaded, see
:func:`~grundy.solve.misere_arrays.compile_for`)."""

PYTHON_STEPS = 1 << 6
"""The same, when the kernel runs as Python."""

STEPS_PER_CALL = 1 << 16
"""Steps of a compiled kernel between two ticks of the budget's meter."""


def _derive_p(
    candidate: Candidate,
    heap_map: list[int],
    rules: HeapRules,
    heap: int,
    meter: Meter | None,
) -> tuple[np.ndarray, np.ndarray]:
    """Which elements are in P: each takes the outcome its least sum has, given the
    elements of that sum's options (all earlier in the order of sums).  Returned with
    every element times each generator (the generators in increasing order)."""
    heaps = sorted(_live(rules, heap), reverse=True)
    images = _option_images(candidate, heap_map, rules, heaps)
    gens = [heap_map[h] for h in heaps]
    wanted = sorted({*gens, *(t for found in images for t in found)})
    where = {w: c for c, w in enumerate(wanted)}
    cols = columns(candidate, wanted, meter)
    gen_col = np.asarray([where[g] for g in gens], dtype=np.int64)
    image_cols = np.asarray([where[t] for found in images for t in found], dtype=np.int64)
    image_start = np.cumsum([0, *(len(found) for found in images)], dtype=np.int64)
    size = candidate.size
    in_p = np.zeros(size, dtype=np.bool_)
    seen = np.zeros(size, dtype=np.bool_)
    x = np.zeros(len(gens) + 1, dtype=np.int64)
    without = np.zeros((len(gens), len(gens)), dtype=np.int64)
    counts = np.zeros(len(gens), dtype=np.int64)
    state = np.zeros(3, dtype=np.int64)
    large = compile_for(size, COMPILED_FROM, kernels.derive_steps)
    steps = STEPS_PER_CALL if large else PYTHON_STEPS
    derive = compiled_when(kernels.derive_steps, large)
    while not state[2]:
        taken = derive(
            cols,
            gen_col,
            image_cols,
            image_start,
            in_p,
            seen,
            x,
            without,
            counts,
            state,
            steps,
        )
        if meter is not None:
            meter.tick(int(taken))
    if not seen.all():  # the reduction below relies on the generators reaching all
        raise AssertionError("a candidate's generators do not generate it")
    return in_p, cols[:, [where[g] for g in sorted(set(gens))]]


def _option_images(
    candidate: Candidate, heap_map: list[int], rules: HeapRules, heaps: Sequence[int]
) -> list[list[int]]:
    """For each of ``heaps``, the distinct elements its options map to, worked out for
    all options at once (one product per part, on arrays)."""
    options = [option for h in heaps for option in rules.options[h]]
    width = max((len(option) for option in options), default=0)
    parts = np.zeros((len(options), width), dtype=ELEMENT)  # the identity pads
    for i, option in enumerate(options):
        parts[i, : len(option)] = [heap_map[part] for part in option]
    found = np.zeros(len(options), dtype=ELEMENT)
    for k in range(width):
        found = candidate.times(found, parts[:, k])
    images, start = [], 0
    for h in heaps:
        end = start + len(rules.options[h])
        images.append(sorted(set(found[start:end].tolist())))
        start = end
    return images


def _reduce(derived: _Derived, meter: Meter | None = None) -> ArrayMonoid:
    """Indistinguishable elements identified (those whose rows agree on P), numbered in
    the order of their first element, so the identity keeps number 0."""
    candidate, in_p, heap_map = derived.candidate, derived.in_p, derived.heap_map
    new = classes(derived.successors, in_p, meter)
    _, first = np.unique(new, return_index=True)  # class k's first element is first[k]
    if len(first) > MAX_REDUCED:  # its table would not fit in memory
        raise NoCandidate(f"a candidate of {len(first):,} elements once reduced")
    reps = first.astype(ELEMENT)
    reduced = np.empty((len(reps), len(reps)), dtype=ELEMENT)
    for start in range(0, len(reps), ROWS_PER_CHECK):
        block = reps[start : start + ROWS_PER_CHECK]
        if meter is not None:
            meter.tick(len(block) * len(reps))
        reduced[start : start + len(block)] = outer(candidate, block, reps, new)
    return ArrayMonoid(
        reduced,
        frozenset(int(k) for k in np.unique(new[in_p])),
        tuple(int(new[x]) for x in heap_map),
    )
