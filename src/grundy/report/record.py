"""The record: everything a run found, for the lecturer or a reviewer.

Four parts: a summary table of verdicts linking to each claim; one section per claim
(statement, source, how it was checked, the verdict, the lemmas it assumed, any
counterexample drawn as a position, the solver's figures and each engine's verdict);
the evidence (:mod:`grundy.report.evidence`); and a reproducibility block (versions,
seeds, date, the command that regenerates the report).  Figures that vary between runs
with the same seed (times, Z3's memory and search statistics) are marked as measured.
"""

from __future__ import annotations

import platform
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

import grundy.report.document as doc
from grundy.claims import Claim
from grundy.library import Expectation, TheoremResult
from grundy.report.caveats import paper_count_sentence, paper_mark, play_words
from grundy.report.counterexamples import (
    counterexample_figure,
    counterexample_table,
    value_text,
)
from grundy.report.handout import claim_anchor
from grundy.report.statements import statement_blocks
from grundy.report.words import assumption_words
from grundy.smt_record import query_file_name
from grundy.verdict import Verdict, word_counts

__all__ = ["PACKAGES", "RunInfo", "build_record", "package_versions"]

PACKAGES = ("grundy", "z3-solver", "cvc5", "hypothesis", "sympy", "matplotlib", "numpy")


@dataclass(frozen=True, slots=True)
class RunInfo:
    """How the results were produced: what a reader needs to reproduce them."""

    command: str
    source: str
    generated: str  # an ISO 8601 date and time
    seed: int = 0
    quick: bool = False
    z3_timeout_ms: int = 60_000
    random_examples: int = 2_000
    versions: Mapping[str, str] = field(default_factory=dict)


def package_versions() -> dict[str, str]:
    """Python's version and the installed version of each package in :data:`PACKAGES`."""
    versions = {"Python": platform.python_version()}
    for name in PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


theorem_anchor = claim_anchor


def build_record(
    results: Sequence[TheoremResult],
    run: RunInfo,
    evidence: Sequence[doc.Section] = (),
    title: str = "grundy verification record",
    claims: Mapping[str, Claim] | None = None,
    titles: Mapping[str, str] | None = None,
) -> doc.Document:
    """The whole record.  ``claims`` maps a claim-file claim's id to the claim (to typeset
    its expression), ``titles`` theorem ids to titles (to name the lemmas assumed).
    Notes (e.g. a formula that could not be typeset) go in the document's ``notes``."""
    notes: list[str] = []
    claims = claims or {}
    titles = titles or {r.theorem.id: r.theorem.title for r in results}
    theorems = tuple(
        _theorem_section(result, claims.get(result.theorem.id), titles, notes) for result in results
    )
    sections = [_summary(results, run)]
    sections.append(
        doc.Section(
            "Theorems",
            "theorems",
            theorems or (doc.Paragraph(("No claims were selected.",)),),
        )
    )
    if evidence:
        intro = doc.Paragraph(
            (
                "Tables and pictures computed by the exact solver for this report, for the "
                "reader to check the statements against. No value here is typed in.",
            )
        )
        sections.append(doc.Section("Evidence", "evidence", (intro, *evidence)))
    sections.append(_reproducibility(run))
    subtitle: tuple[doc.Inline, ...] = (
        f"{len(results)} claims from {run.source}; seed {run.seed}"
        + ("; quick mode" if run.quick else "")
        + f"; generated {run.generated}.",
    )
    return doc.Document(title, tuple(sections), subtitle, tuple(notes))


# -- summary ----------------------------------------------------------------------------------


def _summary(results: Sequence[TheoremResult], run: RunInfo) -> doc.Section:
    counts = word_counts(result.verdict for result in results)
    failed = [r for r in results if not r.as_expected and not r.settles_open_claim]
    news = [r for r in results if r.settles_open_claim]
    parts = ", ".join(f"{n} {word}" for word, n in counts.items()) or "no claims"
    mutants = sum(1 for r in results if r.theorem.is_mutant)
    false = sum(
        1 for r in results if r.theorem.expect is Expectation.FAILS and not r.theorem.is_mutant
    )
    open_ = sum(1 for r in results if r.theorem.expect is Expectation.OPEN)
    kinds = [f"{len(results) - mutants - false - open_} expected to hold"]
    if mutants:
        kinds.append(f"{mutants} deliberately false mutants")
    if false:
        kinds.append(f"{false} other statements expected to be false")
    if open_:
        kinds.append(f"{open_} open problems")
    blocks: list[doc.Block] = [
        doc.Paragraph(
            (
                f"{len(results)} claims ({', '.join(kinds)}): {parts}. ",
                doc.Strong(_expectation_words(len(failed), len(news))),
            )
        ),
        doc.Paragraph(
            (
                "Proved means true in every case, with no bound; checked means true in "
                "every case of the finite scope shown with it; tested means a random search "
                "found no counterexample, which is not a proof; refuted means a concrete "
                "counterexample, re-checked by the exact solver; unknown means a solver gave "
                "up or a limit was reached. A mutant is a false variant of a theorem, "
                "included to show that the checks can fail: it must be refuted.",
            )
        ),
    ]
    on_paper = paper_count_sentence(results)
    if on_paper:
        blocks.append(doc.Paragraph((on_paper,)))
    if results:
        rows = []
        for result in results:
            theorem, verdict = result.theorem, result.verdict
            rows.append(
                (
                    doc.Cell((doc.Link(theorem.id, "#" + theorem_anchor(theorem.id)),)),
                    doc.Cell((theorem.title,)),
                    doc.Cell((verdict.word.value + paper_mark(verdict),), verdict.word.value),
                    doc.Cell(
                        (_expected_mark(result),),
                        "" if result.as_expected else "error",
                    ),
                    # "exhaustive + z3": a narrow column may break the line there
                    doc.Cell((verdict.method.replace("+", " + "),)),
                    doc.Cell((verdict.scope or "-",)),
                )
            )
        header = tuple(
            doc.Cell((h,), "head")
            for h in ("claim", "title", "verdict", "as expected", "method", "scope")
        )
        blocks.append(doc.Table(header, tuple(rows), "Verdicts", "record-summary"))
    return doc.Section("Summary", "summary", tuple(blocks))


# -- one theorem ------------------------------------------------------------------------------


def _expectation_words(failed: int, news: int) -> str:
    pieces = []
    if failed:
        pieces.append(f"{failed} verdicts are NOT as expected.")
    if news:
        pieces.append(f"{news} settle a claim marked open: news.")
    return " ".join(pieces) or "Every verdict is as expected."


def _expected_mark(result: TheoremResult) -> str:
    if result.as_expected:
        return "yes"
    return "NEWS" if result.settles_open_claim else "NO"


_WANTED = {
    Expectation.HOLDS: "proved or checked (or tested, for a random search)",
    Expectation.FAILS: "refuted",
    Expectation.OPEN: "tested, checked or unknown (an open problem)",
}


def _expected_text(result: TheoremResult) -> str:
    wanted = _WANTED[result.theorem.expect]
    if result.as_expected:
        return f"as expected ({wanted})"
    if result.settles_open_claim:
        return f"news: this {result.verdict.word} verdict settles a claim marked open"
    return f"NOT as expected: it should be {wanted}"


def _count(value: int | None) -> str:
    return "-" if value is None else f"{value:,}"


def _theorem_section(
    result: TheoremResult,
    claim: Claim | None,
    titles: Mapping[str, str],
    notes: list[str],
) -> doc.Section:
    theorem, verdict = result.theorem, result.verdict
    blocks = statement_blocks(theorem, claim, notes)
    kind: tuple[doc.Inline, ...]
    if theorem.mutant_of:
        kind = (
            "mutant of ",
            doc.Link(theorem.mutant_of, "#" + theorem_anchor(theorem.mutant_of)),
            ": a deliberately false variant, which the checks must refute",
        )
    elif theorem.expect is Expectation.FAILS:
        kind = ("a statement expected to be false, which the checks must refute",)
    elif theorem.expect is Expectation.OPEN:
        kind = ("an open problem: a proof or a counterexample would be news",)
    else:
        kind = ("a statement expected to hold",)
    facts: list[tuple[Any, ...]] = [
        ("source", theorem.source or "-"),
        ("kind", doc.Cell(kind)),
    ]
    if theorem.implied_by:  # declared in proofs/: the handout shows the stronger statement
        stronger = theorem.implied_by
        facts.append(
            (
                "implied by",
                doc.Cell(
                    (
                        doc.Link(stronger, "#" + theorem_anchor(stronger)),
                        ": a case of it; the handout shows that statement instead",
                    )
                ),
            )
        )
    if theorem.game:
        facts.append(("game", doc.Code(theorem.game)))
    facts.append(("play", play_words(theorem.play)))
    facts += [
        ("verdict", doc.Cell((verdict.word.value,), verdict.word.value)),
        ("expected", _expected_text(result)),
        ("method", verdict.method or "-"),
        ("scope", verdict.scope or "-"),
        ("cases", _count(verdict.cases)),
        ("time", doc.Timing(verdict.seconds)),
    ]
    if verdict.assumes:
        facts.append(
            (
                "assumes",
                "; ".join(
                    f"{a.id}: "
                    + assumption_words(a, titles)
                    + f" [{a.kind.value}, scope {a.scope!r}, instance proved here: "
                    + ("yes" if a.instance_proved else "no")
                    + "]"
                    for a in verdict.assumes
                ),
            )
        )
    if verdict.smt:
        facts.append(("solvers that agreed", ", ".join(verdict.solvers) or "none"))
    blocks.append(doc.Table.build(("", ""), facts, kind="facts"))
    if verdict.smt:
        blocks.append(doc.Paragraph((doc.Strong("SMT queries"), _SMT_WORDS)))
        blocks.append(
            doc.Table.build(("file", "step", "expected", "answers"), _smt_rows(theorem.id, verdict))
        )
    if verdict.message:
        blocks.append(doc.Paragraph((doc.Strong("Message: "), verdict.message)))
    if verdict.counterexample is not None:
        blocks.append(
            doc.Paragraph(
                (
                    doc.Strong("Counterexample"),
                    " (re-evaluated directly by the exact solver"
                    + ("" if verdict.least else "; a counterexample, not shown to be the least")
                    + "):",
                )
            )
        )
        blocks.append(counterexample_table(verdict.counterexample))
        figure = counterexample_figure(theorem.id, theorem.game, verdict.counterexample)
        if figure is not None:
            blocks.append(figure)
    if verdict.details:
        blocks.append(doc.Paragraph((doc.Strong("Solver figures"),)))
        blocks.append(doc.Table.build(("figure", "value"), _detail_rows(verdict.details)))
    if verdict.parts:
        blocks.append(doc.Paragraph((doc.Strong("Engines"),)))
        blocks.append(
            doc.Table.build(
                ("method", "verdict", "scope", "cases", "time", "note"), _part_rows(verdict.parts)
            )
        )
    return doc.Section(
        theorem.title or theorem.id,
        theorem_anchor(theorem.id),
        tuple(blocks),
        badge=verdict.word.value,
        kind="theorem",
    )


_SMT_WORDS = (
    " (each an SMT-LIB 2 file in the smt/ folder beside this record, or the folder given "
    "with --smt; 'grundy recheck' runs them again)"
)


def _smt_rows(claim_id: str, verdict: Verdict) -> list[tuple[Any, ...]]:
    """One row per query the verdict rests on: its file, step and each solver's answer."""
    return [
        (
            doc.Code(query_file_name(claim_id, number, query)),
            query.step,
            query.expected,
            query.answers_text,
        )
        for number, query in enumerate(verdict.smt, start=1)
    ]


def _part_rows(parts: Sequence[Verdict]) -> list[tuple[Any, ...]]:
    rows = []
    for part in parts:
        note = part.message
        if part.counterexample is not None:
            note = (
                "counterexample " + value_text(part.counterexample) + (f"; {note}" if note else "")
            )
        rows.append(
            (
                part.method,
                doc.Cell((part.word.value,), part.word.value),
                part.scope or "-",
                _count(part.cases),
                doc.Timing(part.seconds),
                note or "-",
            )
        )
    return rows


def _is_timing(key: str) -> bool:
    lowered = key.lower()
    return "second" in lowered or lowered in ("time", "elapsed", "duration")


def _detail_rows(
    details: Mapping[str, Any], prefix: str = "", measured: bool = False
) -> list[tuple[Any, ...]]:
    """Rows of engine figures; Z3's statistics (under ``solver``) are measurements."""
    rows: list[tuple[Any, ...]] = []
    for key, value in details.items():
        name = f"{prefix}{key}"
        inside = measured or key == "solver"
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if key == "solver" and isinstance(value, Mapping):
            # Z3 reports a varying set of statistics (no "time" when it rounds to 0):
            # one row, present whenever Z3 ran, the whole of it a measurement.
            rows.append((doc.Code(name), doc.Measured(value_text(value) or "none")))
        elif isinstance(value, Mapping) and value and len(value) <= 12:
            rows.extend(_detail_rows(value, name + ".", inside))
        elif (
            isinstance(value, (list, tuple))
            and value
            and all(isinstance(v, Mapping) for v in value)
        ):
            for index, item in enumerate(value[:24], start=1):
                rows.extend(_detail_rows(item, f"{name}[{index}].", inside))
        elif _is_timing(str(key)) and number:
            rows.append((doc.Code(name), doc.Timing(float(value))))
        elif _is_timing(str(key)) and isinstance(value, (list, tuple)):
            pieces: list[doc.Inline] = []
            for index, item in enumerate(value):
                pieces += [", "] if index else []
                timed = isinstance(item, (int, float)) and not isinstance(item, bool)
                pieces.append(doc.Timing(float(item)) if timed else value_text(item))
            rows.append((doc.Code(name), doc.Cell(tuple(pieces))))
        elif inside and number:
            rows.append((doc.Code(name), doc.Measured(value_text(value))))
        else:
            rows.append((doc.Code(name), value_text(value)))
    return rows


# -- reproducibility --------------------------------------------------------------------------


def _reproducibility(run: RunInfo) -> doc.Section:
    rows: list[tuple[Any, ...]] = [(name, version) for name, version in run.versions.items()]
    rows += [
        ("seed", str(run.seed)),
        ("quick mode", "yes" if run.quick else "no"),
        ("Z3 time limit", f"{run.z3_timeout_ms:,} ms per query"),
        ("random examples", f"{run.random_examples:,} per search"),
        ("claims from", run.source),
        ("generated", run.generated),
    ]
    return doc.Section(
        "Reproducibility",
        "reproducibility",
        (
            doc.Paragraph(
                (
                    "The same versions, seed and command give the same report, apart from "
                    "the date and the measured times. To regenerate it:",
                )
            ),
            doc.Preformatted(run.command),
            doc.Table.build(("", ""), rows, kind="facts"),
        ),
    )
