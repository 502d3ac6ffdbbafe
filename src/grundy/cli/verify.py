"""``grundy verify``: check the theorem library (default ``proofs/``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import IO, Any

from grundy.cli.common import (
    add_check_options,
    add_scheduler_option,
    check_claims,
    check_output_dir,
    check_settings,
)

__all__ = ["register"]


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "verify",
        help="check the theorem library (default: proofs/)",
        description="Check the theorem library (default: proofs/). A .py file or folder "
        "given here is run as Python, with your permissions, to load its THEOREMS: give "
        "only files you trust. Claim files from others belong to 'grundy check FILE.toml', "
        "which reads them as data and executes nothing.",
    )
    parser.add_argument(
        "targets",
        nargs="*",
        metavar="ID-or-PATH",
        help="theorem ids, or files/folders of proofs (.py files are run as Python)",
    )
    add_check_options(parser, quick_help="smaller domains (for CI)")
    add_scheduler_option(parser)
    parser.set_defaults(run=run_verify)


def run_verify(args: argparse.Namespace, out: IO[str]) -> int:
    from grundy.cli.progress import progress_line
    from grundy.cli.results import exit_code, print_results
    from grundy.library import load_library, select

    paths = [t for t in args.targets if Path(t).exists()]
    ids = [t for t in args.targets if not Path(t).exists()]
    theorems = load_library(paths or None)
    if ids:
        theorems = select(theorems, ids)
    settings = check_settings(args)
    if args.smt is not None:  # before any work: a folder that can be written
        check_output_dir(args.smt, "--smt")
    with progress_line(as_json=args.json) as line:
        line(0, len(theorems), "claims")  # shown while the first claim is checked
        progress = line.claim_done if line.enabled else None
        results = check_claims(theorems, settings, progress, args)
    written = None
    if args.smt is not None:
        from grundy.cli.smt_files import write_smt_folder

        written = write_smt_folder(results, args.smt)
    print_results(results, out, args.json)
    if written is not None and not args.json:  # JSON: one object, its claims list them
        out.write(f"wrote {written} SMT-LIB files to {args.smt}\n")
    return exit_code(results)
