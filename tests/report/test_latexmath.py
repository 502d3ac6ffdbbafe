import re

import pytest

from grundy.errors import GrundyError
from grundy.report.latexmath import MathSyntaxError, body_of, check_latex, latex_to_mathml


def test_operators_letters_and_numbers_become_mathml_tokens() -> None:
    assert body_of(r"a \oplus 12 \le b") == "<mi>a</mi><mo>⊕</mo><mn>12</mn><mo>≤</mo><mi>b</mi>"


def test_scripts_fractions_and_roots() -> None:
    assert body_of("n_i") == "<msub><mi>n</mi><mi>i</mi></msub>"
    assert body_of("2^{k+1}") == (
        "<msup><mn>2</mn><mrow><mi>k</mi><mo>+</mo><mn>1</mn></mrow></msup>"
    )
    assert body_of(r"\frac{1+\sqrt{5}}{2}").startswith("<mfrac><mrow><mn>1</mn><mo>+</mo><msqrt>")


def test_big_operators_take_limits_above_and_below() -> None:
    assert body_of(r"\bigoplus_{i=1}^{k} n_i").startswith('<munderover><mo largeop="true"')


def test_a_star_before_a_value_is_a_tight_nimber() -> None:
    star = '<mo lspace="0" rspace="0">∗</mo>'
    assert body_of("*3") == f"{star}<mn>3</mn>"
    assert body_of(r"\ast n") == f"{star}<mi>n</mi>"


def test_text_keeps_its_spaces_and_upright_names_stay_whole() -> None:
    assert "<mtext> for all </mtext>" in body_of(r"\text{ for all } n")
    assert body_of(r"\operatorname{mex}").startswith('<mrow><mi mathvariant="normal">mex</mi>')
    assert body_of(r"\mathrm{P}") == '<mi mathvariant="normal">P</mi>'
    assert body_of(r"\mathbb{N}") == "<mi>ℕ</mi>"
    assert body_of(r"\mathcal{P}") == "<mi>𝒫</mi>"


def test_cases_become_a_table_with_a_brace() -> None:
    mathml = body_of(r"\Omega(k) = \begin{cases} 1 & p \text{ even} \\ 0 & \text{else} \end{cases}")
    assert mathml.count("<mtr>") == 2
    assert mathml.count("<mtd>") == 4
    assert "<mo>{</mo><mtable" in mathml


def test_the_source_is_kept_as_an_escaped_annotation() -> None:
    mathml = latex_to_mathml(r"a < b", display=True)
    assert mathml.startswith('<math display="block">')
    assert '<annotation encoding="application/x-tex">a &lt; b</annotation>' in mathml


@pytest.mark.parametrize(
    ("latex", "named"),
    [
        (r"\foo x", r"\foo"),
        (r"\mathbb{K}", r"\mathbb{K}"),
        (r"\begin{tabular} x \end{tabular}", "tabular"),
        ("{a", "'{'"),
        ("a}", "'}'"),
        ("^2", "'^'"),
        (r"\frac{1}", r"\frac"),
        (r"\begin{cases} a \end{matrix}", "matrix"),
    ],
)
def test_unsupported_or_malformed_formulas_are_refused_by_name(latex: str, named: str) -> None:
    with pytest.raises(MathSyntaxError) as caught:
        check_latex(latex)
    assert named in str(caught.value)
    assert latex in str(caught.value)
    assert isinstance(caught.value, GrundyError) and isinstance(caught.value, ValueError)


def test_output_is_balanced_markup() -> None:
    mathml = latex_to_mathml(
        r"\forall a, b:\; \left\lfloor \frac{a}{b} \right\rfloor \ne \binom{a}{b} \pmod{2}"
    )
    opened = re.findall(r"<(m[a-z]+|math|semantics|annotation)\b[^>]*?(?<!/)>", mathml)
    closed = re.findall(r"</(m[a-z]+|math|semantics|annotation)>", mathml)
    assert sorted(opened) == sorted(closed)
