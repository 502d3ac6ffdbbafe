"""A progress line on stderr for long commands: a bar, counts, rate and elapsed time.

The library reports progress through callbacks (:mod:`grundy.progress`); this module is
the one place that draws them.  The line is shown only when stderr is a terminal and
``--json`` was not given; it is redrawn in place (carriage return, no newline) at most
ten times a second, and erased when the command finishes or fails, so that stdout is
never touched and the terminal is left as it was.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import IO

from grundy.library import TheoremResult
from grundy.progress import ProgressCallback

__all__ = ["ProgressLine", "progress_line"]

REDRAW_SECONDS = 0.1  # the line is redrawn at most this often (the last update always is)
BAR_WIDTH = 20
RATE_AFTER_SECONDS = 0.5  # a rate measured over less time than this is mostly noise


def progress_line(*, as_json: bool = False, stream: IO[str] | None = None) -> ProgressLine:
    """The progress line of a command: drawn on ``stream`` (default: the current
    ``sys.stderr``) when it is a terminal and the command's output is not JSON."""
    stream = sys.stderr if stream is None else stream
    enabled = not as_json and bool(getattr(stream, "isatty", lambda: False)())
    return ProgressLine(stream, enabled=enabled)


class ProgressLine:
    """One updating line of progress; a :data:`~grundy.progress.ProgressCallback`.

    Use it as a context manager so that the line is erased however the command ends.

    >>> import io
    >>> stream = io.StringIO()
    >>> with ProgressLine(stream, enabled=True, clock=lambda: 2.0) as line:
    ...     line(512, 1024, "Grundy values")
    >>> stream.getvalue().split("\\r")[1].split()[:4]
    ['Grundy', 'values', '[##########..........]', '512/1,024']
    >>> stream.getvalue().endswith("\\r")  # erased at the end
    True
    """

    def __init__(
        self,
        stream: IO[str],
        *,
        enabled: bool,
        clock: Callable[[], float] = time.monotonic,
        columns: int | None = None,
    ) -> None:
        self.stream = stream
        self.enabled = enabled
        self._clock = clock
        self._columns = columns
        self._started = clock()
        self._drawn_at: float | None = None
        self._shown = 0  # characters on the line now
        # The rate is measured from the first call about the current kind of work.
        self._what: str | None = None
        self._what_started = self._started
        self._what_first = 0

    @property
    def showing(self) -> str | None:
        """The kind of work of the last update (its ``what``), if any."""
        return self._what

    # -- callbacks handed to the library ------------------------------------------------------

    @property
    def callback(self) -> ProgressCallback | None:
        """This line as a library callback, or ``None`` when nothing would be drawn (so
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
        """Redraw the line, unless it was drawn less than ``REDRAW_SECONDS`` ago."""
        if not self.enabled:
            return
        now = self._clock()
        if what != self._what:
            self._what, self._what_started, self._what_first = what, now, done
        finished = total is not None and done >= total
        if self._drawn_at is not None and now - self._drawn_at < REDRAW_SECONDS and not finished:
            return
        self._drawn_at = now
        self._draw(self.render(done, total, what, detail, now))

    def render(self, done: int, total: int | None, what: str, detail: str, now: float) -> str:
        """The text of the line (without the carriage return), cut to the terminal width.

        >>> import io
        >>> line = ProgressLine(io.StringIO(), enabled=True, clock=lambda: 0.0)
        >>> line.render(130_000, None, "positions explored", "", now=65.0)
        'positions explored 130,000 2,000/s  1:05'
        """
        counts = f"{done:,}/{total:,}" if total else f"{done:,}"
        seconds = now - self._what_started
        times = ""
        left = ""
        if seconds >= RATE_AFTER_SECONDS and done > self._what_first:
            rate = (done - self._what_first) / seconds
            times = f"{rate:,.0f}/s " if rate >= 10 else f"{rate:.2g}/s "
            if total is not None and done < total:  # the time left, at the rate so far
                left = f" ({_clock_text((total - done) / rate)} left)"
        times += f" {_clock_text(now - self._started)}{left}"
        detail = f"  {detail}" if detail else ""
        width = self._width()
        bar = ""
        if total:
            # The bar gives way first on a narrow terminal, so the numbers stay whole.
            room = width - len(f"{what}  {counts} {times}") - 2
            cells = min(BAR_WIDTH, room)
            if cells >= 5:
                filled = min(cells, cells * done // total)
                bar = " [" + "#" * filled + "." * (cells - filled) + "]"
        return f"{what}{bar} {counts} {times}{detail}"[:width]

    def _width(self) -> int:
        columns = self._columns or shutil.get_terminal_size(fallback=(80, 24)).columns
        return max(columns - 1, 20)  # the last column would wrap on some terminals

    def _draw(self, text: str) -> None:
        # Spaces cover what is left of a longer previous line.
        self.stream.write("\r" + text + " " * max(self._shown - len(text), 0))
        self.stream.flush()
        self._shown = len(text)

    def close(self) -> None:
        """Erase the line (a no-op when nothing was drawn)."""
        if self._shown:
            self.stream.write("\r" + " " * self._shown + "\r")
            self.stream.flush()
            self._shown = 0
        self._drawn_at = None

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _clock_text(seconds: float) -> str:
    """Elapsed time as m:ss, or h:mm:ss past an hour.

    >>> _clock_text(5.2), _clock_text(3725)
    ('0:05', '1:02:05')
    """
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
