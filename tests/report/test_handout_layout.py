"""The handout's page furniture as a student sees it (issue 35): the contents' heading
carries no section number ("0 Contents"), the summary's scope column is as readable as
the rest of the table, and the writers' own words come from grundy.report.student_words."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

import grundy.report.document as doc
from grundy.report import student_words
from grundy.report.markdown import render_markdown
from grundy.report.typst_pdf import build_typst_pdf
from grundy.report.typst_writer import render_typst

needs_pdftotext = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="needs pdftotext (apt-get install poppler-utils)"
)


def _document(kind: str = "handout") -> doc.Document:
    """Enough sections for a contents, and a summary with a long scope."""
    summary = doc.Table.build(
        ("topic", "statement", "verdict", "for"),
        [
            (
                "Sums",
                "Every heap game has a value",
                doc.Cell(("checked",), "checked"),
                "0 ≤ a, b, c ≤ 7, and every game born early on the list",
            )
        ],
        kind="summary",
    )
    sections = [doc.Section("Summary", "summary", (summary,))]
    sections += [
        doc.Section(f"Part {n}", f"part-{n}", (doc.Paragraph((f"Text {n}.",)),))
        for n in range(1, 8)
    ]
    return doc.Document("Notes", tuple(sections), kind=kind)


@needs_pdftotext
@pytest.mark.parametrize("kind", ["handout", "record"])
def test_the_contents_heading_has_no_number(tmp_path: Path, kind: str) -> None:
    pdf = tmp_path / "h.pdf"
    pdf.write_bytes(build_typst_pdf(render_typst(_document(kind))))
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    lines = [" ".join(unicodedata.normalize("NFKC", line).split()) for line in text.splitlines()]
    assert "Contents" in lines  # a heading of its own, with no number
    assert "0 Contents" not in lines
    assert "1 Summary" in lines  # the sections are still numbered from 1


def test_the_summarys_scope_column_is_not_set_smaller_than_the_table() -> None:
    source = render_typst(_document()).text
    (table,) = [line for line in source.splitlines() if "table(columns:" in line]
    size = table.split("text(size: ")[1].split("pt")[0]
    scope = [line for line in source.splitlines() if "every game born early" in line]
    assert scope and all("text(size" not in line or f"{size}pt" in line for line in scope)


def test_the_writers_words_come_from_the_student_words(monkeypatch: pytest.MonkeyPatch) -> None:
    words = dict(student_words.SENTENCES)
    words["writer.contents"] = "Inhalt"
    words["writer.note"] = "Hinweis:"
    monkeypatch.setattr(student_words, "SENTENCES", words)
    record = doc.Document("R", _document("record").sections, notes=("a formula fell back",))
    assert "title: [Inhalt]" in render_typst(record).text
    assert "*Hinweis:* a formula fell back" in render_typst(record).text
    markdown = render_markdown(record).text
    assert "Inhalt: " in markdown and "> Hinweis: a formula fell back" in markdown


def test_the_latex_writer_takes_its_words_from_the_student_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from grundy.report.latex import render_latex

    words = dict(student_words.SENTENCES)
    words["writer.contents"] = "Inhalt"
    words["writer.note"] = "Hinweis:"
    monkeypatch.setattr(student_words, "SENTENCES", words)
    record = doc.Document("R", _document("record").sections, notes=("a formula fell back",))
    text = render_latex(record).text
    assert "\\renewcommand\\contentsname{Inhalt}" in text
    assert "\\textbf{Hinweis:} a formula fell back" in text


@needs_pdftotext
def test_a_semicolon_after_a_link_is_printed(tmp_path: Path) -> None:
    # "Exercises 1 and 2 are in the exercises; the answers are at the end." lost its ";":
    # right after a piece written as code (the link), typst takes ";" as the code's end
    part = doc.Section(
        "S",
        "s",
        (doc.Paragraph(("Exercise 1 is in ", doc.Link("the exercises", "#s"), "; the end.")),),
    )
    pdf = tmp_path / "l.pdf"
    pdf.write_bytes(build_typst_pdf(render_typst(doc.Document("L", (part,), kind="handout"))))
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "is in the exercises; the end." in " ".join(text.split())
