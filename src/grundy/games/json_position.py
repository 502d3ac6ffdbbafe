"""Positions written as JSON on the command line, and the contract between a game's
``from_value`` and ``to_json`` said where it is broken.

A game whose positions nest (Poker Nim's ``[[1, 2], 1, 1]``: a heap with a bank of two,
then two plain heaps) cannot be written as whole-number words, so one word that starts with
``[`` is read as JSON and handed to ``from_value`` as it is.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from grundy.errors import InvalidPositionError, brief
from grundy.files import decode_document

__all__ = ["MAX_POSITION_TEXT", "is_json_word", "own_position_hint", "read_json_position"]

MAX_POSITION_TEXT = 1_000_000
"""Most characters of a position written as JSON on the command line."""


def is_json_word(tokens: Sequence[str]) -> bool:
    """Whether the command-line words are one JSON list (``'[[1,2],1,1]'``)."""
    return len(tokens) == 1 and str(tokens[0]).lstrip().startswith("[")


def read_json_position(text: str) -> Any:
    """The JSON data of one command-line word, or :class:`InvalidPositionError` saying
    why it cannot be read.

    >>> read_json_position("[[1, 2], 1, 1]")
    [[1, 2], 1, 1]
    >>> read_json_position("[[1, 2], 1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grundy.errors.InvalidPositionError: the position '[[1, 2], 1' is not JSON (column 11: ...)
    """
    if len(text) > MAX_POSITION_TEXT:
        raise InvalidPositionError(
            f"the position is {len(text):,} characters of JSON, more than {MAX_POSITION_TEXT:,}"
        )
    return decode_document(
        json.loads,
        text,
        syntax_error=json.JSONDecodeError,
        fail=InvalidPositionError,
        syntax=lambda exc: (
            f"the position {brief(text)} is not JSON (column {exc.colno}: {exc.msg})"
        ),
        too_deep="the position is nested too deeply",
        too_long=lambda exc: "a number in the position is too long",
    )


def own_position_hint(position: Any, data: Any) -> str:
    """When ``from_value`` refused ``data``, what ``to_json`` made of a position the game
    itself built: the reason, when ``to_json`` handed the position back unchanged (the
    default) and it is not JSON data (a tuple, a frozenset), or ``""``.

    >>> own = frozenset({1})
    >>> own_position_hint(own, own).split(",")[1]
    ' here a frozenset'
    >>> data = [1, 2]
    >>> own_position_hint(data, data)
    ''
    """
    if data is not position or _is_json_data(data):
        return ""
    return (
        " (from_value is handed back the game's own positions, here a "
        f"{type(position).__name__}, through to_json, which returns the position itself "
        "unless the game overrides it: accept them in from_value, or make to_json return "
        "lists and numbers)"
    )


def _is_json_data(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, list):
        return all(_is_json_data(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_json_data(v) for k, v in value.items())
    return False
