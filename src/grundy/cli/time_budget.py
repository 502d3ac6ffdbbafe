"""The wall-time budget of ``solve``, ``table``, ``sequence`` and ``play`` (``--seconds``).

The searches have position, move and memory limits, but a position can still be slow to
value (a game whose moves are many and slow to list), so each of these commands also
stops after a time budget: :data:`DEFAULT_SECONDS` unless ``--seconds`` says otherwise.
The budget is kept from outside the work, so no engine has to remember to look at a
clock: a timer signal raises :class:`~grundy.errors.BudgetExceededError` in the running
code (the same one-line message and exit code 2 as the other limits), and since compiled
loops only notice a signal when they return, a watchdog thread ends the process itself,
with the same line, when the work has not stopped a tenth of the budget later.  Time
spent waiting for the player of ``grundy play`` is not counted (:meth:`TimeBudget.paused`).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

from grundy.errors import BudgetExceededError

__all__ = [
    "DEFAULT_SECONDS",
    "TimeBudget",
    "add_seconds_option",
    "parse_seconds",
    "seconds_parser",
    "time_budget",
]

DEFAULT_SECONDS = 300.0
"""Wall time a ``solve``, ``table`` or ``sequence`` run, or one move of the computer in
``play``, may take unless ``--seconds`` says otherwise."""

MAX_SECONDS = 10_000_000.0
"""The largest budget ``--seconds`` takes; ``none`` lifts the limit."""

GRACE = 0.1
"""The share of the budget the work gets to stop by itself before the process is ended."""


def seconds_parser(option: str) -> Callable[[str], float | None]:
    """The argparse type of every option that takes a time (``--seconds``,
    ``--claim-seconds``): a positive number of seconds up to :data:`MAX_SECONDS`, or
    ``none`` (or ``off``) for no limit; ``option`` names it in the errors."""

    def parse(text: str) -> float | None:
        if text.strip().lower() in ("none", "off"):
            return None
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{option} takes a number of seconds or 'none', not {text[:40]!r}"
            ) from None
        if not (value > 0 and math.isfinite(value)):
            raise argparse.ArgumentTypeError(
                f"{option} must be a positive number, not {text[:40]!r}"
            )
        if value > MAX_SECONDS:  # past what the system's timer takes
            raise argparse.ArgumentTypeError(
                f"{option} is at most {MAX_SECONDS:,.0f} (about 115 days); 'none' for no limit"
            )
        return value

    return parse


parse_seconds = seconds_parser("--seconds")


def add_seconds_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seconds",
        type=parse_seconds,
        default=DEFAULT_SECONDS,
        metavar="S",
        help=f"stop after S seconds of work (default {DEFAULT_SECONDS:g}; 'none': no limit)",
    )


RETRY_SECONDS = 0.01
"""How soon the timer signal comes again when it came inside a foreign callback."""

_CALLBACK_PACKAGES = (f"{os.sep}llvmlite{os.sep}",)
"""Packages whose Python code runs as callbacks from C through ctypes (numba's compiler
hands its cache of machine code to llvmlite's callbacks while a kernel is compiled or
loaded): an exception cannot leave such a callback."""


def _in_foreign_callback(frame: FrameType | None) -> bool:
    while frame is not None:
        if any(package in frame.f_code.co_filename for package in _CALLBACK_PACKAGES):
            return True
        frame = frame.f_back
    return False


def _message(seconds: float) -> str:
    return f"the time budget of {seconds:g} s was used up; raise it with --seconds"


class TimeBudget:
    """A running budget: a timer signal for Python code, a watchdog for compiled loops."""

    def __init__(self, seconds: float, err: Any = None) -> None:
        self.seconds = seconds
        self._left = seconds
        self._deadline: float | None = None
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._err = err
        self._previous: Any = None

    def start(self) -> None:
        self._previous = signal.signal(signal.SIGALRM, self._on_alarm)
        self._resume()
        threading.Thread(target=self._watch, daemon=True, name="grundy-time-budget").start()

    def stop(self) -> None:
        with self._lock:  # once the work has stopped the watchdog writes nothing
            self._done.set()
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self._previous or signal.SIG_DFL)

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """Time inside is not counted (waiting for a person)."""
        with self._lock:
            remaining, _ = signal.setitimer(signal.ITIMER_REAL, 0)
            self._left = max(remaining, 0.001) if self._deadline is not None else self._left
            self._deadline = None
        try:
            yield
        finally:
            self._resume()

    def _resume(self) -> None:
        with self._lock:
            self._deadline = time.monotonic() + self._left
            signal.setitimer(signal.ITIMER_REAL, self._left)

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        if _in_foreign_callback(frame):
            # An exception raised here would be printed and swallowed by ctypes ("Exception
            # ignored on calling ctypes callback function", a traceback): raise it once
            # the callback has returned, or let the watchdog end the process.
            signal.setitimer(signal.ITIMER_REAL, RETRY_SECONDS)
            return
        raise BudgetExceededError(_message(self.seconds))

    def _watch(self) -> None:
        while not self._done.wait(0.05):
            # Under the lock to the end: the work that stopped just now writes its own line
            # (two lines came out, the work's and the watchdog's, on a loaded machine).
            with self._lock:
                if self._done.is_set():
                    return
                deadline = self._deadline
                if deadline is None or time.monotonic() <= deadline + GRACE * self.seconds:
                    continue
                err = self._err or sys.stderr
                with contextlib.suppress(Exception):
                    err.write(f"grundy: error: {_message(self.seconds)}\n")
                    err.flush()
                _announce_exit(2)
                os._exit(2)


def _announce_exit(code: int) -> None:
    """In a child of :func:`grundy.usercode.run_in_child`, tell the parent why this
    process ends (it then writes nothing of its own).  Such a child has loaded usercode
    already; any other process has not, and need not load it (ctypes, pickle) to learn
    that it is no such child: this runs on the watchdog's thread, just before ``_exit``."""
    usercode = sys.modules.get("grundy.usercode")
    if usercode is not None:
        usercode.announce_exit(code)


@contextlib.contextmanager
def time_budget(seconds: float | None) -> Iterator[TimeBudget | None]:
    """Keep the work inside to ``seconds`` of wall time (``None``: no limit).

    Only in the main thread (signals are delivered there); elsewhere it does nothing.
    """
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield None
        return
    budget = TimeBudget(seconds)
    budget.start()
    try:
        yield budget
    finally:
        budget.stop()
