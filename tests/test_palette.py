"""The palette (grundy.palette): every text colour on every ground it is written on reads
at 4.5:1 or more, so a handout survives a grey photocopy; and every writer takes its
colours from it, so the check covers what is printed."""

import re

import pytest

from grundy import palette
from grundy.palette import MIN_CONTRAST, TEXT_PAIRS, contrast, luminance, shade
from grundy.verdict import Word


@pytest.mark.parametrize(("where", "ink", "ground"), TEXT_PAIRS, ids=[p[0] for p in TEXT_PAIRS])
def test_every_text_colour_pair_reads_at_4_5_to_1(where: str, ink: str, ground: str) -> None:
    assert contrast(ink, ground) >= MIN_CONTRAST, (where, ink, ground, contrast(ink, ground))


def test_the_contrast_is_wcag_s() -> None:
    assert contrast("#000000", "#ffffff") == 21.0
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # a known value
    assert luminance("#fff") == 1.0


def test_the_old_nim_addition_blue_would_fail() -> None:
    """White digits on the table's old mid-blue (hsl(200 45% 56.4%)) are what issue 36
    saw unreadable once copied: the check finds it, and no step of the scale is like it."""
    assert contrast("#ffffff", "#5b9fc1") < MIN_CONTRAST
    assert all(contrast(*shade(k)) >= MIN_CONTRAST for k in range(16))


def test_the_badge_colours_pass_and_the_old_green_did_not() -> None:
    assert contrast("#ffffff", "#2a9d8f") < MIN_CONTRAST  # the old "proved" green
    for word in Word:
        assert contrast(word.ink, word.colour) >= MIN_CONTRAST, word


def test_p_and_n_positions_differ_in_grey() -> None:
    """Told apart by lightness, not by hue alone (a copier keeps only lightness)."""
    assert luminance(palette.N_FILL) - luminance(palette.P_FILL) > 0.5


def test_the_scale_s_steps_stay_in_order_of_lightness() -> None:
    lightness = [luminance(shade(k)[0]) for k in range(16)]
    assert lightness == sorted(lightness, reverse=True)


def test_the_writers_take_their_colours_from_the_palette() -> None:
    """No colour is written into the HTML or LaTeX writer or the figures but the
    palette's (black and white excepted): a new one would escape the contrast check."""
    from pathlib import Path

    import grundy.report as report

    folder = Path(report.__file__).parent
    for name in ("html.py", "latex.py", "pictures.py", "sumevidence.py", "slides_html.py"):
        text = (folder / name).read_text()
        found = set(re.findall(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b", text))
        assert found <= {"#fff", "#000", "#ffffff", "#000000"}, (name, found)
        assert "hsl(" not in text, name
