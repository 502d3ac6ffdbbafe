"""How objects of the lower layers show themselves in a notebook, without importing it.

A :class:`~grundy.verdict.Verdict`, a solver's :class:`~grundy.solve.solver.Analysis` and
a :class:`~grundy.library.TheoremResult` draw themselves in Jupyter through
``_repr_html_``.  The HTML is written by :mod:`grundy.display`, which sits above all of
them (docs/architecture.md), so their ``_repr_html_`` asks this module instead, and the
display layer registers its functions here (:func:`grundy.display.html.register_notebook_html`).
``grundy/__init__.py`` hands this module a loader that does so the first time a picture is
asked for: nothing is drawn, nor imported for drawing, before then.

>>> class Pebble:
...     def _repr_html_(self) -> str | None:
...         return html_of(self)
>>> register_html(Pebble, lambda pebble: "<b>pebble</b>")
>>> Pebble()._repr_html_()
'<b>pebble</b>'
>>> html_of(3) is None  # nothing registered: the notebook shows the plain repr
True
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not loaded for this: grundy/__init__.py imports us
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["html_of", "load_renderers_with", "register_html"]

_RENDERERS: dict[type, Callable[[Any], str]] = {}
_LOADERS: list[Callable[[], None]] = []


def register_html(kind: type, render: Callable[[Any], str]) -> None:
    """Draw objects of class ``kind`` (and its subclasses) with ``render(obj)``."""
    _RENDERERS[kind] = render


def load_renderers_with(loader: Callable[[], None]) -> None:
    """Run ``loader`` (which calls :func:`register_html`) before the first picture."""
    _LOADERS.append(loader)


def html_of(obj: object) -> str | None:
    """The HTML of ``obj`` by the renderer registered for its class, or ``None`` (a
    notebook then shows the plain ``repr``)."""
    while _LOADERS:
        _LOADERS.pop(0)()
    for kind in type(obj).__mro__:
        render = _RENDERERS.get(kind)
        if render is not None:
            return render(obj)
    return None
