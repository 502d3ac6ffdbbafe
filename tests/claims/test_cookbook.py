"""The cookbook of docs/claims.md: every classical statement written there as a claim gets
the verdict the page says, and every mutant beside it is refuted where the page says."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from grundy.claims import Claim, check_claim, claims_from_text
from grundy.library import CheckSettings
from grundy.verdict import Status, Word

DOC = Path(__file__).resolve().parents[2] / "docs" / "claims.md"

# id -> (status, method, cases checked, the counterexample's variables) as the page says.
EXPECTED: dict[str, tuple[Status, str, int | None, dict[str, Any] | None]] = {
    "cookbook-bouton-columns": (Status.PROVED, "z3", None, None),
    "cookbook-bouton-columns-too-few": (Status.REFUTED, "z3", None, {"a": 0, "b": 0, "c": 128}),
    "cookbook-moore-nim-k": (Status.PROVED, "per-value: exhaustive", 16384, None),
    "cookbook-moore-nim-k-parity": (
        Status.REFUTED,
        "per-value: exhaustive",
        None,
        {"k": 2, "a": 0, "b": 0, "c": 1, "d": 1},
    ),
    "cookbook-take-one-to-k": (Status.PROVED, "per-value: certificate", None, None),
    "cookbook-take-one-to-k-mod-k": (
        Status.REFUTED,
        "per-value: certificate",
        None,
        {"k": 1, "n": 1},
    ),
    "cookbook-take-one-to-k-every-k": (
        Status.PROVED,
        "symbolic family: p-set induction",
        None,
        None,
    ),
    "cookbook-take-one-to-k-every-k-past-200": (
        Status.REFUTED,
        "symbolic family: p-set induction",
        None,
        {"k": 201, "n": 1},
    ),
    "cookbook-two-numbers-period": (Status.PROVED, "per-value: certificate", None, None),
    "cookbook-two-numbers-period-one-less": (
        Status.REFUTED,
        "per-value: certificate",
        None,
        {"a": 1, "b": 2, "n": 0},
    ),
    "cookbook-wythoff-pairs": (Status.PROVED, "exhaustive", 861, None),
    "cookbook-wythoff-pairs-from-one": (Status.REFUTED, "exhaustive", None, {"a": 0, "b": 0}),
    "cookbook-lasker-nim": (Status.PROVED, "exhaustive", 24, None),
    "cookbook-lasker-nim-like-nim": (Status.REFUTED, "exhaustive", None, {"n": 3}),
    "cookbook-mock-turtles": (Status.PROVED, "exhaustive", 41, None),
    "cookbook-mock-turtles-evil": (Status.REFUTED, "exhaustive", None, {"n": 0}),
    "cookbook-two-row-chomp": (Status.PROVED, "p-set induction", None, None),
    "cookbook-two-row-chomp-equal": (Status.REFUTED, "p-set induction", None, {"a": 1, "b": 0}),
    "cookbook-colon-principle": (Status.PROVED, "exhaustive", 48, None),
    "cookbook-colon-principle-adds": (
        Status.REFUTED,
        "exhaustive",
        None,
        {"c": 1, "x": 1, "y": 1},
    ),
    "cookbook-euclid": (Status.PROVED, "exhaustive", 1830, None),
    "cookbook-euclid-two": (Status.REFUTED, "exhaustive", None, {"a": 5, "b": 3}),
    "cookbook-staircase-nim": (Status.PROVED, "exhaustive", 2401, None),
    "cookbook-staircase-nim-every-step": (
        Status.REFUTED,
        "exhaustive",
        None,
        {"a": 0, "b": 0, "c": 0, "d": 1},
    ),
    "cookbook-fibonacci-nim": (Status.PROVED, "exhaustive", 299, None),
    "cookbook-fibonacci-nim-powers-of-two": (Status.REFUTED, "exhaustive", None, {"n": 3}),
    "cookbook-misere-nim-any-number": (
        Status.PROVED,
        "per-length: exhaustive+length-induction",
        5460,
        None,
    ),
    "cookbook-misere-nim-from-nine-heaps": (Status.PROVED, "per-length: exhaustive", 5460, None),
    "cookbook-fair-shares-no-draw": (Status.PROVED, "exhaustive", 36, None),
    "cookbook-fair-shares-eleven": (Status.REFUTED, "exhaustive", None, {"a": 2}),
    "cookbook-misere-ring": (Status.PROVED, "exhaustive", 4, None),
    "cookbook-misere-ring-normal": (Status.REFUTED, "exhaustive", None, {"v": 0}),
    "cookbook-mex-rule": (Status.PROVED, "exhaustive", 61, None),
    "cookbook-mex-rule-some-move": (Status.REFUTED, "exhaustive", None, {"n": 0}),
    "cookbook-dawsons-chess-period": (Status.PROVED, "exhaustive", 1, None),
    "cookbook-dawsons-chess-period-68": (
        Status.REFUTED,
        "exhaustive",
        None,
        {"period('0.137')": 34},
    ),
    "cookbook-dawson-games-agree": (Status.PROVED, "certificate", None, None),
    "cookbook-dawson-games-agree-a-period-on": (Status.REFUTED, "certificate", None, {"n": 14}),
    "cookbook-misere-kayles-quotient": (Status.PROVED, "exhaustive", 1, None),
    "cookbook-misere-kayles-quotient-tame": (
        Status.REFUTED,
        "exhaustive",
        None,
        {"is_tame('kayles', 30)": False},
    ),
}

# Proved for every heap size, one periodicity certificate for each value of k.
PROVED_FOR_EVERY_HEAP = {"cookbook-take-one-to-k"}
# Proved for every position of the game by P-set induction (no bound on the rows).
PROVED_FOR_EVERY_POSITION = {"cookbook-two-row-chomp"}
# Proved for every n from two games' periodicity certificates.
PROVED_FOR_EVERY_N = {"cookbook-dawson-games-agree"}
# Facts read from certificates, which the verdict names in assumes.
ASSUMES = {
    "cookbook-dawsons-chess-period": [
        "guy-smith-periodicity: octal --code 0.137 has period 34 from 52"
    ],
    "cookbook-dawson-games-agree": [
        "guy-smith-periodicity: octal --code 0.137 has period 34 from 52",
        "guy-smith-periodicity: octal --code 0.07 has period 34 from 53",
    ],
    "cookbook-misere-kayles-quotient": [
        "misere-quotient of octal --code 0.77, heaps 0..30, |Q| = 40"
    ],
}
# Proved for every number of heaps by induction on the number of heaps.
PROVED_FOR_EVERY_LENGTH = {"cookbook-misere-nim-any-number"}
# Mutants that every case of their range satisfies: told apart by the proof, not refuted.
TOLD_APART_BY_THE_PROOF = {"cookbook-misere-nim-from-nine-heaps"}
# Proved for every k and every n in one symbolic proof, k a Z3 variable.
PROVED_FOR_EVERY_K = {"cookbook-take-one-to-k-every-k"}
# Checked one value at a time for the values of least sum only, the bound named.
CHECKED_UP_TO = {"cookbook-two-numbers-period": "checked for a + b <= 29 only"}


def cookbook_claims() -> list[Claim]:
    """The claims of the toml blocks of the page's Cookbook section, in order."""
    text = DOC.read_text()
    section = text[text.index("\n## Cookbook") :]
    following = re.search(r"\n## (?!Cookbook)", section)
    if following is not None:
        section = section[: following.start()]
    claims = []
    for block in re.findall(r"```toml\n(.*?)```", section, re.S):
        for claim in claims_from_text(block):
            assert isinstance(claim, Claim), claim
            claims.append(claim)
    return claims


CLAIMS = cookbook_claims()


def test_the_cookbook_holds_the_listed_claims_each_theorem_with_a_mutant() -> None:
    assert [claim.id for claim in CLAIMS] == list(EXPECTED)
    theorems = {claim.id for claim in CLAIMS if claim.mutant_of is None}
    assert len(theorems) >= 9
    assert {claim.mutant_of for claim in CLAIMS if claim.mutant_of} == theorems


@pytest.mark.parametrize("claim", CLAIMS, ids=[claim.id for claim in CLAIMS])
def test_each_cookbook_claim_gets_the_documented_verdict(claim: Claim) -> None:
    status, method, cases, counterexample = EXPECTED[claim.id]
    verdict = check_claim(claim, CheckSettings(seed=0))
    assert (verdict.status, verdict.method) == (status, method), verdict.message
    if claim.id in PROVED_FOR_EVERY_HEAP:
        assert verdict.scope == "unbounded n, for each k = 1..6"
    elif claim.id in PROVED_FOR_EVERY_POSITION:
        assert verdict.scope == "unbounded a >= 1, b >= 0, assuming b <= a"
    elif claim.id in PROVED_FOR_EVERY_N:
        assert verdict.scope == "unbounded"
    elif claim.id in PROVED_FOR_EVERY_LENGTH:
        assert verdict.scope == "unbounded number of heaps of h (at least 1), each from 0 to 3"
    elif claim.id in TOLD_APART_BY_THE_PROOF:
        assert verdict.scope.startswith("bounded: ")
        assert "not proved for every length: the goal (k >= 1)" in verdict.message
    elif claim.id in PROVED_FOR_EVERY_K:
        assert verdict.word is Word.PROVED
        assert verdict.scope == (
            "unbounded k >= 1, n >= 0: one p-set induction on the heap n, with k symbolic "
            "(a Z3 variable)"
        )
    elif claim.id in CHECKED_UP_TO:
        assert verdict.word is Word.CHECKED  # never proved: pairs beyond were not checked
        assert verdict.scope.startswith(CHECKED_UP_TO[claim.id])
    else:
        assert verdict.scope.startswith("bounded: "), "a cookbook verdict is for its ranges"
    if cases is not None:
        assert verdict.cases == cases
    if claim.id in ASSUMES:
        assert sorted(a.id for a in verdict.assumes) == sorted(ASSUMES[claim.id])
    if counterexample is not None:
        assert verdict.counterexample is not None
        assert {name: verdict.counterexample[name] for name in counterexample} == counterexample
