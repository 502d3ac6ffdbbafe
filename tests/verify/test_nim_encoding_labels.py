"""Nim-sum encodings are labelled for their reports: a distinct lower-case name each, a proof
whose scope names the quantified variables and the width, and a plain-Python twin of the
distinct-powers law that agrees with a direct brute force."""

import itertools
import re

import pytest

from grundy.theory import nim_exercises, nim_sum
from grundy.verdict import Status
from grundy.verify.z3_checks import exhaustive_encoding

WIDTH = 5

# each bit law with the variables its proof quantifies over (the option in the mex lemma
# is below a or b, so the scope bounds a and b)
BIT_LAWS = [
    (nim_sum.associativity, "x, y, z"),
    (nim_sum.commutativity, "x, y"),
    (nim_sum.self_inverse, "x"),
    (nim_sum.identity, "x"),
    (nim_sum.cancellation, "x, y, z"),
    (nim_sum.mex_lemma_smaller_values, "a, b, y"),
    (nim_sum.mex_lemma_no_equal_option, "a, b"),
    (nim_exercises.exercise_2, "a, b, c"),
    (nim_exercises.exercise_3, "a, b"),
    (nim_sum.ordinary_addition, "x, y"),
    (nim_sum.strict_xor_bound, "x, y"),
]


@pytest.mark.parametrize(("builder", "variables"), BIT_LAWS, ids=[b.__name__ for b, _ in BIT_LAWS])
def test_the_verdict_scope_names_the_variables_and_the_width(builder, variables):
    verdict = builder(WIDTH).prove(timeout_ms=20_000)
    assert verdict.status in (Status.PROVED, Status.REFUTED)
    assert verdict.scope == f"bounded: {variables} < 2^{WIDTH}"


def test_every_encoding_has_its_own_lower_case_name():
    # names identify a failed query in reports (e.g. prove_bouton's "failed query")
    names = [builder(WIDTH).name for builder, _ in BIT_LAWS]
    names.append(nim_sum.distinct_powers_add(3, WIDTH).name)
    for name in names:
        assert isinstance(name, str)
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name), name
    assert len(set(names)) == len(names)
    assert nim_sum.self_inverse(WIDTH).name == "self-inverse"
    assert nim_sum.associativity(WIDTH).name == "associativity"
    assert nim_sum.mex_lemma_smaller_values(WIDTH).name == "mex-reaches-below"


def test_the_distinct_powers_twin_agrees_with_a_direct_brute_force():
    twin = nim_sum.distinct_powers_add(3, 3).holds
    powers = {1, 2, 4}  # the powers of two below 8
    for values in itertools.product(range(8), repeat=3):
        premise = len(set(values)) == 3 and set(values) <= powers
        direct = not premise or values[0] ^ values[1] ^ values[2] == sum(values)
        assert twin({"p1": values[0], "p2": values[1], "p3": values[2]}) == direct, values
    # 1, 3 and 7 are distinct but not powers of two: their nim-sum 5 is not their sum 11,
    # and the law says nothing about them
    assert exhaustive_encoding(nim_sum.distinct_powers_add(3, 3), 7).status is Status.PROVED
