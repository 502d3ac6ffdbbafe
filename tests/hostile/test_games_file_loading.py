"""A games file that misbehaves while it loads (before any game is asked for) is refused
in one line naming it, and grundy goes on to exit 2: it exits, ends its process, or never
finishes loading."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import grundy.games.user

CLAIMS = str(Path(__file__).resolve().parents[2] / "examples" / "own_games" / "claims.toml")


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("import sys\nsys.exit(0)\n", "called sys.exit(0)"),
        ("raise SystemExit('bye')\n", "called sys.exit('bye')"),
        ("import os\nos._exit(0)\n", "ended the process it ran in (exit code 0)"),
        ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", "killed by SIGKILL"),
        ("raise KeyboardInterrupt\n", "raised KeyboardInterrupt"),
        ("while True:\n    pass\n", "time budget of 2 s"),
    ],
)
def test_a_games_file_that_misbehaves_while_loading(
    run_cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, words: str
) -> None:
    monkeypatch.setattr(grundy.games.user, "LOAD_SECONDS", 2.0)
    games = tmp_path / "games.py"
    games.write_text(source)
    for command in (
        ["check", CLAIMS, "--games", str(games)],
        ["solve", "--games", str(games), "nim", "3"],
    ):
        start = time.perf_counter()
        result = run_cli(*command)
        assert result.code == 2, result.err
        lines = result.err.strip().splitlines()
        assert len(lines) == 1 and str(games) in lines[0] and words in lines[0], result.err
        assert result.out == ""
        assert time.perf_counter() - start < 30
