"""A theorem's title says what is shown (issue 25): a claim proved for every position is
not titled with the bound it was once only checked up to ("... up to 400 chips ...")."""

from __future__ import annotations

import re

import pytest

from grundy.library import check_theorem, default_proofs_dir, load_file
from grundy.settings import CheckSettings

# Files whose claims are proved for every n by P-set induction (cheap to run here).
FILES = ("take_away.toml", "nim_positions.toml")
_BOUND = re.compile(r"\b(?:up to|at most|below)\s+\d+|\bheaps? up to\b")


def _theorems() -> list[object]:
    found = []
    for name in FILES:
        found += [t for t in load_file(default_proofs_dir() / name) if t.mutant_of is None]
    return found


@pytest.mark.parametrize("theorem", _theorems(), ids=lambda t: t.id)
def test_a_claim_proved_for_every_position_has_no_bound_in_its_title(theorem) -> None:
    verdict = check_theorem(theorem, CheckSettings(quick=True)).verdict
    if verdict.status.value == "proved" and verdict.scope.startswith("unbounded"):
        assert not _BOUND.search(theorem.title), (theorem.id, theorem.title, verdict.scope)


def test_the_take_away_p_positions_are_still_proved_for_every_n() -> None:
    # The retitled claim keeps its id and statement, and what the new title says is shown.
    [theorem] = [t for t in _theorems() if t.id == "take-away-normal-p-positions"]
    verdict = check_theorem(theorem, CheckSettings(quick=True)).verdict
    assert verdict.status.value == "proved" and verdict.scope.startswith("unbounded")
    assert theorem.title == "In normal play the P-positions are the multiples of 4"
