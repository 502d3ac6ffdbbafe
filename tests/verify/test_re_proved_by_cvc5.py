"""Six of the library's proofs rested on Z3 alone (issue 39).  Five divided by unknowns
(Lucky Nim's four for unknown m and n, take-away's G(n) = n mod (k + 1)), non-linear
integer arithmetic that cvc5 does not decide: written linearly, each is re-proved by cvc5
too.  The sixth, the mex lemma, had a step (the width induction of "every y < a ⊕ b is
reached") that cvc5 left at its resource limit, and now decides once it rewrites
arithmetic equalities before solving.  Two more joined in session 38: the misère take-away
form, which cvc5 decided only in its short try on a division by k + 1, and the square
roots of nimbers, whose one query of 250 kB took cvc5 30-40 s (now 21 small ones at
these settings, proved up the tower of fields)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import z3

import grundy.verify.smt as smt
from grundy.library import CheckSettings, check_theorem, load_library
from grundy.verdict import Status

PROOFS = Path(__file__).resolve().parents[2] / "proofs"
SETTINGS = CheckSettings(
    quick=True, random_examples=20, claim_seconds=None, claim_memory=None, second_solver="cvc5"
)
RE_PROVED = [
    "lucky-nim-mover-symbolic",
    "lucky-nim-opponent-symbolic",
    "lucky-nim-block-parity-step",
    "lucky-nim-winning-numbers-symbolic",
    "take-away-grundy-closed-form",
    "sg-mex-lemma",
    "take-away-misere-closed-form",
    "nim-square-roots",
]
UNBOUNDED = set(RE_PROVED) - {"nim-square-roots"}  # proved below 2^16 here


@pytest.fixture(scope="module")
def theorems():
    files = ["lucky_nim_z3.py", "take_away_induction.py", "sprague_grundy.py", "nim_field.py"]
    loaded = load_library([PROOFS / name for name in files])
    return {theorem.id: theorem for theorem in loaded}


@pytest.mark.parametrize("identifier", RE_PROVED)
def test_cvc5_agrees_with_every_query_of_the_proof(theorems, identifier):
    verdict = check_theorem(theorems[identifier], SETTINGS).verdict
    assert verdict.status is Status.PROVED
    assert verdict.unbounded == (identifier in UNBOUNDED)
    assert verdict.solvers == ("z3", "cvc5")
    assert verdict.smt and all(query.agreed == ("z3", "cvc5") for query in verdict.smt)


@pytest.mark.parametrize(
    "identifier",
    ["lucky-nim-answers-beat-some-x", "take-away-grundy-mod-k", "take-away-misere-like-normal"],
)
def test_cvc5_alone_catches_a_first_solver_that_proves_their_mutants(
    theorems, monkeypatch, identifier
):
    # Z3 made to answer unsat on every query: only cvc5 stands between the mutant and a proof
    monkeypatch.setattr(smt, "checked", lambda solver, timeout_ms, meter: z3.unsat)
    caught = check_theorem(theorems[identifier], SETTINGS).verdict
    assert caught.status is Status.UNKNOWN
    assert "z3 answered unsat, cvc5 answered sat" in caught.message
    alone = replace(SETTINGS, second_solver="none")
    assert check_theorem(theorems[identifier], alone).verdict.status is Status.PROVED
