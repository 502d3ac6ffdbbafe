"""Turn theorem results into a report :class:`~grundy.report.document.Document`.

The document has four parts: a summary table of verdicts linking to each theorem; one
section per theorem (statement, source, how it was checked, the verdict, any
counterexample drawn as a position, the solver's figures and each engine's verdict);
the evidence (:mod:`grundy.report.evidence`); and a reproducibility block (versions,
seeds, date, the command that regenerates the report).
"""

from __future__ import annotations

import platform
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from grundy.errors import GrundyError
from grundy.games import HeapGame, find_entry
from grundy.library import Expectation, TheoremResult
from grundy.report.document import (
    Block,
    Cell,
    Code,
    DisplayMath,
    Document,
    Figure,
    Inline,
    Link,
    Paragraph,
    Preformatted,
    Section,
    Strong,
    Table,
    Timing,
)
from grundy.report.evidence import EvidenceResult, parse_edges
from grundy.report.latexmath import MathSyntaxError, check_latex
from grundy.report.pictures import (
    ChompBoard,
    HackenbushPicture,
    chomp_figure,
    hackenbush_figure,
    heaps_figure,
)
from grundy.verdict import Status, Verdict

__all__ = ["PACKAGES", "RunInfo", "build_document", "package_versions", "theorem_anchor"]

PACKAGES = ("grundy", "z3-solver", "hypothesis", "sympy", "matplotlib", "numpy")


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


def theorem_anchor(theorem_id: str) -> str:
    """The anchor of a theorem's section.

    >>> theorem_anchor("bouton-3")
    'thm-bouton-3'
    """
    return f"thm-{theorem_id}"


def build_document(
    results: Sequence[TheoremResult],
    run: RunInfo,
    evidence: EvidenceResult | None = None,
    title: str = "grundy verification report",
) -> Document:
    """The whole report.  Notes (e.g. a formula that could not be typeset) go in ``notes``."""
    notes: list[str] = []
    theorems = tuple(_theorem_section(result, notes) for result in results)
    sections = [_summary(results, run)]
    sections.append(
        Section(
            "Theorems",
            "theorems",
            theorems or (Paragraph(("No claims were selected.",)),),
        )
    )
    if evidence is not None and evidence.sections:
        intro = Paragraph(
            (
                "Tables and pictures computed by the exact solver for this report, for the "
                "reader to check the statements against. No value here is typed in.",
            )
        )
        sections.append(Section("Evidence", "evidence", (intro, *evidence.sections)))
    sections.append(_reproducibility(run))
    subtitle: tuple[Inline, ...] = (
        f"{len(results)} claims from {run.source}; seed {run.seed}"
        + ("; quick mode" if run.quick else "")
        + f"; generated {run.generated}.",
    )
    return Document(title, tuple(sections), subtitle, tuple(notes))


# -- summary ----------------------------------------------------------------------------------


def _summary(results: Sequence[TheoremResult], run: RunInfo) -> Section:
    counts = Counter(result.verdict.status for result in results)
    failed = [r for r in results if not r.as_expected]
    parts = ", ".join(f"{counts[s]} {s.value}" for s in Status if counts[s]) or "no claims"
    mutants = sum(1 for r in results if r.theorem.is_mutant)
    blocks: list[Block] = [
        Paragraph(
            (
                f"{len(results)} claims ({len(results) - mutants} theorems and {mutants} "
                f"deliberately false mutants): {parts}. ",
                Strong(
                    "Every verdict is as expected."
                    if not failed
                    else f"{len(failed)} verdicts are NOT as expected."
                ),
            )
        ),
        Paragraph(
            (
                "Proved means true throughout the stated scope; refuted means a concrete "
                "counterexample, re-checked by the exact solver; unrefuted means a random "
                "search found no counterexample, which is not a proof; unknown means a "
                "solver gave up or a limit was reached. A mutant is a false variant of a "
                "theorem, included to show that the checks can fail: it must be refuted.",
            )
        ),
    ]
    if results:
        rows = []
        for result in results:
            theorem, verdict = result.theorem, result.verdict
            rows.append(
                (
                    Cell((Link(theorem.id, "#" + theorem_anchor(theorem.id)),)),
                    Cell((theorem.title,)),
                    Cell((verdict.status.value,), verdict.status.value),
                    Cell(
                        ("yes" if result.as_expected else "NO",),
                        "" if result.as_expected else "error",
                    ),
                    Cell((verdict.method,)),
                    Cell((verdict.scope or "-",)),
                )
            )
        header = tuple(
            Cell((h,), "head")
            for h in ("claim", "title", "verdict", "as expected", "method", "scope")
        )
        blocks.append(Table(header, tuple(rows), "Verdicts"))
    return Section("Summary", "summary", tuple(blocks))


# -- one theorem ------------------------------------------------------------------------------


def _statement_blocks(result: TheoremResult, notes: list[str]) -> list[Block]:
    theorem = result.theorem
    if theorem.latex:
        try:
            check_latex(theorem.latex)
        except MathSyntaxError as exc:
            notes.append(f"{theorem.id}: statement shown as text: {exc}")
        else:
            blocks: list[Block] = [DisplayMath(theorem.latex, theorem.statement)]
            if theorem.statement:
                blocks.append(Paragraph(("In words: ", theorem.statement)))
            return blocks
    return [Paragraph((theorem.statement,))]


def _expected_text(result: TheoremResult) -> str:
    if result.theorem.expect is Expectation.FAILS:
        wanted = "refuted"
    else:
        wanted = "proved (or unrefuted, for a random search)"
    if result.as_expected:
        return f"as expected ({wanted})"
    return f"NOT as expected: it should be {wanted}"


def _count(value: int | None) -> str:
    return "-" if value is None else f"{value:,}"


def _theorem_section(result: TheoremResult, notes: list[str]) -> Section:
    theorem, verdict = result.theorem, result.verdict
    blocks = _statement_blocks(result, notes)
    kind: tuple[Inline, ...]
    if theorem.mutant_of:
        kind = (
            "mutant of ",
            Link(theorem.mutant_of, "#" + theorem_anchor(theorem.mutant_of)),
            ": a deliberately false variant, which the checks must refute",
        )
    else:
        kind = ("theorem",)
    facts: list[tuple[Any, ...]] = [
        ("source", theorem.source or "-"),
        ("kind", Cell(kind)),
    ]
    if theorem.game:
        facts.append(("game", Code(theorem.game)))
    facts += [
        ("verdict", Cell((verdict.status.value,), verdict.status.value)),
        ("expected", _expected_text(result)),
        ("method", verdict.method or "-"),
        ("scope", verdict.scope or "-"),
        ("cases", _count(verdict.cases)),
        ("time", Timing(verdict.seconds)),
    ]
    blocks.append(Table.build(("", ""), facts, kind="facts"))
    if verdict.message:
        blocks.append(Paragraph((Strong("Message: "), verdict.message)))
    if verdict.counterexample is not None:
        blocks.extend(_counterexample_blocks(result))
    if verdict.details:
        blocks.append(Paragraph((Strong("Solver figures"),)))
        blocks.append(Table.build(("figure", "value"), _detail_rows(verdict.details)))
    if verdict.parts:
        blocks.append(Paragraph((Strong("Engines"),)))
        blocks.append(
            Table.build(
                ("method", "verdict", "scope", "cases", "time", "note"), _part_rows(verdict.parts)
            )
        )
    return Section(
        theorem.title or theorem.id,
        theorem_anchor(theorem.id),
        tuple(blocks),
        badge=verdict.status.value,
        kind="theorem",
    )


def _part_rows(parts: Sequence[Verdict]) -> list[tuple[Any, ...]]:
    rows = []
    for part in parts:
        note = part.message
        if part.counterexample is not None:
            note = (
                "counterexample "
                + _mapping_text(part.counterexample)
                + (f"; {note}" if note else "")
            )
        rows.append(
            (
                part.method,
                Cell((part.status.value,), part.status.value),
                part.scope or "-",
                _count(part.cases),
                Timing(part.seconds),
                note or "-",
            )
        )
    return rows


def _is_timing(key: str) -> bool:
    lowered = key.lower()
    return "second" in lowered or lowered in ("time", "elapsed", "duration")


def _value_text(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return str(value).lower() if value is not None else "-"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, Mapping):
        return _mapping_text(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else list(value)
        shown = ", ".join(_value_text(item) for item in items[:12])
        more = f", ... ({len(items)} in all)" if len(items) > 12 else ""
        return f"[{shown}{more}]"
    return str(value)


def _mapping_text(mapping: Mapping[str, Any]) -> str:
    return ", ".join(f"{key} = {_value_text(value)}" for key, value in mapping.items())


def _detail_rows(details: Mapping[str, Any], prefix: str = "") -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = []
    for key, value in details.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping) and value and len(value) <= 12:
            rows.extend(_detail_rows(value, name + "."))
        elif (
            _is_timing(str(key)) and isinstance(value, (int, float)) and not isinstance(value, bool)
        ):
            rows.append((Code(name), Timing(float(value))))
        else:
            rows.append((Code(name), _value_text(value)))
    return rows


# -- counterexamples as positions -------------------------------------------------------------


def _counterexample_blocks(result: TheoremResult) -> list[Block]:
    theorem, verdict = result.theorem, result.verdict
    example = verdict.counterexample or {}
    blocks: list[Block] = [
        Paragraph((Strong("Counterexample"), " (re-evaluated directly by the exact solver):")),
        Table.build(
            ("name", "value"), [(Code(str(k)), _value_text(v)) for k, v in example.items()]
        ),
    ]
    figure = counterexample_figure(theorem.id, theorem.game, example)
    if figure is not None:
        blocks.append(figure)
    return blocks


def _game_name(game: str | None) -> str | None:
    if not game:
        return None
    return game.split()[0]


def _int_sequence(value: Any) -> tuple[int, ...] | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return (value,)
    if isinstance(value, (list, tuple)) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return tuple(value)
    return None


def counterexample_figure(
    theorem_id: str, game: str | None, example: Mapping[str, Any]
) -> Figure | None:
    """A picture of the counterexample's position, when the game has a picture for it.

    Chomp positions are drawn as boards, Hackenbush pictures as pictures, positions of
    heap games (and any position given as integers) as heaps of counters.  The position
    is the counterexample's ``position`` entry, or, for a heap game, its integer
    variables in order.
    """
    name = _game_name(game)
    position = example.get("position")
    name_fig = f"counterexample-{theorem_id}"
    caption = f"The counterexample to {theorem_id}, drawn as a position"
    if name == "hackenbush" or "edges" in example:
        edges = example.get("edges", position)
        if isinstance(edges, str):
            try:
                parsed = parse_edges(edges)
            except ValueError:
                return None
            picture = HackenbushPicture(parsed, None, "counterexample")
            return hackenbush_figure(name_fig, caption, [picture])
        return None
    heaps = _int_sequence(position) if position is not None else None
    if heaps is None and name is not None and _is_heap_game(name):
        values = [_int_sequence(v) for v in example.values()]
        if values and all(v is not None and len(v) == 1 for v in values):
            heaps = tuple(v[0] for v in values if v is not None)
    if heaps is None or len(heaps) > 12 or any(h < 0 for h in heaps):
        return None
    if name == "chomp":
        board = ChompBoard(tuple(sorted(heaps, reverse=True)), (), "counterexample")
        return chomp_figure(name_fig, caption, [board])
    return heaps_figure(name_fig, caption, heaps)


def _is_heap_game(name: str) -> bool:
    try:
        entry = find_entry(name)
    except GrundyError:
        return False
    return issubclass(entry.game_class, HeapGame)


# -- reproducibility --------------------------------------------------------------------------


def _reproducibility(run: RunInfo) -> Section:
    rows: list[tuple[Any, ...]] = [(name, version) for name, version in run.versions.items()]
    rows += [
        ("seed", str(run.seed)),
        ("quick mode", "yes" if run.quick else "no"),
        ("Z3 time limit", f"{run.z3_timeout_ms:,} ms per query"),
        ("random examples", f"{run.random_examples:,} per search"),
        ("claims from", run.source),
        ("generated", run.generated),
    ]
    return Section(
        "Reproducibility",
        "reproducibility",
        (
            Paragraph(
                (
                    "The same versions, seed and command give the same report, apart from "
                    "the date and the measured times. To regenerate it:",
                )
            ),
            Preformatted(run.command),
            Table.build(("", ""), rows, kind="facts"),
        ),
    )
