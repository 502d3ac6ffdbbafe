"""The command's entry point: Ctrl-C while grundy is still loading ends in one line."""

import os
import subprocess
import sys
from typing import Any

import pytest

from grundy import entry


class _CtrlCWhileLoading:
    """An import finder that acts as a Ctrl-C arriving while grundy.cli is imported."""

    def find_spec(self, name: str, *args: Any) -> None:
        if name == "grundy.cli":
            raise KeyboardInterrupt
        return None


def test_ctrl_c_while_loading_is_one_line_and_exit_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delitem(sys.modules, "grundy.cli")
    monkeypatch.setattr(sys, "meta_path", [_CtrlCWhileLoading(), *sys.meta_path])
    assert entry.main(["--help"]) == 130
    assert capsys.readouterr().err == "grundy: interrupted\n"


def test_the_entry_point_runs_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.main(["solve", "nim", "3", "5", "6", "--json"]) == 0
    assert '"outcome"' in capsys.readouterr().out


def test_python_dash_m_grundy_uses_the_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "grundy", "solve", "nim", "1", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def _without_thread_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in entry.BLAS_THREAD_VARIABLES:
        monkeypatch.setenv(name, "")  # recorded, so the test's end restores the user's value
        monkeypatch.delenv(name)


def test_the_entry_point_asks_for_one_blas_thread(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _without_thread_variables(monkeypatch)
    assert entry.main(["--version"]) == 0
    assert {name: os.environ.get(name) for name in entry.BLAS_THREAD_VARIABLES} == {
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }


@pytest.mark.parametrize("chosen", ["OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"])
def test_a_thread_count_the_user_set_is_kept_and_the_others_left_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], chosen: str
) -> None:
    _without_thread_variables(monkeypatch)
    monkeypatch.setenv(chosen, "3")
    assert entry.main(["--version"]) == 0
    assert {name: os.environ.get(name) for name in entry.BLAS_THREAD_VARIABLES} == {
        name: "3" if name == chosen else None for name in entry.BLAS_THREAD_VARIABLES
    }


def test_an_empty_thread_variable_counts_as_unset(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _without_thread_variables(monkeypatch)
    monkeypatch.setenv("OMP_NUM_THREADS", "")  # OpenBLAS reads an empty value as unset too
    assert entry.main(["--version"]) == 0
    assert os.environ.get("OPENBLAS_NUM_THREADS") == os.environ.get("OMP_NUM_THREADS") == "1"


_THREADS_AFTER_NUMPY = (
    "import contextlib, io, os, sys\n"
    "if sys.argv[1] == 'entry':\n"
    "    from grundy.entry import main\n"
    "    with contextlib.redirect_stdout(io.StringIO()):\n"
    "        main(['--version'])\n"
    "import numpy\n"
    "print(len(os.listdir('/proc/self/task')))\n"
)


@pytest.mark.skipif(
    not os.path.isdir("/proc/self/task") or (os.cpu_count() or 1) < 2,
    reason="counts the threads in /proc, which OpenBLAS adds only on several cores",
)
def test_a_grundy_process_imports_numpy_without_a_blas_thread_pool() -> None:
    clean = {k: v for k, v in os.environ.items() if k not in entry.BLAS_THREAD_VARIABLES}

    def threads(start: str) -> int:
        done = subprocess.run(
            [sys.executable, "-c", _THREADS_AFTER_NUMPY, start],
            capture_output=True, text=True, env=clean, timeout=120, check=True,
        )  # fmt: skip
        return int(done.stdout)

    if threads("plain") == 1:  # without the entry point, numpy's BLAS starts its pool
        pytest.skip("this numpy's BLAS starts no thread pool at import")
    assert threads("entry") == 1


def _grundy_process(prelude: str, words: list[str]) -> subprocess.CompletedProcess[str]:
    """A process that runs ``prelude``, then the command line as the console script does."""
    script = (
        f"{prelude}\n"
        "import sys\n"
        f"sys.argv = ['grundy', *{words!r}]\n"
        "from grundy.entry import main\n"
        "sys.exit(main())\n"
    )
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )


_LOUD_AT_TEARDOWN = (
    "import os\n"
    "class Loud:\n"
    "    def __del__(self):\n"
    "        os.write(2, b'torn down\\n')\n"
    "loud = Loud()\n"
)


def test_the_process_ends_without_the_interpreters_teardown() -> None:
    done = _grundy_process(_LOUD_AT_TEARDOWN, ["solve", "nim", "1", "2"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()  # the answer is out, flushed before the end
    assert "torn down" not in done.stderr


def test_exit_functions_still_run_after_the_answer_with_its_exit_code() -> None:
    prelude = "import atexit\natexit.register(print, 'exit function ran')\n"
    done = _grundy_process(prelude, ["solve", "nim", "1", "2"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("exit function ran")
    refused = _grundy_process(prelude, ["solve", "nim", "x"])
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and refused.stderr.startswith("grundy: error:")
    assert refused.stdout == "exit function ran\n"


def test_a_running_thread_is_waited_for_as_usual() -> None:
    prelude = (
        _LOUD_AT_TEARDOWN + "import threading, time\n"
        "threading.Thread(target=lambda: (time.sleep(0.5), print('thread done'))).start()\n"
    )
    done = _grundy_process(prelude, ["solve", "nim", "1", "2"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("thread done")
    assert "torn down" in done.stderr  # the usual exit, teardown and all


def test_a_long_answer_arrives_whole(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["sequence", "kayles", "--upto", "2000", "--json"]
    assert entry.main(words) == 0
    expected = capsys.readouterr().out
    done = subprocess.run(
        [sys.executable, "-m", "grundy", *words],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert len(expected) > 8192 and done.stdout == expected  # more than one buffer's worth
