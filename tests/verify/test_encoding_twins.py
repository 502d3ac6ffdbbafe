"""Each Z3 encoding and its plain twin (``holds``) say the same thing on every small case,
and the engine mutants of the handout's exercises are refuted only beyond 8."""

from itertools import product

import pytest
import z3

from grundy.theory.exercise_mutants import (
    low_digits_5,
    low_digits_6,
    low_digits_7,
    low_digits_8,
)
from grundy.theory.lucky_nim import (
    block_parity_step,
    boundary_numbers,
    lucky_mover_wins_symbolic,
    lucky_opponent_flips_symbolic,
)
from grundy.verdict import Status
from tests.verify.lucky_cases import with_coordinates

TIMEOUT = 20_000


def _goal_at(encoding, case) -> bool:
    """The Z3 goal evaluated at one case (every variable given a number)."""
    pairs = [(v, z3.IntVal(case[str(v)])) for v in encoding.variables]
    value = z3.simplify(z3.substitute(encoding.goal, *pairs))
    assert z3.is_true(value) or z3.is_false(value), (case, value)
    return z3.is_true(value)


def _disagreements(encoding, ranges):
    names = [str(v) for v in encoding.variables if str(v) not in ("p", "r")]
    cases = (dict(zip(names, values, strict=True)) for values in product(*ranges))
    if len(names) < len(encoding.variables):
        cases = (with_coordinates(case) for case in cases)
    return [case for case in cases if _goal_at(encoding, case) != encoding.holds(case)]


# Small grids that include cases outside each statement's premises (m > n, k = 0, a
# number outside [m, n]), where both readings hold vacuously.
M, N, K, NUMBER = range(1, 4), range(4), range(9), range(5)


@pytest.mark.parametrize("subtract", ["m", "n"])
def test_the_mover_encoding_and_its_twin_agree(subtract):
    encoding = lucky_mover_wins_symbolic(subtract=subtract)
    assert _disagreements(encoding, [M, N, K, NUMBER]) == []


@pytest.mark.parametrize(
    ("guesses_x", "sees_x"), [(False, False), (True, False), (True, True)], ids=str
)
def test_the_opponent_encoding_and_its_twin_agree(guesses_x, sees_x):
    encoding = lucky_opponent_flips_symbolic(guesses_x=guesses_x, sees_x=sees_x)
    ranges = [M, N, range(7), NUMBER] + ([NUMBER] if guesses_x and not sees_x else [])
    assert _disagreements(encoding, ranges) == []


def test_the_block_parity_step_encodings_and_their_twins_agree():
    ranges = [range(1, 3), range(1, 3), range(6), range(2), range(4), range(1, 4)]
    for encoding in block_parity_step():
        assert _disagreements(encoding, ranges) == [], encoding.name
    # the guessing mutant changes only the opponent's answer, which now depends on g
    opponent = next(e for e in block_parity_step(guesses_x=True) if e.name.endswith("opponent"))
    assert _disagreements(opponent, [*ranges, range(1, 3)]) == []


@pytest.mark.parametrize("answers", ["only-n", "every"])
def test_the_boundary_encoding_and_its_twin_agree(answers):
    encoding = boundary_numbers(answers)
    assert _disagreements(encoding, [M, N, NUMBER, NUMBER]) == []


def test_every_answer_wins_is_refuted_at_its_least_case():
    # the mutant "every answer wins at k = m + n": the least failing case, by the sum of
    # the variables, found by listing, is the one Z3 must report
    encoding = boundary_numbers("every")
    names = [str(v) for v in encoding.variables]
    failing = [
        dict(zip(names, values, strict=True))
        for values in product(range(1, 6), repeat=4)
        if not encoding.holds(dict(zip(names, values, strict=True)))
    ]
    least = min(failing, key=lambda case: (sum(case.values()), *case.values()))
    verdict = encoding.prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    assert dict(verdict.counterexample) == least


# -- the handout's exercises read on their last three binary digits -----------------------


@pytest.mark.parametrize(
    "build",
    [low_digits_5, low_digits_6, low_digits_7, low_digits_8],
    ids=["exercise-5", "exercise-6", "exercise-7", "exercise-8"],
)
def test_a_low_digits_mutant_agrees_below_8_and_is_refuted_beyond(build):
    encoding = build(2, 6)
    names = [str(v) for v in encoding.variables]
    # below 8 the last three digits are the whole number: the exercise itself, true
    for values in product(range(8), repeat=len(names)):
        assert encoding.holds(dict(zip(names, values, strict=True))), values
    verdict = encoding.prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    case = dict(verdict.counterexample)
    assert set(case) == set(names)
    assert max(case.values()) >= 8 and not encoding.holds(case)
