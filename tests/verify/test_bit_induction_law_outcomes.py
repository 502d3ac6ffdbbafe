"""Every outcome of a width induction (Z3 unknown, a step open with no counterexample, a
refutation) and of a chain of laws is reported as one z3-induction verdict about every
natural number, timed over its parts, and a chain run with defaults repeats each law's
own run."""

import z3

from grundy.theory.nim_sum_laws import COMMUTATIVE, IDENTITY
from grundy.verdict import UNBOUNDED, Status, Verdict
from grundy.verify import bit_induction
from grundy.verify.bit_induction import BitwiseLaw, prove_chain, prove_every_width

TIMEOUT = 20_000


def _covers_its_parts(verdict):
    return verdict.seconds >= sum(part.seconds for part in verdict.parts) >= 0


def test_a_z3_unknown_is_an_unknown_induction_timed_over_its_parts(monkeypatch):
    def unknown(goal, **kwargs):
        return Verdict(
            Status.UNKNOWN,
            "z3",
            kwargs["scope"],
            message="Z3 answered unknown (timeout)",
        )

    monkeypatch.setattr(bit_induction, "prove_z3", unknown)
    verdict = prove_every_width(COMMUTATIVE, timeout_ms=1)
    assert verdict.status is Status.UNKNOWN
    # reported by the engine that was asked, not by the Z3 query that gave up
    assert verdict.method == "z3-induction"
    assert len(verdict.parts) == 2
    assert _covers_its_parts(verdict)


def test_an_open_step_without_a_counterexample_is_unknown_for_every_natural():
    # true, but one level of the definition is not enough for the step
    law = BitwiseLaw(
        "x ⊕ 64 >= 64 or x >= 64",
        ("x",),
        lambda f, v: z3.Or(f(v[0], 64) >= 64, v[0] >= 64),
        lambda c: c["x"] ^ 64 >= 64 or c["x"] >= 64,
    )
    verdict = prove_every_width(law, timeout_ms=TIMEOUT)
    assert verdict.status is Status.UNKNOWN
    assert verdict.method == "z3-induction"
    assert verdict.scope == UNBOUNDED
    assert _covers_its_parts(verdict)


def test_a_refuted_law_is_refuted_for_the_naturals():
    law = BitwiseLaw(
        "x ⊕ y <= x",
        ("x", "y"),
        lambda f, v: f(v[0], v[1]) <= v[0],
        lambda c: c["x"] ^ c["y"] <= c["x"],
    )
    verdict = prove_every_width(law, timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    assert verdict.method == "z3-induction"
    # the claim refuted is the law for every natural number, by a real case
    assert verdict.scope == UNBOUNDED
    assert verdict.counterexample == {"x": 0, "y": 1}
    assert _covers_its_parts(verdict)


def test_a_proved_chain_is_timed_over_its_laws():
    verdict = prove_chain([COMMUTATIVE, IDENTITY], timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED and verdict.unbounded
    assert len(verdict.parts) == 2
    assert verdict.seconds > 0
    assert _covers_its_parts(verdict)


def _seeds(verdict):
    return [part.details["seed"] for part in verdict.parts]


def test_a_chain_with_default_settings_repeats_each_law_s_own_run():
    # a law proved alone and the same law proved in a chain, both with defaults, are the
    # same Z3 runs (same seed), so the two reports can be compared
    alone = prove_every_width(COMMUTATIVE, timeout_ms=TIMEOUT)
    (in_chain,) = prove_chain([COMMUTATIVE], timeout_ms=TIMEOUT).parts
    assert _seeds(in_chain) == _seeds(alone) == [0, 0]
