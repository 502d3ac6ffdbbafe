import re
import shutil
import subprocess
from pathlib import Path

import pytest

from grundy.report import Format, PdfEngine, write_report
from grundy.report.html import render_html
from grundy.report.latex import latex_text, render_latex
from grundy.report.markdown import render_markdown
from tests.report.helpers import parse_html, sample_document

IDS = ("sample-bouton", "sample-bouton-parity", "sample-take-away", "sample-bad-game")


def test_html_is_well_formed_and_links_each_theorem_from_the_summary(sample_results) -> None:
    page = render_html(sample_document(sample_results, ("two-pile-nim",)))
    parsed = parse_html(page)
    assert parsed.problems == [] and parsed.stack == []
    assert len(parsed.ids) == len(set(parsed.ids)), "ids must be unique on the page"
    for theorem_id in IDS:
        assert f"thm-{theorem_id}" in parsed.ids
        assert f"#thm-{theorem_id}" in parsed.links
    internal = [link for link in parsed.links if link.startswith("#")]
    assert all(link[1:] in parsed.ids for link in internal), "every internal link has a target"


def test_html_needs_no_network(sample_results) -> None:
    page = render_html(sample_document(sample_results, ("two-pile-nim", "take-away")))
    parsed = parse_html(page)
    assert "<script" not in page and "<link" not in page and "@import" not in page
    assert all(source.startswith("#") for source in parsed.sources), parsed.sources
    assert page.count("<svg") == 4 and "<math" in page  # take-away: strip and chips; a position


def test_html_shows_statement_verdicts_counterexample_and_engines(sample_results) -> None:
    page = render_html(sample_document(sample_results))
    # The statement as MathML, from the theorem's LaTeX.
    assert "<mo>⊕</mo>" in page and "<mi>𝒫</mi>" in page
    # Verdict badges and the honest wording for the expectation.
    for word in ("checked", "refuted", "unknown", "error"):
        assert f'<span class="badge {word}">{word}</span>' in page
    assert "NOT as expected" in page
    # The mutant's counterexample (a = 0, b = 2) as values and as a picture of heaps.
    assert "<td><code>a</code></td><td>0</td>" in page
    assert "<td><code>b</code></td><td>2</td>" in page
    assert 'id="fig-counterexample-sample-bouton-parity"' in page
    assert 'aria-label="heaps of sizes 0, 2"' in page
    # The combined verdict lists each engine's own verdict.
    assert "exhaustive+random" in page and '<td class="tested">tested</td>' in page


def test_markdown_has_tables_anchors_math_and_figure_files(sample_results) -> None:
    report = render_markdown(sample_document(sample_results, ("take-away",)))
    text = report.text
    assert text.startswith("# grundy verification record\n")
    for theorem_id in IDS:
        assert f'<a id="thm-{theorem_id}"></a>' in text
        assert f"(#thm-{theorem_id})" in text
    assert "```math\n(a, b, c) \\in \\mathcal{P}" in text
    names = [name for name, _ in report.files]
    assert names == [
        "figures/counterexample-sample-bouton-parity.svg",
        "figures/take-away.svg",
        "figures/take-away-start.svg",
    ]
    assert all(f"]({name})" in text for name in names)
    table_rows = [line for line in text.splitlines() if line.startswith("| ")]
    widths = {line.count(" | ") for line in table_rows if "claim" in line or "sample-" in line}
    assert len(widths) == 1, "summary rows have as many cells as the header"


def test_latex_escapes_text_and_keeps_formulas() -> None:
    assert latex_text("50% of #1 & {x}_y ~ \\") == (
        "50\\% of \\#1 \\& \\{x\\}\\_y \\textasciitilde{} \\textbackslash{}"
    )
    assert latex_text("misère ⊕ ≤ ★") == "misère \\ensuremath{\\oplus} \\ensuremath{\\le} ?"


def test_latex_is_a_complete_document(sample_results) -> None:
    report = render_latex(sample_document(sample_results, ("take-away",)))
    text = report.text
    assert text.startswith("\\documentclass") and text.rstrip().endswith("\\end{document}")
    assert "\\claimformula{(a, b, c) \\in \\mathcal{P} \\iff a \\oplus b \\oplus c = 0}" in text
    assert text.count("\\begin{longtable}") == text.count("\\end{longtable}")
    assert "\\hyperref[thm-sample-bouton]{sample-bouton}" in text
    assert [name for name, _ in report.files] == [
        "figures/counterexample-sample-bouton-parity.pdf",
        "figures/take-away.pdf",
        "figures/take-away-start.pdf",
    ]
    assert all(data.startswith(b"%PDF") for _, data in report.files)
    braces = re.sub(r"\\[{}]", "", text)
    assert braces.count("{") == braces.count("}")
    # a verdict in a table is a box around its word, not a coloured cell: a coloured cell
    # fills its row's whole height and runs into the verdicts of the rows beside it
    assert re.search(r"\\verdictbox\{(proved|refuted)\}\{(proved|refuted)\}", text)
    assert not re.search(r"\\cellcolor\{(proved|refuted|unrefuted|unknown|error|false)\}", text)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_latex_compiles_with_pdflatex(sample_results, tmp_path: Path) -> None:
    document = sample_document(sample_results, ("nim-addition", "take-away", "nim-exercise-4"))
    write_report(document, tmp_path, [Format.LATEX])
    completed = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "report.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        errors="replace",
        check=False,
    )
    assert completed.returncode == 0, completed.stdout[-2000:]
    assert (tmp_path / "report.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_pdf_format_builds_a_pdf(sample_results, tmp_path: Path) -> None:
    written = write_report(
        sample_document(sample_results), tmp_path, [Format.PDF], pdf_engine=PdfEngine.TEX
    )
    assert written == [tmp_path / "report.pdf"]
    assert written[0].read_bytes().startswith(b"%PDF")
