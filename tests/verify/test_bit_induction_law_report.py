"""A law proved by induction on the bit width reports its method and the time it took,
which covers the time of its base and step."""

import pytest

from grundy.theory.nim_sum_laws import CANCEL_RIGHT, COMMUTATIVE, IDENTITY, mex_reaches_below
from grundy.verdict import Status
from grundy.verify.bit_induction import prove_chain, prove_every_width

TIMEOUT = 20_000


@pytest.mark.parametrize(
    "law", [COMMUTATIVE, IDENTITY, CANCEL_RIGHT], ids=["commutative", "identity", "cancel-right"]
)
def test_a_proved_law_reports_the_induction_method_and_its_time(law):
    verdict = prove_every_width(law, timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED and verdict.unbounded
    # the same method name whatever the outcome, so reports group them together
    assert verdict.method == "z3-induction"
    assert [part.method for part in verdict.parts] == ["z3", "z3"]
    # the verdict's time is measured around both Z3 queries
    assert verdict.seconds > 0
    assert verdict.seconds >= sum(part.seconds for part in verdict.parts)


def test_proved_and_refuted_laws_share_the_method_name():
    refuted = prove_every_width(mex_reaches_below(sides="a"), timeout_ms=TIMEOUT)
    assert refuted.status is Status.REFUTED
    proved = prove_every_width(COMMUTATIVE, timeout_ms=TIMEOUT)
    chain = prove_chain([COMMUTATIVE, IDENTITY], timeout_ms=TIMEOUT)
    assert refuted.method == proved.method == chain.method == "z3-induction"
    assert all(part.method == "z3-induction" for part in chain.parts)
