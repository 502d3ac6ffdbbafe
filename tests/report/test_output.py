"""Writing reports: atomic replacement, reproducibility, formats."""

import os
from pathlib import Path

import pytest

from grundy.report import (
    Format,
    PdfEngine,
    ReportError,
    parse_formats,
    write_atomic,
    write_report,
    write_report_set,
)
from grundy.report import output as output_module
from tests.report.helpers import mask, sample_document


def test_formats_parse_in_order_with_aliases_and_reject_unknown_names() -> None:
    assert parse_formats("html,md") == (Format.HTML, Format.MARKDOWN)
    assert parse_formats("LaTeX, pdf, tex") == (Format.LATEX, Format.PDF)
    with pytest.raises(ReportError, match="unknown report format 'docx'"):
        parse_formats("html,docx")
    with pytest.raises(ReportError, match="no report format"):
        parse_formats(" , ")


def test_atomic_write_replaces_the_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    write_atomic(target, "old")
    write_atomic(target, "new")
    assert target.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]


def test_an_interrupted_write_leaves_the_previous_report(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "report.html"
    target.write_text("the previous report")

    def interrupted(source: str, destination: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "half a new report" * 1000)
    assert target.read_text() == "the previous report"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"], "no temporary file is left"


def test_a_failure_while_rendering_touches_no_file(
    sample_results, tmp_path: Path, monkeypatch
) -> None:
    document = sample_document(sample_results, ("take-away",))
    write_report(document, tmp_path, [Format.HTML, Format.MARKDOWN])
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}

    def broken(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(output_module, "render_markdown", broken)
    with pytest.raises(KeyboardInterrupt):
        write_report(document, tmp_path, [Format.HTML, Format.MARKDOWN])
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before


def test_new_files_get_ordinary_permissions(tmp_path: Path) -> None:
    target = tmp_path / "report.md"
    write_atomic(target, "text")
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask


def test_same_results_give_identical_files(sample_results, tmp_path: Path) -> None:
    document = sample_document(sample_results, ("take-away",))
    first, second = tmp_path / "first", tmp_path / "second"
    formats = [Format.HTML, Format.MARKDOWN]  # PDF figures: see test_pictures
    names = [p.relative_to(first) for p in write_report(document, first, formats)]
    write_report(document, second, formats)
    assert len(names) == 5  # two reports, three figures as SVG (take-away: strip and chips)
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    assert mask("took 12.345 s on 2024-05-06 07:08:09 UTC") == "took T s on DATE"


def test_pdf_by_tex_without_a_tex_engine_is_a_clear_error(
    sample_results, tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr(output_module, "find_tex_engine", lambda: None)
    document = sample_document(sample_results)
    with pytest.raises(ReportError, match="no TeX engine found"):
        write_report(document, tmp_path, [Format.HTML, Format.PDF], pdf_engine=PdfEngine.TEX)
    assert list(tmp_path.iterdir()) == [], "nothing is written when the PDF cannot be"
    # typst needs no TeX: the same set is written, its PDF included
    written = write_report(document, tmp_path / "typst", [Format.HTML, Format.PDF])
    assert (tmp_path / "typst" / "report.pdf").read_bytes().startswith(b"%PDF")
    assert len(written) == 2


def _set_files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("where", ["while staging", "at the swap"])
def test_an_interrupted_set_leaves_the_previous_set_and_no_temporary_folder(
    sample_results, tmp_path: Path, monkeypatch, where: str
) -> None:
    out = tmp_path / "report"
    document = sample_document(sample_results, ("take-away",))
    write_report_set({"handout": document, "record": document}, out, [Format.HTML, Format.MARKDOWN])
    before = _set_files(out)

    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    if where == "at the swap":
        monkeypatch.setattr(output_module, "_exchange", interrupt)
    else:
        monkeypatch.setattr(output_module.os, "chmod", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_report_set({"handout": document}, out, [Format.HTML])
    assert _set_files(out) == before
    assert [p.name for p in tmp_path.iterdir()] == ["report"], "no temporary folder is left"


def test_without_an_atomic_exchange_the_set_is_still_replaced_whole(
    sample_results, tmp_path: Path, monkeypatch
) -> None:
    out = tmp_path / "report"
    document = sample_document(sample_results)
    write_report_set({"handout": document, "record": document}, out, [Format.MARKDOWN])
    monkeypatch.setattr(output_module, "_exchange", lambda first, second: False)
    write_report_set({"handout": document}, out, [Format.HTML])
    names = sorted(p.name for p in out.iterdir())
    assert names == [".grundy-report", "handout.html"], "nothing of the old set is mixed in"
    assert [p.name for p in tmp_path.iterdir()] == ["report"]
    assert (out / ".grundy-report").read_text() == "handout.html\n"
