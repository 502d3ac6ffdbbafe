"""The LaTeX allow-list for claims' ``latex`` fields: hostile TeX is refused at load."""

from __future__ import annotations

import pytest

from grundy.claims import BadClaim, Claim, claims_from_text
from grundy.claims.latex_policy import MAX_LATEX_LENGTH, check_latex_policy
from grundy.errors import ClaimError
from grundy.library import load_library
from tests.claims.helpers import claim_text

HOSTILE = [
    (r"a \text{\input{/etc/passwd}} b", r"'\input' is not allowed (it reads files)"),
    (r"\text{\end{document}}", "environment 'document' is not allowed"),
    (r"\include{secret}", "reads files"),
    (r"\openin5=/etc/passwd", "reads files"),
    (r"\read5 to \x", "reads files"),
    (r"\catcode`\^=7", "redefines TeX"),
    (r"\def\x{y} \x", "redefines TeX"),
    (r"\text{\csname input\endcsname{/etc/passwd}}", "builds command names"),
    (r"\immediate\write18{rm -rf x}", "writes files"),
    (r"\write18{ls}", "writes files"),
    (r"\text{^^5cinput{/etc/passwd}}", "'^^'"),
    ("^^5c^^5c", "'^^'"),
    (r"\text{a}}", "unbalanced braces"),
    (r"\frac{a}{b", "unbalanced braces"),
    (r"\text{$\input{x}$}", "'$'"),
    (r"\(x\)", r"'\('"),
    ("a % the rest of the line is a comment", "'%'"),
    ("#1", "'#'"),
    ("a\n\nb", "blank line"),
    ("a ⊕ b", r"\oplus for ⊕"),
    ("a\x00b", "control character"),
    ("a \\", "lone backslash"),
    (r"\begin{cases} a \end{matrix}", "does not close"),
    (r"\begin{cases} a", "never ended"),
    (r"\verb|x|", "not in the allowed subset"),
    (r"\usepackage{x}", "preamble"),
    ("x" * (MAX_LATEX_LENGTH + 1), "characters long"),
]


@pytest.mark.parametrize(
    ("latex", "named"),
    HOSTILE,
    # plain ASCII ids without backslashes: tools that store test ids as JSON (mutmut)
    # must be able to hand them back to pytest
    ids=[f"hostile-{index}" for index in range(len(HOSTILE))],
)
def test_hostile_latex_is_refused_with_the_piece_named(latex: str, named: str) -> None:
    with pytest.raises(ClaimError) as caught:
        check_latex_policy(latex)
    assert named in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "latex",
    [
        r"\mathcal{G}(a, b, c) = a \oplus b \oplus c",
        r"\forall n \ge 1:\ \mathcal{G}(n) = n \bmod 4",
        r"\text{only winning move } (3,4,5) \to (1,4,5)",
        r"\begin{cases} 0 & n \equiv 0 \pmod{3} \\ 1 & \text{otherwise} \end{cases}",
        r"\left\lfloor n \varphi \right\rfloor,\ \lvert S \rvert \le 2^{k}",
        r"x_{\{1\}} \ne 50\% \;\&\; \#S",
    ],
    ids=["nim-sum", "mod", "text", "cases", "floor", "escapes"],
)
def test_the_notation_people_write_is_accepted(latex: str) -> None:
    check_latex_policy(latex)


def test_every_formula_of_the_theorem_library_is_accepted() -> None:
    formulas = [t.latex for t in load_library() if t.latex]
    assert len(formulas) > 50
    for latex in formulas:
        check_latex_policy(latex)


def test_a_hostile_latex_field_is_an_error_of_that_claim_only() -> None:
    text = claim_text(
        id="leaks",
        vars='["a"]',
        range="{ a = [0, 3] }",
        statement="a >= 0",
        latex=r"a \text{\input{/etc/passwd}} b",
    ) + claim_text(id="fine", vars='["a"]', range="{ a = [0, 3] }", statement="a >= 0")
    bad, good = claims_from_text(text)
    assert isinstance(bad, BadClaim)
    assert "field 'latex'" in bad.problem and r"\input" in bad.problem
    assert bad.latex is None  # the refused formula is not carried on to a report
    assert isinstance(good, Claim)


def test_a_claim_in_error_keeps_only_a_safe_formula() -> None:
    (bad,) = claims_from_text(
        claim_text(statement="a >= 0", latex=r"\mathcal{G} = 0", vars='["zz__z"]')
    )
    assert isinstance(bad, BadClaim) and bad.latex == r"\mathcal{G} = 0"


def test_check_reports_the_latex_error_and_checks_the_other_claims(run_cli, tmp_path) -> None:
    path = tmp_path / "claims.toml"
    path.write_text(
        claim_text(id="tex", statement="True", latex=r"\text{\end{document}}")
        + claim_text(id="ok", vars='["a"]', range="{ a = [0, 5] }", statement="a * 0 == 0")
    )
    result = run_cli("check", str(path), "--json", "--jobs", "1")
    assert result.code == 1
    verdicts = {c["id"]: c for c in result.json()["claims"]}
    assert verdicts["tex"]["status"] == "error" and "latex" in verdicts["tex"]["message"]
    assert verdicts["ok"]["status"] == "checked"
