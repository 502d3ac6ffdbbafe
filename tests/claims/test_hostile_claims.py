"""Hostile and oversized claim files: every one ends in a clean verdict, quickly, and the
other claims of the file are still checked."""

from __future__ import annotations

import json
import time

import pytest

from grundy.claims import BadClaim, Claim, check_claim, claims_from_file, claims_from_text
from grundy.errors import ClaimError
from grundy.library import CheckSettings
from grundy.verdict import Status
from tests.claims.helpers import claim_text, good_claim, problem_of

SETTINGS = CheckSettings(quick=True)


@pytest.mark.parametrize(
    "statement",
    [
        "[[[1] * 100000] * 100000] * 100000 == [[[1] * 100000] * 100000] * 100000",
        "[[0] * 1000] * 1000 == [a]",
        "[2 ** 13000] * 100000 == [a]",
        "[0] + [[0] * 60000] + [[0] * 60000] == []",
        "[[0] * 50000, [0] * 50000, [0] * 50000] == []",
    ],
)
def test_lists_are_bounded_by_what_they_build(statement: str) -> None:
    start = time.perf_counter()
    problem = problem_of(vars='["a"]', range="{ a = [0, 3] }", statement=statement)
    assert "items" in problem and "the limit is 100,000" in problem
    assert time.perf_counter() - start < 5


def test_a_list_built_per_case_is_bounded_when_evaluated() -> None:
    claim = good_claim(
        vars='["a"]', range="{ a = [0, 3] }", statement="[[a] * 1000] * (a + 200) != []"
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.ERROR and "items" in verdict.message


@pytest.mark.parametrize(
    ("statement", "named"),
    [("a << 15000 > 0", "'<<'"), ("2 ** 14001 > a", "'**'"), ("(a + 7) ** 5000 > 0", "'**'")],
)
def test_numbers_stay_printable(statement: str, named: str) -> None:
    claim = one_or_bad(statement)
    message = claim.problem if isinstance(claim, BadClaim) else check_claim(claim, SETTINGS).message
    assert named in message and "14,000" in message


def one_or_bad(statement: str) -> Claim | BadClaim:
    (claim,) = claims_from_text(
        claim_text(vars='["a"]', range="{ a = [1, 2] }", statement=statement)
    )
    return claim


def test_a_counterexample_with_a_4000_digit_heap_prints(run_cli, tmp_path) -> None:
    path = tmp_path / "big.toml"
    path.write_text(
        claim_text(
            vars='["a"]', range="{ a = [1, 1] }", position="[a << 13000]", statement="grundy == 0"
        )
    )
    for words in ([], ["--json"]):
        result = run_cli("check", str(path), "--jobs", "1", *words)
        assert result.code == 1 and result.err == ""
        assert "refuted" in result.out


def test_huge_numbers_in_the_toml_itself() -> None:
    # a number past 4,300 digits makes its claim an error, not the whole file
    long_problem = problem_of(vars='["a"]', range="{ a = [0, " + "9" * 5000 + "] }")
    assert "range.a" in long_problem and "5,000 digits is too long" in long_problem
    problem = problem_of(
        vars='["a"]', range="{ a = [0, 0x" + "f" * 5000 + "] }", statement="a >= 0"
    )
    assert "range.a" in problem and "6,021 digits is too long" in problem and len(problem) < 300
    reversed_problem = problem_of(
        vars='["a"]', range="{ a = [" + "9" * 4000 + ", 0] }", statement="a >= 0"
    )
    assert "reversed" in reversed_problem and "4,000 digits" in reversed_problem
    assert len(reversed_problem) < 300


def test_a_byte_order_mark_is_skipped(tmp_path) -> None:
    path = tmp_path / "bom.toml"
    text = claim_text(vars='["a"]', range="{ a = [0, 2] }", statement="a >= 0")
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    (claim,) = claims_from_file(path)
    assert isinstance(claim, Claim)


@pytest.mark.parametrize("name", ["a__b", "x__", "__x"])
def test_variable_names_the_expressions_refuse_are_refused_in_vars(name: str) -> None:
    problem = problem_of(vars=f'["{name}"]', range=f"{{ {name} = [0, 1] }}", statement="True")
    assert "field 'vars'" in problem and name in problem


def test_moves_count_against_the_limits() -> None:
    start = time.perf_counter()
    claim = good_claim(
        vars='["a"]', range="{ a = [30000000, 30000000] }", statement="len(moves) > 0"
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN and "moves" in verdict.message
    wide = good_claim(
        vars='["a"]', range="{ a = [5, 5] }", position="[a] * 100000", statement="len(moves) > 0"
    )
    verdict = check_claim(wide, SETTINGS)
    assert verdict.status is Status.UNKNOWN and "100,000" in verdict.message
    assert time.perf_counter() - start < 30


def test_the_time_budget_ends_a_claim_as_unknown_with_what_was_finished() -> None:
    claim = good_claim(
        vars='["a", "b"]',
        range="{ a = [0, 1999], b = [0, 1999] }",
        statement="grundy == a ^ b",
        method="exhaustive",
    )
    start = time.perf_counter()
    verdict = check_claim(claim, CheckSettings(claim_seconds=0.5))
    assert time.perf_counter() - start < 5
    assert verdict.status is Status.UNKNOWN
    assert "time budget of 0.5 s" in verdict.message and "--claim-seconds" in verdict.message
    assert "no counterexample among the first" in verdict.message and verdict.cases > 0


def _memory_budget_verdict(tmp_path, method: str) -> dict:
    """A Wythoff claim whose solver memo grows by megabytes, checked with a 1 MiB memory
    budget in a fresh process: late in a long test run the memo can grow into memory that
    earlier tests freed, and the move limit then comes first."""
    import subprocess
    import sys

    path = tmp_path / "claims.toml"
    path.write_text(
        claim_text(
            game="wythoff",
            vars='["a"]',
            range="{ a = [0, 400] }",
            position="[a, a]",
            statement="grundy >= 0",
            method=method,
        )
    )
    command = ["check", str(path), "--json", "--jobs", "1", "--claim-memory", "1M"]
    done = subprocess.run(
        [sys.executable, "-m", "grundy", *command],
        capture_output=True,
        text=True,
        timeout=300,
    )
    (verdict,) = json.loads(done.stdout)["claims"]
    return verdict


@pytest.mark.parametrize("method", ["auto", "random"])
def test_the_memory_budget_ends_a_claim_as_unknown(tmp_path, method) -> None:
    verdict = _memory_budget_verdict(tmp_path, method)
    assert verdict["status"] == "unknown"
    assert "memory budget of 1 MiB" in verdict["message"]
    assert "--claim-memory" in verdict["message"]


def test_budget_options_on_the_command_line(run_cli, tmp_path) -> None:
    path = tmp_path / "slow.toml"
    path.write_text(
        claim_text(
            id="slow",
            vars='["a", "b"]',
            range="{ a = [0, 1999], b = [0, 1999] }",
            statement="grundy == a ^ b",
            method="exhaustive",
        )
        + claim_text(id="fast", vars='["a"]', range="{ a = [0, 9] }", statement="grundy == a")
    )
    result = run_cli("check", str(path), "--jobs", "1", "--claim-seconds", "0.5", "--json")
    assert result.code == 1
    verdicts = {c["id"]: c["status"] for c in result.json()["claims"]}
    assert verdicts == {"slow": "unknown", "fast": "checked"}
    bad = run_cli("check", str(path), "--claim-memory", "lots")
    assert bad.code == 2 and bad.err.count("\n") == 1


def test_messages_about_long_lists_are_short() -> None:
    claim = good_claim(
        vars='["a"]', range="{ a = [0, 1] }", position="[a - 1] * 50000", statement="grundy == 0"
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.ERROR and "not a position" in verdict.message
    assert len(verdict.message) < 400
    typed = good_claim(vars='["a"]', range="{ a = [0, 1] }", statement="([a] * 50000) % 2 == 0")
    message = check_claim(typed, SETTINGS).message
    assert "needs whole numbers" in message and len(message) < 400


def test_a_huge_claim_file_is_refused_before_it_is_parsed(tmp_path) -> None:
    path = tmp_path / "huge.toml"
    path.write_text("# padding\n" * 1_200_000)  # 12 MB
    with pytest.raises(ClaimError, match="at most 10 MiB"):
        claims_from_file(path)
