"""Dask workers of ``--scheduler local`` end with grundy, however grundy ends.

The fork pool's workers are told to (grundy.lifetime); a local Dask cluster's workers are
processes that Dask starts itself, and Dask ends each one when the pipe from its parent
closes, which the kernel does when the parent dies, even by SIGKILL.  This test keeps
that promise checked (it needs no network beyond the machine's own loopback).
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from tests.hostile.helpers import group_members, leftovers, start

pytest.importorskip("distributed")
pytestmark = pytest.mark.slow

SLOW = "".join(
    f'[[claim]]\nid = "slow-{k}"\ngame = "grundys-game"\nvars = ["n"]\n'
    f'range = {{ n = [0, {3000 + k}] }}\nstatement = "grundy >= 0"\n\n'
    for k in range(2)
)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_local_cluster_workers_end_with_grundy(tmp_path: Path, how: signal.Signals) -> None:
    claims = tmp_path / "slow.toml"
    claims.write_text(SLOW)
    process = start("verify", str(claims), "--scheduler", "local", "--jobs", "2")
    deadline = time.monotonic() + 90
    # grundy, its two workers and Dask's resource tracker
    while len(group_members(process.pid)) < 4 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(group_members(process.pid)) >= 3, "the cluster never started"
    time.sleep(2)  # the workers are checking claims now
    os.kill(process.pid, how)
    process.communicate(timeout=60)
    assert leftovers(process.pid, grace=10) == []
