"""Claim expressions typeset from the claim itself."""

import pytest

from grundy.report.expression import expression_latex
from grundy.report.mathml import MathSyntaxError, check_latex


@pytest.mark.parametrize(
    ("expression", "position", "latex"),
    [
        # DESIGN.md's example claim: misère Nim against the nim-sum.
        (
            "(outcome == 'P') == (a ^ b ^ c == 0)",
            "[a, b, c]",
            r"((a, b, c) \in \mathcal{P}) \iff (a \oplus b \oplus c = 0)",
        ),
        (
            "grundy == mex([g([n - 1]), g([n - 2])])",
            "[n]",
            r"\mathcal{G}(n) = \operatorname{mex}\{\mathcal{G}(n - 1), \mathcal{G}(n - 2)\}",
        ),
        ("nimsum(a, b) == a + b", None, r"a \oplus b = a + b"),
        ("outcome_of([a, a]) == 'P'", None, r"(a, a) \in \mathcal{P}"),
        ("outcome != 'N'", "[k]", r"k \notin \mathcal{N}"),
        ("a + b ^ c", None, r"(a + b) \oplus c"),
        ("a ^ (b + c)", None, r"a \oplus (b + c)"),
        ("(a + b) * c", None, r"(a + b) \cdot c"),
        ("a - (b - c)", None, r"a - (b - c)"),
        ("a - b - c", None, r"a - b - c"),
        ("2 ** n ** 2", None, r"2^{n^{2}}"),
        ("(2 ** n) ** 2", None, r"(2^{n})^{2}"),
        ("a // 2 + a % 2", None, r"\left\lfloor \frac{a}{2} \right\rfloor + a \bmod 2"),
        ("x << 3", None, r"x \cdot 2^{3}"),
        ("not (a < b) or b1 >= 0", None, r"\lnot (a < b) \lor b_{1} \ge 0"),
        ("a < b <= c", None, r"a < b \le c"),
        ("floor(n * phi) == ceil(n / 2)", None, None),
        ("[b] * a", None, r"(b)^{\times a}"),
        (
            "len(winning_moves) == 1",
            "[a, b]",
            r"\lvert \operatorname{winning\_moves}(a, b) \rvert = 1",
        ),
        (
            "x if x > 0 else heaps",
            None,
            r"\begin{cases} x & \text{if } x > 0 \\ \mathit{heaps} & \text{otherwise} \end{cases}",
        ),
        (
            "implies(a >= b, iff(a == b, True))",
            None,
            r"(a \ge b) \implies ((a = b) \iff \text{true})",
        ),
    ],
)
def test_claim_expressions_become_latex_the_report_can_typeset(
    expression: str, position: str | None, latex: str | None
) -> None:
    if latex is None:  # "/" is not in the claim language
        with pytest.raises(MathSyntaxError, match="n / 2"):
            expression_latex(expression, position)
        return
    assert expression_latex(expression, position) == latex
    check_latex(latex)


@pytest.mark.parametrize(
    ("expression", "named"),
    [
        ("a +", "cannot read"),
        ("'Q' == outcome", "'Q'"),
        ("open('x')", "open('x')"),
        ("a.b", "a.b"),
        ("[x for x in y]", "for x in y"),
    ],
)
def test_expressions_outside_the_claim_language_are_refused(expression: str, named: str) -> None:
    with pytest.raises(
        MathSyntaxError, match=named.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")
    ):
        expression_latex(expression)
