"""Commands import only what they use (issue 27): ``grundy solve nim 3 4 5`` and
``grundy --help`` load no numpy, no report writers, no certificates, no theorem library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = (
    "numpy",
    "numba",
    "matplotlib",
    "z3",
    "hypothesis",
    "rich",
    "grundy.report",
    "grundy.certify",
    "grundy.library",
    "grundy.claims",
    "grundy.display",
    "grundy.shortcuts",
    "grundy.usercode",  # a user's games and claims in watched children: only for --games
)


def loaded_after(words: list[str]) -> list[str]:
    """The heavy modules a fresh process holds after running ``grundy WORDS``."""
    script = (
        "import io, sys\nfrom grundy.cli import main\n"
        f"main({words!r}, stdout=io.StringIO(), stderr=io.StringIO())\n"
        f"heavy = {HEAVY!r}\n"
        "print(sorted({h for h in heavy for m in sys.modules if m == h or m.startswith(h + '.')}))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return list(eval(done.stdout))  # a list of names printed by the script above


@pytest.mark.parametrize("words", [["solve", "nim", "3", "4", "5"], ["--help"], ["games"]])
def test_light_commands_import_nothing_heavy(words: list[str]) -> None:
    assert loaded_after(words) == []


def test_the_heavy_modules_are_still_loaded_when_a_command_needs_them() -> None:
    # the check above could pass by looking for names that never load: here they do
    assert {"numpy", "grundy.certify"} <= set(
        loaded_after(["sequence", "kayles", "--upto", "20", "--period"])
    )


def test_a_sequence_without_period_loads_no_certificate_code() -> None:
    loaded = loaded_after(["sequence", "kayles", "--upto", "20"])
    assert "numpy" in loaded
    assert not {"grundy.certify", "grundy.usercode"} & set(loaded)


def test_a_games_file_still_loads_the_user_code_machinery() -> None:
    games = Path(__file__).resolve().parents[2] / "examples" / "own_games" / "games.py"
    words = ["solve", "--games", str(games), "subtract-a-square", "10"]
    script = (
        "import io, sys\nfrom grundy.cli import main\n"
        f"code = main({words!r}, stdout=io.StringIO(), stderr=sys.stderr)\n"
        "print(code, 'grundy.usercode' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.split() == ["0", "True"], done.stderr


def test_importing_grundy_loads_its_names_on_first_use() -> None:
    script = (
        "import sys, grundy\n"
        "before = 'grundy.shortcuts' in sys.modules\n"
        "value = grundy.nim(3, 4, 5).value\n"
        "print(before, 'grundy.shortcuts' in sys.modules, value)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.split() == ["False", "True", "2"], done.stderr
