"""Induction on the birthday: the steps are proved, their premises are consistent, and a
false statement is refuted only by a concrete game."""

import pytest
import z3

from grundy.theory import sprague_grundy_steps as bi
from grundy.verdict import Status
from grundy.verify import birthday_induction as engine

TRUE_STEPS = [
    bi.g_plus_g_step(),
    bi.zero_iff_p_step(),
    bi.plus_own_star_step(),
    bi.p_plus_p_step(),
    bi.p_plus_n_step(),
    bi.sum_with_zero_step(),
    bi.zero_iff_second_player_step(),
    bi.add_p_position_step(),
    bi.sum_rule_step(),
]


@pytest.mark.parametrize("step", TRUE_STEPS, ids=lambda step: step.name.replace("⊕", "xor"))
def test_each_step_is_proved_and_its_premises_can_all_hold(step):
    verdict = engine.prove_birthday_step(step, timeout_ms=20_000)
    assert verdict.status is Status.PROVED and verdict.unbounded
    # inconsistent premises would prove anything: they must have a model with the goal true
    axioms, hypothesis, goal = step.build(engine.Symbols(z3.Context()))
    solver = z3.Solver(ctx=goal.ctx)
    solver.set("timeout", 3_000)
    solver.add(*axioms, *hypothesis, goal)
    assert solver.check() != z3.unsat


@pytest.mark.parametrize("step", TRUE_STEPS, ids=lambda step: step.name.replace("⊕", "xor"))
def test_each_statement_holds_on_every_form_born_by_day_3(step):
    assert engine._least_counterexample(step) is None


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        (bi.g_plus_g_step(second_player_wins=False), {"G": "0"}),
        (bi.zero_iff_p_step(zero_means_p=False), {"G": "0"}),
        (bi.plus_own_star_step(shift=1), {"G": "0"}),
        (bi.p_plus_p_step(sum_is_p=False), {"G": "0", "H": "0"}),
        (bi.p_plus_n_step(sum_is_n=False), {"G": "0", "H": "{0}"}),
        (bi.sum_with_zero_step(claimed_p=True), {"G": "{0}"}),
        (bi.zero_iff_second_player_step(zero_means_terminal=True), {"G": "{{0}}"}),
        (bi.add_p_position_step(needs_p=False), {"G": "0", "Q": "{0}"}),
        (bi.sum_rule_step("sum"), {"G": "{0}", "H": "{0}"}),
    ],
    ids=lambda value: getattr(value, "name", ""),
)
def test_false_statements_are_refuted_by_a_real_game(step, expected):
    verdict = engine.prove_birthday_step(step, timeout_ms=20_000)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == expected


def test_a_failed_step_with_no_concrete_counterexample_is_unknown(monkeypatch):
    monkeypatch.setattr(engine, "_least_counterexample", lambda step: None)
    verdict = engine.prove_birthday_step(
        bi.g_plus_g_step(second_player_wins=False), timeout_ms=20_000
    )
    assert verdict.status is Status.UNKNOWN
    assert "not proved, not refuted" in verdict.message
