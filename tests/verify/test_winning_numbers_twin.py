"""The winning-numbers encoding of Lucky Nim and its plain twin (``holds``) agree on every
small case, including cases outside the premises, where both must hold."""

from itertools import product

import z3

from grundy.theory.lucky_nim import winning_numbers
from tests.verify.lucky_cases import with_coordinates

# m = 0, m > n, k = 0 and numbers outside [m, n] are outside the premises
RANGES = [range(3), range(3), range(8), range(4), range(4)]


def _goal_at(encoding, case) -> bool:
    """The Z3 goal evaluated at one case (every variable given a number)."""
    pairs = [(v, z3.IntVal(case[str(v)])) for v in encoding.variables]
    value = z3.simplify(z3.substitute(encoding.goal, *pairs))
    assert z3.is_true(value) or z3.is_false(value), (case, value)
    return z3.is_true(value)


def _cases(encoding):
    names = [str(v) for v in encoding.variables]
    assert names == ["m", "n", "k", "z", "w", "p", "r"]
    return [with_coordinates(dict(zip(names, values, strict=False))) for values in product(*RANGES)]


def test_the_true_statement_and_its_twin_agree_on_every_small_case():
    # outside the premises the twin must hold vacuously, as the goal does: otherwise an
    # exhaustive check built on the twin would report cases the theorem does not cover
    encoding = winning_numbers()
    disagreements = [c for c in _cases(encoding) if _goal_at(encoding, c) != encoding.holds(c)]
    assert disagreements == []


def test_the_spread_n_twin_confirms_every_model_of_the_negation():
    # the twin of the mutant F'(k) asks that z win against *every* w in [m, n], so it is
    # stricter than the goal at one w; what the re-check needs is that each case where
    # the goal fails is a failure of the twin too, and that there are such cases
    encoding = winning_numbers("n")
    cases = _cases(encoding)
    failing = [c for c in cases if not _goal_at(encoding, c)]
    assert failing
    assert [c for c in failing if encoding.holds(c)] == []
    # and outside the premises the twin holds, like the goal
    assert all(encoding.holds(c) for c in cases if not (1 <= c["m"] <= c["n"] and c["k"] >= 1))


def test_the_twin_holds_outside_the_premises():
    twin = winning_numbers().holds
    outside = [
        {"m": 0, "n": 2, "k": 3, "z": 1, "w": 1},  # m = 0
        {"m": 3, "n": 2, "k": 3, "z": 3, "w": 3},  # m > n
        {"m": 1, "n": 2, "k": 0, "z": 1, "w": 1},  # empty heap
        {"m": 1, "n": 2, "k": 3, "z": 5, "w": 1},  # z above n
        {"m": 2, "n": 3, "k": 3, "z": 2, "w": 1},  # w below m
    ]
    for case in outside:
        assert twin(with_coordinates(case)), case
