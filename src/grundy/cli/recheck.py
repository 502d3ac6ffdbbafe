"""``grundy recheck DIR``: run every exported SMT query and every certificate in a folder
again, with the solvers and checkers available, one line a file and a summary.

A query file (``*.smt2``, written by ``--smt DIR`` or ``grundy report``) passes when no
solver contradicts the answer it states (``(set-info :status ...)``), at least one
confirms it, and, when the folder has its ``index.json``, the file is the one the index
lists (its SHA-256 unchanged).  So an edited file is caught even when the edit keeps the
answer (a dropped assertion the rest still refutes), and an edit that changes the answer
is caught by the solvers even when the index was rewritten to match.  A certificate
(``*.json``) passes when the checker of its kind finds it valid (docs/certificates.md).
Exit code 0 when every file passes, 1 when one does not, 2 when DIR cannot be read.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from grundy.cli.common import UsageError, plural, write_json
from grundy.cli.flags import add_json_option
from grundy.smt_record import INDEX, SECOND_SOLVERS, expected_of

__all__ = ["register"]

DEFAULT_TIMEOUT_MS = 60_000
MAX_QUERY_BYTES = 50 << 20


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "recheck",
        help="run every exported SMT query and certificate in a folder again",
        description="Run every SMT-LIB query in DIR (*.smt2, as check, verify and report "
        "write them) with Z3 and the second solver, and every certificate (*.json) with its "
        "checker; one line a file, then a summary. Exit code 1 when any file fails.",
    )
    parser.add_argument("folder", metavar="DIR", help="a folder of SMT files and certificates")
    parser.add_argument(
        "--second-solver",
        choices=SECOND_SOLVERS,
        default=SECOND_SOLVERS[0],
        help="the solver run beside Z3 (default cvc5; 'none': Z3 alone)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT_MS / 1000,
        metavar="SECONDS",
        help="each solver's time for each query (default 60); for cvc5 a backstop "
        "beside its limit of work, the one a proof gives it",
    )
    add_json_option(parser)
    parser.set_defaults(run=run_recheck)


@dataclass(slots=True)
class Line:
    """The finding on one file: ``outcome`` is ``ok``, ``FAILED`` or ``unconfirmed``."""

    file: str
    kind: str
    outcome: str
    words: str
    answers: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "kind": self.kind,
            "outcome": self.outcome,
            "answers": self.answers,
            "problems": self.problems,
        }


def run_recheck(args: argparse.Namespace, out: IO[str]) -> int:
    root = Path(args.folder)
    if not root.is_dir():
        raise UsageError(f"{args.folder} is not a folder")
    if not args.timeout > 0:
        raise UsageError(f"--timeout must be a positive number of seconds, got {args.timeout}")
    timeout_ms = max(int(args.timeout * 1000), 1)
    index = _read_index(root)
    lines: list[Line] = []
    files = sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink())
    for path in files:
        name = path.relative_to(root).as_posix()
        if path.suffix == ".smt2":
            lines.append(_query_line(path, name, index, args.second_solver, timeout_ms))
        elif path.suffix == ".json" and name != INDEX:
            lines.append(_certificate_line(path, name))
    if index is not None:
        present = {line.file for line in lines}
        for name in sorted(set(index) - present):
            lines.append(Line(name, "smt", "FAILED", "listed in index.json but missing"))
    skipped = [line for line in lines if line.outcome == "skipped"]
    failed = sum(line.outcome == "FAILED" for line in lines)
    unconfirmed = sum(line.outcome == "unconfirmed" for line in lines)
    if args.json:
        write_json(
            out,
            {
                "files": [line.to_json() for line in lines],
                "total": len(lines),
                "ok": len(lines) - failed - unconfirmed - len(skipped),
                "failed": failed,
                "unconfirmed": unconfirmed,
            },
        )
    else:
        for line in lines:
            out.write(f"{line.outcome:<11} {line.file}: {line.words}\n")
        out.write(_summary([x for x in lines if x not in skipped], failed, unconfirmed) + "\n")
    return 1 if failed or unconfirmed or len(lines) == len(skipped) else 0


def _summary(lines: list[Line], failed: int, unconfirmed: int) -> str:
    if not lines:
        return "no SMT files or certificates found"
    queries = sum(line.kind == "smt" for line in lines)
    certificates = len(lines) - queries
    counts = [f"{len(lines) - failed - unconfirmed} ok"]
    if failed:
        counts.append(f"{failed} FAILED")
    if unconfirmed:
        counts.append(f"{unconfirmed} unconfirmed (no solver answered in time)")
    what = f"{plural(queries, 'SMT query', 'SMT queries')}, {plural(certificates, 'certificate')}"
    return f"{what}: {', '.join(counts)}"


def _read_index(root: Path) -> dict[str, Mapping[str, Any]] | None:
    """The index's entries by file name, or ``None`` when the folder has no index."""
    path = root / INDEX
    if not path.is_file():
        return None
    import jsonschema

    from grundy.certify.schemas import SMT_INDEX

    try:
        data = json.loads(path.read_text())
        jsonschema.validate(data, SMT_INDEX)
    except (OSError, ValueError, jsonschema.ValidationError):
        raise UsageError(f"{path} is not an index of SMT queries (docs/certificates.md)") from None
    return {str(entry["file"]): entry for entry in data["queries"]}


def _query_line(
    path: Path,
    name: str,
    index: dict[str, Mapping[str, Any]] | None,
    second: str,
    timeout_ms: int,
) -> Line:
    try:
        raw = path.read_bytes()[: MAX_QUERY_BYTES + 1]
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Line(name, "smt", "FAILED", f"cannot be read ({exc})")
    if len(raw) > MAX_QUERY_BYTES:
        return Line(name, "smt", "FAILED", "larger than any query grundy writes")
    problems = []
    if index is not None:
        entry = index.get(name)
        if entry is None:
            problems.append("not listed in index.json")
        elif entry.get("sha256") != hashlib.sha256(raw).hexdigest():
            problems.append("changed since it was exported (its SHA-256 is not the index's)")
    expected = expected_of(text)
    if expected not in ("sat", "unsat"):
        problems.append("states no expected answer as one (set-info :status sat|unsat)")
        return Line(name, "smt", "FAILED", "; ".join(problems), problems=problems)
    answers = {"z3": _z3_answer(text, timeout_ms)}
    if second != "none":
        from grundy.verify.second_solver import solve_smt2

        answers[second] = solve_smt2(second, text, timeout_ms).answer
    contradicting = [
        f"{s} answered {a}" for s, a in answers.items() if a not in (expected, "unknown")
    ]
    problems += [f"expected {expected}, but {said}" for said in contradicting]
    said = ", ".join(f"{solver} {answer}" for solver, answer in answers.items())
    if problems:
        return Line(name, "smt", "FAILED", "; ".join(problems), answers, problems)
    if expected not in answers.values():
        return Line(name, "smt", "unconfirmed", f"expected {expected}; {said}", answers)
    return Line(name, "smt", "ok", f"{expected} ({said})", answers)


def _z3_answer(text: str, timeout_ms: int) -> str:
    """A fresh Z3's answer on the file's assertions, as anyone would run it."""
    import z3

    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    try:
        solver.from_string(text)
        return str(solver.check())
    except z3.Z3Exception:
        return "unknown"


def _certificate_line(path: Path, name: str) -> Line:
    from grundy.cli.certificate import examine, load_certificate

    try:
        data = load_certificate(str(path))
        if not _looks_like_certificate(data):  # another JSON file kept beside them
            return Line(name, "other", "skipped", "not a certificate")
        found = examine(data, name)
    except UsageError as exc:
        return Line(name, "certificate", "FAILED", str(exc), problems=[str(exc)])
    if found.valid:
        return Line(name, found.kind, "ok", f"{found.kind} certificate, {found.subject}: valid")
    problems = list(found.problems)
    words = f"{found.kind} certificate INVALID: " + "; ".join(problems[:3])
    return Line(name, found.kind, "FAILED", words, problems=problems)


_CERTIFICATE_KEYS = ("certificate", "theorem", "certified")


def _looks_like_certificate(data: Any) -> bool:
    """A JSON object with a key every certificate kind has one of (docs/certificates.md);
    a file that has one and fails its checker is a broken certificate, not another file."""
    return isinstance(data, Mapping) and any(key in data for key in _CERTIFICATE_KEYS)
