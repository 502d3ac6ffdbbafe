"""The files grundy writes (issue 29): only regular files or new paths, replaced whole,
keeping their mode; a failed write exits non-zero naming the cause; what it reads is a
regular file, read to a bounded size (issue 34: a device is refused); a report folder
never loses a file grundy did not write."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.files import OutputPathError, check_output_path, read_limited, write_atomic

COMMANDS = {
    "solve --certificate": ("solve", "kayles", "7", "--certificate"),
    "table --certificate": ("table", "kayles", "--max", "6", "--certificate"),
    "sequence --out": ("sequence", "kayles", "--upto", "10", "--out"),
}


def _targets(tmp_path: Path) -> dict[str, Path]:
    """Paths that are not regular files: a FIFO, a link to a file, a link to nowhere."""
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    real = tmp_path / "real.txt"
    real.write_text("mine\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    return {"fifo": fifo, "link": link, "dangling": dangling}


@pytest.mark.parametrize("command", COMMANDS)
def test_an_output_that_is_not_a_regular_file_is_refused_and_left_alone(
    run_cli, tmp_path: Path, command: str
) -> None:
    for kind, target in _targets(tmp_path).items():
        before = os.lstat(target)
        result = run_cli(*COMMANDS[command], str(target))
        assert result.code == 2, (kind, result)
        assert result.err.count("\n") == 1 and str(target) in result.err, result.err
        after = os.lstat(target)
        assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode), kind
    assert (tmp_path / "real.txt").read_text() == "mine\n"
    assert not (tmp_path / "nowhere.txt").exists()


def test_a_device_is_refused_as_an_output(run_cli, tmp_path: Path) -> None:
    # A device node of the test's own (a copy of /dev/null's numbers), never the system's:
    # a regression would replace the node it is given with a regular file.
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError):
        pytest.skip("cannot make a device node here (needs root)")
    result = run_cli("solve", "kayles", "7", "--certificate", str(device))
    assert result.code == 2 and "device" in result.err
    assert stat.S_ISCHR(os.lstat(device).st_mode)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_replaced_on_purpose_keeps_its_mode(run_cli, tmp_path: Path, command: str) -> None:
    target = tmp_path / "values.txt"
    target.write_text("old\n")
    target.chmod(0o644)
    assert run_cli(*COMMANDS[command], str(target)).code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert target.read_text() != "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["values.txt"], "no temporary file left"


def test_write_atomic_refuses_and_keeps(tmp_path: Path) -> None:
    target = tmp_path / "f"
    write_atomic(target, "one")
    target.chmod(0o640)
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two" and stat.S_IMODE(target.stat().st_mode) == 0o640
    (tmp_path / "link").symlink_to(target)
    with pytest.raises(OutputPathError, match="symbolic link"):
        write_atomic(tmp_path / "link", "three")
    with pytest.raises(OutputPathError, match="folder"):
        check_output_path(tmp_path)
    assert target.read_bytes() == b"two"


def test_reads_are_bounded_whatever_stat_says(tmp_path: Path) -> None:
    small = tmp_path / "small"
    small.write_bytes(b"12345")
    assert read_limited(small, 5) == b"12345"
    with pytest.raises(ValueError, match="larger than 4 bytes"):
        read_limited(small, 4)
    if Path("/dev/zero").exists():  # a device is refused before it is read
        with pytest.raises(ValueError, match="is a device"):
            read_limited("/dev/zero", 1000)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("command", ["check", "certificate"])
def test_reading_a_device_is_refused_at_once(tmp_path: Path, command: str) -> None:
    # A subprocess with a 1 GiB address space: an unbounded read would run out of memory.
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))\n"
        "from grundy.cli import main\n"
        f"sys.exit(main([{command!r}, '/dev/zero']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "is a device" in done.stderr


def _fsize_limited(argv: list[str], limit: int) -> subprocess.CompletedProcess[str]:
    """Run grundy with writes beyond ``limit`` bytes failing (a full disk's stand-in)."""
    code = (
        "import resource, signal, sys\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"  # fail with EFBIG, not die
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))\n"
        "from grundy.cli import main\n"
        f"sys.exit(main({argv!r}))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_a_failed_write_exits_non_zero_naming_the_cause(tmp_path: Path, command: str) -> None:
    target = tmp_path / "out.txt"
    target.write_text("previous\n")
    done = _fsize_limited([*COMMANDS[command], str(target)], 20)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert str(target) in done.stderr and "too large" in done.stderr.lower(), done.stderr
    assert target.read_text() == "previous\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"], "no temporary file left"


def test_a_failed_report_write_exits_non_zero_naming_the_cause(
    tmp_path: Path, sample_claims: Path
) -> None:
    out = tmp_path / "report"
    argv = ["report", "--claims", str(sample_claims), "--out", str(out), "--format", "html,md"]
    done = _fsize_limited(argv, 2000)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and str(out) in done.stderr, done.stderr
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == [], "no temporary folder left"


@pytest.fixture
def sample_claims(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("claims") / "claims.toml"
    path.write_text(
        '[[claim]]\nid = "mirror"\ngame = "nim"\nvars = ["a", "b"]\n'
        "range = { a = [0, 3], b = [0, 3] }\nstatement = \"(outcome == 'P') == (a == b)\"\n"
    )
    return path


def _report(run_cli, claims: Path, out: Path):
    return run_cli("report", "--claims", str(claims), "--out", str(out), "--format", "html,md")


def test_a_users_file_put_into_a_report_folder_is_never_deleted(
    run_cli, tmp_path: Path, sample_claims: Path
) -> None:
    out = tmp_path / "report"
    assert _report(run_cli, sample_claims, out).code == 0
    (out / "my-notes.txt").write_text("mine")
    (out / "figures").mkdir(exist_ok=True)
    (out / "figures" / "my-drawing.svg").write_text("<svg/>")
    result = _report(run_cli, sample_claims, out)
    assert result.code == 2 and result.err.count("\n") == 1
    assert "my-notes.txt" in result.err
    assert (out / "my-notes.txt").read_text() == "mine"
    assert (out / "figures" / "my-drawing.svg").exists()
    (out / "my-notes.txt").unlink()
    result = _report(run_cli, sample_claims, out)
    assert result.code == 2 and "my-drawing.svg" in result.err
    (out / "figures" / "my-drawing.svg").unlink()
    assert _report(run_cli, sample_claims, out).code == 0, "grundy's own files are replaced"


def test_without_a_marker_only_a_reports_own_names_are_replaced(
    run_cli, tmp_path: Path, sample_claims: Path
) -> None:
    out = tmp_path / "report"
    out.mkdir()
    (out / "handout.notes.txt").write_text("mine")
    result = _report(run_cli, sample_claims, out)
    assert result.code == 2 and "handout.notes.txt" in result.err
    assert (out / "handout.notes.txt").read_text() == "mine"


def test_out_given_a_link_to_a_folder_keeps_the_link(
    run_cli, tmp_path: Path, sample_claims: Path
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    assert _report(run_cli, sample_claims, link).code == 0
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert (real / "handout.html").exists()
    assert _report(run_cli, sample_claims, link).code == 0, "and again, over its own report"
    assert link.is_symlink() and (real / "handout.html").exists()
