"""Grundy-value induction: prove that a formula is the Grundy value of every position.

The game comes as a :class:`~grundy.verify.pset_induction.MoveRelation` (positions, the
move from ``x`` to ``y``, a measure every move lowers), the candidate value ``f`` as a Z3
integer term of the position.  Z3 checks, for every integer value (no bound), after the
same preliminaries as P-set induction (some case exists, every case is a position, the
measure is not negative and every move lowers it):

1. ``f(x) >= 0`` at every position;
2. no move joins two positions with the same value of ``f``;
3. for every ``v`` with ``0 <= v < f(x)``, some move from ``x`` leads to a position where
   ``f`` is ``v``.

By strong induction on the measure, ``G(x) = f(x)``: the options of ``x`` have Grundy
values ``f(y)`` by induction, none of them is ``f(x)`` (2) and every smaller number is
among them (3), so their mex is ``f(x)`` (1 makes it a number a mex can be).  A terminal
position needs no case of its own: with no move, (3) forces ``f(x) = 0``.

Condition 3 has a quantifier (some move reaches ``v``); as in P-set induction, a caller
may hand candidate moves (``witnesses``, terms of the position and of ``v``), tried
instead of the quantifier; a candidate must be a move of the relation for the query to
count it, and a condition they do not settle is not shown.

When a condition fails, the models Z3 gives are positions the caller's exact solver
re-checks (``recheck``); only a confirmed disagreement is ``refuted``, anything else
``unknown``.  This module knows nothing of claims.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import z3

from grundy.verdict import UNBOUNDED, Status, Verdict
from grundy.verify.pset_induction import (
    Found,
    MoveRelation,
    Numbers,
    Order,
    _counterexample,
    _default_order,
    _Query,
    decide,
    preliminaries_fail,
)

__all__ = ["METHOD", "ValueWitnesses", "prove_grundy_values"]

METHOD = "grundy-value induction"

ValueWitnesses = Callable[[Numbers, z3.ArithRef], Sequence[Numbers]]
"""Candidate moves from a position to one of value ``v``: positions as terms of both."""


def prove_grundy_values(
    relation: MoveRelation,
    value: Callable[[Numbers], z3.ArithRef],
    *,
    names: Sequence[str],
    domain: Callable[[Numbers], z3.BoolRef],
    region: Callable[[Numbers], z3.BoolRef],
    recheck: Callable[[dict[str, int]], bool],
    timeout_ms: int,
    seed: int = 0,
    order: Order | None = None,
    witnesses: ValueWitnesses | None = None,
) -> Verdict:
    """Whether ``value`` is the Grundy value of every position of ``relation``'s game
    (normal play), with the arguments of :func:`~grundy.verify.pset_induction.prove_p_set`."""
    start = time.perf_counter()
    query = _Query(relation, timeout_ms, seed)
    x, y, z = query.position("x"), query.position("y"), query.position("z")
    v = z3.Int("v")

    def unknown(message: str) -> Verdict:
        return Verdict(Status.UNKNOWN, METHOD, message=message, seconds=time.perf_counter() - start)

    problem = preliminaries_fail(query, relation, domain, region)
    if problem is not None:
        return unknown(problem)
    valid, move = relation.valid, relation.move
    smaller = z3.And(valid(x), v >= 0, v < value(x))
    conditions = [
        ("1 (the formula is never negative)", z3.And(valid(x), value(x) < 0), None),
        (
            "2 (no move keeps the formula's value)",
            z3.And(valid(x), move(x, y), value(y) == value(x)),
            None,
        ),
        (
            "3 (every smaller value is reached by a move)",
            z3.And(smaller, z3.ForAll(list(z), z3.Not(z3.And(move(x, z), value(z) == v)))),
            None
            if witnesses is None
            else z3.And(
                smaller, *[z3.Not(z3.And(move(x, w), value(w) == v)) for w in witnesses(x, v)]
            ),
        ),
    ]
    ranking = order if order is not None else _default_order(relation)

    def search(negation: z3.BoolRef) -> Found | None:
        return _counterexample(query, negation, x, y, domain, ranking, names, recheck)

    for what, negation, guessed in conditions:
        outcome, found = decide(query, negation, guessed, search, f"condition {what}")
        if outcome == "holds":
            continue
        if found is not None:
            return Verdict(
                Status.REFUTED,
                METHOD,
                UNBOUNDED,
                counterexample=found.case,
                message=f"condition {what} fails; the exact solver confirms the position "
                "disagrees with the statement",
                seconds=time.perf_counter() - start,
                details=found.details(),
            )
        if outcome == "unknown":
            return unknown(f"Z3 could not decide condition {what}: {query.reason}")
        return unknown(
            f"condition {what} fails, but at no case of the claim that the exact solver "
            "confirms: the formula is not the Grundy value everywhere, so the induction "
            "does not apply"
        )
    return Verdict(
        Status.PROVED,
        METHOD,
        UNBOUNDED,
        message=f"the formula is the Grundy value of every position of {relation.name}: Z3 "
        "shows it is never negative, no move keeps it, and every smaller value is reached "
        f"by a move, so it is the mex of the options' values; induction on "
        f"{relation.measure_text}, which every move lowers (checked too)",
        seconds=time.perf_counter() - start,
        smt=tuple(query.queries),
    )
