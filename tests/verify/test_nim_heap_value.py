"""The value of one Nim heap (proofs/nim_heap_value.py), the lemma behind the solver's Nim
shortcut: its induction step needs its hypothesis, its premises are Nim's real rules and
can all hold together, and its mutant is refuted on real heaps."""

import importlib.util

import z3

from grundy.games.nim import Nim
from grundy.solve.lemmas import NIM_VALUE
from grundy.verdict import Status
from tests.verify.library_runs import PROOFS, run_quick

_spec = importlib.util.spec_from_file_location("nim_heap_value", PROOFS / "nim_heap_value.py")
assert _spec is not None and _spec.loader is not None
heap_value = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(heap_value)


def _sat(*formulas: z3.BoolRef) -> z3.CheckSatResult:
    solver = z3.Solver()
    solver.set("timeout", 20_000)
    solver.add(*formulas)
    return solver.check()


def test_the_theorem_is_proved_with_no_bound_and_its_mutant_refuted_at_the_empty_heap():
    results = run_quick(["nim_heap_value.py"])
    proved = results["nim-heap-value-every-heap"].verdict
    assert proved.status is Status.PROVED and proved.unbounded
    assert proved.assumes == ()  # the heaps are searched, not read off the lemma itself
    mutant = results["nim-heap-value-plus-one"].verdict
    assert mutant.status is Status.REFUTED
    assert dict(mutant.counterexample or {}) == {"n": 0}


def test_the_solver_names_this_theorem_for_a_nim_heap():
    assert NIM_VALUE == "nim-heap-value-every-heap" == Nim.known_grundy_lemma


def test_the_goal_does_not_follow_without_the_induction_hypothesis():
    premises, _hypothesis, goal, _n = heap_value.heap_value_step()
    assert _sat(*premises, z3.Not(goal)) == z3.sat


def test_the_premises_and_the_hypothesis_can_all_hold():
    premises, hypothesis, goal, _n = heap_value.heap_value_step()
    assert _sat(*premises, hypothesis, goal) == z3.sat  # not a vacuous step


def test_the_options_premise_is_nims_rule():
    # the step says the options of heap n are the heaps k with 0 <= k < n
    for n in range(40):
        assert sorted(option for (option,) in Nim().heap_options(n)) == list(range(n))
