"""The handout as a reader sees it: rendered by headless Chromium.

Needs a Chromium (Debian package ``chromium``) and pdftotext; skipped with that reason
where they are missing.  The page must render (a screenshot that is not blank), log no
console error, fetch nothing, and print to a few pages.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

BROWSER = next(
    (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)),
    None,
)
pytestmark = pytest.mark.skipif(
    BROWSER is None or shutil.which("pdfinfo") is None,
    reason="needs headless Chromium and pdfinfo (apt-get install chromium poppler-utils)",
)
WEEK3 = Path(__file__).with_name("week3.toml")


def _chromium(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [
        str(BROWSER),
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--enable-logging=stderr",
        "--v=0",
        *args,
    ]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=180)


@pytest.fixture(scope="module")
def handout(tmp_path_factory) -> Path:
    from grundy.cli import main

    out = tmp_path_factory.mktemp("browser") / "week3"
    code = main(["report", "--claims", str(WEEK3), "--out", str(out), "--format", "html"])
    assert code == 0
    return out / "handout.html"


def test_the_handout_renders_without_console_errors(handout: Path, tmp_path: Path) -> None:
    from PIL import Image

    shot = tmp_path / "shot.png"
    run = _chromium(
        f"--screenshot={shot}", "--window-size=1000,1400", handout.as_uri(), cwd=tmp_path
    )
    assert shot.exists(), run.stderr[-2000:]
    console = [line for line in run.stderr.splitlines() if "CONSOLE" in line]
    assert console == []
    colours = Image.open(shot).convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50, "the page is blank"


def test_the_handout_prints_to_a_few_pages(handout: Path, tmp_path: Path) -> None:
    printed = tmp_path / "printed.pdf"
    run = _chromium(
        f"--print-to-pdf={printed}", "--no-pdf-header-footer", handout.as_uri(), cwd=tmp_path
    )
    assert printed.exists(), run.stderr[-2000:]
    info = subprocess.run(["pdfinfo", str(printed)], capture_output=True, text=True).stdout
    pages = int(next(line for line in info.splitlines() if line.startswith("Pages:")).split()[1])
    assert 1 <= pages <= 6, pages


def test_the_page_fetches_nothing(handout: Path) -> None:
    html = handout.read_text()
    for needle in ("<script", "<link ", "@import", "url(http"):
        assert needle not in html, needle
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
