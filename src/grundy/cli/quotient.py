"""``grundy quotient GAME --upto N``: the misère quotient of a heap game's sums of heaps."""

from __future__ import annotations

import argparse
import json
from typing import IO, Any

from grundy.cli.common import (
    CommandParser,
    UsageError,
    check_output_file,
    parse_game_invocation,
    register_game_command,
    write_json,
)
from grundy.cli.flags import add_json_option
from grundy.files import write_atomic

__all__ = ["register"]

MAX_UPTO = 200
"""Largest heap size accepted (the search grows fast with N; see docs/misere-quotients.md)."""

TABLE_LIMIT = 30
"""Largest quotient whose multiplication table ``--table`` prints as text."""


def register(commands: Any) -> None:
    register_game_command(
        commands,
        "quotient",
        "misère quotient of a heap game's sums of heaps up to N, verified, with a certificate",
        run_quotient,
    )


def _configure(parser: CommandParser, position_help: str) -> None:
    parser.add_argument("--upto", type=int, required=True, metavar="N", help="largest heap size")
    add_json_option(parser)
    parser.add_argument(
        "--certificate", metavar="FILE", help="write a certificate for 'grundy certificate'"
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help=f"print the multiplication table (|Q| <= {TABLE_LIMIT})",
    )
    parser.add_argument(
        "--genus", action="store_true", help="print Conway's genus of each heap up to N"
    )


def run_quotient(args: argparse.Namespace, out: IO[str]) -> int:
    from grundy.games import HeapGame

    call = parse_game_invocation("quotient", args.game, args.rest, out, _configure)
    game, options = call.game, call.args
    if not isinstance(game, HeapGame):
        raise UsageError(f"{call.label} is not a heap game: quotients are of sums of heaps")
    if not 0 <= options.upto <= MAX_UPTO:
        raise UsageError(f"--upto must be from 0 to {MAX_UPTO}, got {options.upto}")
    if options.certificate is not None:
        check_output_file(options.certificate, "--certificate")

    from grundy.cli.time_budget import time_budget

    # Everything that may take long (loading the construction, running it, the genus, the
    # certificate) runs inside the budget: a timer signal stops Python code, a watchdog
    # the rest.
    with time_budget(options.seconds):
        from grundy.certify.quotient_certificate import quotient_certificate
        from grundy.solve.misere_genus import genus_sequence, genus_text
        from grundy.solve.misere_quotient import misere_quotient

        quotient = misere_quotient(game, options.upto)
        certificate = quotient_certificate(quotient)
        genera = genus_sequence(game, options.upto) if options.genus else None
    if options.certificate is not None:
        write_atomic(options.certificate, json.dumps(certificate) + "\n", "--certificate")
    if options.json:
        data = {key: certificate[key] for key in ("game", "rules", "upto", "size")}
        data.update(
            label=quotient.game,
            generators={
                name: heap
                for name, heap in zip(
                    quotient.generator_names, quotient.generator_heaps, strict=True
                )
            },
            relations=list(quotient.relation_names),
            elements=list(quotient.element_names),
            p_portion=list(quotient.p_names),
            heap_map=[quotient.element_names[x] for x in quotient.heap_map],
            tame=quotient.tame,
            heap_period=_period_json(quotient.periodicity),
            proved_for_every_heap=quotient.every_heap,
            table=certificate["table"],
        )
        if genera is not None:
            data["genus"] = [genus_text(g) for g in genera]
        write_json(out, data)
        return 0
    _write_text(out, call.label, quotient, options.table)
    if genera is not None:
        out.write("Genus of each heap (Conway):\n")
        for heap, genus in enumerate(genera):
            out.write(f"  {heap}: {genus_text(genus)}\n")
    return 0


def _period_json(found: Any) -> dict[str, int | None] | None:
    if found is None:
        return None
    return {"preperiod": found.preperiod, "period": found.period, "needed_upto": found.needed}


def _write_text(out: IO[str], label: str, quotient: Any, table: bool) -> None:
    names = quotient.element_names
    out.write(
        f"Misère quotient of {label}, heaps 0..{quotient.upto} "
        f"(verified for every sum of such heaps, of any number of heaps)\n"
    )
    generators = ", ".join(
        f"{name} = heap {heap}"
        for name, heap in zip(quotient.generator_names, quotient.generator_heaps, strict=True)
    )
    out.write(f"|Q| = {quotient.size}; generators: {generators or 'none'}\n")
    out.write(f"Relations: {', '.join(quotient.relation_names) or 'none'}\n")
    out.write(f"P-portion: {', '.join(quotient.p_names) or 'empty'}\n")
    out.write(f"Elements: {', '.join(names)}\n")
    out.write("Heap map:\n")
    for heap, x in enumerate(quotient.heap_map):
        out.write(f"  {heap}: {names[x]}\n")
    tame = f"yes, the tame quotient T_{quotient.tame}" if quotient.tame else "no"
    out.write(f"Tame: {tame}\n")
    found = quotient.periodicity
    if found is not None:
        out.write(
            f"Heap map repeats with period {found.period} from heap {found.preperiod} "
            f"up to {quotient.upto}; "
        )
        if found.proves_every_heap:
            out.write(
                f"since N >= 2*{found.preperiod} + 2*{found.period} + {found.largest_take} "
                "(preperiod, period, largest take), the quotient is proved for sums of heaps "
                "of every size, the heap map extended periodically\n"
            )
        elif found.needed is None:
            out.write(
                "no periodicity theorem here (moves unbounded or split in three): "
                f"the quotient is proved for heaps up to {quotient.upto} only\n"
            )
        else:
            out.write(
                f"observed only (a proof for every heap needs N >= {found.needed}): "
                f"the quotient is proved for heaps up to {quotient.upto} only\n"
            )
    if table:
        if quotient.size > TABLE_LIMIT:
            out.write(f"(the table has {quotient.size} rows; --json prints it)\n")
            return
        width = max(len(n) for n in names)
        out.write("Multiplication table:\n")
        out.write(" " * (width + 3) + " ".join(n.rjust(width) for n in names) + "\n")
        for x, row in enumerate(quotient.table):
            cells = " ".join(names[y].rjust(width) for y in row)
            out.write(f"  {names[x].rjust(width)} {cells}\n")
