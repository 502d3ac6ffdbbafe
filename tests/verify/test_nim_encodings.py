"""Nim encodings: each Z3 goal agrees with its plain-Python twin, and proves or refutes
exactly what it should.  Widths are small here so the tests stay fast."""

import itertools

import pytest

from grundy.theory import bouton, nim_exercises, nim_sum
from grundy.verdict import Status
from grundy.verify.z3_checks import exhaustive_encoding

TIMEOUT = 20_000

TRUE_BIT_LAWS = [
    nim_sum.associativity,
    nim_sum.commutativity,
    nim_sum.self_inverse,
    nim_sum.identity,
    nim_sum.cancellation,
    nim_sum.mex_lemma_smaller_values,
    nim_sum.mex_lemma_no_equal_option,
    nim_exercises.exercise_2,
    nim_exercises.exercise_3,
]


@pytest.mark.parametrize("builder", TRUE_BIT_LAWS, ids=lambda b: b.__name__)
def test_true_laws_are_proved_by_z3_and_by_exhaustion(builder):
    assert builder(16).prove(timeout_ms=TIMEOUT).status is Status.PROVED
    assert exhaustive_encoding(builder(3), 7).status is Status.PROVED


@pytest.mark.parametrize(
    ("builder", "least"),
    [(nim_sum.ordinary_addition, {"x": 1, "y": 1}), (nim_sum.strict_xor_bound, {"x": 0, "y": 0})],
)
def test_false_laws_are_refuted_with_the_least_counterexample(builder, least):
    verdict = builder(16).prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == least
    assert exhaustive_encoding(builder(3), 7).counterexample == least


def test_distinct_powers_add_like_integers():
    assert nim_sum.distinct_powers_add(3, 16).prove(timeout_ms=TIMEOUT).status is Status.PROVED
    twin = nim_sum.distinct_powers_add(3, 8).holds
    assert twin({"p1": 1, "p2": 8, "p3": 16})
    assert twin({"p1": 2, "p2": 2, "p3": 4})  # not distinct: the premise fails


@pytest.mark.parametrize("heaps", [1, 2, 3, 4])
@pytest.mark.parametrize("encoding", ["disjunction", "top-bit", "named-sum", "named-top-bit"])
def test_bouton_conditions_are_proved(heaps, encoding):
    for goal in (
        bouton.bouton_terminal(heaps, 16),
        bouton.bouton_move_to_zero(heaps, 16, encoding),
        bouton.bouton_moves_from_zero(heaps, 16),
    ):
        assert goal.prove(timeout_ms=TIMEOUT).status is Status.PROVED, goal.name


def test_an_unknown_bouton_encoding_is_rejected():
    with pytest.raises(ValueError, match="unknown encoding"):
        bouton.bouton_move_to_zero(3, 8, "guess")


def test_the_python_twins_match_a_direct_brute_force_of_bouton():
    twin = bouton.bouton_move_to_zero(3, 3).holds
    for heaps in itertools.product(range(8), repeat=3):
        total = heaps[0] ^ heaps[1] ^ heaps[2]
        # some move (a heap lowered to any smaller size) reaches nim-sum 0
        direct = total == 0 or any(
            total ^ heap ^ smaller == 0 for heap in heaps for smaller in range(heap)
        )
        assert twin({"h1": heaps[0], "h2": heaps[1], "h3": heaps[2]}) == direct


def test_largest_heap_mutant_is_refuted_at_a_real_counterexample():
    verdict = bouton.largest_heap_move(3, 16).prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    heaps = [verdict.counterexample[f"h{i}"] for i in (1, 2, 3)]
    total = heaps[0] ^ heaps[1] ^ heaps[2]
    assert total != 0 and max(heaps) ^ total > max(heaps)


@pytest.mark.parametrize("builder", [nim_exercises.exercise_5, nim_exercises.exercise_7])
def test_heap_exercises_are_proved(builder):
    assert builder(3, 16).prove(timeout_ms=TIMEOUT).status is Status.PROVED
    assert exhaustive_encoding(builder(2, 3), 7).status is Status.PROVED


# -- the fast decomposition: named nim-sum for (2), one query per heap for (3) ---------------


@pytest.mark.parametrize(("heaps", "width"), [(1, 8), (2, 8), (3, 16), (5, 16)])
def test_prove_bouton_proves_every_query_of_the_decomposition(heaps, width):
    verdict = bouton.prove_bouton(heaps, width, timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED
    assert verdict.scope == f"bounded: {heaps} heaps, each of size < 2^{width}"
    queries = verdict.details["queries"]
    assert len(queries) == heaps + 2  # terminal, move to zero, one per heap lowered
    assert {query["status"] for query in queries} == {"proved"}
    assert [part.status for part in verdict.parts] == [Status.PROVED] * (heaps + 2)


def test_sixteen_heaps_of_64_bits_are_proved():
    # The issue 8 target (timed in bench/bench_z3.py, not here): every query proved.
    verdict = bouton.prove_bouton(16, 64, timeout_ms=60_000)
    assert verdict.status is Status.PROVED
    assert len(verdict.details["queries"]) == 18


def test_the_decomposed_statements_agree_with_exhaustion_at_small_widths():
    # Each query's plain-Python twin holds on every case with heaps and `to` in 0..7.
    for query in bouton.bouton_queries(2, 3):
        assert exhaustive_encoding(query, 7).status is Status.PROVED, query.name


def test_the_per_heap_twin_matches_a_direct_brute_force():
    for index in range(3):
        twin = bouton.bouton_moves_from_zero_at(3, 3, index).holds
        for *heaps, to in itertools.product(range(8), repeat=4):
            after = list(heaps)
            after[index] = to
            is_move_from_zero = heaps[0] ^ heaps[1] ^ heaps[2] == 0 and to < heaps[index]
            direct = not is_move_from_zero or after[0] ^ after[1] ^ after[2] != 0
            case = {"h1": heaps[0], "h2": heaps[1], "h3": heaps[2], "to": to}
            assert twin(case) == direct


def test_a_corrupted_condition_is_refuted_with_a_rechecked_counterexample():
    queries = (*bouton.bouton_queries(3, 64), bouton.first_heap_move(3, 64))
    verdict = bouton.prove_bouton(3, 64, timeout_ms=TIMEOUT, queries=queries)
    assert verdict.status is Status.REFUTED
    assert verdict.details["failed query"] == "first-heap-move"
    heaps = [verdict.counterexample[f"h{i}"] for i in (1, 2, 3)]
    total = heaps[0] ^ heaps[1] ^ heaps[2]
    # a real failure of "lower the first heap to h1 xor s", and the least by heap total
    assert total != 0 and heaps[0] ^ total >= heaps[0]
    assert sum(heaps) == 1 and heaps[0] == 0
    assert not bouton.first_heap_move(3, 64).holds(dict(verdict.counterexample))


def test_a_forced_timeout_makes_the_whole_verdict_unknown():
    verdict = bouton.prove_bouton(16, 64, timeout_ms=1)
    assert verdict.status is Status.UNKNOWN
    assert "timeout" in verdict.message
    statuses = {query["status"] for query in verdict.details["queries"]}
    assert "unknown" in statuses


def test_a_heap_index_outside_the_position_is_rejected():
    with pytest.raises(ValueError, match=r"heap index 3 is outside 0\.\.2"):
        bouton.bouton_moves_from_zero_at(3, 8, 3)
