"""Rich displays for Jupyter: positions, solved positions, sequences and verdicts.

Everything here returns text (SVG or HTML).  The objects of :mod:`grundy.shortcuts` call
these from their ``_repr_html_`` methods; verdicts, solved positions and the library's
results, which sit below this package, reach them through :mod:`grundy.notebook_html`
(:func:`grundy.display.html.register_notebook_html`).
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
