"""``--print bw``: for a black-and-white copier, no meaning rests on a fill.  Badges are
their words in boxes, table cells carry no colour, and figures are hatched."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from grundy import palette
from grundy.report.document import Cell, Document, Paragraph, Section, Table
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


# -- the typst PDF (the default engine) ----------------------------------------------------


def _grounds(typst: str) -> set[str]:
    """What typst is asked to fill with a colour (``box``, ``table.cell``...), text's own
    ink apart."""
    return set(re.findall(r"([\w.]+)\((?:[^()]|\([^()]*\))*?\bfill:", typst)) - {"text"}


def test_the_typst_handout_in_bw_boxes_words_and_fills_nothing() -> None:
    from grundy.report.typst_writer import render_typst

    coloured = render_typst(_document()).text
    bw = render_typst(_document(), bw=True).text
    assert _grounds(coloured) == {"box", "table.cell"}
    assert _grounds(bw) == set()
    assert "shadecell(15)" in coloured and '#verdict("refuted")' in bw
    # the macros a badge and a table's verdict are written with: boxed words
    for macro in ("badge", "verdict", "pcell"):
        found = re.search(rf"#let {macro}\(.*?\n(?=#let|\n)", bw, re.DOTALL)
        assert found is not None and "stroke:" in found.group(0), macro


def test_typst_colours_are_the_palette_s() -> None:
    from grundy.report.typst_writer import render_typst

    text = render_typst(_document()).text
    assert f'proved: rgb("{palette.WORD_FILL["proved"]}")' in text
    assert f'unknown: rgb("{palette.WORD_INK["unknown"]}")' in text  # dark ink on amber
    assert f'#let ppos = rgb("{palette.P_FILL}")' in text
    assert f'rgb("{palette.shade(12)[0]}")' in text


def test_a_typst_caption_in_bw_says_hatched() -> None:
    from grundy.report.typst_writer import render_typst

    figure = replace(_grid(), caption="P-positions (coloured)")  # type: ignore[type-var]
    document = Document("T", (Section("S", "s", (figure,)),))
    assert "P\\-positions \\(hatched)" in render_typst(document, bw=True).text
    assert "P\\-positions \\(coloured)" in render_typst(document).text


def _badge_box(image: object) -> tuple[int, int, int, int]:
    """The bounding box of the pixels in the proved badge's green on a rendered page."""
    from PIL import Image

    assert isinstance(image, Image.Image)
    fill = tuple(int(palette.WORD_FILL["proved"][i : i + 2], 16) for i in (1, 3, 5))
    mask = image.point(lambda _: 0).convert("L")
    pixels = image.load()
    marks = mask.load()
    for x in range(image.width):
        for y in range(image.height):
            if sum(abs(a - b) for a, b in zip(pixels[x, y], fill, strict=True)) < 30:
                marks[x, y] = 255
    box = mask.getbbox()
    assert box is not None, "no badge on the page"
    return box


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_the_typst_pdf_in_bw_leaves_the_badge_unfilled(tmp_path: Path) -> None:
    from PIL import Image

    from grundy.report.typst_pdf import build_typst_pdf
    from grundy.report.typst_writer import render_typst

    claim = Section("A claim", "thm-a", (Paragraph(("Some words.",)),), "proved", "claim")
    pages = {}
    for name, bw in (("colour", False), ("bw", True)):
        pdf = tmp_path / f"{name}.pdf"
        pdf.write_bytes(build_typst_pdf(render_typst(Document("T", (claim,)), bw=bw)))
        subprocess.run(
            ["pdftoppm", "-r", "100", "-png", "-singlefile", str(pdf), str(tmp_path / name)],
            check=True,
        )
        pages[name] = Image.open(tmp_path / f"{name}.png").convert("RGB")
    left, top, right, bottom = _badge_box(pages["colour"])
    assert (right - left) * (bottom - top) > 100, "a badge of some size"
    area = pages["bw"].crop((left + 1, top + 1, right - 1, bottom - 1)).convert("L")
    light = sum(1 for value in area.tobytes() if value > 200)
    assert light > 0.6 * area.width * area.height, "the badge's area is mostly paper"
    colours = pages["bw"].getcolors(maxcolors=1 << 20) or []
    assert all(max(c) - min(c) < 16 for _, c in colours), "no colour on a bw page"


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_the_set_s_typst_pdf_in_bw_has_no_colour(tmp_path: Path) -> None:
    from PIL import Image

    from grundy.report.output import Format, render_set

    for bw in (False, True):
        files, _ = render_set({"handout": _document()}, [Format.PDF], bw=bw)
        pdf = tmp_path / f"{bw}.pdf"
        pdf.write_bytes(files["handout.pdf"])  # type: ignore[arg-type]
        stem = str(tmp_path / f"{bw}")
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-singlefile", str(pdf), stem], check=True)
        colours = Image.open(f"{stem}.png").convert("RGB").getcolors(maxcolors=1 << 20) or []
        tinted = sum(n for n, c in colours if max(c) - min(c) >= 16)
        assert (tinted > 0) == (not bw), (bw, tinted)
