"""The rich progress bar that :class:`grundy.cli.progress.ProgressLine` draws: its columns,
and how they give way on a narrow terminal.  Imported when a bar is first drawn, so that
a command whose stderr is not a terminal never loads rich for it."""

from __future__ import annotations

from typing import IO

from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
)
from rich.table import Column
from rich.text import Text

__all__ = ["new_progress"]

REFRESH_PER_SECOND = 10
BAR_WIDTH = 20
RATE_AFTER_SECONDS = 0.5  # a rate measured over less time than this is mostly noise


def new_progress(stream: IO[str], width: int | None) -> Progress:
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
