"""Lemma-by-lemma Z3 proofs: each part's message names its lemma, the whole proof is timed,
and lemma D1 speaks about every pair of distinct powers of two (1 included)."""

import itertools

import z3

from grundy.theory.nim_sum import distinct_power_lemmas, prove_distinct_powers_any_count
from grundy.verdict import Status

TIMEOUT = 20_000


def test_each_lemma_part_is_named_and_the_whole_proof_is_timed():
    verdict = prove_distinct_powers_any_count(8, timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED
    names = verdict.details["lemmas"]
    assert len(verdict.parts) == len(names) == 3
    for name, part in zip(names, verdict.parts, strict=True):
        assert part.status is Status.PROVED
        assert part.message.startswith(f"{name}: ")
    # the whole proof took at least as long as its lemmas, and reports as JSON
    assert verdict.seconds >= sum(part.seconds for part in verdict.parts) > 0
    assert verdict.to_json()["seconds"] >= 0


def test_d1_is_about_exactly_the_pairs_of_distinct_powers_of_two():
    # The composition applies D1 to every earlier power, 1 = 2^0 included: a premise that
    # left out some power would prove a weaker lemma than the argument uses.
    width = 3
    name, goal, (p, q), holds = distinct_power_lemmas(width)[0]
    assert name.startswith("D1")
    premise = goal.arg(0)  # D1 is "premise implies p & q == 0"
    powers = {1, 2, 4}
    for vp, vq in itertools.product(range(8), repeat=2):
        fixed = z3.substitute(premise, (p, z3.BitVecVal(vp, width)), (q, z3.BitVecVal(vq, width)))
        expected = vp in powers and vq in powers and vp != vq
        assert z3.is_true(z3.simplify(fixed)) == expected, (vp, vq)
        assert holds({"p": vp, "q": vq})
