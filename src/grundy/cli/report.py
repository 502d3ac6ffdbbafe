"""``grundy report``: check theorems and write a report a lecturer can hand out."""

from __future__ import annotations

import argparse
import shlex
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from grundy.cli.common import add_jobs_option, add_scheduler_option, check_claims, check_output_dir
from grundy.cli.progress import progress_line
from grundy.cli.results import exit_code
from grundy.library import CheckSettings, Theorem, load_library, select
from grundy.report import (
    EVIDENCE,
    Format,
    RunInfo,
    build_document,
    build_evidence,
    find_tex_engine,
    package_versions,
    parse_formats,
    related_evidence,
    require_tex_engine,
    write_report,
)

__all__ = ["register"]

DEFAULT_FORMATS = "html,md,tex,pdf"


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "report",
        help="check theorems and write a report (HTML, Markdown, LaTeX, PDF)",
        description=(
            "Check the theorem library (default proofs/), the theorems named, or a claim "
            "file, and write a report: verdicts, statements, counterexamples, evidence."
        ),
    )
    parser.add_argument("ids", nargs="*", metavar="ID", help="theorem ids (default: all)")
    parser.add_argument(
        "--claims",
        metavar="FILE",
        help="report on a claim file (.toml), a proofs module (.py: run as Python, so only one "
        "you trust) or a folder of them",
    )
    parser.add_argument(
        "--out", metavar="DIR", default="reports", help="output folder (default reports/)"
    )
    parser.add_argument(
        "--format",
        default=None,
        metavar="LIST",
        help="comma-separated formats from html,md,tex,pdf (default: all; pdf only "
        "when a TeX engine is installed)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed for random search (default 0)")
    parser.add_argument("--quick", action="store_true", help="smaller domains (for CI)")
    parser.add_argument(
        "--evidence",
        choices=("auto", "all", "none"),
        default="auto",
        help="evidence sections: all, none, or auto (all for the whole library, else "
        "those about the reported games)",
    )
    add_jobs_option(parser)
    add_scheduler_option(parser)
    parser.set_defaults(run=run_report)


def _theorems(args: argparse.Namespace) -> tuple[list[Theorem], str]:
    if args.claims:
        path = Path(args.claims)
        theorems = load_library([path])  # a claim file (.toml), a proofs module, or a folder
        source = f"{path.name}"
    else:
        theorems = load_library()
        source = "the theorem library (proofs/)"
    if args.ids:
        theorems = select(theorems, args.ids)
    return theorems, source


def _command(args: argparse.Namespace, formats: str) -> str:
    words = ["grundy", "report", *args.ids]
    if args.claims:
        words += ["--claims", args.claims]
    words += ["--out", args.out, "--format", formats, "--seed", str(args.seed)]
    if args.quick:
        words.append("--quick")
    if args.evidence != "auto":
        words += ["--evidence", args.evidence]
    return shlex.join(words)


def _evidence_items(args: argparse.Namespace, theorems: list[Theorem]) -> list[Any]:
    if args.evidence == "none":
        return []
    if args.evidence == "all" or (not args.ids and not args.claims):
        return list(EVIDENCE)
    topics = [t.game.split()[0] for t in theorems if t.game]
    topics += [tag for t in theorems for tag in t.tags]
    return related_evidence(topics)


def run_report(args: argparse.Namespace, out: IO[str]) -> int:
    err = sys.stderr
    check_output_dir(args.out)  # before any work
    engine = find_tex_engine()
    if args.format is None:
        formats = parse_formats(DEFAULT_FORMATS)
        if engine is None:
            formats = tuple(f for f in formats if f is not Format.PDF)
            err.write(
                "grundy: note: no TeX engine (pdflatex, lualatex, xelatex) is installed, so "
                "no PDF is written; report.tex can be compiled elsewhere\n"
            )
    else:
        formats = parse_formats(args.format)
    formats_text = args.format or DEFAULT_FORMATS
    if Format.PDF in formats:
        engine = engine or require_tex_engine()  # fail before any work when PDF is impossible

    theorems, source = _theorems(args)
    settings = CheckSettings(seed=args.seed, quick=args.quick)
    with progress_line(stream=err) as line:
        line(0, len(theorems), "claims")  # shown while the first claim is checked
        progress = line.claim_done if line.enabled else None
        results = check_claims(theorems, settings, progress, args)
    evidence = build_evidence(_evidence_items(args, theorems))
    run = _run_info(args, source, formats_text, settings)
    document = build_document(results, run, evidence)
    written = write_report(document, Path(args.out), formats, engine=engine)
    for note in document.notes:
        err.write(f"grundy: note: {note}\n")
    for skipped in evidence.skipped:
        err.write(f"grundy: note: evidence left out ({skipped})\n")
    mains = [p for p in written if p.parent == Path(args.out)]
    out.write(f"{len(results)} claims checked; wrote {len(written)} files:\n")
    for path in mains:
        out.write(f"  {path}\n")
    figures = len(written) - len(mains)
    if figures:
        out.write(f"  and {figures} figure files in {Path(args.out) / 'figures'}\n")
    return exit_code(results)


def _run_info(
    args: argparse.Namespace, source: str, formats_text: str, settings: CheckSettings
) -> RunInfo:
    return RunInfo(
        command=_command(args, formats_text),
        source=source,
        generated=datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC"),
        seed=settings.seed,
        quick=settings.quick,
        z3_timeout_ms=settings.z3_timeout_ms,
        random_examples=settings.random_examples,
        versions=package_versions(),
    )
