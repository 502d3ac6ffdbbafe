"""The mex-lemma laws proved by width induction say, in Z3 and in plain Python, the law
their name states: the plain twin agrees with the Z3 statement read with the real XOR,
and the Z3 statement, read with any operator, is the law written for that operator."""

import re
from itertools import product

import pytest
import z3

from grundy.theory.nim_sum_laws import mex_lemma_laws, mex_no_equal_option, mex_reaches_below

LAWS = {
    "lemmas-and-mex": mex_lemma_laws(),
    "reaches-below-a-only": [mex_reaches_below(sides="a")],
    "reaches-below-non-strict": [mex_reaches_below(strict=False)],
}


def _value(term) -> int:
    return z3.simplify(term).as_long()


def _read_with(op):
    """``op`` on naturals as the ``f`` a law's statement is built with (on constants)."""
    return lambda left, right: z3.IntVal(op(_value(left), _value(right)))


def _statement_at(law, op, case) -> bool:
    terms = [z3.IntVal(case[name]) for name in law.variables]
    value = z3.simplify(law.statement(_read_with(op), terms))
    assert z3.is_true(value) or z3.is_false(value), (law.name, case, value)
    return z3.is_true(value)


@pytest.mark.parametrize("laws", LAWS.values(), ids=LAWS.keys())
def test_the_plain_twin_agrees_with_the_statement_read_with_xor(laws):
    # the twin re-checks Z3's models and finds the least counterexample when a step
    # fails, so it must be the same law; the mutants (a only, <=) are false somewhere
    for law in laws:
        for values in product(range(8), repeat=len(law.variables)):
            case = dict(zip(law.variables, values, strict=True))
            expected = _statement_at(law, lambda x, y: x ^ y, case)
            assert law.holds(case) == expected, (law.name, case)


def _no_equal_option(op, a, b, o):
    # no option o < a of the first heap, nor o < b of the second, has the sum's value
    left = not o < a or op(o, b) != op(a, b)
    right = not o < b or op(a, o) != op(a, b)
    return left and right


def _reaches_below(op, a, b, y):
    # every y below op(a, b) is op(a', b) with a' = op(y, b) < a, or op(a, b') likewise
    if not y < op(a, b):
        return True
    lower_a, lower_b = op(y, b), op(y, a)
    return (0 <= lower_a < a and op(lower_a, b) == y) or (0 <= lower_b < b and op(a, lower_b) == y)


# The induction step treats the nim-sum as an uninterpreted function, so the Z3 statement
# must state the law for every operator, not only where XOR makes it true.
OPERATORS = {
    "and": lambda x, y: x & y,
    "or": lambda x, y: x | y,
    "sum": lambda x, y: x + y,
    "max": max,
    "zero": lambda x, y: 0,
    "xor": lambda x, y: x ^ y,
}


@pytest.mark.parametrize("op", OPERATORS.values(), ids=OPERATORS.keys())
def test_the_statements_state_the_law_for_any_operator(op):
    for law, reference in [
        (mex_no_equal_option(), _no_equal_option),
        (mex_reaches_below(), _reaches_below),
    ]:
        for values in product(range(5), repeat=3):
            case = dict(zip(law.variables, values, strict=True))
            assert _statement_at(law, op, case) == reference(op, *values), (law.name, case)


def test_the_option_of_size_zero_is_covered():
    # lowering the second heap to 0: with an operator for which a ⊕ 0 = a ⊕ b (here AND
    # at a = 0) the law must fail, so the case o = 0 < b is part of the statement
    law = mex_no_equal_option()
    assert not _statement_at(law, lambda x, y: x & y, {"a": 0, "b": 1, "o": 0})
    assert not _statement_at(law, lambda x, y: x & y, {"a": 1, "b": 0, "o": 0})


def test_each_law_is_named_in_its_own_variables():
    # a counterexample is reported by variable name, so the name states the law with
    # the same letters (a, b for the heaps of the sum, y or o for the option)
    laws = [*mex_lemma_laws(), mex_reaches_below(sides="a"), mex_reaches_below(strict=False)]
    for law in laws:
        letters = set(re.findall(r"(?<![\w'])[A-Za-z](?![\w])", law.name))
        assert letters, law.name
        assert letters <= set(law.variables), (law.name, law.variables)
        assert "⊕" in law.name


def test_a_law_that_lists_lemmas_supplies_true_instances_of_them():
    # the verdict lists a law's lemmas as relied on, so the step must be given instances
    # of them, and each instance must be a true fact about the real XOR
    xor = _read_with(lambda x, y: x ^ y)
    for law in mex_lemma_laws():
        if not law.lemmas:
            continue
        assert law.instances is not None, law.name
        for values in product(range(6), repeat=len(law.variables)):
            terms = [z3.IntVal(v) for v in values]
            halves = [z3.IntVal(v // 2) for v in values]
            facts = law.instances(xor, terms, halves)
            assert facts, law.name
            for fact in facts:
                assert z3.is_true(z3.simplify(fact)), (law.name, values, fact)
