"""The distinct-powers lemmas: each plain twin says what its Z3 goal says on every small
case, and the lemma-by-lemma verdict names its engine, scope and conclusion when proved,
and the broken lemma when the false generalisation is refuted."""

from itertools import product

import pytest
import z3

from grundy.theory.nim_sum import distinct_power_lemmas, prove_distinct_powers_any_count
from grundy.verdict import Status

TIMEOUT = 20_000
WIDTH = 3  # every value below 8


def _goal_at(goal, variables, case) -> bool:
    pairs = [(v, z3.BitVecVal(case[str(v)], WIDTH)) for v in variables]
    value = z3.simplify(z3.substitute(goal, *pairs))
    assert z3.is_true(value) or z3.is_false(value), (case, value)
    return z3.is_true(value)


@pytest.mark.parametrize("disjoint", ["powers", "any"])
def test_each_lemma_twin_agrees_with_its_goal(disjoint):
    # the twin re-checks a model Z3 offers as a counterexample: it must be the same lemma
    for name, goal, variables, holds in distinct_power_lemmas(WIDTH, disjoint):
        names = [str(v) for v in variables]
        for values in product(range(2**WIDTH), repeat=len(names)):
            case = dict(zip(names, values, strict=True))
            assert holds(case) == _goal_at(goal, variables, case), (name, case)


def test_the_false_generalisation_is_named_like_the_lemma_it_generalises():
    powers, numbers = (distinct_power_lemmas(WIDTH, d)[0][0] for d in ("powers", "any"))
    assert numbers == powers.replace("powers of two", "numbers")


def test_a_proved_lemma_set_reports_its_engine_scope_and_conclusion():
    verdict = prove_distinct_powers_any_count(WIDTH, timeout_ms=TIMEOUT)
    assert verdict.status is Status.PROVED
    assert verdict.method == "z3-lemmas"
    assert verdict.scope == f"unbounded number of distinct powers of two, each < 2^{WIDTH}"
    # the message says how the theorem follows from the lemmas proved
    assert verdict.message == (
        "3 lemmas proved by Z3; the sum rule follows by induction on the number of powers, "
        "argued on paper"
    )
    # that induction is an assumption of the proof, of its own kind
    assert [a.id for a in verdict.paper_steps] == [
        "nim-sum-distinct-powers-any-count/induction-on-the-number-of-powers"
    ]


def test_a_refuted_lemma_set_names_the_broken_lemma():
    verdict = prove_distinct_powers_any_count(WIDTH, timeout_ms=TIMEOUT, disjoint="any")
    assert verdict.status is Status.REFUTED
    d1 = distinct_power_lemmas(WIDTH, "any")[0][0]
    assert verdict.message.startswith(f"{d1}: ")
    assert verdict.parts[-1].message == verdict.message
    # two distinct numbers sharing a bit, least by their sum: 1 and 3
    assert sorted(verdict.counterexample.values()) == [1, 3]
