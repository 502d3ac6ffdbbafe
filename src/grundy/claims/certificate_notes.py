"""Which certificates the facts read while checking a claim rest on (a periodicity
certificate behind ``period('0.137')`` or ``g('0.137', [n])``, a misère quotient behind
``quotient_order('kayles', 30)``), so that the verdict names them in ``assumes``, whichever
method read them.  :func:`noting_certificates` is opened once, where every check of a
claim passes (:func:`grundy.claims.check.check_claim`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace

from grundy.verdict import Assumption, Status, Verdict

__all__ = ["note_assumption", "noting_certificates", "resting_on_certificates"]

_NOTES: ContextVar[list[Assumption] | None] = ContextVar("grundy_certificates", default=None)


@contextmanager
def noting_certificates() -> Iterator[list[Assumption]]:
    """Collect the certificates every fact read inside the ``with`` block rests on."""
    found: list[Assumption] = []
    token = _NOTES.set(found)
    try:
        yield found
    finally:
        _NOTES.reset(token)


def note_assumption(assumption: Assumption) -> None:
    """Tell the innermost :func:`noting_certificates` block, if any, that a fact read in it
    rests on ``assumption``."""
    notes = _NOTES.get()
    if notes is not None and assumption not in notes:
        notes.append(assumption)


def noting() -> bool:
    """Whether a :func:`noting_certificates` block is open (building a note may cost)."""
    return _NOTES.get() is not None


def resting_on_certificates(verdict: Verdict, notes: list[Assumption]) -> Verdict:
    """The verdict, naming the certificates its facts were read from (a counterexample
    rests on them as much as a proof does)."""
    if verdict.status not in (Status.PROVED, Status.REFUTED, Status.UNREFUTED):
        return verdict
    named = {assumption.id for assumption in verdict.assumes}
    extra = [assumption for assumption in notes if assumption.id not in named]
    return replace(verdict, assumes=(*verdict.assumes, *extra)) if extra else verdict
