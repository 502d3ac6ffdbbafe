"""A claim about a loopy game in the reports: 'D' and 'inf{...}' typeset, and the claim's
section written with its verdict and a drawn counterexample."""

from __future__ import annotations

from pathlib import Path

from grundy.report.expression import expression_latex
from grundy.report.mathml import check_latex

CLAIMS = """
[[claim]]
id = "two-cycle-is-a-draw"
title = "A token on a cycle of two vertices is a draw"
game = "digraph"
params = { edges = "0>1,1>0" }
position = "[0]"
statement = "outcome == 'D' and grundy == 'inf{}'"

[[claim]]
id = "no-draw-guess"
title = "A guess: no position of eleven coins in two heaps is drawn"
game = "fair-shares"
vars = ["a"]
range = { a = [1, 10] }
position = "[a, 11 - a]"
statement = "outcome != 'D'"
expect = "fails"
"""


def test_draws_and_infinite_values_are_typeset() -> None:
    drawn = expression_latex("outcome == 'D' and grundy == 'inf{}'", position="[0]")
    assert drawn == r"0 \in \mathcal{D} \land \mathcal{G}(0) = \infty_{\{\}}"
    valued = expression_latex("g([0]) == 'inf{0,2}'")
    assert valued == r"\mathcal{G}(0) = \infty_{\{0,2\}}"
    check_latex(drawn)
    check_latex(valued)


def test_a_loopy_claims_section_is_written(run_cli, tmp_path: Path) -> None:
    claims = tmp_path / "loopy.toml"
    claims.write_text(CLAIMS)
    out = tmp_path / "report"
    result = run_cli(
        "report", "--claims", str(claims), "--out", str(out), "--format", "md", "--quick"
    )
    assert result.code == 0, result.err
    handout = (out / "handout.md").read_text()
    assert "A token on a cycle of two vertices is a draw" in handout
    # the drawn counterexample of the guess, told as play (it was "There o(p) = D")
    assert "neither player can force a win: with best play the game goes on for ever, a draw" in (
        handout
    )
    assert "o(p) = D" not in handout
