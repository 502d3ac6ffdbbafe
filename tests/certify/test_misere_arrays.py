"""The element construction's tables kept as arrays (issue 38 section 4): candidates are
:class:`~grundy.solve.misere_arrays.ArrayMonoid` until the finished quotient is
converted once; the derivation reads each sum's rests instead of multiplying them out;
a large reduction hashes its tuples and falls back on the exact round on a collision.
Each is checked against a plain computation."""

from __future__ import annotations

import numpy as np
import pytest

import grundy.solve.misere_arrays as arrays_module
import grundy.solve.misere_candidate as candidate_module
import grundy.solve.misere_extend as extend_module
import grundy.solve.misere_kernels as kernels
import grundy.solve.misere_quotient as quotient_module
from grundy.games.octal import OctalGame
from grundy.solve.jit import compiled_when
from grundy.solve.misere_arrays import ArrayMonoid, as_tuples, products, table_array
from grundy.solve.misere_candidate import Candidate, classes, columns, outer, submonoid
from grundy.solve.misere_learner import BipartiteMonoid
from grundy.solve.misere_monoid import reduce
from grundy.solve.misere_outcomes import HeapRules
from grundy.solve.misere_quotient import misere_quotient
from grundy.solve.misere_verify import least_counts

DAWSON = OctalGame("0.07")


def _learnt(upto: int) -> BipartiteMonoid:
    quotient = misere_quotient(DAWSON, upto)
    return BipartiteMonoid(quotient.table, frozenset(quotient.p_portion), quotient.heap_map)


def _written_out(candidate: Candidate) -> np.ndarray:
    size = candidate.size
    everything = np.arange(size)
    return candidate.times(everything[:, None], everything[None, :])


def test_the_construction_converts_one_table_to_tuples_and_builds_the_same_quotient(
    monkeypatch,
) -> None:
    # Before, every reduced candidate was written out as tuples of Python ints and turned
    # back into an array to be verified; now candidates stay arrays until the end.
    built: list[object] = []
    converted: list[int] = []
    real_reduce, real_as_tuples = extend_module._reduce, quotient_module.as_tuples

    def spy_reduce(*args, **kwargs):
        found = real_reduce(*args, **kwargs)
        built.append(found)
        return found

    def spy_as_tuples(monoid):
        if isinstance(monoid, ArrayMonoid):
            converted.append(monoid.size)
        return real_as_tuples(monoid)

    monkeypatch.setattr(extend_module, "_reduce", spy_reduce)
    monkeypatch.setattr(quotient_module, "as_tuples", spy_as_tuples)
    quotient = misere_quotient(DAWSON, 20)
    assert built and all(isinstance(m, ArrayMonoid) for m in built)
    assert converted == [24]  # the finished quotient, once
    assert isinstance(quotient.table, tuple) and isinstance(quotient.table[0][0], int)
    assert quotient.table == _learnt(20).table


def test_either_form_of_a_monoid_reads_the_same() -> None:
    monoid = _learnt(14)
    array = ArrayMonoid(np.asarray(monoid.table), monoid.p_portion, monoid.heap_map)
    assert as_tuples(array) == monoid
    assert as_tuples(monoid) is monoid
    assert (table_array(array) == table_array(monoid)).all()
    assert table_array(monoid) is table_array(monoid)  # converted once
    assert products(array, [3, 1]) == products(monoid, [3, 1])
    assert all(isinstance(v, int) for v in products(array, [3])[5])
    with pytest.raises(ValueError):
        array.table[0, 0] = 1  # shared between monoids: read-only


def test_reduce_takes_an_array_monoid_and_reduces_it_as_the_tuple_form() -> None:
    monoid = _learnt(14)
    array = ArrayMonoid(np.asarray(monoid.table), monoid.p_portion, monoid.heap_map)
    assert reduce(array) is array
    doubled = Candidate(np.asarray(monoid.table, dtype=np.int64), ((1, 1),))
    full = _written_out(doubled)
    in_p = set(monoid.p_portion) | {x + len(monoid.table) for x in monoid.p_portion}
    bigger = ArrayMonoid(full, frozenset(in_p), monoid.heap_map)
    smaller = reduce(bigger)
    assert as_tuples(smaller) == monoid
    as_tuple_form = reduce(as_tuples(bigger))
    assert as_tuples(as_tuple_form) == as_tuples(smaller)


def _product(full: np.ndarray, heap_map: list[int], position) -> int:
    x = 0
    for part in position:
        x = int(full[x, heap_map[part]])
    return x


def _derived_plainly(candidate: Candidate, heap_map: list[int], rules, heap: int) -> np.ndarray:
    """The derivation's rule with every rest multiplied out from the written-out table."""
    full = _written_out(candidate)
    heaps = sorted(extend_module._live(rules, heap), reverse=True)
    images = [sorted({_product(full, heap_map, o) for o in rules.options[h]}) for h in heaps]
    in_p = np.zeros(candidate.size, dtype=bool)

    def judge(x: int, counts: tuple[int, ...]) -> None:
        if not any(counts):
            return
        for k, count in enumerate(counts):
            if not count:
                continue
            rest = 0
            for j, c in enumerate(counts):
                for _ in range(c - (j == k)):
                    rest = full[rest, heap_map[heaps[j]]]
            if any(in_p[full[rest, t]] for t in images[k]):
                return
        in_p[x] = True

    least_counts(full, [heap_map[h] for h in heaps], record=judge)
    return in_p


@pytest.mark.parametrize("compiled_from", [0, 10**9])
@pytest.mark.parametrize("cycles", [((2, 2),), ((3, 2), (1, 2))])
def test_the_derivation_reading_rests_matches_multiplying_them_out(
    monkeypatch, compiled_from, cycles
) -> None:
    monkeypatch.setattr(extend_module, "COMPILED_FROM", compiled_from)
    upto = 14
    known = _learnt(upto - 1)
    rules = HeapRules.of(DAWSON, upto)
    freed = [upto, 12][: len(cycles)]
    live = extend_module._live(rules, upto)
    base = [h for h in live if h not in freed]
    freeing = dict(zip(freed, cycles, strict=True))
    derived = extend_module._derived(known, rules, upto, freeing, base)
    plain = _derived_plainly(derived.candidate, list(derived.heap_map), rules, upto)
    assert (derived.in_p == plain).all()
    assert plain.any() and not plain.all()


@pytest.mark.parametrize("seed", range(4))
def test_the_hashed_refinement_finds_the_exact_classes(seed) -> None:
    base = np.asarray(_learnt(14).table, dtype=np.int64)
    candidate = Candidate(base, ((2, 2), (1, 3), (0, 2)))  # 24 x 4 x 4 x 2: large enough to hash
    full = _written_out(candidate)
    rng = np.random.default_rng(seed)
    in_p = rng.random(candidate.size) < 0.3
    gens = [1, 2, 3, 4, 5, *(candidate.generator(k) for k in range(3))]
    found = classes(full[:, gens], in_p)
    rows = [in_p[full[x]].tobytes() for x in range(candidate.size)]  # x's row on P
    number: dict[bytes, int] = {}
    expected = [number.setdefault(row, len(number)) for row in rows]
    assert found.tolist() == expected
    forced = classes(full[:, gens], in_p, mix=0)  # every hash collides: the exact rounds
    assert forced.tolist() == expected


def test_a_hash_collision_is_reported_not_taken_for_a_class() -> None:
    current = np.asarray([0, 0, 1, 1], dtype=np.int64)
    successors = np.asarray([[2], [0], [2], [3]], dtype=np.int64)
    refined = np.empty(4, dtype=np.int64)
    hashed = compiled_when(kernels.refine_round_hashed, True)  # it only ever runs compiled
    # with the multiplier 0 every element hashes to 0, and 0 and 1 differ (x·g in P or not)
    assert hashed(current, successors, refined, np.uint64(0)) == -1
    found = hashed(current, successors, refined, np.uint64(kernels.HASH_MIX))
    assert found == 3
    assert refined[2] == refined[3] and len({refined[0], refined[1], refined[2]}) == 3


def test_the_array_cache_keeps_a_few_tables() -> None:
    monoids = [_learnt(n) for n in (9, 10, 11, 12, 13, 14)]
    for monoid in monoids:
        table_array(monoid)
    assert len(arrays_module._ARRAYS) <= 4


@pytest.mark.parametrize("compiled_from", [0, 10**9])
def test_a_submonoid_compiled_or_not_is_the_one_breadth_first_search_finds(
    monkeypatch, compiled_from
) -> None:
    monkeypatch.setattr(candidate_module, "COMPILED_FROM", compiled_from)
    monoid = _learnt(20)
    gens = sorted({monoid.heap_map[h] for h in (2, 3, 7)})
    table, number = submonoid(monoid, gens)
    order, met = [0], {0}
    for x in order:  # breadth first, the generators in increasing order
        for g in gens:
            y = monoid.table[x][g]
            if y not in met:
                met.add(y)
                order.append(y)
    assert [int(number[x]) for x in order] == list(range(len(order)))
    assert all(number[x] < 0 for x in range(monoid.size) if x not in met)
    expected = [[order.index(monoid.table[x][y]) for y in order] for x in order]
    assert table.tolist() == expected


@pytest.mark.parametrize("compiled_from", [0, 10**9])
def test_products_compiled_or_not_are_the_written_out_table(monkeypatch, compiled_from) -> None:
    monkeypatch.setattr(candidate_module, "COMPILED_FROM", compiled_from)
    base = np.asarray(_learnt(9).table, dtype=np.int64)
    candidate = Candidate(base, ((3, 4), (0, 2), (1, 2)))
    full = _written_out(candidate)
    xs = np.asarray([0, 5, candidate.size - 1, 77])
    ys = np.arange(candidate.size)
    assert (outer(candidate, xs, ys) == full[xs]).all()
    relabel = np.arange(candidate.size)[::-1].copy()
    assert (outer(candidate, xs, ys, relabel) == relabel[full[xs]]).all()
    assert (columns(candidate, [3, 40]) == full[:, [3, 40]]).all()


def test_small_work_runs_compiled_only_once_its_kernel_is_loaded(monkeypatch) -> None:
    monkeypatch.setattr(arrays_module, "_LOADED", set())

    def kernel() -> None:  # stands for a kernel: only its identity matters here
        return None

    threshold = 512
    assert not arrays_module.compile_for(threshold // 8, threshold, kernel)  # not loaded
    assert arrays_module.compile_for(threshold, threshold, kernel)  # large: loads it
    assert arrays_module.compile_for(threshold // 8, threshold, kernel)  # loaded now
    assert not arrays_module.compile_for(threshold // 8 - 1, threshold, kernel)  # too small
    assert not arrays_module.compile_for(threshold // 8, threshold, lambda: None)  # another
