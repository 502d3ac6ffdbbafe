"""A document's title when nobody gave one: made from the claim file's name, in words."""

from __future__ import annotations

import re

from grundy.report.student_words import claim_words, say
from grundy.report.words import polish

__all__ = ["file_title"]


def _words(stem: str) -> list[str]:
    """The words of a file name: split at - _ . and spaces, and between letters and digits."""
    pieces = [p for p in re.split(r"[-_.\s]+", stem) if p]
    return [w for piece in pieces for w in re.findall(r"[A-Za-z]+|\d+|[^A-Za-z\d]+", piece)]


def file_title(stem: str) -> str:
    """A title in words from a file name without its extension: a leading word with a
    number becomes the heading ("Week 5"), the rest the subject after a colon.

    >>> file_title("week5-nim")
    'Week 5: Nim'
    >>> file_title("lecture_3_misere_nim")
    'Lecture 3: Misère nim'
    >>> file_title("chomp")
    'Chomp'
    >>> file_title("sums-of-games")
    'Sums of games'
    >>> file_title("2024")
    '2024'
    >>> file_title("--")
    'Statements'
    """
    words = _words(stem)
    if not words:
        return say("title.untitled")
    # The words are the lecturer's own, from the name they gave the file.
    if len(words) >= 2 and words[0].isalpha() and words[1].isdigit():
        head = f"{words[0].capitalize()} {int(words[1])}"
        rest = " ".join(words[2:])
        return claim_words(polish(f"{head}: {rest[:1].upper()}{rest[1:]}" if rest else head))
    text = " ".join(words)
    return claim_words(polish(text[:1].upper() + text[1:]))
