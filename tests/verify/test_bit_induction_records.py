"""Bit induction: order facts about naturals are proved (the full-size "<" is the real
order), a failed lemma set reports the time of the whole set, and the Nim theorems
record the seed they were asked for."""

import pytest

from grundy.theory.nim import (
    prove_bouton_unbounded,
    prove_misere_unbounded,
    prove_nim_value_unbounded,
)
from grundy.verdict import Status
from grundy.verify.bit_induction import NaturalLemma, prove_for_all_naturals, prove_lemma_set

TIMEOUT = 20_000

ORDER_FACTS = [
    # x < y and y < x never hold together (the order is asymmetric)
    NaturalLemma(
        "less is asymmetric",
        ("x", "y"),
        lambda a, x, y: a.not_(a.and_(a.lt(x, y), a.lt(y, x))),
    ),
    # x and x xor 1 differ in the low bit only, so one of them is the smaller
    NaturalLemma(
        "flipping the low bit moves up or down",
        ("x",),
        lambda a, x: a.or_(a.lt(x, a.xor(x, a.const(1))), a.lt(a.xor(x, a.const(1)), x)),
    ),
    # 2 < 1 is false although its low bits are 0 < 1: the halves decide first
    NaturalLemma(
        "the halves decide the order",
        ("x",),
        lambda a, x: a.not_(a.lt(a.const(2), a.const(1))),
    ),
]


@pytest.mark.parametrize("lemma", ORDER_FACTS, ids=lambda lemma: lemma.name.replace(" ", "-"))
def test_true_order_facts_are_proved_for_all_naturals(lemma):
    # the step reads "<" at full size on 2 v' + b: it must be the order of the naturals
    # (halves first, then the low bit), or true statements about it fail to be proved
    verdict = prove_for_all_naturals(lemma, timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED, verdict.message


def test_a_failed_lemma_set_reports_the_time_of_every_lemma_tried():
    commutes = NaturalLemma(
        "xor commutes", ("x", "y"), lambda a, x, y: a.eq(a.xor(x, y), a.xor(y, x))
    )
    below = NaturalLemma("xor below x", ("x", "y"), lambda a, x, y: a.le(a.xor(x, y), x))
    verdict = prove_lemma_set(
        [commutes, below], timeout_ms=TIMEOUT, conclusion="", decomposition=[]
    )
    assert verdict.status is Status.REFUTED
    assert [part.status for part in verdict.parts] == [Status.PROVED, Status.REFUTED]
    # the verdict times the whole set, including the lemma proved before the failure
    assert verdict.seconds >= sum(part.seconds for part in verdict.parts)


@pytest.mark.parametrize(
    "prove", [prove_nim_value_unbounded, prove_bouton_unbounded, prove_misere_unbounded]
)
@pytest.mark.parametrize("mutation", [None, "mutant"])
def test_every_z3_step_of_a_nim_theorem_uses_the_seed_asked_for(prove, mutation):
    # a stated seed must be the one every Z3 query ran with, so the run can be reproduced
    mutations = {
        prove_nim_value_unbounded: "move-lowers",
        prove_bouton_unbounded: "first-heap",
        prove_misere_unbounded: "one-cancels",
    }
    verdict = prove(timeout_ms=TIMEOUT, seed=7, mutation=mutation and mutations[prove])
    assert verdict.status is (Status.PROVED if mutation is None else Status.REFUTED)
    seeds = [part.details["seed"] for part in verdict.parts if part.method == "bit-induction"]
    assert seeds and set(seeds) == {7}
