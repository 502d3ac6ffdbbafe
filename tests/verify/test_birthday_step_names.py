"""Each birthday-induction step is named by the statement it proves, and its deliberately
false variant (a mutant) by a different statement: a report or a test id must never show
the false claim under the true claim's name."""

import pytest

from grundy.theory import sprague_grundy_steps as bi
from grundy.verify import birthday_induction as engine

# each step with its false variant, as the steps' own parameters describe them
PAIRS = [
    (bi.g_plus_g_step(), bi.g_plus_g_step(second_player_wins=False)),
    (bi.zero_iff_p_step(), bi.zero_iff_p_step(zero_means_p=False)),
    (bi.plus_own_star_step(), bi.plus_own_star_step(shift=1)),
    (bi.p_plus_p_step(), bi.p_plus_p_step(sum_is_p=False)),
    (bi.p_plus_n_step(), bi.p_plus_n_step(sum_is_n=False)),
    (bi.sum_with_zero_step(), bi.sum_with_zero_step(claimed_p=True)),
    (bi.zero_iff_second_player_step(), bi.zero_iff_second_player_step(zero_means_terminal=True)),
    (bi.add_p_position_step(), bi.add_p_position_step(needs_p=False)),
    (bi.sum_rule_step(), bi.sum_rule_step("sum")),
]


@pytest.mark.parametrize(
    ("true_step", "false_step"),
    PAIRS,
    ids=[true.name.replace("⊕", "xor") for true, _ in PAIRS],
)
def test_a_step_and_its_false_variant_have_different_names(true_step, false_step):
    assert true_step.name != false_step.name
    # and the names are not just labels: the true one holds on the forms born by day 3,
    # the false one fails on one of them
    assert engine._least_counterexample(true_step) is None
    assert engine._least_counterexample(false_step) is not None


def test_the_sum_rule_is_named_by_its_operation():
    # the Sprague-Grundy sum rule adds values by nim-sum (xor); the false variant claims
    # the ordinary sum, refuted by *1 + *1 = 0 although 1 + 1 = 2
    assert bi.sum_rule_step().name == "G(G + H) = G(G) ⊕ G(H)"
    assert bi.sum_rule_step("sum").name == "G(G + H) = G(G) + G(H)"
    assert engine._least_counterexample(bi.sum_rule_step("sum")) == {"G": "{0}", "H": "{0}"}
