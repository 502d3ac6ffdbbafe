"""The Z3 engine: prove a goal by showing that its negation has no model.

:func:`prove_z3` asks Z3 for a model of ``Not(goal)``.  The three answers map to
verdicts as DESIGN.md section 3 demands:

- ``unsat``: the goal holds for every value of its variables, so ``proved`` within the
  scope the caller states (e.g. "k <= 8 heaps of 64-bit sizes");
- ``sat``: the model is decoded into plain Python integers and the statement is
  re-checked on them by code that does not use Z3 (``recheck``).  Only a confirmed
  failure is ``refuted``; a model that the re-check accepts means the encoding and the
  statement disagree, and that is ``unknown``, never a verdict either way;
- ``unknown`` (a timeout, incomplete theory, resource limit): ``unknown`` with Z3's
  reason.  Never ``proved``.

The solver is seeded, so runs are reproducible.  A statement may come as an
:class:`Encoding`: the goal for Z3 with the same statement in plain Python, which re-checks
any model and doubles as the predicate for exhaustive runs at small widths.  The encodings
of particular mathematics live in :mod:`grundy.theory`; this module knows nothing about
games.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import z3

from grundy.budget import Meter
from grundy.smt_record import SmtQuery
from grundy.verdict import Status, Verdict
from grundy.verify.smt import checked, decide

__all__ = ["Case", "Encoding", "checked", "least_first", "model_values", "prove_z3"]

Decoder = Callable[[z3.ModelRef], dict[str, Any]]
Recheck = Callable[[Mapping[str, Any]], bool]

Case = Mapping[str, int]
"""Values of an encoding's variables, by name."""


@dataclass(frozen=True, slots=True)
class Encoding:
    """A goal for Z3 and the same statement in plain Python.

    ``holds(case)`` evaluates the statement on plain integers (the variables by name);
    ``minimise`` is the measure under which a counterexample is reported least (by
    default the sum of the variables).
    """

    name: str
    goal: z3.BoolRef
    variables: tuple[z3.ExprRef, ...]
    holds: Callable[[Case], bool]
    scope: str
    minimise: z3.ExprRef | None = None

    def prove(
        self,
        *,
        timeout_ms: int,
        seed: int = 0,
        lemmas: Sequence[str] = (),
        assumptions: Sequence[z3.BoolRef] = (),
        method: str = "z3",
    ) -> Verdict:
        """Run :func:`prove_z3` on this goal, re-checking counterexamples with ``holds``."""
        variables = self.variables
        return prove_z3(
            self.goal,
            step=self.name,
            scope=self.scope,
            timeout_ms=timeout_ms,
            method=method,
            assumptions=assumptions,
            lemmas=lemmas,
            decode=lambda model: model_values(model, variables),
            recheck=self.holds,
            minimise=self.minimise if self.minimise is not None else least_first(variables),
            seed=seed,
        )


def least_first(variables: Sequence[z3.ExprRef]) -> list[z3.ExprRef]:
    """What :func:`prove_z3` minimises for the stated order of counterexamples: the least
    sum first, then each variable in turn.  Bit-vectors are widened before they are added,
    by as many bits as the count of variables needs, so the sum cannot wrap around.

    >>> a, b = z3.BitVecs("a b", 3)
    >>> least_first([a, b])[0].size()  # 3 bits, plus 2 for a sum of two
    5
    """
    if all(z3.is_bv(v) for v in variables):
        extra = max(len(variables), 2).bit_length()
        total = z3.Sum([z3.ZeroExt(extra, v) for v in variables])
    else:
        total = z3.Sum(list(variables))
    return [total, *variables]


def model_values(model: z3.ModelRef, variables: Sequence[z3.ExprRef]) -> dict[str, int]:
    """The integer value of each variable in ``model`` (0 when Z3 left it free).

    >>> x = z3.BitVec("x", 8)
    >>> solver = z3.Solver()
    >>> solver.add(x == 5)
    >>> _ = solver.check()
    >>> model_values(solver.model(), [x])
    {'x': 5}
    """
    values = {}
    for variable in variables:
        value = model.eval(variable, model_completion=True)
        values[str(variable)] = _as_int(value)
    return values


def prove_z3(
    goal: z3.BoolRef,
    *,
    scope: str,
    timeout_ms: int,
    method: str = "z3",
    assumptions: Sequence[z3.BoolRef] = (),
    lemmas: Sequence[str] = (),
    decode: Decoder | None = None,
    recheck: Recheck | None = None,
    minimise: z3.ExprRef | Sequence[z3.ExprRef] | None = None,
    seed: int = 0,
    meter: Meter | None = None,
    step: str | None = None,
) -> Verdict:
    """Check ``goal`` for every value of its free variables.

    ``step`` names the query where it is recorded and exported (by default the method
    and the scope); an ``unsat`` answer passes :func:`grundy.verify.smt.decide`, which
    records it and has the second solver confirm it.

    With a ``meter`` (a claim's budget), each query is given at most the time left of it
    as its timeout, and a budget used up during a query raises
    :class:`~grundy.errors.BudgetExceededError` rather than giving Z3's ``unknown``.

    ``assumptions`` are facts added as hypotheses (lemmas proved earlier); their names, in
    ``lemmas``, are recorded in the verdict's details.  ``decode(model)`` turns a model of
    the negation into a case (a dict of plain values) and ``recheck(case)`` evaluates the
    statement on it without Z3, returning whether it holds.  ``minimise`` is an integer
    term (for example the sum of the variables), or several, compared in turn: when given,
    the counterexample is the model with the least value of that term (ties broken by the
    next ones).  Breaking every tie (e.g. sum, then each variable) makes the counterexample
    independent of Z3's internal state, so a parallel run reports the same one.

    >>> x, y = z3.BitVecs("x y", 8)
    >>> prove_z3(x ^ y == y ^ x, scope="bounded: 8-bit x, y", timeout_ms=5000).status
    <Status.PROVED: 'proved'>
    >>> verdict = prove_z3(
    ...     x ^ y == x + y, scope="bounded: 8-bit x, y", timeout_ms=5000,
    ...     decode=lambda m: model_values(m, [x, y]),
    ...     recheck=lambda c: c["x"] ^ c["y"] == (c["x"] + c["y"]) % 256,
    ...     minimise=z3.ZeroExt(8, x) + z3.ZeroExt(8, y))
    >>> verdict.status, dict(verdict.counterexample)
    (<Status.REFUTED: 'refuted'>, {'x': 1, 'y': 1})
    """
    start = time.perf_counter()
    solver = z3.Solver(ctx=goal.ctx)  # the goal may live in a context of its own
    solver.set("random_seed", seed)
    for assumption in assumptions:
        solver.add(assumption)
    solver.add(z3.Not(goal))
    details: dict[str, Any] = {"seed": seed, "timeout_ms": timeout_ms}
    if lemmas:
        details["lemmas"] = list(lemmas)
    try:
        decision = decide(
            solver, timeout_ms, meter, step=step or f"{method}: {scope}", lemmas=lemmas
        )
    except z3.Z3Exception as exc:  # e.g. an interrupted or malformed query
        return _unknown(method, scope, f"Z3 failed: {exc}", details, start)
    answer = decision.answer
    details["solver"] = _statistics(solver)
    queries = () if decision.query is None else (decision.query,)
    if answer == z3.unsat:
        return Verdict(
            Status.PROVED,
            method,
            scope,
            message="Z3: the negation of the goal is unsatisfiable" + _confirmed(decision.query),
            seconds=time.perf_counter() - start,
            details=details,
            smt=queries,
        )
    if answer == z3.unknown:
        if decision.query is not None:  # the two solvers disagree: the reason says how
            unknown = _unknown(method, scope, decision.reason, details, start)
            return replace(unknown, smt=queries)
        reason = decision.reason or "no reason given"
        _raise_if_interrupted(reason)
        return _unknown(method, scope, f"Z3 answered unknown ({reason})", details, start)
    model = solver.model()
    if minimise is not None:
        measures = [minimise] if isinstance(minimise, z3.ExprRef) else list(minimise)
        solver.push()
        for measure in measures:
            model = _least_model(solver, model, measure, (timeout_ms, meter))
            solver.add(measure == model.eval(measure, model_completion=True))
        solver.pop()
    if decode is None or recheck is None:
        return _unknown(
            method,
            scope,
            "Z3 found a model of the negation, but no independent re-check was given",
            details,
            start,
        )
    case = decode(model)
    try:
        still_holds = recheck(case)
    except (ArithmeticError, ValueError) as exc:
        return _unknown(
            method, scope, f"re-checking Z3's model {case} failed: {exc}", details, start
        )
    if still_holds:
        return _unknown(
            method,
            scope,
            f"Z3's model {case} satisfies the statement when re-checked: the encoding is wrong",
            details,
            start,
        )
    return Verdict(
        Status.REFUTED,
        method,
        scope,
        counterexample=case,
        message="Z3 model of the negation, confirmed by a direct re-check"
        + (" (least counterexample by the stated measure)" if minimise is not None else ""),
        seconds=time.perf_counter() - start,
        details=details,
    )


def _least_model(
    solver: z3.Solver,
    model: z3.ModelRef,
    measure: z3.ExprRef,
    timing: tuple[int, Meter | None],
) -> z3.ModelRef:
    """The model with the least value of ``measure``, by binary search on its bound."""
    is_bit_vector = z3.is_bv(measure)

    def value_of(found: z3.ModelRef) -> int:
        return _as_int(found.eval(measure, model_completion=True))

    def at_most(bound: int) -> z3.BoolRef:
        return z3.ULE(measure, bound) if is_bit_vector else measure <= bound

    best, high = model, value_of(model)
    low = 0
    if not is_bit_vector:
        solver.push()
        solver.add(measure >= 0)
    while low < high:
        middle = (low + high) // 2
        solver.push()
        solver.add(at_most(middle))
        answer = checked(solver, *timing)
        if answer == z3.unknown:
            _raise_if_interrupted(solver.reason_unknown())
        if answer == z3.sat:
            best = solver.model()
            high = value_of(best)
        else:
            low = middle + 1  # unsat, or unknown: do not look below this bound
        solver.pop()
    if not is_bit_vector:
        solver.pop()
    return best


def _confirmed(query: SmtQuery | None) -> str:
    """The words saying which other solver confirmed the answer, if any did."""
    others = [] if query is None else [name for name in query.agreed if name != "z3"]
    return f"; {' and '.join(others)} agrees" if others else ""


def _raise_if_interrupted(reason: str) -> None:
    """Z3 catches Ctrl-C itself and answers ``unknown``; pass the interrupt on, so that
    the user's Ctrl-C stops the run instead of becoming a verdict."""
    if "interrupted from keyboard" in reason:
        raise KeyboardInterrupt


def _unknown(
    method: str, scope: str, message: str, details: dict[str, Any], start: float
) -> Verdict:
    return Verdict(
        Status.UNKNOWN,
        method,
        scope,
        message=message,
        seconds=time.perf_counter() - start,
        details=details,
    )


def _statistics(solver: z3.Solver) -> dict[str, Any]:
    """A few headline figures of Z3's statistics (all of them are too many to report)."""
    stats = solver.statistics()
    wanted = ("time", "conflicts", "decisions", "max memory", "sat conflicts", "rlimit count")
    keys = stats.keys()  # a z3 Statistics object is not a dict; keys() lists its names
    return {key: stats.get_key_value(key) for key in keys if key in wanted}


def _as_int(value: z3.ExprRef) -> int:
    if z3.is_bv_value(value):
        return int(value.as_long())
    if z3.is_int_value(value):
        return int(value.as_long())
    if z3.is_true(value) or z3.is_false(value):
        return int(z3.is_true(value))
    raise ValueError(f"cannot read {value} as an integer")
