"""What every piece of report evidence shares: the item that names a piece and the small
helpers its sections are written with."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.report.document import Block, Math, Section
from grundy.report.student_words import game_words

__all__ = ["EvidenceItem", "move_words", "nimber", "position_text", "section"]


@dataclass(frozen=True, slots=True)
class EvidenceItem:
    """One piece of evidence: ``build()`` returns its section; ``topics`` say what it is for;
    ``answers`` names the exercise it works out (the handout shows it right after it)."""

    key: str
    title: str
    topics: frozenset[str]
    build: Callable[[], Section]
    answers: str = ""


def position_text(position: Sequence[int]) -> str:
    """A position as the notes write it.

    >>> position_text((3, 4, 5))
    '(3, 4, 5)'
    """
    return "(" + ", ".join(str(part) for part in position) + ")"


def nimber(value: int) -> Math:
    return Math(f"*{value}")


def section(key: str, title: str, blocks: Sequence[Block], play: str = "normal") -> Section:
    """A piece of evidence about ``play`` (``""``: both conventions, or none)."""
    return Section(title, f"evidence-{key}", tuple(blocks), play=play)


def move_words(move: Any) -> str:
    """A move as the notes say it, with a proper arrow.

    >>> from grundy.games import Nim
    >>> from grundy.solve import Solver
    >>> move_words(Solver(Nim()).winning_moves((3,))[0])
    'take 3 from the heap (3 → 0)'
    """
    return game_words(str(move.description).replace("->", "→"))
