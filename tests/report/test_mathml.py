"""Formulas in HTML: LaTeX to MathML through latex2mathml, checked and spaced right."""

import re

import pytest

from grundy.errors import GrundyError
from grundy.report.mathml import MathSyntaxError, body_of, check_latex, latex_to_mathml


def test_operators_letters_and_numbers_become_mathml_tokens() -> None:
    assert body_of(r"a \oplus 12 \le b") == "<mi>a</mi><mo>⊕</mo><mn>12</mn><mo>≤</mo><mi>b</mi>"


def test_text_keeps_its_spaces_where_browsers_would_drop_them() -> None:
    # A browser drops ordinary spaces at the ends of <mtext>: "for alln" (issue seen in print).
    for latex in (r"\text{ for all } n", r"n \ge 71\ \text{and}\ x"):
        for text in re.findall(r"<mtext>([^<]*)</mtext>", body_of(latex)):
            assert not text.startswith(" ") and not text.endswith(" "), text
    assert "<mtext>\u00a0for\u00a0all\u00a0</mtext>" in body_of(r"\text{ for all } n")


def test_logical_arrows_are_operators_so_they_get_space() -> None:
    for latex, symbol in ((r"p \iff q", "⟺"), (r"p \implies q", "⟹"), (r"\lnot p", "¬")):
        assert f"<mo>{symbol}</mo>" in body_of(latex), latex


def test_a_star_before_a_value_is_a_tight_nimber() -> None:
    star = '<mo lspace="0" rspace="0">∗</mo>'
    assert body_of("*3") == f"{star}<mn>3</mn>"
    assert body_of(r"\ast n") == f"{star}<mi>n</mi>"


def test_the_source_is_kept_as_an_escaped_annotation() -> None:
    mathml = latex_to_mathml(r"a < b", display=True)
    assert mathml.startswith('<math display="block"><semantics>')
    assert '<annotation encoding="application/x-tex">a &lt; b</annotation>' in mathml


@pytest.mark.parametrize(
    ("latex", "named"),
    [
        (r"\foo x", r"\foo"),
        (r"a \text{\input{/etc/passwd}} b", r"\input"),
        (r"\text{\end{document}}", r"\end"),
        ("{a", "'{'"),
        ("a}", "'}'"),
        (r"x^2^3", "x^2^3"),
    ],
)
def test_unknown_or_malformed_formulas_are_refused_by_name(latex: str, named: str) -> None:
    with pytest.raises(MathSyntaxError) as caught:
        check_latex(latex)
    assert named in str(caught.value)
    assert isinstance(caught.value, GrundyError) and isinstance(caught.value, ValueError)


def test_output_is_balanced_markup() -> None:
    mathml = latex_to_mathml(
        r"\forall a, b:\; \left\lfloor \frac{a}{b} \right\rfloor \ne \binom{a}{b} \pmod{2}"
    )
    opened = re.findall(r"<(m[a-z]+|math|semantics|annotation)\b[^>]*?(?<!/)>", mathml)
    closed = re.findall(r"</(m[a-z]+|math|semantics|annotation)>", mathml)
    assert sorted(opened) == sorted(closed)
