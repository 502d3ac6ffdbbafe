"""Faults around a run (issue 29): the parent killed (workers must not outlive it), and
standard output closed or full (a quiet end with a clean exit code).  Real processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.claims.helpers import claim_text

LONG = claim_text(
    id="long",
    vars='["a", "b", "c"]',
    range="{ a = [0, 150], b = [0, 150], c = [0, 150] }",
    statement="grundy == a ^ b ^ c",
    method="exhaustive",
)


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its exit status is left


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_workers_end_with_their_parent(tmp_path: Path, how: signal.Signals) -> None:
    path = tmp_path / "claims.toml"
    path.write_text(LONG + LONG.replace('"long"', '"long-2"'))
    process = subprocess.Popen(
        [sys.executable, "-m", "grundy", "check", str(path), "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(process.pid)
        assert len(workers) >= 2, "the workers never started"
        time.sleep(1)  # the workers are inside their claims
        os.kill(process.pid, how)
        process.wait(timeout=30)
        deadline = time.monotonic() + 5
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [pid for pid in workers if _alive(pid)]
        assert left == [], f"workers outlived their parent: {left}"
    finally:
        for pid in [process.pid, *_children(process.pid)]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        process.wait(timeout=10)


def _run(words: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "grundy", *words],
        capture_output=False,
        text=True,
        timeout=120,
        check=False,
        **kwargs,
    )


def test_a_closed_stdout_ends_quietly(tmp_path: Path) -> None:
    # `grundy table ... | head -1`: the reader stops, grundy must end without a word.
    reader, writer = os.pipe()
    os.close(reader)
    err = tmp_path / "err"
    with open(err, "w") as stderr:
        done = subprocess.run(
            [sys.executable, "-m", "grundy", "table", "kayles", "--max", "3000"],
            stdout=writer,
            stderr=stderr,
            timeout=120,
            check=False,
        )
    os.close(writer)
    assert done.returncode == 0
    assert err.read_text() == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "words",
    [["table", "kayles", "--max", "300"], ["solve", "nim", "3", "4", "5"], ["--help"]],
)
def test_a_full_stdout_ends_in_one_line(tmp_path: Path, words: list[str]) -> None:
    err = tmp_path / "err"
    with open("/dev/full", "w") as full, open(err, "w") as stderr:
        done = subprocess.run(
            [sys.executable, "-m", "grundy", *words],
            stdout=full,
            stderr=stderr,
            timeout=120,
            check=False,
        )
    message = err.read_text()
    assert done.returncode == 2, message
    assert message.count("\n") == 1 and "No space left" in message, message
