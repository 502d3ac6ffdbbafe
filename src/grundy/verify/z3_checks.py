"""Glue between encodings (:class:`~grundy.verify.z3engine.Encoding`) and the theorem library.

A theorem's ``check`` takes :class:`~grundy.settings.CheckSettings`; these helpers build
such checks from encoding builders: the Z3 proof at the full size (or a smaller one with
``settings.quick``), and an exhaustive pass of the same plain-Python statement over every
value of a small width, so every theorem is checked by two independent routes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from grundy.settings import CheckSettings
from grundy.verdict import Status, Verdict, combine_conjunction, combine_verdicts
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.z3engine import Encoding

__all__ = ["all_proved", "exhaustive_encoding", "headline_z3", "z3_check"]

Builder = Callable[[], Encoding]


def z3_check(full: Builder, quick: Builder | None = None) -> Callable[[CheckSettings], Verdict]:
    """A check that proves ``full()`` by Z3 (``quick()`` under ``settings.quick``)."""

    def check(settings: CheckSettings) -> Verdict:
        builder = quick if settings.quick and quick is not None else full
        return builder().prove(timeout_ms=settings.z3_timeout_ms, seed=settings.seed)

    return check


def exhaustive_encoding(encoding: Encoding, bound: int) -> Verdict:
    """Check ``encoding.holds`` on every assignment of its variables in ``0..bound``.

    >>> from grundy.theory.nim_sum import commutativity
    >>> exhaustive_encoding(commutativity(3), 7).cases
    64
    """
    names = [str(v) for v in encoding.variables]
    ranges = {name: (0, bound) for name in names}
    return check_exhaustive(
        integer_cases(ranges),
        encoding.holds,
        scope=f"bounded: {', '.join(names)} in 0..{bound}",
    )


def headline_z3(verdicts: list[Verdict]) -> Verdict:
    """Combine verdicts, but let a Z3 proof (the larger scope) be the headline.

    :func:`combine_verdicts` prefers the verdict with more cases, and a Z3 proof counts
    none; here a refutation still wins (the first one listed), then a Z3 proof.
    """
    combined = combine_verdicts(verdicts)
    if combined.status is Status.REFUTED:
        first = next(v for v in verdicts if v.status is Status.REFUTED)
        return replace(combined, **_headline_fields(first))
    proofs = [v for v in verdicts if v.status is Status.PROVED and v.method.startswith("z3")]
    if proofs:
        return replace(combined, **_headline_fields(proofs[-1]))
    return combined


def _headline_fields(verdict: Verdict) -> dict[str, Any]:
    return {
        "status": verdict.status,
        "scope": verdict.scope,
        "cases": verdict.cases,
        "counterexample": verdict.counterexample,
        "message": verdict.message,
        "details": verdict.details,
    }


def all_proved(verdicts: list[Verdict], *, scope: str, method: str = "z3") -> Verdict:
    """One verdict for a conjunction of goals, proved over ``scope`` only if every part is
    proved (:func:`~grundy.verdict.combine_conjunction`, the one rule for conjunctions)."""
    return combine_conjunction(verdicts, scope=scope, method=method)
