"""Fitting a topic's pictures to the claims they stand beside, in the handout.

Evidence is computed per game, but a student reads it beside particular claims.  A
picture of normal play next to claims about misère play (the last player to move loses)
tells a different truth from theirs, so in a topic with a misère claim every figure and
every piece of evidence that shows one convention says which (:func:`label_plays`).  A
piece of evidence about a convention none of the topic's claims is about is left out,
and a claim's ``figures`` field chooses the kinds of picture drawn beside it
(:func:`topic_evidence`, :func:`keep_figures`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from grundy.claims import Claim
from grundy.library import TheoremResult
from grundy.report.document import Block, Figure, Section
from grundy.report.student_words import say, strip_marks
from grundy.solve import Play

__all__ = ["figure_kinds", "keep_figures", "label_plays", "topic_evidence", "topic_plays"]


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


def figure_kinds(claim: Claim | None) -> frozenset[str] | None:
    """The kinds of figure a claim asks for; ``None``: every kind (the field left out, or
    a theorem of the library, which has no such field)."""
    if claim is None or claim.figures is None:
        return None
    return frozenset(claim.figures)


def keep_figures(blocks: Sequence[Block], kinds: frozenset[str] | None) -> tuple[Block, ...]:
    """``blocks`` without the figures whose kind is not among ``kinds`` (``None``: all)."""
    if kinds is None:
        return tuple(blocks)
    kept: list[Block] = []
    for block in blocks:
        if isinstance(block, Figure) and block.kind not in kinds:
            continue
        if isinstance(block, Section):
            block = replace(block, blocks=keep_figures(block.blocks, kinds))
        kept.append(block)
    return tuple(kept)


def topic_evidence(
    evidence: Sequence[Section],
    results: Sequence[TheoremResult],
    claims: Mapping[str, Claim],
) -> tuple[Section, ...]:
    """The evidence of a topic that is about its claims: a piece about one convention only
    when a claim is about it, and of its figures the kinds some claim asks for."""
    plays = topic_plays(results)
    wanted: set[str] | None = set()
    for result in results:
        kinds = figure_kinds(claims.get(result.theorem.id))
        if kinds is None or wanted is None:
            wanted = None
        else:
            wanted |= kinds
    kinds = None if wanted is None else frozenset(wanted)
    kept = []
    for section in evidence:
        if section.play and section.play not in plays:
            continue
        kept.append(
            section
            if kinds is None
            else replace(section, blocks=keep_figures(section.blocks, kinds))
        )
    return tuple(kept)
