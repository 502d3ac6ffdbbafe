"""Theorems as checkable objects: a statement with its checker, what its author expects
of it, how it may be set as an exercise, and its result once checked.

Kept apart from :mod:`grundy.library` (which loads and runs them) so that each stays one
idea; the library re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from grundy.errors import ClaimError
from grundy.notebook_html import html_of
from grundy.settings import CheckSettings
from grundy.solve.solver import Play
from grundy.tasks import DEFAULT_COST, Split
from grundy.verdict import Verdict, Word

__all__ = [
    "SETTLING_WORDS",
    "Exercise",
    "ExerciseKind",
    "Expectation",
    "Theorem",
    "TheoremResult",
]


class Expectation(StrEnum):
    """What a claim's author expects (docs/claims.md#verdicts): a verdict that is not what
    was expected makes ``check`` and ``verify`` exit 1."""

    HOLDS = "holds"  # proved or checked (tested, when only random search could run)
    FAILS = "fails"  # refuted
    OPEN = "open"  # an open problem: tested, checked or unknown; proved or refuted settles it

    def expects(self, word: Word) -> bool:
        """Whether a verdict with this word is the expected one.

        >>> Expectation.OPEN.expects(Word.CHECKED), Expectation.OPEN.expects(Word.PROVED)
        (True, False)
        """
        return word in _EXPECTED_WORDS[self]


SETTLING_WORDS = frozenset({Word.PROVED, Word.REFUTED})
"""The words that decide an open problem: a proof for every case, or a counterexample.
``checked`` is not among them: it says the statement holds on a finite domain, which an
open problem about every n may well do (that is often why it is open), so for a claim
marked open it is as expected and settles nothing (issue 34)."""


# A random search runs only when nothing else could (auto) or when asked for (method =
# "random"), so for a claim expected to hold "tested" is the best that could be had.
_EXPECTED_WORDS = {
    Expectation.HOLDS: frozenset({Word.PROVED, Word.CHECKED, Word.TESTED}),
    Expectation.FAILS: frozenset({Word.REFUTED}),
    Expectation.OPEN: frozenset({Word.TESTED, Word.CHECKED, Word.UNKNOWN}),
}


class ExerciseKind(StrEnum):
    """What an exercise asks of a student, which decides what its answer is."""

    PROVE = "prove"  # show that the statement holds: the answer is the proof or checked range
    DECIDE = "decide"  # true or false?  The answer is the verdict, with any counterexample
    FIND = "find"  # work something out (winning moves, a table): the statement is the answer


@dataclass(frozen=True, slots=True)
class Exercise:
    """A theorem set as an exercise: asked in the handout's exercises and the worksheet,
    answered only in the answers.  ``question`` is the task in words (empty: it is made
    from the statement, which must then not hold the answer); ``number`` is its number on
    the sheet it comes from (``None``: numbered in the order the exercises come)."""

    kind: ExerciseKind = ExerciseKind.DECIDE
    question: str = ""
    number: int | None = None


@dataclass(frozen=True, slots=True)
class Theorem:
    """A statement with its checker.

    ``statement`` is plain text; ``latex`` (optional) the same in LaTeX math for reports.
    ``source`` names the seed file and section, e.g. ``"002 Handout 17, exercise 4"``, or
    ``"beyond the notes: ..."``.  ``mutant_of`` is the id of the theorem a mutant falsifies.
    ``implied_by`` is the id of a stronger theorem this one is a case of (a bounded check
    of a statement proved for every case): the handout shows the stronger one only.
    ``origin`` is the file :func:`load_library` read the theorem from (``None`` for one
    built in code); a worker on another machine reloads the theorem from it.
    ``play`` is the convention the statement is about (``misere``: the player who makes
    the last move loses; ``None``: normal and misère play alike); every output shows it.
    ``proof`` is the argument in prose a lecturer gives for it (the handout prints it under
    the statement, beside the verdict saying what the machine checked).
    ``exercise`` sets the statement as an exercise (:class:`Exercise`): reports ask it as
    a question and give its verdict only among the answers.

    A theorem has either a ``check`` or a ``split`` (:class:`grundy.tasks.Split`): a check
    made of independent parts that ``--jobs`` and Dask run as separate tasks.  ``cost`` is
    a static estimate of an unsplit check's seconds, used to hand out long tasks first.
    """

    id: str
    title: str
    statement: str
    source: str
    check: Callable[[CheckSettings], Verdict] | None = None
    mutant_of: str | None = None
    expect: Expectation = Expectation.HOLDS
    latex: str | None = None
    game: str | None = None
    tags: tuple[str, ...] = ()
    origin: Path | None = field(default=None, compare=False, repr=False)
    split: Split | None = None
    cost: float = DEFAULT_COST
    play: Play | None = Play.NORMAL
    implied_by: str | None = None
    proof: str | None = None
    exercise: Exercise | None = None

    def __post_init__(self) -> None:
        if (self.check is None) == (self.split is None):
            raise ClaimError(f"theorem {self.id!r} needs exactly one of check and split")

    @property
    def is_mutant(self) -> bool:
        return self.mutant_of is not None

    def run_check(self, settings: CheckSettings) -> Verdict:
        """The theorem's verdict from a serial run of its check (or of its split's parts)."""
        if self.split is not None:
            return self.split.check(settings)
        assert self.check is not None  # __post_init__ keeps exactly one of them
        return self.check(settings)


@dataclass(frozen=True, slots=True)
class TheoremResult:
    theorem: Theorem
    verdict: Verdict

    @property
    def as_expected(self) -> bool:
        """Theorems must be proved or checked (tested by random-only checks); mutants
        refuted; open problems left tested, checked or unknown (:meth:`Expectation.expects`)."""
        return self.theorem.expect.expects(self.verdict.word)

    @property
    def settles_open_claim(self) -> bool:
        """An open problem proved or refuted (:data:`SETTLING_WORDS`): news, not a
        failure of the check (still not as expected, so that the exit code makes the
        user look).  Every output (check, verify, both reports) asks this property."""
        return self.theorem.expect is Expectation.OPEN and self.verdict.word in SETTLING_WORDS

    def _repr_html_(self) -> str | None:  # a table in Jupyter, the counterexample drawn
        return html_of(self)  # (grundy.display draws it)

    def to_json(self) -> dict[str, Any]:
        """The record of DESIGN.md section 4 (``verify`` / ``check``), plus details."""
        verdict = self.verdict.to_json()
        return {
            "id": self.theorem.id,
            "title": self.theorem.title,
            "statement": self.theorem.statement,
            "status": verdict["status"],  # the reader's word (docs/claims.md#verdicts)
            "expect": self.theorem.expect.value,
            "as_expected": self.as_expected,
            "settles_open_claim": self.settles_open_claim,
            "scope": verdict["scope"],
            "method": verdict["method"],
            "cases": verdict["cases"],
            "counterexample": verdict["counterexample"],
            "least": verdict["least"],
            "message": verdict["message"],
            "seconds": verdict["seconds"],
            "source": self.theorem.source,
            "mutant_of": self.theorem.mutant_of,
            "details": verdict["details"],
            "parts": verdict["parts"],
            "assumes": verdict["assumes"],
            "solvers": verdict["solvers"],
            "smt": verdict["smt"],
            "play": self.theorem.play.value if self.theorem.play else "both",
        }
