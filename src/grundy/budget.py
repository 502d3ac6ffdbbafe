"""Time and memory budgets for a search or a claim, checked cheaply and often.

A :class:`Budget` is the allowance (seconds of wall time, bytes of resident memory);
:meth:`Budget.start` gives a :class:`Meter` that long loops call.  The meter reads the
clock on every call but the process's resident memory (``/proc/self/statm``, a cheap
read on Linux) only every :data:`MEMORY_STRIDE` calls.  Passing either limit raises
:class:`~grundy.errors.BudgetExceededError`, whose message names the limit, so a check
ends as ``unknown`` with the reason rather than exhausting the machine.

Memory is counted as the growth of the process's resident memory since the meter
started: a budget of 1 GiB stops a search once the process holds 1 GiB more than when
the work began (memory a previous piece of work freed but the process kept is not held
against the next one).  Where ``/proc`` is missing (not Linux), only the time limit and
the solvers' counts apply.

>>> meter = Budget(seconds=None, memory_bytes=None).start()
>>> meter.check()  # nothing to exceed
>>> Budget(seconds=0.0).start().check()
Traceback (most recent call last):
...
grundy.errors.BudgetExceededError: the time budget of 0 s was used up
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from grundy.errors import BudgetExceededError

__all__ = ["MEMORY_STRIDE", "Budget", "Meter", "format_bytes", "resident_bytes"]

MEMORY_STRIDE = 8

CHECK_SECONDS = 0.02
"""About how often :meth:`Meter.tick` reads the clock."""

MAX_STRIDE = 4096
"""A meter reads resident memory on one call in this many (the clock on every call)."""

_PAGE_SIZE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes() -> int | None:
    """The process's resident memory in bytes, or ``None`` where it cannot be read."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            fields = handle.read().split()
        return int(fields[1]) * _PAGE_SIZE
    except (OSError, IndexError, ValueError):
        return None


def format_bytes(count: int) -> str:
    """``1536 * 2**20`` -> ``'1.5 GiB'``; sizes past a float's range by their power of 10.

    >>> format_bytes(3 << 29), format_bytes(10**700)
    ('1.5 GiB', 'about 10^700 bytes')
    """
    if count >= 1 << 80:
        return f"{format_count(count)} bytes"
    if count >= 1 << 30:
        return f"{count / (1 << 30):.3g} GiB"
    return f"{count / (1 << 20):.3g} MiB"


def format_count(count: int) -> str:
    """A count with thousands separators, or its power of 10 when it is astronomical (a
    number of hundreds of digits helps no one, and past 4,300 Python will not print it).

    >>> format_count(1234567), format_count(10**700 + 1)
    ('1,234,567', 'about 10^700')
    """
    if count < 10**15:
        return f"{count:,}"
    exponent = int((count.bit_length() - 1) * 0.30102999566398120)  # log10(2)
    if count >= 10 ** (exponent + 1):
        exponent += 1
    return f"about 10^{exponent}"


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a piece of work may take, and how much it may add to the process's
    resident memory (``None``: no limit)."""

    seconds: float | None = None
    memory_bytes: int | None = None

    def start(self) -> Meter:
        """A meter whose clock starts now."""
        return Meter(self)

    def describe(self) -> str:
        parts = []
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        if self.memory_bytes is not None:
            parts.append(format_bytes(self.memory_bytes))
        return " and ".join(parts) or "no limit"


class Meter:
    """A running budget: :meth:`check` raises once the time or the memory is used up."""

    __slots__ = ("_baseline", "_calls", "_checked_at", "_deadline", "_stride", "_ticks", "budget")

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self._deadline = None if budget.seconds is None else time.monotonic() + budget.seconds
        self._calls = 0
        self._baseline = (resident_bytes() or 0) if budget.memory_bytes is not None else 0
        self._ticks = 0
        self._stride = 16
        self._checked_at = time.monotonic()

    def tick(self, units: int = 1) -> None:
        """One small unit of work (a move listed); :meth:`check` every so many ticks.
        A step that is ``units`` small units at once (a row of thousands of entries) says
        so: a stride learned on small steps must not carry over to large ones.

        How many depends on how long ticks take: the stride adapts so that the clock is
        read about every :data:`CHECK_SECONDS`, whether a tick takes a microsecond (a
        small position) or ten milliseconds (a move in a position of 100,000 heaps).
        """
        self._ticks += units
        if self._ticks < self._stride:
            return
        self._ticks = 0
        self.check()
        now = time.monotonic()
        gap, self._checked_at = now - self._checked_at, now
        if gap < CHECK_SECONDS / 2:
            self._stride = min(self._stride * 2, MAX_STRIDE)
        elif gap > CHECK_SECONDS * 2:
            self._stride = max(self._stride // 4, 1)

    def remaining(self) -> float | None:
        """Seconds left before the time limit (never below 0), or ``None`` without one:
        what a call that cannot be interrupted (a Z3 query) is given as its own timeout."""
        if self._deadline is None:
            return None
        return max(self._deadline - time.monotonic(), 0.0)

    def timeout_ms(self, most: int) -> int:
        """The timeout, in milliseconds, of a call that cannot be interrupted (a Z3
        query): ``most``, or less when the time budget runs out sooner (at least 1)."""
        left = self.remaining()
        if left is not None:
            most = min(most, int(left * 1000))
        return max(int(most), 1)

    def check(self) -> None:
        """Raise :class:`~grundy.errors.BudgetExceededError` when past a limit."""
        if self._deadline is not None and time.monotonic() >= self._deadline:
            raise BudgetExceededError(f"the time budget of {self.budget.seconds:g} s was used up")
        limit = self.budget.memory_bytes
        if limit is None:
            return
        self._calls += 1
        if self._calls % MEMORY_STRIDE == 1:
            self.check_memory()

    def check_memory(self) -> None:
        """Read resident memory now (not only every :data:`MEMORY_STRIDE` calls)."""
        limit = self.budget.memory_bytes
        if limit is None:
            return
        used = resident_bytes()
        if used is not None and used - self._baseline > limit:
            raise BudgetExceededError(
                f"the memory budget of {format_bytes(limit)} was used up (the process grew "
                f"by {format_bytes(used - self._baseline)}, to {format_bytes(used)})"
            )
