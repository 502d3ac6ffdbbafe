"""Hostile and oversized command lines: one line on stderr, the documented exit code, in
bounded time; internal errors exit 3 and never leave half a JSON document."""

from __future__ import annotations

import io
import json
import re
import time
from pathlib import Path

import pytest

import grundy.cli.explore
from grundy.cli.common import write_json


def one_line(text: str) -> bool:
    return text.count("\n") == 1 and text.startswith("grundy: ")


def test_an_internal_error_exits_3_with_the_traceback_in_a_file(run_cli, monkeypatch) -> None:
    def broken(*args: object) -> int:
        raise RuntimeError("a bug planted by the test")

    monkeypatch.setattr(grundy.cli.explore, "run_games", broken)
    result = run_cli("games")
    assert result.code == 3 and result.out == ""
    assert one_line(result.err) and "bug in grundy" in result.err
    match = re.search(r"the details are in (\S+)", result.err)
    assert match is not None
    details = Path(match.group(1))
    assert "a bug planted by the test" in details.read_text()
    details.unlink()


def test_json_is_built_whole_before_it_is_written() -> None:
    out = io.StringIO()
    with pytest.raises(TypeError):
        write_json(out, {"fine": [1, 2, 3], "broken": object()})
    assert out.getvalue() == ""


def test_an_unprintable_number_in_json_output_is_an_internal_error_not_half_json(
    run_cli, monkeypatch
) -> None:
    def huge_solve(args: object, out: io.StringIO) -> int:
        write_json(out, {"value": 1 << 20_000})
        return 0

    monkeypatch.setattr(grundy.cli.explore, "run_games", huge_solve)
    result = run_cli("games")
    assert result.code == 3 and result.out == ""
    Path(re.search(r"the details are in (\S+)", result.err).group(1)).unlink()  # type: ignore[union-attr]


SIZES = [
    (["solve", "nim", *map(str, range(1, 10_001))], "10,000 parts"),
    (["sequence", "nim", "--upto", str(10**9)], "at most 30,000,000"),
    (["sequence", "kayles", "--upto", str(10**20)], "more than 10^15"),
    (["table", "nim", "--max", "1000", "1000", "1000"], "1,003,003,001 rows"),
    (["table", "chomp", "--max", "30", "30", "30", "30", "30", "30", "30", "30"], "rows"),
    (["solve", "chomp", "2000"], "limited to 1,000"),
    (["solve", "chomp", "40000"], "limited to 1,000"),
    (["solve", "chomp", *(["1"] * 1500)], "1,500 parts"),
    (["solve", "poset", "--relations", ",".join(f"{i}<{i + 1}" for i in range(10_000))], "300"),
    (["solve", "nim", "1" + "0" * 5000], "5,001 digits is too long"),
    (["table", "hackenbush", "--edges", "0-1", "--max", "9" * 5000], "two vertex numbers"),
]


@pytest.mark.parametrize(("words", "reason"), SIZES, ids=lambda w: " ".join(w)[:40])
def test_sizes_are_refused_up_front_with_the_reason(run_cli, words: list[str], reason: str) -> None:
    start = time.perf_counter()
    result = run_cli(*words)
    assert result.code == 2, result.err
    assert one_line(result.err) and reason in result.err, result.err
    assert len(result.err) < 400 and result.out == ""
    assert time.perf_counter() - start < 10


def test_output_that_cannot_be_written_is_refused_before_any_work(run_cli, tmp_path) -> None:
    existing = tmp_path / "a-file"
    existing.write_text("keep me")
    for target in ("/proc/grundy-cannot-write-here", str(existing)):
        start = time.perf_counter()
        result = run_cli("report", "--out", target, "--format", "md", "--quick")
        assert result.code == 2 and one_line(result.err), result.err
        assert time.perf_counter() - start < 5  # refused before checking any claim
    assert existing.read_text() == "keep me"
    for target in (str(tmp_path), "/proc/grundy-cannot-write-here.json"):
        result = run_cli("solve", "nim", "3", "--certificate", target)
        assert result.code == 2 and one_line(result.err) and result.out == ""


def test_a_certificate_is_written_whole(run_cli, tmp_path) -> None:
    path = tmp_path / "c.json"
    assert run_cli("solve", "nim", "3", "4", "--certificate", str(path)).code == 0
    assert json.loads(path.read_text())["covers"] == [[3], [4]]
    assert [p.name for p in tmp_path.iterdir()] == ["c.json"]  # no temporary file left


def test_a_claim_file_with_a_byte_order_mark(run_cli, tmp_path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(
        b'\xef\xbb\xbf[[claim]]\nid = "x"\ngame = "nim"\nvars = ["a"]\n'
        b'range = { a = [0, 3] }\nstatement = "grundy == a"\n'
    )
    result = run_cli("check", str(path), "--jobs", "1")
    assert result.code == 0 and "checked" in result.out
