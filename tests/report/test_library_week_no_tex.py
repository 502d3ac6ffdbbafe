"""``make run`` on a machine without TeX: the library's week of materials, every PDF.

Slow (it checks the whole library, with ``--quick``).  The report is run with the words
the Makefile's ``run`` target gives it, on a PATH with no TeX on it (and no TeX engine
found however asked): handout, worksheet, answers, slides and record must each be a PDF,
listed with its page count.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

import grundy.report.output as output_module
from grundy.report.typst_pdf import pdf_page_count

pytestmark = pytest.mark.slow
MAKEFILE = Path(__file__).parents[2] / "Makefile"
EVERY_PDF = ("handout", "worksheet", "answers", "slides", "record")


def _make_run_words() -> list[str]:
    """The words ``make run`` passes to ``grundy`` (the recipe under ``run:``)."""
    recipe = re.search(r"^run:.*\n\t(.*)$", MAKEFILE.read_text(), re.MULTILINE)
    assert recipe, "the Makefile has no run target"
    words = shlex.split(recipe.group(1))
    return words[next(i for i, w in enumerate(words) if w.endswith("grundy")) + 1 :]


def test_make_run_s_words_are_a_report_of_the_library() -> None:
    words = _make_run_words()
    assert words[0] == "report" and "--out" in words
    assert not [
        w for w in words[1:] if not w.startswith("-") and w != words[words.index("--out") + 1]
    ]


def test_make_run_writes_every_pdf_without_tex(
    run_cli: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = _make_run_words()
    out = tmp_path / "latest"
    words[words.index("--out") + 1] = str(out)
    empty = tmp_path / "empty-path"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setattr(output_module, "find_tex_engine", lambda: None)
    monkeypatch.setattr(shutil, "which", lambda *_a, **_k: None)
    result = run_cli(*words, "--quick", "--jobs", "2")  # type: ignore[operator]
    assert result.code == 0, result.err[-2000:]
    assert "TeX" not in result.err and "Beamer" not in result.err
    for name in EVERY_PDF:
        pdf = (out / f"{name}.pdf").read_bytes()
        assert pdf.startswith(b"%PDF"), name
        pages = pdf_page_count(pdf)
        assert pages is not None and pages >= 1, name
        assert f"{out / name}.pdf ({pages} page" in result.out, name
    assert (out / "slides.html").exists() and (out / "worksheet.html").exists()
