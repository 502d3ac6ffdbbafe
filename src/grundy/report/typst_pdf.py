"""Building a PDF with typst, and reading how many pages a PDF has.

typst compiles in-process from the ``typst`` package (the compiler and its fonts come in
the wheel), so a PDF needs nothing beyond ``pip install``.  The source and its figures
are written to a scratch folder that is typst's root: typst reads no file outside it, and
only the fonts it ships with, so the same document gives the same PDF on any machine.
"""

from __future__ import annotations

import re
import tempfile
import zlib
from pathlib import Path

from grundy.report.typst_writer import TypstReport

__all__ = ["TypstFailure", "build_typst_pdf", "pdf_page_count"]


class TypstFailure(Exception):
    """typst refused the document (a bug of the writer: all text reaches it escaped)."""


def build_typst_pdf(report: TypstReport, stem: str = "document") -> bytes:
    """The PDF of ``report``; raises :class:`TypstFailure` with typst's first message."""
    import typst

    with tempfile.TemporaryDirectory(prefix="grundy-typst-") as scratch:
        folder = Path(scratch)
        source = folder / f"{stem}.typ"
        source.write_text(report.text, encoding="utf-8")
        for name, data in report.files:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
        try:
            pdf = typst.compile(str(source), root=str(folder), ignore_system_fonts=True)
        except typst.TypstError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else "no message"
            raise TypstFailure(f"typst failed: {first[:300]}") from None
    assert isinstance(pdf, bytes)
    return pdf


_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.DOTALL)
_PAGES = re.compile(rb"/Type\s*/Pages\b")
_COUNT = re.compile(rb"/Count\s+(\d+)")


def _counts(data: bytes) -> list[int]:
    """The /Count of every page-tree node written in ``data``."""
    counts = []
    for match in _PAGES.finditer(data):
        start = data.rfind(b"<<", 0, match.start())
        end = data.find(b">>", match.end())
        found = _COUNT.search(data, max(start, 0), end if end >= 0 else len(data))
        if found:
            counts.append(int(found.group(1)))
    return counts


def pdf_page_count(pdf: bytes) -> int | None:
    """How many pages a PDF has: the /Count of its page tree's root (the largest), read
    from the file and from its compressed object streams; None when none is found.

    >>> pdf_page_count(b"%PDF-1.7 1 0 obj << /Type /Pages /Kids [] /Count 3 >> endobj")
    3
    """
    counts = _counts(pdf)
    for stream in _STREAM.findall(pdf):
        try:
            counts += _counts(zlib.decompress(stream))
        except zlib.error:
            continue  # not a deflated stream (an image, a font): no page tree in it
    return max(counts, default=None)
