"""Presenting theorem and claim results: a table sized to the terminal, or JSON.

Each verdict is shown by its word (:class:`grundy.verdict.Word`: proved, checked, tested,
refuted, unknown, error), in the word's own colour on a terminal.

On a terminal at least :data:`TABLE_COLUMNS` wide, and in a file or a pipe, the results
are a table (claim, verdict, whether it was expected, then method, scope and findings).
On a narrower terminal each claim is a short block: its id and verdict on one line, the
details indented below, wrapped to the width.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from rich.console import Console, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from grundy.cli.caveats import paper_lines, paper_summary, play_lines, rests_on_paper
from grundy.cli.common import output_width, plural, write_json
from grundy.cli.smt_files import solver_counts, solver_summary
from grundy.library import TheoremResult
from grundy.verdict import Status, word_counts

__all__ = ["TABLE_COLUMNS", "exit_code", "print_results", "summary_line"]

TABLE_COLUMNS = 120
"""The narrowest terminal that gets the table; a narrower one gets one block per claim."""

UNLIMITED = 100_000  # off a terminal a line is as long as it needs to be


def print_results(
    results: Sequence[TheoremResult], out: IO[str], as_json: bool, width: int | None = None
) -> None:
    """Write the results to ``out``: JSON, or text fitted to ``width`` columns (default:
    the terminal's width when ``out`` is one, otherwise no limit)."""
    if as_json:
        summary = word_counts(result.verdict for result in results)
        write_json(
            out,
            {
                "claims": [result.to_json() for result in results],
                "summary": {word.value: n for word, n in summary.items()},
                "as_expected": sum(result.as_expected for result in results),
                "total": len(results),
                "rests_on_paper": rests_on_paper(results),
                "solvers": solver_counts(results),
            },
        )
        return
    if not results:
        out.write("no claims to check\n")
        return
    width = width or output_width(out)
    wide = width is None or width >= TABLE_COLUMNS
    shown: RenderableType = _table(results) if wide else _blocks(results)
    console = Console(
        file=out,
        width=width or UNLIMITED,
        highlight=False,
        emoji=False,
        markup=False,
        force_terminal=False if width is None else None,
    )
    with console.capture() as captured:
        console.print(shown)
        console.print()
        solvers = solver_summary(results)
        if solvers:
            console.print(solvers)
        console.print(summary_line(results))  # last: the line scripts read
    for line in captured.get().splitlines():
        out.write(line.rstrip() + "\n")


def summary_line(results: Sequence[TheoremResult]) -> str:
    """``147 claims: 31 proved, 47 checked, 1 tested, 68 refuted; all as expected``.

    A claim marked ``expect = "open"`` that was decided is counted apart, as news.

    >>> from grundy.library import Theorem
    >>> summary_line([])
    '0 claims: none checked'
    """
    if not results:
        return "0 claims: none checked"
    summary = word_counts(result.verdict for result in results)
    counts = ", ".join(f"{n} {word}" for word, n in summary.items())
    news = sum(result.settles_open_claim for result in results)
    failed = sum(not result.as_expected for result in results) - news
    tails = [f"{failed} NOT as expected"] if failed else []
    if news:
        tails.append(f"{news} {'settles an open claim' if news == 1 else 'settle open claims'}")
    tail = ", ".join(tails) or "all as expected"
    return f"{plural(len(results), 'claim')}: {counts}{paper_summary(results)}; {tail}"


def exit_code(results: Sequence[TheoremResult]) -> int:
    """0 when every claim came out as expected (a refuted claim marked ``expect = "fails"``
    included), 1 otherwise: a claim marked ``expect = "open"`` that was decided is news,
    and exits 1 so that the user looks."""
    return 0 if all(result.as_expected for result in results) else 1


def _details(result: TheoremResult) -> list[str]:
    """The lines about a claim: the method and the scope, then what was found."""
    verdict = result.verdict
    lines = [f"{verdict.method}; {verdict.scope}", *play_lines(result)]
    lemmas = [assumption for assumption in verdict.assumes if not assumption.on_paper]
    if lemmas and verdict.method != "lemma":  # a lemma proof's message names it
        named = ", ".join(assumption.describe() for assumption in lemmas)
        lines.append(f"{verdict.word}, assuming {named}")
    if verdict.status is Status.PROVED and verdict.solvers:
        lines.append(f"solvers that agreed: {', '.join(verdict.solvers)}")
    if verdict.counterexample is not None:
        shown = ", ".join(f"{k} = {v}" for k, v in verdict.counterexample.items())
        label = "counterexample" if verdict.least else "a counterexample (not shown least)"
        lines.append(f"{label}: {shown}")
    if verdict.message and (not result.as_expected or verdict.counterexample is None):
        lines.append(verdict.message)
    return lines + paper_lines(result)


def _expected_mark(result: TheoremResult) -> Text:
    if result.as_expected:
        return Text("yes")
    if result.settles_open_claim:
        return Text("NEWS", style="bold")
    return Text("NO", style="bold red")


def _word(result: TheoremResult) -> Text:
    word = result.verdict.word
    return Text(word.value, style=word.colour)  # no colour off a terminal


def _table(results: Sequence[TheoremResult]) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("id", no_wrap=True, overflow="fold")
    table.add_column("status", no_wrap=True)
    table.add_column("expected", no_wrap=True)
    table.add_column("method; scope and findings", overflow="fold")
    for result in results:
        table.add_row(
            result.theorem.id,
            _word(result),
            _expected_mark(result),
            "\n".join(_details(result)),
        )
    return table


def _blocks(results: Sequence[TheoremResult]) -> Table:
    # A one-column grid: each claim's heading, then its details indented and wrapped.
    grid = Table.grid()
    grid.add_column(overflow="fold")
    for result in results:
        heading = Text(f"{result.theorem.id}: ")
        heading.append_text(_word(result))
        if result.settles_open_claim:
            heading.append(" (settles an open claim)", style="bold")
        else:
            heading.append(
                " (as expected)" if result.as_expected else " (NOT as expected)",
                style="" if result.as_expected else "bold red",
            )
        grid.add_row(heading)
        grid.add_row(Padding(Text("\n".join(_details(result)), overflow="fold"), (0, 0, 0, 4)))
    return grid
