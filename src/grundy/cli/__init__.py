"""The ``grundy`` command line.  The only place (with the report writers) that prints.

``main`` takes its output streams as arguments and returns the exit code: 0 success,
1 a claim refuted, unknown or in error, 2 bad usage or bad input, 3 an internal error
(a bug: one line on stderr says where the traceback was written), 130 interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import IO, cast

from grundy import __version__
from grundy.cli import certificate, check, explore, play, quotient, recheck, report, verify
from grundy.cli.common import CommandParser, UsageError
from grundy.cli.output import ErrorOutput, GuardedOutput, OutputFailedError, silence_stdout
from grundy.errors import BudgetExceededError, GrundyError

__all__ = ["EXIT_BUG", "EXIT_INTERRUPTED", "main"]

EXIT_BUG = 3
"""An uncaught exception: a bug in grundy, never the user's input."""

EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT, as shells report it)."""

# Each module adds its subcommands; a command's ``run(args, out)`` returns the exit code.
# The modules import what a command uses only when it runs (numpy, the library, the report
# writers...), so that ``grundy --help`` and ``grundy solve nim 3 4 5`` start quickly.
COMMAND_MODULES = [explore, quotient, play, verify, check, report, certificate, recheck]


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
    out = stdout or cast(IO[str], GuardedOutput(sys.stdout))
    err = stderr or cast(IO[str], ErrorOutput(sys.stderr))
    args = None
    try:  # the parser too: a Ctrl-C while it is built is one line like any other
        parser = build_parser(out)
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
        if args.command is None:
            parser.print_help()
            return 2
        code = int(args.run(args, out))
        out.flush()  # a full disk shows here, not when Python exits
        return code
    except SystemExit as exc:  # --help and --version
        try:
            out.flush()
        except OutputFailedError as failed:
            return _output_failed(failed, err)
        except BrokenPipeError:
            return _output_closed()
        return exc.code if isinstance(exc.code, int) else 0
    except OutputFailedError as exc:
        return _output_failed(exc, err)
    except (UsageError, argparse.ArgumentError) as exc:
        err.write(f"grundy: error: {exc}\n")
        return 2
    except GrundyError as exc:
        err.write(f"grundy: error: {exc}\n")
        return 2
    except BrokenPipeError:  # output piped into a command that stopped reading
        return _output_closed()
    except KeyboardInterrupt as exc:
        return _interrupted(exc, args, out, err)
    except MemoryError:
        err.write(
            "grundy: error: out of memory; try a smaller position or range "
            "(the limits are in the README)\n"
        )
        return 2
    except Exception as exc:  # a bug: say so in one line, keep the details in a file
        inner = _wrapped(exc)
        if isinstance(inner, BudgetExceededError):
            err.write(f"grundy: error: {inner}\n")
            return 2
        if isinstance(inner, KeyboardInterrupt):
            err.write("grundy: interrupted\n")
            return EXIT_INTERRUPTED
        err.write(f"grundy: internal error (a bug in grundy): {_record_bug(exc)}\n")
        return EXIT_BUG


def _wrapped(exc: BaseException) -> BaseException | None:
    """A time budget's end or a Ctrl-C that compiled code (numba) re-raised wrapped in a
    ``SystemError``: the signal arrived while a kernel ran, which is no bug."""
    seen: set[int] = set()
    inner: BaseException | None = exc
    while inner is not None and id(inner) not in seen:
        if isinstance(inner, (BudgetExceededError, KeyboardInterrupt)):
            return inner
        seen.add(id(inner))
        inner = inner.__cause__ or inner.__context__
    return None


def _output_failed(exc: OutputFailedError, err: IO[str]) -> int:
    silence_stdout()
    err.write(f"grundy: error: {exc}\n")
    return 2


def _output_closed() -> int:
    silence_stdout()
    return 0


def _interrupted(
    exc: KeyboardInterrupt, args: argparse.Namespace | None, out: IO[str], err: IO[str]
) -> int:
    """Ctrl-C: one line on stderr; check and verify also show the claims that were
    finished (the library's InterruptedRun carries them)."""
    if "grundy.library" not in sys.modules:  # only a check run by the library carries any
        err.write("grundy: interrupted\n")
        return EXIT_INTERRUPTED
    from grundy.library import InterruptedRun  # loaded already: no time for Ctrl-C again

    if not isinstance(exc, InterruptedRun):
        err.write("grundy: interrupted\n")
        return EXIT_INTERRUPTED
    if exc.finished:
        from grundy.cli.results import print_results

        print_results(exc.finished, out, bool(getattr(args, "json", False)))
    err.write(f"grundy: interrupted; {len(exc.finished)} claims were finished\n")
    return EXIT_INTERRUPTED


def _record_bug(exc: BaseException) -> str:
    """Write the traceback to a file in the temporary folder; the words for stderr."""
    import tempfile  # only after a bug: other runs need not load them
    import traceback

    summary = f"{type(exc).__name__}"
    try:
        handle, path = tempfile.mkstemp(prefix="grundy-bug-", suffix=".txt", text=True)
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(f"grundy {__version__}, arguments: {sys.argv[1:]!r}\n")
            file.write("".join(traceback.format_exception(exc)))
    except OSError:
        return f"{summary}; the traceback could not be written"
    return f"{summary}; the details are in {path}"
