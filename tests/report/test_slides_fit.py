"""A slide too full to read goes on over slides titled "(continued)", decided once for
every deck writer (:mod:`grundy.report.slides_fit`), and the handout's definitions and
rules get slides of their own.  Measured where it is drawn: in headless Chromium for the
HTML deck, with pdftotext for the PDF decks."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest

from grundy.report.deck import Deck, Slide
from grundy.report.definitions import definitions_part
from grundy.report.document import (
    DisplayMath,
    Document,
    Figure,
    Paragraph,
    Section,
    Strong,
    plain_text,
)
from grundy.report.slides import build_deck, render_deck
from grundy.report.slides_fit import LINES, fit_slide, slide_lines
from grundy.report.slides_html import render_deck_html
from grundy.report.student_words import say

# A proof of many sentences, numbered so its last words are known.
LONG_PROOF = " ".join(
    f"Step {i}: take a counter from the heap, and answer in kind." for i in range(1, 25)
)
LAST_WORDS = "Step 24"


def _draw(fig: object) -> None:
    fig.add_subplot().plot([0, 1], [0, 1])  # type: ignore[attr-defined]


def _claim(title: str, *blocks: object, badge: str = "proved") -> Section:
    verdict = Paragraph((Strong(say("verdict.label")), " Proved for every n."))
    return Section(title, "thm-" + title[:6], (*blocks, verdict), badge, "claim")  # type: ignore[arg-type]


def _handout() -> Document:
    long_claim = _claim(
        "Nim's second player wins on equal heaps",
        DisplayMath(r"a = b \implies (a, b) \in \mathcal{P}"),
        Paragraph((Strong("Proof."), " " + LONG_PROOF)),
    )
    mistake = Section(
        say("claim.mistake", title="every even heap loses"),
        "thm-even",
        (
            DisplayMath(r"n \bmod 2 = 0"),
            Paragraph((Strong(say("verdict.label")), " Refuted.")),
            Paragraph((Strong(say("counterexample.label")), " n = 4.")),
            Figure("even", "The counterexample", "four counters", _draw),
            Paragraph((Strong("Why it fails:"), " " + LONG_PROOF)),
        ),
        "refuted",
        "claim",
    )
    short = _claim("Short", DisplayMath(r"\mathcal{G}(0) = 0"))
    topic = Section("Nim", "topic-nim", (long_claim, short, mistake))
    opening = definitions_part([topic], ["nim", "subtraction"])
    assert opening is not None
    return Document("Week 5", (opening, topic), ("Games 201",), author="Dr A", kind="handout")


@pytest.fixture(scope="module")
def deck() -> Deck:
    return build_deck(_handout())


def _text(slides: list[Slide] | tuple[Slide, ...]) -> str:
    """The words of ``slides`` run together, without spaces (a cut may drop one)."""
    words = []
    for slide in slides:
        for block in slide.blocks:
            if isinstance(block, Paragraph):
                words.append(plain_text(block.content))
    return re.sub(r"\s+", "", "".join(words))


# -- the model -------------------------------------------------------------------------------


def test_a_long_proof_goes_on_over_continued_slides(deck: Deck) -> None:
    titles = [slide.title for slide in deck.slides]
    first = titles.index("Nim's second player wins on equal heaps")
    more = say("slide.continued", title="Nim's second player wins on equal heaps")
    assert titles[first + 1] == more  # before the fit, the proof was on one slide
    parts = [s for s in deck.slides if s.title in (titles[first], more)]
    assert all(s.badge == "proved" and s.kind == "claim" for s in parts)
    assert isinstance(parts[0].blocks[0], DisplayMath)  # the statement opens it
    assert _text(parts).count("Step") == 24 and LAST_WORDS.replace(" ", "") in _text(parts[-1:])
    for part in parts:  # each part fits
        assert slide_lines(part.blocks) <= LINES, part


def test_a_long_why_is_cut_after_the_counterexample_and_its_picture(deck: Deck) -> None:
    reveal = [s for s in deck.slides if s.kind == "reveal"]
    assert len(reveal) >= 2
    assert reveal[0].title == "Every even heap loses"
    assert reveal[1].title == say("slide.continued", title="Every even heap loses")
    assert any(isinstance(b, Figure) for b in reveal[0].blocks)
    assert all(s.badge == "refuted" for s in reveal)
    assert _text(reveal).count("Step") == 24


def test_a_slide_that_fits_is_left_as_it_is() -> None:
    slide = Slide("Short", (DisplayMath("x = 1"), Paragraph(("One line.",))), "claim", "proved")
    assert fit_slide(slide) == [slide]
    picture = Slide("A picture", (Figure("f", "c", "a", _draw),) * 3, "picture")
    assert fit_slide(picture) == [picture]  # a picture slide is never cut


def test_a_paragraph_is_cut_at_a_sentence_s_end() -> None:
    slide = Slide("Long", (Paragraph((Strong("Proof."), " " + LONG_PROOF)),), "claim")
    parts = fit_slide(slide)
    assert len(parts) >= 2
    for part in parts[:-1]:
        last = plain_text(part.blocks[-1].content)  # type: ignore[union-attr]
        assert last.rstrip().endswith("."), last
    assert _text(parts) == _text([slide])  # nothing lost, nothing repeated


def test_one_endless_sentence_is_cut_between_words() -> None:
    words = "and then a counter " * 120
    parts = fit_slide(Slide("Long", (Paragraph((words,)),), "claim"))
    assert len(parts) >= 2 and _text(parts) == re.sub(r"\s+", "", words)


def test_definitions_and_rules_open_the_deck_in_the_handout_s_words(deck: Deck) -> None:
    part = _handout().sections[0]
    title = say("definitions.title")
    opening = [s for s in deck.slides if s.title.startswith(title)]
    assert deck.slides[: len(opening)] == tuple(opening) and len(opening) >= 2
    assert all(s.kind == "definition" for s in opening)
    said = [plain_text(b.content) for b in part.blocks if isinstance(b, Paragraph)]
    assert _text(opening) == re.sub(r"\s+", "", "".join(said))  # the same words, in order
    # the rules of the games start a slide of their own
    from grundy.report.slides import _is_term

    rules = [b for b in part.blocks[1:] if isinstance(b, Paragraph) and not _is_term(b)]
    assert rules and any(s.blocks[0] == rules[0] for s in opening)
    assert not any(rules[0] in s.blocks and _is_term(s.blocks[0]) for s in opening)


@pytest.mark.parametrize("fmt", ["html", "tex", "typst"])
def test_every_writer_shows_the_definitions(deck: Deck, fmt: str) -> None:
    from grundy.report.slides_beamer import render_deck_beamer
    from grundy.report.slides_typst import render_deck_typst

    if fmt == "html":
        text = unescape(re.sub(r"<[^>]+>", "", render_deck_html(deck)))
    elif fmt == "tex":
        text = render_deck_beamer(deck).text
    else:
        text = render_deck_typst(deck).text
    flat = re.sub(r"\s+", " ", text)
    assert say("definitions.title") in flat
    mex = plain_text(say("define.mex"))
    for word in ("smallest", "mex"):
        assert word in mex and word in flat
    assert flat.count(say("slide.continued", title="").strip()) >= 2


# -- drawn -------------------------------------------------------------------------------------

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
POPPLER = shutil.which("pdftotext") and shutil.which("pdfinfo")

# Shows each slide in turn and notes any whose content reaches outside the slide's
# padded box (clipped on screen), and the smallest body text.
_MEASURE = """
<script>
window.addEventListener('load', function () {
  var out = [], smallest = 999;
  document.querySelectorAll('.slide').forEach(function (slide) {
    document.querySelectorAll('.slide').forEach(function (s) { s.classList.remove('current'); });
    slide.classList.add('current');
    // the deck is scaled to the window: the padding is too
    var box = slide.getBoundingClientRect(), pad = getComputedStyle(slide);
    var k = box.width / slide.offsetWidth;
    var top = box.top + k * parseFloat(pad.paddingTop) - 1;
    var bottom = box.bottom - k * parseFloat(pad.paddingBottom) + 1;
    var left = box.left + k * parseFloat(pad.paddingLeft) - 1;
    var right = box.right - k * parseFloat(pad.paddingRight) + 1;
    slide.querySelectorAll('h1, h2, p, li, math, svg, figcaption, table, .badge')
      .forEach(function (el) {
        var r = el.getBoundingClientRect();
        if (r.height === 0) return;
        if (r.top < top || r.bottom > bottom || r.left < left || r.right > right)
          out.push([slide.id, el.tagName, Math.round(top - r.top), Math.round(r.bottom - bottom),
            Math.round(left - r.left), Math.round(r.right - right)].join(' '));
        if (el.tagName === 'P') smallest = Math.min(smallest,
          parseFloat(getComputedStyle(el).fontSize));
      });
  });
  var pre = document.createElement('pre');
  pre.id = 'measure';
  pre.textContent = JSON.stringify({outside: out, smallest: smallest});
  document.body.appendChild(pre);
});
</script>
"""


def _chromium(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [
        str(BROWSER),
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
        f"--user-data-dir={cwd / 'profile'}",
        "--hide-scrollbars",
        "--window-size=1280,720",
        *args,
    ]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=180)


def measure_html_deck(html: str, tmp_path: Path) -> dict[str, object]:
    """What Chromium finds outside the slides' boxes, and the smallest paragraph's size."""
    page = tmp_path / "measure.html"
    page.write_text(html.replace("</body>", _MEASURE + "</body>"))
    run = _chromium("--virtual-time-budget=5000", "--dump-dom", page.as_uri(), cwd=tmp_path)
    found = re.search(r'<pre id="measure">(.*?)</pre>', run.stdout)
    assert found, run.stderr[-2000:]
    result: dict[str, object] = json.loads(unescape(found.group(1)))
    return result


@pytest.mark.skipif(BROWSER is None, reason="needs headless Chromium")
def test_no_html_slide_is_clipped_and_the_text_stays_large(deck: Deck, tmp_path: Path) -> None:
    measured = measure_html_deck(render_deck_html(deck), tmp_path)
    assert measured["outside"] == [], measured
    assert float(measured["smallest"]) >= 32, measured  # type: ignore[arg-type]  # 24pt


@pytest.mark.skipif(BROWSER is None, reason="needs headless Chromium")
def test_the_measure_sees_a_clipped_slide(tmp_path: Path) -> None:
    """The measure can fail: a slide left uncut spills out of its box."""
    whole = Slide("Long", (Paragraph((Strong("Proof."), " " + LONG_PROOF)),), "claim")
    measured = measure_html_deck(render_deck_html(Deck("T", "", "", (whole,))), tmp_path)
    assert measured["outside"], measured


def _pdf_pages(pdf: Path) -> list[str]:
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return [re.sub(r"\s+", " ", page) for page in text.split("\f") if page.strip()]


def _check_pdf(pdf: Path, deck: Deck) -> None:
    pages = _pdf_pages(pdf)
    assert len(pages) == len(deck.slides) + 1, len(pages)  # no slide spilled over a page
    # every slide's last words are on its page: nothing fell off the foot
    for page, slide in zip(pages[1:], deck.slides, strict=True):
        paragraphs = [b for b in slide.blocks if isinstance(b, Paragraph)]
        if paragraphs:
            last = plain_text(paragraphs[-1].content).split()[-3:]
            assert " ".join(last) in page, (slide.title, last, page[-300:])
    assert sum(LAST_WORDS in page for page in pages) == 2  # the proof's and the why's


@pytest.mark.skipif(not POPPLER, reason="needs pdftotext (poppler-utils)")
def test_the_typst_deck_shows_each_slide_s_last_line(deck: Deck, tmp_path: Path) -> None:
    pdf = tmp_path / "slides.pdf"
    pdf.write_bytes(render_deck(deck, ["pdf"]).files["slides.pdf"])  # type: ignore[arg-type]
    _check_pdf(pdf, deck)


@pytest.mark.slow
@pytest.mark.skipif(not POPPLER, reason="needs pdftotext (poppler-utils)")
def test_the_beamer_deck_shows_each_slide_s_last_line(deck: Deck, tmp_path: Path) -> None:
    from grundy.report.output import find_tex_engine
    from grundy.report.slides_beamer import beamer_installed

    engine = find_tex_engine()
    if engine is None or not beamer_installed():
        pytest.skip("needs pdflatex with Beamer and pgf")
    made = render_deck(deck, ["pdf"], engine, pdf_engine="tex")
    pdf = tmp_path / "slides.pdf"
    pdf.write_bytes(made.files["slides.pdf"])  # type: ignore[arg-type]
    _check_pdf(pdf, deck)


def test_a_cut_below_other_words_is_at_a_sentence_s_end_only() -> None:
    """A paragraph under another goes on at a sentence's start, never mid-sentence (the
    library's P/N rules slide went on with "exactly one label, which says who wins")."""
    opening = Paragraph(("An opening line of some length. " * 13,))
    sentence = " ".join(["every option of it leads somewhere"] * 8) + ". "
    slide = Slide("Long", (opening, Paragraph((sentence * 3,))), "claim")
    parts = fit_slide(slide)
    assert len(parts) >= 2 and _text(parts) == _text([slide])
    for part in parts[1:]:
        first = plain_text(part.blocks[0].content)  # type: ignore[union-attr]
        assert first.startswith(("every", "An")), first
