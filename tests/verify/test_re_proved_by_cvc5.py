"""The library's proofs that divided by unknowns (Lucky Nim's four for unknown m and n,
take-away's G(n) = n mod (k + 1)) rested on Z3 alone: cvc5 does not decide non-linear
integer arithmetic.  Written linearly (issue 39), each is re-proved by cvc5 too."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.library import CheckSettings, check_theorem, load_library
from grundy.smt_record import collecting_queries
from grundy.verdict import Status

PROOFS = Path(__file__).resolve().parents[2] / "proofs"
SETTINGS = CheckSettings(quick=True, random_examples=20, claim_seconds=None, claim_memory=None)
RE_PROVED = [
    "lucky-nim-mover-symbolic",
    "lucky-nim-opponent-symbolic",
    "lucky-nim-block-parity-step",
    "lucky-nim-winning-numbers-symbolic",
    "take-away-grundy-closed-form",
]


@pytest.fixture(scope="module")
def theorems():
    loaded = load_library([PROOFS / "lucky_nim_z3.py", PROOFS / "take_away_induction.py"])
    return {theorem.id: theorem for theorem in loaded}


@pytest.mark.parametrize("identifier", RE_PROVED)
def test_cvc5_agrees_with_every_query_of_the_proof(theorems, identifier):
    with collecting_queries("cvc5"):
        verdict = check_theorem(theorems[identifier], SETTINGS).verdict
    assert verdict.status is Status.PROVED and verdict.unbounded
    assert verdict.solvers == ("z3", "cvc5")
    assert verdict.smt and all(query.agreed == ("z3", "cvc5") for query in verdict.smt)
