"""Certificates that claim more than they show, or are built to exhaust the checker."""

from __future__ import annotations

import json
import time
from typing import Any

from grundy.budget import Budget
from grundy.certify.grundy_table import grundy_table_certificate
from grundy.certify.periodicity_check import check_certificate
from grundy.certify.table_check import check_grundy_table
from grundy.games import Nim, SubtractionGame


def table(game: Any, positions: list[Any]) -> dict[str, Any]:
    return grundy_table_certificate(game, positions)


def test_a_certificate_lists_what_it_covers() -> None:
    data = table(SubtractionGame([1, 2]), [(10,)])
    assert data["version"] == 2 and data["covers"] == [[10]]
    assert check_grundy_table(data).ok


def test_an_empty_certificate_certifies_nothing() -> None:
    data = table(Nim(), [(3,)]) | {"entries": []}
    check = check_grundy_table(data)
    assert not check.ok and "certifies nothing" in check.problems[0]


def test_a_certificate_must_say_what_it_covers() -> None:
    data = table(Nim(), [(3,)])
    for covers in (None, []):
        check = check_grundy_table(data | {"covers": covers})
        assert not check.ok and "covers" in check.problems[0]
    old = check_grundy_table(data | {"version": 1})
    assert not old.ok and "version 1" in old.problems[0]


def test_a_truncated_certificate_that_is_still_closed_is_refused() -> None:
    data = table(SubtractionGame([1, 2]), [(10,)])
    data["entries"] = [e for e in data["entries"] if e["position"][0] <= 4]
    rest = check_grundy_table({**data, "covers": [[4]]})
    assert rest.ok  # what is left is a correct, closed table of heaps 0..4 ...
    check = check_grundy_table(data)  # ... but not of the heap of 10 it claims to cover
    assert not check.ok and "covered position [10]" in check.problems[0]


def test_a_tiny_certificate_for_a_huge_heap_fails_at_once() -> None:
    data = {
        "certificate": "grundy-table",
        "version": 2,
        "game": "nim",
        "params": {},
        "covers": [[10**12]],
        "entries": [{"position": [10**12], "grundy": 0, "witnesses": []}],
    }
    assert len(json.dumps(data)) < 200
    start = time.perf_counter()
    check = check_grundy_table(data)
    assert not check.ok and "reached but not listed" in check.problems[0]
    assert time.perf_counter() - start < 2


def test_the_checker_gives_up_at_its_budget() -> None:
    data = table(SubtractionGame([1, 2]), [(50,)])
    check = check_grundy_table(data, Budget(seconds=0.0))
    assert not check.ok and "time budget" in check.problems[-1]


def test_the_game_and_its_options_are_named(run_cli, tmp_path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table(SubtractionGame([1, 3, 4]), [(9,)])))
    result = run_cli("certificate", str(path))
    assert result.code == 0 and "subtraction --set 1,3,4: 10 positions" in result.out
    kayles = run_cli("sequence", "kayles", "--upto", "200", "--period", "--json")
    path.write_text(kayles.out)
    assert "octal --code 0.77: period 12" in run_cli("certificate", str(path)).out


def test_unreadable_files_are_one_line_and_exit_2(run_cli, tmp_path) -> None:
    cases = {
        "binary.json": b"\xff\xfe{\x00",
        "nested.json": b"[" * 100_000,
        "number.json": b'{"certificate": "grundy-table", "version": ' + b"9" * 5000 + b"}",
    }
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        result = run_cli("certificate", str(path))
        assert result.code == 2, (name, result.err)
        assert result.err.count("\n") == 1 and len(result.err) < 300


def periodicity(**changes: Any) -> dict[str, Any]:
    data = {
        "game": "octal",
        "rules": "0.77",
        "theorem": "guy-smith",
        "preperiod": 71,
        "period": 12,
        "reach": 2,
        "start": 71,
        "values": [0] * 200,
    }
    return data | changes


def test_a_long_periodicity_certificate_fails_at_its_first_wrong_value() -> None:
    start = time.perf_counter()
    check = check_certificate(periodicity(values=[0] * 1_000_000))
    assert not check.valid and check.problems == ("G(1) is 1, the certificate says 0",)
    long_code = check_certificate(periodicity(rules="0." + "7" * 10_000))
    assert not long_code.valid and "too long" in long_code.problems[0]
    long_set = check_certificate(
        periodicity(
            game="subtraction",
            theorem="subtraction-window",
            rules=",".join(map(str, range(1, 10_000))),
        )
    )
    assert not long_set.valid and "too long" in long_set.problems[0]
    assert time.perf_counter() - start < 5
