"""Progress on stderr for long commands: a rich progress bar with counts, rate and times.

The library reports progress through callbacks (:mod:`grundy.progress`); this module is
the one place that draws them, through :mod:`rich`.  The bar is shown only when stderr
is a terminal and ``--json`` was not given, and it is erased when the command finishes
or fails, so stdout is never touched and the terminal is left as it was.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import TracebackType
from typing import IO

from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
)
from rich.table import Column
from rich.text import Text

from grundy.library import TheoremResult
from grundy.progress import ProgressCallback

__all__ = ["ProgressLine", "progress_line"]

REFRESH_PER_SECOND = 10
BAR_WIDTH = 20
RATE_AFTER_SECONDS = 0.5  # a rate measured over less time than this is mostly noise


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
            self._progress = _new_progress(self.stream, self._width)
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


def _new_progress(stream: IO[str], width: int | None) -> Progress:
    console = Console(file=stream, width=width, highlight=False, force_terminal=True)
    columns = console.width
    # On a narrow terminal the bar, the time left and the rate give way, in that order,
    # so that the counts stay whole; the claim id at the end is cut short, not wrapped.
    fixed = Column(no_wrap=True)
    shown: list[ProgressColumn] = [
        TextColumn("{task.description}", table_column=Column(no_wrap=True))
    ]
    if columns >= 50:
        shown.append(_BarColumn(bar_width=max(5, min(BAR_WIDTH, columns - 62))))
    shown.append(_CountColumn(with_rate=columns >= 60, table_column=fixed))
    shown.append(_ElapsedColumn(table_column=fixed))
    if columns >= 70:
        shown.append(_TimeLeftColumn(table_column=fixed))
    shown.append(
        TextColumn(
            "{task.fields[detail]}",
            style="dim",
            table_column=Column(no_wrap=True, overflow="ellipsis", ratio=1),
        )
    )
    return Progress(
        *shown,
        console=console,
        expand=True,  # the id at the end takes only the width the rest leaves
        transient=True,
        refresh_per_second=REFRESH_PER_SECOND,
        redirect_stdout=False,
        redirect_stderr=False,
    )


class _BarColumn(ProgressColumn):
    """rich's bar, left out while the total is unknown (a count alone says as much)."""

    def __init__(self, bar_width: int) -> None:
        super().__init__()
        self.bar = BarColumn(bar_width=bar_width)

    def render(self, task: Task) -> RenderableType:
        return Text("") if task.total is None else self.bar.render(task)


class _CountColumn(ProgressColumn):
    """``done/total`` and the rate (after the first half second of this work)."""

    def __init__(self, *, with_rate: bool, table_column: Column | None = None) -> None:
        super().__init__(table_column=table_column)
        self.with_rate = with_rate

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        speed = task.speed if self.with_rate and elapsed >= RATE_AFTER_SECONDS else None
        return Text(_count_text(task.completed, task.total, speed))


class _ElapsedColumn(ProgressColumn):
    """Time since this kind of work began."""

    def render(self, task: Task) -> Text:
        return Text(_clock_text(task.elapsed or 0.0))


class _TimeLeftColumn(ProgressColumn):
    """The time left at the rate so far, while the total is known and not reached."""

    def render(self, task: Task) -> Text:
        left = task.time_remaining
        if task.total is None or task.finished or left is None:
            return Text("")
        return Text(f"({_clock_text(left)} left)")


def _count_text(completed: float, total: float | None, speed: float | None) -> str:
    """Counts with thousands separators, and the rate once it means something.

    >>> _count_text(806_912, 1_048_576, 50_432.0)
    '806,912/1,048,576 50,432/s'
    >>> _count_text(3, None, 0.25)
    '3 0.25/s'
    """
    counts = f"{int(completed):,}/{int(total):,}" if total else f"{int(completed):,}"
    if speed:
        rate = f"{speed:,.0f}/s" if speed >= 10 else f"{speed:.2g}/s"
        counts += f" {rate}"
    return counts


def _clock_text(seconds: float) -> str:
    """A duration as m:ss, or h:mm:ss past an hour.

    >>> _clock_text(5.2), _clock_text(3725)
    ('0:05', '1:02:05')
    """
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
