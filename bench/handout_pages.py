"""Page counts of the handout, as printed, and a scan of its text for code and internals.

Issue 25's targets: the whole library's handout in at most 20 PDF pages, a lecture's
file of about 10 claims in at most 6, and the same when the HTML is printed to A4.  For
each report folder (written now by ``grundy report``, or given with ``--from``) this
prints the PDF's pages (pdfinfo), the HTML's pages printed to A4 by headless Chromium,
and what :func:`grundy.report.studenttext.student_text_problems` finds.

    python bench/handout_pages.py                      # the library and tests' lecture files
    python bench/handout_pages.py --from reports/latest

Needs a TeX engine, poppler-utils and chromium; the library's run takes minutes.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from grundy.library import load_library
from grundy.report.studenttext import html_text, student_text_problems

ROOT = Path(__file__).resolve().parent.parent
LECTURES = [ROOT / "tests/report/lecture_sums.toml", ROOT / "tests/report/lecture_misere.toml"]
TARGETS = {"library": 20, "lecture": 6}


def pdf_pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)", info.stdout, re.MULTILINE).group(1))  # type: ignore[union-attr]


def html_pages(html: Path, scratch: Path) -> int | None:
    browser = next((b for b in ("chromium", "chromium-browser") if shutil.which(b)), None)
    if browser is None:
        return None
    printed = scratch / f"{html.parent.name}-printed.pdf"
    subprocess.run(
        [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
         f"--print-to-pdf={printed}", html.as_uri()],
        capture_output=True, check=True,
    )  # fmt: skip
    return pdf_pages(printed)


def report(args: list[str], out: Path) -> None:
    command = [sys.executable, "-m", "grundy", "report", *args, "--out", str(out)]
    subprocess.run([*command, "--format", "html,pdf"], check=True, capture_output=True)


def measure(folder: Path, kind: str, scratch: Path) -> bool:
    pdf = pdf_pages(folder / "handout.pdf")
    printed = html_pages(folder / "handout.html", scratch)
    text = subprocess.run(
        ["pdftotext", "-layout", str(folder / "handout.pdf"), "-"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    ids = [t.id for t in load_library()]
    problems = student_text_problems(text, ids)
    problems += student_text_problems(html_text((folder / "handout.html").read_text()), ids)
    target = TARGETS[kind]
    within = pdf <= target and (printed is None or printed <= target)
    print(f"{folder.name}: PDF {pdf} pages, HTML printed to A4 {printed} pages "
          f"(target {target}); {len(problems)} problems in the text")  # fmt: skip
    for problem in problems[:20]:
        print("   ", problem)
    return within and not problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--from", dest="folders", nargs="*", type=Path, default=None)
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        if args.folders:
            for folder in args.folders:
                ok &= measure(folder, "library", scratch)
            return 0 if ok else 1
        library = scratch / "library"
        report([], library)
        ok &= measure(library, "library", scratch)
        for lecture in LECTURES:
            out = scratch / lecture.stem
            report(["--claims", str(lecture)], out)
            ok &= measure(out, "lecture", scratch)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
