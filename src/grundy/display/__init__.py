"""Rich displays for Jupyter: positions, solved positions, sequences and verdicts.

Everything here returns text (SVG or HTML); the objects of :mod:`grundy.shortcuts` and
the library's results call these from their ``_repr_html_`` methods.
"""

from grundy.display.html import analysis_html, result_html, results_html, verdict_html
from grundy.display.pictures import position_svg
from grundy.display.svg import sequence_svg

__all__ = [
    "analysis_html",
    "position_svg",
    "result_html",
    "results_html",
    "sequence_svg",
    "verdict_html",
]
