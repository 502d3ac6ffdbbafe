"""``expect = "open"``: an open problem left tested, checked (on a finite domain) or unknown
is as expected (exit 0); one that comes out proved or refuted is news, said so in every
output, and exits 1 so that the user notices (docs/claims.md#verdicts)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from grundy.claims import BadClaim
from grundy.claims.model import read_claim
from grundy.library import Expectation, Theorem, TheoremResult, theorem_from_claim
from grundy.verdict import UNBOUNDED, Status, Verdict

OPEN_AND_STILL_OPEN = """
[[claim]]
id = "still-open-random"
game = "nim"
vars = ["a", "b"]
range = { a = [0, 1000000000000], b = [0, 1000000000000] }
method = "random"
statement = "(outcome == 'P') == (a == b)"
expect = "open"
"""

SETTLED = """
[[claim]]
id = "settled-by-a-proof"
game = "subtraction"
params = { set = [1, 2] }
vars = ["n"]
range = { n = [0, 30] }
statement = "(outcome == 'P') == (n % 3 == 0)"
expect = "open"

[[claim]]
id = "settled-by-a-counterexample"
game = "subtraction"
params = { set = [1, 2] }
vars = ["n"]
range = { n = [0, 30] }
statement = "outcome == 'N'"
expect = "open"
"""

CHECKED_ON_A_DOMAIN = """
[[claim]]
id = "open-but-checked"
game = "subtraction"
params = { set = [1, 2] }
vars = ["n"]
range = { n = [0, 30] }
statement = "(outcome == 'P') == (n % 3 == 0)"
method = "exhaustive"
expect = "open"
"""
"""An open claim checked on a finite domain: consistent there, and still open (issue 34:
it was called news, settling the problem, and exited 1)."""


def _file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "open.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_an_open_claim_left_tested_is_as_expected(run_cli, tmp_path: Path) -> None:
    result = run_cli("check", _file(tmp_path, OPEN_AND_STILL_OPEN), "--json")
    assert result.code == 0
    (claim,) = result.json()["claims"]
    assert claim["status"] == "tested" and claim["expect"] == "open"
    assert claim["as_expected"] is True and claim["settles_open_claim"] is False


def test_a_settled_open_claim_is_news_and_exits_1(run_cli, tmp_path: Path) -> None:
    path = _file(tmp_path, SETTLED)
    data = run_cli("check", path, "--json")
    assert data.code == 1
    claims = {c["id"]: c for c in data.json()["claims"]}
    assert claims["settled-by-a-proof"]["status"] == "proved"
    assert claims["settled-by-a-counterexample"]["status"] == "refuted"
    for claim in claims.values():
        assert claim["as_expected"] is False and claim["settles_open_claim"] is True
    text = run_cli("check", path)
    assert text.code == 1
    assert text.out.rstrip().endswith("2 claims: 1 proved, 1 refuted; 2 settle open claims")
    assert "NEWS" in text.out and "NOT as expected" not in text.out


def test_a_settled_open_claim_is_news_in_both_reports(run_cli, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run_cli(
        "report", "--claims", _file(tmp_path, SETTLED), "--out", str(out), "--format", "md"
    )
    assert result.code == 1
    assert "settles an open claim: settled-by-a-proof, settled-by-a-counterexample" in result.out
    assert "NOT as expected" not in result.out
    handout = (out / "handout.md").read_text(encoding="utf-8")
    assert handout.count("**News:** this settles a question marked open.") == 2
    record = (out / "record.md").read_text(encoding="utf-8")
    assert "2 settle a claim marked open: news." in record
    assert "news: this proved verdict settles a claim marked open" in record
    assert "an open problem" in record


def test_an_open_claim_checked_on_a_domain_settles_nothing(run_cli, tmp_path: Path) -> None:
    path = _file(tmp_path, CHECKED_ON_A_DOMAIN)
    data = run_cli("check", path, "--json")
    assert data.code == 0
    (claim,) = data.json()["claims"]
    assert claim["status"] == "checked"
    assert claim["as_expected"] is True and claim["settles_open_claim"] is False
    text = run_cli("check", path)
    assert text.code == 0 and "NEWS" not in text.out and "settle" not in text.out
    verify = run_cli("verify", path, "--json", "--jobs", "1")
    assert verify.code == 0
    assert verify.json()["claims"][0]["settles_open_claim"] is False
    out = tmp_path / "out"
    report = run_cli("report", "--claims", path, "--out", str(out), "--format", "md")
    assert report.code == 0 and "settles an open claim" not in report.out
    assert "News" not in (out / "handout.md").read_text(encoding="utf-8")
    record = (out / "record.md").read_text(encoding="utf-8")
    assert "as expected (tested, checked or unknown (an open problem))" in record
    assert "settle" not in record


@pytest.mark.parametrize(
    ("status", "scope", "as_expected", "news"),
    [
        (Status.UNREFUTED, "random: n <= 10^9", True, False),
        (Status.UNKNOWN, "", True, False),
        (Status.PROVED, UNBOUNDED, False, True),
        (Status.PROVED, "bounded: n <= 9", True, False),  # checked: consistent, still open
        (Status.REFUTED, "bounded: n <= 9", False, True),
        (Status.ERROR, "", False, False),
    ],
)
def test_the_rule_for_open_claims(
    status: Status, scope: str, as_expected: bool, news: bool
) -> None:
    theorem = Theorem("t", "t", "s", "", check=lambda s: Verdict(status, "x"))
    result = TheoremResult(replace(theorem, expect=Expectation.OPEN), Verdict(status, "x", scope))
    assert result.as_expected is as_expected
    assert result.settles_open_claim is news


def test_the_claim_format_reads_open_and_lists_it_when_misspelt() -> None:
    table = {"id": "x", "game": "nim", "statement": "grundy == 0", "expect": "open"}
    assert theorem_from_claim(read_claim(table)).expect is Expectation.OPEN
    bad = read_claim({**table, "expect": "opne"})
    assert isinstance(bad, BadClaim) and "holds, fails, open" in bad.problem
