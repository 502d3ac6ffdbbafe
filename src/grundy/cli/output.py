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

__all__ = ["GuardedOutput", "OutputFailedError", "silence_stdout"]


class OutputFailedError(GrundyError, OSError):
    """Writing to standard output failed (a full disk, an I/O error)."""


class GuardedOutput(io.TextIOBase):
    """A text stream that passes writes to ``stream`` and names a failure."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__()
        self._stream = stream

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
