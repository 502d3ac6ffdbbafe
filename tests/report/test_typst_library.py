"""The whole library's handout built by typst and by TeX: the same pages, the same text.

Slow (it reads the whole library's report, the shared ``library_report`` fixture); the
comparison needs pdflatex and pdftotext.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest

import grundy.report.document as doc
from grundy.report.output import Format, PdfEngine, render_set
from grundy.report.typst_pdf import pdf_page_count
from tests.report.library_report import LibraryReport

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
        reason="needs pdflatex and pdftotext (apt-get install texlive-latex-recommended "
        "poppler-utils)",
    ),
]


@pytest.fixture(scope="module")
def library_pdfs(library_report: LibraryReport) -> dict[str, Any]:
    """The library's handout (the shared report, checked with --quick; its PDF by typst,
    the default) and its PDF by TeX, built here from the same document."""
    assert library_report.code in (0, 1), library_report.err[-2000:]
    document = library_report.documents["handout"]
    tex, _ = render_set({"handout": document}, [Format.PDF], pdf_engine=PdfEngine.TEX)
    return {
        "document": document,
        "typst": (library_report.folder / "handout.pdf").read_bytes(),
        "tex": tex["handout.pdf"],
    }


def _text(pdf: bytes, path: Path) -> str:
    path.write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return unicodedata.normalize("NFKC", text)


def _squeezed(text: str) -> str:
    """Text without what the two typesetters write differently: spaces, line breaks,
    hyphens (a word broken at another place), the shape of quotes."""
    text = unicodedata.normalize("NFKC", text)  # 2⁸ in a title is 2 and 8 in either PDF
    text = re.sub(r"[‘’`]", "'", re.sub(r"[“”]", '"', text))
    return re.sub(r"[\s\-‐–]", "", text)


def _titles(blocks: tuple[doc.Block, ...] | tuple[doc.Section, ...]) -> list[str]:
    found: list[str] = []
    for block in blocks:
        if isinstance(block, doc.Section):
            found.append(block.title)
            found += _titles(block.blocks)
    return found


def test_the_handout_has_the_same_pages_by_typst_and_by_tex(library_pdfs: dict[str, Any]) -> None:
    typst_pages = pdf_page_count(library_pdfs["typst"])
    tex_pages = pdf_page_count(library_pdfs["tex"])
    assert typst_pages is not None and tex_pages is not None
    assert abs(typst_pages - tex_pages) <= 1, (typst_pages, tex_pages)


def test_the_handout_says_the_same_by_typst_and_by_tex(
    library_pdfs: dict[str, Any], tmp_path: Path
) -> None:
    typst = _text(library_pdfs["typst"], tmp_path / "typst.pdf")
    tex = _text(library_pdfs["tex"], tmp_path / "tex.pdf")
    squeezed = {"typst": _squeezed(typst), "tex": _squeezed(tex)}
    titles = _titles(library_pdfs["document"].sections)
    assert len(titles) > 30
    for title in titles:  # every statement's title, in both
        for engine, text in squeezed.items():
            assert _squeezed(title) in text, (engine, title)
    # The words of the text (not the formulas, which each sets in its own way): the same.
    words = {
        engine: set(re.findall(r"[a-z]{4,}", re.sub(r"-\n", "", text.lower())))
        for engine, text in (("typst", typst), ("tex", tex))
    }
    only_one = words["typst"] ^ words["tex"]
    assert len(only_one) <= len(words["tex"]) // 50, sorted(only_one)[:40]
