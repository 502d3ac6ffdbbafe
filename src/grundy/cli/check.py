"""``grundy check FILE``: check a user's claim file (DESIGN.md section 4)."""

from __future__ import annotations

import argparse
import sys
from typing import IO, Any

from grundy.claims import theorems_from_file
from grundy.cli.results import exit_code, print_results, progress_printer
from grundy.library import CheckSettings, run_theorems

__all__ = ["register"]


def register(commands: Any) -> None:
    parser = commands.add_parser("check", help="check the claims of a TOML claim file")
    parser.add_argument("file", metavar="FILE", help="a claim file ([[claim]] tables)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seed", type=int, default=0, help="seed for random search (default 0)")
    parser.add_argument("--quick", action="store_true", help="smaller searches (for CI)")
    parser.set_defaults(run=run_check)


def run_check(args: argparse.Namespace, out: IO[str]) -> int:
    # A file that cannot be read or is not TOML raises ClaimError: one line, exit code 2.
    theorems = list(theorems_from_file(args.file))
    settings = CheckSettings(seed=args.seed, quick=args.quick)
    results = run_theorems(theorems, settings, progress_printer(sys.stderr, not args.json))
    print_results(results, out, args.json)
    return exit_code(results)
