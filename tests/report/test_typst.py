"""The typst report: formulas translated from the report's LaTeX, text that stays text, and
a PDF built with nothing but the ``typst`` package.

The library's formulas are all translated and compiled here (the handout of every theorem
and mutant, built without checking them: a statement's formula does not depend on its
verdict); the comparison with the TeX PDF of the whole library is in
``test_typst_library.py``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

import grundy.report.document as doc
from grundy.library import TheoremResult, load_library
from grundy.report import HandoutOptions, build_handout
from grundy.report.gameevidence import file_claims
from grundy.report.mathml import MathSyntaxError, check_latex
from grundy.report.topics import course_topics
from grundy.report.typst_math import TypstMathError, latex_to_typst, typst_string
from grundy.report.typst_pdf import TypstFailure, build_typst_pdf, pdf_page_count
from grundy.report.typst_writer import TypstReport, render_typst, typst_text
from grundy.verdict import Status, Verdict

needs_pdftotext = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="needs pdftotext (apt-get install poppler-utils)"
)


def _text_of(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "typst.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return unicodedata.normalize("NFKC", text)  # typst's math letters are 𝑎, not a


def _compiles(body: str) -> bytes:
    return build_typst_pdf(TypstReport(body, ()))


@pytest.mark.parametrize(
    ("latex", "typst"),
    [
        ("ab", "a b"),  # in typst "ab" is one name: each letter is a variable of its own
        ("a2", "a 2"),
        (r"a \oplus b", "a ⊕ b"),
        ("f(x, y)", r"f \( x \, y \)"),  # brackets stay plain signs; commas split nothing
        ("a/b", r"a \/ b"),  # not a typst fraction
        (r"\frac{a}{b+1}", "frac(a, b + 1)"),
        (r"x^{n+1}_i", "x^(n + 1)_(i)"),
        (r"\text{ if } n", '"if" n'),
        (r'\text{say "hi" \{\}}', r'"say \"hi\" {}"'),
        (r"\operatorname{mex}\{0\}", r'op("mex") \{ 0 \}'),
        (r"\left( \frac{1}{2} \right]", r"lr(\( frac(1, 2) \])"),
        (r"\mathcal{P}^{-}", "cal(P)^(-)"),
        (r"a \not= b \not\in c", "a ≠ b ∉ c"),
        (r"\begin{cases} 1 & x \\ 2 & y \end{cases}", "cases(1 & x, 2 & y)"),
        (r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}", 'mat(delim: "(", 1, 2; 3, 4)'),
        (r"\begin{array}{c} a \\ b \end{array}", r"a \ b"),
        (r"\mathbin{\&} \; \,", r'class("binary", \&) thick thin'),
    ],
)
def test_latex_becomes_typst(latex: str, typst: str) -> None:
    assert latex_to_typst(latex) == typst
    _compiles(f"$ {typst} $")


@pytest.mark.parametrize(
    "latex",
    [r"\input{x}", r"\unknown", r"\begin{tabular}{c} a \end{tabular}", "a}", "{a", r"\right)"],
)
def test_latex_outside_the_subset_is_refused(latex: str) -> None:
    with pytest.raises(MathSyntaxError):
        latex_to_typst(latex)


def test_a_formula_cannot_reach_typst_code() -> None:
    hostile = r'\text{"); #panic("x"); ("} \# \$ @a `x` x_{"#y"}'
    typst = latex_to_typst(hostile)
    assert "#panic" not in typst.replace(typst_string('"); #panic("x"); ("'), "")
    _compiles(f"$ {typst} $")


def test_text_cannot_reach_typst_markup_or_code(tmp_path: Path) -> None:
    hostile = '#panic("x") $a$ *b* _c_ `d` <e> @f = g - h + i / j // k [l] ~m 1. n \\ o'
    assert re.search(r"(?<!\\)[#$\[(]", typst_text(hostile)) is None  # each one escaped
    pdf = _compiles("#set page(width: 30cm)\n" + typst_text(hostile))
    if shutil.which("pdftotext"):
        shown = " ".join(_text_of(pdf, tmp_path).split())
        assert shown.replace("“", '"').replace("”", '"') == hostile  # typst's quotes


def _every_kind() -> doc.Document:
    def draw(figure: object) -> None:
        figure.add_subplot().plot([0, 1, 2], [1, 0, 2])  # type: ignore[attr-defined]

    cells = [doc.Cell(("x",), style) for style in ("proved", "refuted", "p", "shade-3", "")]
    blocks: tuple[doc.Block, ...] = (
        doc.Paragraph(("Plain ", doc.Math("a \\oplus b"), " ", doc.Code("#x"), " ")),
        doc.Paragraph((doc.Link("elsewhere", "#nowhere"), doc.Link("here", "#s1"))),
        doc.Paragraph((doc.Strong("*bold*"), doc.Timing(1.5), doc.Measured("3 MB"))),
        doc.Paragraph((doc.Strong("Then"), "(a, b)", doc.Code("c"), "(d)", doc.Math("e"), "(f)")),
        doc.Paragraph((doc.Link("site", "https://example.org/a?b=c"),)),
        doc.DisplayMath(r"\unknown{x}", "the plain words", r"a \le b"),
        doc.DisplayMath(r"\unknown{y}", "only words here"),
        doc.Preformatted("  1 0 1\n  0 1 1 ⊕"),
        doc.BulletList((("one",), ("two ", doc.Math("x^2")))),
        doc.Table.build(("a", "b", "c", "d", "e"), [cells], caption="a caption"),
        doc.Table.build(("", "n"), [("k", 1)], kind="grid"),
        doc.Figure("fig-1", "a figure", "alt", draw, (4.0, 2.0)),
    )
    inner = doc.Section("Inner", "s2", (doc.Paragraph(("deep",)),), badge="checked")
    sections = (doc.Section("First", "s1", (*blocks, inner), badge="proved", kind="theorem"),)
    return doc.Document("Every kind", sections, subtitle=("sub",), notes=("a note",))


@needs_pdftotext
def test_every_kind_of_block_is_written_and_a_formula_falls_back(tmp_path: Path) -> None:
    report = render_typst(_every_kind())
    assert [name for name, _ in report.files] == ["figures/fig-1.pdf"]
    assert len(report.notes) == 2
    assert "statement typeset" in report.notes[0] and "as text" in report.notes[1]
    text = " ".join(_text_of(build_typst_pdf(report), tmp_path).split())
    for words in (
        "Plain",
        "#x",
        "elsewhere",
        "*bold*",
        "1.500 s",
        "3 MB (measured)",
        "one",
        "Then(a, b)c(d)e(f)",
    ):
        assert words in text, words
    assert "a≤b" in text.replace(" ", "") and "only words here" in text, "fallback, then words"
    assert "the plain words" not in text
    assert "a note" in text and "is shown as text" in text, "the record names each fall back"
    assert "a caption" in text and "a figure" in text and "Inner" in text
    handout = render_typst(doc.Document("H", _every_kind().sections, kind="handout"))
    assert "is shown as" not in handout.text, "students get no build notes"


def test_the_writer_knows_every_kind_of_piece() -> None:
    from grundy.report.typst_writer import _TypstWriter
    from grundy.report.writer import BLOCK_KINDS, INLINE_KINDS, method_name

    for kind in (*BLOCK_KINDS, *INLINE_KINDS):
        assert callable(getattr(_TypstWriter, method_name(kind)))


def test_a_typst_error_is_a_failure_with_its_message() -> None:
    with pytest.raises(TypstFailure, match="typst failed"):
        _compiles("#panic()")


def test_typst_reads_no_file_outside_its_folder(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    with pytest.raises(TypstFailure):
        _compiles(f"#read({typst_string(str(secret))})")


def test_the_page_count_is_read_from_the_pdf(tmp_path: Path) -> None:
    pdf = _compiles("one #pagebreak() two #pagebreak() three")
    assert pdf_page_count(pdf) == 3
    assert pdf_page_count(b"not a pdf") is None
    if shutil.which("pdfinfo"):
        path = tmp_path / "three.pdf"
        path.write_bytes(pdf)
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout
        assert re.search(r"^Pages:\s+3$", info, re.MULTILINE)


def _library_handout() -> doc.Document:
    """The handout of every theorem and mutant of the library, none of them checked."""
    theorems = load_library()
    results = [TheoremResult(t, Verdict(Status.UNKNOWN, "not checked")) for t in theorems]
    options = HandoutOptions("Library", "", "", "2024-01-01", mutants=True)
    titles = {t.id: t.title for t in theorems}
    return build_handout(course_topics(results), options, {}, file_claims(results), titles)


def _formulas(blocks: tuple[doc.Block, ...] | tuple[doc.Section, ...]) -> list[str]:
    found: list[str] = []
    for block in blocks:
        if isinstance(block, doc.Section):
            found += _formulas(block.blocks)
        elif isinstance(block, doc.DisplayMath):
            found += [latex for latex in (block.latex, block.fallback) if latex]
        elif isinstance(block, doc.Paragraph | doc.BulletList):
            items = (block.content,) if isinstance(block, doc.Paragraph) else block.items
            found += [p.latex for item in items for p in item if isinstance(p, doc.Math)]
    return found


def test_every_formula_of_the_library_handout_is_translated_and_compiles() -> None:
    formulas = sorted(set(_formulas(_library_handout().sections)))
    assert len(formulas) > 100
    untranslated = []
    translated: list[tuple[str, str]] = []
    for latex in formulas:
        try:
            check_latex(latex)  # what the LaTeX and HTML reports show as a formula
        except MathSyntaxError:
            continue
        try:
            translated.append((latex, latex_to_typst(latex)))
        except TypstMathError as exc:
            untranslated.append(str(exc))
    assert untranslated == []
    body = "\n\n".join(f"$ {typst} $" for _, typst in translated)
    try:
        _compiles(body)
    except TypstFailure:  # name the formula typst refused
        refused = []
        for latex, typst in translated:
            try:
                _compiles(f"$ {typst} $")
            except TypstFailure as failure:
                refused.append(f"{latex!r}: {failure}")
        pytest.fail("\n".join(refused))


def test_a_grid_of_numbers_is_centred_as_in_the_latex() -> None:
    grid = doc.Table.build(("", "0", "1"), [("0", 0, 1), ("1", 1, 0)], kind="grid")
    facts = doc.Table.build(("a", "b"), [("x", "y")], kind="facts")
    text = render_typst(doc.Document("T", (doc.Section("S", "s", (grid, facts)),))).text
    assert text.count("#align(center, \ntext(") == 1  # the grid, not the wide table
    assert "\n#text(size: 10pt, table(columns: (22%, 70%,)" in text


@needs_pdftotext
def test_a_semicolon_after_code_or_a_formula_is_printed(tmp_path: Path) -> None:
    """typst ends an embedded expression at a semicolon and drops it: the winning
    moves' list ("leaving (1, 6, 7); take 4 ...") lost its semicolons in the answers."""
    said = doc.Paragraph(
        (
            "leaving ",
            doc.Code("(1, 6, 7)"),
            "; take 4, or ",
            doc.Code("x"),
            ";; then ",
            doc.Math("n"),
            "; end",
        )
    )
    document = doc.Document("S", (doc.Section("A", "a", (said,)),))
    text = " ".join(_text_of(build_typst_pdf(render_typst(document)), tmp_path).split())
    assert "(1, 6, 7); take 4, or x;; then" in text and "; end" in text, text


@needs_pdftotext
def test_a_worksheet_s_room_to_write_is_as_tall_as_in_the_latex(tmp_path: Path) -> None:
    """Room for eight lines is 6.4cm, as the LaTeX leaves (it was seven blank lines of
    small code type: room for two lines of handwriting)."""
    blocks = (doc.Paragraph(("Above",)), doc.AnswerSpace(8), doc.Paragraph(("Below",)))
    document = doc.Document("S", (doc.Section("A", "a", blocks),), kind="handout")
    pdf = tmp_path / "space.pdf"
    pdf.write_bytes(build_typst_pdf(render_typst(document)))
    xml = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    top = {w: float(y) for y, w in re.findall(r'yMin="([\d.]+)"[^>]*>(Above|Below)<', xml)}
    assert top["Below"] - top["Above"] >= 6.4 / 2.54 * 72, top
