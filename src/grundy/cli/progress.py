"""Progress on stderr for long commands: a rich progress bar with counts, rate and times.

The library reports progress through callbacks (:mod:`grundy.progress`); this module is
the one place that draws them, through :mod:`rich` (its columns are in
:mod:`grundy.cli.progress_bar`, loaded with the first bar drawn).  The bar is shown only when stderr
is a terminal and ``--json`` was not given, and it is erased when the command finishes
or fails, so stdout is never touched and the terminal is left as it was.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import TracebackType
from typing import IO, TYPE_CHECKING

from grundy.progress import ProgressCallback

if TYPE_CHECKING:  # rich is imported when a bar is first drawn (grundy.cli.progress_bar)
    from rich.progress import Progress, TaskID

    from grundy.library import TheoremResult

__all__ = ["ProgressLine", "progress_line"]


def progress_line(*, as_json: bool = False, stream: IO[str] | None = None) -> ProgressLine:
    """The progress bar of a command: drawn on ``stream`` (default: the current
    ``sys.stderr``) when it is a terminal and the command's output is not JSON."""
    stream = sys.stderr if stream is None else stream
    enabled = not as_json and bool(getattr(stream, "isatty", lambda: False)())
    return ProgressLine(stream, enabled=enabled)


class ProgressLine:
    """One progress bar, for one kind of work at a time; a
    :data:`~grundy.progress.ProgressCallback`.

    Use it as a context manager so that the bar is erased however the command ends.  A new
    kind of work (a new ``what``) restarts the bar, its rate and its estimate of the time
    left; the elapsed time shown is that of the whole command.

    >>> import io
    >>> class Terminal(io.StringIO):
    ...     def isatty(self) -> bool:
    ...         return True
    >>> stream = Terminal()
    >>> with ProgressLine(stream, enabled=True, width=60) as line:
    ...     line(512, 1024, "Grundy values")
    >>> "Grundy values" in stream.getvalue() and "512/1,024" in stream.getvalue()
    True
    """

    def __init__(self, stream: IO[str], *, enabled: bool, width: int | None = None) -> None:
        self.stream = stream
        self.enabled = enabled
        self._width = width
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._what: str | None = None

    @property
    def showing(self) -> str | None:
        """The kind of work of the last update (its ``what``), if any."""
        return self._what

    # -- callbacks handed to the library ------------------------------------------------------

    @property
    def callback(self) -> ProgressCallback | None:
        """This bar as a library callback, or ``None`` when nothing would be drawn (so
        the library skips even the calls)."""
        return self if self.enabled else None

    def __call__(self, done: int, total: int | None, what: str) -> None:
        self.update(done, total, what)

    def claim_done(self, done: int, total: int, result: TheoremResult) -> None:
        """A ``run_theorems`` progress callback: one more claim checked."""
        self.update(done, total, "claims", detail=result.theorem.id)

    def cases_checked(self, claim_id: str) -> Callable[[int], None]:
        """A ``check_claim`` progress callback: cases of one claim checked so far."""

        def show(count: int) -> None:
            self.update(count, None, "cases checked", detail=claim_id)

        return show

    # -- drawing ------------------------------------------------------------------------------

    def update(self, done: int, total: int | None, what: str, detail: str = "") -> None:
        """Move the bar to ``done`` of ``total`` (rich redraws it ten times a second)."""
        if not self.enabled:
            return
        progress = self._started()
        if what != self._what or self._task is None:
            if self._task is not None:
                progress.remove_task(self._task)
            self._task = progress.add_task(what, total=total, completed=done, detail=detail)
            self._what = what
            return
        progress.update(self._task, total=total, completed=done, detail=detail)

    def _started(self) -> Progress:
        if self._progress is None:
            from grundy.cli.progress_bar import new_progress

            self._progress = new_progress(self.stream, self._width)
            self._progress.start()
        return self._progress

    def close(self) -> None:
        """Erase the bar (a no-op when nothing was drawn)."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None
            self._task = None

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
