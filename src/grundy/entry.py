"""The ``grundy`` command's entry point: Ctrl-C while the modules are still loading ends
the command like Ctrl-C anywhere else (one line, exit 130), not with a traceback."""

from __future__ import annotations

import sys

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    try:
        from grundy.cli import main as run_command
    except KeyboardInterrupt:
        sys.stderr.write("grundy: interrupted\n")
        return 130  # grundy.cli.EXIT_INTERRUPTED, which cannot be imported here
    return run_command(argv)
