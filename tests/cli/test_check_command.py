"""``grundy check FILE``: table, JSON contract, exit codes, and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

GOOD = """
[[claim]]
id = "misere-nim-xor"
game = "nim"
play = "misere"
vars = ["a", "b", "c"]
range = { a = [0, 7], b = [0, 7], c = [0, 7] }
statement = "(outcome == 'P') == (a ^ b ^ c == 0)"
expect = "fails"

[[claim]]
id = "bouton"
game = "nim"
vars = ["a", "b", "c"]
range = { a = [0, 7], b = [0, 7], c = [0, 7] }
statement = "(outcome == 'P') == (a ^ b ^ c == 0)"
source = "000 slides"
"""


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "claims.toml"
    path.write_text(text)
    return str(path)


def test_table_and_exit_code_zero_when_all_as_expected(run_cli, tmp_path: Path) -> None:
    result = run_cli("check", write(tmp_path, GOOD))
    assert result.code == 0, result.out + result.err
    assert "misere-nim-xor" in result.out and "refuted" in result.out
    assert "counterexample: a = 0, b = 0, c = 0, position = [0, 0, 0], outcome = N" in result.out
    assert "bounded: 0 <= a, b, c <= 7" in result.out
    assert "all as expected" in result.out
    assert result.err == ""


def test_json_contract(run_cli, tmp_path: Path) -> None:
    data = run_cli("check", write(tmp_path, GOOD), "--json", "--seed", "4").json()
    assert data["summary"] == {"checked": 1, "refuted": 1}
    first, second = data["claims"]
    for key in (
        "id",
        "status",
        "scope",
        "method",
        "cases",
        "counterexample",
        "message",
        "seconds",
        "source",
        "mutant_of",
    ):
        assert key in first
    assert first["status"] == "refuted"
    assert first["counterexample"]["outcome"] == "N"
    assert second["status"] == "checked" and second["cases"] == 512
    assert second["source"] == "000 slides" and second["mutant_of"] is None


def test_unexpected_verdict_exits_one(run_cli, tmp_path: Path) -> None:
    result = run_cli("check", write(tmp_path, GOOD.replace('expect = "fails"', "")))
    assert result.code == 1
    assert "NOT as expected" in result.out


def test_a_malformed_claim_is_an_error_row_and_the_rest_are_checked(run_cli, tmp_path) -> None:
    text = GOOD + '\n[[claim]]\nid = "broken"\ngame = "nim"\nstatement = "x.y"\n'
    data = run_cli("check", write(tmp_path, text), "--json").json()
    statuses = {c["id"]: c["status"] for c in data["claims"]}
    assert statuses == {"misere-nim-xor": "refuted", "bouton": "checked", "broken": "error"}
    assert "attribute access 'x.y'" in data["claims"][2]["message"]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "no such claim file"),
        ("[[claim]\n", "is not valid TOML"),
        ("title = 1\n", "unknown top-level key 'title'"),
    ],
)
def test_unreadable_file_is_one_line_and_exit_two(run_cli, tmp_path, content, expected) -> None:
    path = tmp_path / "claims.toml"
    if content is not None:
        path.write_text(content)
    result = run_cli("check", str(path))
    assert result.code == 2
    assert result.err.count("\n") == 1 and expected in result.err
    assert "Traceback" not in result.err and result.out == ""


def test_missing_file_argument_is_usage_error(run_cli) -> None:
    result = run_cli("check")
    assert result.code == 2 and result.err.startswith("grundy: error:")


def test_hostile_example_exits_one_with_error_rows(run_cli) -> None:
    result = run_cli("check", str(EXAMPLES / "hostile.toml"), "--json")
    assert result.code == 1
    data = result.json()
    assert data["summary"] == {"error": 14, "proved": 1}  # P-set induction: every n


def test_examples_from_the_command_line(run_cli) -> None:
    result = run_cli("check", str(EXAMPLES / "take_away.toml"), "--quick")
    assert result.code == 0, result.out
    assert "misere-same-as-normal" in result.out


def test_check_in_worker_processes_matches_a_serial_run(run_cli):
    from pathlib import Path

    examples = Path(__file__).resolve().parents[2] / "examples" / "take_away.toml"
    keys = ("id", "status", "scope", "method", "cases", "counterexample", "message")
    serial = run_cli("check", str(examples), "--json", "--jobs", "1")
    parallel = run_cli("check", str(examples), "--json", "--jobs", "2")
    assert serial.code == parallel.code
    assert [{k: c[k] for k in keys} for c in serial.json()["claims"]] == [
        {k: c[k] for k in keys} for c in parallel.json()["claims"]
    ]
