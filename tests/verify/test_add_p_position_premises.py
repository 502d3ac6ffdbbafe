"""The premises of the step "Q P implies G + Q = G" stay true of real games whatever the
third summand K is, including a K where G + K is N only through a move in K."""

from itertools import product

import pytest
import z3

from grundy.theory import sprague_grundy_steps as bi
from grundy.verify import birthday_induction as engine
from grundy.verify.game_forms import is_p_sum
from grundy.verify.random_games import born_by, tree_sum

# 0, {0} (= *1), {{0}}, {0, {0}} (= *2): every option of a form is again one of them
FORMS = born_by(2)
_ZERO = frozenset()
_STAR1 = frozenset({_ZERO})
ZERO, STAR1, ONLY_STAR1, STAR2 = (
    FORMS.index(form) for form in (_ZERO, _STAR1, frozenset({_STAR1}), frozenset({_ZERO, _STAR1}))
)


def _over_forms(formula, elements):
    # a quantifier over games becomes the conjunction (or disjunction) of its instances at
    # the forms, so that Z3 decides the premises without guessing instances
    if z3.is_quantifier(formula):
        cases = [
            _over_forms(z3.substitute_vars(formula.body(), *values), elements)
            for values in product(elements, repeat=formula.num_vars())
        ]
        return z3.And(*cases) if formula.is_forall() else z3.Or(*cases)
    if z3.is_app(formula) and formula.num_args() > 0:
        return formula.decl()(*[_over_forms(part, elements) for part in formula.children()])
    return formula


def _premises_true(step, game, extra, third):
    """Do the step's rules, instances, hypotheses and goal all hold at once when games are
    the forms born by day 2 (real options and outcomes), with G, Q and K pinned?  The
    Skolem witnesses (p_option, first, second, u1..u3) are left for Z3 to pick."""
    s = engine.Symbols(z3.Context())
    axioms, hypothesis, goal = step.build(s)
    forms = [z3.Const(f"form{i}", s.g.sort()) for i in range(len(FORMS))]
    real = [z3.Distinct(*forms), z3.ForAll([s.x], z3.Or(*[s.x == form for form in forms]))]
    for (i, left), (j, right) in product(enumerate(FORMS), repeat=2):
        real.append(s.opt(forms[i], forms[j]) == (left in right))
        real.append(s.p2(forms[i], forms[j]) == is_p_sum(left, right))
        for n, other in enumerate(FORMS):
            outcome = is_p_sum(tree_sum(left, right), other)
            real.append(s.p3(forms[i], forms[j], forms[n]) == outcome)
    real += [s.p1(form) == engine.is_p(tree) for form, tree in zip(forms, FORMS, strict=True)]
    # the step's K is the symbol h (the third summand of G + Q + K)
    real += [s.g == forms[game], s.q == forms[extra], s.h == forms[third]]
    solver = z3.Solver(ctx=s.context)
    solver.set("timeout", 10_000)
    solver.add(*real, *[_over_forms(premise, forms) for premise in (*axioms, *hypothesis, goal)])
    return solver.check()


@pytest.mark.parametrize(
    ("game", "extra", "third"),
    [
        # G + K = 0 + *1 is N, and its only winning move is in K (G has no options)
        (ZERO, ZERO, STAR1),
        # G + K = *1 + *2 is N, won only by *2 -> *1 in K; Q = {{0}} is P with an option
        (STAR1, ONLY_STAR1, STAR2),
        # G + K = *2 + 0 is N, won only by a move in G
        (STAR2, ONLY_STAR1, ZERO),
    ],
    ids=["zero-zero-star1", "star1-onlystar1-star2", "star2-onlystar1-zero"],
)
def test_the_premises_hold_when_the_winning_move_of_g_plus_k_is_in_either_summand(
    game, extra, third
):
    assert _premises_true(bi.add_p_position_step(), game, extra, third) == z3.sat


@pytest.mark.slow
def test_the_premises_hold_at_every_choice_of_g_p_position_q_and_k():
    p_positions = [i for i, form in enumerate(FORMS) if engine.is_p(form)]
    for game, extra, third in product(range(len(FORMS)), p_positions, range(len(FORMS))):
        assert _premises_true(bi.add_p_position_step(), game, extra, third) == z3.sat, (
            game,
            extra,
            third,
        )


def test_the_check_refutes_the_false_variant_at_its_counterexample():
    # not vacuous: G + Q = G fails for G = 0, Q = *1 (an N-position) and K = 0
    step = bi.add_p_position_step(needs_p=False)
    assert _premises_true(step, ZERO, STAR1, ZERO) == z3.unsat
