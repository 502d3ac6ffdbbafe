"""Whole numbers past 4,300 digits (Python's own limit on reading one from text), issue 34:
at every entry point one rule refuses them in one line (exit code 2), or makes the claim
that holds one an ``error`` while the other claims of its file are checked.  They were
internal errors (exit code 3), and one such claim stopped its whole claim file."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from grundy.cli import main
from grundy.errors import InvalidArgumentError
from grundy.validate import MAX_DIGITS, digit_count, too_long_number, whole_from_text

HUGE = "9" * 5000
LONGEST = "9" * MAX_DIGITS
TOO_LONG = "a number of 5,000 digits is too long (at most 4,300)"


@pytest.mark.parametrize(
    "words",
    [
        ("solve", "nim", "3", HUGE),  # a position
        ("solve", "nim", f"3,{HUGE}"),
        ("solve", "subtraction", "--set", f"1,{HUGE}", "5"),  # an option
        ("solve", "digraph", "--edges", f"{HUGE}>1", "0"),  # a vertex of an edge
        ("solve", "digraph", "--edges", "0>1", HUGE),
        ("solve", "hackenbush", "--edges", f"0-{HUGE}"),
        ("solve", "poset", "--relations", f"1<{HUGE}", "1"),
        ("sequence", "kayles", "--upto", HUGE),  # an option argparse reads
        ("table", "nim", "--max", HUGE),
        ("check", "claims.toml", "--seed", HUGE),
        ("check", "claims.toml", "--jobs", HUGE),
    ],
)
def test_a_number_too_long_on_the_command_line_is_one_line(run_cli, words: tuple[str]) -> None:
    result = run_cli(*words)
    assert result.code == 2, result.err
    assert result.err.count("\n") == 1 and result.err.startswith("grundy: error: "), result.err
    assert TOO_LONG in result.err
    assert len(result.err) < 300  # the digits are not quoted


def test_the_longest_number_is_read(run_cli) -> None:
    result = run_cli("solve", "nim", LONGEST, LONGEST, "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["outcome"] == "P"


def test_a_line_typed_into_play_is_read_by_the_same_rule(
    run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = [HUGE, f"#{HUGE}", f"({HUGE})", f"#{LONGEST}", "quit"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in typed)))
    result = run_cli("play", "nim", "3", "4")
    assert result.code == 0, result.err
    assert result.out.count(TOO_LONG) == 3
    assert "there is no move a whole number of 14,285 bits: the moves are" in result.out
    answers = [line for line in result.out.splitlines() if not line.startswith("Your move>")]
    assert not any(LONGEST in line for line in answers)  # the typed line echoed, not quoted


def _claims(tmp_path: Path, *tables: str) -> Path:
    """A claim file of ``tables`` between two claims that hold."""
    first, last = (f'id = "fine-{n}"\nstatement = "nimsum(1, 1) == 0"\n' for n in (1, 2))
    path = tmp_path / "claims.toml"
    path.write_text("".join(f"[[claim]]\n{table}\n" for table in (first, *tables, last)))
    return path


def test_a_long_number_in_a_claim_is_that_claim_s_error_alone(run_cli, tmp_path: Path) -> None:
    path = _claims(
        tmp_path,
        f'id = "in-range"\ngame = "nim"\nvars = ["a"]\nrange = {{ a = [0, {HUGE}] }}\n'
        'statement = "a >= 0"\n',
        f'id = "in-position"\ngame = "nim"\nposition = [{HUGE}]\nstatement = "grundy == 0"\n',
        f'id = "in-options"\ngame = "subtraction"\nparams = {{ set = [1, {HUGE}] }}\n'
        'vars = ["n"]\nrange = { n = [0, 5] }\nstatement = "grundy((n,)) >= 0"\n',
    )
    result = run_cli("check", str(path), "--json")
    verdicts = {r["id"]: r for r in json.loads(result.out)["claims"]}
    assert result.code == 1, result.err
    assert [verdicts[i]["status"] for i in ("fine-1", "fine-2")] == ["checked", "checked"]
    for claim, field in (("in-range", "range.a"), ("in-position", "position")):
        assert verdicts[claim]["status"] == "error"
        assert f"{field}: {TOO_LONG}" in json.dumps(verdicts[claim])
    assert verdicts["in-options"]["status"] == "error"


def test_a_number_past_what_is_decoded_refuses_the_file_in_one_line(run_cli, tmp_path) -> None:
    path = _claims(tmp_path, f'id = "huge"\nstatement = "1 == 1"\nwhere = {"9" * 200_000}\n')
    result = run_cli("check", str(path))
    assert result.code == 2
    assert result.err.count("\n") == 1 and "more than 100,000 digits" in result.err


def test_python_s_own_limit_is_put_back_after_a_claim_file(run_cli, tmp_path: Path) -> None:
    before = sys.get_int_max_str_digits()
    run_cli("check", str(_claims(tmp_path, f'id = "x"\nposition = [{HUGE}]\nstatement="1"\n')))
    assert sys.get_int_max_str_digits() == before


def test_a_certificate_with_a_long_number(run_cli, tmp_path: Path) -> None:
    table = tmp_path / "table.json"
    assert run_cli("table", "kayles", "--max", "6", "--certificate", str(table)).code == 0
    data = json.loads(table.read_text())
    for place, number in (("params", HUGE), ("value", LONGEST)):
        changed = json.loads(json.dumps(data))
        if place == "params":
            text = json.dumps(changed).replace('"0.77"', f'"0.77", "extra": {number}')
        else:
            changed["entries"][1]["grundy"] = 10**MAX_DIGITS - 1
            text = json.dumps(changed)
        path = tmp_path / f"{place}.json"
        path.write_text(text)
        out, err = io.StringIO(), io.StringIO()
        code = main(["certificate", str(path)], stdout=out, stderr=err)
        assert code in (1, 2), err.getvalue()
        assert "Traceback" not in err.getvalue() and LONGEST not in out.getvalue()
        if place == "params":
            assert "too long (at most 4,300 digits)" in err.getvalue()


def test_the_rule_holds_whatever_python_s_setting_is(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InvalidArgumentError, match="x: a number of 4,301 digits"):
        whole_from_text("1" * 4301, "x", InvalidArgumentError)
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # no limit: grundy's rule still holds
    try:
        with pytest.raises(InvalidArgumentError, match="4,301 digits"):
            whole_from_text("-" + "1" * 4301, "x", InvalidArgumentError)
    finally:
        sys.set_int_max_str_digits(saved)
    assert whole_from_text("1_000", "x", InvalidArgumentError) == 1000
    assert whole_from_text("1e3", "x", InvalidArgumentError) is None


def test_digit_counts_and_the_walk_of_decoded_data() -> None:
    for number, digits in ((0, 1), (9, 1), (10, 2), (-99, 2), (100, 3), (10**4299, 4300)):
        assert digit_count(number) == digits
    assert [digit_count(10**4300 + k) for k in (-1, 0)] == [4300, 4301]
    assert digit_count(-(10**20_000)) == 20_001
    assert too_long_number({"a": [1, {"b": 10**4299}]}) is None
    assert too_long_number({"a": [1, {"b": 10**4300}]}) == (
        "a.b: a number of 4,301 digits is too long (at most 4,300)"
    )
    assert too_long_number([True, "x" * 10_000]) is None
