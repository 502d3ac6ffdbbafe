"""Games of one's own on a real Dask cluster (issue 38, section 5).

``check`` and ``report`` with ``--games FILE.py --scheduler ADDRESS`` were refused: the
workers did not load the user's games.  Now the games file travels with each task and
runs on the worker under the same guard as at home (a child process per claim, with the
claim's limits).  Here a scheduler and two worker processes are started as a user
starts them (``dask scheduler``, ``dask worker``), on the loopback only, and the
verdicts are compared with ``--jobs 1``: a game that works, and one whose code ends its
own process at one position (an ``error`` verdict naming the game, on the worker too).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile.helpers import grundy

pytestmark = pytest.mark.slow

SCHEDULER = [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1"]
WORKER = [sys.executable, "-m", "distributed.cli.dask_worker"]  # what `dask worker` runs
SRC = str(Path(__file__).resolve().parents[2] / "src")

GAMES = '''
import os
from grundy import HeapGame


class TakeOneOrFour(HeapGame):
    """Take 1 or 4 tokens from one heap."""

    name = "take-one-or-four"
    summary = "take 1 or 4 tokens from one heap"

    def heap_options(self, heap):
        for take in (1, 4):
            if take <= heap:
                yield (heap - take,)


class EndsAtSeven(HeapGame):
    """Take one token, but a heap of 7 ends the process that looks at it."""

    name = "ends-at-seven"
    summary = "take one token"

    def heap_options(self, heap):
        if heap == 7:
            os._exit(3)
        if heap > 0:
            yield (heap - 1,)


GAMES = [TakeOneOrFour, EndsAtSeven]
'''

CLAIMS = """
[[claim]]
id = "one-or-four-period-five"
game = "take-one-or-four"
vars = ["n"]
range = { n = [0, 60] }
statement = "(outcome == 'P') == (n % 5 in [0, 2])"

[[claim]]
id = "one-or-four-wrong"
game = "take-one-or-four"
vars = ["n"]
range = { n = [0, 60] }
statement = "(outcome == 'P') == (n % 5 == 0)"
expect = "fails"

[[claim]]
id = "parity-until-seven"
game = "ends-at-seven"
vars = ["n"]
range = { n = [0, 9] }
statement = "(outcome == 'P') == (n % 2 == 0)"
"""


@contextlib.contextmanager
def cluster(folder: Path) -> Iterator[str]:
    """The address of a scheduler with two single-threaded worker processes, stopped after."""
    pytest.importorskip("distributed")
    env = {**os.environ, "PYTHONPATH": SRC}
    file = folder / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    common = ["--dashboard-address", ":0"]
    processes = [
        subprocess.Popen(
            [*SCHEDULER, "--port", "0", "--scheduler-file", str(file), *common],
            **quiet,
        )
    ]
    try:
        deadline = time.monotonic() + 60
        while not file.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        address = json.loads(file.read_text())["address"]
        for _ in range(2):
            processes.append(
                subprocess.Popen(
                    [*WORKER, address, "--nthreads", "1", "--host", "127.0.0.1", *common],
                    cwd=folder,
                    **quiet,
                )
            )
        yield address
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def _verdicts(out: str) -> dict[str, tuple[object, ...]]:
    """Each claim's verdict without its times."""
    return {
        entry["id"]: (entry["status"], entry["scope"], entry["counterexample"], entry["message"])
        for entry in json.loads(out)["claims"]
    }


def test_a_games_file_gives_the_same_verdicts_on_a_cluster(tmp_path: Path) -> None:
    games, claims = tmp_path / "games.py", tmp_path / "claims.toml"
    games.write_text(GAMES)
    claims.write_text(CLAIMS)
    words = ["check", str(claims), "--games", str(games), "--json"]
    here = grundy(*words, "--jobs", "1", timeout=300)
    with cluster(tmp_path) as address:
        there = grundy(*words, "--scheduler", address, timeout=300)
    assert there.code == here.code, there.err
    assert _verdicts(there.out) == _verdicts(here.out)
    found = _verdicts(there.out)
    assert found["one-or-four-period-five"][0] == "checked"
    assert found["one-or-four-wrong"][0] == "refuted"
    status, _, _, message = found["parity-until-seven"]
    assert status == "error" and "ends-at-seven" in str(message), message


def test_a_report_with_games_runs_on_a_cluster(tmp_path: Path) -> None:
    games, claims = tmp_path / "games.py", tmp_path / "claims.toml"
    games.write_text(GAMES)
    claims.write_text(CLAIMS.split('[[claim]]\nid = "parity-until-seven"')[0])
    out = tmp_path / "report"
    words = ["report", "--claims", str(claims), "--games", str(games), "--format", "md"]
    with cluster(tmp_path) as address:
        run = grundy(*words, "--scheduler", address, "--out", str(out), "--no-slides", timeout=600)
    assert run.code == 0, run.err
    assert "2 claims checked (1 checked, 1 refuted); all as expected" in run.out
    record = (out / "record.md").read_text()
    assert "| one-or-four-period-five | checked | yes |" in record
    assert "| one-or-four-wrong | refuted | yes |" in record


def test_a_game_that_ends_the_report_process_is_one_line(tmp_path: Path) -> None:
    """Pictures and answers run the user's games again after the checks: a game that ends
    its process there ended ``report`` silently (exit code 3, no word)."""
    games, claims = tmp_path / "games.py", tmp_path / "claims.toml"
    games.write_text(GAMES)
    claims.write_text(CLAIMS)
    out = tmp_path / "report"
    run = grundy(
        "report", "--claims", str(claims), "--games", str(games), "--out", str(out),
        "--format", "md", "--no-slides", timeout=600,
    )  # fmt: skip
    assert run.code == 2, run.err
    assert run.err.count("\n") == 1 and "ended the process it ran in" in run.err, run.err
    assert "a game from --games" in run.err and "Traceback" not in run.err
