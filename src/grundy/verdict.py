"""Verdicts: what a check may honestly say about a claim (DESIGN.md section 3).

Every engine returns a :class:`Verdict` with an internal :class:`Status`.  ``proved``
always carries its scope, a ``refuted`` verdict carries a counterexample that was
re-evaluated directly, and a solver that said "unknown" or ran out of time gives
``unknown``: never ``proved``.

A reader never sees the status itself but its :class:`Word` (docs/claims.md#verdicts),
decided here and nowhere else: a proof whose scope has a bound is *checked*, only a proof
with no bound is *proved*, and a random search that found nothing is *tested*.  The CLI,
JSON, both reports and the notebook displays all show :attr:`Verdict.word`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from grundy.notebook_html import html_of
from grundy.palette import WORD_FILL, WORD_INK
from grundy.paper_steps import PAPER_STEPS, RESTS_ON
from grundy.smt_record import SmtQuery, joined

__all__ = [
    "UNBOUNDED",
    "Assumption",
    "AssumptionKind",
    "Status",
    "Verdict",
    "Word",
    "argued_on_paper",
    "combine_conjunction",
    "combine_verdicts",
    "proved_from_lemmas",
    "scope_is_unbounded",
    "with_paper_steps",
    "with_queries",
    "word_counts",
    "word_of",
]

UNBOUNDED = "unbounded"


class Status(StrEnum):
    PROVED = "proved"  # true everywhere in the stated scope
    REFUTED = "refuted"  # a concrete, re-checked counterexample
    UNREFUTED = "unrefuted"  # random search found nothing; not a proof
    UNKNOWN = "unknown"  # a solver said unknown, or a limit was reached
    ERROR = "error"  # the claim itself is malformed


class AssumptionKind(StrEnum):
    LEMMA = "lemma"  # a library theorem, checked by machine in its own scope
    ON_PAPER = "on-paper"  # a step argued in the text, not checked by machine


class Word(StrEnum):
    """The word a reader sees for a verdict: one vocabulary for the CLI, JSON (``status``),
    the handout, the record and notebooks, defined in docs/claims.md#verdicts.

    >>> Word.CHECKED.status
    <Status.PROVED: 'proved'>
    >>> Word.CHECKED.colour != Word.PROVED.colour
    True
    """

    PROVED = "proved"  # every case, no bound: an induction, a certificate, a symbolic proof
    CHECKED = "checked"  # every case of a stated finite domain (shown with the word)
    TESTED = "tested"  # random search found no counterexample: never a proof
    REFUTED = "refuted"  # a counterexample, shown
    UNKNOWN = "unknown"  # undecided, with the limit that stopped it
    ERROR = "error"  # the claim is malformed or could not be run

    @property
    def status(self) -> Status:
        """The internal status this word is said for (how JSON is read back)."""
        return _WORD_STATUS[self]

    @property
    def colour(self) -> str:
        """The word's own colour (HTML hex), the same in every report and display."""
        return _WORD_COLOURS[self]

    @property
    def ink(self) -> str:
        """The colour of the word written on its own colour (a badge)."""
        return WORD_INK[self.value]


_WORD_STATUS = {
    Word.PROVED: Status.PROVED,
    Word.CHECKED: Status.PROVED,
    Word.TESTED: Status.UNREFUTED,
    Word.REFUTED: Status.REFUTED,
    Word.UNKNOWN: Status.UNKNOWN,
    Word.ERROR: Status.ERROR,
}

# The colours are the palette's, where every colour is checked for contrast.
_WORD_COLOURS = {word: WORD_FILL[word.value] for word in Word}

# A scope that bounds the width of its numbers ("each < 2^64") covers finitely many cases,
# however it begins: a Z3 proof over bounded bit-widths is checked, not proved.
_WIDTH_BOUND = re.compile(r"<\s*2\s*\^\s*\d")


def scope_is_unbounded(scope: str) -> bool:
    """Whether a proof over ``scope`` covers every case with no bound.

    ``"unbounded"``, or a scope that starts with it and names the family it covers
    (``"unbounded heap size k, for (m, n) in (1, 1), (1, 2)"``), unless it bounds the
    width of its numbers.

    >>> scope_is_unbounded("unbounded")
    True
    >>> scope_is_unbounded("unbounded heap size k, for (m, n) in (1, 1), (1, 2)")
    True
    >>> scope_is_unbounded("unbounded number of distinct powers of two, each < 2^64")
    False
    >>> scope_is_unbounded("bounded: 0 <= n <= 400"), scope_is_unbounded("the example")
    (False, False)
    """
    return scope.startswith(UNBOUNDED) and not _WIDTH_BOUND.search(scope)


def word_of(status: Status, scope: str) -> Word:
    """The reader's word for a verdict of ``status`` over ``scope``.

    >>> word_of(Status.PROVED, "unbounded"), word_of(Status.PROVED, "bounded: n <= 9")
    (<Word.PROVED: 'proved'>, <Word.CHECKED: 'checked'>)
    >>> word_of(Status.UNREFUTED, "random: n <= 10^6")
    <Word.TESTED: 'tested'>
    """
    if status is Status.PROVED:
        return Word.PROVED if scope_is_unbounded(scope) else Word.CHECKED
    return {
        Status.REFUTED: Word.REFUTED,
        Status.UNREFUTED: Word.TESTED,
        Status.UNKNOWN: Word.UNKNOWN,
        Status.ERROR: Word.ERROR,
    }[status]


@dataclass(frozen=True, slots=True)
class Assumption:
    """What a proof relied on without proving it in the same verdict (DESIGN.md section 3).

    Of ``kind`` ``lemma`` (the default): a library theorem; ``scope`` is the scope in
    which the library proved it (``"unbounded"`` or a bounded domain) and
    ``instance_proved`` is true when the lemma's instance for this claim's own scope was
    proved inside the same verdict rather than taken from the library.  Of ``kind``
    ``on-paper``: a step argued in words and not checked by any machine; ``statement``
    says which step, its id starts with the theorem it belongs to
    (:mod:`grundy.paper_steps`).

    >>> Assumption("bouton-any-number-of-heaps", "unbounded").describe()
    'bouton-any-number-of-heaps (unbounded)'
    """

    id: str
    scope: str
    instance_proved: bool = False
    kind: AssumptionKind = AssumptionKind.LEMMA
    statement: str = ""

    @property
    def on_paper(self) -> bool:
        return self.kind is AssumptionKind.ON_PAPER

    @property
    def word(self) -> Word:
        """How the library's verdict on the lemma reads: proved, or checked in a bound."""
        return word_of(Status.PROVED, self.scope)

    def describe(self) -> str:
        if self.on_paper:
            return f"{self.id} (argued on paper, not checked by machine)"
        proved_here = "; instance proved here" if self.instance_proved else ""
        return f"{self.id} ({self.scope}{proved_here})"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "scope": self.scope,
            "instance_proved": self.instance_proved,
            "kind": self.kind.value,
            "statement": self.statement,
        }


def argued_on_paper(theorem_id: str) -> tuple[Assumption, ...]:
    """The steps of ``theorem_id``'s proof argued on paper, its own and those of the
    library theorems it rests on, as assumptions of kind ``on-paper``.

    >>> [step.id for step in argued_on_paper("misere-nim-any-number-of-heaps")]
    ['misere-nim-any-number-of-heaps/induction-on-positions', \
'bouton-any-number-of-heaps/induction-on-positions']
    >>> argued_on_paper("nim-sum-commutative")
    ()
    """
    steps: dict[str, Assumption] = {}
    waiting, seen = [theorem_id], set()
    while waiting:
        current = waiting.pop(0)
        if current in seen:
            continue
        seen.add(current)
        for step, words in PAPER_STEPS.get(current, ()):
            step_id = f"{current}/{step}"
            steps[step_id] = Assumption(
                step_id, UNBOUNDED, kind=AssumptionKind.ON_PAPER, statement=words
            )
        waiting.extend(RESTS_ON.get(current, ()))
    return tuple(steps.values())


def with_paper_steps(verdict: Verdict, theorem_id: str) -> Verdict:
    """``verdict``, when proved, with the steps of ``theorem_id`` argued on paper added to
    its ``assumes``: for the engines whose proof of that theorem composes on paper."""
    if verdict.status is not Status.PROVED:
        return verdict
    lemmas = tuple(a for a in verdict.assumes if not a.on_paper)
    steps = tuple(a for a in verdict.assumes if a.on_paper)
    # the theorem's own steps first, then those its lemmas brought
    return replace(verdict, assumes=(*lemmas, *argued_on_paper(theorem_id), *steps))


def _inherited(assumes: tuple[Assumption, ...]) -> tuple[Assumption, ...]:
    """``assumes`` and every step argued on paper that one of its lemmas rests on.

    A lemma whose instance was proved in the same verdict is not relied on, nor are the
    steps behind it.
    """
    inherited = [
        step
        for assumption in assumes
        if not assumption.on_paper and not assumption.instance_proved
        for step in argued_on_paper(assumption.id)
    ]
    if not inherited and len(set(assumes)) == len(assumes):
        return assumes
    return tuple(dict.fromkeys((*assumes, *inherited)))


@dataclass(frozen=True, slots=True)
class Verdict:
    """The result of checking one claim with one engine (or several, combined).

    ``scope`` is ``"unbounded"`` or a description of the finite domain, e.g.
    ``"bounded: 0 <= a, b, c <= 7"``; ``details`` holds engine figures (seed, solver
    statistics, lemmas relied on, largest sizes tried); ``parts`` the verdict of each
    engine when several were combined; ``assumes`` the library lemmas a proof relied on,
    each with the scope in which it is proved, and the steps argued on paper; ``smt`` the
    solver queries the check rested on (:mod:`grundy.smt_record`).  A lemma
    brings along the steps argued on paper that its own proof rests on
    (:func:`argued_on_paper`), whoever built the verdict, so that no path shows a lemma
    without them.
    """

    status: Status
    method: str
    scope: str = ""
    cases: int | None = None
    counterexample: Mapping[str, Any] | None = None
    message: str = ""
    seconds: float = 0.0
    details: Mapping[str, Any] = field(default_factory=dict)
    parts: tuple[Verdict, ...] = ()
    assumes: tuple[Assumption, ...] = ()
    smt: tuple[SmtQuery, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "assumes", _inherited(tuple(self.assumes)))

    @property
    def solvers(self) -> tuple[str, ...]:
        """The solvers that gave the expected answer to every query this verdict rests on
        (empty when it rests on none): ``("z3", "cvc5")`` when the second solver agreed on
        each, ``("z3",)`` when it was skipped or could not answer one; none when two
        solvers disagree on a query (the verdict is then ``unknown``)."""
        if not self.smt or any(query.disagreement for query in self.smt):
            return ()
        agreed = [set(query.agreed) for query in self.smt]
        common = set.intersection(*agreed)
        order = [name for query in self.smt for name, _ in query.answers]
        return tuple(name for name in dict.fromkeys(order) if name in common)

    @property
    def unbounded(self) -> bool:
        return scope_is_unbounded(self.scope)

    @property
    def least(self) -> bool | None:
        """For a counterexample: whether it is shown to be the least case of the domain
        in the stated order (by the sum of the variables, then lexicographically).  Every
        method that searches in order, or minimises, finds the least; one that may not (a
        random search) says so with ``details["least"] = False``.  ``None``: no
        counterexample."""
        if self.counterexample is None:
            return None
        return self.details.get("least") is not False

    @property
    def word(self) -> Word:
        """What a reader is told (:func:`word_of`); engines decide only the status."""
        return word_of(self.status, self.scope)

    @property
    def paper_steps(self) -> tuple[Assumption, ...]:
        """The steps of this verdict's proof argued on paper, not checked by machine."""
        return tuple(assumption for assumption in self.assumes if assumption.on_paper)

    @property
    def rests_on_paper(self) -> bool:
        """A proof that rests on a step argued on paper (counted apart in summaries)."""
        return self.status is Status.PROVED and bool(self.paper_steps)

    def timed(self, seconds: float) -> Verdict:
        return replace(self, seconds=seconds)

    def _repr_html_(self) -> str | None:  # a small table in Jupyter (grundy.display)
        return html_of(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.word.value,  # the reader's word; Word(...).status reads it back
            "method": self.method,
            "scope": self.scope,
            "cases": self.cases,
            "counterexample": _jsonable(self.counterexample),
            "least": self.least,
            "message": self.message,
            "seconds": round(self.seconds, 3),
            "details": _jsonable(self.details),
            "parts": [part.to_json() for part in self.parts],
            "assumes": [assumption.to_json() for assumption in self.assumes],
            "solvers": list(self.solvers),
            "smt": [query.to_json() for query in self.smt],
        }


def with_queries(verdict: Verdict, queries: Sequence[SmtQuery]) -> Verdict:
    """``verdict`` carrying ``queries`` too (each once): the queries collected while it was
    found, whichever verdict built along the way kept them or not."""
    smt = joined(queries, verdict.smt)  # the collected ones in the order they were asked
    return verdict if smt == verdict.smt else replace(verdict, smt=smt)


def _strength(verdict: Verdict) -> tuple[int, int]:
    rank = {
        Status.REFUTED: 5,
        Status.PROVED: 4,
        Status.UNREFUTED: 2,
        Status.UNKNOWN: 1,
        Status.ERROR: 0,
    }[verdict.status]
    return rank, (1 if verdict.unbounded else 0) * 10**18 + (verdict.cases or 0)


def combine_verdicts(verdicts: Iterable[Verdict]) -> Verdict:
    """One verdict from several engines' verdicts on the same claim.

    A counterexample beats everything; then a proof (unbounded before bounded, then the
    one covering more cases; several bounded proofs state every domain they cover);
    then unrefuted, unknown, error.  The engines' own verdicts are kept in ``parts``; the
    method names each engine that contributed, once (:func:`_contributors`).

    >>> a = Verdict(Status.PROVED, "exhaustive", "bounded: n <= 9", cases=10)
    >>> b = Verdict(Status.UNREFUTED, "random", cases=1000)
    >>> combine_verdicts([a, b]).status
    <Status.PROVED: 'proved'>
    """
    verdicts = list(verdicts)
    if not verdicts:
        raise ValueError("no verdicts to combine")
    if len(verdicts) == 1:
        return verdicts[0]
    best = max(verdicts, key=_strength)
    scope, cases = best.scope, best.cases
    proofs = [v for v in verdicts if v.status is Status.PROVED]
    if best.status is Status.PROVED and not best.unbounded and len(proofs) > 1:
        # Bounded proofs of one claim cover the union of their domains: say all of them.
        scope = "; ".join(dict.fromkeys(v.scope for v in proofs if v.scope))
        counted = [v.cases for v in proofs if v.cases is not None]
        cases = sum(counted) if counted else None
    # A combined proof rests on every lemma any of its proving parts used.
    assumes = tuple(dict.fromkeys(a for v in proofs for a in v.assumes))
    return replace(
        best,
        assumes=assumes if best.status is Status.PROVED else best.assumes,
        method=_contributors(verdicts),
        scope=scope,
        cases=cases,
        seconds=sum(v.seconds for v in verdicts),
        parts=tuple(verdicts),
        smt=joined(*(v.smt for v in verdicts)),
    )


def _contributors(verdicts: Sequence[Verdict]) -> str:
    """The combined verdict's method: each engine once, leaving out those that answered
    ``unknown`` (they decided nothing, and their reason stays in ``parts`` and the
    message), unless none answered anything else.

    >>> z3 = Verdict(Status.UNKNOWN, "z3", message="not translated")
    >>> _contributors([z3, Verdict(Status.UNREFUTED, "random", cases=9)])
    'random'
    >>> _contributors([z3, Verdict(Status.UNKNOWN, "random")])
    'z3+random'
    """
    named = [v.method for v in verdicts if v.status is not Status.UNKNOWN] or [
        v.method for v in verdicts
    ]
    return "+".join(dict.fromkeys(named))


def proved_from_lemmas(
    method: str,
    scope: str,
    message: str,
    *,
    lemmas: Sequence[str],
    decomposition: Sequence[str],
    parts: Sequence[Verdict],
    seconds: float,
) -> Verdict:
    """The proof of a theorem that follows from ``lemmas``, each proved (``parts``, in
    order), recording the lemmas by name and ``decomposition``, how the theorem follows
    from them, where the reports read both."""
    return Verdict(
        Status.PROVED,
        method,
        scope,
        message=message,
        seconds=seconds,
        details={"lemmas": list(lemmas), "decomposition": list(decomposition)},
        parts=tuple(parts),
        smt=joined(*(part.smt for part in parts)),
    )


_WEAKEST_FIRST = (Status.ERROR, Status.UNKNOWN, Status.UNREFUTED)


def combine_conjunction(
    verdicts: Iterable[Verdict], *, scope: str | None = None, method: str | None = None
) -> Verdict:
    """One verdict for a statement made of parts that must all hold (a conjunction, or a
    claim split over the values of a parameter), from each part's verdict.

    Unlike :func:`combine_verdicts`, which ranks alternative checks of one statement, a
    conjunction is proved only when every part is proved, over the narrowest of their
    scopes (``scope`` if given: the bounded parts' scopes, else every part's); it is refuted
    when any part is refuted (the first such part is the headline); otherwise the weakest
    part is the headline (error, then unknown, then tested), never a proof.  Every part is
    kept in ``parts``; a proof rests on every lemma its parts used.

    >>> proof = Verdict(Status.PROVED, "exhaustive", "bounded: n <= 9", cases=10)
    >>> combine_conjunction([proof, Verdict(Status.UNKNOWN, "z3")]).status
    <Status.UNKNOWN: 'unknown'>
    """
    verdicts = list(verdicts)
    if not verdicts:
        raise ValueError("no verdicts to combine")
    seconds = sum(v.seconds for v in verdicts)
    for wanted in (Status.REFUTED, *_WEAKEST_FIRST):
        for verdict in verdicts:
            if verdict.status is wanted:
                return replace(
                    verdict,
                    seconds=seconds,
                    parts=tuple(verdicts),
                    smt=joined(*(v.smt for v in verdicts)),
                )
    counted = [v.cases for v in verdicts]
    cases = None if None in counted else sum(c for c in counted if c is not None)
    engines = (name for v in verdicts for name in v.method.split("+"))
    return Verdict(
        Status.PROVED,
        method or "+".join(dict.fromkeys(engines)),  # each engine named once
        _narrowest_scope(verdicts) if scope is None else scope,
        cases=cases,
        message=f"all {len(verdicts)} parts proved"
        + ("" if cases is None else f" ({cases:,} cases)"),
        seconds=seconds,
        details={"parts_seconds": [round(v.seconds, 3) for v in verdicts]},
        parts=tuple(verdicts),
        assumes=tuple(dict.fromkeys(a for v in verdicts for a in v.assumes)),
        smt=joined(*(v.smt for v in verdicts)),
    )


def _narrowest_scope(proofs: list[Verdict]) -> str:
    """Where proofs of every part show their conjunction: the bounded parts' scopes (an
    unbounded part covers them), or every part's when all are unbounded."""
    bounded = [v.scope for v in proofs if not v.unbounded] or [v.scope for v in proofs]
    return "; ".join(dict.fromkeys(scope for scope in bounded if scope))


def word_counts(verdicts: Iterable[Verdict]) -> dict[Word, int]:
    """How many verdicts have each word, in the vocabulary's order, words with none left out.

    >>> word_counts([Verdict(Status.PROVED, "z3", "bounded: n <= 3")] * 2)
    {<Word.CHECKED: 'checked'>: 2}
    """
    counts = Counter(verdict.word for verdict in verdicts)
    return {word: counts[word] for word in Word if counts[word]}


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    if isinstance(value, StrEnum):
        return value.value
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
