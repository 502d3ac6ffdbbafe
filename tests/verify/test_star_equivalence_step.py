"""G = *G(G) for every finite game, deduced from lemmas: each lemma is needed, and the
deduction is the statement's, not a tautology."""

import pytest
import z3

from grundy.theory.sprague_grundy_steps import star_equivalence_step
from grundy.verdict import Status
from grundy.verify import birthday_induction as engine


def _proves(drop: int | None) -> z3.CheckSatResult:
    """Z3's answer to the negated step, with lemma ``drop`` left out (None: all kept)."""
    s = engine.Symbols(z3.Context())
    axioms, lemmas, goal = star_equivalence_step().build(s)
    kept = [lemma for index, lemma in enumerate(lemmas) if index != drop]
    solver = z3.Solver(ctx=s.context)
    solver.set("timeout", 20_000)
    solver.add(*axioms, *kept, z3.Not(goal))
    return solver.check()


def test_the_step_follows_from_its_lemmas():
    assert _proves(None) == z3.unsat


@pytest.mark.parametrize("drop", [0, 1, 2], ids=["sum-rule-pair", "sum-rule-star", "commutes"])
def test_without_any_one_lemma_the_step_is_open(drop):
    assert _proves(drop) == z3.sat


def test_the_verdict_holds_for_every_finite_game_and_the_mutant_at_the_empty_games():
    proved = engine.prove_birthday_step(star_equivalence_step(), timeout_ms=20_000)
    assert proved.status is Status.PROVED and proved.unbounded
    assert proved.details["induction"].startswith("none: the statement follows from the lemmas")
    refuted = engine.prove_birthday_step(star_equivalence_step(shift=1), timeout_ms=20_000)
    assert refuted.status is Status.REFUTED
    assert dict(refuted.counterexample) == {"G": "0", "K": "0"}
