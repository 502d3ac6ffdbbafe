"""``grundy check FILE``: check a user's claim file (DESIGN.md section 4)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any

from grundy.cli.common import (
    add_check_options,
    add_games_option,
    add_scheduler_option,
    check_claims,
    check_output_dir,
    check_settings,
    guard_user_code,
    user_games,
)
from grundy.settings import CheckSettings

if TYPE_CHECKING:  # the claim checker and the library are imported when the command runs
    from grundy.claims import BadClaim, Claim
    from grundy.library import Theorem
    from grundy.verdict import Verdict

__all__ = ["register"]


def register(commands: Any) -> None:
    parser = commands.add_parser("check", help="check the claims of a TOML claim file")
    parser.add_argument("file", metavar="FILE", help="a claim file ([[claim]] tables)")
    add_games_option(parser)
    add_check_options(parser, quick_help="smaller searches (for CI)")
    add_scheduler_option(parser)
    parser.set_defaults(run=run_check)


def run_check(args: argparse.Namespace, out: IO[str]) -> int:
    # User games join the catalogue for this run only (read before the claims name them).
    with user_games(args.games):
        return _run_check(args, out)


def _run_check(args: argparse.Namespace, out: IO[str]) -> int:
    from grundy.claims import check_claim, claims_from_file
    from grundy.cli.progress import progress_line
    from grundy.cli.results import exit_code, print_results
    from grundy.library import InterruptedRun, TheoremResult, run_theorems, theorem_from_claim

    # A file that cannot be read or is not TOML raises ClaimError: one line, exit code 2.
    claims = claims_from_file(args.file)
    checker = guard_user_code(check_claim) if args.games else check_claim
    settings = check_settings(args)
    if args.smt is not None:  # before any work: a folder that can be written
        check_output_dir(args.smt, "--smt")
    with progress_line(as_json=args.json) as line:
        line(0, len(claims), "claims")  # shown while the first claim is checked
        if args.scheduler is not None:
            # On a cluster: each worker reads the file again (at the same path) and gets
            # the games files sent with every task.
            theorems = [_theorem_from_file(claim, args.file) for claim in claims]
            progress = line.claim_done if line.enabled else None
            results = check_claims(theorems, settings, progress, args)
        elif args.jobs > 1 and len(claims) > 1:
            # Claims in worker processes, counted as they end (no per-case counts).
            theorems = [_theorem(claim, checker) for claim in claims]
            progress = line.claim_done if line.enabled else None
            results = run_theorems(theorems, settings, progress, jobs=args.jobs)
        else:
            results = []
            try:
                for index, claim in enumerate(claims, start=1):
                    start = time.perf_counter()
                    show_cases = line.cases_checked(claim.id) if line.enabled else None
                    verdict = checker(claim, settings, show_cases)
                    verdict = replace(verdict, seconds=time.perf_counter() - start)
                    result = TheoremResult(theorem_from_claim(claim), verdict)
                    results.append(result)
                    line.claim_done(index, len(claims), result)
            except KeyboardInterrupt:
                raise InterruptedRun(results) from None
    written = None
    if args.smt is not None:
        from grundy.cli.smt_files import write_smt_folder

        written = write_smt_folder(results, args.smt)
    print_results(results, out, args.json)
    if written is not None and not args.json:  # JSON: one object, its claims list them
        out.write(f"wrote {written} SMT-LIB files to {args.smt}\n")
    return exit_code(results)


Checker = Callable[["Claim | BadClaim", CheckSettings, Callable[[int], None] | None], "Verdict"]


def _theorem(claim: Claim | BadClaim, checker: Checker) -> Theorem:
    from grundy.library import theorem_from_claim

    return replace(theorem_from_claim(claim), check=lambda settings: checker(claim, settings, None))


def _theorem_from_file(claim: Claim | BadClaim, path: str) -> Theorem:
    """The claim's theorem, knowing its file, as a Dask worker loads it."""
    from pathlib import Path

    from grundy.library import theorem_from_claim

    return replace(theorem_from_claim(claim), origin=Path(path).resolve())
