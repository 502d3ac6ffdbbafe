"""The slide deck as one self-contained HTML file (``slides.html``).

Slides are 1280 by 720 (16:9), scaled to the window; body text is 34px there (25.5pt,
readable from the back of a room) and a statement larger.  The arrow keys, Page Up/Down,
space and Home/End move between slides; ``slides.html#3`` opens at slide 3 and the
address follows the slide shown, so a reload stays put.  Formulas are MathML and
pictures inline SVG, as in the HTML handout: nothing is fetched.  Printed, each slide is
one landscape page.
"""

from __future__ import annotations

from html import escape

import grundy.report.document as doc
from grundy.report.deck import Deck, Slide
from grundy.report.html import BW_CSS, _HtmlWriter, palette_css, verdict_colours
from grundy.report.render import FigureRenderer

__all__ = ["BODY_PX", "HEIGHT", "WIDTH", "render_deck_html"]

WIDTH, HEIGHT = 1280, 720
BODY_PX = 34  # 25.5pt at 1280x720: at least 24pt, as a room needs

_CSS = f"""
* {{ box-sizing: border-box; }}
html, body {{ margin: 0; height: 100%; background: #000; overflow: hidden; }}
body {{ font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: var(--ink); }}
.deck {{ position: absolute; left: 50%; top: 50%; width: {WIDTH}px; height: {HEIGHT}px;
  transform-origin: center center; }}
.slide {{ display: none; position: absolute; inset: 0; background: var(--paper);
  padding: 44px 64px 36px; font-size: {BODY_PX}px; line-height: 1.35;
  flex-direction: column; overflow: hidden; }}
.slide.current {{ display: flex; }}
.slide h2 {{ font-size: 42px; line-height: 1.15; margin: 0 0 24px; display: flex;
  align-items: center; gap: 24px; flex-wrap: wrap; }}
.slide .body {{ flex: 1; display: flex; flex-direction: column; justify-content: center;
  gap: 18px; min-height: 0; }}
.slide p {{ margin: 0; }}
.slide .formula {{ font-size: 56px; text-align: center; margin: 8px 0; }}
.slide.claims .formula {{ font-size: 44px; }}
.slide.claims .item {{ display: flex; align-items: center; gap: 28px; }}
.slide.claims .item h3 {{ font-size: {BODY_PX}px; margin: 0; flex: 0 0 34%;
  font-weight: 600; }}
.slide.claims .item .formula {{ flex: 1; text-align: left; }}
.slide.reveal .formula, .slide.picture .formula {{ font-size: 44px; }}
math {{ font-family: "Latin Modern Math", "STIX Two Math", "Cambria Math", math; }}
.badge {{ font: 700 30px "DejaVu Sans", Arial, sans-serif; text-transform: uppercase;
  letter-spacing: .05em; border-radius: 8px; padding: 6px 18px; white-space: nowrap; }}
.slide.question h2 {{ color: var(--link); }}
/* A picture takes the room the slide has left (its SVG scales, keeping its shape). */
figure {{ margin: 0; display: flex; flex-direction: column; align-items: center;
  min-height: 0; flex: 1 1 0; width: 100%; }}
figure svg {{ flex: 1 1 0; min-height: 0; width: 100%; height: 100%; }}
figcaption {{ font-size: 26px; color: var(--muted); margin-top: 8px; text-align: center; }}
table {{ border-collapse: collapse; margin: 0 auto; font-size: 24px; }}
th, td {{ border: 1px solid var(--line); padding: 2px 8px; text-align: center; }}
th {{ background: var(--head); }}
td.p {{ background: var(--p); color: var(--p-ink); font-weight: 700; }}
.title-slide {{ justify-content: center; }}
.title-slide h1 {{ font-size: 64px; line-height: 1.15; margin: 0 0 36px; }}
.title-slide p {{ color: var(--muted); }}
.count {{ position: absolute; right: 28px; bottom: 16px; font-size: 22px;
  color: var(--muted); }}
@page {{ size: {WIDTH}px {HEIGHT}px; margin: 0; }}
@media print {{
  html, body {{ background: #fff; overflow: visible; height: auto; }}
  .deck {{ position: static; transform: none !important; width: auto; height: auto; }}
  .slide {{ display: flex; position: relative; width: {WIDTH}px; height: {HEIGHT}px;
    break-after: page; }}
}}
"""

# Moves between slides: no library, nothing fetched.  The slide shown is the one named by
# the address's #N (1 = the title slide), so #N opens there and reload keeps the place.
_SCRIPT = (
    """
(function () {
  var slides = document.querySelectorAll('.slide');
  var deck = document.querySelector('.deck');
  var current = 0;
  function fit() {
    var scale = Math.min(window.innerWidth / %(w)d, window.innerHeight / %(h)d);
    deck.style.transform = 'translate(-50%%, -50%%) scale(' + scale + ')';
  }
  function show(index, record) {
    index = Math.max(0, Math.min(slides.length - 1, index));
    slides[current].classList.remove('current');
    current = index;
    slides[current].classList.add('current');
    document.body.setAttribute('data-slide', String(current + 1));
    if (record && history.replaceState) history.replaceState(null, '', '#' + (current + 1));
  }
  function fromHash() {
    var n = parseInt((location.hash || '').slice(1), 10);
    show(isNaN(n) ? 0 : n - 1, false);
  }
  var next = ['ArrowRight', 'ArrowDown', 'PageDown', ' ', 'Spacebar', 'Enter', 'n'];
  var back = ['ArrowLeft', 'ArrowUp', 'PageUp', 'Backspace', 'p'];
  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var key = event.key;
    if (next.indexOf(key) >= 0) show(current + 1, true);
    else if (back.indexOf(key) >= 0) show(current - 1, true);
    else if (key === 'Home') show(0, true);
    else if (key === 'End') show(slides.length - 1, true);
    else return;
    event.preventDefault();
  });
  document.addEventListener('click', function (event) {
    show(current + (event.clientX < window.innerWidth / 3 ? -1 : 1), true);
  });
  window.addEventListener('hashchange', fromHash);
  window.addEventListener('resize', fit);
  fit();
  fromHash();
})();
""".replace("%(w)d", str(WIDTH))
    .replace("%(h)d", str(HEIGHT))
    .replace("%%", "%")
)


def render_deck_html(deck: Deck, figures: FigureRenderer | None = None, bw: bool = False) -> str:
    """The deck as one HTML page that needs no network."""
    writer = _DeckHtmlWriter(figures or FigureRenderer(bw=bw), bw)
    return writer.deck(deck)


class _DeckHtmlWriter(_HtmlWriter):
    """The handout's HTML writer for every piece inside a slide; slides are its own."""

    format_name = "HTML slides"

    def deck(self, deck: Deck) -> str:
        total = len(deck.slides) + 1
        slides = [self.title_slide(deck, total)]
        slides += [self.slide(slide, number, total) for number, slide in enumerate(deck.slides, 2)]
        style = palette_css() + _CSS + verdict_colours() + (BW_CSS if self.bw else "")
        if self.bw:
            style += ".slide { border: 2px solid #000; } td.p { outline-offset: -4px; }\n"
        return (
            "<!DOCTYPE html>\n"
            '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(deck.title)}</title>\n"
            f"<style>{style}</style>\n</head>\n"
            '<body data-slide="1">\n<div class="deck">\n'
            + "\n".join(slides)
            + f"\n</div>\n<script>{_SCRIPT}</script>\n</body>\n</html>\n"
        )

    def title_slide(self, deck: Deck, total: int) -> str:
        lines = [f"<h1>{escape(deck.title)}</h1>"]
        lines += [f"<p>{escape(line)}</p>" for line in (deck.author, deck.byline) if line]
        return (
            '<section class="slide title-slide current" id="slide-1">'
            + "".join(lines)
            + self.count(1, total)
            + "</section>"
        )

    def count(self, number: int, total: int) -> str:
        return f'<div class="count">{number} / {total}</div>'

    def slide(self, slide: Slide, number: int, total: int) -> str:
        badge = self.badge(slide.badge)
        body = "\n".join(self.block(block, 3) for block in slide.blocks)
        return (
            f'<section class="slide {escape(slide.kind)}" id="slide-{number}">'
            f"<h2>{escape(slide.title)}{badge}</h2>"
            f'<div class="body">{body}</div>{self.count(number, total)}</section>'
        )

    def badge(self, word: str) -> str:
        if not word:
            return ""
        return f'<span class="badge {escape(word)}">{escape(word)}</span>'

    def section(self, section: doc.Section, level: int) -> str:
        """A short claim on a slide of several: its title, badge and formula in a row."""
        inner = "\n".join(self.block(block, level + 1) for block in section.blocks)
        return (
            f'<div class="item"><h3>{escape(section.title)} {self.badge(section.badge)}</h3>'
            f"{inner}</div>"
        )

    def display_math(self, block: doc.DisplayMath) -> str:
        # The handout shrinks a long formula to fit a card; a slide sets the size itself.
        written = super().display_math(block)
        return written.replace(' style="font-size:', ' data-long="', 1)

    def figure(self, figure: doc.Figure) -> str:
        svg = self.figures.svg(figure)
        label = escape(figure.alt, quote=True)
        svg = svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)
        return (
            f"<figure>{svg}<figcaption>{escape(self.figures.caption(figure))}</figcaption></figure>"
        )
