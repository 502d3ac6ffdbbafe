"""The ``grundy`` command line.  The only place (with the report writers) that prints.

``main`` takes its output streams as arguments and returns the exit code: 0 success,
1 a claim refuted, unknown or in error, 2 bad usage or bad input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO

from grundy import __version__
from grundy.cli import certificate, check, explore, interactive, report, verify
from grundy.cli.common import CommandParser, UsageError
from grundy.errors import GrundyError

__all__ = ["main"]

# Each module adds its subcommands; a command's ``run(args, out)`` returns the exit code.
COMMAND_MODULES = [explore, interactive, verify, check, report, certificate]


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
    except KeyboardInterrupt:
        err.write("grundy: interrupted\n")
        return 130
