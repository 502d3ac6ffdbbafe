"""The ``grundy`` command line.  The only place (with the report writers) that prints.

``main`` takes its output streams as arguments and returns the exit code: 0 success,
1 a claim refuted, unknown or in error, 2 bad usage or bad input, 3 an internal error
(a bug: one line on stderr says where the traceback was written), 130 interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import traceback
from collections.abc import Sequence
from typing import IO

from grundy import __version__
from grundy.cli import certificate, check, explore, interactive, quotient, report, verify
from grundy.cli.common import CommandParser, UsageError
from grundy.cli.results import print_results
from grundy.errors import GrundyError
from grundy.library import InterruptedRun

__all__ = ["EXIT_BUG", "EXIT_INTERRUPTED", "main"]

EXIT_BUG = 3
"""An uncaught exception: a bug in grundy, never the user's input."""

EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT, as shells report it)."""

# Each module adds its subcommands; a command's ``run(args, out)`` returns the exit code.
COMMAND_MODULES = [explore, quotient, interactive, verify, check, report, certificate]


def build_parser(out: IO[str]) -> CommandParser:
    parser = CommandParser(
        prog="grundy",
        description="Prove, refute and report on claims about impartial combinatorial games.",
        out=out,
    )
    parser.add_argument("--version", action="version", version=f"grundy {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    for module in COMMAND_MODULES:
        module.register(commands)
    return parser


def main(
    argv: Sequence[str] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    parser = build_parser(out)
    args = None
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
        if args.command is None:
            parser.print_help()
            return 2
        return int(args.run(args, out))
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    except (UsageError, argparse.ArgumentError) as exc:
        err.write(f"grundy: error: {exc}\n")
        return 2
    except GrundyError as exc:
        err.write(f"grundy: error: {exc}\n")
        return 2
    except BrokenPipeError:  # output piped into a command that stopped reading
        return 0
    except InterruptedRun as exc:  # check/verify: show the claims that were finished
        if exc.finished:
            print_results(exc.finished, out, bool(getattr(args, "json", False)))
        err.write(f"grundy: interrupted; {len(exc.finished)} claims were finished\n")
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:
        err.write("grundy: interrupted\n")
        return EXIT_INTERRUPTED
    except MemoryError:
        err.write(
            "grundy: error: out of memory; try a smaller position or range "
            "(the limits are in the README)\n"
        )
        return 2
    except Exception as exc:  # a bug: say so in one line, keep the details in a file
        err.write(f"grundy: internal error (a bug in grundy): {_record_bug(exc)}\n")
        return EXIT_BUG


def _record_bug(exc: BaseException) -> str:
    """Write the traceback to a file in the temporary folder; the words for stderr."""
    summary = f"{type(exc).__name__}"
    try:
        handle, path = tempfile.mkstemp(prefix="grundy-bug-", suffix=".txt", text=True)
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(f"grundy {__version__}, arguments: {sys.argv[1:]!r}\n")
            file.write("".join(traceback.format_exception(exc)))
    except OSError:
        return f"{summary}; the traceback could not be written"
    return f"{summary}; the details are in {path}"
