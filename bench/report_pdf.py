"""The report's PDFs built by typst and by pdflatex: how long each takes, how many pages.

``grundy report`` builds its PDFs with typst by default (``--pdf-engine typst``: the
compiler comes in the ``typst`` wheel) and with TeX on request (``--pdf-engine tex``).
This checks the claims once (as ``grundy report`` does, the library by default), keeps
the two documents the command builds, draws their figures once, then times each engine
on the same documents with the same figure files: the time of the PDF alone, not of the
checks.  It writes bench/REPORT_PDF.md.

    python bench/report_pdf.py                         # the whole library (minutes)
    python bench/report_pdf.py bouton-k-heaps chomp --quick

Needs pdflatex for the TeX column (it is left out without one).  The wall time of TeX
includes its runs until the contents settle (three usually); CPU is the engine's own
(typst runs in this process, TeX in child processes).
"""

from __future__ import annotations

import os
import platform
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "REPORT_PDF.md"


def _documents(words: list[str]) -> dict[str, Any]:
    """The documents ``grundy report WORDS`` builds (captured before they are written)."""
    import grundy.report as report
    from grundy.cli import main

    captured: dict[str, Any] = {}
    original = report.write_report_set

    def keep(documents: Any, *args: Any, **kwargs: Any) -> Any:
        captured.update(documents)
        return original(documents, *args, **kwargs)

    report.write_report_set = keep  # type: ignore[assignment]
    try:
        with tempfile.TemporaryDirectory() as scratch:
            main(["report", *words, "--format", "md", "--out", f"{scratch}/out"])
    finally:
        report.write_report_set = original  # type: ignore[assignment]
    return captured


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(words: list[str]) -> None:
    from grundy.report.latex import render_latex
    from grundy.report.output import find_tex_engine
    from grundy.report.pdf import build_pdf
    from grundy.report.render import FigureRenderer
    from grundy.report.typst_pdf import build_typst_pdf, pdf_page_count
    from grundy.report.typst_writer import render_typst

    documents = _documents(words)
    figures = FigureRenderer()
    for document in documents.values():  # the figures drawn once, for both engines
        render_latex(document, figures)
    tex = find_tex_engine()
    rows = []
    for name, document in documents.items():
        wall, cpu = time.perf_counter(), time.process_time()
        pdf = build_typst_pdf(render_typst(document, figures), name)
        typst_row = (time.perf_counter() - wall, time.process_time() - cpu, pdf_page_count(pdf))
        tex_row: tuple[float, float, int | None, int] | None = None
        if tex is not None:
            wall, cpu = time.perf_counter(), _children_cpu()
            built = build_pdf(
                lambda fallbacks, d=document: render_latex(d, figures, fallbacks), tex
            )
            tex_row = (
                time.perf_counter() - wall,
                _children_cpu() - cpu,
                pdf_page_count(built.pdf),
                built.passes,
            )
        rows.append((name, typst_row, tex_row))
        print(name, typst_row, tex_row, file=sys.stderr)
    named = any(not word.startswith("-") and not word.isdigit() for word in words)
    selection = "the theorems named" if named else "the whole library"
    lines = [
        "# The report's PDF: typst and pdflatex",
        "",
        f"Written by `{' '.join(['python bench/report_pdf.py', *words])}` ({selection}; "
        f"Python {platform.python_version()}, {platform.machine()}, load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}).",
        "The same documents and the same figure files for both engines; the checks are",
        "not timed. Wall and CPU seconds (typst runs in-process, pdflatex as child",
        "processes, once per pass until the contents settle).",
        "",
        "| document | engine | pages | wall s | CPU s | passes |",
        "|---|---|---|---|---|---|",
    ]
    for name, (wall, cpu, pages), tex_row in rows:
        lines.append(f"| {name} | typst | {pages} | {wall:.2f} | {cpu:.2f} | 1 |")
        if tex_row is None:
            lines.append(f"| {name} | pdflatex | (not installed) | | | |")
        else:
            tex_wall, tex_cpu, tex_pages, passes = tex_row
            lines.append(
                f"| {name} | pdflatex | {tex_pages} | {tex_wall:.2f} | {tex_cpu:.2f} | {passes} |"
            )
    OUT.write_text("\n".join(lines) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main(sys.argv[1:])
