"""The PDF build: references settled, TeX kept to its folder, a bad formula falls back alone.

These compile LaTeX, so they need a TeX engine (pdflatex) and pdftotext (poppler-utils);
where either is missing they are skipped with that reason.
"""

import re
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

import pytest

from grundy.report.document import DisplayMath, Document, Paragraph, Section
from grundy.report.latex import LatexReport, render_latex
from grundy.report.output import Format, PdfEngine, render_set
from grundy.report.pdf import TexFailure, build_pdf

pytestmark = pytest.mark.skipif(
    shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
    reason="needs pdflatex and pdftotext (apt-get install texlive-latex-recommended poppler-utils)",
)


def _pages(pdf: bytes, tmp_path: Path) -> list[str]:
    path = tmp_path / "out.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.split("\f")


@pytest.mark.slow
def test_contents_carry_the_pages_the_sections_are_on(tmp_path: Path) -> None:
    filler = Paragraph(("Words to fill a page. " * 120,))
    sections = tuple(
        Section(f"Part number {k}", f"part-{k}", (filler, filler)) for k in range(1, 13)
    )
    files, _ = render_set(
        {"doc": Document("Long", sections, kind="handout")}, [Format.PDF], pdf_engine=PdfEngine.TEX
    )
    pages = _pages(files["doc.pdf"], tmp_path)
    contents = pages[0] + pages[1]
    for k in (1, 6, 12):
        # the handout's contents have two columns: the page follows the title on its line
        listed = int(re.search(rf"Part number {k}\b[ .]*?(\d+)", contents)[1])
        heading = re.compile(rf"^\s*{k}\s+Part number {k}\s*$", re.MULTILINE)
        found = next(n for n, page in enumerate(pages, 1) if heading.search(page))
        assert listed == found, (k, listed, found)


def test_a_formula_tex_refuses_falls_back_for_that_claim_alone(tmp_path: Path) -> None:
    claims = tuple(
        Section(title, f"c{index}", (DisplayMath(latex, title, fallback),), kind="claim")
        for index, (title, latex, fallback) in enumerate(
            [
                ("First", r"a \oplus b = 0", ""),
                ("Second", r"a & b", r"a + b \le 7"),  # accepted by MathML, refused by TeX
                ("Third", r"c \oplus d \ne 0", ""),
            ]
        )
    )
    document = Document("Claims", (Section("Claims", "claims", claims),), kind="handout")
    files, notes = render_set(
        {"handout": document}, [Format.PDF, Format.LATEX], pdf_engine=PdfEngine.TEX
    )
    assert len(notes) == 1 and "Second" in notes[0]
    tex = str(files["handout.tex"])
    assert r"a + b \le 7" in tex and "a & b" not in tex, "the .tex is the one that compiled"
    assert r"a \oplus b = 0" in tex and r"c \oplus d \ne 0" in tex
    text = "".join(_pages(bytes(files["handout.pdf"]), tmp_path))
    assert "First" in text and "Third" in text


def _raw(body: str) -> LatexReport:
    text = "\n".join(
        [
            r"\documentclass{article}\usepackage{amsmath}\begin{document}",
            r"\typeout{[grundy formula 0]}",
            body,
            r"\typeout{[grundy formula 0 end]}",
            r"after \label{grundy-end-of-document}\end{document}",
        ]
    )
    return LatexReport(text, (), (DisplayMath(body, "plain words"),))


def test_tex_reads_no_file_outside_its_folder(tmp_path: Path) -> None:
    secret = tmp_path / "secret.tex"
    secret.write_text("TOPSECRETWORD")
    bodies = {0: rf"\input{{{secret}}}", 1: "plain words", 2: "plain words"}

    def render(fallbacks: Mapping[int, int]) -> LatexReport:
        return _raw(bodies[fallbacks.get(0, 0)])

    built = build_pdf(render, shutil.which("pdflatex") or "pdflatex", "doc")
    assert built.fell_back and "secret" in built.fell_back[0]
    assert "TOPSECRETWORD" not in "".join(_pages(built.pdf, tmp_path))


def test_a_formula_that_ends_the_document_early_is_caught() -> None:
    bodies = {0: r"\end{document}", 1: "plain words", 2: "plain words"}

    def render(fallbacks: Mapping[int, int]) -> LatexReport:
        return _raw(bodies[fallbacks.get(0, 0)])

    built = build_pdf(render, shutil.which("pdflatex") or "pdflatex", "doc")
    assert built.fell_back and "ended early" in built.fell_back[0]


def test_a_failure_outside_any_formula_is_an_error() -> None:
    def render(fallbacks: Mapping[int, int]) -> LatexReport:
        return LatexReport(r"\documentclass{article}\begin{document}\undefinedthing", ())

    with pytest.raises(TexFailure, match="Undefined control sequence"):
        build_pdf(render, shutil.which("pdflatex") or "pdflatex", "doc")


def test_the_report_writer_builds_every_claim_of_the_sample(sample_results, tmp_path) -> None:
    from tests.report.helpers import sample_document

    report = render_latex(sample_document(sample_results, ("take-away",)))
    assert report.formulas, "the record's statements are displayed formulas"
