"""Lines of the text output a reader must not miss: misère play and steps argued on paper.

Kept apart from :mod:`grundy.cli.results` (the table and the verdict words) so that the
rule lives in one place: :attr:`grundy.verdict.Verdict.rests_on_paper` decides which
proofs rest on a step no machine checked, and every output counts those.
"""

from __future__ import annotations

from collections.abc import Sequence

from grundy.library import TheoremResult
from grundy.solve.solver import Play

__all__ = ["paper_lines", "paper_summary", "play_lines", "rests_on_paper"]


def play_lines(result: TheoremResult) -> list[str]:
    """The play convention of a claim about misère play (normal play is the default)."""
    if result.theorem.play is None:
        return ["normal and misère play"]
    return ["misère play"] if result.theorem.play is Play.MISERE else []


def paper_lines(result: TheoremResult) -> list[str]:
    """One line per step of the proof argued on paper."""
    verdict = result.verdict
    if not verdict.rests_on_paper:
        return []
    return [f"not checked by machine: {step.statement or step.id}" for step in verdict.paper_steps]


def rests_on_paper(results: Sequence[TheoremResult]) -> int:
    """How many of the proofs rest on a step argued on paper."""
    return sum(result.verdict.rests_on_paper for result in results)


def paper_summary(results: Sequence[TheoremResult]) -> str:
    """``; 3 of them on a step argued on paper`` for the summary line ('' when none)."""
    count = rests_on_paper(results)
    if not count:
        return ""
    proofs = "proof rests" if count == 1 else "proofs rest"
    return f" ({count} {proofs} on a step argued on paper, not checked by machine)"
