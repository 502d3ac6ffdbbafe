"""A long displayed formula is set smaller in HTML so that it fits a card without scrolling."""

from __future__ import annotations

import re

import grundy.report.document as doc
from grundy.report.html import render_html


def _formula_styles(latex: str) -> list[str]:
    section = doc.Section("s", "s", blocks=(doc.DisplayMath(latex),))
    page = render_html(doc.Document(title="t", sections=(section,)))
    return re.findall(r'<div class="formula"([^>]*)>', page)


def test_a_short_formula_keeps_the_usual_size() -> None:
    assert _formula_styles(r"\mathcal{G}(n) = n \bmod (k + 1)") == [""]


def test_a_long_formula_is_set_smaller_and_a_longer_one_smaller_still() -> None:
    terms = [rf"\left\lfloor \frac{{x_{k}}}{{2^i}} \right\rfloor \bmod 2" for k in range(9)]
    (long_style,) = _formula_styles(" + ".join(terms))
    (longer_style,) = _formula_styles(" + ".join(terms * 2))
    size = [
        float(re.search(r"font-size: ([\d.]+)rem", s).group(1)) for s in (long_style, longer_style)
    ]
    assert 0.75 <= size[1] < size[0] < 1.15
