"""How long the printed handout is: the whole library, one theorem, the summary.

Slow (it checks the whole library and compiles PDFs); needs pdflatex and pdftotext.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from grundy.cli import main

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
        reason="needs pdflatex and pdftotext (apt-get install texlive-latex-recommended "
        "poppler-utils)",
    ),
]


def _pages(pdf: Path) -> list[str]:
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.rstrip("\f").split("\f")


def _first_page(pages: list[str], heading: str) -> int:
    pattern = re.compile(rf"^[ \t]*{heading}[ \t]*$", re.MULTILINE)
    return next(n for n, page in enumerate(pages, 1) if pattern.search(page))


def test_the_library_handout_fits_40_pages_with_a_summary_of_at_most_2(tmp_path: Path) -> None:
    out = tmp_path / "library"
    assert main(["report", "--out", str(out), "--format", "pdf", "--jobs", "2"]) == 0
    pages = _pages(out / "handout.pdf")
    assert len(pages) <= 40, len(pages)
    summary = _first_page(pages, r"1[ \t]+Summary")
    # The next section's heading, not its line in the contents (which ends in a number).
    after = _first_page(pages, r"2[ \t]+[^\d\s].*[^\d\s]")
    assert after > 1
    assert after - summary + 1 <= 2, (summary, after)


@pytest.mark.parametrize("theorem", ["bouton-k-heaps", "kayles-period-12", "hackenbush-snake"])
def test_one_theorem_with_its_topic_fits_4_pages(tmp_path: Path, theorem: str) -> None:
    out = tmp_path / theorem
    assert main(["report", theorem, "--out", str(out), "--format", "pdf", "--quick"]) == 0
    assert len(_pages(out / "handout.pdf")) <= 4
