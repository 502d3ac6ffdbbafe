"""The report's PDFs built by typst and by pdflatex: how long each takes, how many pages.

``grundy report`` builds its PDFs with typst by default (``--pdf-engine typst``: the
compiler comes in the ``typst`` wheel) and with TeX on request (``--pdf-engine tex``).
This checks the claims once (as ``grundy report`` does, the library by default), keeps
the documents the command builds (handout, worksheet, answers, record) and the slide
deck made from the handout (``--slides``), draws their figures once, then times each
engine on the same documents with the same figure files: the time of the PDFs alone, not
of the checks.  The last row is the whole set of materials, every PDF of it, as
``grundy report --slides`` writes them.  It writes bench/REPORT_PDF.md.

    python bench/report_pdf.py                         # the whole library (minutes)
    python bench/report_pdf.py bouton-k-heaps chomp --quick

Needs pdflatex for the TeX column (it is left out without one), and Beamer with pgf for
the TeX slides.  The wall time of TeX includes its runs until the contents settle (three
usually); CPU is the engine's own (typst runs in this process, TeX in child processes).
"""

from __future__ import annotations

import os
import platform
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from grundy.report.typst_pdf import pdf_page_count

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


Row = tuple[float, float, int | None, int]  # wall s, CPU s, pages, TeX's passes


def _timed(build: Callable[[], tuple[bytes, int]], cpu_of: Callable[[], float]) -> Row:
    wall, cpu = time.perf_counter(), cpu_of()
    pdf, passes = build()
    return time.perf_counter() - wall, cpu_of() - cpu, pdf_page_count(pdf), passes


def main(words: list[str]) -> None:
    from grundy.report.latex import render_latex
    from grundy.report.output import find_tex_engine
    from grundy.report.pdf import build_pdf
    from grundy.report.render import FigureRenderer
    from grundy.report.slides import build_deck
    from grundy.report.slides_beamer import (
        beamer_installed,
        build_deck_pdf,
        render_deck_beamer,
    )
    from grundy.report.slides_typst import build_deck_typst_pdf
    from grundy.report.typst_pdf import build_typst_pdf
    from grundy.report.typst_writer import render_typst

    documents = _documents(words)
    deck = build_deck(documents["handout"])
    figures = FigureRenderer()
    for document in documents.values():  # the figures drawn once, for both engines
        render_latex(document, figures)
    render_deck_beamer(deck, figures)
    tex = find_tex_engine()
    beamer = tex is not None and beamer_installed()

    def by_typst(name: str) -> tuple[bytes, int]:
        if name == "slides":
            return build_deck_typst_pdf(deck, figures)[0], 1
        return build_typst_pdf(render_typst(documents[name], figures), name), 1

    def by_tex(name: str) -> tuple[bytes, int]:
        assert tex is not None
        if name == "slides":  # Beamer's passes are not returned: 0 stands for "settled"
            return build_deck_pdf(deck, figures, tex)[0], 0
        document = documents[name]
        built = build_pdf(partial(render_latex, document, figures), tex)
        return built.pdf, built.passes

    # In the order a lecturer hands them out; the record last.
    order = [n for n in ("handout", "worksheet", "answers") if n in documents]
    rows: list[tuple[str, Row, Row | None]] = []
    for name in [*order, "slides", "record"]:
        typst_row = _timed(partial(by_typst, name), time.process_time)
        tex_row = None
        if tex is not None and (name != "slides" or beamer):
            tex_row = _timed(partial(by_tex, name), _children_cpu)
        rows.append((name, typst_row, tex_row))
        print(name, typst_row, tex_row, file=sys.stderr)
    named = any(not word.startswith("-") and not word.isdigit() for word in words)
    selection = "the theorems named" if named else "the whole library"
    lines = [
        "# The report's PDFs: typst and pdflatex",
        "",
        f"Written by `{' '.join(['python bench/report_pdf.py', *words])}` ({selection}; "
        f"Python {platform.python_version()}, {platform.machine()}, load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}).",
        "The same documents and the same figure files for both engines; the checks are",
        "not timed. Wall and CPU seconds (typst runs in-process, pdflatex as child",
        "processes, once per pass until the contents settle; the slides with Beamer).",
        "The last rows add up the whole set of materials `grundy report --slides` writes.",
        "",
        "| document | engine | pages | wall s | CPU s | passes |",
        "|---|---|---|---|---|---|",
    ]
    for name, (wall, cpu, pages, _), tex_row in rows:
        lines.append(f"| {name} | typst | {pages} | {wall:.2f} | {cpu:.2f} | 1 |")
        if tex_row is None:
            lines.append(f"| {name} | pdflatex | (not installed) | | | |")
        else:
            tex_wall, tex_cpu, tex_pages, passes = tex_row
            shown = passes if passes else "until settled"
            lines.append(
                f"| {name} | pdflatex | {tex_pages} | {tex_wall:.2f} | {tex_cpu:.2f} | {shown} |"
            )
    names = ", ".join(name for name, _, _ in rows)
    for engine, index in (("typst", 1), ("pdflatex", 2)):
        chosen = [row[index] for row in rows]
        if any(row is None for row in chosen):
            continue
        done = [row for row in chosen if isinstance(row, tuple)]
        wall = sum(row[0] for row in done)
        cpu = sum(row[1] for row in done)
        pages = sum(row[2] or 0 for row in done)
        lines.append(
            f"| **the whole set** ({names}) | {engine} | {pages:.0f} | **{wall:.2f}** "
            f"| {cpu:.2f} | |"
        )
    OUT.write_text("\n".join(lines) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main(sys.argv[1:])
