"""The whole library's report: how long the printed handout is, and the same bytes
whatever the number of worker processes.

Slow (it checks the whole library); the length tests need pdflatex and pdftotext.  The
report made with two workers is the shared ``library_report`` fixture
(tests/report/library_report.py); the test makes only the one-worker run itself.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from grundy.cli import main
from tests.report.library_report import LibraryReport, write_library_report

pytestmark = pytest.mark.slow
needs_tex = pytest.mark.skipif(
    shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
    reason="needs pdflatex and pdftotext (apt-get install texlive-latex-recommended poppler-utils)",
)


def _pages(pdf: Path) -> list[str]:
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.rstrip("\f").split("\f")


def _first_page(pages: list[str], heading: str) -> int:
    pattern = re.compile(rf"^[ \t]*{heading}[ \t]*$", re.MULTILINE)
    return next(n for n, page in enumerate(pages, 1) if pattern.search(page))


@needs_tex
def test_the_library_handout_fits_26_pages_with_a_summary_of_at_most_3(tmp_path: Path) -> None:
    out = tmp_path / "library"
    assert main(["report", "--out", str(out), "--format", "pdf", "--jobs", "2"]) == 0
    pages = _pages(out / "handout.pdf")
    # issue 35: notes that teach, their definitions and proofs included, printed
    assert len(pages) <= 26, len(pages)
    summary = _first_page(pages, r"2[ \t]+Summary")  # after the definitions and rules
    # The next section's heading, not its line in the contents (which ends in a number).
    after = _first_page(pages, r"3[ \t]+[^\d\s].*[^\d\s]")
    assert after > 1
    # Three pages, not two, since each checked statement shows its finite domain beside
    # its word (the summary's "for" column), as every place that says "checked" must.
    assert after - summary + 1 <= 3, (summary, after)


@needs_tex
@pytest.mark.parametrize("theorem", ["bouton-k-heaps", "kayles-period-12", "hackenbush-snake"])
def test_one_theorem_with_its_topic_fits_4_pages(tmp_path: Path, theorem: str) -> None:
    out = tmp_path / theorem
    assert main(["report", theorem, "--out", str(out), "--format", "pdf", "--quick"]) == 0
    assert len(_pages(out / "handout.pdf")) <= 4


def _texts(report: LibraryReport) -> dict[str, str | bytes]:
    """The report's files but its PDFs (as text, masked, and the folder's name, which the
    regeneration command holds, made one word), and its figures' bytes."""
    from grundy.report.latex import _mono
    from tests.report.helpers import mask

    folder = report.folder
    in_code = "".join(_mono(char) for char in str(folder))  # as record.tex sets the command

    texts: dict[str, str | bytes] = {
        p.name: mask(p.read_text()).replace(str(folder), "OUT").replace(in_code, "OUT")
        for p in folder.glob("*.*")  # .grundy-report, the list of files, too
        if p.is_file() and p.suffix != ".pdf"
    }
    texts.update({f"figures/{p.name}": p.read_bytes() for p in folder.glob("figures/*")})
    return texts


def test_the_library_report_is_the_same_with_one_worker_or_two(
    library_report: LibraryReport, tmp_path: Path
) -> None:
    # two workers: the shared report of the library; one worker: the same words here
    one = write_library_report(tmp_path, jobs=1)
    assert (one.code, library_report.code) == (0, 0), (one.err[-2000:], library_report.err)
    texts = [_texts(one), _texts(library_report)]
    assert texts[0].keys() == texts[1].keys()
    assert {".grundy-report", "handout.md", "record.tex", "slides.html"} <= texts[0].keys()
    assert any(name.startswith("figures/") for name in texts[0])
    for name in texts[0]:
        assert texts[0][name] == texts[1][name], name
