"""The text and JSON outputs never hide misère play or a step argued on paper."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.claims.helpers import MISERE_AND_ON_PAPER

CLAIMS = MISERE_AND_ON_PAPER

STEP = "bouton-any-number-of-heaps/induction-on-positions"


@pytest.fixture
def claims(tmp_path: Path) -> str:
    path = tmp_path / "claims.toml"
    path.write_text(CLAIMS)
    return str(path)


def _block(out: str, claim_id: str) -> str:
    """The lines of one claim in the text table (its row and those continuing it)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(claim_id + " "))
    end = start + 1
    while end < len(lines) and lines[end].startswith(" "):
        end += 1
    return "\n".join(lines[start:end])


def test_json_gives_every_claims_play_and_counts_proofs_resting_on_paper(run_cli, claims):
    result = run_cli("check", claims, "--json")
    assert result.code == 0
    data = result.json()
    plays = {claim["id"]: claim["play"] for claim in data["claims"]}
    assert plays == {"misere-take": "misere", "normal-take": "normal", "bouton-big": "normal"}
    assert data["rests_on_paper"] == 1
    (bouton,) = (claim for claim in data["claims"] if claim["id"] == "bouton-big")
    kinds = {entry["id"]: entry["kind"] for entry in bouton["assumes"]}
    assert kinds == {"bouton-any-number-of-heaps": "lemma", STEP: "on-paper"}


def test_text_says_misere_play_and_each_step_not_checked_by_machine(run_cli, claims):
    result = run_cli("check", claims)
    assert result.code == 0
    assert "misère play" in _block(result.out, "misere-take")
    assert "misère" not in _block(result.out, "normal-take")
    bouton = _block(result.out, "bouton-big")
    assert "not checked by machine: the induction on the number of heaps" in bouton
    assert "not checked by machine" not in _block(result.out, "misere-take")
    summary = result.out.rstrip().splitlines()[-1]
    assert summary == (
        "3 claims: 1 proved, 2 checked (1 proof rests on a step argued on paper, not "
        "checked by machine); all as expected"
    )


def test_narrow_text_says_them_too(claims):
    import io

    from grundy.cli.results import print_results
    from grundy.library import CheckSettings, check_theorem, theorems_from_file

    settings = CheckSettings(seed=0, quick=True)
    results = [check_theorem(theorem, settings) for theorem in theorems_from_file(claims)]
    out = io.StringIO()
    print_results(results, out, as_json=False, width=60)
    text = " ".join(out.getvalue().split())
    assert "misere-take: checked (as expected) exhaustive; bounded: 0 <= n <= 40 misère play" in (
        text
    )
    assert "not checked by machine: the induction on the number of heaps" in text


def test_the_library_theorem_itself_shows_its_step_on_paper(run_cli):
    result = run_cli("verify", "bouton-any-number-of-heaps", "--quick", "--json")
    assert result.code == 0
    data = result.json()
    (theorem,) = (c for c in data["claims"] if c["id"] == "bouton-any-number-of-heaps")
    assert theorem["status"] == "proved"
    assert [a["id"] for a in theorem["assumes"] if a["kind"] == "on-paper"] == [STEP]
    assert data["rests_on_paper"] == 1  # the mutant beside it is refuted: no proof
    text = run_cli("verify", "bouton-any-number-of-heaps", "--quick").out
    assert "(1 proof rests on a step argued on paper" in text


def test_the_library_misere_theorems_say_their_play(run_cli):
    data = run_cli("verify", "take-away-misere-closed-form", "--quick", "--json").json()
    assert {c["id"]: c["play"] for c in data["claims"]} == {
        "take-away-misere-closed-form": "misere",
        "take-away-misere-like-normal": "misere",
    }
