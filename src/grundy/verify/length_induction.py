"""Induction on the length of a list: a statement about every list of numbers, however
many, that reads the list only through *folds* (its length, sum, maximum, nim-sum, ...).

A fold keeps a state: its value after the first number, and how appending a number changes
it.  Each fold also states a fact its value keeps (the maximum is at most the largest
number allowed, the nim-sum of numbers below ``2**w`` is below ``2**w``...).  Z3 checks:

1. **base**: after one number, every fact holds;
2. **step**: if the facts hold after ``k`` numbers, they hold after ``k + 1`` (the number
   appended being any allowed one);
3. **goal**: wherever the facts hold with ``k`` at least the first length asked for, the
   statement holds.

The facts of single folds rarely relate two folds (``all(x <= 1 for x in h)`` is
``max(h) <= 1``), so the caller may also offer *candidate* facts over several folds; those
that are inductive together (each holds after one number, and after a step from states
where the folds' facts and every kept candidate hold) are found by dropping the ones that
fail until none does (Houdini's method), and are added to the facts before the goal.

By induction on ``k`` the facts hold after every list, so by 3 the statement holds for every
list of ``first`` or more numbers: ``proved``.  The facts over-approximate the states that
lists reach, so a failure of 3 may be at a state no list reaches: it never refutes, it
leaves the statement unproved (``unknown``, with the state Z3 found).  The engine knows
nothing of games or claims: a statement about a game's positions is handed in already read
through the theorems that give its outcome as a function of the folds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from grundy.verdict import UNBOUNDED, Status, Verdict

__all__ = ["Fold", "prove_for_every_length"]


@dataclass(frozen=True, slots=True)
class Fold:
    """One accumulator over the list: ``state`` (a Z3 constant, its value after some
    numbers), ``first(x)`` its value after the one number ``x``, ``step(state, x)`` after
    appending ``x``, and ``fact(state, count)`` what it keeps true."""

    name: str
    state: Any
    first: Callable[[Any], Any]
    step: Callable[[Any, Any], Any]
    fact: Callable[[Any, Any], Any]


def prove_for_every_length(
    folds: Sequence[Fold],
    count: Any,
    number: Any,
    allowed: Any,
    goal: Any,
    *,
    first: int,
    timeout_ms: int,
    seed: int = 0,
    what: str = "every list",
    candidates: Sequence[Any] = (),
) -> Verdict:
    """Prove ``goal`` (over the folds' states and ``count``, the list's length) for every
    list of at least ``first`` numbers, each satisfying ``allowed`` (over ``number``).

    ``count`` and ``number`` are Z3 integer constants; ``count`` is itself a fold's state
    in effect (1 after one number, one more after each step).  ``what`` names the lists in
    the verdict's scope.
    """
    started = time.monotonic()
    states = [f.state for f in folds]

    def facts(values: Sequence[Any], length: Any) -> Any:
        return z3.And(length >= 1, *(f.fact(v, length) for f, v in zip(folds, values, strict=True)))

    kept = _inductive(folds, count, number, allowed, list(candidates), facts, timeout_ms, seed)

    def facts_and_kept(values: Sequence[Any], length: Any) -> Any:
        pairs = [(f.state, v) for f, v in zip(folds, values, strict=True)] + [(count, length)]
        return z3.And(facts(values, length), *(z3.substitute(c, *pairs) for c in kept))

    parts = (
        (
            "base (one number)",
            z3.Implies(allowed, facts_and_kept([f.first(number) for f in folds], z3.IntVal(1))),
        ),
        (
            "step (k numbers to k + 1)",
            z3.Implies(
                z3.And(facts_and_kept(states, count), allowed),
                facts_and_kept([f.step(f.state, number) for f in folds], count + 1),
            ),
        ),
        (
            f"goal (k >= {first})",
            z3.Implies(z3.And(facts_and_kept(states, count), count >= first), goal),
        ),
    )
    for name, formula in parts:
        solver = z3.Solver()
        solver.set(timeout=timeout_ms, random_seed=seed)
        solver.add(z3.Not(formula))
        answer = solver.check()
        if answer == z3.unsat:
            continue
        seconds = time.monotonic() - started
        if answer == z3.sat:
            model = solver.model()
            shown = {str(d): str(model[d]) for d in sorted(model.decls(), key=str)}
            return Verdict(
                Status.UNKNOWN,
                "length-induction",
                "induction on the number of numbers",
                message=f"the {name} of the induction on the length fails at {shown}",
                seconds=seconds,
                details={"failed_part": name, "model": shown},
            )
        return Verdict(
            Status.UNKNOWN,
            "length-induction",
            "induction on the number of numbers",
            message=f"Z3 could not decide the {name} of the induction ({solver.reason_unknown()})",
            seconds=seconds,
            details={"failed_part": name},
        )
    return Verdict(
        Status.PROVED,
        "length-induction",
        f"{UNBOUNDED}: {what}",
        message="base, step and goal of the induction on the length checked by Z3",
        seconds=time.monotonic() - started,
        details={
            "induction": "on the length k: after k numbers every fold keeps its fact",
            "relations": [str(c) for c in kept],
        },
    )


def _inductive(
    folds: Sequence[Fold],
    count: Any,
    number: Any,
    allowed: Any,
    candidates: list[Any],
    facts: Any,
    timeout_ms: int,
    seed: int,
) -> list[Any]:
    """The candidates that are inductive together (Houdini: drop any that fails, again)."""
    states = [f.state for f in folds]

    def at(candidate: Any, values: Sequence[Any], length: Any) -> Any:
        pairs = [(s, v) for s, v in zip(states, values, strict=True)] + [(count, length)]
        return z3.substitute(candidate, *pairs)

    def valid(formula: Any) -> bool:
        solver = z3.Solver()
        solver.set(timeout=timeout_ms, random_seed=seed)
        solver.add(z3.Not(formula))
        return bool(solver.check() == z3.unsat)  # unknown counts as failing: dropped

    firsts = [f.first(number) for f in folds]
    kept = [c for c in candidates if valid(z3.Implies(allowed, at(c, firsts, z3.IntVal(1))))]
    steps = [f.step(f.state, number) for f in folds]
    changed = True
    while changed and kept:
        changed = False
        before = z3.And(facts(states, count), allowed, *kept)
        for candidate in list(kept):
            if not valid(z3.Implies(before, at(candidate, steps, count + 1))):
                kept.remove(candidate)
                changed = True
    return kept
