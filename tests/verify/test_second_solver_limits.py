"""The second solver's limit is work, not time (issue 39): cvc5 is given a number of its
resource units read from the query, so that the same query gets the same answer on a
quiet machine and on a loaded one; a wall-time backstop remains, and the record says
when it, not the resource limit, ended a try.  And the encodings of Bouton's steps are
ones cvc5 decides within that limit, so that the library's proofs rest on both solvers."""

from __future__ import annotations

import subprocess
import sys

import pytest
import z3

import grundy.verify.second_solver as second_solver
import grundy.verify.smt as smt
from grundy.smt_record import collecting_queries, smt_file_text
from grundy.theory.bouton import _top_bit, bouton_move_to_zero, first_heap_move
from grundy.verdict import Status
from grundy.verify.z3engine import prove_z3

TIMEOUT = 20_000


def _script(goal: z3.BoolRef) -> str:
    solver = z3.Solver()
    solver.add(z3.Not(goal))
    return smt.standard_smtlib(solver.sexpr())


def _fresh(text: str, backstop_ms: int = 60_000, resources: int | None = None):
    second_solver._ANSWERS.clear()  # asked anew, not answered from memory
    return second_solver.solve_smt2("cvc5", text, backstop_ms, resources)


def _burners(count: int) -> list[subprocess.Popen[bytes]]:
    """Processes that keep ``count`` cores busy until they are ended."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


@pytest.mark.slow
def test_the_same_query_gets_the_same_answer_and_work_on_a_loaded_machine():
    text = _script(bouton_move_to_zero(8, 64, "named-sum").goal)
    quiet = _fresh(text)
    assert quiet.answer == "unsat" and quiet.units > 10_000
    short = quiet.units // 2
    cut_quiet = _fresh(text, resources=short)
    burners = _burners(4)  # more than this machine's cores
    try:
        loaded = _fresh(text)
        cut_loaded = _fresh(text, resources=short)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    assert (loaded.answer, loaded.units) == (quiet.answer, quiet.units)
    for cut in (cut_quiet, cut_loaded):
        assert cut.answer == "unknown" and cut.stopped == second_solver.BY_RESOURCES
        assert f"resource limit ({short} units)" in cut.reason
    assert cut_loaded.units == cut_quiet.units


def test_the_limit_does_not_follow_a_slow_clock(monkeypatch):
    # the old limit was three times Z3's time as a clock measured it: a slow clock (here
    # a clock that says every query took ten seconds) gave cvc5 more time
    ticks = iter(range(0, 10**9, 10))
    monkeypatch.setattr("time.perf_counter", lambda: float(next(ticks)))
    asked: list[tuple[int, int]] = []
    real = second_solver._cvc5

    def recording(text, resources, backstop_ms):
        asked.append((resources, backstop_ms))
        return real(text, resources, backstop_ms)

    monkeypatch.setattr(second_solver, "_cvc5", recording)
    second_solver._ANSWERS.clear()
    x = z3.BitVec("x", 8)
    with collecting_queries("cvc5"):
        verdict = prove_z3(x ^ x == 0, scope="bounded: 8-bit x", timeout_ms=TIMEOUT)
    assert verdict.solvers == ("z3", "cvc5")
    assert asked == [(second_solver.RESOURCES, smt.BACKSTOP_MS)]


def test_a_try_the_backstop_ends_says_so_in_the_record(monkeypatch):
    monkeypatch.setattr(smt, "BACKSTOP_MS", 1)
    second_solver._ANSWERS.clear()
    with collecting_queries("cvc5"):
        verdict = bouton_move_to_zero(8, 64, "named-sum").prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED and verdict.solvers == ("z3",)
    (query,) = verdict.smt
    assert query.answers == (("z3", "unsat"), ("cvc5", "unknown"))
    assert query.stopped == (("cvc5", second_solver.BY_BACKSTOP),)
    assert query.to_json()["stopped"] == {"cvc5": "wall-time backstop"}
    assert "cvc5 unknown (wall-time backstop)" in smt_file_text(query, "c")


def test_a_try_the_resource_limit_ends_says_so_too(monkeypatch):
    monkeypatch.setattr(second_solver, "RESOURCES", 1_000)
    second_solver._ANSWERS.clear()
    with collecting_queries("cvc5"):
        verdict = bouton_move_to_zero(4, 64, "named-sum").prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED and verdict.solvers == ("z3",)
    (query,) = verdict.smt
    assert query.stopped == (("cvc5", second_solver.BY_RESOURCES),)
    assert "cvc5 unknown (resource limit)" in query.answers_text
    # an answer within the limits records no stop
    monkeypatch.undo()
    second_solver._ANSWERS.clear()
    with collecting_queries("cvc5"):
        again = bouton_move_to_zero(4, 64, "named-sum").prove(timeout_ms=TIMEOUT)
    assert again.solvers == ("z3", "cvc5") and again.smt[0].stopped == ()


@pytest.mark.parametrize("encoding", ["named-sum", "named-top-bit"])
def test_a_bouton_step_rests_on_both_solvers(encoding):
    # before: the top bit was a chain of 64 if-then-elses, and cvc5 had no extended
    # rewriter: it needed 1.1 s of work here (16 heaps: 5 s), beyond the three times
    # Z3's time it was given, and the proof rested on Z3 alone
    second_solver._ANSWERS.clear()
    with collecting_queries("cvc5"):
        verdict = bouton_move_to_zero(4, 64, encoding).prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED
    assert verdict.solvers == ("z3", "cvc5"), verdict.smt[0].answers


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["named-sum", "named-top-bit"])
def test_cvc5_re_proves_bouton_s_step_for_16_heaps_of_64_bits(encoding):
    text = _script(bouton_move_to_zero(16, 64, encoding).goal)
    found = _fresh(text)
    assert found.answer == "unsat", found.reason
    assert found.units < second_solver.RESOURCES // 3  # with room to spare


def test_the_smeared_top_bit_is_the_highest_set_bit():
    s = z3.BitVec("s", 64)
    chain = z3.BitVecVal(0, 64)
    for bit in range(64):
        chain = z3.If(z3.Extract(bit, bit, s) == 1, z3.BitVecVal(1 << bit, 64), chain)
    solver = z3.Solver()
    solver.add(_top_bit(s, 64) != chain)
    assert solver.check() == z3.unsat
    for value in (0, 1, 2, 3, 5, 2**63, 2**64 - 1, 0x0F00):
        found = z3.simplify(_top_bit(z3.BitVecVal(value, 64), 64)).as_long()
        assert found == (1 << (value.bit_length() - 1) if value else 0)


def test_a_lying_first_solver_is_still_caught_on_bouton_s_shape(monkeypatch):
    # the mutant "the first heap always has the move" is false; Z3 made to lie
    false = first_heap_move(16, 64)
    monkeypatch.setattr(smt, "checked", lambda solver, timeout_ms, meter: z3.unsat)
    second_solver._ANSWERS.clear()
    with collecting_queries("cvc5"):
        caught = false.prove(timeout_ms=TIMEOUT)
    assert caught.status is Status.UNKNOWN
    assert "z3 answered unsat, cvc5 answered sat" in caught.message
    with collecting_queries("none"):
        fooled = false.prove(timeout_ms=TIMEOUT)
    assert fooled.status is Status.PROVED  # without cvc5 the lie is a proof
