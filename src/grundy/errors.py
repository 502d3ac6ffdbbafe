"""Every exception grundy raises on purpose derives from :class:`GrundyError`.

Errors caused by bad input also derive from the matching builtin (``ValueError``,
``LookupError``), so callers that do not know grundy can still catch them.  Each message
names the offending input, so that the command line can show it as one line.
"""

from __future__ import annotations

__all__ = [
    "ClaimError",
    "GameNotFiniteError",
    "GrundyError",
    "InvalidParameterError",
    "InvalidPositionError",
    "NoMoveGraphError",
    "SearchLimitError",
    "UndeterminedOutcomeError",
    "UnknownGameError",
]


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
    """Raised when an exact search would exceed its configured number of positions."""


class ClaimError(GrundyError, ValueError):
    """Raised when a claim (its file, fields or expressions) is malformed."""
