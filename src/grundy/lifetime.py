"""Worker processes that end with the process that started them.

A worker of ``--jobs`` must not outlive its parent: killed with SIGKILL, the parent gets
no chance to stop them, and a worker deep in a long claim would run on for minutes.
:func:`die_with_parent` (a pool's initializer) asks Linux to send the worker SIGKILL
when its parent dies (``prctl(PR_SET_PDEATHSIG)``); where that is not available, a
thread in the worker polls its parent's id.  Ctrl-C reaches every process of the
terminal's group at once: a worker ignores it, and the parent, which prints the one
line, ends the workers itself.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
from collections.abc import Iterator

__all__ = ["ctrl_c_held", "die_with_parent"]

_PR_SET_PDEATHSIG = 1
_POLL_SECONDS = 0.5


def die_with_parent(parent: int) -> None:
    """Make this process (a worker forked by ``parent``) end when ``parent`` does."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not (sys.platform.startswith("linux") and _ask_the_kernel()):
        threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


@contextlib.contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Ctrl-C held back while workers are forked, and heard once they are.

    ``os.fork`` runs hooks in both processes (logging's reinitialises its locks); a
    ``KeyboardInterrupt`` raised inside one cannot propagate and is printed as "Exception
    ignored in: <function _releaseLock>", a traceback after the one line of Ctrl-C.  So
    while forking, SIGINT only records that it came: a worker inherits that handler until
    :func:`die_with_parent` ignores the signal, and this process raises the interrupt
    after the last fork, where the pool's own ``except KeyboardInterrupt`` hears it.
    Outside the main thread (a library caller's) signals cannot be handled: nothing held.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    heard: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: heard.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if heard and callable(previous):  # Python's default handler raises KeyboardInterrupt
        previous(signal.SIGINT, None)


def _ask_the_kernel() -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        result = libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return False
    return bool(result == 0)


def _watch(parent: int) -> None:
    stop = threading.Event()
    while not stop.wait(_POLL_SECONDS):
        if os.getppid() != parent:
            os._exit(1)
