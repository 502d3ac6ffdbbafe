"""The time budget of solve, table, sequence and play (issue 29, section 2): a small
budget is kept within 10 % (plus the few milliseconds of setting it up), ends in the one
line of the other limits with exit code 2, and time spent waiting for a player is free."""

from __future__ import annotations

import itertools
import subprocess
import sys
import time

import pytest

from grundy.cli.time_budget import DEFAULT_SECONDS, time_budget
from grundy.errors import BudgetExceededError

DENSE = ",".join(f"{a}-{b}" for a, b in itertools.combinations(range(10), 2))
"""Green Hackenbush on a complete graph: far too many positions for seconds."""

SLOW = {
    "solve": ["solve", "hackenbush", "--edges", DENSE],
    "table": ["table", "kayles", "--max", "600", "600"],
    # 0.6 has no known period, so no proved period fills the values in (0.16's does now)
    "sequence": ["sequence", "octal", "--code", "0.6", "--upto", "30000000", "--summary"],
    # a misère sum whose on-demand quotient is being built (and fails) when time runs out
    "solve-quotient": ["solve", "octal", "--code", "0.6", "--misere", "18", "19", "20"],
}

BUDGET = 2.0
SLACK = 0.35  # argument parsing before the budget starts, and a busy machine's scheduling


def _timed(words: list[str]) -> tuple[int, str, float]:
    """Run grundy in a fresh process, timed from after the imports (what --seconds counts)."""
    script = (
        "import sys, time\n"
        "from grundy.cli import main\n"
        "start = time.monotonic()\n"
        f"code = main({words!r})\n"
        "sys.stderr.write(f'elapsed {time.monotonic() - start:.3f}\\n')\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False
    )
    *lines, last = done.stderr.splitlines() or [""]
    if last.startswith("elapsed "):
        return done.returncode, "\n".join(lines), float(last.split()[1])
    return done.returncode, done.stderr, float("nan")  # ended by the watchdog


@pytest.mark.parametrize("command", SLOW)
def test_a_small_budget_is_kept_within_ten_percent(command: str) -> None:
    code, err, elapsed = _timed([*SLOW[command], "--seconds", str(BUDGET)])
    assert code == 2, err
    assert err.strip().count("\n") == 0, err
    assert f"time budget of {BUDGET:g} s was used up" in err, err
    assert "--seconds" in err
    assert elapsed != elapsed or elapsed <= BUDGET * 1.1 + SLACK, elapsed  # nan: watchdog
    assert elapsed != elapsed or elapsed >= BUDGET * 0.9, elapsed


def test_the_budget_is_an_option_with_a_default(run_cli) -> None:
    help_text = run_cli("solve", "nim", "--help").out
    assert "--seconds S" in help_text and f"default {DEFAULT_SECONDS:g}" in help_text
    for bad in ("0", "-1", "soon", "nan", "inf", "1e12", "1e300"):
        result = run_cli("solve", "nim", "3", "--seconds", bad)
        assert result.code == 2 and result.err.count("\n") == 1, (bad, result)
    assert run_cli("solve", "nim", "3", "--seconds", "none").code == 0
    assert run_cli("solve", "nim", "3", "--seconds", "0.5").code == 0


def test_time_spent_waiting_is_not_counted() -> None:
    with time_budget(0.6) as budget:
        assert budget is not None
        with budget.paused():
            time.sleep(0.8)  # a player thinking: more than the whole budget
        start = time.monotonic()
        with pytest.raises(BudgetExceededError):
            while True:
                sum(range(1000))
        assert 0.5 <= time.monotonic() - start <= 0.6 * 1.1 + 0.1


def test_work_that_swallows_the_signal_is_ended_by_the_watchdog() -> None:
    # Compiled loops, or code that catches every exception, never stop by themselves.
    script = (
        "import time\n"
        "from grundy.cli.time_budget import time_budget\n"
        "start = time.monotonic()\n"
        "with time_budget(1.0):\n"
        "    while True:\n"
        "        try:\n"
        "            time.sleep(0.01)\n"
        "        except Exception:\n"
        "            pass\n"
    )
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "time budget of 1 s" in done.stderr
    assert time.monotonic() - start < 1.1 + 3.0  # the interpreter's start-up, at most


def test_a_signal_inside_a_foreign_callback_waits_for_it_to_return() -> None:
    """Numba's compiler runs Python callbacks of llvmlite's from C (through ctypes) while a
    kernel is compiled or loaded; the budget's exception raised there was printed as
    "Exception ignored on calling ctypes callback function" and a traceback
    (`grundy quotient nim --upto 200 --seconds 1` on a fresh checkout).  Here C's qsort
    calls a comparison written in a file under llvmlite/: the budget runs out inside it,
    and the exception comes once qsort has returned (the watchdog held off)."""
    script = (
        "import ctypes, sys, time\n"
        "import grundy.cli.time_budget as tb\n"
        "from grundy.errors import BudgetExceededError\n"
        "tb.GRACE = 20.0\n"
        "code = 'def slow(a, b):\\n    end = time.monotonic() + 0.1\\n'\n"
        "code += '    while time.monotonic() < end:\\n        pass\\n    return a[0] - b[0]\\n'\n"
        "space = {'time': time}\n"
        "exec(compile(code, '/site-packages/llvmlite/binding/fake.py', 'exec'), space)\n"
        "compare = ctypes.CFUNCTYPE(\n"
        "    ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)\n"
        ")(space['slow'])\n"
        "numbers = (ctypes.c_int * 6)(6, 5, 4, 3, 2, 1)\n"
        "try:\n"
        "    with tb.time_budget(0.3):\n"
        "        ctypes.CDLL(None).qsort(numbers, 6, ctypes.sizeof(ctypes.c_int), compare)\n"
        "        sorted_then = list(numbers)\n"
        "        while True:\n"
        "            pass\n"
        "except BudgetExceededError as exc:\n"
        "    print('grundy: error:', exc, sorted_then, file=sys.stderr)\n"
        "    sys.exit(2)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr  # no "Exception ignored", no traceback
    assert "time budget of 0.3 s" in done.stderr and "[1, 2, 3, 4, 5, 6]" in done.stderr


def test_play_counts_the_computers_thinking_only(run_cli, monkeypatch) -> None:
    import io

    # The player takes longer than the budget to answer; the computer answers at once.
    class SlowPlayer(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            time.sleep(0.7)
            return super().readline()

    monkeypatch.setattr(sys, "stdin", SlowPlayer("1\n2\n"))  # (3) -> (2); then (1) -> (0)
    result = run_cli("play", "nim", "3", "4", "--seconds", "0.5")
    assert result.code == 0 and "time budget" not in result.err, result.err
    assert "Line of play" in result.out


def test_a_claims_budget_is_kept_when_each_move_is_slow(run_cli, tmp_path) -> None:
    # 100,000 heaps: listing one move copies the whole position, so the clock must be read
    # by time, not every 4,096 moves (which took a minute here for a 5 s budget).
    path = tmp_path / "wide.toml"
    path.write_text(
        '[[claim]]\nid = "wide"\ngame = "nim"\nvars = ["a"]\nrange = { a = [1, 3] }\n'
        'position = "[a] * 100000"\nstatement = "len(moves) >= 0"\n'
    )
    start = time.monotonic()
    result = run_cli("check", str(path), "--claim-seconds", "2", "--jobs", "1", "--json")
    elapsed = time.monotonic() - start
    assert "time budget of 2 s" in result.out, result.out
    assert elapsed <= 2 * 1.1 + 0.5, elapsed  # the position is built before the clock runs


@pytest.mark.parametrize(
    ("words", "option"),
    [(["solve", "nim", "3"], "--seconds"), (["check", "examples/bouton.toml"], "--claim-seconds")],
)
@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("soon", "takes a number of seconds or 'none'"),
        ("-1", "must be a positive number"),
        ("nan", "must be a positive number"),
        ("1e12", "is at most 10,000,000"),
    ],
)
def test_every_time_option_reads_seconds_by_one_rule(run_cli, words, option, text, says) -> None:
    result = run_cli(*words, option, text)
    assert result.code == 2
    assert f"{option} {says}" in result.err and "Traceback" not in result.err


@pytest.mark.parametrize("text", ["none", "off", "0.5"])
def test_both_time_options_take_none_and_off(run_cli, text) -> None:
    assert run_cli("solve", "nim", "3", "--seconds", text).code == 0
    assert run_cli("check", "examples/bouton.toml", "--claim-seconds", text, "--quick").code in (
        0,
        1,
    )


def test_the_watchdog_in_a_watched_child_tells_its_parent() -> None:
    # The budget's module no longer imports grundy.usercode (so that runs without a
    # user's code do not load it); a child of run_in_child has it, and must still say
    # that it ends itself, or its parent reports a child that died without a word.
    script = (
        "import time\n"
        "from grundy.cli.time_budget import time_budget\n"
        "from grundy.usercode import ChildExited, run_in_child\n"
        "def work():\n"
        "    with time_budget(0.3):\n"
        "        while True:\n"
        "            try:\n"
        "                time.sleep(0.01)\n"
        "            except Exception:\n"
        "                pass\n"
        "try:\n"
        "    run_in_child(work, 'the work', guard=False)\n"
        "except ChildExited as exc:\n"
        "    print('exited', exc.code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.stdout.split() == ["exited", "2"], done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and "time budget of 0.3 s" in done.stderr
