"""Fitting a topic's pictures to the claims they stand beside, in the handout.

Evidence is computed per game, but a student reads it beside particular claims.  A
picture of normal play next to claims about misère play (the last player to move loses)
tells a different truth from theirs, so in a topic with a misère claim every figure and
every piece of evidence that shows one convention says which (:func:`label_plays`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from grundy.library import TheoremResult
from grundy.report.document import Block, Figure, Section
from grundy.report.student_words import say, strip_marks
from grundy.solve import Play

__all__ = ["label_plays", "topic_plays"]


def topic_plays(results: Iterable[TheoremResult]) -> frozenset[str]:
    """The conventions a topic's claims are about (a claim about both counts as both)."""
    plays: set[str] = set()
    for result in results:
        play = result.theorem.play
        plays.update((play.value,) if play is not None else (Play.NORMAL.value, Play.MISERE.value))
    return frozenset(plays)


def _says(text: str, play: str) -> bool:
    return strip_marks(say(f"play.{play}")) in strip_marks(text).lower()


def _labelled(block: Block) -> Block:
    if isinstance(block, Figure):
        if block.play not in (Play.NORMAL.value, Play.MISERE.value) or _says(
            block.caption, block.play
        ):
            return block
        caption = say(
            "picture.in-play", play=say(f"picture.play-{block.play}"), caption=block.caption
        )
        return replace(block, caption=caption)
    if isinstance(block, Section):
        title = block.title
        if block.play in (Play.NORMAL.value, Play.MISERE.value) and not _says(title, block.play):
            title = say("evidence.in-play", title=title, play=say(f"play.{block.play}"))
        return replace(block, title=title, blocks=tuple(_labelled(b) for b in block.blocks))
    return block


def label_plays(blocks: Sequence[Block], plays: frozenset[str]) -> tuple[Block, ...]:
    """``blocks`` of a topic, each figure and piece of evidence of one convention saying
    which when the topic has a misère claim (``plays``: :func:`topic_plays`); a topic of
    normal play alone is left as it is, as the course draws it."""
    if Play.MISERE.value not in plays:
        return tuple(blocks)
    return tuple(_labelled(block) for block in blocks)
