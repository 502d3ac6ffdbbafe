"""Reading and writing the files grundy is given: bounded reads, atomic writes.

Every file grundy writes (reports, certificates, ``--out`` values, its task times) goes
through :func:`write_atomic`: the bytes go to a temporary file in the same folder, which
is renamed over the target, so a reader (or an interrupted run) sees the old file or the
new one, never half of one.  The target must be a regular file or a new path: a device,
a FIFO, a folder or a symbolic link given as an output is refused (:class:`OutputPathError`),
never replaced by a regular file.  A file replaced on purpose keeps its mode.

Every file grundy reads that the user names (claim files, certificates, proofs modules,
games files) must be a regular file: :func:`check_input_path` refuses a FIFO, a device, a
folder or a socket (:class:`InputPathError`) before anything opens it, since opening a FIFO
without a writer blocks forever and a device such as ``/dev/zero`` never ends.  Data files
are read through :func:`read_limited`, which keeps that rule even against a path swapped
after the check and stops after a byte limit, and their text through
:func:`decode_document`, which tells why a decoder could not read it.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from grundy.errors import GrundyError

__all__ = [
    "FileTooLargeError",
    "InputPathError",
    "OutputPathError",
    "WriteFailedError",
    "check_input_path",
    "check_output_path",
    "decode_document",
    "read_limited",
    "write_atomic",
]


class OutputPathError(GrundyError, ValueError):
    """Raised for an output path grundy must not replace (not a regular file or new path)."""


class WriteFailedError(GrundyError, OSError):
    """Raised when writing a file fails (a full disk, a size limit, no permission)."""


class InputPathError(GrundyError, ValueError):
    """Raised for a path to read that is not a regular file (a FIFO, a device, a folder)."""


class FileTooLargeError(GrundyError, ValueError):
    """Raised by :func:`read_limited` for a file longer than its limit."""


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_output_path(path: str | Path, option: str = "output") -> None:
    """Refuse an output path that exists and is not a regular file (a symbolic link
    included, even to a regular file: the rename would replace the link itself)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise OutputPathError(f"{option} {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        raise OutputPathError(
            f"{option} {path} is {_kind(mode)}; grundy writes only regular files or new paths"
        )


def _new_file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomic(path: str | Path, data: bytes | str, option: str = "output") -> None:
    """Write ``data`` to ``path`` through a temporary file renamed over it.

    The old file keeps its mode; a new one gets the mode any new file would get (the
    umask applied).  A failure removes the temporary file, leaves the old file as it
    was, and raises :class:`WriteFailedError` naming the path and the cause.
    """
    target = Path(path)
    check_output_path(target, option)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        mode = _new_file_mode()
    except OSError as exc:
        raise WriteFailedError(f"cannot write {path}: {exc.strerror or exc}") from None
    temporary: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
        with os.fdopen(handle, "wb") as file:
            file.write(payload)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        check_output_path(target, option)  # not turned into a link or a FIFO meanwhile
        os.replace(temporary, target)
        temporary = None
    except OSError as exc:
        raise WriteFailedError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def _refuse_irregular(mode: int, path: str | Path, what: str) -> None:
    if not stat.S_ISREG(mode):
        raise InputPathError(f"{what} {path} is {_kind(mode)}; grundy reads only regular files")


def check_input_path(path: str | Path, what: str = "file") -> None:
    """Refuse, without opening it, a path to read that is not a regular file (a link to
    one is followed).  ``OSError`` (``FileNotFoundError`` first) is left to the caller."""
    _refuse_irregular(os.stat(path).st_mode, path, what)


def read_limited(path: str | Path, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, refusing one of more than ``limit`` bytes.

    Anything else is refused (:class:`InputPathError`): checked before opening, then again
    on what was opened, without blocking (a FIFO put in its place meanwhile opens at once
    and is refused).  The limit is kept while reading (a file may grow while it is read).
    ``OSError`` is left to the caller.
    """
    check_input_path(path, what)
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        _refuse_irregular(os.fstat(handle).st_mode, path, what)
        os.set_blocking(handle, True)
    except BaseException:
        os.close(handle)
        raise
    with os.fdopen(handle, "rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(
            f"{what} {path} is larger than {_size(limit)}; at most {_size(limit)} are read"
        )
    return data


def _size(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit:,} bytes"


_T = TypeVar("_T")
_E = TypeVar("_E", bound=ValueError)


def decode_document(
    decode: Callable[[str], _T],
    text: str,
    *,
    syntax_error: type[_E],
    fail: Callable[[str], Exception],
    syntax: Callable[[_E], str],
    too_deep: str,
    too_long: Callable[[ValueError], str],
) -> _T:
    """``decode(text)`` (``tomllib.loads``, ``json.loads``), or ``fail`` raised with the
    reason it could not be read: the decoder's own ``syntax_error`` (worded by ``syntax``),
    nesting past Python's recursion limit (``too_deep``), or a whole number past Python's
    4,300 digits, the one other ``ValueError`` these decoders raise (``too_long``).

    >>> import json
    >>> decode_document(json.loads, "[" * 100_000, syntax_error=json.JSONDecodeError,
    ...     fail=ValueError, syntax=str, too_deep="too deep", too_long=str)
    Traceback (most recent call last):
    ValueError: too deep
    """
    try:
        return decode(text)
    except syntax_error as exc:
        raise fail(syntax(exc)) from None
    except RecursionError:
        raise fail(too_deep) from None
    except ValueError as exc:
        raise fail(too_long(exc)) from None
