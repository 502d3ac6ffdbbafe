"""P-set induction: prove that a formula is exactly the set of P-positions of a game.

The game comes as a :class:`MoveRelation`: its positions (``valid``), the move from ``x``
to ``y`` and a measure, all Z3 formulas over integer terms; the candidate P-set ``phi``
is another.  Z3 checks, for every integer value (no bound):

0. the measure: every valid position has a measure ``>= 0``, and every move from a valid
   position leads to a valid position of strictly smaller measure (so play ends);
1. every terminal position (no move) satisfies ``phi`` (normal play: it is P); in misère
   play (``misere=True``) none does (the player to move has no move, and wins: N);
2. no move leads from a position satisfying ``phi`` to another one satisfying it;
3. from every non-terminal position not satisfying ``phi``, some move leads to one that
   satisfies it.

By induction on the measure, the P-positions are then exactly those satisfying ``phi``: a
position satisfying it moves only to positions not satisfying it (2), which are N by
induction; one not satisfying it is not terminal (1) and moves to one satisfying it (3),
which is P by induction.  (Whether ``terminal`` is right does not matter for this
argument: it only splits the cases; the tests check it against the game anyway.)

Condition 3 is the one with a quantifier (some move enters ``phi``).  A caller may hand
``witnesses``: candidate moves, each a term of the position (``n - n % (k + 1)``).  Z3
then checks, with no quantifier, that from every position outside ``phi`` one of them is
a move into ``phi``; a candidate is only a guess, and the query asks that it *is* a move
of the relation, so a wrong guess can make the condition fail to be shown, never make it
hold.  With candidates the quantified query is not asked at all (over nonlinear terms Z3
does not settle it, and may use gigabytes trying).

Before that, the cases the caller asks about must exist (``domain``, the stated ranges and
``assume``, is satisfiable: an empty domain proves nothing) and lie among the positions
(``region``, the same cases with no upper bound, implies ``valid``).  The proof then covers
every case of ``region``: scope ``unbounded``.

When a condition fails, Z3's model names a position where ``phi`` and the game disagree
near it; the engine asks for such a model inside ``domain`` (least measure first), and
re-checks each position it names with ``recheck`` (the caller's exact solver).  Only a
confirmed failure is ``refuted``; otherwise the verdict is ``unknown`` (``phi`` may be
right on the cases asked about and wrong elsewhere, where the induction needs it).  Z3's
``unknown`` (e.g. nonlinear arithmetic) is ``unknown``, never ``proved``.  This module
knows nothing of particular games or claims: the relations live in
:mod:`grundy.theory.move_relations`, the claim's side in :mod:`grundy.claims.pset_method`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import z3

from grundy.smt_record import SmtQuery
from grundy.verdict import UNBOUNDED, Status, Verdict
from grundy.verify.smt import decide as decide_query

__all__ = ["METHOD", "MoveRelation", "Numbers", "Witnesses", "prove_p_set"]

METHOD = "p-set induction"

Numbers = Sequence[z3.ArithRef]
"""A position as integer terms, one per number."""

Formula = Callable[[Numbers], z3.BoolRef]

Order = Sequence[tuple[Callable[[Numbers], z3.ArithRef], int]]
"""Terms compared in turn to pick the least counterexample, each with a lower bound."""

Witnesses = Callable[[Numbers], Sequence[Numbers]]
"""Candidate moves from a position: positions written as terms of it (only guesses)."""


@dataclass(frozen=True, slots=True)
class MoveRelation:
    """A game's moves on positions of ``arity`` integers, as Z3 builders."""

    name: str
    arity: int
    valid: Formula
    move: Callable[[Numbers, Numbers], z3.BoolRef]
    terminal: Formula
    measure: Callable[[Numbers], z3.ArithRef]
    measure_text: str


def prove_p_set(
    relation: MoveRelation,
    phi: Formula,
    *,
    names: Sequence[str],
    domain: Formula,
    region: Formula,
    recheck: Callable[[dict[str, int]], bool],
    timeout_ms: int,
    seed: int = 0,
    order: Order | None = None,
    misere: bool = False,
    witnesses: Witnesses | None = None,
) -> Verdict:
    """Whether ``phi`` is exactly the P-set of ``relation``'s game (see the module).

    ``names`` name the position's numbers (the counterexample's keys); ``recheck(case)``
    is true when the caller's statement holds at ``case`` by the exact solver (or ``case``
    is not one of its cases).  ``order``: the terms that rank counterexamples, least
    first (by default the measure, then each number in turn, from 0).
    """
    start = time.perf_counter()
    query = _Query(relation, timeout_ms, seed)
    x = query.position("x")
    y = query.position("y")

    def unknown(message: str) -> Verdict:
        return Verdict(Status.UNKNOWN, METHOD, message=message, seconds=time.perf_counter() - start)

    problem = preliminaries_fail(query, relation, domain, region)
    if problem is not None:
        return unknown(problem)
    yp = query.position("z")
    terminal_wrong = phi(x) if misere else z3.Not(phi(x))
    conditions = [
        (
            "1 (a terminal position satisfies the formula)"
            if not misere
            else "1 (no terminal position satisfies the formula: misère play)",
            z3.And(relation.valid(x), relation.terminal(x), terminal_wrong),
            None,
        ),
        (
            "2 (no move joins two positions of the formula)",
            z3.And(relation.valid(x), phi(x), relation.move(x, y), phi(y)),
            None,
        ),
        (
            "3 (from outside the formula some move enters it)",
            z3.And(
                relation.valid(x),
                z3.Not(relation.terminal(x)),
                z3.Not(phi(x)),
                z3.ForAll(list(yp), z3.Not(z3.And(relation.move(x, yp), phi(yp)))),
            ),
            None
            if witnesses is None
            else z3.And(
                relation.valid(x),
                z3.Not(relation.terminal(x)),
                z3.Not(phi(x)),
                *[z3.Not(z3.And(relation.move(x, w), phi(w))) for w in witnesses(x)],
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
            "confirms: the formula is not the P-set of the whole game, so the induction "
            "does not apply"
        )
    terminal_words = (
        "no terminal position satisfies it (misère play)"
        if misere
        else ("every terminal position satisfies it")
    )
    return Verdict(
        Status.PROVED,
        METHOD,
        UNBOUNDED,
        message=f"the formula is exactly the {'misère ' if misere else ''}P-set of "
        f"{relation.name}: Z3 shows {terminal_words}, no move joins two of its positions, "
        f"and from every other position a move enters it; induction on "
        f"{relation.measure_text}, which every move lowers (checked too)",
        seconds=time.perf_counter() - start,
        smt=tuple(query.queries),
    )


def preliminaries_fail(
    query: _Query, relation: MoveRelation, domain: Formula, region: Formula
) -> str | None:
    """Why the induction cannot start (no case at all, a case that is not a position, a
    measure that is negative or that some move does not lower), or ``None``."""
    x = query.position("x")
    y = query.position("y")
    answer = query.check(domain(x), "some case satisfies the ranges and assume", "sat")
    if answer != z3.sat:
        if answer == z3.unsat:
            return "no case satisfies the ranges and assume: nothing was proved"
        return f"Z3 could not tell whether any case exists ({query.reason})"
    valid, move, measure = relation.valid, relation.move, relation.measure
    preliminaries = [
        ("every case is a position", z3.And(region(x), z3.Not(valid(x)))),
        ("the measure is not negative", z3.And(valid(x), measure(x) < 0)),
        (
            "each move lowers the measure",
            z3.And(
                valid(x),
                move(x, y),
                z3.Not(z3.And(valid(y), measure(y) < measure(x))),
            ),
        ),
    ]
    for what, negation in preliminaries:
        answer = query.check(negation, what)
        if answer != z3.unsat:
            said = "fails" if answer == z3.sat else f"was not shown ({query.reason})"
            return f"{what} ({relation.name}): {said}"
    return None


def decide(
    query: _Query,
    negation: z3.BoolRef,
    guessed: z3.BoolRef | None,
    search: Callable[[z3.BoolRef], Found | None],
    step: str,
) -> tuple[str, Found | None]:
    """Whether a condition holds, from its ``negation``: ``("holds", None)`` when Z3 shows
    the negation unsat, ``("refuted", case)`` when ``search`` finds a case of a model that
    the exact solver confirms, ``("fails", None)`` when the negation has models but none
    confirmed, ``("unknown", None)`` when Z3 cannot tell.  ``guessed`` (the negation with
    its quantifier replaced by candidate moves: it follows from the negation) is asked
    instead when given: unsat settles the condition with no quantifier, and its models,
    a superset of the real failures, are where a counterexample is looked for; a
    condition the candidates do not settle is not shown (``fails``, never ``holds``)."""
    if guessed is not None:
        # With candidates, the quantified query is never asked: over nonlinear terms Z3
        # cannot settle it, and it can use gigabytes trying (a claim's memory budget).
        answer = query.check(guessed, step)
        if answer == z3.unsat:
            return "holds", None
        if answer == z3.unknown:
            return "unknown", None
        found = search(guessed)
        return ("refuted", found) if found is not None else ("fails", None)
    answer = query.check(negation, step)
    if answer == z3.unsat:
        return "holds", None
    if answer == z3.unknown:
        return "unknown", None
    found = search(negation)
    return ("refuted", found) if found is not None else ("fails", None)


def _default_order(relation: MoveRelation) -> Order:
    def number(index: int) -> Callable[[Numbers], z3.ArithRef]:
        return lambda x: x[index]

    return [(relation.measure, 0), *[(number(i), 0) for i in range(relation.arity)]]


class _Query:
    def __init__(self, relation: MoveRelation, timeout_ms: int, seed: int) -> None:
        self.relation = relation
        self.timeout_ms = max(int(timeout_ms), 1)
        self.seed = seed
        self.reason = ""
        self.queries: list[SmtQuery] = []  # those the proof rests on, for its verdict

    def position(self, prefix: str) -> list[z3.ArithRef]:
        return [z3.Int(f"{prefix}{i}") for i in range(self.relation.arity)]

    def solver(self, *facts: z3.BoolRef) -> z3.Solver:
        solver = z3.Solver()
        solver.set("timeout", self.timeout_ms)
        solver.set("random_seed", self.seed)
        solver.add(*facts)
        return solver

    def check(self, formula: z3.BoolRef, step: str, rests_on: str = "unsat") -> z3.CheckSatResult:
        """Z3's answer on ``formula``, through the one point that records the queries a
        verdict rests on (``rests_on``) and has the second solver confirm them."""
        solver = self.solver(formula)
        try:
            decision = decide_query(
                solver, self.timeout_ms, step=f"{self.relation.name}: {step}", rests_on=rests_on
            )
        except z3.Z3Exception as exc:
            self.reason = str(exc)
            return z3.unknown
        answer = decision.answer
        self.reason = decision.reason
        if decision.query is not None:
            self.queries.append(decision.query)
        if answer == z3.unknown and "interrupted from keyboard" in self.reason:
            raise KeyboardInterrupt
        return answer


def _counterexample(
    query: _Query,
    negation: z3.BoolRef,
    x: list[z3.ArithRef],
    y: list[z3.ArithRef],
    domain: Formula,
    order: Order,
    names: Sequence[str],
    recheck: Callable[[dict[str, int]], bool],
) -> Found | None:
    """A case of ``domain`` named by a model of ``negation`` (``x``, or ``y`` when the
    condition has a move) that the exact solver confirms fails: the least in ``order``
    first, then the next least, a few at most (the same answer on every run), and whether
    it was shown to be the least (no step of the search was left undecided)."""
    for at in (x, y):
        solver = query.solver(negation, domain(at))
        for _ in range(_TRIES):
            terms = [(term(at), low) for term, low in order]
            found = _least(solver, terms, at, query.timeout_ms)
            if found is None:
                break
            values, exact = found
            case = dict(zip(names, values, strict=True))
            if not recheck(case):
                return Found(case, exact)
            solver.add(z3.Or(*[term != value for term, value in zip(at, values, strict=True)]))
    return None


@dataclass(frozen=True, slots=True)
class Found:
    """A counterexample the exact solver confirmed, and whether it is shown the least."""

    case: dict[str, int]
    least: bool

    def details(self) -> dict[str, bool]:
        """What the verdict's details say of it (only that it may not be the least)."""
        return {} if self.least else {"least": False}


STEP_MS = 10_000
"""Most time one step of the search for the least counterexample may take: a step Z3
cannot decide in it is left, and the counterexample is then not said to be the least."""


_TRIES = 8


def _least(
    solver: z3.Solver,
    terms: list[tuple[z3.ArithRef, int]],
    at: list[z3.ArithRef],
    query_timeout: int,
) -> tuple[list[int], bool] | None:
    """The values at ``at`` of the model least in ``terms`` (each compared in turn, each
    at least its given bound), by binary search; ``None`` when there is no model."""
    if solver.check() != z3.sat:
        return None
    model = solver.model()
    exact = True
    solver.push()
    solver.set("timeout", STEP_MS)
    for term, low in terms:
        high = model.eval(term, model_completion=True).as_long()
        while low < high:
            middle = (low + high) // 2
            solver.push()
            solver.add(term <= middle)
            answer = solver.check()
            if answer == z3.sat:
                model = solver.model()
                high = model.eval(term, model_completion=True).as_long()
            else:  # unsat, or unknown: do not look below this bound
                exact = exact and answer == z3.unsat
                low = middle + 1
            solver.pop()
        solver.add(term == high)
    values = [model.eval(term, model_completion=True).as_long() for term in at]
    solver.pop()
    solver.set("timeout", query_timeout)
    return values, exact
