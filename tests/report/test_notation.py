"""What a student reads in a formula (issue 25): names of our own defined where they
appear, function names set without a gap before their bracket, game names that cannot
garble the formula they are written into."""

from __future__ import annotations

import pytest

from grundy.claims import claims_from_text
from grundy.games import OctalGame, SubtractionGame, SumGame
from grundy.library import theorem_from_claim
from grundy.report.document import Math, Paragraph, plain_text
from grundy.report.expression import expression_latex
from grundy.report.gamenames import game_name, label_name, sum_name
from grundy.report.latex import latex_text
from grundy.report.mathml import body_of, check_latex
from grundy.report.statements import statement_blocks
from grundy.report.sumevidence import sum_position_figure

POPCOUNT_CLAIM = """
[[claim]]
id = "powers-of-two"
game = "nim"
vars = ["n"]
range = { n = [1, 40] }
statement = "(outcome == 'P') == (popcount(n) == 1)"
"""


def _blocks(text: str) -> list[object]:
    [claim] = claims_from_text(text)
    return list(statement_blocks(theorem_from_claim(claim), claim, [], brief=True))


def test_ones_is_defined_right_under_the_formula_that_uses_it() -> None:
    blocks = _blocks(POPCOUNT_CLAIM)
    assert r"\operatorname{ones}" in blocks[0].latex  # type: ignore[attr-defined]
    definition = blocks[1]
    assert isinstance(definition, Paragraph)
    assert any(isinstance(part, Math) and "ones" in part.latex for part in definition.content)
    assert "number of 1s among the binary digits of x" in plain_text(definition.content)


def test_a_formula_without_invented_names_gets_no_definition() -> None:
    blocks = _blocks(POPCOUNT_CLAIM.replace("popcount(n) == 1", "n % 2 == 0"))
    assert not any(
        "binary digits" in plain_text(b.content) for b in blocks if isinstance(b, Paragraph)
    )


@pytest.mark.parametrize(
    ("latex", "name"),
    [
        (expression_latex("popcount(n) == 1"), "ones"),
        (expression_latex("mex(g([k]) for k in range(n))", "[n]"), "mex"),
        (r"\gcd(a, b) = 1", "gcd"),
    ],
)
def test_a_function_name_is_an_identifier_so_no_gap_before_its_bracket(
    latex: str, name: str
) -> None:
    # An <mo> gets operator spacing in a browser ("mex {…}"); an <mi> sits on its bracket.
    mathml = body_of(latex)
    assert f"<mi>{name}</mi>" in mathml
    assert f">{name}</mo>" not in mathml


def test_mod_between_two_values_keeps_its_operator_spacing() -> None:
    assert "<mo>mod</mo>" in body_of(r"a \bmod (b + 1)")


@pytest.mark.parametrize("hostile", ["my}game", "a{b}c", "x{", r"a\alpha{}", "50% & $x$ #1_^~"])
def test_a_hostile_game_name_cannot_garble_a_formula(hostile: str) -> None:
    for latex in (
        label_name(hostile).latex,
        game_name(hostile).latex,
        expression_latex(f"g({hostile!r}, [n]) == 0", "[n]"),
    ):
        check_latex(latex)  # balanced, no stray command: typesets in HTML
        inside = latex.partition(r"\text{")[2].partition("}")[0]
        assert not set(inside) & set("\\{}$&#^_~%"), latex  # and in TeX: nothing it reads


def test_a_hostile_name_in_words_is_still_escaped_for_latex() -> None:
    assert latex_text(str(game_name("my}game"))) == r"my\}game"


@pytest.mark.parametrize("position", [[[1], [0]], [[0], [1]], [[2], [4]], [[7], [3]]])
def test_a_sum_position_picture_has_no_empty_band_above_it(position: list[list[int]]) -> None:
    # The figure's shape is the drawing's shape: the axes (equal aspect) then fill it,
    # instead of sitting in a fixed-height box with blank space over a low position.
    from matplotlib.figure import Figure as MplFigure

    game = SumGame((SubtractionGame([2, 5, 6]), OctalGame("0.77")))
    name = sum_name(["subtraction", "kayles"], [{"set": [2, 5, 6]}, {}])
    figure = sum_position_figure("x", game, name, position, "a position")
    assert figure is not None
    drawn = MplFigure(figsize=figure.size)
    figure.draw(drawn)
    [axes] = drawn.axes
    (x0, x1), (y0, y1) = axes.get_xlim(), axes.get_ylim()
    width, height = figure.size
    assert abs((height / width) / ((y1 - y0) / (x1 - x0)) - 1) < 0.05
    counters = [p for p in axes.patches if type(p).__name__ == "Circle"]
    assert all(p.center[1] + p.radius <= y1 for p in counters)  # nothing cut off at the top


def test_every_character_of_our_own_words_has_a_latex_form() -> None:
    """Each word we write for students (the sentences and the games' rules) goes into the
    LaTeX without a "?" standing for a character TeX was not told how to set (the set of
    draws 𝒟 in the definition of draws came out as "?" in handout.tex)."""
    from grundy.games.rules import RULES
    from grundy.report.student_words import SENTENCES

    unset = {
        (key, char)
        for key, text in {**SENTENCES, **RULES}.items()
        for char in set(text)
        if char != "?" and "?" in latex_text(char)
    }
    assert unset == set()
