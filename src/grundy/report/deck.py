"""The slide deck as a model, like a document: slides that hold the document's blocks.

:mod:`grundy.report.slides` makes a deck from the handout and dispatches it to the
writers (:mod:`grundy.report.slides_html`, :mod:`grundy.report.slides_beamer`), which
import only this module, so no import goes round in a circle.
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.report.document import Block

__all__ = ["Deck", "Slide"]


@dataclass(frozen=True, slots=True)
class Slide:
    """One slide.  ``kind`` says how it is laid out:

    ``"claim"`` (a statement, large, and its verdict), ``"question"`` (a statement with no
    verdict: the room is asked first), ``"reveal"`` (the verdict and the counterexample
    after a question), ``"claims"`` (several short claims, each a :class:`Section` with its
    badge), ``"picture"`` (one figure or table), ``"definition"``, ``"part"`` (a part of the
    handout made of topics opens: its title and what it says of itself).
    """

    title: str
    blocks: tuple[Block, ...]
    kind: str = "claim"
    badge: str = ""


@dataclass(frozen=True, slots=True)
class Deck:
    """A title slide's words, then the slides in order."""

    title: str
    author: str
    byline: str
    slides: tuple[Slide, ...]
