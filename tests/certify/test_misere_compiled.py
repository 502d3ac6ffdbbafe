"""The compiled parts of the misère quotient construction (issue 38 section 4): a candidate
kept as a product of factors, its reduction by refinement, and the kernels of the
derivation and of both verifications, each checked against a plain computation and
against the same kernel run as Python."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import grundy.solve.misere_candidate as candidate_module
import grundy.solve.misere_extend as extend_module
import grundy.solve.misere_verify as verify
from grundy.budget import Budget
from grundy.errors import BudgetExceededError
from grundy.games.octal import OctalGame
from grundy.solve.misere_candidate import Candidate, classes, columns
from grundy.solve.misere_learner import BipartiteMonoid
from grundy.solve.misere_monoid import reduce
from grundy.solve.misere_outcomes import HeapRules
from grundy.solve.misere_quotient import misere_quotient

DAWSON = OctalGame("0.07")
UPTO = 20  # 24 elements: small enough for the searches run as Python


def _learnt(upto: int) -> BipartiteMonoid:
    quotient = misere_quotient(DAWSON, upto)
    return BipartiteMonoid(quotient.table, frozenset(quotient.p_portion), quotient.heap_map)


def _written_out(candidate: Candidate) -> np.ndarray:
    """The candidate's whole table, built as the construction built it before (one
    product of tables per cyclic monoid)."""
    table = np.asarray(candidate.base, dtype=np.int64)
    stride = len(table)
    for index, period in candidate.cycles:
        size = index + period
        exps = np.arange(size)
        total = exps[:, None] + exps[None, :]
        cyclic = np.where(total < size, total, index + (total - index) % period)
        table = (stride * cyclic[:, None, :, None] + table[None, :, None, :]).reshape(
            stride * size, stride * size
        )
        stride *= size
    return table


@pytest.mark.parametrize("cycles", [(), ((2, 2),), ((3, 4), (1, 2)), ((0, 3), (4, 2))])
def test_products_of_a_candidate_are_its_written_out_table(cycles) -> None:
    base = np.asarray(_learnt(9).table, dtype=np.int64)
    candidate = Candidate(base, cycles)
    full = _written_out(candidate)
    everything = np.arange(candidate.size)
    assert (candidate.times(everything[:, None], everything[None, :]) == full).all()
    assert all(
        candidate.product(int(x), int(y)) == full[x, y]
        for x, y in itertools.product(range(0, candidate.size, 7), repeat=2)
    )
    wanted = [0, candidate.size - 1, candidate.size // 2]
    assert (columns(candidate, wanted) == full[:, wanted]).all()


@pytest.mark.parametrize("seed", range(6))
def test_the_refinement_finds_the_classes_of_rows_agreeing_on_p(seed) -> None:
    base = np.asarray(_learnt(9).table, dtype=np.int64)
    candidate = Candidate(base, ((2, 2), (1, 3)))
    full = _written_out(candidate)
    rng = np.random.default_rng(seed)
    in_p = rng.random(candidate.size) < 0.3
    gens = [1, 2, 3, 4, 5, candidate.generator(0), candidate.generator(1)]
    found = classes(full[:, gens], in_p)
    rows = [in_p[full[x]].tobytes() for x in range(candidate.size)]  # x's row on P
    number: dict[bytes, int] = {}
    expected = [number.setdefault(row, len(number)) for row in rows]
    assert found.tolist() == expected


def test_the_refinement_needs_several_rounds_and_takes_them() -> None:
    """A cyclic monoid whose only P element is h^5: h^k is told from h^(k+1) only after
    5 - k rounds, so one round alone would merge elements the rows tell apart."""
    candidate = Candidate(np.zeros((1, 1), dtype=np.int64), ((6, 1),))
    in_p = np.zeros(candidate.size, dtype=bool)
    in_p[5] = True
    found = classes(columns(candidate, [1]), in_p)
    assert found.tolist() == list(range(7))


def _mutants(monoid: BipartiteMonoid, count: int, seed: int):
    rng = np.random.default_rng(seed)
    size = len(monoid.table)
    for _ in range(count):
        flipped = set(monoid.p_portion) ^ {int(x) for x in rng.integers(1, size, 2)}
        yield BipartiteMonoid(monoid.table, frozenset(flipped), monoid.heap_map)


def _judged_against_its_options(monoid: BipartiteMonoid, rules: HeapRules, sum_) -> bool:
    """Whether the monoid puts the sum in P exactly when it puts an option of it in P
    (so that it is wrong about the sum or about an option)."""
    images = verify.option_images(monoid, rules, max(sum_))

    def image(heaps) -> int:
        x = 0
        for heap in heaps:
            x = monoid.table[x][monoid.heap_map[heap]]
        return x

    options = set()
    for i, heap in enumerate(sum_):
        rest = image(sum_[:i] + sum_[i + 1 :])
        options.update(monoid.table[rest][t] for t in images[heap])
    return (image(sum_) in monoid.p_portion) == any(o in monoid.p_portion for o in options)


@pytest.mark.slow
@pytest.mark.parametrize("compiled_from", [0, 10**9])
def test_both_searches_agree_on_mutants_compiled_or_not(monkeypatch, compiled_from) -> None:
    monkeypatch.setattr(verify, "COMPILED_FROM", compiled_from)
    monoid = _learnt(UPTO)
    rules = HeapRules.of(DAWSON, UPTO)
    heaps = [h for h in rules.live_heaps if h <= UPTO]
    images = verify.option_images(monoid, rules, UPTO)
    assert verify.least_failure(monoid, rules, UPTO) is None
    assert verify.n_side_failure(monoid, heaps, images) is None
    caught = 0
    for mutant in _mutants(monoid, 6, seed=3):
        least = verify.least_failure(mutant, rules, UPTO)
        some = verify.failure(mutant, rules, UPTO)
        assert (least is None) == (some is None)
        for found in (least, some):
            if found is not None:
                assert _judged_against_its_options(mutant, rules, found)
        caught += least is not None
        searched = verify.n_side_failure(mutant, heaps, verify.option_images(mutant, rules, UPTO))
        if searched is not None:
            assert _judged_against_its_options(mutant, rules, searched)
    assert caught >= 4


def test_compiled_and_python_searches_find_the_same_failures(monkeypatch) -> None:
    monoid = _learnt(UPTO)
    rules = HeapRules.of(DAWSON, UPTO)
    found = {}
    for compiled_from in (0, 10**9):
        monkeypatch.setattr(verify, "COMPILED_FROM", compiled_from)
        found[compiled_from] = [
            (verify.least_failure(m, rules, UPTO), verify.failure(m, rules, UPTO))
            for m in _mutants(monoid, 6, seed=5)
        ]
    assert found[0] == found[10**9]
    assert any(least is not None for least, _ in found[0])


def test_the_derivation_compiled_or_not_builds_the_same_quotient(monkeypatch) -> None:
    built = {}
    for compiled_from in (0, 10**9):
        monkeypatch.setattr(extend_module, "COMPILED_FROM", compiled_from)
        monkeypatch.setattr(candidate_module, "COMPILED_FROM", compiled_from)
        quotient = misere_quotient(DAWSON, 20)
        built[compiled_from] = (quotient.table, quotient.p_portion, quotient.heap_map)
    assert built[0] == built[10**9]


def test_a_spent_budget_ends_each_compiled_search(monkeypatch) -> None:
    monkeypatch.setattr(verify, "COMPILED_FROM", 0)
    monoid = _learnt(UPTO)
    rules = HeapRules.of(DAWSON, UPTO)
    spent = Budget(seconds=0.0).start()
    with pytest.raises(BudgetExceededError):
        verify.least_failure(monoid, rules, UPTO, meter=spent)
    with pytest.raises(BudgetExceededError):
        verify.failure(monoid, rules, UPTO, meter=spent)


def test_a_reduced_monoid_is_returned_as_it_is_and_a_reducible_one_reduced() -> None:
    monoid = _learnt(14)
    assert reduce(monoid) is monoid
    doubled = Candidate(np.asarray(monoid.table, dtype=np.int64), ((1, 1),))
    full = _written_out(doubled)  # x·h^e: h acts as the identity on P membership
    in_p = np.zeros(doubled.size, dtype=bool)
    for x in monoid.p_portion:
        in_p[[x, x + len(monoid.table)]] = True
    bigger = BipartiteMonoid(
        tuple(map(tuple, full.tolist())),
        frozenset(np.flatnonzero(in_p).tolist()),
        monoid.heap_map,
    )
    smaller = reduce(bigger)
    assert smaller.table == monoid.table and smaller.p_portion == monoid.p_portion


def test_a_mutant_only_the_compiled_n_side_searches_refute(monkeypatch) -> None:
    """A mutant with no P-side failure at all, so that only the N-side searches (here
    compiled) can refute it; both do, each on a sum the mutant judges wrongly."""
    monkeypatch.setattr(verify, "COMPILED_FROM", 0)
    monoid = _learnt(UPTO)
    rules = HeapRules.of(DAWSON, UPTO)
    heaps = [h for h in rules.live_heaps if h <= UPTO]
    everything = range(len(monoid.table))
    refuted = 0
    for x in sorted(monoid.p_portion):  # P made smaller: no new P-side failure
        mutant = BipartiteMonoid(monoid.table, monoid.p_portion - {x}, monoid.heap_map)
        images = verify.option_images(mutant, rules, UPTO)
        assert not any(verify.p_side_pairs(mutant, heaps, images, everything))
        least = verify.least_failure(mutant, rules, UPTO)
        some = verify.n_side_failure(mutant, heaps, images)
        assert (least is None) == (some is None)
        for found in (least, some):
            if found is not None:
                assert _judged_against_its_options(mutant, rules, found)
        refuted += least is not None
    assert refuted >= len(monoid.p_portion) - 1
