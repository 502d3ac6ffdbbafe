"""The library theorems the exact solver's shortcuts rest on.

The solver does not search every position: it values a disjunctive sum part by part and
combines the parts by nim-sum, reads normal-play outcomes off Grundy values (P exactly when
the value is 0), and takes a game's closed-form values where the game has them (a Nim
heap of n is worth n).  Each shortcut is a theorem of the library, proved for every game
(or every heap); a verdict computed with the solver names the ones it used in ``assumes``
(:meth:`grundy.solve.solver.Solver.lemmas_used`).  A test checks that the library proves
each of them in the scope given here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from functools import wraps
from typing import ParamSpec, TypeVar

from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict

__all__ = [
    "NIM_VALUE",
    "SOLVER_LEMMAS",
    "SUM_RULE",
    "ZERO_IFF_P",
    "cache_with_lemmas",
    "collecting_lemmas",
    "note_lemma",
    "resting_on",
]

SUM_RULE = "sg-sum-rule-every-game"
"""G(G + H) = G(G) xor G(H): a sum is valued part by part."""

ZERO_IFF_P = "sg-zero-iff-p-every-game"
"""A position is P in normal play exactly when its Grundy value is 0."""

NIM_VALUE = "nim-heap-value-every-heap"
"""A Nim heap of n is worth n (the nimber *n); with the sum rule, a Nim position's value is
the nim-sum of its heaps."""

SOLVER_LEMMAS: dict[str, str] = {SUM_RULE: UNBOUNDED, ZERO_IFF_P: UNBOUNDED, NIM_VALUE: UNBOUNDED}
"""Each lemma the solver may use, with the scope in which the library proves it."""

_LEMMA_SINK: ContextVar[set[str] | None] = ContextVar("grundy_solver_lemmas", default=None)


@contextmanager
def collecting_lemmas() -> Iterator[set[str]]:
    """Collect the lemmas behind every answer any solver gives inside the ``with`` block
    (in this thread or task), whoever created the solver and whatever its memo already
    held: the theorem library checks each theorem in one, so that its verdict names what
    the solver's answers rested on, the same whichever theorems ran before."""
    found: set[str] = set()
    token = _LEMMA_SINK.set(found)
    try:
        yield found
    finally:
        _LEMMA_SINK.reset(token)


def note_lemma(lemma: str) -> None:
    """Tell the innermost :func:`collecting_lemmas` block, if any, that an answer rests on
    ``lemma``."""
    sink = _LEMMA_SINK.get()
    if sink is not None:
        sink.add(lemma)


_P = ParamSpec("_P")
_R = TypeVar("_R")


def cache_with_lemmas(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """Like :func:`functools.cache` (hashable arguments), for a function whose answer
    comes from a solver: a cached answer names again the lemmas it rested on when it was
    computed, so a theorem that finds it cached rests on them as much as the first did."""
    answers: dict[Hashable, tuple[_R, frozenset[str]]] = {}

    @wraps(function)
    def cached(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        key = (args, tuple(sorted(kwargs.items())))
        if key not in answers:
            with collecting_lemmas() as used:
                answer = function(*args, **kwargs)
            answers[key] = (answer, frozenset(used))
        answer, lemmas = answers[key]
        for lemma in sorted(lemmas):
            note_lemma(lemma)
        return answer

    return cached


def resting_on(verdict: Verdict, lemmas: Iterable[str]) -> Verdict:
    """The verdict, naming the solver lemmas (this module) its answers
    rested on; a counterexample rests on them as much as a proof does."""
    if verdict.status not in (Status.PROVED, Status.REFUTED, Status.UNREFUTED):
        return verdict
    named = {assumption.id for assumption in verdict.assumes}
    extra = [Assumption(lemma, SOLVER_LEMMAS[lemma]) for lemma in sorted(lemmas)]
    extra = [assumption for assumption in extra if assumption.id not in named]
    return replace(verdict, assumes=(*verdict.assumes, *extra)) if extra else verdict
