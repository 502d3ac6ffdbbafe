"""The glue between nim encodings and theorem checks: exhaustive scopes, a Z3 proof as the
headline, conjunctions of Z3 parts, and a refutation over a proof."""

from grundy.theory import nim_sum
from grundy.verdict import Status
from grundy.verify.z3_checks import (
    all_proved,
    exhaustive_encoding,
    headline_z3,
)

TIMEOUT = 20_000


def test_an_exhaustive_check_states_each_variable_and_the_bound():
    verdict = exhaustive_encoding(nim_sum.commutativity(3), 7)
    assert verdict.status is Status.PROVED
    assert verdict.cases == 64
    assert verdict.scope == "bounded: x, y in 0..7"
    three = exhaustive_encoding(nim_sum.associativity(2), 3)
    assert three.scope == "bounded: x, y, z in 0..3"
    assert three.cases == 64


def test_a_conjunction_of_z3_proofs_is_a_z3_proof_and_heads_a_combined_verdict():
    parts = [
        builder(8).prove(timeout_ms=TIMEOUT) for builder in (nim_sum.identity, nim_sum.self_inverse)
    ]
    conjunction = all_proved(parts, scope="bounded: x < 2^8")
    assert conjunction.status is Status.PROVED
    assert conjunction.method == "z3"
    assert conjunction.parts == tuple(parts)
    # the Z3 conjunction (the larger scope) is the headline over a bounded exhaustion
    exhaustive = exhaustive_encoding(nim_sum.identity(3), 7)
    headline = headline_z3([exhaustive, conjunction])
    assert headline.status is Status.PROVED
    assert headline.scope == "bounded: x < 2^8"


def test_a_refutation_heads_a_combined_verdict_over_a_z3_proof():
    proof = nim_sum.commutativity(16).prove(timeout_ms=TIMEOUT)
    refuted = exhaustive_encoding(nim_sum.ordinary_addition(3), 7)
    assert proof.status is Status.PROVED
    assert refuted.status is Status.REFUTED
    verdict = headline_z3([proof, refuted])
    assert verdict.status is Status.REFUTED
    assert verdict.scope == refuted.scope == "bounded: x, y in 0..7"
    assert dict(verdict.counterexample) == {"x": 1, "y": 1}  # 1 xor 1 = 0, not 2
    assert [part.status for part in verdict.parts] == [Status.PROVED, Status.REFUTED]
