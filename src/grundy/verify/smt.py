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
  text, unless the context says ``none`` (``--second-solver none``), within a number
  of its resource units read from the text (a short try on a query of a shape it is
  known not to decide, :mod:`grundy.verify.smt_shape`), so that whether it answers
  does not depend on how loaded the machine is, nor on how long Z3 took; a wall-time
  limit (:data:`BACKSTOP_MS`, or the claim's time left) is only a backstop, and the
  record says when it, not the resource limit, ended the try (``SmtQuery.stopped``);
- turns a disagreement (Z3 ``unsat``, cvc5 ``sat``, or the reverse) into ``unknown``
  naming both answers: the verdict then proves nothing.  A second solver that cannot
  answer (a time limit) leaves the proof standing, resting on Z3 alone, and the verdict's
  ``solvers`` say so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import z3

from grundy.budget import Meter
from grundy.smt_record import FIRST_SOLVER, SmtQuery, note_query, second_solver
from grundy.verify.second_solver import solve_smt2
from grundy.verify.smt_shape import parsed

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
    answer = checked(solver, timeout_ms, meter)
    said = _word(answer)
    if said != rests_on:
        reason = solver.reason_unknown() if answer == z3.unknown else ""
        return Decision(answer, reason)
    answers = [(FIRST_SOLVER, said)]
    second = second_solver()
    other = None
    stopped: list[tuple[str, str]] = []
    if second != "none":
        # the backstop is ours, not Z3's timeout (which a claim may set short): only a
        # claim's own time budget may cut it further
        backstop = BACKSTOP_MS if meter is None else meter.timeout_ms(BACKSTOP_MS)
        other = solve_smt2(second, script, backstop)
        if meter is not None:
            meter.check()
        answers.append((second, other.answer))
        if other.stopped:
            stopped.append((second, other.stopped))
    query = SmtQuery(step, said, script, tuple(answers), tuple(lemmas), tuple(stopped))
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
    """``node`` as text, without recursion: a claim's ``max`` over 256 terms nests
    thousands of ``ite`` deep, past Python's recursion limit."""
    out: list[str] = []
    todo: list[Any] = [node]  # nodes still to write (a string is written as it is)
    while todo:
        item = todo.pop()
        while (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], str)
            and item[0] in _UNARY_IDENTITY
        ):
            item = item[1]
        if isinstance(item, str):
            out.append(item)
            continue
        todo.append(")")
        for index in range(len(item) - 1, -1, -1):
            todo.append(item[index])
            if index:
                todo.append(" ")
        out.append("(")
    return "".join(out)


BACKSTOP_MS = 120_000
"""The second solver's wall-time backstop on a query: a safety net far above what its
resource limit allows on a loaded machine (a few seconds of work at most,
bench/SECOND_SOLVER.md), so that it is the resource limit that ends a try."""


def _word(answer: z3.CheckSatResult) -> str:
    if answer == z3.unsat:
        return "unsat"
    if answer == z3.sat:
        return "sat"
    return "unknown"
