"""Shared pieces of the command line: the argument parser and game options."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import tempfile
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn, ParamSpec

from grundy.budget import Budget, Meter, format_bytes
from grundy.cli.flags import add_json_option, add_seed_option, add_smt_options, whole_int
from grundy.cli.json_output import solved_position_json, table_json, write_json
from grundy.cli.task_times import load_task_times, save_task_times
from grundy.cli.time_budget import add_seconds_option, seconds_parser
from grundy.files import FileTooLargeError, InputPathError, check_output_path, read_limited
from grundy.games import Game, create_game, find_entry
from grundy.games.catalogue import GameEntry, catalogue
from grundy.settings import DEFAULT_CLAIM_MEMORY, DEFAULT_CLAIM_SECONDS, MAX_JOBS, CheckSettings
from grundy.solve.table import too_many_rows
from grundy.verdict import Verdict

if TYPE_CHECKING:  # the library is imported by the commands that check claims, when they run
    from grundy.library import Theorem, TheoremResult

__all__ = [
    "CommandParser",
    "GameInvocation",
    "UsageError",
    "add_budget_options",
    "add_games_option",
    "add_jobs_option",
    "add_scheduler_option",
    "catalogue_lines",
    "check_claims",
    "check_output_dir",
    "check_output_file",
    "check_sequence_size",
    "check_settings",
    "check_solve_size",
    "check_table_size",
    "guard_user_code",
    "memory_size",
    "output_width",
    "parse_game_invocation",
    "plural",
    "register_game_command",
    "solve_meter",
    "solved_position_json",
    "table_json",
    "user_games",
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
    entry = find_entry(game_name)  # an octal code names its octal game
    parser = CommandParser(
        prog=f"grundy {command} {game_name}", description=entry.description, out=out
    )
    for param in entry.params:
        parser.add_argument(
            param.flag, dest=f"param_{param.name}", metavar=param.metavar, help=param.help
        )
        if param.from_file:
            parser.add_argument(
                param.file_flag,
                dest=f"param_{param.name}_file",
                metavar="PATH",
                help=f"{param.flag} read from a file, in the same words (line breaks "
                f"separate like commas; at most {PARAM_FILE_BYTES >> 20} MiB)",
            )
    configure(parser, entry.game_class.position_help)
    add_seconds_option(parser)
    try:
        args = parser.parse_args(list(words))
    except argparse.ArgumentError as exc:
        raise UsageError(str(exc)) from None
    from_files = {
        param.name: path
        for param in entry.params
        if param.from_file and (path := getattr(args, f"param_{param.name}_file")) is not None
    }
    for name, path in from_files.items():
        if getattr(args, f"param_{name}") is not None:
            flag = f"--{name.replace('_', '-')}"
            raise UsageError(f"give {flag} or {flag}-file, not both")
        setattr(args, f"param_{name}", _param_file_text(entry, name, path))
    given = {
        param.name: param.from_text(getattr(args, f"param_{param.name}"))
        for param in entry.params
        if getattr(args, f"param_{param.name}") is not None
    }
    game = create_game(game_name, given)  # an octal code names its octal game
    return GameInvocation(game, args, _typed_label(game_name, entry, game, from_files))


PARAM_FILE_BYTES = 32 << 20
"""Largest file read for a game's option (``--edges-file``): a million edges fit in 16 MiB."""


def _param_file_text(entry: GameEntry, name: str, path: str) -> str:
    """The text of the file given for option ``name``, refused in one line when it cannot
    be read (missing, not a regular file, too large, not UTF-8) or when the option is also
    given in words."""
    param = next(param for param in entry.params if param.name == name)
    option = param.file_flag
    try:  # the limit is kept while reading: a device (/dev/zero) has no size
        data = read_limited(path, PARAM_FILE_BYTES, f"{option}")
    except (FileTooLargeError, InputPathError) as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot read it: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{option} {path} is not UTF-8 text") from None
    return text.replace("\r\n", ",").replace("\n", ",")


def _typed_label(
    name: str, entry: GameEntry, game: Game, from_files: dict[str, str] | None = None
) -> str:
    """The game as the user named it, followed by the options the name leaves open (an
    option read from a file shown by its file)."""
    words = [name]
    values = game.options()
    for param in entry.params:
        if from_files and param.name in from_files:
            words.append(f"{param.file_flag} {from_files[param.name]}")
        elif param.name in values:
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


def guard_user_code(check: Callable[_P, Verdict], who: str | None = None) -> Callable[_P, Verdict]:
    """``check``, run apart from grundy's own process (see :mod:`grundy.cli.user_runs`):
    whatever a user's game does becomes that claim's verdict naming it (or ``who``)."""
    from grundy.cli.user_runs import isolated_check

    return isolated_check(check, who)


_P = ParamSpec("_P")


def user_games(paths: list[str] | None) -> contextlib.AbstractContextManager[list[str]]:
    """The games of ``paths`` in the catalogue for a ``with`` block (their names), as
    :func:`grundy.games.user.user_games`; that module, and the watched child processes it
    runs a user's code in, load only when a file is named (most runs name none)."""
    if not paths:
        return contextlib.nullcontext([])
    from grundy.games.user import user_games as load

    return load(paths)


def add_games_option(parser: argparse.ArgumentParser) -> None:
    """``--games FILE.py``: games of the user's own, for this run."""
    parser.add_argument(
        "--games",
        action="append",
        metavar="FILE.py",
        help="load games of your own from a Python module that lists them in GAMES (it is "
        "run: only name files you trust); may be given more than once",
    )


def register_game_command(
    commands: Any, command: str, helptext: str, runner: Callable[[argparse.Namespace, IO[str]], int]
) -> None:
    """Add ``grundy COMMAND GAME ...``: the game's own parser reads the words after GAME,
    ``grundy COMMAND --help`` lists the games, and no game at all is a usage error."""
    parser = commands.add_parser(command, help=helptext, add_help=False)
    parser.add_argument("-h", "--help", action="store_true", dest="asked_help")
    add_games_option(parser)
    parser.add_argument("game", nargs="?", help="a catalogue name or an octal code")
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="game options and position")

    def run(args: argparse.Namespace, out: IO[str]) -> int:
        # User games join the catalogue for this run only, before the name is looked up.
        with user_games(args.games):
            if args.asked_help:
                out.write(games_help(command, output_width(out) or 100))
                return 0
            if args.game is None:
                raise UsageError(
                    f"name a game: grundy {command} GAME ... ('grundy {command} --help' lists them)"
                )
            if not args.games:
                return runner(args, out)
            # the user's code runs in a child process: whatever it does, one line naming it
            from grundy.cli.user_runs import run_user_command

            return run_user_command(command, runner, args, out, SOLVE_MEMORY)

    parser.set_defaults(run=run)


def output_width(stream: IO[str]) -> int | None:
    """The width of the terminal ``stream`` writes to, or ``None`` when it is not one
    (a file or a pipe: lines are then as long as they need to be)."""
    if not getattr(stream, "isatty", lambda: False)():
        return None
    return shutil.get_terminal_size(fallback=(80, 24)).columns


COMMAND_USAGE = {
    "solve": "POSITION... [--misere] [--json] [--certificate FILE] [--finite] [--seconds S]",
    "sequence": "--upto N [--period] [--certificate FILE] [--json] [--summary] [--out FILE]"
    " [--seconds S]",
    "table": "--max BOUND... [--grid] [--misere] [--json] [--certificate FILE] [--finite]"
    " [--seconds S]",
    "play": "POSITION... [--misere] [--first me|computer] [--hints] [--finite] [--seconds S]",
    "quotient": "--upto N [--json] [--table] [--genus] [--certificate FILE] [--seconds S]",
}
COMMAND_SUMMARY = {
    "solve": "The Grundy value, the outcome and every winning move of one position.",
    "sequence": "The Grundy values G(0..N) of single heaps of a heap game.",
    "table": "Every position up to a bound, with its Grundy value and outcome.",
    "play": "Play a position against the perfect player, reading moves from standard input.",
    "quotient": "The misère quotient of a heap game's sums of heaps up to N, with a certificate.",
}


# -- sizes the command line refuses up front (each named in the README's "Limits") ----------

PART_LIMIT = 1_000
"""Most heaps (rows, edges...) in a position given to ``solve`` or ``table``: every
winning move repeats the whole position, so the answer grows with its square."""

CHOMP_SIDE_LIMIT = 1_000
"""Longest Chomp row, and most rows, accepted (the work grows with the square)."""

TABLE_ROW_LIMIT = 1_000_000
"""Most rows ``grundy table`` lists."""

SEQUENCE_LIMIT = 30_000_000
"""Largest ``--upto`` of ``grundy sequence``: every value is held (the compiled engine
and ``--period`` need about 35 bytes a heap at their peak, so about 1 GB here)."""

SOLVE_MEMORY = 1 << 30
"""Resident memory ``solve`` and ``table`` may add before they stop searching (bytes)."""


def solve_meter() -> Meter:
    """The budget of one ``solve`` or ``table`` run: resident memory only."""
    return Budget(None, SOLVE_MEMORY).start()


def check_solve_size(game: Game, position: object, what: str = "position") -> None:
    """Refuse, before any work, a position too large for ``solve`` / ``table``."""
    data = game.to_json(position)
    parts = len(data) if isinstance(data, list) else 1
    if parts > PART_LIMIT:
        raise UsageError(
            f"the {what} has {parts:,} parts (heaps, rows, edges...); the limit is "
            f"{PART_LIMIT:,}, since every winning move repeats the whole position"
        )
    if game.name == "chomp" and isinstance(data, list) and data:
        side = max(len(data), max(data))
        if side > CHOMP_SIDE_LIMIT:
            raise UsageError(
                f"a Chomp board of {len(data):,} rows, the longest {max(data):,} squares, is "
                f"too large: rows and their number are limited to {CHOMP_SIDE_LIMIT:,} "
                "(the work grows with the square of the side)"
            )


def check_table_size(game: Game, bound: object) -> None:
    """Refuse, before any work, a ``table --max`` bound with too many rows."""
    check_solve_size(game, bound, "bound")
    excess = too_many_rows(game, bound, TABLE_ROW_LIMIT)
    if excess is not None:
        raise UsageError(f"{excess}; grundy table lists at most {TABLE_ROW_LIMIT:,} (lower --max)")


def check_sequence_size(upto: int) -> None:
    """Refuse, before any work, a ``sequence --upto`` beyond :data:`SEQUENCE_LIMIT`."""
    if upto > SEQUENCE_LIMIT:
        shown = f"{upto:,}" if upto < 10**15 else "more than 10^15"
        raise UsageError(
            f"--upto {shown} is too large: sequence computes and holds every value "
            f"G(0..N), and N may be at most {SEQUENCE_LIMIT:,}"
        )


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = whole_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def memory_size(text: str) -> int | None:
    """An argparse type: a number of bytes such as ``512M``, ``2G`` or ``1.5G``; ``none``
    for no limit."""
    if text.strip().lower() in ("none", "off"):
        return None
    units = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    body = text.strip().upper().removesuffix("IB").removesuffix("B")
    unit = body[-1:] if body[-1:] in units else ""
    try:
        number = float(body[: len(body) - len(unit)])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a size such as 512M or 2G (or none), got {text[:40]!r}"
        ) from None
    if not 0 < number < 1 << 50:
        raise argparse.ArgumentTypeError(f"must be a positive size, got {text[:40]!r}")
    return int(number * units[unit])


def add_budget_options(parser: argparse.ArgumentParser) -> None:
    """``--claim-seconds`` and ``--claim-memory``: the budget of each claim."""
    parser.add_argument(
        "--claim-seconds",
        type=seconds_parser("--claim-seconds"),
        default=DEFAULT_CLAIM_SECONDS,
        metavar="S",
        help=f"time one claim may take before it ends as unknown (default "
        f"{DEFAULT_CLAIM_SECONDS:g}; 'none' for no limit)",
    )
    parser.add_argument(
        "--claim-memory",
        type=memory_size,
        default=DEFAULT_CLAIM_MEMORY,
        metavar="SIZE",
        help=f"resident memory checking a claim may add before it ends as unknown "
        f"(default {format_bytes(DEFAULT_CLAIM_MEMORY)}; e.g. 4G, or 'none')",
    )


def add_check_options(parser: argparse.ArgumentParser, *, quick_help: str) -> None:
    """What every command that checks claims takes: ``--json``, ``--seed``, ``--quick``,
    ``--jobs`` and the claim budget (:func:`check_settings` reads them back)."""
    add_json_option(parser)
    add_seed_option(parser)
    parser.add_argument("--quick", action="store_true", help=quick_help)
    add_jobs_option(parser)
    add_budget_options(parser)
    add_smt_options(parser)


def check_settings(args: argparse.Namespace) -> CheckSettings:
    """What ``--seed``, ``--quick`` and :func:`add_budget_options` ask of every check."""
    return CheckSettings(
        seed=args.seed,
        quick=args.quick,
        claim_seconds=args.claim_seconds,
        claim_memory=args.claim_memory,
        second_solver=args.second_solver,
    )


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    """``--jobs N``: check claims in N worker processes (default: one per core)."""
    parser.add_argument(
        "--jobs",
        type=_jobs,
        default=min(os.cpu_count() or 1, MAX_JOBS),
        metavar="N",
        help="worker processes for checking claims (default: one per core); results are "
        "the same as with --jobs 1",
    )


def _jobs(text: str) -> int:
    """An argparse type: a number of worker processes, 1 to ``MAX_JOBS``."""
    jobs = positive_int(text)
    if jobs > MAX_JOBS:
        raise argparse.ArgumentTypeError(
            f"at most {MAX_JOBS} worker processes on this machine, got {jobs:,}"
        )
    return jobs


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
        from grundy.library import run_theorems

        results = run_theorems(
            theorems, settings, progress, jobs=args.jobs, earlier=earlier, timings=timings
        )
    else:
        from grundy.distributed import run_theorems_on_dask  # imports dask only when asked

        games = getattr(args, "games", None) or []
        results = run_theorems_on_dask(
            theorems,
            settings,
            progress,
            scheduler=args.scheduler,
            jobs=args.jobs,
            earlier=earlier,
            timings=timings,
            games=games,
            guard=_guard_theorem() if games else None,
        )
    save_task_times(timings)
    return results


def _probe_folder(folder: Path, option: str, shown: str) -> None:
    """Create and remove a file in ``folder``: the one sure test that it can be written."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise UsageError(f"{option} {shown} cannot be written: {exc.strerror or exc}") from None


def _nearest_existing(path: Path) -> Path:
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path.cwd()


def check_output_dir(path: str | Path, option: str = "--out") -> None:
    """Refuse, before any work, an output folder that cannot be written (exit code 2)."""
    folder = Path(path)
    existing = _nearest_existing(folder)
    if not existing.is_dir():
        what = "is a file" if existing == folder else f"is inside {existing}, which is a file"
        raise UsageError(f"{option} {path} {what}; give a folder")
    _probe_folder(existing, option, str(path))


def check_output_file(path: str | Path, option: str) -> None:
    """Refuse, before any work, an output file that cannot be written (exit code 2)."""
    file = Path(path)
    if file.is_dir() and not file.is_symlink():
        raise UsageError(f"{option} {path} is a folder; give a file name")
    check_output_path(file, option)
    if not file.parent.is_dir():
        raise UsageError(f"{option} {path}: the folder {file.parent} does not exist")
    _probe_folder(file.parent, option, str(path))


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and the noun, singular for exactly one.

    >>> plural(1, "claim"), plural(147, "claim"), plural(2, "match", "matches")
    ('1 claim', '147 claims', '2 matches')
    """
    return f"{count:,} {noun if count == 1 else (nouns or noun + 's')}"


def _guard_theorem() -> Callable[[Theorem], Theorem]:
    from grundy.cli.user_runs import guard_theorem

    return guard_theorem
