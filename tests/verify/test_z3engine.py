"""The Z3 wrapper maps unsat / sat / unknown to proved / refuted / unknown honestly."""

import z3

from grundy.verdict import Status
from grundy.verify.z3engine import model_values, prove_z3


def test_a_true_goal_is_proved_with_scope_and_statistics():
    x, y, z = z3.BitVecs("x y z", 16)
    verdict = prove_z3((x ^ y) ^ z == x ^ (y ^ z), scope="bounded: 16-bit", timeout_ms=10_000)
    assert verdict.status is Status.PROVED
    assert verdict.scope == "bounded: 16-bit"
    assert "solver" in verdict.details
    assert verdict.counterexample is None


def test_a_false_goal_is_refuted_with_the_least_rechecked_counterexample():
    x, y = z3.BitVecs("x y", 8)
    checked = []

    def recheck(case):
        checked.append(dict(case))
        return (case["x"] ^ case["y"]) == case["x"] + case["y"]

    verdict = prove_z3(
        z3.ZeroExt(1, x ^ y) == z3.ZeroExt(1, x) + z3.ZeroExt(1, y),
        scope="bounded: 8-bit",
        timeout_ms=10_000,
        decode=lambda model: model_values(model, [x, y]),
        recheck=recheck,
        minimise=z3.ZeroExt(8, x) + z3.ZeroExt(8, y),
    )
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == {"x": 1, "y": 1}
    assert checked == [{"x": 1, "y": 1}]


def test_a_model_the_recheck_accepts_is_unknown_not_refuted():
    # A deliberately wrong encoding: Z3 finds a "counterexample" that is not one.
    x = z3.BitVec("x", 8)
    verdict = prove_z3(
        x == 0,
        scope="bounded",
        timeout_ms=10_000,
        decode=lambda model: model_values(model, [x]),
        recheck=lambda case: True,
    )
    assert verdict.status is Status.UNKNOWN
    assert "encoding is wrong" in verdict.message


def test_a_model_without_a_recheck_is_unknown():
    x = z3.BitVec("x", 8)
    verdict = prove_z3(x == 0, scope="bounded", timeout_ms=10_000)
    assert verdict.status is Status.UNKNOWN


def test_a_timeout_is_unknown_never_proved():
    # Nonlinear integer arithmetic with a 1 ms budget: Z3 gives up.
    a, b, c = z3.Ints("a b c")
    goal = z3.Implies(
        z3.And(a > 1, b > 1, c > 1), a * a * a + b * b * b != c * c * c + 1729 * a * b
    )
    verdict = prove_z3(goal, scope="unbounded", timeout_ms=1)
    assert verdict.status is Status.UNKNOWN
    assert "unknown" in verdict.message


def test_an_undecidable_quantified_goal_is_unknown():
    # An uninterpreted function under a quantifier: Z3's model-based instantiation
    # cannot settle this within the budget, so the verdict must not be "proved".
    f = z3.Function("f", z3.IntSort(), z3.IntSort())
    n = z3.Int("n")
    goal = z3.Implies(z3.ForAll([n], f(n + 1) == f(n) * f(n) + 1), f(7) != 12345678901)
    verdict = prove_z3(goal, scope="unbounded", timeout_ms=200)
    assert verdict.status is Status.UNKNOWN
    assert verdict.message.startswith("Z3 answered unknown")


def test_assumed_lemmas_are_recorded():
    x = z3.Int("x")
    verdict = prove_z3(
        x > 0, scope="unbounded", timeout_ms=5000, assumptions=[x > 5], lemmas=["x exceeds 5"]
    )
    assert verdict.status is Status.PROVED
    assert verdict.details["lemmas"] == ["x exceeds 5"]


def test_the_same_seed_gives_the_same_counterexample():
    x, y = z3.BitVecs("x y", 32)

    def run():
        return prove_z3(
            x * y != 391,
            scope="bounded",
            timeout_ms=10_000,
            decode=lambda model: model_values(model, [x, y]),
            recheck=lambda c: (c["x"] * c["y"]) % 2**32 != 391,
            seed=7,
        ).counterexample

    assert run() == run()
