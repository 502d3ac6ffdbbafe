"""Where compiled kernels are cached, and that plain commands never import numba."""

import subprocess
import sys
from pathlib import Path

import pytest

from grundy.solve import jit


def test_a_read_only_package_caches_in_the_user_directory(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    package = Path(jit.__file__).resolve().parent
    monkeypatch.setattr(jit, "_writable", lambda directory: package not in directory.parents)
    chosen = jit.prepare_cache_dir()
    assert chosen == str(tmp_path / "grundy" / "numba")
    assert __import__("os").environ["NUMBA_CACHE_DIR"] == chosen


def test_an_explicit_cache_directory_is_respected(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert jit.prepare_cache_dir() is None


@pytest.mark.parametrize("words", [["solve", "nim", "3", "4", "5"], ["solve", "kayles", "9"]])
def test_commands_without_kernels_do_not_import_numba(words: list[str]) -> None:
    script = (
        "import sys, io\nfrom grundy.cli import main\n"
        f"main({words!r}, stdout=io.StringIO(), stderr=io.StringIO())\n"
        "print('numba' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


def test_without_numba_the_numpy_engines_answer() -> None:
    script = (
        "import sys; sys.modules['numba'] = None  # as if numba could not be imported\n"
        "from grundy.games import create_game\n"
        "from grundy.solve import grundy_sequence\n"
        "from grundy.solve.chomp_engine import solve_box\n"
        "values = grundy_sequence(create_game('grundys-game'), 6000)\n"
        "box = solve_box(4, 4)\n"
        "print(values[5999], box.grundy_value((4, 4, 4, 4)), 'numba' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    with_kernels = subprocess.run(
        [sys.executable, "-c", "import sys\n" + script.split("\n", 1)[1]],
        capture_output=True,
        text=True,
    )
    assert done.stdout.split()[:2] == with_kernels.stdout.split()[:2], done.stderr
    assert done.stdout.split()[2] == "True"  # the None placeholder; never a real import
