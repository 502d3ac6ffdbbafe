"""The HTML deck in a real browser: opened offline, moved by real key presses.

Drives headless Chromium over its DevTools pipe (:mod:`tests.report.chromium_keys`), so a
key goes through the browser's own input path; skipped where there is no Chromium.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.report.slides import build_deck
from grundy.report.slides_html import render_deck_html
from tests.report.chromium_keys import BROWSER, Browser
from tests.report.test_slides_fit import _handout

pytestmark = pytest.mark.skipif(BROWSER is None, reason="needs headless Chromium")

_SHOWN = """JSON.stringify(Array.from(document.querySelectorAll('.slide'))
  .filter(function (s) { return getComputedStyle(s).display !== 'none'; })
  .map(function (s) { return s.id; }).concat([location.hash]))"""


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    page = tmp_path_factory.mktemp("keys") / "slides.html"
    page.write_text(render_deck_html(build_deck(_handout())))
    return page


def test_arrow_right_shows_the_second_slide_and_nothing_is_fetched(
    deck_file: Path, tmp_path: Path
) -> None:
    import json

    with Browser(tmp_path / "profile") as browser:
        browser.open(deck_file.as_uri())
        assert json.loads(browser.evaluate(_SHOWN)) == ["slide-1", ""]
        browser.press("ArrowRight")
        assert json.loads(browser.evaluate(_SHOWN)) == ["slide-2", "#2"]
        title = browser.evaluate("document.querySelector('#slide-2 h2').textContent")
        browser.press("ArrowRight")
        browser.press("ArrowLeft")
        assert json.loads(browser.evaluate(_SHOWN)) == ["slide-2", "#2"]
        requested = browser.requested()
    assert title.startswith("Definitions")  # the deck's second slide: its definitions
    assert requested and all(url.startswith(("file:", "data:")) for url in requested), requested


def test_space_and_page_down_move_on_too(deck_file: Path, tmp_path: Path) -> None:
    with Browser(tmp_path / "profile") as browser:
        browser.open(deck_file.as_uri())
        browser.press(" ")
        browser.press("PageDown")
        assert browser.evaluate("document.body.getAttribute('data-slide')") == "3"
