"""The sum-rule step rests on the mex lemma for nim-sum, proved for natural numbers only
(sg-mex-lemma): every fact it assumes about its uninterpreted ⊕ must be true of nim-sum on
the naturals whatever ⊕ does at a negative argument."""

from itertools import product

import z3

from grundy.theory import sprague_grundy_steps as bi
from grundy.verify import birthday_induction as engine

# every argument the facts name stays in this range: xor of numbers below 8 is below 8
GRID = range(-3, 8)


def _mentions(formula, decl):
    if z3.is_app(formula) and formula.decl().eq(decl):
        return True
    return any(_mentions(part, decl) for part in formula.children())


def _facts_about_nim_sum(s):
    """The step's premises that speak of numbers alone: quantified over integers only and
    naming ⊕ (the lemma the step is given, not its facts about games)."""
    axioms, hypothesis, _ = bi.sum_rule_step().build(s)
    return [
        premise
        for premise in (*axioms, *hypothesis)
        if z3.is_quantifier(premise)
        and all(premise.var_sort(i) == z3.IntSort(s.context) for i in range(premise.num_vars()))
        and _mentions(premise.body(), s.nim_sum)
    ]


def _true_on_grid(operation):
    """Are the facts true at every point of GRID when ⊕ is ``operation`` on the naturals
    and 0 wherever an argument is negative (nim-sum is not defined there)?"""
    s = engine.Symbols(z3.Context())
    facts = _facts_about_nim_sum(s)
    assert facts  # the lemma is there to be checked
    table = []
    for a, b in product(GRID, repeat=2):
        value = operation(a, b) if a >= 0 and b >= 0 else 0
        table.append(s.nim_sum(a, b) == value)
    instances = [
        z3.substitute_vars(fact.body(), *[z3.IntVal(v, s.context) for v in values])
        for fact in facts
        for values in product(GRID, repeat=fact.num_vars())
    ]
    solver = z3.Solver(ctx=s.context)
    solver.add(*table, *instances)
    return solver.check() == z3.sat


def test_every_fact_about_nim_sum_holds_of_xor_on_the_naturals_alone():
    # a fact about negative arguments would not be covered by sg-mex-lemma, so a proof
    # using it would rest on something never proved
    assert _true_on_grid(lambda a, b: a ^ b)


def test_the_check_rejects_an_operation_that_is_not_nim_sum():
    # not vacuous: the lemma lowers a to y ⊕ b, and (y ⊕ b) ⊕ b = y is false for the
    # ordinary sum whenever b > 0
    assert not _true_on_grid(lambda a, b: a + b)
