"""Lucky Nim's interval of numbers is bounded where the game is made, so every path (the
command line, the Python API, a claim) refuses a huge [m, n] in words: it was an
internal error (OverflowError) when the solver listed the numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.errors import InvalidParameterError
from grundy.games.lucky_nim import MAX_LUCKY_NUMBERS, LuckyNim

HUGE = 9 * 10**28


def test_the_command_line_refuses_a_huge_interval_in_one_line(run_cli) -> None:
    result = run_cli("solve", "lucky-nim", "--m", "1", "--n", str(HUGE), "1", "1")
    assert result.code == 2
    assert result.err.count("\n") == 1 and "at most 100,000 numbers" in result.err


def test_the_python_api_raises_the_documented_error() -> None:
    with pytest.raises(InvalidParameterError, match="at most"):
        LuckyNim(1, HUGE)
    assert LuckyNim(1, MAX_LUCKY_NUMBERS).n == MAX_LUCKY_NUMBERS  # the largest allowed
    with pytest.raises(InvalidParameterError):
        LuckyNim(1, MAX_LUCKY_NUMBERS + 1)


def test_a_claim_with_a_huge_interval_is_an_error_for_that_claim_alone(
    run_cli, tmp_path: Path
) -> None:
    path = tmp_path / "lucky.toml"
    path.write_text(
        f"""
[[claim]]
id = "huge"
game = "lucky-nim"
params = {{ m = 1, n = {HUGE} }}
statement = "outcome == 'N'"
vars = ["a"]
range = {{ a = [1, 3] }}
position = "[a]"

[[claim]]
id = "small"
game = "nim"
statement = "grundy == a"
vars = ["a"]
range = {{ a = [0, 5] }}
position = "[a]"
""",
        encoding="utf-8",
    )
    result = run_cli("check", str(path), "--json")
    assert result.code == 1
    assert '"error"' in result.out and "at most 100,000 numbers" in result.out
    assert '"proved"' in result.out or '"checked"' in result.out  # the other claim ran
