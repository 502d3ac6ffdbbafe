"""``--print bw``: for a black-and-white copier, no meaning rests on a fill.  Badges are
their words in boxes, table cells carry no colour, and figures are hatched."""

from __future__ import annotations

import re
from dataclasses import replace

from grundy import palette
from grundy.report.document import Cell, Document, Section, Table
from grundy.report.evidence_nim import _nim_addition
from grundy.report.html import render_html
from grundy.report.latex import render_latex
from grundy.report.pictures import grid_figure
from grundy.report.render import render_svg


def _document() -> Document:
    rows = [("a", Cell(("x",), "proved")), ("b", Cell(("y",), "refuted"))]
    verdicts = Table.build(("claim", "verdict"), rows)
    claim = Section("A claim", "thm-a", (verdicts,), "proved", "claim")
    return Document("T", (claim, _nim_addition()), kind="handout")


def _grid() -> object:
    grid = [[a == b for b in range(4)] for a in range(4)]
    return grid_figure("g", "P-positions", grid, "a", "b")


def test_a_figure_in_bw_is_hatched_and_has_none_of_the_palette_s_fills() -> None:
    figure = _grid()
    coloured = render_svg(figure)  # type: ignore[arg-type]
    bw = render_svg(figure, bw=True)  # type: ignore[arg-type]
    assert palette.P_FILL in coloured and "<pattern" not in coloured
    assert "<pattern" in bw
    for fill in palette.BW_FILLS:
        assert fill.lower() not in bw.lower()


def test_the_html_handout_in_bw_outlines_badges_and_empties_cells() -> None:
    coloured = render_html(_document())
    bw = render_html(_document(), bw=True)
    assert ".badge { background: #fff !important" in bw
    assert ".badge { background: #fff !important" not in coloured
    assert 'td[class^="shade-"] { background: #fff !important' in bw


def test_the_latex_handout_in_bw_boxes_words_and_fills_no_cell() -> None:
    coloured = render_latex(_document()).text
    bw = render_latex(_document(), bw=True).text
    assert r"\cellcolor{shade15}" in coloured
    body = bw.split(r"\begin{document}", 1)[1]
    assert r"\cellcolor" not in body
    assert r"\renewcommand{\badge}[1]{{\setlength{\fboxrule}{0.8pt}\fbox" in bw


def test_latex_colours_are_the_palette_s() -> None:
    text = render_latex(_document()).text
    defined = dict(re.findall(r"\\definecolor\{([\w-]+)\}\{HTML\}\{([0-9A-F]{6})\}", text))
    assert defined["proved"] == palette.WORD_FILL["proved"][1:].upper()
    assert defined["shade12"] == palette.shade(12)[0][1:].upper()
    assert defined["shade12-ink"] == "FFFFFF"


def test_a_caption_in_bw_says_hatched_not_coloured() -> None:
    from grundy.report.render import FigureRenderer

    figure = _grid()
    assert FigureRenderer().caption(figure) == "P-positions"  # type: ignore[arg-type]
    coloured = replace(figure, caption="P-positions (coloured); in colour, the move")  # type: ignore[type-var]
    assert FigureRenderer(bw=True).caption(coloured) == "P-positions (hatched); hatched, the move"
