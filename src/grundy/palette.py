"""Every colour grundy prints or draws, in one place: the reports' writers (HTML, LaTeX,
slides), the figures and the notebook displays all read them from here.

Handouts are photocopied, so two rules hold for every colour defined below, and
``tests/test_palette.py`` checks both from these definitions:

- text on a coloured ground reads at a contrast of at least 4.5:1 (WCAG's relative
  luminance), so it survives a grey copy: each pair is listed in :data:`TEXT_PAIRS`;
- the fills a reader must tell apart (a P-position from an N-position) differ clearly
  in lightness, not only in hue.

A verdict's badge carries its word anyway, so no meaning rests on a colour alone.  For a
black-and-white printer, :data:`BW_FILLS` says which pattern stands for each figure
fill (``--print bw``).

>>> contrast("#ffffff", "#000000")
21.0
>>> all(contrast(ink, ground) >= MIN_CONTRAST for _, ink, ground in TEXT_PAIRS)
True
"""

from __future__ import annotations

__all__ = [
    "ACCENT",
    "BLOCK_FILL",
    "BW_FILLS",
    "CHOCOLATE",
    "CODE_FILL",
    "EATEN",
    "FIGURE_INK",
    "GREEN_STALK",
    "HEAD_FILL",
    "INK",
    "LINE",
    "LINK",
    "MIN_CONTRAST",
    "MUTED",
    "N_FILL",
    "PAGE",
    "PAPER",
    "PERIOD_FILL",
    "PIN",
    "P_FILL",
    "P_INK",
    "STALK",
    "TEXT_PAIRS",
    "WORD_FILL",
    "WORD_INK",
    "contrast",
    "luminance",
    "shade",
]

MIN_CONTRAST = 4.5  # WCAG AA for body text

# -- the page ---------------------------------------------------------------------------
INK = "#1d2d35"  # body text
MUTED = "#5b6b73"  # captions, bylines
PAPER = "#ffffff"  # cards, the printed page
PAGE = "#f3f5f6"  # behind the cards on screen
LINE = "#d5dde2"  # rules and borders (never behind text)
LINK = "#1f6f8b"
HEAD_FILL = "#e8eef1"  # a table's header cells
CODE_FILL = "#f6f8f9"  # preformatted text

# -- the verdict words: a badge's ground and its ink ----------------------------------
# Keyed by the word as written (``grundy.verdict.Word`` is a string enum).
WORD_FILL = {
    "proved": "#1f7a6e",  # green: darker than it was (white on #2a9d8f was 3.3:1)
    "checked": "#2f6bb3",  # blue: never the green of "proved"
    "tested": "#7b5ea7",  # violet
    "refuted": "#b4462f",  # red (white on #c8553d was 4.4:1)
    "unknown": "#e9a23b",  # amber, with dark ink
    "error": "#8d2c2c",  # dark red
}
WORD_INK = {word: (INK if word == "unknown" else PAPER) for word in WORD_FILL}

# -- tables -----------------------------------------------------------------------------
P_FILL = WORD_FILL["proved"]  # a P-position's cell, and P-positions in figures
P_INK = PAPER
N_FILL = "#e9ecef"  # N-positions in figures: far lighter than P_FILL in grey too


def _hsl(hue: float, saturation: float, lightness: float) -> str:
    import colorsys

    red, green, blue = colorsys.hls_to_rgb(hue / 360, lightness / 100, saturation / 100)
    return "#" + "".join(f"{round(part * 255):02x}" for part in (red, green, blue))


# A value scale of 16 steps (the nim-addition table): light blues with dark digits, then a
# clear jump to dark blues with white digits.  The mid-blues between them take neither
# ink at 4.5:1 (white on hsl(200 45% 58%) was 2.8:1, unreadable once copied).
_SHADE_LIGHTNESS = (97, 93, 89, 85, 81, 77, 73, 69, 65, 60, 39, 35, 31, 27, 23, 19)


def shade(level: int) -> tuple[str, str]:
    """The ground and the ink of step ``level`` (0 to 15) of the value scale.

    >>> shade(0)[1] == INK, shade(15)[1] == PAPER
    (True, True)
    """
    lightness = _SHADE_LIGHTNESS[max(0, min(level, 15))]
    return _hsl(200, 45, lightness), (INK if lightness > 50 else PAPER)


# -- figures ----------------------------------------------------------------------------
FIGURE_INK = "#264653"  # labels and axes
ACCENT = "#b93a1a"  # bites, counterexamples, marks (text too: 4.9:1 on PERIOD_FILL)
CHOCOLATE = "#8d5a3b"
EATEN = "#f4d6c6"
GREEN_STALK = "#3a7d44"  # Hackenbush's green edges
PERIOD_FILL = "#d8f3ef"  # the periodic part of a sequence
STALK = "#9fb3bf"
BLOCK_FILL = "#457b9d"
PIN = "#e9c46a"

# For a black-and-white printer: each figure fill becomes white with a pattern (hatching
# in the figure's ink), so what colour told apart stays apart without grey shades.
BW_FILLS = {
    P_FILL: "////",
    ACCENT: "xxxx",
    BLOCK_FILL: "\\\\\\\\",
    CHOCOLATE: "....",
    PIN: "oo",
    PERIOD_FILL: "..",
}

# Every text colour on every ground it is written on (where, ink, ground).
TEXT_PAIRS: tuple[tuple[str, str, str], ...] = (
    ("body text", INK, PAPER),
    ("body text on the screen's page", INK, PAGE),
    ("captions and bylines", MUTED, PAPER),
    ("captions on the screen's page", MUTED, PAGE),
    ("links", LINK, PAPER),
    ("table headers", INK, HEAD_FILL),
    ("preformatted text", INK, CODE_FILL),
    ("a P-position's cell", P_INK, P_FILL),
    ("figure labels", FIGURE_INK, PAPER),
    ("figure labels on N-positions", FIGURE_INK, N_FILL),
    ("the poisoned square's cross", PAPER, FIGURE_INK),
    ("a figure's marks written in the accent", ACCENT, PAPER),
    ("the period's label, on the periodic stretch", ACCENT, PERIOD_FILL),
    ("the start of the period's label", P_FILL, PAPER),
    ("a value on a block's cell", PAPER, BLOCK_FILL),
    *((f"the {word} badge", WORD_INK[word], fill) for word, fill in WORD_FILL.items()),
    *((f"value scale step {k}", shade(k)[1], shade(k)[0]) for k in range(16)),
)


def luminance(colour: str) -> float:
    """WCAG's relative luminance of ``#rrggbb`` (0 for black, 1 for white)."""
    digits = colour.removeprefix("#")
    if len(digits) == 3:
        digits = "".join(2 * d for d in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    darker, lighter = sorted((luminance(first), luminance(second)))
    return round((lighter + 0.05) / (darker + 0.05), 2)
