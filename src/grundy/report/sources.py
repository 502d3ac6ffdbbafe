"""A theorem's source named by the document's title, as a student would look it up.

The library cites the four course documents by their file numbers (``000 Mathematical
Games I, Chomp``, ``002 Handout 17, exercise 3``), which mean something to the project and
nothing to a student.  The handout names each document by its title instead; the record
keeps the numbers.
"""

from __future__ import annotations

import re

__all__ = ["cites_course", "source_said", "source_words", "sources_sentence"]

from grundy.report.student_words import claim_words, say, strip_marks

_SLIDES = "the slides"
_LEGNER = "Legner"
_HANDOUT = "Handout 17"
_NOTES = "the notes"


def sources_sentence() -> str:
    """The documents' full titles, said once at the top of the handout; each statement's
    source then names its document short."""
    return say("sources.sentence")


# Longest first: "000 Mathematical Games I" before "000".
_DOCUMENTS: tuple[tuple[str, str], ...] = (
    (r"000 Mathematical Games I", _SLIDES),
    (r"001 Legner, Lucky Nim", _LEGNER + ", Lucky Nim"),
    (r"000 slides", _SLIDES),
    (r"001 Legner", _LEGNER),
    (r"002 Handout 17", _HANDOUT),
    (r"003 Hackenbush notes", _NOTES),
    (r"003 Hackenbush", _NOTES + ", Hackenbush"),
    (r"003 notes", _NOTES),
    (r"000", _SLIDES),
    (r"001", _LEGNER),
    (r"002", _HANDOUT),
    (r"003", _NOTES),
)
_PATTERN = re.compile(
    r"(?<![\d,.])(?:" + "|".join(re.escape(number) for number, _ in _DOCUMENTS) + r")(?![\d.])"
)
_TITLES = dict(_DOCUMENTS)


def source_words(source: str) -> str:
    """``source`` with every course document's file number replaced by its title.

    >>> source_words("002 Handout 17, exercise 3")
    'Handout 17, exercise 3'
    >>> source_words("beyond the notes: misere Nim (Bouton 1901)")
    'beyond the notes: misère Nim (Bouton 1901)'
    >>> source_words("beyond the notes: strategy stealing (generalises 000, Chomp)")
    'beyond the notes: strategy stealing (generalises the slides, Chomp)'
    """
    text = _PATTERN.sub(lambda m: _TITLES[m.group(0)] + "\x00", source)
    # A title followed by words of its own ("000 take-away") reads "..., take-away".
    text = re.sub(r"\x00 (?=[a-z])", ", ", text).replace("\x00", "")
    return claim_words(text.replace("misere", "misère"))  # the lecturer's source, renamed


def source_said(key: str, source: str) -> str:
    """The sentence ``key`` naming ``source``, without a full stop after a source that
    ends its own sentence ("what if the last player to move loses?" took one more)."""
    words = source_words(source)
    ended = strip_marks(words).rstrip().endswith((".", "?", "!"))
    return say(f"{key}-ended" if ended else key, source=words)


def cites_course(source: str) -> bool:
    """Whether ``source`` names a course document by its file number.

    >>> cites_course("002 Handout 17, exercise 3"), cites_course("Winning Ways, ch. 4")
    (True, False)
    """
    return _PATTERN.search(source) is not None
