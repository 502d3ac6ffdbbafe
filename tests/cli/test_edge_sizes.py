"""Sizes at the edges of the README's limits (issue 29, section 3): just past a limit is
refused in one line with exit code 2, just inside it is answered; never an internal error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.claims.helpers import claim_text


def _refused(result, *words: str) -> None:
    assert result.code == 2, result
    assert result.err.count("\n") == 1 and "internal error" not in result.err, result.err
    for word in words:
        assert word in result.err, result.err


def test_an_empty_word_is_not_an_empty_heap(run_cli) -> None:
    _refused(run_cli("solve", "nim", ""), "empty word")
    _refused(run_cli("solve", "nim", "3", " "), "empty word")
    assert run_cli("solve", "nim").code == 0  # no words at all: the empty position


def test_heap_digits_and_heap_counts_at_their_limits(run_cli) -> None:
    _refused(run_cli("solve", "nim", "9" * 4301), "4,301 digits")
    assert run_cli("solve", "nim", "9" * 4300).code == 0
    _refused(run_cli("solve", "nim", *["1"] * 1001), "1,001 parts")
    assert run_cli("solve", "nim", *["1"] * 1000).code == 0


def test_a_chomp_board_far_past_every_limit_is_refused_in_one_line(run_cli) -> None:
    result = run_cli("solve", "chomp", *["1000"] * 1000)
    _refused(result, "about 10^600")
    assert len(result.err) < 600, "the board is shortened in the message"


def test_claim_ids_of_100_characters_and_no_more(run_cli, tmp_path: Path) -> None:
    path = tmp_path / "ids.toml"
    path.write_text(
        claim_text(id="a" * 100, vars='["a"]', range="{ a = [0, 3] }", statement="grundy == a")
        + claim_text(id="b" * 101, vars='["a"]', range="{ a = [0, 3] }", statement="grundy == a")
    )
    claims = json.loads(run_cli("check", str(path), "--json").out)["claims"]
    assert claims[0]["id"] == "a" * 100 and claims[0]["status"] == "checked"
    assert claims[1]["status"] == "error" and "at most 100" in claims[1]["message"]
    assert claims[1]["id"] == "claim-2", "an invalid id is not used as the claim's id"


@pytest.mark.parametrize("method", ["auto", "exhaustive"])
def test_a_domain_too_large_to_print_in_decimal(run_cli, tmp_path: Path, method: str) -> None:
    # Two bounds of 7,301 bits: 2^14602 cases, a decimal past Python's 4,300 digits.
    top = 2**7300
    path = tmp_path / "big.toml"
    path.write_text(
        claim_text(
            id="big",
            vars='["a", "b"]',
            range=f"{{ a = [0, {top}], b = [0, {top}] }}",
            statement="grundy == a ^ b",
            method=method,
        )
    )
    result = run_cli("check", str(path), "--json")
    assert "internal error" not in result.err, result.err
    [claim] = json.loads(result.out)["claims"]
    assert "about 10^4395" in claim["message"]


@pytest.mark.slow
def test_chomp_boards_past_every_limit_in_a_claim_are_unknown(run_cli, tmp_path: Path) -> None:
    # The box's size (hundreds of digits of bytes) broke the message: an `error` was seen.
    path = tmp_path / "chomp.toml"
    path.write_text(
        claim_text(
            id="big",
            game="chomp",
            vars='["a", "b"]',
            range="{ a = [1, 1000000], b = [1, 1000000] }",
            position="[b] * a",
            statement="(outcome == 'N') == (a * b > 1)",
        )
    )
    result = run_cli("check", str(path), "--json", "--claim-seconds", "10")
    [claim] = json.loads(result.out)["claims"]
    assert claim["status"] == "unknown", claim["message"]
