"""The engine of induction on the length of a list (grundy.verify.length_induction)."""

from __future__ import annotations

import z3

from grundy.verdict import Status
from grundy.verify.length_induction import Fold, prove_for_every_length

COUNT, NUMBER = z3.Int("k"), z3.Int("x")
ZERO_OR_ONE = z3.And(NUMBER >= 0, NUMBER <= 1)


def sum_fold() -> Fold:
    return Fold(
        "sum", z3.Int("t"), lambda x: x, lambda s, x: s + x, lambda s, k: z3.And(s >= 0, s <= k)
    )


def all_fold() -> Fold:
    # all(x == 0 for x in the list)
    return Fold(
        "all", z3.Bool("a"), lambda x: x == 0, lambda s, x: z3.And(s, x == 0), lambda s, k: True
    )


def prove(goal, folds, candidates=(), first=1):
    return prove_for_every_length(
        folds,
        COUNT,
        NUMBER,
        ZERO_OR_ONE,
        goal,
        first=first,
        timeout_ms=10_000,
        candidates=candidates,
    )


def test_a_goal_the_facts_give_is_proved_for_every_length() -> None:
    total = sum_fold()
    verdict = prove(total.state <= COUNT, [total])
    assert verdict.status is Status.PROVED and verdict.unbounded


def test_a_false_goal_is_never_refuted_only_left_unproved() -> None:
    total = sum_fold()
    verdict = prove(total.state < 3, [total])
    assert verdict.status is Status.UNKNOWN  # a state of the facts, perhaps unreachable
    assert verdict.details["failed_part"] == "goal (k >= 1)"


def test_a_relation_between_two_folds_is_found_only_among_the_candidates() -> None:
    # all(x == 0) implies sum == 0: no single fold's fact says it.
    total, zeros = sum_fold(), all_fold()
    goal = z3.Implies(zeros.state, total.state == 0)
    assert prove(goal, [total, zeros]).status is Status.UNKNOWN
    relation = z3.Implies(zeros.state, total.state == 0)
    wrong = z3.Implies(total.state == 0, COUNT == 1)  # true after one number, not after two
    verdict = prove(goal, [total, zeros], candidates=[relation, wrong])
    assert verdict.status is Status.PROVED
    assert verdict.details["relations"] == [str(relation)]


def test_a_fact_that_is_not_kept_by_a_step_fails_the_step() -> None:
    broken = Fold("sum", z3.Int("t"), lambda x: x, lambda s, x: s + x, lambda s, k: s <= 1)
    verdict = prove(z3.BoolVal(True), [broken])
    assert verdict.status is Status.UNKNOWN
    assert verdict.details["failed_part"] == "step (k numbers to k + 1)"
