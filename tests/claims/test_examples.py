"""Every example claim file of examples/ comes out as its claims expect."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.claims import BadClaim, claims_from_file
from grundy.errors import UnknownGameError
from grundy.games import find_entry
from grundy.library import CheckSettings, run_theorems, theorems_from_file
from grundy.verdict import Status

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FRIENDLY = sorted(p.name for p in EXAMPLES.glob("*.toml") if p.name != "hostile.toml")


def _require_games(path: Path) -> None:
    import tomllib

    for table in tomllib.loads(path.read_text())["claim"]:
        game = table.get("game", [])  # a claim of plain arithmetic names no game
        names = game if isinstance(game, list) else [game]
        for name in names:  # a sum of games lists its components
            try:
                find_entry(name)
            except UnknownGameError:
                pytest.skip(f"game {name!r} is not in the catalogue yet")


@pytest.mark.parametrize("name", FRIENDLY)
def test_example_file_is_as_expected(name: str) -> None:
    path = EXAMPLES / name
    _require_games(path)
    results = run_theorems(list(theorems_from_file(path)), CheckSettings(seed=0, quick=True))
    assert [(r.theorem.id, r.verdict.message) for r in results if not r.as_expected] == []
    assert any(r.verdict.status is Status.REFUTED for r in results), "each file has a false claim"
    assert any(r.verdict.status is not Status.REFUTED for r in results), "and a true one"


def test_the_cookbook_file_holds_the_cookbook_of_the_docs() -> None:
    # examples/cookbook.toml is docs/claims.md's Cookbook blocks in order, so the tests of
    # this file (verdicts, typesetting) cover the page; tests/claims/test_cookbook.py checks
    # each verdict against what the page says.
    import re

    page = (EXAMPLES.parent / "docs" / "claims.md").read_text()
    section = page[page.index("\n## Cookbook") :]
    following = re.search(r"\n## (?!Cookbook)", section)
    section = section if following is None else section[: following.start()]
    blocks = [block.strip() for block in re.findall(r"```toml\n(.*?)```", section, re.S)]
    text = (EXAMPLES / "cookbook.toml").read_text()
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#")).strip()
    assert blocks and body == "\n\n".join(blocks)


def test_every_example_file_is_tested() -> None:
    assert len(FRIENDLY) >= 6
    assert (EXAMPLES / "hostile.toml").exists()


def test_hostile_file_is_refused_claim_by_claim_and_runs_nothing() -> None:
    marker = Path("/tmp/grundy-hostile-was-here")
    marker.unlink(missing_ok=True)
    claims = claims_from_file(EXAMPLES / "hostile.toml")
    results = {
        r.theorem.id: r.verdict
        for r in run_theorems(
            list(theorems_from_file(EXAMPLES / "hostile.toml")), CheckSettings(seed=0)
        )
    }
    assert not marker.exists()
    assert results.pop("honest-claim").status is Status.PROVED
    assert all(v.status is Status.ERROR for v in results.values()), results
    refused_at_load = {c.id for c in claims if isinstance(c, BadClaim)}
    # Everything that does not depend on a variable's value is refused before any case.
    assert {
        "import-os",
        "open-a-file",
        "attribute-escape",
        "subscript-escape",
        "lambda",
        "comprehension",
        "assignment",
        "walrus",
        "huge-power",
        "deep-nesting",
    } <= refused_at_load
    assert "'__import__'" in results["import-os"].message
    assert "1,003,003,001 cases" in results["too-large-for-exhaustive"].message


def test_every_friendly_statement_can_be_typeset_for_reports() -> None:
    # The report typesets claim statements from the same grammar (grundy.report.expression).
    from grundy.claims import Claim
    from grundy.report.expression import expression_latex

    proofs = EXAMPLES.parent / "proofs"
    files = [EXAMPLES / n for n in FRIENDLY] + [
        proofs / "take_away.toml",
        proofs / "nim_positions.toml",
    ]
    for path in files:
        for claim in claims_from_file(path):
            assert isinstance(claim, Claim), claim
            texts = [claim.statement.text] + ([claim.assume.text] if claim.assume else [])
            for text in texts:
                assert expression_latex(text, position=claim.position.text)
