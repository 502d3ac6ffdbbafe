"""Nim-sum encodings: the Z3 goal and its plain twin (``holds``) say the same thing on every
small case, and the heap exercises are proved heap by heap with a scope naming their width."""

from itertools import product

import pytest
import z3

from grundy.theory import nim_exercises, nim_sum
from grundy.verdict import Status
from grundy.verify.z3_checks import exhaustive_encoding

TIMEOUT = 20_000
WIDTH = 3  # every value below 8


def _goal_at(encoding, case) -> bool:
    """The Z3 goal evaluated at one case (every variable given a number)."""
    pairs = [(v, z3.BitVecVal(case[str(v)], v.size())) for v in encoding.variables]
    value = z3.simplify(z3.substitute(encoding.goal, *pairs))
    assert z3.is_true(value) or z3.is_false(value), (case, value)
    return z3.is_true(value)


def _disagreements(encoding):
    names = [str(v) for v in encoding.variables]
    cases = (
        dict(zip(names, values, strict=True))
        for values in product(range(2**WIDTH), repeat=len(names))
    )
    return [case for case in cases if _goal_at(encoding, case) != encoding.holds(case)]


def test_the_strict_bound_twin_is_the_statement():
    # the twin re-checks Z3's models: were it stricter than the goal it would confirm
    # spurious counterexamples, were it looser it would reject real ones
    encoding = nim_sum.strict_xor_bound(WIDTH)
    assert _disagreements(encoding) == []
    # x + y with shared bits: 1 xor 1 = 0 < 2, so the bound holds there; only x = y = 0 and
    # the like (no bits, nothing to add) break it
    assert encoding.holds({"x": 1, "y": 1})
    assert encoding.holds({"x": 3, "y": 1})
    assert not encoding.holds({"x": 0, "y": 0})


def test_the_distinct_powers_goal_ranges_over_each_power_and_agrees_with_its_twin():
    encoding = nim_sum.distinct_powers_add(3, WIDTH)
    assert [str(v) for v in encoding.variables] == ["p1", "p2", "p3"]
    assert _disagreements(encoding) == []


@pytest.mark.parametrize("index", [0, 1])
def test_each_heap_of_exercise_7_is_proved_and_agrees_with_its_twin(index):
    encoding = nim_exercises.exercise_7_at(2, WIDTH, index)
    assert _disagreements(encoding) == []
    assert encoding.prove(timeout_ms=TIMEOUT).status is Status.PROVED
    assert exhaustive_encoding(encoding, 2**WIDTH - 1).status is Status.PROVED


@pytest.mark.parametrize("builder", [nim_exercises.exercise_5, nim_exercises.exercise_7])
def test_the_heap_exercises_state_their_heaps_and_width(builder):
    verdict = builder(3, 8).prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED
    assert verdict.scope == "bounded: 3 heaps, each of size < 2^8"
