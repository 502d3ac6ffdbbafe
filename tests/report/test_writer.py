"""The one dispatch every report writer shares (grundy.report.writer)."""

from __future__ import annotations

import typing

import pytest

import grundy.report.document as doc
from grundy.report.html import render_html
from grundy.report.latex import render_latex
from grundy.report.markdown import render_markdown
from grundy.report.writer import BLOCK_KINDS, INLINE_KINDS, DocumentWriter, method_name


def test_the_dispatch_knows_every_kind_of_piece_the_document_model_has() -> None:
    assert set(typing.get_args(doc.Inline)) == set(INLINE_KINDS)
    block_names = {name.strip() for name in str(doc.Block).split("|")}
    assert {kind.__name__ for kind in BLOCK_KINDS} == block_names


def test_method_names_follow_the_class_names() -> None:
    assert method_name(doc.DisplayMath) == "display_math"
    assert method_name(doc.BulletList) == "bullet_list"
    assert method_name(str) == "text"


def test_a_writer_missing_a_method_is_refused_when_it_is_defined() -> None:
    with pytest.raises(TypeError, match="figure"):

        class _NoFigures(DocumentWriter[str]):  # every block method but figure
            format_name = "test"

            def text(self, text: str) -> str:
                return text

            math = code = link = strong = timing = measured = text
            section = paragraph = display_math = preformatted = bullet_list = table = text


@pytest.mark.parametrize("render", [render_html, render_markdown, render_latex])
def test_an_unknown_piece_is_an_error_naming_the_format(render: typing.Any) -> None:
    document = doc.Document(
        title="t",
        subtitle=(),
        sections=(doc.Section("s", "s", blocks=(doc.Paragraph((object(),)),)),),  # type: ignore[arg-type]
    )
    with pytest.raises(TypeError, match=r"cannot render object as (HTML|Markdown|LaTeX)"):
        render(document)
