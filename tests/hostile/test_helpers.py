"""The leftover finder of the hostile tests can fail: a process left behind is found."""

from __future__ import annotations

import subprocess

from tests.hostile.helpers import leftovers


def test_a_process_left_behind_is_found_and_ended() -> None:
    # the shell ends at once; the sleep it started in the background stays in the group
    shell = subprocess.Popen(["sh", "-c", "sleep 30 & exit 0"], start_new_session=True)
    shell.wait(timeout=10)
    found = leftovers(shell.pid, grace=0.5)
    assert len(found) == 1
    assert leftovers(shell.pid, grace=2) == []  # ended by the finder
