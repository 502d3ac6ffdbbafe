"""The SMT-LIB files of a run: each query a verdict rests on, written where ``--smt DIR``
says (``report``: into the report's ``smt/`` folder by default), with ``index.json``
listing them (docs/certificates.md).  ``grundy recheck DIR`` runs them again."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.cli.common import UsageError, check_output_dir
from grundy.smt_record import INDEX, query_file_name, smt_file_text

if TYPE_CHECKING:
    from grundy.library import TheoremResult

__all__ = ["smt_files", "solver_summary", "write_smt_folder"]

INDEX_FORMAT = "grundy-smt-queries"
INDEX_VERSION = 1


def smt_files(results: Sequence[TheoremResult]) -> dict[str, str]:
    """Every query of ``results`` as a file's text, by path relative to the folder, and
    the index listing them."""
    files: dict[str, str] = {}
    entries: list[dict[str, Any]] = []
    for result in results:
        theorem = result.theorem
        for number, query in enumerate(result.verdict.smt, start=1):
            name = query_file_name(theorem.id, number, query)
            text = smt_file_text(query, theorem.id, theorem.title)
            files[name] = text
            entries.append(
                {
                    "file": name,
                    "claim": theorem.id,
                    "step": query.step,
                    "lemmas": list(query.lemmas),
                    "expected": query.expected,
                    "answers": dict(query.answers),
                    "verdict": result.verdict.word.value,
                    "sha256": hashlib.sha256(text.encode()).hexdigest(),
                }
            )
    index = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "queries": entries}
    files[INDEX] = json.dumps(index, indent=2) + "\n"
    return files


def write_smt_folder(results: Sequence[TheoremResult], folder: str | Path) -> int:
    """Write the queries of ``results`` into ``folder`` (made if missing); how many.  A
    folder that already holds an index is refreshed: its listed files are replaced."""
    check_output_dir(folder, "--smt")
    root = Path(folder)
    files = smt_files(results)
    try:
        root.mkdir(parents=True, exist_ok=True)
        old = root / INDEX
        if old.is_file():  # the files of the previous run, so none is left stale
            try:
                listed = json.loads(old.read_text()).get("queries", [])
            except (ValueError, AttributeError):
                listed = []
            for entry in listed:
                name = entry.get("file") if isinstance(entry, dict) else None
                if isinstance(name, str) and name.endswith(".smt2") and ".." not in name:
                    (root / name).unlink(missing_ok=True)
        for name, text in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    except OSError as exc:
        raise UsageError(f"cannot write the SMT files to {folder}: {exc.strerror or exc}") from None
    return len(files) - 1


def solver_counts(results: Sequence[TheoremResult]) -> dict[str, int]:
    """The figures of :func:`solver_summary`: the proofs that rest on solver queries, how
    many of them every solver asked re-proved, how many rest on Z3 alone, the queries, and
    the queries on which two solvers disagree (their verdicts are ``unknown``)."""
    proofs = [r.verdict for r in results if r.verdict.smt and r.verdict.status.value == "proved"]
    second = sum(1 for v in proofs if len(v.solvers) > 1)
    return {
        "proofs": len(proofs),
        "re_proved": second,
        "first_solver_alone": len(proofs) - second,
        "queries": sum(len(v.smt) for v in proofs),
        "disagreements": sum(q.disagreement for r in results for q in r.verdict.smt),
    }


def solver_summary(results: Sequence[TheoremResult]) -> str | None:
    """One line: how many proofs rest on solver queries, how many of them the second
    solver re-proved, and any disagreement; ``None`` when no proof rests on a query."""
    counts = solver_counts(results)
    asked = sorted({name for r in results for q in r.verdict.smt for name, _ in q.answers[1:]})
    name = ", ".join(asked) or "no second solver"
    parts = []
    if counts["proofs"]:
        if asked:
            parts.append(
                f"{counts['re_proved']} of {counts['proofs']} proofs resting on SMT queries "
                f"re-proved by {name} ({counts['queries']} queries)"
            )
        else:
            parts.append(
                f"{counts['proofs']} proofs rest on {counts['queries']} Z3 queries; no "
                "second solver was asked"
            )
        if asked and counts["first_solver_alone"]:
            parts.append(
                f"{counts['first_solver_alone']} rest on Z3 alone ({name} could not answer "
                "every query within its limit)"
            )
    if counts["disagreements"]:
        parts.append(
            f"the solvers disagree on {counts['disagreements']} queries (those verdicts "
            "are unknown)"
        )
    return "; ".join(parts) or None
