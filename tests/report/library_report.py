"""The whole library's report, written once for every test that only reads it.

Checking the whole library takes minutes; the tests of the handout's pages by typst and by
TeX, of the week's PDFs without TeX, of one vocabulary everywhere and of one worker against
two each used to check it again. :func:`write_library_report` runs the report as ``make
run`` does (its words, with ``--quick``) on a machine with no TeX, and keeps what those
tests read: the files, what grundy printed, the documents and the verdicts. The session
fixture ``library_report`` (tests/report/conftest.py) writes it once; a test that needs
another run (one worker) makes only that run and compares it with the shared one.
"""

from __future__ import annotations

import io
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import grundy.cli.report as report_command
import grundy.report as report_package
import grundy.report.output as output_module
from grundy.cli import main
from grundy.library import TheoremResult
from grundy.report.document import Document

MAKEFILE = Path(__file__).parents[2] / "Makefile"


def make_run_words() -> list[str]:
    """The words ``make run`` passes to ``grundy`` (the recipe under ``run:``)."""
    recipe = re.search(r"^run:.*\n\t(.*)$", MAKEFILE.read_text(), re.MULTILINE)
    assert recipe, "the Makefile has no run target"
    words = shlex.split(recipe.group(1))
    return words[next(i for i, w in enumerate(words) if w.endswith("grundy")) + 1 :]


@dataclass(frozen=True)
class LibraryReport:
    """One run of ``make run``'s report: where it wrote, what it printed, what it built."""

    folder: Path
    code: int
    out: str
    err: str
    documents: dict[str, Document]
    results: list[TheoremResult]


def write_library_report(folder: Path, jobs: int) -> LibraryReport:
    """``make run``'s report of the library, with ``--quick``, ``--jobs`` and no second
    solver, written to ``folder / "latest"`` with no TeX anywhere (an empty PATH, and no
    TeX engine found however asked); its task times go to ``folder / "cache"``."""
    words = make_run_words()
    out_dir = folder / "latest"
    words[words.index("--out") + 1] = str(out_dir)
    empty = folder / "empty-path"
    empty.mkdir()
    documents: dict[str, Document] = {}
    results: list[TheoremResult] = []
    write_set = report_package.write_report_set
    check_claims = report_command.check_claims

    def keep_documents(built: Any, *args: Any, **kwargs: Any) -> Any:
        documents.update(built)
        return write_set(built, *args, **kwargs)

    def keep_results(*args: Any, **kwargs: Any) -> list[TheoremResult]:
        results.extend(check_claims(*args, **kwargs))
        return results

    stdout, stderr = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRUNDY_CACHE_DIR", str(folder / "cache"))
        patch.setenv("PATH", str(empty))
        patch.setattr(output_module, "find_tex_engine", lambda: None)
        patch.setattr(shutil, "which", lambda *_a, **_k: None)
        patch.setattr(report_package, "write_report_set", keep_documents)
        patch.setattr(report_command, "check_claims", keep_results)
        # No second solver: whether cvc5 settles a query before its limit depends on the
        # machine's load, and a record that differs by it would fail the comparison of
        # one worker with two (the second solver is tested in tests/verify/test_smt_*).
        code = main(
            [*words, "--quick", "--jobs", str(jobs), "--second-solver", "none"], stdout, stderr
        )
    return LibraryReport(out_dir, code, stdout.getvalue(), stderr.getvalue(), documents, results)
