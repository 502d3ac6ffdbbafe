"""A second, independent SMT solver that proves each exported query again.

cvc5 (from PyPI) reads the same SMT-LIB 2 text a file holds, so a query is re-proved
from what anyone can re-run, not from Z3's objects.  It was chosen over Bitwuzla by
measurement on the library's queries (bench/SECOND_SOLVER.md): Bitwuzla cannot read the
integer and real queries (P-set induction, the beer cans), and cvc5 was as fast or
faster on the bit-vector ones.

**Its limit is work, not time.**  cvc5 counts *resource units* (a rewrite, a
preprocessing pass, a conflict of its SAT solver, ...) and stops at ``rlimit-per``; the
count for a query depends only on the query's text, the options and cvc5's version, so
the same query gets the same answer on a quiet machine and on a loaded one.  The number
of units it is given, :func:`resource_limit`, is read from the query's own text, and was
calibrated on the library's queries (bench/SECOND_SOLVER.md says what a unit buys).  A
wall-time limit is kept only as a backstop (the caller's: the claim's time left, or
``recheck --timeout``); a try it ends is told apart from one the resource limit ends
(:attr:`SecondAnswer.stopped`), since only the second kind is sure to end the same way
again.

The answer is one of ``sat``, ``unsat`` and ``unknown``; a query the solver cannot read,
or that fails inside it, is ``unknown`` with the reason: never an answer either way.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from grundy.verify.smt_shape import second_solver_hard

__all__ = [
    "BY_BACKSTOP",
    "BY_RESOURCES",
    "HARD_RESOURCES",
    "RESOURCES",
    "SecondAnswer",
    "resource_limit",
    "solve_smt2",
]

_STATUS = re.compile(r"\(set-info\s+:status\s+[a-z]+\s*\)")

RESOURCES = 500_000
"""cvc5's resource units on a query: about ten times what the library's hardest query
that cvc5 decides needs (bench/SECOND_SOLVER.md), a few seconds of work at most."""

HARD_RESOURCES = 60_000
"""The units on a query of a shape cvc5 is known not to decide
(:func:`grundy.verify.smt_shape.second_solver_hard`): a short try, that re-proves the
few such queries it decides at once and still catches a first solver's ``unsat`` where
a model is easy to find."""

BY_RESOURCES = "resource limit"
BY_BACKSTOP = "wall-time backstop"


@dataclass(frozen=True, slots=True)
class SecondAnswer:
    """The second solver's answer; for ``unknown``, ``reason`` says why, and ``stopped``
    which limit ended the try (:data:`BY_RESOURCES`, :data:`BY_BACKSTOP`, or ``""``
    when no limit did: the solver gave up or could not read the query); ``units`` the
    resource units it used (the same for the same text on any machine)."""

    answer: str  # "sat", "unsat" or "unknown"
    reason: str = ""
    stopped: str = ""
    units: int = 0


def resource_limit(text: str) -> int:
    """The resource units the second solver is given on the query ``text``: decided
    here, from the text alone, for every path (a proof's query, ``grundy recheck``).

    >>> resource_limit("(declare-fun x () Int)(assert (> x 1))") == RESOURCES
    True
    >>> resource_limit("(assert (= (div k (+ m n)) 0))") == HARD_RESOURCES
    True
    """
    return HARD_RESOURCES if second_solver_hard(text) is not None else RESOURCES


_ANSWERS: dict[tuple[str, str], tuple[SecondAnswer, int, int]] = {}
"""Answers given in this process, by solver and SHA-256 of the text, with the resource
units and the backstop they were given: the library proves some lemmas' queries for
several theorems."""

_MOST_REMEMBERED = 4096


def solve_smt2(
    solver: str, text: str, backstop_ms: int, resources: int | None = None
) -> SecondAnswer:
    """``solver``'s answer to the last ``(check-sat)`` of the SMT-LIB 2 ``text`` (a
    ``(check-sat)`` is added when the text has none), within ``resources`` units of work
    (default :func:`resource_limit` of the text) and, as a backstop, ``backstop_ms`` of
    wall time.  The same text asked again in this process gets the same answer without
    solving, unless it was left unanswered and is now given more than it had."""
    if solver != "cvc5":
        raise ValueError(f"unknown second solver {solver!r}")
    units = resource_limit(text) if resources is None else max(int(resources), 1)
    backstop = max(int(backstop_ms), 1)
    key = (solver, hashlib.sha256(text.encode()).hexdigest())
    known = _ANSWERS.get(key)
    if known is not None and not _more_than(known, units, backstop):
        return known[0]
    found = _cvc5(text, units, backstop)
    if len(_ANSWERS) >= _MOST_REMEMBERED:
        _ANSWERS.clear()
    _ANSWERS[key] = (found, units, backstop)
    return found


def _more_than(known: tuple[SecondAnswer, int, int], units: int, backstop: int) -> bool:
    """Whether a remembered answer may change if asked again with ``units`` and
    ``backstop``: only an unknown one, and only given more of what it lacked (or more
    units, which may make a longer backstop matter)."""
    answer, had_units, had_backstop = known
    if answer.answer != "unknown":
        return False
    if answer.stopped == BY_BACKSTOP:
        return backstop > had_backstop or units > had_units
    return units > had_units


# Options for every query.  With quantifiers (the induction steps over uninterpreted
# nim-sums) cvc5's default instantiation gives up as incomplete; saturating is its last
# resort, sound as ever.  The aggressive extended rewriter, before solving, flattens and
# cancels the XORs of Bouton's steps ("lowering h_i to h_i xor s leaves the nim-sum
# s xor s = 0") that the SAT solver would otherwise rediscover bit by bit: about ten
# times fewer units on 16 heaps of 64 bits (bench/SECOND_SOLVER.md).  Rewriting
# arithmetic equalities (solving one for a variable and substituting it) before solving
# lets the width inductions' unfolded definitions, x ⊕ y = 2((x div 2) ⊕ (y div 2)) +
# (x + y) mod 2 at each point, replace the terms they define: the mex lemma's step 10
# went from its limit of 500,000 units unanswered to 39,000, with no other query of the
# library changing its answer and their units 1.4 % more in all.
_OPTIONS = (
    ("full-saturate-quant", "true"),
    ("ext-rew-prep", "agg"),
    ("arith-rewrite-equalities", "true"),
)


def _cvc5(text: str, resources: int, backstop_ms: int) -> SecondAnswer:
    import cvc5  # loaded when first asked for: most commands never need it

    # cvc5 compares its answer with a stated one and reports a mismatch as an error: the
    # statement is left out, so that its answer is its own
    text = _STATUS.sub("", text)
    if "(check-sat)" not in text:
        text = text + "\n(check-sat)\n"
    if "(set-logic" not in text:
        text = "(set-logic ALL)\n" + text  # else cvc5 warns on stderr
    terms = cvc5.TermManager()
    engine = cvc5.Solver(terms)
    engine.setOption("rlimit-per", str(resources))
    engine.setOption("tlimit-per", str(backstop_ms))
    for name, value in _OPTIONS:
        engine.setOption(name, value)
    symbols = cvc5.SymbolManager(terms)
    parser = cvc5.InputParser(engine, symbols)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "query")
    said = detail = ""
    try:
        while True:
            command = parser.nextCommand()
            if command.isNull():
                break
            output = command.invoke(engine, symbols).strip()
            word = output.split(" ", 1)[0] if output else ""
            if word in ("sat", "unsat", "unknown"):
                said, detail = word, output[len(word) :].strip(" ()")
            elif output.startswith("(error"):
                return SecondAnswer("unknown", f"cvc5: {output}")
    except RuntimeError as exc:  # cvc5's parse and solver errors
        return SecondAnswer("unknown", f"cvc5 could not read the query: {exc}")
    if not said:
        return SecondAnswer("unknown", "cvc5 gave no answer")
    units = _units_used(engine)
    if said == "unknown":
        return _unknown(detail, resources, backstop_ms, units)
    return SecondAnswer(said, units=units)


def _units_used(engine: object) -> int:
    """The resource units cvc5 spent on the query, from its statistics."""
    try:
        found = engine.getStatistics().get(True, True)["resource::resourceUnitsUsed"]  # type: ignore[attr-defined]
        return int(found["value"])
    except (KeyError, TypeError, ValueError, RuntimeError):
        return 0  # a cvc5 without the statistic: the figure is only informative


def _unknown(detail: str, resources: int, backstop_ms: int, units: int) -> SecondAnswer:
    """cvc5's ``unknown``, naming the limit that ended the try (cvc5 says
    ``RESOURCEOUT`` for the resource limit, ``TIMEOUT`` for the wall time)."""
    if detail == "RESOURCEOUT":
        return SecondAnswer(
            "unknown",
            f"cvc5 reached its resource limit ({resources} units)",
            BY_RESOURCES,
            units,
        )
    if detail == "TIMEOUT":
        return SecondAnswer(
            "unknown",
            f"cvc5 was stopped by the wall-time backstop ({backstop_ms} ms), before its "
            f"resource limit ({resources} units)",
            BY_BACKSTOP,
            units,
        )
    return SecondAnswer(
        "unknown", f"cvc5 answered unknown ({detail.lower() or 'no reason'})", units=units
    )
