"""Time the misère quotient of a heap game (Dawson's Kayles, 0.07, by default) for
several N, and the independent checker on its certificate, as a Markdown table.

    .venv/bin/python bench/bench_quotients.py                  # N = 9, 12, 14, 20, 24..30
    .venv/bin/python bench/bench_quotients.py --upto 10 14     # chosen N
    .venv/bin/python bench/bench_quotients.py --code 0.77 --upto 8 10
    .venv/bin/python bench/bench_quotients.py --method learner --upto 14 20

``--method elements`` (the default) adds each heap on monoid elements
(:mod:`grundy.solve.misere_extend`); ``--method learner`` uses the outcome learner alone.

Each N is computed from scratch (the construction goes heap by heap, so the time for N
includes every smaller heap).  N is skipped once a run takes longer than ``--stop``
seconds, since the next would take longer still.

``--no-check`` skips the checker (to time the construction alone).  ``--trace`` writes
each round of the construction's correction to stderr: the heap, the round, the least sum
the candidate judged wrong with its true outcome, and the candidate's size (how the
rounds at heap 34 in bench/QUOTIENTS.md were followed); ``--caps CANDIDATE REDUCED
ROUNDS`` sets the construction's caps (``MAX_CANDIDATE``, ``MAX_REDUCED`` and ``ROUNDS``
of :mod:`grundy.solve.misere_extend`) for the run, for trials past its defaults.  The last column is
the start of the SHA-256 digest of the quotient's table, the same before and after a
change to the construction when the quotient is.

Times are CPU seconds of this process (``time.process_time``), not wall time: the machine
is shared, and under load the wall time of the same run grows many times over while its
CPU time does not.  The peak resident memory of the process so far is printed per row.
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import sys
import time

import grundy.solve.misere_extend as extension
from grundy.certify.quotient_certificate import quotient_certificate
from grundy.certify.quotient_check import check_quotient_certificate
from grundy.errors import SearchLimitError
from grundy.games.octal import OctalGame
from grundy.solve.misere_extend import Lesson
from grundy.solve.misere_quotient import misere_quotient


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", default="0.07", help="octal code (default 0.07)")
    parser.add_argument(
        "--upto", type=int, nargs="*", default=[9, 12, 14, 20, 24, 25, 26, 27, 28, 29, 30]
    )
    parser.add_argument("--method", default="elements", choices=("elements", "learner"))
    parser.add_argument("--stop", type=float, default=300.0, help="skip larger N after this")
    parser.add_argument(
        "--no-check", action="store_true", help="build only (time the construction alone)"
    )
    parser.add_argument("--trace", action="store_true", help="each correction round on stderr")
    parser.add_argument(
        "--caps",
        type=int,
        nargs=3,
        metavar=("CANDIDATE", "REDUCED", "ROUNDS"),
        help="the construction's caps for this run (default 6000 2500 40)",
    )
    args = parser.parse_args(argv)
    if args.caps:  # trials only: results built with other caps are not the stored ones
        extension.MAX_CANDIDATE, extension.MAX_REDUCED, extension.ROUNDS = args.caps
    watch = _trace if args.trace else None
    out = sys.stdout
    game = OctalGame(args.code)
    out.write(f"Misère quotients of {game.label} ({args.method})\n\n")
    out.write(
        "| N | \\|Q\\| | \\|P\\| | tame | learner stages | positions searched | build (CPU s) "
        "| check (CPU s) | pairs | valid | peak (MiB) | table digest |\n"
    )
    out.write("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    for upto in args.upto:
        start = time.process_time()
        try:
            quotient = misere_quotient(game, upto, method=args.method, watch=watch)
        except SearchLimitError as exc:  # the construction gave up: say so, and stop
            built = time.process_time() - start
            out.write(f"\n(N = {upto} not reached after {built:.1f} s: {exc})\n")
            break
        built = time.process_time() - start
        start = time.process_time()
        if args.no_check:
            pairs, valid = "-", "-"
        else:
            report = check_quotient_certificate(quotient_certificate(quotient))
            pairs, valid = f"{report.pairs_checked:,}", str(report.valid)
        checked = time.process_time() - start
        digest = hashlib.sha256(repr(quotient.table).encode()).hexdigest()[:12]
        tame = f"T{quotient.tame}" if quotient.tame else "no"
        out.write(
            f"| {upto} | {quotient.size} | {len(quotient.p_portion)} | {tame} | "
            f"{quotient.learner_stages} | {quotient.positions_searched:,} | "
            f"{built:.2f} | {checked:.2f} | {pairs} | {valid} | {_peak_mib():.0f} | {digest} |\n"
        )
        out.flush()
        if built > args.stop:
            out.write(f"\n(stopped: N = {upto} took more than {args.stop:.0f} s)\n")
            break
    return 0


def _trace(lesson: Lesson) -> None:
    outcome = "P" if lesson.is_p else "N"
    sys.stderr.write(
        f"heap {lesson.heap} round {lesson.round}: {list(lesson.position)} is {outcome} "
        f"(candidate of {lesson.candidate_size:,} elements)\n"
    )


def _peak_mib() -> float:
    """The process's peak resident memory so far (Linux reports it in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    raise SystemExit(main())
