"""The query shapes cvc5 is known not to decide (Lucky Nim's nested divisions, divisions
by a variable) get only a short try from it, a few of its resource units (issue 39: the
cost of the second solver); a proof on such a query says it rests on Z3 alone when the
try ends without an answer, and the try still catches a first solver that lies."""

from __future__ import annotations

import time

import pytest
import z3

import grundy.verify.second_solver as second_solver
import grundy.verify.smt as smt
from grundy.smt_record import collecting_queries
from grundy.verdict import Status
from grundy.verify.second_solver import SecondAnswer
from grundy.verify.smt_shape import parsed, second_solver_hard
from grundy.verify.z3engine import prove_z3

TIMEOUT = 20_000
NESTED = "a division or remainder of a quotient or remainder"
BY_TERM = "a division or remainder by a term that is not a number"


@pytest.mark.parametrize(
    ("script", "reason"),
    [
        ("(declare-fun k () Int)(assert (= (mod (div (- k 1) 3) 2) 0))", NESTED),
        # Z3 shares subterms as let names: the nesting is seen through them
        ("(assert (let ((a!1 (div k 3))) (let ((a!2 a!1)) (= (mod a!2 2) 0))))", NESTED),
        ("(assert (= (div k (+ m n)) 1))", BY_TERM),
        ("(assert (= (mod k m) 1))", BY_TERM),
        ("(assert (forall ((x Int)) (= (div (mod x 4) 2) 0)))", NESTED),
        # the bit inductions and P-set induction: cvc5 decides these, they stay hard-free
        ("(assert (= (div x 2) (div y 2)))", None),
        ("(assert (= (mod x0 4) (mod (+ y0 1) 4)))", None),
        ("(assert (= (div x (- 2)) 0))", None),
        ("(assert (let ((a!1 (div k 3))) (= (+ a!1 (mod k 3)) 0)))", None),
        # a let name that shadows nothing divided: not nested
        ("(assert (let ((a!1 (+ k 3))) (= (mod a!1 2) 0)))", None),
        # bit-vectors: indexed operators, no integer division
        ("(declare-fun x () (_ BitVec 8))(assert (= ((_ extract 3 0) x) #x0))", None),
        ("(assert (= (bvudiv (bvudiv x #x02) #x02) #x00))", None),
        ("(assert (> x", None),  # unreadable: the solver says so itself
    ],
)
def test_the_shapes_the_second_solver_does_not_decide(script, reason):
    assert second_solver_hard(script) == reason


def test_parsed_refuses_unbalanced_text():
    with pytest.raises(ValueError, match="unbalanced"):
        parsed("(assert x))")
    assert parsed('(echo "a ) b") ; )') == [["echo", '"a ) b"']]


def _limits_asked(monkeypatch) -> list[tuple[int, int]]:
    """The second solver's (resource units, backstop in ms) on each query it is given, as
    they are asked for."""
    real = second_solver._cvc5
    asked: list[tuple[int, int]] = []

    def recording(text, resources, backstop_ms):
        asked.append((resources, backstop_ms))
        return real(text, resources, backstop_ms)

    monkeypatch.setattr(second_solver, "_cvc5", recording)
    second_solver._ANSWERS.clear()
    return asked


def test_a_hard_shape_gets_a_short_try_however_long_z3_took(monkeypatch):
    asked = _limits_asked(monkeypatch)
    real_check = smt.checked

    def slow(solver, timeout_ms, meter):  # Z3 made to take 0.3 s longer on each query
        time.sleep(0.3)
        return real_check(solver, timeout_ms, meter)

    monkeypatch.setattr(smt, "checked", slow)
    k = z3.Int("k")
    plain = z3.BitVec("x", 8)
    with collecting_queries("cvc5"):
        easy = prove_z3(plain ^ plain == 0, scope="bounded: 8-bit x", timeout_ms=TIMEOUT)
        nested = prove_z3(k / 6 % 2 < 2, scope="every integer k", timeout_ms=TIMEOUT)
    assert easy.status is Status.PROVED and nested.status is Status.PROVED
    # the units are read from the query, not from Z3's time; the backstop is the same
    assert asked == [
        (second_solver.RESOURCES, smt.BACKSTOP_MS),
        (second_solver.HARD_RESOURCES, smt.BACKSTOP_MS),
    ]
    # cvc5 answered in its short try or not: the proof says which solvers agreed
    (query,) = nested.smt
    assert nested.solvers == query.agreed
    assert query.answers[0] == ("z3", "unsat") and query.answers[1][0] == "cvc5"


def test_a_proof_whose_short_try_ends_unanswered_rests_on_z3_alone(monkeypatch):
    # cvc5's try ending at its time limit, as on most of Lucky Nim's queries
    monkeypatch.setattr(
        smt, "solve_smt2", lambda solver, text, ms: SecondAnswer("unknown", "timeout")
    )
    k = z3.Int("k")
    with collecting_queries("cvc5"):
        verdict = prove_z3(k / 6 % 2 < 2, scope="every integer k", timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED
    assert verdict.solvers == ("z3",)
    assert verdict.to_json()["solvers"] == ["z3"]
    assert verdict.smt[0].answers == (("z3", "unsat"), ("cvc5", "unknown"))


def test_the_short_try_still_catches_a_first_solver_that_lies(monkeypatch):
    k = z3.Int("k")
    false_goal = z3.Implies(k >= 0, k / 3 % 2 == 0)  # fails at k = 3
    assert second_solver_hard(_script_of(false_goal)) == NESTED
    monkeypatch.setattr(smt, "checked", lambda solver, timeout_ms, meter: z3.unsat)
    with collecting_queries("cvc5"):
        caught = prove_z3(false_goal, scope="every integer k", timeout_ms=TIMEOUT)
    assert caught.status is Status.UNKNOWN
    assert "z3 answered unsat, cvc5 answered sat" in caught.message
    # the mutant: without the second solver the lie is a proof (only cvc5 refutes it)
    with collecting_queries("none"):
        fooled = prove_z3(false_goal, scope="every integer k", timeout_ms=TIMEOUT)
    assert fooled.status is Status.PROVED


def _script_of(goal: z3.BoolRef) -> str:
    solver = z3.Solver()
    solver.add(z3.Not(goal))
    return smt.standard_smtlib(solver.sexpr())
