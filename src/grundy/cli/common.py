"""Shared pieces of the command line: the argument parser and game options."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any, NoReturn

from grundy.cli.task_times import load_task_times, save_task_times
from grundy.games import Game, create_game, find_entry
from grundy.library import CheckSettings, Theorem, TheoremResult, run_theorems

__all__ = [
    "CommandParser",
    "GameInvocation",
    "UsageError",
    "add_jobs_option",
    "add_scheduler_option",
    "check_claims",
    "parse_game_invocation",
    "write_json",
]


class UsageError(Exception):
    """Bad command-line words: shown as one line, exit code 2."""


class CommandParser(argparse.ArgumentParser):
    """An argument parser that raises instead of exiting, and writes help where told."""

    def __init__(self, *args: Any, out: IO[str] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("exit_on_error", False)
        super().__init__(*args, **kwargs)
        self.out = out

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            (self.out or file or __import__("sys").stdout).write(message)


@dataclass(frozen=True, slots=True)
class GameInvocation:
    game: Game
    args: argparse.Namespace


def parse_game_invocation(
    command: str,
    game_name: str,
    words: Sequence[str],
    out: IO[str],
    configure: Callable[[CommandParser, str], None],
) -> GameInvocation:
    """Parse ``GAME [game options] [command options] POSITION...`` for one command.

    ``configure(parser, position_help)`` adds the command's own options (``--misere``,
    ``--upto``...); ``position_help`` says how the game writes a position.
    """
    entry = find_entry(game_name)
    parser = CommandParser(
        prog=f"grundy {command} {game_name}", description=entry.description, out=out
    )
    for param in entry.params:
        parser.add_argument(
            param.flag, dest=f"param_{param.name}", metavar=param.metavar, help=param.help
        )
    configure(parser, entry.game_class.position_help)
    try:
        args = parser.parse_args(list(words))
    except argparse.ArgumentError as exc:
        raise UsageError(str(exc)) from None
    given = {
        param.name: param.from_text(getattr(args, f"param_{param.name}"))
        for param in entry.params
        if getattr(args, f"param_{param.name}") is not None
    }
    return GameInvocation(create_game(game_name, given), args)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    """``--jobs N``: check claims in N worker processes (default: one per core)."""
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=os.cpu_count() or 1,
        metavar="N",
        help="worker processes for checking claims (default: one per core); results are "
        "the same as with --jobs 1",
    )


def add_scheduler_option(parser: argparse.ArgumentParser) -> None:
    """``--scheduler ADDRESS``: check claims on a Dask cluster (needs dask[distributed])."""
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="check claims on a Dask cluster: a scheduler address (tcp://host:8786), or "
        "'local' for --jobs worker processes on this machine (needs grundy[distributed])",
    )


def check_claims(
    theorems: Sequence[Theorem],
    settings: CheckSettings,
    progress: Callable[[int, int, TheoremResult], None] | None,
    args: argparse.Namespace,
) -> list[TheoremResult]:
    """Check the theorems as ``--jobs`` and ``--scheduler`` say: the same results either way.

    Tasks are handed out longest first by the times of the previous run (see
    :mod:`grundy.cli.task_times`), and this run's times are remembered for the next.
    """
    earlier = load_task_times()
    timings: dict[str, float] = {}
    if args.scheduler is None:
        results = run_theorems(
            theorems, settings, progress, jobs=args.jobs, earlier=earlier, timings=timings
        )
    else:
        from grundy.distributed import run_theorems_on_dask  # imports dask only when asked

        results = run_theorems_on_dask(
            theorems,
            settings,
            progress,
            scheduler=args.scheduler,
            jobs=args.jobs,
            earlier=earlier,
            timings=timings,
        )
    save_task_times(timings)
    return results


def write_json(out: IO[str], data: Any) -> None:
    json.dump(data, out, indent=2)
    out.write("\n")
