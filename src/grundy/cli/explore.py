"""Commands that explore games: ``games``, ``solve``, ``sequence`` and ``table``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, TypeVar

from grundy.cli.common import (
    CommandParser,
    GameInvocation,
    UsageError,
    catalogue_lines,
    check_output_file,
    check_sequence_size,
    check_solve_size,
    check_table_size,
    output_width,
    parse_game_invocation,
    plural,
    register_game_command,
    solve_meter,
    solved_position_json,
    table_json,
    write_json,
)
from grundy.cli.flags import add_json_option, add_misere_option, whole_int
from grundy.cli.time_budget import time_budget
from grundy.files import write_atomic

# Each command imports what it uses when it runs, so that ``grundy --help`` and
# ``grundy solve nim 3 4 5`` do not load numpy, the certificates or the progress bar.
if TYPE_CHECKING:
    from grundy.cli.progress import ProgressLine
    from grundy.games import Game
    from grundy.progress import ProgressCallback
    from grundy.solve import Play, Solver
    from grundy.solve.table import TableRow

__all__ = ["register"]

# The solver refuses searches past this many positions rather than exhausting memory.
POSITION_LIMIT = 5_000_000
# ...and past this many moves generated (one position can have billions of options).
MOVE_LIMIT = 10_000_000
LIMITS = (POSITION_LIMIT, MOVE_LIMIT)

_T = TypeVar("_T")
# Single heaps up to this size are valued by the game's fast sequence engine, not searched.
SEQUENCE_LOOKUP_LIMIT = 1 << 20

OUTCOME_TEXT = {  # by outcome (grundy.solve.Outcome, a string enum)
    "P": "P (the previous player wins: the player to move loses)",
    "N": "N (the next player, the one to move, wins)",
}


def register(commands: Any) -> None:
    games = commands.add_parser("games", help="list the catalogue and each game's options")
    add_json_option(games)
    games.set_defaults(run=run_games)

    register_game_command(
        commands, "solve", "Grundy value, outcome and winning moves of a position", run_solve
    )
    register_game_command(
        commands, "sequence", "values G(0..N) of single heaps of a heap game", run_sequence
    )
    register_game_command(
        commands, "table", "every position up to a bound, with values and outcomes", run_table
    )


def run_games(args: argparse.Namespace, out: IO[str]) -> int:
    from grundy.games import catalogue

    entries = catalogue()
    if args.json:
        write_json(
            out,
            {
                "games": [
                    {
                        "name": entry.name,
                        "summary": entry.description,
                        "heap_game": entry.is_heap_game,
                        "options": [
                            {"name": p.name, "flag": p.flag, "kind": p.kind.value, "help": p.help}
                            for p in entry.params
                        ],
                    }
                    for entry in entries
                ]
            },
        )
        return 0
    for line in catalogue_lines(output_width(out)):
        out.write(line + "\n")
    return 0


def _play_options(parser: CommandParser) -> None:
    add_misere_option(parser)
    add_json_option(parser)
    parser.add_argument(
        "--finite",
        action="store_true",
        help="the finite theory only: refuse a game whose moves form a cycle (by default "
        "such a game is valued by the loopy theory, with draws)",
    )
    parser.add_argument(
        "--certificate",
        metavar="FILE",
        help="also write a Grundy-table certificate (values with their mex witnesses) that "
        "'grundy certificate FILE' re-checks without the solver",
    )


def command_solver(game: Game, start: Any, progress: ProgressCallback | None = None) -> Solver:
    """The solver as ``solve``, ``table`` and ``play`` run it: within the limits above and
    the memory budget, single heaps up to the largest in ``start`` looked up."""
    from grundy.solve import Solver

    solver = Solver(
        game,
        position_limit=POSITION_LIMIT,
        move_limit=MOVE_LIMIT,
        progress=progress,
        meter=solve_meter(),
    )
    seed_heap_values(solver, game, start)
    return solver


def seed_heap_values(solver: Solver, game: Game, position: Any) -> None:
    """Hand the solver G(0..N) from the game's fast sequence engine (octal games, Grundy's
    game, subtraction games; cross-checked against the plain solver in the tests), so a
    large heap is a look-up instead of a search of millions of moves."""
    from grundy.games import HeapGame
    from grundy.solve import grundy_sequence
    from grundy.solve.sequence import has_fast_sequence

    if not isinstance(game, HeapGame) or not has_fast_sequence(game):
        return
    largest = max(position, default=0)
    if largest > SEQUENCE_LOOKUP_LIMIT:
        return  # the search runs, within its limits
    values = grundy_sequence(game, largest)
    solver.add_known_values(((heap,), value) for heap, value in enumerate(values))


def _played_call(
    command: str,
    args: argparse.Namespace,
    out: IO[str],
    configure: Callable[[CommandParser, str], None],
    target: str,
) -> tuple[GameInvocation, Any, Play]:
    """``solve`` or ``table`` read from the command line: the game with its options (those
    ``configure`` adds, then :func:`_play_options`), the position or bound given as the
    option ``target``, checked against the command's size limit, and the play."""

    def configure_all(parser: CommandParser, position_help: str) -> None:
        configure(parser, position_help)
        _play_options(parser)

    call = parse_game_invocation(command, args.game, args.rest, out, configure_all)
    at = call.game.parse(getattr(call.args, target))
    check_size = check_solve_size if command == "solve" else check_table_size
    check_size(call.game, at)
    return call, at, _read_play_options(call.args)


def _read_play_options(options: Any) -> Play:
    """The play that :func:`_play_options` asked for, once a certificate that could not
    be written is refused (before any work)."""
    from grundy.solve import Play

    if options.certificate is not None:
        if options.misere:
            raise UsageError("--certificate certifies normal-play Grundy values; drop --misere")
        check_output_file(options.certificate, "--certificate")
    return Play.MISERE if options.misere else Play.NORMAL


def _write_certificate(options: Any, game: Game, positions: list[Any], solver: Solver) -> None:
    if options.certificate is None:
        return
    if options.misere:
        raise UsageError("--certificate certifies normal-play Grundy values; drop --misere")
    from grundy.certify.grundy_table import grundy_table_certificate

    data = grundy_table_certificate(game, positions, solver)
    write_atomic(options.certificate, json.dumps(data, indent=2) + "\n", "--certificate")


def run_solve(args: argparse.Namespace, out: IO[str]) -> int:
    from grundy.games.lucky_nim import LuckyNim

    def configure(parser: CommandParser, position_help: str) -> None:
        parser.add_argument("position", nargs="*", help=f"the position: {position_help}")

    call, position, play = _played_call("solve", args, out, configure, "position")
    game, options = call.game, call.args
    if isinstance(game, LuckyNim):  # simultaneous turns: no moves, both players' numbers
        from grundy.cli.lucky import write_solve

        with time_budget(options.seconds):
            return write_solve(game, position, play, options, out, POSITION_LIMIT)
    answered = _finite_else_loopy(
        "solve",
        call,
        position,
        play,
        out,
        lambda line: line.callback,
        lambda solver, _: solver.analyse(position, play),
        lambda _: [position],
    )
    if isinstance(answered, int):
        return answered
    analysis, solver = answered
    if options.json:
        write_json(
            out,
            {
                **solved_position_json(game, position, play),
                "grundy": analysis.grundy,
                "outcome": analysis.outcome.value,
                "winning_moves": [
                    {"to": game.to_json(move.to), "move": move.description}
                    for move in analysis.winning_moves
                ],
                "positions_explored": analysis.positions_explored,
                "assumes": [a.describe() for a in solver.quotients_used()],
            },
        )
        return 0
    out.write(f"{call.label}, position {game.format(position)}, {play.value} play\n")
    if analysis.grundy is not None:
        out.write(f"Grundy value: *{analysis.grundy}\n")
    out.write(f"Outcome: {OUTCOME_TEXT[analysis.outcome]}\n")
    if analysis.winning_moves:
        from grundy.cli.layout import write_moves

        heading = f"Winning moves ({len(analysis.winning_moves)}):"
        write_moves(out, heading, game, analysis.winning_moves)
    else:
        out.write("Winning moves: none (every move leads to an N-position)\n")
    out.write(f"Positions explored: {analysis.positions_explored:,}\n")
    for assumption in solver.quotients_used():  # a verified misère quotient
        out.write(f"Assumes: {assumption.describe()}\n")
    return 0


def run_sequence(args: argparse.Namespace, out: IO[str]) -> int:
    import grundy.cli.sequence_output as sequence_output
    from grundy.cli.layout import sequence_lines
    from grundy.cli.progress import progress_line

    def configure(parser: CommandParser, position_help: str) -> None:
        parser.add_argument(
            "--upto", type=whole_int, required=True, metavar="N", help="last heap size"
        )
        parser.add_argument(
            "--period",
            action="store_true",
            help="report the period and preperiod, and whether a theorem certifies them",
        )
        add_json_option(parser)
        parser.add_argument(
            "--certificate",
            metavar="FILE",
            help="with --period: write the period's certificate (compact JSON) to FILE, "
            "for 'grundy certificate FILE' to re-check",
        )
        sequence_output.add_sequence_options(parser)

    call = parse_game_invocation("sequence", args.game, args.rest, out, configure)
    game, options = call.game, call.args
    check_sequence_size(options.upto)
    if options.out is not None:
        sequence_output.check_out_path(options.out)
    if options.certificate is not None:
        if not options.period:
            raise UsageError("--certificate writes the period's certificate: add --period")
        check_output_file(options.certificate, "--certificate")
    with time_budget(options.seconds):
        with progress_line(as_json=options.json) as line:
            summary = sequence_output.compute_sequence(game, options.upto, line.callback)
        values = summary.values
        report = None
        if options.period:  # only --period loads the certificates
            from grundy.certify.periodicity import period_report

            report = sequence_output.rechecked(period_report(game, values))
    if options.out is not None:
        sequence_output.write_values(options.out, values)
    if options.certificate is not None and report is not None:
        sequence_output.write_certificate(options.certificate, report)
    if options.json:
        data: dict[str, Any] = {"game": game.name, "params": game.options()}
        if not options.summary:
            data["values"] = values.tolist()
        data.update(sequence_output.summary_fields(summary, report))
        if report is not None:
            data.update(report.to_json())
            if options.summary:  # its values are G(0..needed_upto): no summary either
                del data["certificate"]
        write_json(out, data)
        return 0
    out.write(f"Grundy values G(0..{options.upto}) of {call.label}\n")
    if not sequence_output.write_sequence_text(out, options, summary, report):
        period = report.period if report is not None else None
        for text in sequence_lines(values.tolist(), period, output_width(out)):
            out.write(text + "\n")
    if report is not None:
        if report.period is None:
            out.write("Period: none found\n")
        else:
            out.write(f"Period: {report.period}, preperiod: {report.preperiod}\n")
        verdict = "yes" if report.certified else "no"
        out.write(f"Certified for every n: {verdict} ({report.reason})\n")
    return 0


def _finite_else_loopy(
    command: str,
    call: GameInvocation,
    at: Any,
    play: Play,
    out: IO[str],
    progress: Callable[[ProgressLine], ProgressCallback | None],
    compute: Callable[[Solver, ProgressLine], _T],
    positions: Callable[[_T], list[Any]],
) -> tuple[_T, Solver] | int:
    """``solve``'s analysis or ``table``'s rows (``compute``) and the solver that found them,
    within the time budget and under a progress line (its positions certified when asked);
    or, for a game whose moves form cycles (declared, or met by the finite solver), the exit
    code of the loopy theory's answer (cli/loopy_output.py, loaded only then, so that
    ``grundy solve nim 3 4 5`` does not pay for it)."""
    from grundy.cli.progress import progress_line
    from grundy.errors import GameNotFiniteError
    from grundy.games.loopy_base import declares_cycles

    options = call.args
    if declares_cycles(call.game) and not options.finite:  # --finite: only a cycle met refuses
        from grundy.cli.loopy_output import answer_loopy

        return answer_loopy(command, call, at, play, out, LIMITS)
    with time_budget(options.seconds):
        cycle: str | None = None
        with progress_line(as_json=options.json) as line:
            solver = command_solver(call.game, at, progress(line))
            try:
                found = compute(solver, line)
            except GameNotFiniteError as exc:  # the loopy theory values it instead
                cycle = str(exc)
            else:
                _write_certificate(options, call.game, positions(found), solver)
        if cycle is not None:  # within the same time budget, after the progress line is gone
            from grundy.cli.loopy_output import answer_loopy

            return answer_loopy(command, call, at, play, out, LIMITS, cycle, False)
    return found, solver


def _until_rows(line: ProgressLine) -> ProgressCallback | None:
    """The solver's count of positions for ``grundy table``, shown until the rows begin
    (while a region engine solves the whole bound), so that it never hides the row bar."""
    if not line.enabled:
        return None
    from grundy.solve.table import TABLE_PROGRESS

    def show(done: int, total: int | None, what: str) -> None:
        if line.showing != TABLE_PROGRESS:
            line(done, total, what)

    return show


def run_table(args: argparse.Namespace, out: IO[str]) -> int:
    from grundy.solve import table_rows

    def configure(parser: CommandParser, position_help: str) -> None:
        parser.add_argument(
            "--max", nargs="+", required=True, metavar="B", help=f"the bound: {position_help}"
        )
        parser.add_argument(
            "--grid",
            action="store_true",
            help="positions of two numbers (Wythoff, two-heap Nim) as a grid: a down, b "
            "across, the Grundy value in each cell (in misère play, the outcome)",
        )

    call, bound, play = _played_call("table", args, out, configure, "max")
    game, options = call.game, call.args
    answered = _finite_else_loopy(
        "table",
        call,
        bound,
        play,
        out,
        _until_rows,
        lambda solver, line: list(table_rows(game, bound, play, solver, line.callback)),
        _row_positions,
    )
    if isinstance(answered, int):
        return answered
    rows, solver = answered
    if options.json:
        write_json(
            out,
            {
                **table_json(game, play, [_row_json(game, r) for r in rows]),
                "assumes": [a.describe() for a in solver.quotients_used()],
            },
        )
        return 0
    if not rows:
        raise UsageError("no positions within that bound")
    grid = _grid(game, rows, play) if options.grid else None
    out.write(f"{call.label}, {play.value} play, {plural(len(rows), 'position')}\n")
    if grid is not None:
        for text in grid:
            out.write(text + "\n")
        return 0
    # Aligned by hand, not through rich: a table of 20,000 rows takes rich about 9 s.
    shown = [game.format(r.position) for r in rows]
    width = max(len("position"), *(len(s) for s in shown))
    out.write(f"{'position':<{width}}  grundy  outcome\n")
    for text, row in zip(shown, rows, strict=True):
        grundy = "-" if row.grundy is None else str(row.grundy)
        out.write(f"{text:<{width}}  {grundy:>6}  {row.outcome.value}\n")
    for assumption in solver.quotients_used():  # a verified misère quotient
        out.write(f"Assumes: {assumption.describe()}\n")
    return 0


def _row_positions(rows: list[TableRow]) -> list[Any]:
    return [row.position for row in rows]


def _row_json(game: Game, row: TableRow) -> dict[str, Any]:
    return {
        "position": game.to_json(row.position),
        "grundy": row.grundy,
        "outcome": row.outcome.value,
    }


def _grid(game: Game, rows: list[TableRow], play: Play) -> list[str]:
    """The rows of a table of two-number positions as a grid (``table --grid``)."""
    from grundy.cli.layout import grid_lines
    from grundy.solve import Play

    cells: dict[tuple[int, int], str] = {}
    for row in rows:
        written = game.to_json(row.position)
        if not (isinstance(written, list) and len(written) == 2):
            raise UsageError(
                "--grid shows positions of two numbers (such as wythoff, or nim --max A B); "
                f"{game.name} has the position {game.format(row.position)}"
            )
        value = row.outcome.value if play is Play.MISERE or row.grundy is None else row.grundy
        cells[(int(written[0]), int(written[1]))] = str(value)
    return grid_lines(cells)
