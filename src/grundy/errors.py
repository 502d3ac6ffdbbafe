"""Every exception grundy raises on purpose derives from :class:`GrundyError`.

Errors caused by bad input also derive from the matching builtin (``ValueError``,
``LookupError``), so callers that do not know grundy can still catch them.  Each message
names the offending input, so that the command line can show it as one line.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "BudgetExceededError",
    "ClaimError",
    "GameNotFiniteError",
    "GrundyError",
    "InvalidArgumentError",
    "InvalidParameterError",
    "InvalidPositionError",
    "NoInverseError",
    "NoMoveGraphError",
    "SearchLimitError",
    "UndeterminedOutcomeError",
    "UnknownGameError",
    "UserCodeError",
    "brief",
]

BRIEF_LENGTH = 60
"""Longest spelling of an input that an error message quotes in full."""


def brief(value: Any, limit: int = BRIEF_LENGTH) -> str:
    """``repr(value)``, shortened to about ``limit`` characters for an error message.

    Whole numbers too long to spell (Python refuses ``str`` past 4,300 digits) are given
    by their size instead.

    >>> brief(12345)
    '12345'
    >>> brief(10**100)
    '1000000000000000000000000...0000000000000000000000000 (101 digits)'
    >>> brief(2**20000)
    'a whole number of 20,001 bits'
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 14_000:  # past what int -> str is allowed to do
            return f"a whole number of {value.bit_length():,} bits"
        text = str(value)
        if len(text) > limit:
            keep = (limit - 10) // 2
            digits = len(text.lstrip("-"))
            return f"{text[:keep]}...{text[-keep:]} ({digits:,} digits)"
        return text
    try:
        text = repr(value)
    except ValueError:  # a huge whole number somewhere inside
        return f"a {type(value).__name__} holding a very large number"
    except Exception:  # an object whose own repr fails: named by its type
        return f"a {type(value).__name__} that cannot be shown"
    if len(text) > limit:
        return f"{text[: limit - 3]}..."
    return text


class GrundyError(Exception):
    """Root of grundy's exceptions."""


class UnknownGameError(GrundyError, LookupError):
    """Raised when a game name is not in the catalogue."""

    def __str__(self) -> str:  # LookupError would quote the message
        return str(self.args[0]) if self.args else ""


class InvalidParameterError(GrundyError, ValueError):
    """Raised when a game's options are missing, unknown, or outside the game's rules."""


class InvalidPositionError(GrundyError, ValueError):
    """Raised when a position cannot be parsed, or is not a position of the game."""


class GameNotFiniteError(GrundyError):
    """Raised when the solver meets a cycle of moves: the game need not end."""


class NoMoveGraphError(GrundyError):
    """Raised when a game whose turns are simultaneous choices (Lucky Nim) is asked for its
    list of moves: it has none, and its outcomes come from its own analysis."""


class UndeterminedOutcomeError(GrundyError):
    """Raised when a position is won for sure by neither player (a simultaneous choice
    comes down to guessing), where an outcome P or N was asked for."""


class SearchLimitError(GrundyError):
    """Raised when an exact search would exceed its configured number of positions or
    moves, its memory, or the size the command line accepts; the message names the limit."""


class BudgetExceededError(SearchLimitError):
    """Raised when a check passes its time or memory budget (see :mod:`grundy.budget`)."""


class InvalidArgumentError(GrundyError, TypeError, ValueError):
    """Raised when a library function is given a value of the wrong kind (``mex(["a"])``)."""


class NoInverseError(GrundyError, ZeroDivisionError):
    """Raised when an inverse that does not exist is asked for (the nimber 0 has none)."""


class ClaimError(GrundyError, ValueError):
    """Raised when a claim (its file, fields or expressions) is malformed."""


class UserCodeError(GrundyError):
    """Raised when code a user wrote (a game loaded with ``--games``) fails: it raised,
    called ``sys.exit``, or ended its process; the message names the game and what it did
    (see :mod:`grundy.usercode`)."""
