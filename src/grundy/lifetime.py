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

import ctypes
import os
import signal
import sys
import threading

__all__ = ["die_with_parent"]

_PR_SET_PDEATHSIG = 1
_POLL_SECONDS = 0.5


def die_with_parent(parent: int) -> None:
    """Make this process (a worker forked by ``parent``) end when ``parent`` does."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not (sys.platform.startswith("linux") and _ask_the_kernel()):
        threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


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
