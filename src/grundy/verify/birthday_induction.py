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

>>> from grundy.verdict import Status
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
from grundy.verify.game_forms import _is_p_sum
from grundy.verify.random_games import Tree, TreeGame, born_by, star
from grundy.verify.z3engine import prove_z3

__all__ = [
    "BirthdayStep",
    "g_plus_g_step",
    "p_plus_n_step",
    "p_plus_p_step",
    "plus_own_star_step",
    "prove_birthday_step",
    "zero_iff_p_step",
]

Concrete = Callable[[tuple[Tree, ...]], bool]


@dataclass(frozen=True, slots=True)
class BirthdayStep:
    """An induction step for Z3 and the statement on concrete games.

    ``axioms`` are the labelling rules and mex facts the step may use, ``hypothesis`` the
    induction hypothesis (the statement for smaller games), ``goal`` the statement for g;
    ``holds(games)`` evaluates the statement on concrete game trees (``arity`` of them).
    """

    name: str
    axioms: tuple[z3.BoolRef, ...]
    hypothesis: tuple[z3.BoolRef, ...]
    goal: z3.BoolRef
    holds: Concrete
    arity: int = 1
    description: str = ""


_GAME = z3.DeclareSort("Game")
_opt = z3.Function("opt", _GAME, _GAME, z3.BoolSort())
_p1 = z3.Function("is_p", _GAME, z3.BoolSort())  # the game alone is P
_p2 = z3.Function("sum_is_p", _GAME, _GAME, z3.BoolSort())  # a + b is P
_pstar = z3.Function("plus_star_is_p", _GAME, z3.IntSort(), z3.BoolSort())  # a + *j is P
_grundy = z3.Function("grundy", _GAME, z3.IntSort())
_p_option = z3.Function("p_option", _GAME, _GAME)  # a P-option of an N-position
_mex_witness = z3.Function("mex_witness", _GAME, z3.IntSort(), _GAME)
_g, _h, _a, _b, _c, _x, _y = z3.Consts("g h a b c x y", _GAME)
_i, _j, _k = z3.Ints("i j k")


def _single_rules() -> list[z3.BoolRef]:
    """The labelling rules for single games: a P-position has no P-option; an N-position
    has one (named by the Skolem function ``p_option``)."""
    return [
        z3.ForAll([_a, _c], z3.Implies(z3.And(_opt(_c, _a), _p1(_c)), z3.Not(_p1(_a)))),
        z3.ForAll(
            [_a],
            z3.Implies(z3.Not(_p1(_a)), z3.And(_opt(_p_option(_a), _a), _p1(_p_option(_a)))),
        ),
    ]


def _sum_rules() -> list[z3.BoolRef]:
    """A sum with a move (in either summand) to a P-position is not P."""
    return [
        z3.ForAll([_a, _b, _c], z3.Implies(z3.And(_opt(_c, _a), _p2(_c, _b)), z3.Not(_p2(_a, _b)))),
        z3.ForAll([_a, _b, _c], z3.Implies(z3.And(_opt(_c, _b), _p2(_a, _c)), z3.Not(_p2(_a, _b)))),
    ]


def _sum_is_p_at(left: z3.ExprRef, right: z3.ExprRef) -> z3.BoolRef:
    """At one sum: if no move reaches a P-position, the sum is P."""
    no_p_option = z3.And(
        z3.ForAll([_x], z3.Implies(_opt(_x, left), z3.Not(_p2(_x, right)))),
        z3.ForAll([_x], z3.Implies(_opt(_x, right), z3.Not(_p2(left, _x)))),
    )
    return z3.Implies(no_p_option, _p2(left, right))


def _mex_rules() -> list[z3.BoolRef]:
    """G(a) is the mex of its options' values: no option has it, every smaller value is
    reached (by ``mex_witness(a, k)``), and it is a natural number."""
    return [
        z3.ForAll([_a], _grundy(_a) >= 0),
        z3.ForAll([_a, _c], z3.Implies(_opt(_c, _a), _grundy(_c) != _grundy(_a))),
        z3.ForAll(
            [_a, _k],
            z3.Implies(
                z3.And(_k >= 0, _k < _grundy(_a)),
                z3.And(_opt(_mex_witness(_a, _k), _a), _grundy(_mex_witness(_a, _k)) == _k),
            ),
            patterns=[_mex_witness(_a, _k)],
        ),
    ]


# -- the finite forms searched for a concrete counterexample ------------------------------------

_FORMS = born_by(3)


def _grundy_of(tree: Tree) -> int:
    return Solver(TreeGame()).grundy_value(tree)


def _is_p(tree: Tree) -> bool:
    return _is_p_sum(tree, frozenset())


def _least_counterexample(step: BirthdayStep) -> dict[str, str] | None:
    names = ["G", "H"][: step.arity]
    for games in product(_FORMS, repeat=step.arity):
        if not step.holds(games):
            return {name: TreeGame().format(game) for name, game in zip(names, games, strict=True)}
    return None


def prove_birthday_step(step: BirthdayStep, *, timeout_ms: int, seed: int = 0) -> Verdict:
    """Prove the step for an arbitrary game by Z3; proved means: for every finite game."""
    start = time.perf_counter()
    found: dict[str, Any] = {}

    def recheck(case: Any) -> bool:
        real = _least_counterexample(step)
        if real is None:
            return True  # the step fails, but no concrete game shows it: not refuted
        found.update(real)
        return False

    verdict = prove_z3(
        z3.Implies(z3.And(*step.axioms, *step.hypothesis), step.goal),
        scope=UNBOUNDED,
        timeout_ms=timeout_ms,
        method="z3-induction",
        decode=lambda model: {},
        recheck=recheck,
        seed=seed,
    )
    details = {
        **verdict.details,
        "induction": "on the birthday: the statement for every game of smaller birthday "
        "implies it for g",
        "step": step.description,
    }
    if verdict.status is Status.PROVED:
        return replace(
            verdict,
            message="the induction step holds for an arbitrary game (Z3), so the statement "
            "holds for every finite impartial game",
            details=details,
            seconds=time.perf_counter() - start,
        )
    if verdict.status is Status.REFUTED:
        return replace(
            verdict,
            counterexample=found,
            message="the induction step fails (Z3), and a game born by day 3 breaks the "
            "statement (the least in the order of their sizes)",
            details=details,
            seconds=time.perf_counter() - start,
        )
    if "encoding is wrong" in verdict.message:
        verdict = replace(
            verdict,
            message="the induction step fails (Z3), but no game born by day 3 breaks the "
            "statement: not proved, not refuted",
        )
    return replace(verdict, details=details, seconds=time.perf_counter() - start)


# -- the steps ---------------------------------------------------------------------------------


def g_plus_g_step(second_player_wins: bool = True) -> BirthdayStep:
    """G + G is P: a move to G' + G (or G + G') is answered by G' + G', P by hypothesis.
    ``second_player_wins=False`` claims G + G is N (a mutant)."""
    hypothesis = z3.ForAll([_x], z3.Implies(_opt(_x, _g), _p2(_x, _x)))
    goal = _p2(_g, _g) if second_player_wins else z3.Not(_p2(_g, _g))
    return BirthdayStep(
        "G + G is P" if second_player_wins else "G + G is N",
        (*_sum_rules(), _sum_is_p_at(_g, _g)),
        (hypothesis,),
        goal,
        lambda games: _is_p_sum(games[0], games[0]) == second_player_wins,
        description="hypothesis: G' + G' is P for every option G'; the move G + G -> G' + G "
        "(or G + G') has the reply G' + G', so no option of G + G is P",
    )


def zero_iff_p_step(zero_means_p: bool = True) -> BirthdayStep:
    """G(G) = 0 iff G is P (``zero_means_p=False`` claims: iff G is N, a mutant)."""

    def outcome(game: z3.ExprRef) -> z3.BoolRef:
        return _p1(game) if zero_means_p else z3.Not(_p1(game))

    hypothesis = z3.ForAll([_x], z3.Implies(_opt(_x, _g), (_grundy(_x) == 0) == outcome(_x)))
    p_at_g = z3.Implies(z3.ForAll([_x], z3.Implies(_opt(_x, _g), z3.Not(_p1(_x)))), _p1(_g))
    return BirthdayStep(
        "G(G) = 0 iff G is " + ("P" if zero_means_p else "N"),
        (*_single_rules(), p_at_g, *_mex_rules()),
        (hypothesis,),
        (_grundy(_g) == 0) == outcome(_g),
        lambda games: (_grundy_of(games[0]) == 0) == (_is_p(games[0]) == zero_means_p),
        description="hypothesis: G(G') = 0 iff G' is P for every option G'; G(G) = 0 iff no "
        "option has value 0 (mex), iff no option is P, iff G is P",
    )


def plus_own_star_step(shift: int = 0) -> BirthdayStep:
    """G + *G(G) is P: the Sprague-Grundy theorem's step (notes 003).  A move to G + *m
    (m < n) is answered in G by an option of value m (mex); a move to G' + *n with
    G(G') = k is answered by *n -> *k if k < n, or in G' by an option of value n if k > n.
    ``shift`` claims G + *(G(G) + shift) is P instead (a mutant when not 0)."""
    n = _grundy(_g) + shift
    rules = [
        z3.ForAll(
            [_a, _c, _j], z3.Implies(z3.And(_opt(_c, _a), _pstar(_c, _j)), z3.Not(_pstar(_a, _j)))
        ),
        z3.ForAll(
            [_a, _i, _j],
            z3.Implies(z3.And(_i >= 0, _i < _j, _pstar(_a, _i)), z3.Not(_pstar(_a, _j))),
        ),
        z3.Implies(
            z3.And(
                z3.ForAll([_x], z3.Implies(_opt(_x, _g), z3.Not(_pstar(_x, n)))),
                z3.ForAll([_i], z3.Implies(z3.And(_i >= 0, _i < n), z3.Not(_pstar(_g, _i)))),
            ),
            _pstar(_g, n),
        ),
    ]
    hypothesis = (
        z3.ForAll([_x], z3.Implies(_opt(_x, _g), _pstar(_x, _grundy(_x) + shift))),
        z3.ForAll(
            [_x, _k],
            z3.Implies(
                z3.And(_opt(_x, _g), _k >= 0, _k < _grundy(_x)),
                _pstar(_mex_witness(_x, _k), _k + shift),
            ),
        ),
    )

    def holds(games: tuple[Tree, ...]) -> bool:
        return _is_p_sum(games[0], star(_grundy_of(games[0]) + shift))

    return BirthdayStep(
        "G + *G(G) is P" if shift == 0 else f"G + *(G(G) + {shift}) is P",
        (*_mex_rules(), *rules),
        hypothesis,
        _pstar(_g, n),
        holds,
        description="hypothesis: G' + *G(G') is P for every game G' of smaller birthday (the "
        "options of G and their options)",
    )


def p_plus_p_step(sum_is_p: bool = True) -> BirthdayStep:
    """G, H P implies G + H P: a move to G' + H (G' an N-option of G) is answered by
    G'' + H with G'' a P-option of G', P by hypothesis (and likewise in H).
    ``sum_is_p=False`` claims P + P is N (a mutant)."""
    hypothesis = (
        z3.ForAll(
            [_x, _y],
            z3.Implies(z3.And(_opt(_x, _g), _opt(_y, _x), _p1(_y), _p1(_h)), _p2(_y, _h)),
        ),
        z3.ForAll(
            [_x, _y],
            z3.Implies(z3.And(_opt(_x, _h), _opt(_y, _x), _p1(_y), _p1(_g)), _p2(_g, _y)),
        ),
    )
    conclusion = _p2(_g, _h) if sum_is_p else z3.Not(_p2(_g, _h))
    return BirthdayStep(
        "P + P is P" if sum_is_p else "P + P is N",
        (*_single_rules(), *_sum_rules(), _sum_is_p_at(_g, _h)),
        hypothesis,
        z3.Implies(z3.And(_p1(_g), _p1(_h)), conclusion),
        lambda games: (
            not (_is_p(games[0]) and _is_p(games[1])) or _is_p_sum(games[0], games[1]) == sum_is_p
        ),
        arity=2,
        description="hypothesis: P + P is P for every pair of smaller birthday sum",
    )


def p_plus_n_step(sum_is_n: bool = True) -> BirthdayStep:
    """G P and H N imply G + H N: H has a P-option H', and G + H' is P (P + P, a lemma
    proved for every game).  ``sum_is_n=False`` claims P + N is P (a mutant)."""
    lemma = z3.ForAll([_a, _b], z3.Implies(z3.And(_p1(_a), _p1(_b)), _p2(_a, _b)))
    conclusion = z3.Not(_p2(_g, _h)) if sum_is_n else _p2(_g, _h)
    return BirthdayStep(
        "P + N is N" if sum_is_n else "P + N is P",
        (*_single_rules(), *_sum_rules()),
        (lemma,),
        z3.Implies(z3.And(_p1(_g), z3.Not(_p1(_h))), conclusion),
        lambda games: (
            not (_is_p(games[0]) and not _is_p(games[1]))
            or _is_p_sum(games[0], games[1]) != sum_is_n
        ),
        arity=2,
        description="lemma: P + P is P (for every pair of games); H has a P-option H', and "
        "G + H -> G + H' reaches a P-position",
    )
