"""How hard and how reproducibly to check: the settings every checker takes.

They sit at the bottom of the package (layer 0 of docs/architecture.md) because every
layer that checks something reads them: the engines in ``verify/``, the claim checker in
``claims/``, the library and the command line.
"""

from __future__ import annotations

from dataclasses import dataclass

import grundy.validate as validate
from grundy.smt_record import SECOND_SOLVERS

__all__ = [
    "DEFAULT_CLAIM_MEMORY",
    "DEFAULT_CLAIM_SECONDS",
    "HARD_STOP_LEAST",
    "HARD_STOP_MARGIN",
    "HARD_STOP_SHARE",
    "MAX_JOBS",
    "CheckSettings",
    "hard_stop",
    "job_count",
]

DEFAULT_CLAIM_SECONDS = 120.0
"""Wall time one claim of a claim file may take before it ends as ``unknown``."""

DEFAULT_CLAIM_MEMORY = 1 << 30
"""Resident memory (bytes) checking one claim may add to the process."""

HARD_STOP_SHARE = 0.1
"""The share of its time budget a claim (or a theorem's check) gets past it to stop by
itself (its meter's message says how far it got) before the process checking it is
ended from outside."""

HARD_STOP_MARGIN = 0.5
"""Seconds added to that share: a small budget still leaves the check room to stop."""

HARD_STOP_LEAST = 3.0
"""Nor is it ended sooner than this (seconds): starting an engine has a fixed cost (a
random search's first draw takes two seconds on a busy machine), and a check with a
tiny budget should still stop by itself and say how far it got."""


def hard_stop(seconds: float) -> float:
    """When a check with a time budget of ``seconds`` is ended from outside."""
    return max(seconds * (1 + HARD_STOP_SHARE) + HARD_STOP_MARGIN, HARD_STOP_LEAST)


MAX_JOBS = 256
"""Most worker processes a check starts on this machine (``--jobs``; a local Dask
cluster): each is a Python process of its own, of about 100 MiB, so more would only
exhaust the machine's memory before any claim is checked."""


def job_count(jobs: object, what: str = "jobs") -> int:
    """``jobs`` when it is a whole number of workers from 1 to :data:`MAX_JOBS`."""
    return validate.whole_number(jobs, what, low=1, high=MAX_JOBS)


@dataclass(frozen=True, slots=True)
class CheckSettings:
    """How hard and how reproducibly to check.  ``quick`` shrinks domains for CI.

    ``claim_seconds`` and ``claim_memory`` are the budget of each claim of a claim file
    (``None``: no limit); a claim that passes either ends as ``unknown`` naming it.
    ``second_solver`` proves again each query a symbolic proof rests on (``"none"``: skip
    it, for speed; :mod:`grundy.verify.smt`).
    """

    seed: int = 0
    quick: bool = False
    z3_timeout_ms: int = 60_000
    random_examples: int = 2_000
    claim_seconds: float | None = DEFAULT_CLAIM_SECONDS
    claim_memory: int | None = DEFAULT_CLAIM_MEMORY
    second_solver: str = SECOND_SOLVERS[0]

    def __post_init__(self) -> None:
        # Checked here, where every way of checking (the command line, check_file,
        # claim, the library) builds its settings: a seed Z3 refuses, a budget of the
        # wrong kind, would otherwise fail deep inside an engine.
        validate.whole_number(self.seed, "seed", low=0, high=validate.SEED_LIMIT - 1)
        validate.flag(self.quick, "quick")
        validate.whole_number(self.z3_timeout_ms, "z3_timeout_ms", low=1)
        validate.whole_number(self.random_examples, "random_examples", low=0)
        validate.seconds(self.claim_seconds, "claim_seconds")
        validate.optional_whole_number(self.claim_memory, "claim_memory", low=0)
        validate.one_of(self.second_solver, SECOND_SOLVERS, "second_solver")
