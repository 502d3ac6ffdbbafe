"""The premises of each birthday-induction step (rules, lemmas, hypotheses) are true of real
games: they all hold at once when games are the forms born by day 2 with their real
options, outcomes and Grundy values, so a proof never rests on a false premise."""

from itertools import product

import pytest
import z3

from grundy.theory import sprague_grundy_steps as bi
from grundy.verify import birthday_induction as engine
from grundy.verify.game_forms import is_p_sum
from grundy.verify.random_games import born_by, star, tree_sum

# 0, {0}, {{0}}, {0, {0}}: every option of a form is again one of them
FORMS = born_by(2)
_ZERO = frozenset()
_ONE = frozenset({_ZERO})
EMPTY, STAR1, ONLY_STAR1, STAR2 = (
    FORMS.index(form) for form in (_ZERO, _ONE, frozenset({_ONE}), frozenset({_ZERO, _ONE}))
)

# The steps whose premises use no nim-sum function (the sum rule's premises, which do, are
# checked at the end of this file); for add_p_position_step the hypotheses are the statement for
# smaller triples with Q P, so they are true of real games only when Q is P.
STEPS = [
    bi.g_plus_g_step(),
    bi.zero_iff_p_step(),
    bi.plus_own_star_step(),
    bi.p_plus_p_step(),
    bi.p_plus_n_step(),
    bi.sum_with_zero_step(),
    bi.zero_iff_second_player_step(),
    bi.add_p_position_step(),
]


def _ids(value):
    if isinstance(value, int):
        return f"form{value}"
    return value.name.replace("*", "star").replace("⊕", "xor")


def _over_forms(formula, elements, naturals=None):
    # A quantifier over games alone becomes the conjunction (or disjunction) of its
    # instances at the forms, so Z3 decides the premises without guessing instances.
    # Quantifiers that also bind an integer are left to Z3 (with the closure axiom), unless
    # ``naturals`` is given: then integers too take each of those values.  (The nim-sum
    # lemma quantifies over every natural number, which no finite model of Z3's can check;
    # its instances in range stand for it, the lemma itself being sg-mex-lemma.)
    if z3.is_quantifier(formula):
        game = elements[0].sort()
        sorts = [formula.var_sort(i) for i in range(formula.num_vars())]
        if naturals is None and any(sort != game for sort in sorts):
            return formula
        domains = [elements if sort == game else naturals for sort in sorts]
        # de Bruijn index 0 is the last variable bound, so substitute in reverse order
        cases = [
            _over_forms(z3.substitute_vars(formula.body(), *reversed(values)), elements, naturals)
            for values in product(*domains)
        ]
        return z3.And(*cases) if formula.is_forall() else z3.Or(*cases)
    if z3.is_app(formula) and formula.num_args() > 0:
        return formula.decl()(
            *[_over_forms(part, elements, naturals) for part in formula.children()]
        )
    return formula


def _holds_of_real_games(step, pinned):
    """Are the step's axioms, hypotheses and goal all true at once when the games are the
    forms born by day 2 and ``pinned`` maps the step's games (by attribute) to forms?
    The Skolem witnesses (p_option, first, second, mex_witness) are left for Z3 to pick."""
    s = engine.Symbols(z3.Context())
    axioms, hypothesis, goal = step.build(s)
    forms = [z3.Const(f"form{i}", s.g.sort()) for i in range(len(FORMS))]
    real = [
        z3.Distinct(*forms),
        z3.ForAll([s.x], z3.Or(*[s.x == form for form in forms])),
        s.zero == forms[EMPTY],
    ]
    for (i, left), (j, right) in product(enumerate(FORMS), repeat=2):
        real.append(s.opt(forms[i], forms[j]) == (left in right))
        real.append(s.p2(forms[i], forms[j]) == is_p_sum(left, right))
        for k, third in enumerate(FORMS):
            real.append(
                s.p3(forms[i], forms[j], forms[k]) == is_p_sum(tree_sum(left, right), third)
            )
    for i, form in enumerate(FORMS):
        value = engine.grundy_of(form)
        real.append(s.p1(forms[i]) == engine.is_p(form))
        real.append(s.grundy(forms[i]) == value)
        # form + *j is P iff j is the form's Grundy value
        real.append(z3.ForAll([s.j], s.pstar(forms[i], s.j) == (s.j == value)))
    real += [getattr(s, name) == forms[index] for name, index in pinned.items()]
    solver = z3.Solver(ctx=s.context)
    solver.set("timeout", 20_000)
    solver.add(*real, *[_over_forms(premise, forms) for premise in (*axioms, *hypothesis, goal)])
    return solver.check()


def _pinned(step, game, other):
    if step.arity == 1:
        return {"g": game}
    return {"g": game, ("q" if step.names[1] == "Q" else "h"): other}


@pytest.mark.parametrize("step", STEPS, ids=_ids)
def test_each_steps_premises_are_true_of_the_games_born_by_day_2(step):
    # G = {0, *1} (= *2) has options of both outcomes and values 0 and 1; the second game
    # is {{0}}, a P-position with an option (Q must be P in add_p_position_step)
    assert _holds_of_real_games(step, _pinned(step, STAR2, ONLY_STAR1)) == z3.sat


@pytest.mark.slow
@pytest.mark.parametrize("step", STEPS, ids=_ids)
def test_each_steps_premises_are_true_at_every_choice_of_forms(step):
    others = range(len(FORMS)) if step.arity == 2 else [EMPTY]
    for game, other in product(range(len(FORMS)), others):
        if step.names[1:2] == ("Q",) and not engine.is_p(FORMS[other]):
            continue
        assert _holds_of_real_games(step, _pinned(step, game, other)) == z3.sat, (game, other)


@pytest.mark.parametrize(
    ("step", "game", "other"),
    [
        (bi.g_plus_g_step(second_player_wins=False), EMPTY, EMPTY),
        (bi.zero_iff_p_step(zero_means_p=False), EMPTY, EMPTY),
        (bi.plus_own_star_step(shift=1), EMPTY, EMPTY),
        (bi.zero_iff_second_player_step(zero_means_terminal=True), ONLY_STAR1, EMPTY),
        (bi.add_p_position_step(needs_p=False), EMPTY, STAR1),
    ],
    ids=_ids,
)
def test_a_false_statement_cannot_hold_at_its_counterexample(step, game, other):
    # the check is not vacuous: the real games refute a false goal at a counterexample
    assert _holds_of_real_games(step, _pinned(step, game, other)) == z3.unsat


# -- the sum rule and G = *G(G): their premises also speak of a nim-sum function ------------

NATURALS = range(8)  # every value of a sum of two day-2 forms (at most 3), and its nim-sums


def _holds_with_nim_sums_of_real_games(step, game, other):
    s = engine.Symbols(z3.Context())
    axioms, hypothesis, goal = step.build(s)
    forms = [z3.Const(f"form{i}", s.g.sort()) for i in range(len(FORMS))]
    naturals = [z3.IntVal(n, s.context) for n in NATURALS]
    real = [
        z3.Distinct(*forms),
        z3.ForAll([s.x], z3.Or(*[s.x == form for form in forms])),
        s.g == forms[game],
        s.h == forms[other],
    ]
    for (i, left), (j, right) in product(enumerate(FORMS), repeat=2):
        real.append(s.opt(forms[i], forms[j]) == (left in right))
        real.append(s.grundy2(forms[i], forms[j]) == engine.grundy_of(tree_sum(left, right)))
        real.append(s.p2(forms[i], forms[j]) == is_p_sum(left, right))
    for i, form in enumerate(FORMS):
        real.append(s.grundy(forms[i]) == engine.grundy_of(form))
        for n in NATURALS:
            real.append(s.pstar(forms[i], naturals[n]) == is_p_sum(form, star(n)))
    for x, y in product(NATURALS, repeat=2):
        real.append(s.nim_sum(naturals[x], naturals[y]) == x ^ y)
    premises = (*axioms, *hypothesis, goal)
    solver = z3.Solver(ctx=s.context)
    solver.set("timeout", 60_000)
    solver.add(*real, *[_over_forms(p, forms, naturals) for p in premises])
    return solver.check()


def test_the_sum_rules_premises_are_true_of_the_games_born_by_day_2():
    # *2 + *1 (value 3): the hypotheses speak of *1 + *1, *0 + *1 and *2 + *0, and the mex
    # argument needs options of values 0, 1 and 2
    assert _holds_with_nim_sums_of_real_games(bi.sum_rule_step(), STAR2, STAR1) == z3.sat


@pytest.mark.slow
def test_the_sum_rules_premises_are_true_at_every_pair_of_forms():
    for game, other in product(range(len(FORMS)), repeat=2):
        verdict = _holds_with_nim_sums_of_real_games(bi.sum_rule_step(), game, other)
        assert verdict == z3.sat, (game, other)


def test_the_ordinary_sum_cannot_hold_at_its_counterexample():
    # *1 + *1 is P (value 0), not 1 + 1 = 2: the real games refute the mutant's goal
    assert _holds_with_nim_sums_of_real_games(bi.sum_rule_step("sum"), STAR1, STAR1) == z3.unsat


def test_the_star_equivalence_premises_are_true_at_every_pair_of_forms():
    # the lemmas of G = *G(G) (the sum rule and "value 0 iff P" for a + b and a + *j, and
    # the commutativity of the nim-sum) hold of the real games at every G and K
    for game, other in product(range(len(FORMS)), repeat=2):
        verdict = _holds_with_nim_sums_of_real_games(bi.star_equivalence_step(), game, other)
        assert verdict == z3.sat, (game, other)


def test_the_next_star_cannot_hold_at_its_counterexample():
    # 0 + 0 is P but 0 + *1 is N
    step = bi.star_equivalence_step(shift=1)
    assert _holds_with_nim_sums_of_real_games(step, EMPTY, EMPTY) == z3.unsat
