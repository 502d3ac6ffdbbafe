"""Task times remembered between runs, so that ``--jobs`` hands out the longest first.

The file is a small JSON object ``{task key: seconds}`` in grundy's cache folder:
``$GRUNDY_CACHE_DIR``, else ``$XDG_CACHE_HOME/grundy``, else ``~/.cache/grundy``.  It only
orders the work; a missing, unreadable or unwritable file changes nothing but the order
(the static estimates are used), and never a verdict.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from grundy.files import OutputPathError, write_atomic

__all__ = ["load_task_times", "save_task_times", "task_times_path"]

FILE_NAME = "task-seconds.json"


def task_times_path() -> Path:
    """Where the task times are kept."""
    explicit = os.environ.get("GRUNDY_CACHE_DIR")
    if explicit:
        return Path(explicit) / FILE_NAME
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "grundy" / FILE_NAME


def load_task_times() -> dict[str, float]:
    """The times of earlier runs; empty when there are none or the file is unreadable."""
    try:
        data = json.loads(task_times_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        str(key): float(value)
        for key, value in data.items()
        if isinstance(value, (int, float)) and value >= 0
    }


def save_task_times(measured: Mapping[str, float]) -> None:
    """Merge this run's times into the file (written whole, then renamed into place)."""
    if not measured:
        return
    path = task_times_path()
    times = {**load_task_times(), **{key: round(value, 4) for key, value in measured.items()}}
    try:
        write_atomic(path, json.dumps(times, indent=0, sort_keys=True), "the task-times file")
    except (OSError, OutputPathError):
        return  # only the order of a later run depends on it
