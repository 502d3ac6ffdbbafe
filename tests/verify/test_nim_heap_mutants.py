"""The heap-move mutants of Bouton's recipe and exercise 7: their plain twins say what their
Z3 goals say on every small position, their verdicts name the heaps and width checked, and
the exercise's name is the stem of its per-heap query names."""

import re
from itertools import product

import pytest
import z3

from grundy.theory import bouton, nim_exercises
from grundy.verdict import Status

TIMEOUT = 20_000


def _goal_at(encoding, case) -> bool:
    """The Z3 goal at one case (every variable given a number), for every value of the
    helper variables it may have (the named-sum encoding's s)."""
    pairs = [(v, z3.BitVecVal(case[str(v)], v.size())) for v in encoding.variables]
    solver = z3.Solver()
    solver.add(z3.Not(z3.substitute(encoding.goal, *pairs)))
    return solver.check() == z3.unsat


def _disagreements(encoding, below):
    names = [str(v) for v in encoding.variables]
    cases = (dict(zip(names, values, strict=True)) for values in product(range(below), repeat=3))
    return [case for case in cases if _goal_at(encoding, case) != encoding.holds(case)]


@pytest.mark.parametrize("builder", [bouton.first_heap_move, bouton.largest_heap_move])
def test_a_mutant_twin_agrees_with_its_goal_on_three_heaps(builder):
    # the twin re-checks the counterexample Z3 reports; it must reject exactly the
    # positions the goal rejects, e.g. (0, 3, 2) for the first-heap mutant: s = 1 and
    # lowering the first heap to 0 xor 1 = 1 is no move
    encoding = builder(3, 2)
    assert _disagreements(encoding, 4) == []
    if builder is bouton.first_heap_move:
        assert not encoding.holds({"h1": 0, "h2": 3, "h3": 2})


@pytest.mark.parametrize("builder", [bouton.first_heap_move, bouton.largest_heap_move])
def test_a_refuted_mutant_reports_the_heaps_and_width_it_searched(builder):
    verdict = builder(3, 3).prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    assert verdict.scope == "bounded: 3 heaps, each of size < 2^3"
    assert not builder(3, 3).holds(verdict.counterexample)


def test_exercise_7_is_named_as_the_stem_of_its_per_heap_queries():
    # reports show the whole exercise or one heap of it; the names must match up
    whole = nim_exercises.exercise_7(3, 4)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", whole.name), whole.name
    assert whole.name.startswith("exercise-7")
    for index in range(3):
        assert nim_exercises.exercise_7_at(3, 4, index).name == f"{whole.name}-heap-{index + 1}"
    assert whole.name != nim_exercises.exercise_5(3, 4).name
