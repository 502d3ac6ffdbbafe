"""The random search of a claim: how many cases it draws, and what drawing none means.

Shared by the claim checker (:mod:`grundy.claims.check`) and the certified-values search
(:mod:`grundy.claims.periodic`), which the checker calls: kept apart so that neither
imports the other for them.
"""

from __future__ import annotations

from dataclasses import replace

from grundy.settings import CheckSettings
from grundy.verdict import Status, Verdict

__all__ = ["none_admitted", "random_examples"]


def none_admitted(verdict: Verdict) -> Verdict:
    """A search in which no drawn case satisfied ``assume`` tested nothing."""
    return replace(
        verdict,
        status=Status.UNKNOWN,
        message=f"none of the {verdict.cases or 0:,} random cases satisfies assume: "
        "nothing was tested",
    )


def random_examples(settings: CheckSettings) -> int:
    """How many cases a claim's random search draws (a quarter under ``quick``)."""
    return max(settings.random_examples // (4 if settings.quick else 1), 50)
