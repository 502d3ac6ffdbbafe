"""What the induction engines report: lemmas using if-then-else, why a step failed, which
lemma a mutant breaks, the engine named by each part, and Chomp counterexample boards."""

import pytest

from grundy.games.chomp import Chomp
from grundy.theory.chomp import prove_strategy_stealing
from grundy.theory.nim import (
    prove_bouton_unbounded,
    prove_misere_unbounded,
    prove_nim_value_unbounded,
)
from grundy.verdict import UNBOUNDED, Status, combine_verdicts
from grundy.verify.bit_induction import (
    BitwiseLaw,
    NaturalLemma,
    prove_every_width,
    prove_for_all_naturals,
)

TIMEOUT = 20_000


# -- bit induction -------------------------------------------------------------------------


def _least(alg, x, y):
    return alg.ite(alg.lt(x, y), x, y)


def _greatest(alg, x, y):
    return alg.ite(alg.lt(x, y), y, x)


def test_a_lemma_written_with_if_then_else_is_proved_for_all_naturals():
    # min(x, y) <= max(x, y), and min(x, y) ⊕ max(x, y) = x ⊕ y or y ⊕ x: the step reads
    # each ite at full size, so the split algebra must build it from both halves
    def statement(alg, x, y):
        low, high = _least(alg, x, y), _greatest(alg, x, y)
        both = alg.xor(low, high)
        return alg.and_(
            alg.le(low, high), alg.or_(alg.eq(both, alg.xor(x, y)), alg.eq(both, alg.xor(y, x)))
        )

    verdict = prove_for_all_naturals(
        NaturalLemma("min <= max", ("x", "y"), statement), timeout_ms=TIMEOUT
    )
    assert verdict.status is Status.PROVED
    assert verdict.scope == UNBOUNDED


def test_a_false_lemma_with_if_then_else_is_refuted_at_a_real_case():
    # "max(x, y) <= x" fails as soon as y > x; the base (0, 0) holds
    def statement(alg, x, y):
        return alg.le(_greatest(alg, x, y), x)

    verdict = prove_for_all_naturals(
        NaturalLemma("max is x", ("x", "y"), statement), timeout_ms=TIMEOUT
    )
    assert verdict.status is Status.REFUTED
    case = dict(verdict.counterexample)
    assert case == {"x": 0, "y": 1}


def test_a_failed_step_is_explained_without_z3_s_own_words():
    # x ⊕ y <= x holds at 0 but not at (0, 1): the step fails, and the counterexample is
    # re-checked with the real XOR, so the message must not say that no re-check was made
    lemma = NaturalLemma("xor below x", ("x", "y"), lambda a, x, y: a.le(a.xor(x, y), x))
    verdict = prove_for_all_naturals(lemma, timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == {"x": 0, "y": 1}
    assert verdict.message.startswith(
        "xor below x: the step fails (Z3 finds a model of the step's negation), "
    )
    assert "re-checked with the real XOR" in verdict.message
    assert "no independent re-check" not in verdict.message


@pytest.mark.parametrize(
    ("prove", "mutation", "label"),
    [
        (prove_bouton_unbounded, "first-heap", "N7"),
        (prove_nim_value_unbounded, "move-lowers", "N5"),
        (prove_misere_unbounded, "one-cancels", "M2"),
        (prove_misere_unbounded, "normal-endgame", "M5"),
    ],
)
def test_a_refuted_mutant_names_the_lemma_the_decomposition_cites(prove, mutation, label):
    # the proof's decomposition cites its lemmas by label (N7, M2, ...); a refutation
    # must name the broken lemma by that same label, marked as the mutant
    cited = " ".join(prove(timeout_ms=TIMEOUT).details["decomposition"])
    assert label in cited
    verdict = prove(timeout_ms=TIMEOUT, mutation=mutation)
    assert verdict.status is Status.REFUTED
    assert verdict.message.startswith(f"{label} (mutant) ")


# -- width induction -----------------------------------------------------------------------


def test_both_parts_of_a_width_induction_name_the_same_engine():
    law = BitwiseLaw(
        "commutative",
        ("x", "y"),
        lambda f, v: f(v[0], v[1]) == f(v[1], v[0]),
        lambda c: c["x"] ^ c["y"] == c["y"] ^ c["x"],
    )
    verdict = prove_every_width(law, timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED
    assert [part.method for part in verdict.parts] == ["z3", "z3"]
    # combined, one engine is named once
    assert combine_verdicts(verdict.parts).method == "z3"


# -- Chomp: the counterexample board -------------------------------------------------------


def test_the_single_square_counterexample_is_a_board_with_no_first_bite():
    verdict = prove_strategy_stealing(least_area=1, timeout_ms=30_000)
    assert verdict.status is Status.REFUTED
    example = verdict.counterexample
    board = Chomp().from_value(example["position"])
    assert board == (example["b"],) * example["a"] == (1,)
    assert list(Chomp().moves(board)) == []  # nothing to steal with


def test_the_wrong_bite_counterexample_is_a_board_without_that_bite():
    verdict = prove_strategy_stealing("next-to-poison", timeout_ms=30_000)
    assert verdict.status is Status.REFUTED
    example = verdict.counterexample
    board = Chomp().from_value(example["position"])
    assert board == (example["b"],) * example["a"]
    labels = [label for _, label in Chomp().labelled_moves(board)]
    assert "bite (1,2)" not in labels
