"""``make run`` on a machine without TeX: the library's week of materials, every PDF.

Slow (it checks the whole library, with ``--quick``).  The report is run with the words
the Makefile's ``run`` target gives it, on a PATH with no TeX on it (and no TeX engine
found however asked): handout, worksheet, answers, slides and record must each be a PDF,
listed with its page count.  The run is the shared ``library_report`` fixture
(tests/report/library_report.py), which other tests of the library's report read too.
"""

from __future__ import annotations

import pytest

from grundy.report.typst_pdf import pdf_page_count
from tests.report.library_report import LibraryReport, make_run_words

pytestmark = pytest.mark.slow
EVERY_PDF = ("handout", "worksheet", "answers", "slides", "record")


def test_make_run_s_words_are_a_report_of_the_library() -> None:
    words = make_run_words()
    assert words[0] == "report" and "--out" in words
    assert not [
        w for w in words[1:] if not w.startswith("-") and w != words[words.index("--out") + 1]
    ]


def test_make_run_writes_every_pdf_without_tex(library_report: LibraryReport) -> None:
    result, out = library_report, library_report.folder
    assert result.code == 0, result.err[-2000:]
    assert "TeX" not in result.err and "Beamer" not in result.err
    for name in EVERY_PDF:
        pdf = (out / f"{name}.pdf").read_bytes()
        assert pdf.startswith(b"%PDF"), name
        pages = pdf_page_count(pdf)
        assert pages is not None and pages >= 1, name
        assert f"{out / name}.pdf ({pages} page" in result.out, name
    assert (out / "slides.html").exists() and (out / "worksheet.html").exists()
