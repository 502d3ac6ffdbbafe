"""A Ctrl-C that Python swallows still ends the command (CI, stop 42).

A ``KeyboardInterrupt`` raised inside a callback Python runs on its own account (here a
``__del__`` method and a garbage-collector callback; in CI importlib's callback for a
module lock, during one of the command's imports) cannot propagate.  Python printed
"Exception ignored in: ..." with a traceback and the command went on as if Ctrl-C had
never come.  grundy's entry point sends such an interrupt again."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

_SWALLOWED_IN_DEL = """
import time
{install}

class Interrupts:
    def __del__(self):
        raise {error}

try:
    Interrupts()
    time.sleep(20)  # a blocking wait: the signal sent again must wake it
    print("went on")
except KeyboardInterrupt:
    print("heard")
"""


def _run(script: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_an_interrupt_swallowed_by_a_del_method_is_heard() -> None:
    install = "from grundy.entry import hear_swallowed_ctrl_c; hear_swallowed_ctrl_c()"
    run = _run(_SWALLOWED_IN_DEL.format(install=install, error="KeyboardInterrupt"))
    assert (run.stdout, run.stderr) == ("heard\n", "")


def test_without_the_hook_python_swallows_it() -> None:
    """What the hook is for: without it the interrupt is lost (the test above can fail).
    The wait is cut short here: the process would go on for the whole of it."""
    script = _SWALLOWED_IN_DEL.format(install="", error="KeyboardInterrupt")
    run = _run(script.replace("time.sleep(20)", "time.sleep(0.2)"))
    assert run.stdout == "went on\n"
    assert "Exception ignored in" in run.stderr and "KeyboardInterrupt" in run.stderr


def test_other_swallowed_errors_are_reported_as_before() -> None:
    install = "from grundy.entry import hear_swallowed_ctrl_c; hear_swallowed_ctrl_c()"
    script = _SWALLOWED_IN_DEL.format(install=install, error="ValueError('kept')")
    run = _run(script.replace("time.sleep(20)", "time.sleep(0.2)"))
    assert run.stdout == "went on\n"
    assert "Exception ignored in" in run.stderr and "ValueError: kept" in run.stderr


_COMMAND_WITH_A_SWALLOWED_INTERRUPT = """
import gc
import signal
import sys

armed = [True]

def interrupt_once(phase, info):
    handler = getattr(signal.getsignal(signal.SIGINT), "__name__", "")
    loaded = "grundy.cli" in sys.modules  # the handler is Python's own before main too
    if armed[0] and phase == "stop" and handler == {phase!r} and loaded:
        armed[0] = False
        raise KeyboardInterrupt  # inside the collector: Python swallows it

gc.callbacks.append(interrupt_once)
sys.argv = ["grundy", {words}]
from grundy.entry import main

sys.exit(main())
"""


@pytest.mark.parametrize(
    "phase",
    [
        "_end_while_loading",  # Ctrl-C's handler while the command line's modules load
        "default_int_handler",  # and while the command runs
    ],
)
def test_the_command_ends_as_on_any_other_ctrl_c(phase: str) -> None:
    """The whole command through its own entry point: the first collection of the
    garbage collector while Ctrl-C's handler is ``phase`` raises the interrupt."""
    words = ", ".join(map(repr, ["solve", "nim", "3", "4", "5"]))
    script = _COMMAND_WITH_A_SWALLOWED_INTERRUPT.format(words=words, phase=phase)
    run = _run(script)
    assert (run.returncode, run.stderr) == (130, "grundy: interrupted\n")
