"""Statements about every finite impartial game, by induction on the birthday (Z3 steps).

A game is an element of an uninterpreted sort with an uninterpreted relation
``opt(x, g)`` ("x is an option of g"); nothing else is known about games, so a proof
covers every finite impartial game.  Outcomes are the notes' labelling rules, stated
as axioms about predicates for "this game (or sum) is a P-position":

- a position with a move to a P-position is not P (universally quantified);
- a position none of whose options is P is P (stated at the position the step is about);
- where a game "is N", a witness option that is P (a Skolem function, no quantifier
  alternation).

Each step says: if the statement holds for every game of smaller birthday (the options,
and where needed the options of options), it holds for g.  Z3 proves the step for an
arbitrary game g with arbitrarily many options; since every finite game has a birthday
and its options have smaller ones, strong induction on the birthday gives the statement
for every finite game.  A failed step is refuted only by a concrete game: the forms born
by day 3 (or pairs of them) are searched with the labelling rules computed from their
options, so a refutation is always a real game.

The steps themselves are in :mod:`grundy.theory.sprague_grundy_steps`.

>>> from grundy.theory.sprague_grundy_steps import g_plus_g_step
>>> prove_birthday_step(g_plus_g_step(), timeout_ms=10_000).status
<Status.PROVED: 'proved'>
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

import z3

from grundy.solve.solver import Solver
from grundy.verdict import UNBOUNDED, Status, Verdict
from grundy.verify.game_forms import is_p_sum
from grundy.verify.random_games import Tree, TreeGame, born_by
from grundy.verify.z3engine import prove_z3

__all__ = [
    "EMPTY",
    "FORMS_BY_DAY_3",
    "BirthdayStep",
    "Premises",
    "Symbols",
    "grundy_of",
    "is_p",
    "prove_birthday_step",
]

Concrete = Callable[[tuple[Tree, ...]], bool]

# Every true step here is proved in well under a second; an open step can make Z3 search
# for a model much longer, so each query gets at most this long (unknown, never proved).
_STEP_TIMEOUT_MS = 2_500


Premises = tuple[tuple[z3.BoolRef, ...], tuple[z3.BoolRef, ...], z3.BoolRef]


@dataclass(frozen=True, slots=True)
class BirthdayStep:
    """An induction step for Z3 and the statement on concrete games.

    ``build(symbols)`` gives the labelling rules and mex facts the step may use, the
    induction hypothesis (the statement for smaller games) and the goal (the statement
    for g), in the Z3 context of ``symbols``; ``holds(games)`` evaluates the statement on
    concrete game trees (``arity`` of them).  Each proof builds its terms in a fresh Z3
    context, so one query's quantifier instantiations cannot slow another's.
    """

    name: str
    build: Callable[[Symbols], Premises]
    holds: Concrete
    arity: int = 1
    description: str = ""
    induction: bool = True  # False: proved directly from lemmas, no induction hypothesis
    names: tuple[str, ...] = ("G", "H")  # the games of a counterexample


class Symbols:
    """The sort of games, "x is an option of g", outcome predicates, Grundy values and
    Skolem witnesses, declared in one Z3 context."""

    def __init__(self, context: z3.Context) -> None:
        game = z3.DeclareSort("Game", context)
        boolean, integer = z3.BoolSort(context), z3.IntSort(context)
        self.context = context
        self.opt = z3.Function("opt", game, game, boolean)
        self.p1 = z3.Function("is_p", game, boolean)  # the game alone is P
        self.p2 = z3.Function("sum_is_p", game, game, boolean)  # a + b is P
        self.pstar = z3.Function("plus_star_is_p", game, integer, boolean)  # a + *j is P
        self.grundy = z3.Function("grundy", game, integer)
        self.p_option = z3.Function("p_option", game, game)  # a P-option of an N-position
        self.mex_witness = z3.Function("mex_witness", game, integer, game)
        self.g, self.h, self.a, self.b, self.c, self.x, self.y = z3.Consts("g h a b c x y", game)
        self.i, self.j, self.k = z3.Ints("i j k", context)
        self.zero = z3.Const("zero", game)  # the empty game *0
        self.p3 = z3.Function("sum3_is_p", game, game, game, boolean)  # a + b + c is P
        # an N-position a + b has a P-option: (first(a, b), b) or (a, second(a, b))
        self.first = z3.Function("p_option_first", game, game, game)
        self.second = z3.Function("p_option_second", game, game, game)
        self.q = z3.Const("q", game)
        self.nim_sum = z3.Function("nim_sum", integer, integer, integer)
        self.grundy2 = z3.Function("sum_grundy", game, game, integer)  # G(a + b)
        self.reach_first = z3.Function("reach_first", integer, game)
        self.reach_second = z3.Function("reach_second", integer, game)

    def zero_rules(self) -> list[z3.BoolRef]:
        """*0 has no options, so it is P."""
        return [z3.ForAll([self.c], z3.Not(self.opt(self.c, self.zero))), self.p1(self.zero)]

    def single_rules(self) -> list[z3.BoolRef]:
        """The labelling rules for single games: a P-position has no P-option; an
        N-position has one (named by the Skolem function ``p_option``)."""
        opt, p1, a, c = self.opt, self.p1, self.a, self.c
        return [
            z3.ForAll([a, c], z3.Implies(z3.And(opt(c, a), p1(c)), z3.Not(p1(a)))),
            z3.ForAll(
                [a],
                z3.Implies(z3.Not(p1(a)), z3.And(opt(self.p_option(a), a), p1(self.p_option(a)))),
            ),
        ]

    def sum_rules(self) -> list[z3.BoolRef]:
        """A sum with a move (in either summand) to a P-position is not P."""
        opt, p2, a, b, c = self.opt, self.p2, self.a, self.b, self.c
        return [
            z3.ForAll([a, b, c], z3.Implies(z3.And(opt(c, a), p2(c, b)), z3.Not(p2(a, b)))),
            z3.ForAll([a, b, c], z3.Implies(z3.And(opt(c, b), p2(a, c)), z3.Not(p2(a, b)))),
        ]

    def sum_is_p_at(self, left: z3.ExprRef, right: z3.ExprRef) -> z3.BoolRef:
        """At one sum: if no move reaches a P-position, the sum is P."""
        opt, p2, x = self.opt, self.p2, self.x
        no_p_option = z3.And(
            z3.ForAll([x], z3.Implies(opt(x, left), z3.Not(p2(x, right)))),
            z3.ForAll([x], z3.Implies(opt(x, right), z3.Not(p2(left, x)))),
        )
        return z3.Implies(no_p_option, p2(left, right))

    def mex_rules(self) -> list[z3.BoolRef]:
        """G(a) is the mex of its options' values: no option has it, every smaller value
        is reached (by ``mex_witness(a, k)``), and it is a natural number."""
        opt, grundy, witness, a, c, k = (
            self.opt,
            self.grundy,
            self.mex_witness,
            self.a,
            self.c,
            self.k,
        )
        return [
            z3.ForAll([a], grundy(a) >= 0),
            z3.ForAll([a, c], z3.Implies(opt(c, a), grundy(c) != grundy(a))),
            z3.ForAll(
                [a, k],
                z3.Implies(
                    z3.And(k >= 0, k < grundy(a)),
                    z3.And(opt(witness(a, k), a), grundy(witness(a, k)) == k),
                ),
                patterns=[witness(a, k)],
            ),
        ]

    def zero_mex_rules(self) -> list[z3.BoolRef]:
        """The part of the mex rule about the value 0: no option shares G(a), and a
        positive value has an option of value 0 (``mex_witness(a, 0)``)."""
        opt, grundy, a, c = self.opt, self.grundy, self.a, self.c
        zero = self.mex_witness(a, 0)
        return [
            z3.ForAll([a], grundy(a) >= 0),
            z3.ForAll([a, c], z3.Implies(opt(c, a), grundy(c) != grundy(a))),
            z3.ForAll([a], z3.Implies(grundy(a) > 0, z3.And(opt(zero, a), grundy(zero) == 0))),
        ]


# -- the finite forms searched for a concrete counterexample ------------------------------------

FORMS_BY_DAY_3 = born_by(3)
EMPTY: Tree = frozenset()


def grundy_of(tree: Tree) -> int:
    return Solver(TreeGame()).grundy_value(tree)


def is_p(tree: Tree) -> bool:
    return is_p_sum(tree, frozenset())


def _least_counterexample(step: BirthdayStep) -> dict[str, str] | None:
    names = step.names[: step.arity]
    for games in product(FORMS_BY_DAY_3, repeat=step.arity):
        if not step.holds(games):
            return {name: TreeGame().format(game) for name, game in zip(names, games, strict=True)}
    return None


def prove_birthday_step(step: BirthdayStep, *, timeout_ms: int, seed: int = 0) -> Verdict:
    """Prove the step for an arbitrary game by Z3; proved means: for every finite game."""
    start = time.perf_counter()
    found: dict[str, Any] = {}
    symbols = Symbols(z3.Context())
    axioms, hypothesis, goal = step.build(symbols)

    def recheck(case: Any) -> bool:
        real = _least_counterexample(step)
        if real is None:
            return True  # the step fails, but no concrete game shows it: not refuted
        found.update(real)
        return False

    verdict = prove_z3(
        z3.Implies(z3.And(*axioms, *hypothesis), goal),
        step=f"{step.name}: " + ("induction on the birthday" if step.induction else "direct"),
        scope=UNBOUNDED,
        timeout_ms=min(timeout_ms, _STEP_TIMEOUT_MS),
        method="z3-induction" if step.induction else "z3",
        decode=lambda model: {},
        recheck=recheck,
        seed=seed,
    )
    details = {
        **verdict.details,
        "induction": "on the birthday: the statement for every game of smaller birthday "
        "implies it for g"
        if step.induction
        else "none: the statement follows from the lemmas for an arbitrary game",
        "step": step.description,
    }
    if verdict.status is Status.PROVED:
        how = "the induction step holds" if step.induction else "it follows from the lemmas"
        return replace(
            verdict,
            message=f"{how} for an arbitrary game (Z3), so the statement holds for every "
            "finite impartial game",
            details=details,
            seconds=time.perf_counter() - start,
        )
    if verdict.status is Status.REFUTED:
        return replace(
            verdict,
            counterexample=found,
            message="Z3 finds the step open, and a game born by day 3 breaks the statement "
            "(the least in the order of their sizes)",
            details=details,
            seconds=time.perf_counter() - start,
        )
    if "encoding is wrong" in verdict.message:
        verdict = replace(
            verdict,
            message="Z3 finds the step open, but no game born by day 3 breaks the "
            "statement: not proved, not refuted",
        )
    elif verdict.status is Status.UNKNOWN:
        # Z3 could not decide the step; a concrete game may still refute the statement
        real = _least_counterexample(step)
        if real is not None:
            return replace(
                verdict,
                status=Status.REFUTED,
                counterexample=real,
                message=f"{verdict.message}; a game born by day 3 breaks the statement (the "
                "least in the order of their sizes)",
                details=details,
                seconds=time.perf_counter() - start,
            )
    return replace(verdict, details=details, seconds=time.perf_counter() - start)
