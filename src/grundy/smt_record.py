"""The SMT queries a verdict rests on, kept so that anyone can run them again.

Every query whose answer a verdict relies on (``unsat`` for a symbolic proof; ``sat`` where
a proof needs some case to exist) passes :func:`grundy.verify.smt.decide`, which records it
here as an :class:`SmtQuery`: the query as SMT-LIB 2 text, the answer the verdict rests on,
and what each solver answered.  The library and the claim checker open
:func:`collecting_queries` around each check, and the verdict carries what was collected
(:attr:`grundy.verdict.Verdict.smt`), across worker processes too; the command line writes
each query to a file of its own (:func:`smt_file_text`, docs/certificates.md).

This module knows nothing of Z3 or of any solver: it is the record, at the bottom of the
package so that verdicts, settings and every layer above can read it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

__all__ = [
    "FIRST_SOLVER",
    "INDEX",
    "SECOND_SOLVERS",
    "SmtQuery",
    "collecting_queries",
    "expected_of",
    "joined",
    "note_query",
    "path_piece",
    "query_file_name",
    "second_solver",
    "smt_file_text",
]

FIRST_SOLVER = "z3"
"""The solver every symbolic proof is found with."""

SECOND_SOLVERS = ("cvc5", "none")
"""The choices of ``--second-solver``: the solver that proves each query again, or none."""

ANSWERS = ("sat", "unsat", "unknown")


@dataclass(frozen=True, slots=True)
class SmtQuery:
    """One query a verdict rests on.

    ``step`` names the step of the proof (an encoding's name, an induction step, a
    condition of P-set induction); ``lemmas`` the library lemmas assumed as hypotheses;
    ``expected`` the answer the verdict rests on; ``script`` the assertions in SMT-LIB 2
    (declarations and ``assert`` commands, no ``check-sat``); ``answers`` each solver's
    answer, the first solver's first, as ``(solver, answer)`` pairs.
    """

    step: str
    expected: str
    script: str
    answers: tuple[tuple[str, str], ...]
    lemmas: tuple[str, ...] = ()
    stopped: tuple[tuple[str, str], ...] = ()
    """For a solver whose try ended without an answer at a limit, which limit: ``"resource
    limit"`` (work counted by the solver: the same query ends the same way on any
    machine) or ``"wall-time backstop"`` (the machine's clock: a loaded machine may have
    cut short a try that would have answered)."""

    @property
    def agreed(self) -> tuple[str, ...]:
        """The solvers whose answer is the expected one."""
        return tuple(name for name, answer in self.answers if answer == self.expected)

    @property
    def disagreement(self) -> bool:
        """Two solvers gave opposite definite answers (one ``sat``, one ``unsat``)."""
        definite = {answer for _, answer in self.answers if answer in ("sat", "unsat")}
        return len(definite) > 1

    @property
    def answers_text(self) -> str:
        """Each solver's answer in words, with the limit that ended a try unanswered:
        ``z3 unsat, cvc5 unknown (wall-time backstop)``."""
        ended = dict(self.stopped)
        return ", ".join(
            f"{name} {answer}" + (f" ({ended[name]})" if name in ended else "")
            for name, answer in self.answers
        )

    @property
    def digest(self) -> str:
        """The SHA-256 of the script, naming the query in the record."""
        return hashlib.sha256(self.script.encode()).hexdigest()

    def to_json(self) -> dict[str, object]:
        return {
            "step": self.step,
            "lemmas": list(self.lemmas),
            "expected": self.expected,
            "answers": dict(self.answers),
            "stopped": dict(self.stopped),
            "sha256": self.digest,
        }


@dataclass(slots=True)
class _Sink:
    queries: list[SmtQuery]
    second: str


_SINK: ContextVar[_Sink | None] = ContextVar("grundy_smt_queries", default=None)


def second_solver() -> str:
    """The second solver asked to prove each query again in this context (``"none"``: no
    second solver); ``cvc5`` outside any :func:`collecting_queries` block."""
    sink = _SINK.get()
    return SECOND_SOLVERS[0] if sink is None else sink.second


@contextmanager
def collecting_queries(second: str | None = None) -> Iterator[list[SmtQuery]]:
    """Collect every query :func:`note_query` is told of inside the ``with`` block (in
    this thread or task), the second solver being ``second`` (``None``: the enclosing
    block's).  The innermost block collects; a caller that wants them further out passes
    them on (the verdict carries them)."""
    if second is not None and second not in SECOND_SOLVERS:
        raise ValueError(f"unknown second solver {second!r}")
    found: list[SmtQuery] = []
    token = _SINK.set(_Sink(found, second or second_solver()))
    try:
        yield found
    finally:
        _SINK.reset(token)


def note_query(query: SmtQuery) -> None:
    """Tell the innermost :func:`collecting_queries` block, if any, of ``query``."""
    sink = _SINK.get()
    if sink is not None:
        sink.queries.append(query)


def joined(*groups: Sequence[SmtQuery]) -> tuple[SmtQuery, ...]:
    """The queries of every group, each once, in order."""
    return tuple(dict.fromkeys(query for group in groups for query in group))


_COMMENT_SAFE = re.compile(r"[\r\n]+")


def smt_file_text(query: SmtQuery, claim: str, title: str = "") -> str:
    """The self-contained SMT-LIB 2 file of ``query`` for claim ``claim``: comments naming
    the claim, the step, the lemmas and the answers, the expected answer as ``(set-info
    :status ...)``, the assertions and ``(check-sat)`` (docs/certificates.md)."""

    def line(text: str) -> str:
        return _COMMENT_SAFE.sub(" ", text)

    answers = query.answers_text
    header = [
        "; grundy SMT-LIB 2 query",
        f"; claim: {line(claim)}" + (f" ({line(title)})" if title else ""),
        f"; step: {line(query.step)}",
        f"; lemmas: {line(', '.join(query.lemmas)) or 'none'}",
        f"; expected: {query.expected}",
        f"; answers when exported: {answers}",
        f"(set-info :status {query.expected})",
        "(set-logic ALL)",
    ]
    return "\n".join(header) + "\n" + query.script.rstrip("\n") + "\n(check-sat)\n"


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")

INDEX = "index.json"
"""The file of a folder of queries that lists them (docs/certificates.md)."""


def path_piece(text: str, most: int = 60) -> str:
    """``text`` as one safe piece of a file name: letters, digits, ``.``, ``_`` and ``-``.

    >>> path_piece("../Bouton: step 1")
    'Bouton-step-1'
    """
    piece = _UNSAFE.sub("-", text).strip(".-")[:most].strip(".-")
    return piece or "query"


def query_file_name(claim: str, number: int, query: SmtQuery) -> str:
    """Where the ``number``-th query (from 1) of claim ``claim`` is written, relative to
    the folder of queries: one folder per claim, the queries numbered in order."""
    return f"{path_piece(claim, 100)}/{number:02d}-{path_piece(query.step)}.smt2"


def expected_of(text: str) -> str | None:
    """The expected answer a file states with ``(set-info :status ...)``, or ``None``."""
    found = re.findall(r"\(set-info\s+:status\s+(sat|unsat|unknown)\s*\)", text)
    return found[0] if len(found) == 1 else None
