"""Every file grundy reads must be a regular file (issue 34): a FIFO with no writer, a
device, a folder or a socket named where a file is read is refused in one line with exit
code 2, at once, by every command that reads one; opening a FIFO used to block forever."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

import grundy.files as files_module
from grundy.files import InputPathError, check_input_path, read_limited
from tests.hostile.helpers import grundy, one_error_line

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

READERS = {
    "check": ("check", "{path}"),
    "certificate": ("certificate", "{path}"),
    "verify": ("verify", "{path}"),
    "report --claims": ("report", "--claims", "{path}", "--format", "md", "--out", "{out}"),
    "check --games": ("check", str(EXAMPLES / "bouton.toml"), "--games", "{path}"),
    "solve --games": ("solve", "--games", "{path}", "nim", "3"),
}


def _words(reader: str, path: Path, tmp_path: Path) -> list[str]:
    return [w.format(path=path, out=tmp_path / "out") for w in READERS[reader]]


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("suffix", [".toml", ".py", ".json"])
def test_a_fifo_without_a_writer_is_refused_at_once(
    tmp_path: Path, reader: str, suffix: str
) -> None:
    fifo = tmp_path / f"pipe{suffix}"
    os.mkfifo(fifo)
    run = grundy(*_words(reader, fifo, tmp_path), timeout=60)  # it blocked forever
    assert run.code == 2, run.err
    assert "is a FIFO (named pipe); grundy reads only regular files" in one_error_line(run)
    assert run.leftovers == []


@pytest.mark.parametrize("reader", ["check", "certificate", "verify", "check --games"])
def test_a_device_and_a_socket_are_refused(run_cli, tmp_path: Path, reader: str) -> None:
    listening = socket.socket(socket.AF_UNIX)
    (tmp_path / "s").mkdir()
    sock = tmp_path / "s" / "sock.py"
    listening.bind(str(sock))
    try:
        for path, kind in ((Path("/dev/null"), "a device"), (sock, "a socket")):
            result = run_cli(*_words(reader, path, tmp_path))
            assert result.code == 2, result.err
            assert result.err.count("\n") == 1, result.err
            assert f"is {kind}; grundy reads only regular files" in result.err
    finally:
        listening.close()


@pytest.mark.parametrize("reader", ["check", "certificate", "check --games"])
def test_a_folder_is_refused_where_a_file_is_read(run_cli, tmp_path: Path, reader: str) -> None:
    folder = tmp_path / "folder.py"
    folder.mkdir()
    result = run_cli(*_words(reader, folder, tmp_path))
    assert result.code == 2, result.err
    assert "is a folder; grundy reads only regular files" in result.err


def test_a_fifo_inside_a_folder_of_proofs_is_refused(run_cli, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.toml")
    result = run_cli("verify", str(tmp_path))
    assert result.code == 2, result.err
    assert "pipe.toml is a FIFO" in result.err


def test_a_link_to_a_regular_file_is_read(run_cli, tmp_path: Path) -> None:
    link = tmp_path / "claims.toml"
    link.symlink_to(EXAMPLES / "bouton.toml")
    check_input_path(link)
    assert read_limited(link, 1 << 20) == (EXAMPLES / "bouton.toml").read_bytes()


def test_a_fifo_put_in_place_after_the_check_is_refused_without_blocking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The path checked, then swapped for a FIFO before it is opened: what was opened is
    # checked again, and a FIFO opens at once without a writer when asked not to block.
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    monkeypatch.setattr(files_module, "check_input_path", lambda path, what="file": None)
    with pytest.raises(InputPathError, match="is a FIFO"):
        read_limited(fifo, 1000, "claim file")
    with pytest.raises(FileNotFoundError):
        check_input_path(tmp_path / "missing.toml")
