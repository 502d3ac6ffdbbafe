"""The least counterexample is least by its sum even with many variables: the sum Z3
minimises is widened enough that it cannot wrap around."""

from __future__ import annotations

import z3

from grundy.verdict import Status
from grundy.verify.z3_induction import prove_lemmas
from grundy.verify.z3engine import least_first


def test_the_sum_of_many_variables_is_wide_enough():
    variables = z3.BitVecs("a b c d e", 3)
    total = least_first(variables)[0]
    at_seven = z3.substitute(total, *[(v, z3.BitVecVal(7, 3)) for v in variables])
    assert z3.simplify(at_seven).as_long() == 35, "5 x 7 does not wrap around"


def test_a_lemma_over_five_variables_is_refuted_at_its_least_case():
    # false only at (7, 7, 7, 7, 7), whose sum 35 wraps to 3 in 5 bits, and at (1, 1, 1, 1, 0)
    names = "a b c d e"
    variables = z3.BitVecs(names, 3)
    sevens = z3.And([v == 7 for v in variables])
    small = z3.And([v == w for v, w in zip(variables, (1, 1, 1, 1, 0), strict=True)])

    def holds(case):
        values = tuple(case[name] for name in names.split())
        return values not in ((7, 7, 7, 7, 7), (1, 1, 1, 1, 0))

    verdict = prove_lemmas(
        [("five", z3.Not(z3.Or(sevens, small)), variables, holds)],
        scope="bounded: test",
        width=3,
        timeout_ms=10_000,
        seed=0,
        conclusion="none",
        decomposition=[],
    )
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample == {"a": 1, "b": 1, "c": 1, "d": 1, "e": 0}
