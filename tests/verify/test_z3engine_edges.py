"""The Z3 engine's less travelled paths: least counterexamples under integer and
unsigned measures, and what an ``unknown`` verdict carries."""

from __future__ import annotations

import z3

from grundy.verdict import Status
from grundy.verify.z3engine import model_values, prove_z3

TIMEOUT = 20_000


def test_least_counterexample_under_an_integer_measure():
    x = z3.Int("x")
    # fails for every x >= 3: the least counterexample by x is 3; a search that used
    # "< bound" or asked for a positive measure would miss it or stop above it
    verdict = prove_z3(
        z3.Implies(x >= 0, x < 3),
        scope="x >= 0",
        timeout_ms=TIMEOUT,
        decode=lambda model: model_values(model, [x]),
        recheck=lambda case: case["x"] < 3 or case["x"] < 0,
        minimise=x,
    )
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == {"x": 3}


def test_least_counterexample_is_zero_when_zero_fails():
    x = z3.Int("x")
    verdict = prove_z3(
        z3.Implies(x >= 0, x > 5),
        scope="x >= 0",
        timeout_ms=TIMEOUT,
        decode=lambda model: model_values(model, [x]),
        recheck=lambda case: case["x"] > 5,
        minimise=x,
    )
    assert dict(verdict.counterexample) == {"x": 0}


def test_least_counterexample_compares_bit_vectors_unsigned():
    x = z3.BitVec("x", 8)
    # fails exactly for x >= 200, which are negative as signed bytes
    verdict = prove_z3(
        z3.ULT(x, 200),
        scope="8-bit x",
        timeout_ms=TIMEOUT,
        decode=lambda model: model_values(model, [x]),
        recheck=lambda case: case["x"] < 200,
        minimise=x,
    )
    assert dict(verdict.counterexample) == {"x": 200}


def test_an_unknown_verdict_keeps_method_scope_details_and_a_sane_time():
    x = z3.BitVec("x", 8)
    verdict = prove_z3(x != 3, scope="8-bit x", timeout_ms=TIMEOUT, method="z3-test", seed=5)
    assert verdict.status is Status.UNKNOWN  # a model, but no re-check was given
    assert verdict.method == "z3-test"
    assert verdict.scope == "8-bit x"
    assert verdict.details["seed"] == 5
    assert "solver" in verdict.details
    assert 0 <= verdict.seconds < 60


def test_the_least_model_search_reaches_a_measure_of_zero_from_any_start():
    from grundy.verify.z3engine import _least_model

    x = z3.Int("x")
    start = z3.Solver()
    start.add(x == 5)
    assert start.check() == z3.sat
    solver = z3.Solver()
    solver.add(x >= 0)  # every x >= 0 is a model; the least by x is 0, not the start's 5
    best = _least_model(solver, start.model(), x, (10_000, None))  # 10 s a query, no meter
    assert best.eval(x, model_completion=True).as_long() == 0
