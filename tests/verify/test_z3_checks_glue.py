"""The glue between nim encodings and theorem checks: exhaustive scopes, a Z3 proof as the
headline, conjunctions of Z3 parts, and checks that run Z3 and exhaustion together."""

from grundy.library import CheckSettings
from grundy.verdict import Status
from grundy.verify import nim_encodings as enc
from grundy.verify.z3_checks import (
    all_proved,
    exhaustive_encoding,
    headline_z3,
    z3_and_exhaustive,
)

TIMEOUT = 20_000


def test_an_exhaustive_check_states_each_variable_and_the_bound():
    verdict = exhaustive_encoding(enc.commutativity(3), 7)
    assert verdict.status is Status.PROVED
    assert verdict.cases == 64
    assert verdict.scope == "bounded: x, y in 0..7"
    three = exhaustive_encoding(enc.associativity(2), 3)
    assert three.scope == "bounded: x, y, z in 0..3"
    assert three.cases == 64


def test_a_conjunction_of_z3_proofs_is_a_z3_proof_and_heads_a_combined_verdict():
    parts = [builder(8).prove(timeout_ms=TIMEOUT) for builder in (enc.identity, enc.self_inverse)]
    conjunction = all_proved(parts, scope="bounded: x < 2^8")
    assert conjunction.status is Status.PROVED
    assert conjunction.method == "z3"
    assert conjunction.parts == tuple(parts)
    # the Z3 conjunction (the larger scope) is the headline over a bounded exhaustion
    exhaustive = exhaustive_encoding(enc.identity(3), 7)
    headline = headline_z3([exhaustive, conjunction])
    assert headline.status is Status.PROVED
    assert headline.scope == "bounded: x < 2^8"


def test_z3_and_exhaustion_prove_a_true_law_at_full_and_quick_sizes():
    check = z3_and_exhaustive(
        lambda: enc.commutativity(16),
        lambda: enc.commutativity(3),
        7,
        quick=lambda: enc.commutativity(8),
        quick_bound=3,
    )
    full = check(CheckSettings(z3_timeout_ms=TIMEOUT))
    assert full.status is Status.PROVED
    assert full.scope == "bounded: x, y < 2^16"  # the Z3 proof is the headline
    assert [part.status for part in full.parts] == [Status.PROVED, Status.PROVED]
    assert full.parts[0].scope == "bounded: x, y in 0..7"
    assert full.parts[0].cases == 64
    quick = check(CheckSettings(quick=True, z3_timeout_ms=TIMEOUT))
    assert quick.status is Status.PROVED
    assert quick.scope == "bounded: x, y < 2^8"
    assert quick.parts[0].scope == "bounded: x, y in 0..3"
    assert quick.parts[0].cases == 16


def test_z3_and_exhaustion_refute_a_false_law_at_its_least_counterexample():
    check = z3_and_exhaustive(
        lambda: enc.ordinary_addition(16), lambda: enc.ordinary_addition(3), 7
    )
    verdict = check(CheckSettings(z3_timeout_ms=TIMEOUT))
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == {"x": 1, "y": 1}  # 1 xor 1 = 0, not 2
    assert {part.status for part in verdict.parts} == {Status.REFUTED}
