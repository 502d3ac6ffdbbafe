"""Lucky Nim's encodings for fixed m, n: the scope names the numbers only when they are not
all of [m, n], and every reading's plain twin (the sequential one included) says what its
Z3 goal says on every small heap."""

import pytest
import z3

from grundy.theory import lucky_nim as enc
from grundy.verdict import Status


def _goal_at(encoding, heap) -> bool:
    """The Z3 goal evaluated at one heap k."""
    (k,) = encoding.variables
    value = z3.simplify(z3.substitute(encoding.goal, (k, z3.IntVal(heap))))
    assert z3.is_true(value) or z3.is_false(value), (heap, value)
    return z3.is_true(value)


def _disagreements(encoding, heaps=range(-2, 40)):
    return [k for k in heaps if _goal_at(encoding, k) != encoding.holds({"k": k})]


def test_the_scope_names_the_numbers_only_when_some_are_left_out():
    # the default numbers are all of [m, n], which "m = 2, n = 4" already says
    for encoding in [enc.lucky_mover_wins(2, 4), enc.lucky_opponent_flips(2, 4)]:
        assert encoding.scope == "unbounded heap k, with m = 2, n = 4"
    assert enc.lucky_opponent_flips(2, 4, (2, 3, 4)).scope == "unbounded heap k, with m = 2, n = 4"
    # the "ends-only" mutant leaves out 2 and 3: its verdict must say which numbers it used
    verdict = enc.lucky_opponent_flips(1, 4, (1, 4)).prove(timeout_ms=20_000)
    assert verdict.status is Status.REFUTED
    assert verdict.scope == "unbounded heap k, with m = 1, n = 4, numbers {1, 4}"


@pytest.mark.parametrize("sees_x", [False, True], ids=["simultaneous", "sequential"])
@pytest.mark.parametrize(
    ("low", "high", "numbers"),
    [(1, 2, None), (2, 4, None), (1, 4, (1, 4)), (2, 3, (2,))],
    ids=["1-2", "2-4", "ends-only", "one-number"],
)
def test_the_opponent_twin_agrees_with_its_goal(low, high, numbers, sees_x):
    # the twin re-checks Z3's models; the sequential reading (the opponent sees x) is
    # the one tests compare against, so its twin must be right too
    encoding = enc.lucky_opponent_flips(low, high, numbers, sees_x=sees_x)
    assert _disagreements(encoding) == []


def test_the_sequential_reading_lets_the_opponent_answer_each_x():
    # ends-only numbers {1, 4}, M = 5, heap k = 8 (Omega = 0): no single y works against
    # both x (y = 1 fails against x = 1, y = 4 against x = 4: 6 and 0 have Omega = 0), but
    # seeing x he answers 5 - x, leaving 3 (Omega = 1)
    simultaneous = enc.lucky_opponent_flips(1, 4, (1, 4))
    sequential = enc.lucky_opponent_flips(1, 4, (1, 4), sees_x=True)
    assert not simultaneous.holds({"k": 8}) and not _goal_at(simultaneous, 8)
    assert sequential.holds({"k": 8}) and _goal_at(sequential, 8)


@pytest.mark.parametrize(("low", "high"), [(1, 2), (2, 4), (0, 4)])
def test_the_mover_twin_agrees_with_its_goal(low, high):
    # (0, 4) is the "m-zero" mutant, false from heap 9 on
    assert _disagreements(enc.lucky_mover_wins(low, high)) == []


@pytest.mark.parametrize("block", [1, 2, 3, 5, 7, 12])
def test_the_one_remainder_omega_is_the_nested_one(block):
    # Ω for a fixed block is written (k - 1) mod 2B < B; the notes' form is "(k - 1) div
    # B is even": Z3 proves the two the same for every integer k
    k = z3.Int("k")
    solver = z3.Solver()
    solver.add(enc._omega(k, block) != z3.And(k >= 1, ((k - 1) / block) % 2 == 0))
    assert solver.check() == z3.unsat
    assert [z3.is_true(z3.simplify(enc._omega(z3.IntVal(h), block))) for h in range(-3, 30)] == [
        bool(enc.lucky_omega(h, block)) for h in range(-3, 30)
    ]


@pytest.mark.parametrize("pair", [(3, 3), (5, 6)])
@pytest.mark.parametrize("build", [enc.lucky_mover_wins, enc.lucky_opponent_flips])
def test_the_fixed_steps_rest_on_both_solvers(build, pair):
    # before: the nested division, which cvc5 does not decide (a short try, Z3 alone)
    from grundy.smt_record import collecting_queries

    with collecting_queries("cvc5"):
        verdict = build(*pair).prove(timeout_ms=20_000)
    assert verdict.status is Status.PROVED
    assert verdict.solvers == ("z3", "cvc5"), [q.answers for q in verdict.smt]


def test_a_mutant_block_is_still_refuted_in_the_one_remainder_form():
    verdict = enc.lucky_mover_wins(2, 4, block=5).prove(timeout_ms=20_000)
    assert verdict.status is Status.REFUTED
    heap = verdict.counterexample["k"]
    assert not enc.lucky_mover_wins(2, 4, block=5).holds({"k": heap})
