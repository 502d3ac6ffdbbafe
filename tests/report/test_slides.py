"""The lecture's slides (``grundy report --slides``): the deck made from the handout, its
HTML file (offline, keys to move, large text) and its Beamer PDF."""

from __future__ import annotations

import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest

from grundy.report.document import (
    Code,
    DisplayMath,
    Document,
    Figure,
    Paragraph,
    Preformatted,
    Section,
    Strong,
    Table,
)
from grundy.report.slides import Deck, build_deck, render_deck
from grundy.report.slides_html import BODY_PX, render_deck_html
from grundy.report.student_words import say

WEEK3 = Path(__file__).with_name("week3.toml")


def _draw(fig: object) -> None:
    fig.add_subplot().plot([0, 1], [0, 1])  # type: ignore[attr-defined]


def _claim(title: str, latex: str, badge: str, *more: object) -> Section:
    blocks = [DisplayMath(latex), Paragraph((Strong("Verdict:"), " Checked for 0 ≤ n ≤ 9."))]
    return Section(title, "thm-" + title[:8].replace(" ", "-"), (*blocks, *more), badge, "claim")  # type: ignore[arg-type]


def _handout() -> Document:
    mistake = Section(
        "A plausible mistake: every even heap is a P-position",
        "thm-even",
        (
            DisplayMath(r"n \bmod 2 = 0"),
            Paragraph((Strong("Verdict:"), " Refuted: the counterexample below breaks it.")),
            Paragraph((Strong("Counterexample:"), " n = 4.")),
            Figure("counterexample-even", "The counterexample", "four counters", _draw),
            Paragraph((Strong("Why it fails:"), " the player to move takes 4.")),
        ),
        "refuted",
        "claim",
    )
    topic = Section(
        "Subtraction games",
        "topic-1",
        (
            _claim(
                "A long statement",
                r"(n \in \mathcal{P}) \iff (n \bmod 7 \in \{0, 2\}) \land (n < 100)",
                "checked",
                Paragraph(("Answer: in ", "the answers", ".")),
            ),
            _claim("First short", r"\mathcal{G}(n + 7) = \mathcal{G}(n)", "checked"),
            _claim("Second short", r"\mathcal{G}(0) = 0", "proved"),
            mistake,
            Section(
                "The sequence",
                "evidence-seq",
                (
                    Paragraph(("Computed by the solver.",)),
                    Figure("seq", "G(n) for n ≤ 20", "a plot", _draw),
                    Paragraph(("Values: ", Code("0 1 0 1"))),
                    Preformatted("0 1 0 1"),
                ),
            ),
        ),
    )
    summary = Section("Summary", "summary", (Table.build(("a",), [("b",)]),))
    return Document(
        "Week 3", (summary, topic), ("Games 201 · 2026-11-28",), author="Dr A", kind="handout"
    )


@pytest.fixture(scope="module")
def deck() -> Deck:
    return build_deck(_handout())


def test_the_title_slide_comes_from_the_handout_s_title_block(deck: Deck) -> None:
    assert (deck.title, deck.author, deck.byline) == ("Week 3", "Dr A", "Games 201 · 2026-11-28")


def test_a_slide_per_claim_and_short_claims_share_one(deck: Deck) -> None:
    kinds = [(slide.kind, slide.title, slide.badge) for slide in deck.slides]
    assert kinds == [
        ("claim", "A long statement", "checked"),
        ("claims", "Subtraction games", ""),
        ("question", say("slide.question"), ""),
        ("reveal", "Every even heap is a P-position", "refuted"),
        ("picture", "The sequence", ""),
    ]
    shared = deck.slides[1].blocks
    assert [(s.title, s.badge) for s in shared] == [  # type: ignore[union-attr]
        ("First short", "checked"),
        ("Second short", "proved"),
    ]


def test_a_mistake_is_asked_before_its_counterexample_is_shown(deck: Deck) -> None:
    ask, reveal = deck.slides[2], deck.slides[3]
    assert not ask.badge
    assert not any(isinstance(b, Figure) for b in ask.blocks)
    assert "Counterexample" not in repr(ask.blocks) and "Refuted" not in repr(ask.blocks)
    assert any(isinstance(b, DisplayMath) for b in ask.blocks)
    assert [type(b).__name__ for b in reveal.blocks] == ["Paragraph", "Figure", "Paragraph"]
    assert reveal.blocks[0] == Paragraph((Strong("Counterexample:"), " n = 4."))


def test_slides_show_no_code_no_summary_and_no_pointer_to_pages(deck: Deck) -> None:
    text = repr(deck.slides)
    assert "Summary" not in text and "Answer: in" not in text
    assert "Code(" not in text and "Preformatted(" not in text and "solver" not in text
    assert deck.slides[0].blocks[-1] == Paragraph(("Checked for 0 ≤ n ≤ 9.",))


def test_the_html_deck_is_one_offline_file_in_large_type(deck: Deck) -> None:
    html = render_deck_html(deck)
    assert html.count('class="slide ') == len(deck.slides) + 1
    assert "<math" in html and "<svg" in html  # MathML and inline pictures
    for needle in ("<link ", "@import", "url(http", 'src="http', "<img"):
        assert needle not in html, needle
    assert BODY_PX >= 32  # 24pt at 1280x720
    assert f"font-size: {BODY_PX}px" in html
    assert "ArrowRight" in html and "PageDown" in html and "' '" in html


def test_render_deck_writes_the_formats_asked_for(deck: Deck) -> None:
    made = render_deck(deck, ["html", "md"])
    assert set(made.files) == {"slides.html"}
    bw = render_deck(deck, ["html"], bw=True).files["slides.html"]
    assert isinstance(bw, str) and "border: 2px solid #000" in bw


# -- in a browser ------------------------------------------------------------------------

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
needs_browser = pytest.mark.skipif(BROWSER is None, reason="needs headless Chromium")


def _chromium(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    profile = cwd / "profile"
    command = [
        str(BROWSER),
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
        f"--user-data-dir={profile}",
        "--hide-scrollbars",
        "--window-size=1280,720",
        *args,
    ]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=180)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from grundy.cli import main

    out = tmp_path_factory.mktemp("slides") / "week3"
    formats = "html,pdf" if shutil.which("pdflatex") else "html"
    args = ["report", "--claims", str(WEEK3), "--out", str(out), "--format", formats]
    assert main([*args, "--slides", "--title", "Week 3", "--author", "Dr A"]) == 0
    return out


# Run inside a copy of the deck: presses a key, then writes what the page shows into the
# DOM (the slide shown, its text's size, the lowest contrast of any text on any slide).
_PROBE = """
<script>
function lum(c) {
  var m = c.match(/[0-9.]+/g).map(Number);
  var v = m.slice(0, 3).map(function (x) { x /= 255;
    return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}
function ground(el) {
  for (; el; el = el.parentElement) {
    var b = getComputedStyle(el).backgroundColor;
    if (b && b !== 'transparent' && !/rgba\\(.*, 0\\)$/.test(b)) return b;
  }
  return 'rgb(255, 255, 255)';
}
window.addEventListener('load', function () {
  var before = document.body.getAttribute('data-slide');
  document.dispatchEvent(new KeyboardEvent('keydown', {key: '%s', bubbles: true}));
  var after = document.body.getAttribute('data-slide');
  var shown = document.querySelector('.slide.current');
  var p = shown.querySelector('.body p, .body .formula, p');
  var worst = 99, where = '';
  document.querySelectorAll('.slide').forEach(function (slide) {
    slide.classList.add('current');
    slide.querySelectorAll('h1, h2, h3, p, figcaption, .badge, td, th, .count')
      .forEach(function (el) {
        var a = lum(getComputedStyle(el).color), b = lum(ground(el));
        var r = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (r < worst) { worst = r; where = el.className || el.tagName; }
      });
    if (slide !== shown) slide.classList.remove('current');
  });
  var out = document.createElement('pre');
  out.id = 'probe';
  out.textContent = JSON.stringify({before: before, after: after, shown: shown.id,
    size: parseFloat(getComputedStyle(p).fontSize), worst: worst, where: where});
  document.body.appendChild(out);
});
</script>
"""


def _probe(deck_html: Path, tmp_path: Path, key: str, start: str = "") -> dict[str, object]:
    import json

    page = tmp_path / "probe.html"
    page.write_text(deck_html.read_text().replace("</body>", _PROBE % key + "</body>"))
    run = _chromium("--virtual-time-budget=3000", "--dump-dom", page.as_uri() + start, cwd=tmp_path)
    found = re.search(r'<pre id="probe">(.*?)</pre>', run.stdout)
    assert found, run.stderr[-2000:]
    result: dict[str, object] = json.loads(found.group(1).replace("&quot;", '"'))
    return result


@needs_browser
def test_a_key_moves_to_the_next_slide_and_back(written: Path, tmp_path: Path) -> None:
    forward = _probe(written / "slides.html", tmp_path, "ArrowRight")
    assert (forward["before"], forward["after"], forward["shown"]) == ("1", "2", "slide-2")
    for key in ("PageDown", " "):
        assert _probe(written / "slides.html", tmp_path, key)["after"] == "2"
    back = _probe(written / "slides.html", tmp_path, "ArrowLeft", "#3")
    assert (back["before"], back["after"]) == ("3", "2")


@needs_browser
def test_the_text_is_large_and_every_colour_pair_reads(written: Path, tmp_path: Path) -> None:
    probe = _probe(written / "slides.html", tmp_path, "ArrowRight")
    assert float(probe["size"]) >= 32, probe  # type: ignore[arg-type]
    assert float(probe["worst"]) >= 4.5, probe  # type: ignore[arg-type]


@needs_browser
def test_the_first_and_second_slides_render_differently(written: Path, tmp_path: Path) -> None:
    from PIL import Image, ImageChops

    shots = []
    for hash_ in ("", "#2"):
        shot = tmp_path / f"shot{len(shots)}.png"
        run = _chromium(
            f"--screenshot={shot}", (written / "slides.html").as_uri() + hash_, cwd=tmp_path
        )
        assert shot.exists(), run.stderr[-2000:]
        image = Image.open(shot).convert("RGB")
        assert image.size == (1280, 720)
        colours = image.getcolors(maxcolors=1 << 20)
        assert colours is not None and len(colours) > 20, "blank slide"
        shots.append(image)
    assert ImageChops.difference(*shots).getbbox() is not None


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="needs pdfinfo (poppler-utils)")
def test_the_pdf_deck_has_a_16_9_page_per_slide(written: Path) -> None:
    from grundy.report.slides_beamer import beamer_installed

    if not (shutil.which("pdflatex") and beamer_installed()):
        pytest.skip("needs pdflatex with Beamer and pgf")
    info = subprocess.run(
        ["pdfinfo", str(written / "slides.pdf")], capture_output=True, text=True
    ).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))  # type: ignore[union-attr]
    width, height = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info).groups())  # type: ignore[union-attr]
    html = (written / "slides.html").read_text()
    assert pages == html.count('class="slide ')
    assert abs(width / height - 16 / 9) < 0.01


# -- the typst PDF (from pip alone) --------------------------------------------------------

needs_poppler = pytest.mark.skipif(
    shutil.which("pdfinfo") is None or shutil.which("pdftotext") is None,
    reason="needs pdfinfo and pdftotext (poppler-utils)",
)


def _pages_and_size(pdf: Path) -> tuple[int, float, float]:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))  # type: ignore[union-attr]
    width, height = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info).groups())  # type: ignore[union-attr]
    return pages, width, height


def _words_by_page(pdf: Path) -> list[list[tuple[str, float]]]:
    """Each page's words with their height in points (the font's size, for typst)."""
    xml = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = []
    for page in xml.split("<page ")[1:]:
        words = re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', page)
        pages.append([(word, float(bottom) - float(top)) for top, bottom, word in words])
    return pages


def _flat(text: str) -> str:
    import unicodedata

    # typst's math letters are 𝑛, not n, and its script letters carry a variation selector
    flat = unicodedata.normalize("NFKC", text)
    return "".join(c for c in flat if not c.isspace() and not "\ufe00" <= c <= "\ufe0f")


def test_pdf_means_typst_unless_the_engine_is_tex(deck: Deck, monkeypatch) -> None:
    from grundy.report import slides

    called: list[str] = []

    def writer(name: str) -> object:
        def write(*_args: object) -> slides.DeckFiles:
            called.append(name)
            return slides.DeckFiles({})

        return write

    for name in ("pdf-typst", "pdf-tex"):
        monkeypatch.setitem(slides.DECK_WRITERS, name, writer(name))
    render_deck(deck, ["html", "pdf"])
    render_deck(deck, ["pdf"], "pdflatex", pdf_engine="tex")
    assert called == ["pdf-typst", "pdf-tex"]


@needs_poppler
def test_the_typst_deck_is_a_16_9_page_per_slide_in_large_type(deck: Deck, tmp_path: Path) -> None:
    from grundy.report.slides_typst import BODY_PT, STATEMENT_PT

    made = render_deck(deck, ["pdf"])
    pdf = tmp_path / "slides.pdf"
    pdf.write_bytes(made.files["slides.pdf"])  # type: ignore[arg-type]
    pages, width, height = _pages_and_size(pdf)
    assert pages == len(deck.slides) + 1  # and the title slide
    assert abs(width / height - 16 / 9) < 0.01
    words = _words_by_page(pdf)
    assert BODY_PT >= 24 and STATEMENT_PT > BODY_PT
    # slide 2's verdict sentence, slide 5's counterexample: body text, 24pt or more
    for page, first in ((1, "Checked"), (4, "Counterexample:"), (4, "Why")):
        sizes = [size for word, size in words[page] if word == first]
        assert sizes and min(sizes) >= 24 - 0.1, (page, first, sizes)
    # the statement, larger (its symbols in the math font: the relation ∈)
    assert max(size for word, size in words[1] if word == "∈") >= 32
    assert say("slide.question") in " ".join(word for word, _ in words[3])  # asked first
    assert "Counterexample:" not in " ".join(word for word, _ in words[3])


def test_the_typst_deck_in_bw_fills_nothing(deck: Deck) -> None:
    from grundy.report.slides_typst import render_deck_typst

    coloured = render_deck_typst(deck).text
    bw = render_deck_typst(deck, bw=True).text
    grounds = r"(box|table\.cell|block|rect)\((?:[^()]|\([^()]*\))*?\bfill:"
    assert re.search(grounds, coloured) and not re.search(grounds, bw)
    assert "#let slide-badge(word) = box(stroke:" in bw


def _no_tex(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A machine without TeX: no engine on an empty PATH, and none found however asked."""
    import grundy.report.output as output_module

    empty = tmp_path / "empty-path"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setattr(output_module, "find_tex_engine", lambda: None)
    monkeypatch.setattr(shutil, "which", lambda *_a, **_k: None)


@needs_poppler
def test_slides_pdf_is_written_without_tex(
    run_cli: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = {name: shutil.which(name) for name in ("pdfinfo", "pdftotext")}
    _no_tex(monkeypatch, tmp_path)
    out = tmp_path / "week3"
    args = ["report", "--claims", str(WEEK3), "--out", str(out), "--slides", "--quick"]
    result = run_cli(*args)  # type: ignore[operator]
    assert result.code in (0, 1), result.err
    assert "Beamer" not in result.err and "TeX" not in result.err
    assert f"{out / 'slides.pdf'} (" in result.out
    pdf = out / "slides.pdf"
    monkeypatch.setenv("PATH", ":".join(str(Path(p).parent) for p in tools.values() if p))
    pages, width, height = _pages_and_size(pdf)
    html = (out / "slides.html").read_text()
    assert pages == html.count('class="slide ')
    assert abs(width / height - 16 / 9) < 0.01
    # each slide's title and statement are on its page (formulas in the math font)
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout.split("\f")
    titles = [unescape(re.sub(r"<.*", "", t)) for t in re.findall(r"<h2>(.*?)</h2>", html)]
    assert len(titles) == pages - 1 and "True or false?" in titles
    for page, title in zip(text[1:], titles, strict=False):
        assert _flat(title) in _flat(page), title
    for statement in ("n∈𝒫⟺nmod7∈{0,2}", "𝒢(n+7)=𝒢(n)", "n∈𝒫⟺nmod2=0"):
        assert sum(_flat(statement) in _flat(page) for page in text) == 1, statement


@needs_poppler
def test_a_slide_too_long_for_24pt_goes_on_over_a_page(tmp_path: Path) -> None:
    from grundy.report.deck import Slide
    from grundy.report.render import FigureRenderer
    from grundy.report.slides_typst import build_deck_typst_pdf

    proof = Paragraph((Strong("Proof."), " " + "Take a bite, then answer it. " * 40))
    short = Paragraph(("A short proof.",))
    deck = Deck("T", "", "", (Slide("Long", (proof,)), Slide("Short", (short,))))
    pdf = tmp_path / "long.pdf"
    pdf.write_bytes(build_deck_typst_pdf(deck, FigureRenderer())[0])
    pages, _, _ = _pages_and_size(pdf)
    assert pages == 4  # the title, the long slide over two pages, the short one
    words = _words_by_page(pdf)
    body = [size for page in words[1:3] for word, size in page if word in ("Take", "answer")]
    assert body and min(body) >= 24 - 0.1  # never shrunk below what a room can read
    assert any(word == "short" for word, _ in words[3])
