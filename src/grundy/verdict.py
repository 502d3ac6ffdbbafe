"""Verdicts: what a check may honestly say about a claim (DESIGN.md section 3).

Every engine returns a :class:`Verdict`.  ``proved`` always carries its scope, a
``refuted`` verdict carries a counterexample that was re-evaluated directly, and a solver
that said "unknown" or ran out of time gives ``unknown``: never ``proved``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

__all__ = ["UNBOUNDED", "Assumption", "Status", "Verdict", "combine_verdicts"]

UNBOUNDED = "unbounded"


class Status(StrEnum):
    PROVED = "proved"  # true everywhere in the stated scope
    REFUTED = "refuted"  # a concrete, re-checked counterexample
    UNREFUTED = "unrefuted"  # random search found nothing; not a proof
    UNKNOWN = "unknown"  # a solver said unknown, or a limit was reached
    ERROR = "error"  # the claim itself is malformed


@dataclass(frozen=True, slots=True)
class Assumption:
    """A library theorem that a proof relied on as a lemma (DESIGN.md section 3).

    ``scope`` is the scope in which the library proved the lemma (``"unbounded"`` or a
    bounded domain); ``instance_proved`` is true when the lemma's instance for this claim's
    own scope was proved inside the same verdict rather than taken from the library.

    >>> Assumption("bouton-any-number-of-heaps", "unbounded").describe()
    'bouton-any-number-of-heaps (unbounded)'
    """

    id: str
    scope: str
    instance_proved: bool = False

    def describe(self) -> str:
        proved_here = "; instance proved here" if self.instance_proved else ""
        return f"{self.id} ({self.scope}{proved_here})"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "scope": self.scope, "instance_proved": self.instance_proved}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The result of checking one claim with one engine (or several, combined).

    ``scope`` is ``"unbounded"`` or a description of the finite domain, e.g.
    ``"bounded: 0 <= a, b, c <= 7"``; ``details`` holds engine figures (seed, solver
    statistics, lemmas relied on, largest sizes tried); ``parts`` the verdict of each
    engine when several were combined; ``assumes`` the library lemmas a proof relied on,
    each with the scope in which it is proved.
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

    @property
    def unbounded(self) -> bool:
        return self.scope == UNBOUNDED

    def timed(self, seconds: float) -> Verdict:
        return replace(self, seconds=seconds)

    def _repr_html_(self) -> str:  # a small table in Jupyter
        from grundy.display.html import verdict_html

        return verdict_html(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status.value,
            "method": self.method,
            "scope": self.scope,
            "cases": self.cases,
            "counterexample": _jsonable(self.counterexample),
            "message": self.message,
            "seconds": round(self.seconds, 3),
            "details": _jsonable(self.details),
            "parts": [part.to_json() for part in self.parts],
            "assumes": [assumption.to_json() for assumption in self.assumes],
        }


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
    then unrefuted, unknown, error.  The engines' own verdicts are kept in ``parts``.

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
        method="+".join(dict.fromkeys(v.method for v in verdicts)),  # each engine named once
        scope=scope,
        cases=cases,
        seconds=sum(v.seconds for v in verdicts),
        parts=tuple(verdicts),
    )


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
