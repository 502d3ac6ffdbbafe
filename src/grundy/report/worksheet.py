"""The worksheet and the answers: the handout's exercises as documents of their own.

The worksheet asks each exercise, numbered as in the handout, with room to write and
nothing of its answer; the answers repeat each question with its answer.  Both are made
of the parts :mod:`grundy.report.exercises` makes for the handout, so the three never
disagree, and they are :class:`~grundy.report.document.Document` trees like any other,
written by every writer through the one dispatch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from grundy.report.document import Document, Paragraph, Strong
from grundy.report.exercises import Exercised, answers_part, exercises_part
from grundy.report.handout import HandoutOptions
from grundy.report.student_words import say

__all__ = ["build_answers", "build_worksheet"]


def _byline(options: HandoutOptions) -> tuple[str, ...]:
    byline = " · ".join(part for part in (options.course, options.date) if part)
    return (byline,) if byline else ()


def build_worksheet(exercises: Sequence[Exercised], options: HandoutOptions) -> Document:
    """The exercises alone, each with room for its answer."""
    notes: list[str] = []
    part = exercises_part(exercises, notes, space=True)
    # How to use the sheet opens the one part, so the exercises are numbered 1.1, 1.2...
    # as in the answers (a part of its own before them made them 2.1, 2.2...).
    how = Paragraph((Strong(say("worksheet.how-title") + "."), " ", say("worksheet.how")))
    return Document(
        say("worksheet.title", title=options.title),
        (replace(part, blocks=(how, *part.blocks)),),
        _byline(options),
        tuple(notes),
        author=options.author,
        course=options.course,
        kind="handout",
    )


def build_answers(
    exercises: Sequence[Exercised], options: HandoutOptions, titles: Mapping[str, str]
) -> Document:
    """Each exercise again, with its answer."""
    notes: list[str] = []
    part = answers_part(exercises, titles, notes, restate=True)
    return Document(
        say("worksheet.answers-title", title=options.title),
        (part,),
        _byline(options),
        tuple(notes),
        author=options.author,
        course=options.course,
        kind="handout",
    )
