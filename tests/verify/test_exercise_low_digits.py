"""The low-digits mutants of handout exercises 2 and 3: their plain twins agree with the
exercise below 8, Z3 refutes them beyond with a genuine counterexample, and each carries a
report name of its own."""

import re
from itertools import product

import pytest

from grundy.theory.exercise_mutants import low_digits_2, low_digits_3
from grundy.verdict import Status

TIMEOUT = 20_000
WIDTH = 6


def _exercise_2_low_digits(case):
    """Written out here: if a + b and c agree on the last three digits, a + b + c = 0."""
    a, b, c = case["a"], case["b"], case["c"]
    return (a ^ b) % 8 != c % 8 or a ^ b ^ c == 0


def _exercise_3_low_digits(case):
    """Written out here: a = b exactly when a + b is 0 on its last three digits."""
    a, b = case["a"], case["b"]
    return (a == b) == ((a ^ b) % 8 == 0)


CASES = [
    pytest.param(low_digits_2, _exercise_2_low_digits, id="exercise-2"),
    pytest.param(low_digits_3, _exercise_3_low_digits, id="exercise-3"),
]


@pytest.mark.parametrize(("build", "statement"), CASES)
def test_the_plain_twin_is_the_statement_on_every_small_case(build, statement):
    encoding = build(WIDTH)
    names = [str(v) for v in encoding.variables]
    # below 8 the last three digits are the whole number: the twin must accept every case,
    # and beyond it must reject exactly the failures, or it would confirm a spurious model
    for values in product(range(8), repeat=len(names)):
        case = dict(zip(names, values, strict=True))
        assert encoding.holds(case) is True, case
    for values in product(range(0, 24, 3), repeat=len(names)):
        case = dict(zip(names, values, strict=True))
        assert encoding.holds(case) == statement(case), case


@pytest.mark.parametrize(("build", "statement"), CASES)
def test_z3_refutes_the_mutant_beyond_8_with_a_genuine_counterexample(build, statement):
    encoding = build(WIDTH)
    verdict = encoding.prove(timeout_ms=TIMEOUT)
    assert verdict.status is Status.REFUTED
    case = dict(verdict.counterexample)
    assert set(case) == {str(v) for v in encoding.variables}
    assert max(case.values()) >= 8
    assert not statement(case)


def test_each_mutant_has_a_lower_case_name_naming_its_exercise():
    # names identify a failed query in reports, next to the exercise's own name
    names = {number: build(WIDTH).name for number, build in [(2, low_digits_2), (3, low_digits_3)]}
    for number, name in names.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name), name
        assert name.startswith(f"exercise-{number}-"), name
    assert len(set(names.values())) == len(names)
