"""A Dask scheduler that never answers, and more workers than a machine holds (issue 34).

A server that accepts the connection and says nothing held ``Client()`` forever (then
ran out of memory with a traceback); ``--scheduler local --jobs 100000`` started workers
until the machine's memory was gone, printing nothing.  Now: one line, exit code 2, in
seconds.  The silent server listens on the loopback only.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy.errors import InvalidArgumentError
from grundy.library import load_library, run_theorems
from grundy.settings import MAX_JOBS, CheckSettings
from tests.hostile.helpers import grundy, one_error_line

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "bouton.toml")


@contextlib.contextmanager
def silent_server() -> Iterator[str]:
    """The address of a loopback server that accepts connections and never answers."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(8)
    held: list[socket.socket] = []

    def accept() -> None:
        with contextlib.suppress(OSError):  # closed at the end
            while True:
                held.append(listening.accept()[0])

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{listening.getsockname()[1]}"
    finally:
        listening.close()
        for connection in held:
            connection.close()


def test_a_scheduler_that_never_answers_is_one_line() -> None:
    pytest.importorskip("distributed")
    with silent_server() as address:
        run = grundy("verify", EXAMPLE, "--scheduler", address, "--jobs", "1", timeout=120)
    assert run.code == 2, run.err
    assert f"the Dask scheduler at '{address}' did not answer within 5 s" in one_error_line(run)
    assert run.leftovers == []


def test_the_answer_is_awaited_for_the_connect_time_only() -> None:
    pytest.importorskip("distributed")
    from grundy.distributed import DistributedError, run_theorems_on_dask

    theorems = load_library([EXAMPLE])
    with silent_server() as address:
        start = time.perf_counter()
        with pytest.raises(DistributedError, match=r"did not answer within 0\.5 s"):
            run_theorems_on_dask(theorems, CheckSettings(), scheduler=address, connect_seconds=0.5)
        assert time.perf_counter() - start < 10


@pytest.mark.parametrize("jobs", ["100000", str(MAX_JOBS + 1)])
@pytest.mark.parametrize("scheduler", [(), ("--scheduler", "local")])
def test_more_jobs_than_the_bound_are_refused_before_any_start(
    jobs: str, scheduler: tuple[str, ...]
) -> None:
    run = grundy("verify", EXAMPLE, "--jobs", jobs, *scheduler, timeout=60)
    assert run.code == 2, run.err
    assert f"at most {MAX_JOBS} worker processes on this machine" in one_error_line(run)
    assert run.seconds < 30 and run.leftovers == []


def test_the_library_keeps_the_same_bound() -> None:
    for jobs in (0, MAX_JOBS + 1, 10**6):
        with pytest.raises(InvalidArgumentError, match="jobs must be"):
            run_theorems([], CheckSettings(), jobs=jobs)
