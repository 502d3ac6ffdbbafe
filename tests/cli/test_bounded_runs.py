"""Heavy hostile inputs run as real processes under a memory cap, and Ctrl-C.

Each test starts ``python -m grundy`` with its address space capped (``RLIMIT_AS``), so a
regression that builds gigabytes fails here with a MemoryError exit instead of slowing
the machine.  Marked slow: they take a few seconds each.
"""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.claims.helpers import claim_text

pytestmark = pytest.mark.slow

CAP = 2_000_000_000  # bytes of address space (imports reserve some; the work needs little)


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))


def _cap_and_hear_ctrl_c() -> None:
    """The cap, and Ctrl-C delivered as at a terminal: a job started in the background by a
    shell without job control (``make test &``, some CI runners) inherits SIGINT ignored,
    and Python keeps ignoring it, so the child would never see the signal these tests send."""
    _cap()
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def grundy(*words: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "grundy", *words],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_cap,
        check=False,
    )


def test_hostile_claims_end_cleanly_and_the_others_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "hostile.toml"
    path.write_text(
        claim_text(
            id="bomb",
            statement="[[[1] * 100000] * 100000] * 100000 == [[[1] * 100000] * 100000] * 100000",
        )
        + claim_text(
            id="huge-heap",
            vars='["a"]',
            range="{ a = [30000000, 30000000] }",
            statement="len(moves) > 0",
        )
        + claim_text(
            id="wide",
            vars='["a"]',
            range="{ a = [3, 3] }",
            position="[a] * 100000",
            statement="len(moves) > 0",
        )
        + claim_text(id="tex", statement="True", latex=r"a \text{\input{/etc/passwd}} b")
        + claim_text(
            id="fine",
            vars='["a", "b"]',
            range="{ a = [0, 7], b = [0, 7] }",
            statement="grundy == a ^ b",
        )
    )
    start = time.perf_counter()
    result = grundy("check", str(path), "--json", "--jobs", "1")
    assert time.perf_counter() - start < 90
    assert result.returncode == 1 and result.stderr == ""
    verdicts = {c["id"]: c["status"] for c in json.loads(result.stdout)["claims"]}
    assert verdicts == {
        "bomb": "error",
        "huge-heap": "unknown",
        "wide": "unknown",
        "tex": "error",
        "fine": "checked",
    }


def test_a_tiny_certificate_for_a_huge_heap_under_a_cap(tmp_path: Path) -> None:
    path = tmp_path / "attack.json"
    path.write_text(
        '{"certificate":"grundy-table","version":2,"game":"nim","params":{},'
        '"covers":[[1000000000000]],'
        '"entries":[{"position":[1000000000000],"grundy":0,"witnesses":[]}]}'
    )
    start = time.perf_counter()
    result = grundy("certificate", str(path))
    assert result.returncode == 1 and "INVALID" in result.stdout
    assert time.perf_counter() - start < 30


def test_the_solver_memory_budget_under_a_cap() -> None:
    script = (
        "from grundy.budget import Budget\n"
        "from grundy.errors import SearchLimitError\n"
        "from grundy.games import create_game\n"
        "from grundy.solve import Solver\n"
        "meter = Budget(memory_bytes=200 << 20).start()\n"
        "for name, position in (('grundys-game', (10**7,)), ('wythoff', (10**12, 10**12 + 7))):\n"
        "    try:\n"
        "        Solver(create_game(name), move_limit=10**7, meter=meter).grundy_value(position)\n"
        "    except SearchLimitError as exc:\n"
        "        print(exc)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_cap,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and all("memory budget" in line for line in lines)


def _interrupt(words: list[str], tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    path = tmp_path / "claims.toml"
    path.write_text(
        claim_text(id="quick", vars='["a"]', range="{ a = [0, 9] }", statement="grundy == a")
        + claim_text(
            id="long",
            vars='["a", "b", "c"]',
            range="{ a = [0, 150], b = [0, 150], c = [0, 150] }",
            statement="grundy == a ^ b ^ c",
            method="exhaustive",
        )
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "grundy", "check", str(path), *words],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_cap_and_hear_ctrl_c,
    )
    time.sleep(6)  # the quick claim is done, the long one (minutes) is running
    assert process.poll() is None
    sent = time.perf_counter()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    waited = time.perf_counter() - sent
    return subprocess.CompletedProcess(process.args, process.returncode, out, err), waited


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_prints_what_was_finished_and_exits_130(tmp_path: Path, jobs: str) -> None:
    result, waited = _interrupt(["--json", "--jobs", jobs], tmp_path)
    assert result.returncode == 130
    assert waited < 3  # honoured at once (a second, with room for a busy machine)
    assert result.stderr.count("\n") == 1 and "interrupted; 1 claims were finished" in result.stderr
    finished = json.loads(result.stdout)["claims"]  # a whole JSON document
    assert [(c["id"], c["status"]) for c in finished] == [("quick", "checked")]


def test_ctrl_c_during_a_z3_query_stops_the_run() -> None:
    # Z3 catches SIGINT itself and answers unknown; the engine must pass it on.
    script = (
        "import z3\n"
        "from grundy.verify.z3engine import prove_z3\n"
        "x, y, z = z3.Ints('x y z')\n"
        "goal = z3.Implies(z3.And(x > 0, y > 0, z > 0), x * x * x + y * y * y != z * z * z)\n"
        "print('started', flush=True)\n"
        "try:\n"
        "    print(prove_z3(goal, scope='demo', timeout_ms=120_000).status, flush=True)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=_cap_and_hear_ctrl_c,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "started"
    time.sleep(2)
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    assert out.strip() == "interrupted"
