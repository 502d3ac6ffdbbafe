"""Standard output that fails cleanly: a full disk or a closed pipe ends grundy quietly.

A write error on standard output is not a bug in grundy: the reader went away (a closed
pipe, ``grundy table ... | head -1``) or the disk is full.  :class:`GuardedOutput` turns
the second into :class:`OutputFailedError` (one line and exit code 2); a closed pipe
stays a ``BrokenPipeError`` (exit code 0, nothing said).  Either way
:func:`silence_stdout` then points standard output at the null device, so Python's own
flush at exit has nothing left to fail on.
"""

from __future__ import annotations

import io
import os
import sys
from typing import IO

from grundy.errors import GrundyError

__all__ = ["ErrorOutput", "GuardedOutput", "OutputFailedError", "silence_stdout"]


class OutputFailedError(GrundyError, OSError):
    """Writing to standard output failed (a full disk, an I/O error)."""


class GuardedOutput(io.TextIOBase):
    """A text stream that passes writes to ``stream`` and names a failure.

    Standard output closed before grundy started (``grundy ... >&-``: ``sys.stdout`` is
    ``None``) counts as a reader that went away.
    """

    def __init__(self, stream: IO[str] | None) -> None:
        super().__init__()
        self._stream: IO[str] = stream if stream is not None else _Closed()

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputFailedError(_message(exc)) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputFailedError(_message(exc)) from None

    def isatty(self) -> bool:
        return self._stream.isatty()

    def fileno(self) -> int:
        return self._stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._stream, "encoding", "utf-8")


class _Closed(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError("standard output is closed")

    def isatty(self) -> bool:
        return False


class ErrorOutput(io.TextIOBase):
    """Standard error, where a failed write is dropped: the message had nowhere to go,
    and failing over it would only change the exit code."""

    def __init__(self, stream: IO[str] | None) -> None:
        super().__init__()
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is not None:
            try:
                self._stream.write(text)
                self._stream.flush()
            except (OSError, ValueError):
                pass
        return len(text)

    def isatty(self) -> bool:
        try:
            return self._stream is not None and self._stream.isatty()
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        if self._stream is None:
            raise OSError("standard error is closed")
        return self._stream.fileno()

    def writable(self) -> bool:
        return True


def _message(exc: OSError) -> str:
    return f"cannot write the output: {exc.strerror or exc}"


def silence_stdout() -> None:
    """Point file descriptor 1 at the null device (what Python's docs advise after a
    broken pipe), dropping what is still buffered."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # stdout is not a real file (a test's StringIO): nothing to silence
