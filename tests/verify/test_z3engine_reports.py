"""What the Z3 engine reports when things go wrong or right (scopes, reasons, the least
counterexample note), how it reads model values, and the exhaustive order's negative ranges."""

import pytest
import z3

from grundy.verdict import Status
from grundy.verify.exhaustive import count_integer_cases, integer_cases
from grundy.verify.z3engine import model_values, prove_z3


def _refute(minimise):
    x = z3.BitVec("x", 8)
    return prove_z3(
        z3.ULT(x, 200),
        scope="bounded: 8-bit x",
        timeout_ms=10_000,
        decode=lambda model: model_values(model, [x]),
        recheck=lambda case: case["x"] < 200,
        minimise=z3.ZeroExt(1, x) if minimise else None,
    )


def test_only_a_minimised_counterexample_is_called_the_least():
    least = _refute(minimise=True)
    assert least.status is Status.REFUTED
    assert dict(least.counterexample) == {"x": 200}
    assert least.message.endswith("(least counterexample by the stated measure)")
    some = _refute(minimise=False)
    assert some.status is Status.REFUTED
    assert some.counterexample["x"] >= 200
    assert "least" not in some.message


def test_a_recheck_that_fails_is_unknown_within_the_stated_scope():
    x = z3.BitVec("x", 8)

    def recheck(case):
        raise ZeroDivisionError("division by zero in the statement")

    verdict = prove_z3(
        x == 0,
        scope="bounded: 8-bit x",
        timeout_ms=10_000,
        decode=lambda model: model_values(model, [x]),
        recheck=recheck,
    )
    assert verdict.status is Status.UNKNOWN
    assert verdict.scope == "bounded: 8-bit x"
    assert "re-checking Z3's model" in verdict.message and "division by zero" in verdict.message


def test_a_failure_inside_z3_is_unknown_with_its_reason_not_a_crash(monkeypatch):
    def broken(self, *args):
        raise z3.Z3Exception("out of memory")

    monkeypatch.setattr(z3.Solver, "check", broken)
    x = z3.BitVec("x", 8)
    verdict = prove_z3(x ^ x == 0, scope="bounded: 8-bit x", timeout_ms=10_000)
    assert verdict.status is Status.UNKNOWN
    assert verdict.scope == "bounded: 8-bit x"
    assert "Z3 failed" in verdict.message and "out of memory" in verdict.message


def test_model_values_reads_truth_values_as_zero_or_one():
    flag, other = z3.Bools("flag other")
    solver = z3.Solver()
    solver.add(flag, z3.Not(other))
    assert solver.check() == z3.sat
    assert model_values(solver.model(), [flag, other]) == {"flag": 1, "other": 0}


def test_model_values_refuses_a_value_that_is_not_an_integer_and_names_it():
    half = z3.Real("half")
    solver = z3.Solver()
    solver.add(half * 2 == 1)
    assert solver.check() == z3.sat
    with pytest.raises(ValueError, match="cannot read 1/2 as an integer"):
        model_values(solver.model(), [half])


def test_integer_cases_with_negative_lows_yields_every_case_once_in_order():
    ranges = {"a": (0, 2), "b": (-3, 1)}
    cases = [tuple(case.values()) for case in integer_cases(ranges)]
    expected = sorted(
        ((a, b) for a in range(0, 3) for b in range(-3, 2)),
        key=lambda case: (sum(case), case),
    )
    assert cases == expected
    assert len(cases) == count_integer_cases(ranges) == 15
