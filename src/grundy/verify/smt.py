"""The one point every Z3 query a verdict rests on passes: :func:`decide`.

A verdict rests on a query's answer when the answer is not re-checked by plain Python:
``unsat`` for a symbolic proof (the negation of the goal has no model), ``sat`` where a
proof needs some case to exist (a claim whose ``assume`` admits nothing proves nothing).
A ``sat`` that leads to a counterexample is not such an answer: the counterexample is
re-checked without any solver before it refutes.

For an answer a verdict rests on, :func:`decide`

- keeps the query as SMT-LIB 2 text (Z3's ``Solver.sexpr()``, taken before the check),
  recorded in :mod:`grundy.smt_record` with the step's name and the lemmas assumed, so
  that the command line can write it to a file anyone can run again;
- asks the second solver (:mod:`grundy.verify.second_solver`) for its answer on that
  text, unless the context says ``none`` (``--second-solver none``), within
  :func:`second_limit_ms` (three times Z3's time on it, at least half a second; only
  half a second on a query of a shape it is known not to decide,
  :mod:`grundy.verify.smt_shape`);
- turns a disagreement (Z3 ``unsat``, cvc5 ``sat``, or the reverse) into ``unknown``
  naming both answers: the verdict then proves nothing.  A second solver that cannot
  answer (a time limit) leaves the proof standing, resting on Z3 alone, and the verdict's
  ``solvers`` say so.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import z3

from grundy.budget import Meter
from grundy.smt_record import FIRST_SOLVER, SmtQuery, note_query, second_solver
from grundy.verify.second_solver import solve_smt2
from grundy.verify.smt_shape import parsed, second_solver_hard

__all__ = ["Decision", "checked", "decide", "standard_smtlib"]


@dataclass(frozen=True, slots=True)
class Decision:
    """Z3's answer, made ``unknown`` when the second solver contradicts it; ``reason`` for
    an unknown one; ``query`` the recorded query (``None`` when nothing rests on it)."""

    answer: z3.CheckSatResult
    reason: str = ""
    query: SmtQuery | None = None


def checked(solver: z3.Solver, timeout_ms: int, meter: Meter | None) -> z3.CheckSatResult:
    """``solver.check()`` within ``timeout_ms``, and within what is left of ``meter``'s
    budget: a query cut short by the budget raises
    :class:`~grundy.errors.BudgetExceededError` naming it.  Used as it is only for
    queries no verdict rests on (the search for the least counterexample)."""
    limit = max(int(timeout_ms), 1) if meter is None else meter.timeout_ms(timeout_ms)
    solver.set("timeout", limit)
    answer = solver.check()
    if meter is not None:
        meter.check()
    return answer


def decide(
    solver: z3.Solver,
    timeout_ms: int,
    meter: Meter | None = None,
    *,
    step: str,
    rests_on: str = "unsat",
    lemmas: Sequence[str] = (),
) -> Decision:
    """Check ``solver``'s assertions; when Z3 answers ``rests_on`` (the answer the
    caller's verdict will rest on), record the query and have the second solver confirm
    it (see the module).  Z3's exceptions pass through, as from ``solver.check()``.

    >>> x = z3.BitVec("x", 8)
    >>> solver = z3.Solver()
    >>> solver.add(x ^ x != 0)
    >>> decision = decide(solver, 5000, step="x xor x is 0")
    >>> decision.answer, decision.query.answers
    (unsat, (('z3', 'unsat'), ('cvc5', 'unsat')))
    """
    script = standard_smtlib(solver.sexpr())  # before the check: Z3 then adds commands
    start = time.perf_counter()
    answer = checked(solver, timeout_ms, meter)
    first_ms = (time.perf_counter() - start) * 1000
    said = _word(answer)
    if said != rests_on:
        reason = solver.reason_unknown() if answer == z3.unknown else ""
        return Decision(answer, reason)
    answers = [(FIRST_SOLVER, said)]
    second = second_solver()
    other = None
    if second != "none":
        limit = max(int(timeout_ms), 1) if meter is None else meter.timeout_ms(timeout_ms)
        hard = second_solver_hard(script) is not None
        other = solve_smt2(second, script, second_limit_ms(first_ms, limit, hard=hard))
        if meter is not None:
            meter.check()
        answers.append((second, other.answer))
    query = SmtQuery(step, said, script, tuple(answers), tuple(lemmas))
    note_query(query)
    if other is not None and query.disagreement:
        return Decision(
            z3.unknown,
            f"the solvers disagree: {FIRST_SOLVER} answered {said}, {second} answered "
            f"{other.answer}",
            query,
        )
    return Decision(answer, "", query)


_UNARY_IDENTITY = frozenset({"+", "*"})


def standard_smtlib(text: str) -> str:
    r"""Z3's SMT-LIB text made standard: Z3 prints a sum or product of one term as
    ``(+ x)``, which SMT-LIB 2.6 (and cvc5) does not accept; it is that term.  Each
    top-level command goes on a line of its own.

    >>> standard_smtlib("(assert (< (+ x0) (* 2 y)))")
    '(assert (< x0 (* 2 y)))\n'
    """
    return "".join(_written(command) + "\n" for command in parsed(text))


def _written(node: Any) -> str:
    if isinstance(node, str):
        return node
    if len(node) == 2 and isinstance(node[0], str) and node[0] in _UNARY_IDENTITY:
        return _written(node[1])
    return "(" + " ".join(_written(child) for child in node) + ")"


SECOND_FACTOR = 3
"""How many times Z3's time on a query the second solver is given, at least
:data:`SECOND_LEAST_MS` (bench/SECOND_SOLVER.md): a query cvc5 cannot decide would
otherwise take the whole timeout, and the verdict then rests on Z3 alone anyway, as the
verdict's ``solvers`` say."""

SECOND_LEAST_MS = 500
"""The second solver's least time on a query, and all it gets on a query of a shape it
is known not to decide (:func:`grundy.verify.smt_shape.second_solver_hard`: Lucky Nim's
nested divisions, divisions by a variable), however long Z3 took: a short try, that
still re-proves the few such queries it decides at once and still catches a first
solver's ``unsat`` where a model is easy to find."""


def second_limit_ms(first_ms: float, timeout_ms: int, *, hard: bool = False) -> int:
    """The second solver's time on a query Z3 answered in ``first_ms``; ``hard``: the
    query has a shape the second solver is known not to decide.

    >>> second_limit_ms(20.0, 60_000), second_limit_ms(2_000.0, 60_000), second_limit_ms(1e6, 9)
    (500, 6000, 9)
    >>> second_limit_ms(2_000.0, 60_000, hard=True)
    500
    """
    wanted = SECOND_LEAST_MS if hard else max(SECOND_LEAST_MS, int(SECOND_FACTOR * first_ms))
    return max(1, min(int(timeout_ms), wanted))


def _word(answer: z3.CheckSatResult) -> str:
    if answer == z3.unsat:
        return "unsat"
    if answer == z3.sat:
        return "sat"
    return "unknown"
