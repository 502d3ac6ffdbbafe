"""The command's entry point: Ctrl-C while grundy is still loading ends in one line."""

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
