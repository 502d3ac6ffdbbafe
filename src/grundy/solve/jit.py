"""Lazy access to the numba compiler, with a compile cache that works read-only too.

Compiled kernels live in modules that import numba at their top; nothing else in the
package imports them until a kernel is needed, so commands that never use one (``grundy
solve nim 3 4 5``) do not pay numba's import time.  Compiled machine code is cached on
disk (``cache=True``): next to the kernel modules when the package directory is
writable, otherwise in a per-user directory (``$XDG_CACHE_HOME/grundy/numba``, or
``~/.cache/grundy/numba``), which is set through ``NUMBA_CACHE_DIR`` before numba is first
imported.  An explicit ``NUMBA_CACHE_DIR`` is always respected.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

__all__ = [
    "compiled",
    "compiled_when",
    "compiler_available",
    "compiler_loaded",
    "prepare_cache_dir",
]


def _writable(directory: Path) -> bool:
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(directory, os.W_OK | os.X_OK)


def prepare_cache_dir() -> str | None:
    """Choose where numba caches compiled kernels; returns the directory set, if any.

    Must run before numba is imported (the kernel modules call it first).
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    package = Path(__file__).resolve().parent
    if _writable(package / "__pycache__"):
        return None  # numba's own choice: __pycache__ beside the kernel modules
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    for candidate in (
        Path(base) / "grundy" / "numba",
        Path(tempfile.gettempdir()) / f"grundy-numba-{os.getuid()}",
    ):
        if _writable(candidate):
            os.environ["NUMBA_CACHE_DIR"] = str(candidate)
            return str(candidate)
    return None


def compiler_available() -> bool:
    """Whether numba can be imported (it is a dependency; this guards a broken install,
    in which case the engines fall back to their numpy forms)."""
    prepare_cache_dir()
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def compiler_loaded() -> bool:
    """Whether this process has imported numba already.  Importing it and loading the
    first cached kernel is a fixed cost of about half a second of CPU (bench/SMALL_RUNS.md);
    an engine with a numpy form uses that form on small inputs until someone has paid it."""
    return sys.modules.get("numba") is not None


def compiled(function: Any) -> Any:
    """``numba.njit(cache=True)`` of ``function``; without the disk cache if numba finds
    no directory to write it to (the kernel is then compiled once per process)."""
    prepare_cache_dir()
    import numba

    try:
        return numba.njit(cache=True, nogil=True)(function)
    except RuntimeError:  # "no locator available": nowhere to write the cache
        return numba.njit(nogil=True)(function)


_COMPILED: dict[Any, Any] = {}


def compiled_when(function: Any, large: bool) -> Any:
    """``function`` compiled (once per process) when ``large``, else as plain Python.

    Loading numba and the cached machine code costs about half a second of CPU; a kernel
    called on small work (a quotient of a few dozen elements, inside a solver's half-second
    allowance) runs as Python instead, and numba is not imported at all."""
    if not large or not compiler_available():
        return function
    found = _COMPILED.get(function)
    if found is None:
        found = _COMPILED[function] = compiled(function)
    return found
