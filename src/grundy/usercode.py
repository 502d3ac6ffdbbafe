"""Running code a user wrote (games loaded with ``--games``) so that its failures stay its own.

A user's game is ordinary Python: its ``moves`` may loop forever, eat memory, call
``sys.exit``, end its process with ``os._exit`` or kill it.  grundy still owes a clean,
bounded answer, so the rule is decided here once:

- :func:`guarded` turns anything that escapes the user's code (an exception, a
  ``SystemExit``, a ``MemoryError``) into :class:`~grundy.errors.UserCodeError` naming
  who raised what; grundy's own errors (a budget used up) and Ctrl-C pass through.
- :func:`run_in_child` runs a piece of work in a forked child process, under
  :func:`guarded`, while the parent watches it: the child's growth in resident memory and
  its wall time are held to the limits given (past one, the child is killed and
  :class:`ChildStopped`, a :class:`~grundy.errors.BudgetExceededError`, names the
  limit), and a child that ends without handing back its result (``os._exit``, a signal) becomes a
  :class:`~grundy.errors.UserCodeError` saying how it ended.  The child ends with its
  parent however the parent ends (:func:`grundy.lifetime.die_with_parent`), and the
  parent kills and reaps it on every way out, so no process is left behind.

The claim checker runs grundy's own work the same way (``guard=False``): each claim is
checked in a child held to the claim's budget (:func:`grundy.claims.check_claim`), since
a Z3 query or a compiled loop cannot be stopped from inside.

The parent reads the child's result (a pickle) from a pipe while it watches, so a large
result cannot block the child.  Ctrl-C reaches both (they share the terminal's process
group): the child ignores it and the parent, which raises ``KeyboardInterrupt``, kills it.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pickle
import select
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from grundy.budget import format_bytes
from grundy.errors import BudgetExceededError, GrundyError, UserCodeError
from grundy.lifetime import die_with_parent

__all__ = [
    "ChildExited",
    "ChildStopped",
    "announce_exit",
    "describe_escape",
    "guarded",
    "in_watched_child",
    "module_from_file",
    "report_progress",
    "run_in_child",
]

_T = TypeVar("_T")

POLL_SECONDS = 0.02
"""How often the parent looks at the child's memory and clock while it waits."""

_MESSAGE_LIMIT = 200
"""Longest piece of a user's exception message quoted (one line, whatever it holds)."""

_CHILD_PIPE: int | None = None
"""In a child of :func:`run_in_child`: the pipe its result goes back through."""

_PROGRESS_PIPE: int | None = None
"""In a child of :func:`run_in_child` given ``on_progress``: the pipe counts go back by."""

_COUNT_BYTES = 8


class ChildStopped(BudgetExceededError):
    """The parent stopped the child at a limit of :func:`run_in_child` (the work's own
    budget checks, when they raise first, raise a plain ``BudgetExceededError``)."""


class ChildExited(GrundyError):
    """The child ended the process itself on purpose, having said so on stderr already
    (the time budget's watchdog): the parent ends with ``code`` and writes nothing."""

    def __init__(self, code: int) -> None:
        super().__init__(f"the work ended with exit code {code}")
        self.code = code


def module_from_file(
    name: str, file: Path, error: type[GrundyError]
) -> tuple[ModuleType, Callable[[], None]]:
    """A new module ``name`` for the Python ``file``, registered in ``sys.modules`` (so that
    dataclasses and pickling find it), and what runs the file in it, for the caller to call
    as it sees fit; a file Python cannot load raises ``error``."""
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise error(f"cannot load {file}")
    loader = spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    return module, lambda: loader.exec_module(module)


def describe_escape(exc: BaseException) -> str:
    """What the user's code did, in words for one line: ``called sys.exit(0)``,
    ``raised KeyError: 'x'``."""
    if isinstance(exc, SystemExit):
        return f"called sys.exit({_one_line(repr(exc.code))})"
    if isinstance(exc, MemoryError):
        return "ran out of memory (MemoryError)"
    if isinstance(exc, RecursionError):
        return "recursed too deeply (RecursionError)"
    try:
        text = str(exc)
    except Exception:  # an exception whose own message fails
        text = ""
    name = type(exc).__name__
    return f"raised {name}: {_one_line(text)}" if text else f"raised {name}"


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _MESSAGE_LIMIT else flat[: _MESSAGE_LIMIT - 3] + "..."


@contextlib.contextmanager
def guarded(who: str) -> Iterator[None]:
    """Inside, anything the user's code lets escape becomes a :class:`UserCodeError`
    beginning with ``who`` (``"game 'mine'"``); grundy's errors and Ctrl-C pass."""
    try:
        yield
    except (GrundyError, KeyboardInterrupt):
        raise
    except BaseException as exc:  # SystemExit, GeneratorExit, MemoryError, any Exception
        raise UserCodeError(f"{who} {describe_escape(exc)}") from None


def announce_exit(code: int) -> None:
    """Called just before this process ends itself on purpose (``os._exit``) after
    reporting why: in a child of :func:`run_in_child`, tell the parent so."""
    if _CHILD_PIPE is not None:
        with contextlib.suppress(OSError):
            os.write(_CHILD_PIPE, pickle.dumps(("exit", code)))


def in_watched_child() -> bool:
    """Whether this process is a child of :func:`run_in_child`, held to limits by its
    parent already (a second child inside it would only add a fork)."""
    return _CHILD_PIPE is not None


def report_progress(count: int) -> None:
    """In a child of :func:`run_in_child` started with ``on_progress``: hand ``count`` (a
    count of work done, below 2**63) to the parent, which passes it to ``on_progress``."""
    if _PROGRESS_PIPE is not None:
        with contextlib.suppress(OSError):  # 8 bytes: one write, never torn
            os.write(_PROGRESS_PIPE, count.to_bytes(_COUNT_BYTES, "little"))


def run_in_child(
    work: Callable[[], _T],
    who: str,
    *,
    memory_bytes: int | None = None,
    seconds: float | None = None,
    cpu_seconds: float | None = None,
    own_group: bool = True,
    guard: bool = True,
    on_progress: Callable[[int], None] | None = None,
) -> _T:
    """``work()`` run in a forked child under :func:`guarded` (``who`` names the user's
    code in messages), its result handed back.

    The child may add at most ``memory_bytes`` of resident memory and take at most
    ``seconds`` of wall time and ``cpu_seconds`` of processor time (``None``: no limit;
    the processor's clock stands still while the child waits for a person, as in ``play``);
    past a limit it is killed and :class:`ChildStopped` (a ``BudgetExceededError``) is
    raised.  What ``work`` raises is raised here
    (converted by :func:`guarded` when it is not grundy's); a child that ends before
    handing back a result raises :class:`UserCodeError`.

    With ``own_group`` the child leads a process group of its own, and the whole group
    is killed at the end: a process the user's code started is not left behind (unless
    it left the group itself).  ``play`` talks to the terminal and stays in grundy's.

    Without ``guard`` the work is grundy's own (a claim's check held to its budget):
    what it raises is raised here as it is, with the child's traceback as a note, so
    that a bug stays a bug rather than becoming an error of the user's code.

    With ``on_progress`` the child's calls of :func:`report_progress` reach it, in this
    process, in order, while the parent waits.
    """
    global _PROGRESS_PIPE
    reader, writer = os.pipe()
    counts, counted = os.pipe() if on_progress is not None else (None, None)
    parent = os.getpid()
    baseline = _resident(parent) or 0
    _flush_standard_streams()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(reader)
        if counts is not None:
            os.close(counts)
            _PROGRESS_PIPE = counted
        if own_group:
            _lead_a_group()
        _child(work, who if guard else None, writer, parent)
    os.close(writer)
    if counted is not None:
        os.close(counted)
    if own_group:
        with contextlib.suppress(OSError):  # done by the child too: whichever comes first
            os.setpgid(pid, pid)
    reaped: list[int] = []
    try:
        limits = _Limits(baseline, memory_bytes, seconds, cpu_seconds)
        relay = None if counts is None or on_progress is None else _Relay(counts, on_progress)
        kind, payload = _wait_for(pid, reader, limits, reaped, relay)
    finally:
        os.close(reader)
        if counts is not None:
            os.close(counts)
        if own_group:
            with contextlib.suppress(OSError):  # the child and whatever it started
                os.killpg(pid, signal.SIGKILL)
        if not reaped:
            _end(pid)
    if kind == "ok":
        return payload  # type: ignore[no-any-return]
    if kind == "exit":
        raise ChildExited(int(payload))
    if kind == "raise":
        raise payload
    raise UserCodeError(f"{who} {payload}")


def _flush_standard_streams() -> None:
    # What is buffered before the fork would otherwise be written twice.
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()


def _lead_a_group() -> None:
    # Out of the terminal's foreground group, a write to the terminal would stop the
    # child where the terminal says so (stty tostop); the child asks for no such stop.
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)


def _child(work: Callable[[], Any], who: str | None, writer: int, parent: int) -> None:
    global _CHILD_PIPE
    code = 0
    try:
        die_with_parent(parent)
        _CHILD_PIPE = writer
        try:
            with guarded(who) if who is not None else contextlib.nullcontext():
                result: tuple[str, Any] = ("ok", work())
        except KeyboardInterrupt:  # the child ignores Ctrl-C: the user's code raised it
            result = ("raise", UserCodeError(f"{who or 'the work'} raised KeyboardInterrupt"))
        except BaseException as exc:  # handed to the parent, which raises it
            if who is None and not isinstance(exc, GrundyError):  # a bug: keep where it was
                exc.add_note("".join(traceback.format_exception(exc)).rstrip())
            result = ("raise", exc)
        _flush_standard_streams()
        os.write(writer, b"")  # the pipe is still open: a closed one fails here
        _send(writer, result)
    except BaseException:  # nothing can be told: the parent sees a child that ended early
        code = 70
    finally:
        os._exit(code)


def _send(writer: int, result: tuple[str, Any]) -> None:
    try:
        data = pickle.dumps(result)
    except Exception as exc:  # a result or an exception pickle cannot carry
        kind, payload = result
        text = f"{type(payload).__name__}: {payload}" if kind == "raise" else "its result"
        data = pickle.dumps(("broken", f"gave back what cannot be handed over ({text}; {exc})"))
    view = memoryview(data)
    while view:
        view = view[os.write(writer, view) :]


@dataclass(frozen=True, slots=True)
class _Limits:
    baseline: int
    memory_bytes: int | None
    seconds: float | None
    cpu_seconds: float | None


class _Relay:
    """The parent's end of the progress pipe: whole counts, passed on as they come."""

    def __init__(self, pipe: int, on_progress: Callable[[int], None]) -> None:
        self.pipe = pipe
        self._on_progress = on_progress
        self._pending = b""

    def read(self) -> bool:
        """Pass on the counts that came; false once the child's end is closed."""
        got = os.read(self.pipe, 1 << 16)
        data = self._pending + got
        whole = len(data) - len(data) % _COUNT_BYTES
        self._pending = data[whole:]
        for start in range(0, whole, _COUNT_BYTES):
            self._on_progress(int.from_bytes(data[start : start + _COUNT_BYTES], "little"))
        return bool(got)


def _wait_for(
    pid: int, reader: int, limits: _Limits, reaped: list[int], relay: _Relay | None = None
) -> tuple[str, Any]:
    chunks: list[bytes] = []
    seconds, memory_bytes, baseline = limits.seconds, limits.memory_bytes, limits.baseline
    deadline = None if seconds is None else time.monotonic() + seconds
    watched = [reader] if relay is None else [reader, relay.pipe]
    while True:
        ready, _, _ = select.select(watched, [], [], POLL_SECONDS)
        if relay is not None and relay.pipe in ready and not relay.read():
            watched = [reader]  # the child is done with it
        if reader in ready:
            chunk = os.read(reader, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            continue
        if memory_bytes is not None:
            used = _resident(pid)
            if used is not None and used - baseline > memory_bytes:
                raise ChildStopped(
                    f"the memory budget of {format_bytes(memory_bytes)} was used up (the "
                    f"process running it grew by {format_bytes(used - baseline)})"
                )
        if deadline is not None and time.monotonic() >= deadline:
            raise ChildStopped(f"the time budget of {seconds:g} s was used up")
        if limits.cpu_seconds is not None and _cpu_seconds(pid) >= limits.cpu_seconds:
            raise ChildStopped(f"the time budget of {limits.cpu_seconds:g} s was used up")
    data = b"".join(chunks)
    if data:
        try:
            outcome = pickle.loads(data)  # our own child wrote it
        except Exception:
            outcome = ("broken", "ended while handing back its result")
        return outcome  # type: ignore[no-any-return]
    _, status = os.waitpid(pid, 0)  # the pipe closed without a word: the child ended
    reaped.append(pid)
    return ("broken", f"ended the process it ran in ({_how_it_ended(status)}) before it finished")


def _how_it_ended(status: int) -> str:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        return f"killed by {name}"
    return f"exit code {os.WEXITSTATUS(status)}"


def _end(pid: int) -> None:
    """Kill the child if it still runs, and reap it (no zombie, no orphan)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


def _cpu_seconds(pid: int) -> float:
    """Processor time (user and system) process ``pid`` has used so far."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICKS
    except (OSError, IndexError, ValueError):
        return 0.0


def _resident(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/statm", "rb") as handle:
            return int(handle.read().split()[1]) * _PAGE_SIZE
    except (OSError, IndexError, ValueError):
        return None


_PAGE_SIZE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
