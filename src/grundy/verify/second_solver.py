"""A second, independent SMT solver that proves each exported query again.

cvc5 (from PyPI) reads the same SMT-LIB 2 text a file holds, so a query is re-proved
from what anyone can re-run, not from Z3's objects.  It was chosen over Bitwuzla by
measurement on the library's queries (bench/SECOND_SOLVER.md): Bitwuzla cannot read the
integer and real queries (P-set induction, the beer cans), and cvc5 was as fast or
faster on the bit-vector ones.

The answer is one of ``sat``, ``unsat`` and ``unknown``; a query the solver cannot read,
or that fails inside it, is ``unknown`` with the reason: never an answer either way.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

__all__ = ["SecondAnswer", "solve_smt2"]

_STATUS = re.compile(r"\(set-info\s+:status\s+[a-z]+\s*\)")


@dataclass(frozen=True, slots=True)
class SecondAnswer:
    answer: str  # "sat", "unsat" or "unknown"
    reason: str = ""


_ANSWERS: dict[tuple[str, str], tuple[SecondAnswer, int]] = {}
"""Answers given in this process, by solver and SHA-256 of the text, with the time they
were given: the library proves some lemmas' queries for several theorems."""

_MOST_REMEMBERED = 4096


def solve_smt2(solver: str, text: str, timeout_ms: int) -> SecondAnswer:
    """``solver``'s answer to the last ``(check-sat)`` of the SMT-LIB 2 ``text`` (a
    ``(check-sat)`` is added when the text has none), within ``timeout_ms``.  The same
    text asked again in this process gets the same answer without solving (an
    ``unknown`` only when asked with no more time than it had)."""
    if solver != "cvc5":
        raise ValueError(f"unknown second solver {solver!r}")
    key = (solver, hashlib.sha256(text.encode()).hexdigest())
    known = _ANSWERS.get(key)
    if known is not None and (known[0].answer != "unknown" or timeout_ms <= known[1]):
        return known[0]
    found = _cvc5(text, timeout_ms)
    if len(_ANSWERS) >= _MOST_REMEMBERED:
        _ANSWERS.clear()
    _ANSWERS[key] = (found, timeout_ms)
    return found


def _cvc5(text: str, timeout_ms: int) -> SecondAnswer:
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
    engine.setOption("tlimit-per", str(max(int(timeout_ms), 1)))
    # With quantifiers (the induction steps over uninterpreted nim-sums) cvc5's default
    # instantiation gives up as incomplete; saturating is its last resort, sound as ever.
    engine.setOption("full-saturate-quant", "true")
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
    if said == "unknown":
        return SecondAnswer("unknown", f"cvc5 answered unknown ({detail.lower() or 'no reason'})")
    return SecondAnswer(said)
