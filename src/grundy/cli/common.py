"""Shared pieces of the command line: the argument parser and game options."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any, NoReturn

from grundy.cli.task_times import load_task_times, save_task_times
from grundy.games import Game, create_game, find_entry
from grundy.games.catalogue import GameEntry, catalogue
from grundy.games.octal import OctalGame
from grundy.library import CheckSettings, Theorem, TheoremResult, run_theorems

__all__ = [
    "CommandParser",
    "GameInvocation",
    "UsageError",
    "add_jobs_option",
    "add_scheduler_option",
    "catalogue_lines",
    "check_claims",
    "game_entry",
    "output_width",
    "parse_game_invocation",
    "plural",
    "register_game_command",
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
    """A game read from the command line, the command's own options, and the game's name
    as the user wrote it (``kayles``, ``0.77``, ``subtraction --set 1,2,3``) for headers."""

    game: Game
    args: argparse.Namespace
    label: str


# An octal code stands for itself as a game name (``0.77``, ``4.07``, ``.137``), as in the
# literature; the octal game then checks the digits.
_OCTAL_NAME = re.compile(r"[0-9a-fA-F]?\.[0-9a-zA-Z]*")


def game_entry(name: str) -> GameEntry:
    """The catalogue entry for ``name``, or an octal game whose code is ``name``.

    >>> game_entry("0.77").fixed, game_entry("kayles").fixed
    ({'code': '0.77'}, {'code': '0.77'})
    """
    if _OCTAL_NAME.fullmatch(name):
        return GameEntry(name, OctalGame, {"code": name}, f"the octal game {name}")
    return find_entry(name)


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
    entry = game_entry(game_name)
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
    if _OCTAL_NAME.fullmatch(game_name):
        game = create_game("octal", {**given, **entry.fixed})
    else:
        game = create_game(game_name, given)
    return GameInvocation(game, args, _typed_label(game_name, entry, game))


def _typed_label(name: str, entry: GameEntry, game: Game) -> str:
    """The game as the user named it, followed by the options the name leaves open."""
    words = [name]
    values = game.options()
    for param in entry.params:
        if param.name in values:
            value = values[param.name]
            shown = ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
            words.append(f"{param.flag} {shown}")
    return " ".join(words)


def games_help(command: str, width: int) -> str:
    """The help of ``grundy COMMAND`` before a game is named: usage, then every game of
    the catalogue with its options, wrapped to ``width`` columns."""
    width = max(width, 40)
    words = f"GAME [GAME OPTIONS] {COMMAND_USAGE[command]}"
    lines = [*_usage_lines(f"grundy {command}", words, width), ""]
    for paragraph in (
        COMMAND_SUMMARY[command],
        "GAME is a name below, or an octal code such as 0.77 or 4.07 (the octal game with "
        f"that code). 'grundy {command} GAME --help' shows the options of one game.",
    ):
        lines.extend(textwrap.wrap(paragraph, width))
        lines.append("")
    lines.append("games:")
    lines.extend(catalogue_lines(width))
    return "\n".join(lines) + "\n"


def _usage_lines(prog: str, words: str, width: int) -> list[str]:
    """``usage: PROG WORDS`` wrapped to ``width``, never inside a ``[...]`` group.

    >>> for line in _usage_lines("grundy x", "A [--b C] [--d]", 30):
    ...     print(line)
    usage: grundy x A [--b C]
                    [--d]
    """
    first = f"usage: {prog}"
    indent = " " * (len(first) + 1)
    lines = [first]
    for group in re.findall(r"\[[^\]]*\]|\S+", words):
        if len(lines[-1]) + 1 + len(group) > width and lines[-1] != first:
            lines.append(indent + group)
        else:
            lines[-1] += " " + group
    return lines


def catalogue_lines(width: int | None) -> list[str]:
    """Every game of the catalogue with its summary and options, indented under its name
    and wrapped to ``width`` columns (not wrapped when ``width`` is ``None``)."""
    entries = catalogue()
    name_width = max(len(entry.name) for entry in entries) + 2
    wrap_at = max(width, 40) if width is not None else 100_000
    lines = []
    for entry in entries:
        lines.extend(
            textwrap.wrap(
                entry.description,
                width=wrap_at,
                initial_indent=f"  {entry.name:<{name_width}}",
                subsequent_indent=" " * (name_width + 2),
            )
        )
        for param in entry.params:
            lines.extend(
                textwrap.wrap(
                    f"{param.flag} {param.metavar}: {param.help}",
                    width=wrap_at,
                    initial_indent=" " * (name_width + 4),
                    subsequent_indent=" " * (name_width + 6),
                )
            )
    return lines


def register_game_command(
    commands: Any, command: str, helptext: str, runner: Callable[[argparse.Namespace, IO[str]], int]
) -> None:
    """Add ``grundy COMMAND GAME ...``: the game's own parser reads the words after GAME,
    ``grundy COMMAND --help`` lists the games, and no game at all is a usage error."""
    parser = commands.add_parser(command, help=helptext, add_help=False)
    parser.add_argument("-h", "--help", action="store_true", dest="asked_help")
    parser.add_argument("game", nargs="?", help="a catalogue name or an octal code")
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="game options and position")

    def run(args: argparse.Namespace, out: IO[str]) -> int:
        if args.asked_help:
            out.write(games_help(command, output_width(out) or 100))
            return 0
        if args.game is None:
            raise UsageError(
                f"name a game: grundy {command} GAME ... ('grundy {command} --help' lists them)"
            )
        return runner(args, out)

    parser.set_defaults(run=run)


def output_width(stream: IO[str]) -> int | None:
    """The width of the terminal ``stream`` writes to, or ``None`` when it is not one
    (a file or a pipe: lines are then as long as they need to be)."""
    if not getattr(stream, "isatty", lambda: False)():
        return None
    return shutil.get_terminal_size(fallback=(80, 24)).columns


COMMAND_USAGE = {
    "solve": "POSITION... [--misere] [--json] [--certificate FILE]",
    "sequence": "--upto N [--period] [--json]",
    "table": "--max BOUND... [--grid] [--misere] [--json] [--certificate FILE]",
    "play": "POSITION... [--misere] [--first me|computer] [--hints]",
}
COMMAND_SUMMARY = {
    "solve": "The Grundy value, the outcome and every winning move of one position.",
    "sequence": "The Grundy values G(0..N) of single heaps of a heap game.",
    "table": "Every position up to a bound, with its Grundy value and outcome.",
    "play": "Play a position against the perfect player, reading moves from standard input.",
}


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


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and the noun, singular for exactly one.

    >>> plural(1, "claim"), plural(147, "claim"), plural(2, "match", "matches")
    ('1 claim', '147 claims', '2 matches')
    """
    return f"{count:,} {noun if count == 1 else (nouns or noun + 's')}"


def write_json(out: IO[str], data: Any) -> None:
    json.dump(data, out, indent=2)
    out.write("\n")
