"""How ``verify`` and ``check`` present results: widths, plurals, and the exit-code rule.

The rule (README and docs/cli.md): the exit code is 0 when every claim came out as
expected, a refuted claim marked ``expect = "fails"`` included; 1 when any did not; 2 for
bad usage or bad input.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from grundy.cli.results import TABLE_COLUMNS, print_results
from grundy.library import CheckSettings, load_library, run_theorems

PROOFS = Path(__file__).resolve().parents[2] / "proofs"


def claim(ident: str, statement: str, expect: str | None = None) -> str:
    line = f'expect = "{expect}"\n' if expect else ""
    return (
        f'[[claim]]\nid = "{ident}"\ngame = "nim"\nvars = ["a", "b"]\n'
        f'range = {{ a = [0, 3], b = [0, 3] }}\nstatement = "{statement}"\n{line}\n'
    )


TRUE = "(outcome == 'P') == (a == b)"
FALSE = "outcome == 'P'"


@pytest.mark.parametrize(
    ("claims", "code"),
    [
        (claim("true", TRUE), 0),
        (claim("true", TRUE, "holds"), 0),
        (claim("false-expected", FALSE, "fails"), 0),  # refuted as expected: success
        (claim("true", TRUE) + claim("false-expected", FALSE, "fails"), 0),
        (claim("false", FALSE), 1),  # refuted, not expected to fail
        (claim("true-expected-to-fail", TRUE, "fails"), 1),  # proved, but expected to fail
        (claim("true", TRUE) + claim("false", FALSE), 1),
    ],
)
def test_exit_code_is_zero_exactly_when_every_claim_is_as_expected(
    run_cli, tmp_path: Path, claims: str, code: int
) -> None:
    path = tmp_path / "claims.toml"
    path.write_text(claims)
    result = run_cli("check", str(path), "--jobs", "1")
    assert result.code == code, result.out + result.err
    assert run_cli("check", str(path), "--jobs", "1", "--json").code == code


def test_bad_input_exits_2_with_one_line(run_cli, tmp_path: Path) -> None:
    path = tmp_path / "claims.toml"
    path.write_text('[[claim]]\nid = "x"\n')
    assert run_cli("check", str(tmp_path / "missing.toml")).code == 2
    result = run_cli("verify", "no-such-theorem")
    assert result.code == 2 and result.err.count("\n") == 1


def test_one_claim_reads_as_english(run_cli, tmp_path: Path) -> None:
    path = tmp_path / "claims.toml"
    path.write_text(
        '[[claim]]\nid = "one"\ngame = "nim"\nposition = "[3, 4, 5]"\nstatement = "grundy == 2"\n'
    )
    result = run_cli("check", str(path))
    assert result.code == 0
    assert "holds in the 1 case" in result.out and "1 cases" not in result.out
    # one position, so checked; the solver took the heaps at their values by
    # nim-heap-value-every-heap, whose induction step Z3 checks: nothing rests on paper
    assert result.out.rstrip().endswith("1 claim: 1 checked; all as expected")


@pytest.fixture(scope="module")
def library_results():
    theorems = load_library([str(PROOFS / "take_away.toml")])
    return run_theorems(theorems, CheckSettings(quick=True), None, jobs=1)


@pytest.mark.parametrize("width", [40, 60, 80, TABLE_COLUMNS - 1, TABLE_COLUMNS, 200])
def test_text_fits_the_terminal_width(library_results, width: int) -> None:
    out = io.StringIO()
    print_results(library_results, out, as_json=False, width=width)
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= width
    for result in library_results:  # every claim and its verdict are shown
        assert any(line.startswith(result.theorem.id) for line in lines)
    text = " ".join(out.getvalue().split())
    for result in library_results:  # nothing is cut: wrapped text reads the same
        if result.verdict.counterexample is not None:
            first = next(iter(result.verdict.counterexample))
            assert f"counterexample: {first} = " in text
    table = width >= TABLE_COLUMNS
    assert ("status" in lines[0]) is table


def test_off_a_terminal_lines_are_not_wrapped(library_results) -> None:
    out = io.StringIO()
    print_results(library_results, out, as_json=False)
    lines = out.getvalue().splitlines()
    assert lines[0].split() == ["id", "status", "expected", "method;", "scope", "and", "findings"]
    for result in library_results:
        if result.verdict.counterexample is not None:
            shown = ", ".join(f"{k} = {v}" for k, v in result.verdict.counterexample.items())
            assert any(line.endswith(f"counterexample: {shown}") for line in lines)
