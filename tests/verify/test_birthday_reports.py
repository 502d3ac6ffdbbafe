"""Birthday-induction verdicts say how they were proved (an induction step or lemmas
alone), steps are named by their statements, and the sum-rule step's premises stay true
of real games."""

import z3

from grundy.theory import sprague_grundy_steps as bi
from grundy.verdict import Status
from grundy.verify import birthday_induction as engine

TIMEOUT = 20_000


def test_an_induction_step_and_a_proof_from_lemmas_say_which_they_are():
    induction = engine.prove_birthday_step(bi.g_plus_g_step(), timeout_ms=TIMEOUT)
    assert induction.status is Status.PROVED
    assert induction.method == "z3-induction"
    assert induction.message.startswith("the induction step holds for an arbitrary game (Z3)")
    # P + N is N rests on the lemma P + P = P: no induction hypothesis is used
    direct = engine.prove_birthday_step(bi.p_plus_n_step(), timeout_ms=TIMEOUT)
    assert direct.status is Status.PROVED
    assert direct.method == "z3"
    assert direct.message.startswith("it follows from the lemmas for an arbitrary game (Z3)")
    assert "induction step" not in direct.message
    for verdict in (induction, direct):
        assert verdict.message.endswith("holds for every finite impartial game")


def test_the_sprague_grundy_step_and_its_mutant_are_named_by_their_statements():
    assert bi.plus_own_star_step().name == "G + *G(G) is P"
    assert bi.plus_own_star_step(shift=1).name == "G + *(G(G) + 1) is P"


def test_the_sum_rule_premises_let_zero_plus_a_game_have_a_positive_value():
    # *0 + *1 has value 1 although *0 has no options: premises that forced G(*0 + H) = 0
    # (e.g. "every smaller value is reached by a move in G") would be false of real games.
    # A true set of premises can never be shown unsat here; Z3 may only run out of time.
    s = engine.Symbols(z3.Context())
    axioms, hypothesis, goal = bi.sum_rule_step().build(s)
    solver = z3.Solver(ctx=goal.ctx)
    solver.set("timeout", 1_000)
    solver.add(*axioms, *hypothesis, goal)
    solver.add(z3.ForAll([s.x], z3.Not(s.opt(s.x, s.g))), s.grundy2(s.g, s.h) > 0)
    assert solver.check() != z3.unsat
