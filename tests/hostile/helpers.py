"""Running grundy on hostile user games as a real process, and what is left of it after.

Each run starts ``python -m grundy`` in a session of its own, with its address space
capped (so a memory runaway fails fast instead of slowing the machine, and grundy's own
memory limit must come first), and measures its wall time.  When it has ended, every
process still in its session (workers, the children that run the user's code, in process
groups of their own, and what the user's code started) is a leftover: the run's session
is empty once grundy exits, or a test fails.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

GAMES_FILE = str(Path(__file__).with_name("games_file.py"))

CAP = 3_000_000_000
"""Bytes of address space a run may reserve: above grundy's 1 GiB of added memory (the
limit of solve and of a claim), so grundy's limit is met first."""

START_UP = 4.0
"""Seconds a run may take besides its budget (start-up on a busy machine, the grace)."""


@dataclass(frozen=True, slots=True)
class Run:
    code: int
    out: str
    err: str
    seconds: float
    leftovers: list[int]


def _prepare() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # heard as at a terminal


def start(*words: str, stdin: str | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "grundy", *words],
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own session: leftovers are easy to find
        preexec_fn=_prepare,
    )


def grundy(*words: str, stdin: str | None = None, timeout: float = 120) -> Run:
    begin = time.perf_counter()
    process = start(*words, stdin=stdin)
    try:
        out, err = process.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    seconds = time.perf_counter() - begin
    return Run(process.returncode, out, err, seconds, leftovers(process.pid))


def group_members(session: int) -> list[int]:
    """Processes (zombies aside: their parent reaps them) in session ``session``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        state, sid = fields[0], int(fields[3])
        if sid == session and state != "Z":
            found.append(int(entry))
    return found


def leftovers(session: int, grace: float = 3.0) -> list[int]:
    """Processes of the session still there ``grace`` seconds after its leader ended (a
    worker told by the kernel to die with its parent needs a moment); killed after."""
    deadline = time.monotonic() + grace
    while True:
        found = group_members(session)
        if not found or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    for pid in found:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return found


def one_error_line(run: Run) -> str:
    """The one line grundy wrote on stderr, checked to be one ``grundy: error`` line."""
    lines = run.err.strip().splitlines()
    assert len(lines) == 1, run.err
    assert lines[0].startswith("grundy: error: "), run.err
    assert "Traceback" not in run.err
    return lines[0]
