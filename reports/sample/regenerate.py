"""Regenerate the committed sample: rendered pages of the handout and the record.

Two runs of ``grundy report``: the whole theorem library, and the small claim file
``week3.toml`` beside this script (a lecturer's own file).  For each, a few PDF pages
are rendered with pdftoppm and the HTML is shot with headless Chromium, as PNG files in
this folder; README.md lists them with the page counts measured.  Needs chromium,
poppler-utils and a TeX engine (see .ci/run).  Run with ``make sample``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
GRUNDY = [sys.executable, "-m", "grundy"]
CLAIMS = HERE / "week3.toml"
LECTURE = HERE / "lecture.toml"  # a sum of different games, misère play, plausible mistakes
CLAIM_OPTIONS = ["--title", "Week 3: subtraction games", "--course", "MATH 101"]
CLAIM_OPTIONS += ["--author", "A. Lecturer"]


def run(command: list[str]) -> None:
    print("$", " ".join(command), flush=True)
    subprocess.run(command, check=True)


def pages_text(pdf: Path) -> list[str]:
    out = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return out.rstrip("\f").split("\f")


def page_with(pages: list[str], pattern: str, default: int) -> int:
    regex = re.compile(pattern, re.MULTILINE)
    return next((n for n, page in enumerate(pages, 1) if regex.search(page)), default)


def render_page(pdf: Path, page: int, name: str) -> Path:
    target = HERE / name
    run(["pdftoppm", "-r", "70", "-png", "-singlefile", "-f", str(page), "-l", str(page),
         str(pdf), str(target.with_suffix(""))])  # fmt: skip
    return squeeze(target)


def squeeze(png: Path) -> Path:
    """Fewer colours, much smaller files; the pages stay legible."""
    from PIL import Image

    image = Image.open(png).convert("RGB").quantize(colors=64)
    image.save(png, optimize=True)
    return png


def screenshot(html: Path, name: str) -> Path:
    browser = next(b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b))
    target = HERE / name
    run([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=1000,1300", f"--screenshot={target}", html.as_uri()])  # fmt: skip
    return squeeze(target)


def printed_pages(html: Path, scratch: Path) -> int:
    """The HTML's pages when a browser prints it to A4."""
    browser = next(b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b))
    target = scratch / f"{html.parent.name}-printed.pdf"
    run([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
         f"--print-to-pdf={target}", html.as_uri()])  # fmt: skip
    return len(pages_text(target))


def main() -> None:
    for old in [*HERE.glob("*.png"), *HERE.glob("report.*")]:
        old.unlink()
    shutil.rmtree(HERE / "figures", ignore_errors=True)
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        library, week3 = Path(scratch) / "library", Path(scratch) / "week3"
        lecture = Path(scratch) / "lecture"
        run([*GRUNDY, "report", "--out", str(library), "--format", "html,pdf"])
        run([*GRUNDY, "report", "--claims", str(CLAIMS), *CLAIM_OPTIONS, "--out", str(week3),
             "--format", "html,pdf"])  # fmt: skip
        run([*GRUNDY, "report", "--claims", str(LECTURE), "--title", "Lecture 9: sums and "
             "mistakes", "--out", str(lecture), "--format", "html,pdf"])  # fmt: skip
        handout = pages_text(library / "handout.pdf")
        record = pages_text(library / "record.pdf")
        first_topic = page_with(handout, r"^[ \t]*2[ \t]+[^\d\s].*[^\d\s][ \t]*$", 2)
        chomp = page_with(handout, r"Chomp squares and their winning bites", 6)
        kayles = page_with(handout, r"Kayles: G\(n\)", 20)
        shots = [
            ("library-handout-page-1.png", library / "handout.pdf", 1),
            (f"library-handout-page-{first_topic}.png", library / "handout.pdf", first_topic),
            (f"library-handout-page-{chomp}.png", library / "handout.pdf", chomp),
            (f"library-handout-page-{kayles}.png", library / "handout.pdf", kayles),
            ("library-record-page-3.png", library / "record.pdf", 3),
        ]
        for name, pdf, page in shots:
            render_page(pdf, page, name)
        week3_handout = pages_text(week3 / "handout.pdf")
        week3_record = pages_text(week3 / "record.pdf")
        for page in range(1, len(week3_handout) + 1):
            render_page(week3 / "handout.pdf", page, f"week3-handout-page-{page}.png")
        render_page(week3 / "record.pdf", 2, "week3-record-page-2.png")
        screenshot(library / "handout.html", "library-handout-html.png")
        screenshot(library / "record.html", "library-record-html.png")
        screenshot(week3 / "handout.html", "week3-handout-html.png")
        lecture_handout = pages_text(lecture / "handout.pdf")
        for page in range(1, len(lecture_handout) + 1):
            render_page(lecture / "handout.pdf", page, f"lecture-handout-page-{page}.png")
        screenshot(lecture / "handout.html", "lecture-handout-html.png")
        printed = {name: printed_pages(folder / "handout.html", Path(scratch))
                   for name, folder in (("library", library), ("lecture", lecture))}  # fmt: skip
        lines += [
            "# Sample reports (regenerated by `make sample`)",
            "",
            "Rendered pages of the two documents `grundy report` writes: the handout for",
            "students and the record of the checks. PDF pages by pdftoppm, HTML by headless",
            "Chromium.",
            "",
            "| run | handout (PDF pages) | handout HTML printed to A4 | record (PDF pages) |",
            "|---|---:|---:|---:|",
            f"| the theorem library, `grundy report` | {len(handout)} | "
            f"{printed['library']} | {len(record)} |",
            f"| [`lecture.toml`](lecture.toml) (10 claims), `grundy report --claims "
            f"lecture.toml` | {len(lecture_handout)} | {printed['lecture']} | - |",
            f"| [`week3.toml`](week3.toml), `grundy report --claims week3.toml "
            f'--title "Week 3: subtraction games" ...` | {len(week3_handout)} | - | '
            f"{len(week3_record)} |",
            "",
            "The library (handout):",
            "",
        ]
        for name, _, _ in shots[:4]:
            lines.append(f"![{name}]({name})")
        lines += ["", "The library (record, and both documents in a browser):", ""]
        lines += [
            f"![{n}]({n})"
            for n in (
                "library-record-page-3.png",
                "library-handout-html.png",
                "library-record-html.png",
            )
        ]
        lines += ["", "A lecturer's claim file (handout, record, browser):", ""]
        lines += [
            f"![{p.name}]({p.name})" for p in sorted(HERE.glob("week3-*.png"))
        ]
        lines += ["", "A lecture with a sum of different games and plausible mistakes:", ""]
        lines += [f"![{p.name}]({p.name})" for p in sorted(HERE.glob("lecture-*.png"))]
    (HERE / "README.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
