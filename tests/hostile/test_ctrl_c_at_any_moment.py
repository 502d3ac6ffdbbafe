"""Ctrl-C at any moment after grundy's code starts is one line and exit code 130, issue 34.

A Ctrl-C while the argument parser was built (after the loading handler was taken down,
before the command's own guard) came out as a traceback in about 3 runs in 100.  Here
the signal comes after random small delays, spread over start-up, loading, parsing and
the command itself (slow: each run is a process of its own; two run side by side)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "bouton.toml")
RUNS = 60
# Runs side by side: each run mostly waits for its own start-up, so two at a time (the
# CI machine's two cores) take about half the wall time.  The delays are drawn over the
# time a run takes with as many beside it, so they cover start-up just the same.
AT_ONCE = 2


def _hear_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # as at a terminal


def _started(words: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "grundy", *words],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_hear_ctrl_c,
    )


def _interrupted_after(delays: list[float], words: list[str]) -> list[tuple[float, int, str]]:
    """Each delay's run: grundy started, Ctrl-C after the delay, its exit code and stderr.
    :data:`AT_ONCE` runs go side by side (a new one starts as one ends), from this one
    thread (``preexec_fn`` is not safe with threads)."""
    waiting = list(delays)
    running: list[list[Any]] = []  # delay, when the signal is due, process, sent
    done: list[tuple[float, int, str]] = []
    while waiting or running:
        while waiting and len(running) < AT_ONCE:
            delay = waiting.pop(0)
            running.append([delay, time.perf_counter() + delay, _started(words), False])
        now = time.perf_counter()
        for run in list(running):
            delay, when, process, sent = run
            if not sent and now >= when:
                process.send_signal(signal.SIGINT)  # not sent if it has already ended
                run[3] = True
            elif sent and process.poll() is not None:
                _, err = process.communicate()
                done.append((delay, process.returncode, err))
                running.remove(run)
            elif sent and now > when + 60:
                process.kill()
                pytest.fail(f"grundy went on 60 s after Ctrl-C (delay {delay:.3f} s)")
        time.sleep(0.002)
    assert len(done) == len(delays)
    return done


def _start_up_seconds(words: list[str]) -> float:
    """How long a whole run takes here with :data:`AT_ONCE` of them side by side."""
    begin = time.perf_counter()
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "grundy", *words],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(AT_ONCE)
    ]
    ends = []
    for process in processes:
        process.wait(timeout=120)
        ends.append(time.perf_counter())
    return max(ends) - begin


def _outside_grundy(err: str) -> bool:
    """The one window this test does not cover: the signal while runpy imports the package
    (frozen runpy and importlib frames, and the package's ``__init__``), before grundy's
    code can install its handler (one set in ``grundy/__init__`` would change Ctrl-C for
    every program that merely imports grundy); or earlier, while Python imports runpy and
    the standard modules it needs (Python says "Could not import runpy module": CI, stop 39),
    or earlier still, while Python runs the site module and the ``.pth`` files of the
    environment (Python says "Fatal Python error: init_import_site": CI, stop 40).
    From the first line of ``grundy/__main__.py`` on, the window is covered: a Ctrl-C
    while it imports grundy.entry was a traceback (CI, stop 40) and is checked here.
    The window while workers are forked, where logging's at-fork hook printed "Exception
    ignored in: <function _releaseLock>", is closed (grundy.lifetime.ctrl_c_held) and
    checked here; so is a Ctrl-C inside a callback Python runs on its own account, such
    as importlib's for a module lock during one of the command's imports ("Exception
    ignored in: <function _get_module_lock.<locals>.cb>": CI, stop 42), which is now
    sent again (grundy.entry.hear_swallowed_ctrl_c; tests/hostile/test_ctrl_c_swallowed)."""
    # Python's own start-up: its init_* steps (site and the .pth files among them), runpy
    if err.startswith(("Could not import runpy module", "Fatal Python error: init_")):
        return True
    frames = [line for line in err.splitlines() if line.strip().startswith("File ")]
    return (
        bool(frames)
        and all(_in_the_package_import(line) for line in frames)
        and err.rstrip().endswith("KeyboardInterrupt")
    )


def _in_the_package_import(frame: str) -> bool:
    """A frame of runpy importing the package: Python's own, or the package's two lines
    of start-up (``grundy/__init__.py`` and the module it imports), which run before
    ``grundy/__main__.py`` and so before any handler of grundy's."""
    return 'File "<frozen ' in frame or any(
        f"grundy{os.sep}{name}" in frame for name in ("__init__.py", "notebook_html.py")
    )


@pytest.mark.parametrize("words", [["check", EXAMPLE], ["solve", "nim", "3", "4", "5"]])
def test_ctrl_c_after_random_delays_is_never_a_traceback(words: list[str]) -> None:
    draw = random.Random(34)  # the same delays each run
    # Where start-up ends on this machine: the delays cover it and a little beyond.
    whole = _start_up_seconds(words)
    delays = [draw.uniform(0.0, whole * 1.2) for _ in range(RUNS)]
    for delay, code, err in _interrupted_after(delays, words):
        if _outside_grundy(err):
            continue
        assert "Traceback" not in err, (delay, err)
        if code == -signal.SIGINT and not err:
            continue  # inside Python's own start-up, before any of grundy's code: killed
        if code in (0, 1) and not err:
            continue  # finished before the signal came
        assert code in (130, -signal.SIGINT), (delay, code, err)
        assert err.count("\n") == 1 and err.startswith("grundy: interrupted"), (delay, err)
