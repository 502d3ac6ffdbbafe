"""Lucky Nim's statements for unknown m and n, written in the heap's coordinates
k = p·M + r (issue 39): linear in the unknowns, so that cvc5 re-proves them (it left all
four to Z3 alone while they divided by m + n), and as strong as the division form."""

from __future__ import annotations

import pytest
import z3

import grundy.verify.smt as smt
from grundy.smt_record import collecting_queries
from grundy.theory import lucky_nim as enc
from grundy.verdict import Status

TIMEOUT = 20_000


def _heap() -> tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef, enc._Heap]:
    m, n, k = z3.Ints("m n k")
    return m, n, k, enc._Heap.named(k, m + n)


def _has_no_model(*facts: z3.BoolRef) -> bool:
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT)
    solver.add(*facts)
    return solver.check() == z3.unsat


def test_the_coordinates_read_omega_as_the_division_does():
    # the side lemma the new encodings rest on, for every M >= 1 and every heap k = p·M + r:
    # what a move of t counters leaves (0 <= t < 2M from the place r, `within`) has the Ω
    # read by division.  Z3 decides it at once in four linear steps (asked in one piece,
    # it may take a minute): the quotient of k - t - 1 by M is p - j for the block j the
    # reading picks, the heap is not emptied exactly when p - j >= 0, the reading is the
    # parity of p - j, and together these are Ω by division.
    m, n, k, heap = _heap()
    t = z3.Int("t")
    p, r, block = heap.p, heap.r, m + n
    on_a_heap = [m >= 1, n >= 0, k >= 1, *heap.premises(), heap.within(t)]
    j = z3.If(r - t >= 1, 0, z3.If(r - t >= 1 - block, 1, 2))
    steps = [
        (k - t - 1) / block == p - j,
        (k - t >= 1) == (p - j >= 0),
        heap.omega_after(t) == z3.And(p - j >= 0, (p - j) % 2 == 0),
    ]
    for done, step in enumerate(steps):
        assert _has_no_model(*on_a_heap, *steps[:done], z3.Not(step)), step
    by_division = enc._omega(enc._left(k, t), block)
    assert _has_no_model(*on_a_heap, *steps, heap.omega_after(t) != by_division)
    # the place r and the first block, as the statements read them
    assert _has_no_model(*on_a_heap, (k - 1) / block != p)
    assert _has_no_model(*on_a_heap, (heap.p == 0) != (k <= block))
    # and every heap k >= 1 has coordinates (p = (k - 1) div M): the statements leave none out
    quotient = (k - 1) / block
    found = [(heap.p, quotient), (heap.r, k - quotient * block)]
    has_them = z3.substitute(z3.And(heap.premises()), *found)
    assert _has_no_model(m >= 1, n >= 0, k >= 1, z3.Not(has_them))


def test_the_reading_is_wrong_beyond_its_range_so_each_goal_proves_the_range():
    # without `within` a goal could rest on a wrong Ω: from the place r = 1, taking
    # 2M + 1 counters reaches block p - 3, where the reading says block p - 2
    m, n, k, heap = _heap()
    at = {m: 1, n: 1, k: 7, heap.p: 3, heap.r: 1}
    pairs = [(v, z3.IntVal(value)) for v, value in at.items()]

    def value(term: z3.ExprRef) -> bool:
        return z3.is_true(z3.simplify(z3.substitute(term, *pairs)))

    assert value(z3.And(heap.premises()))
    assert not value(heap.within(5))
    assert value(heap.omega_after(5)) != bool(enc.lucky_omega(7 - 5, 2))
    for taken in range(5):  # within its range, the reading is Ω
        assert value(heap.within(taken))
        assert value(heap.omega_after(taken)) == bool(enc.lucky_omega(7 - taken, 2))


def _symbolic_proofs() -> list[enc.Encoding]:
    return [
        enc.lucky_mover_wins_symbolic(),
        enc.lucky_opponent_flips_symbolic(),
        enc.winning_numbers(),
        *enc.block_parity_step(),
    ]


@pytest.mark.parametrize("encoding", _symbolic_proofs(), ids=lambda e: e.name)
def test_cvc5_re_proves_each_statement_for_unknown_m_and_n(encoding):
    with collecting_queries("cvc5"):
        verdict = encoding.prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED and verdict.unbounded
    assert verdict.solvers == ("z3", "cvc5")
    (query,) = verdict.smt
    assert "div" not in query.script and "mod (+ m n)" not in query.script


@pytest.mark.parametrize(
    "mutant",
    [
        enc.lucky_mover_wins_symbolic(subtract="n"),
        enc.lucky_opponent_flips_symbolic(guesses_x=True),
        enc.winning_numbers("n"),
        enc.block_parity_step(guesses_x=True)[1],
    ],
    ids=["mover-minus-n", "answer-guesses-x", "answers-beat-some-x", "step-guesses-x"],
)
def test_cvc5_alone_catches_a_first_solver_that_proves_a_mutant(monkeypatch, mutant):
    assert mutant.prove(timeout_ms=TIMEOUT).status is Status.REFUTED
    monkeypatch.setattr(smt, "checked", lambda solver, timeout_ms, meter: z3.unsat)
    with collecting_queries("cvc5"):
        caught = mutant.prove(timeout_ms=TIMEOUT)
    assert caught.status is Status.UNKNOWN
    assert "z3 answered unsat, cvc5 answered sat" in caught.message
    with collecting_queries("none"):
        fooled = mutant.prove(timeout_ms=TIMEOUT)
    assert fooled.status is Status.PROVED
