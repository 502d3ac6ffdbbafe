"""Writing a report to disk: the formats, atomic file replacement, and the PDF build.

Every document is produced in memory first and each file is then written to a
temporary file in the same folder and moved over the old one with :func:`os.replace`,
so an interrupted run leaves the previous report intact (never half a file).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from enum import StrEnum
from pathlib import Path

from grundy.errors import GrundyError
from grundy.report.document import Document
from grundy.report.html import render_html
from grundy.report.latex import render_latex
from grundy.report.markdown import render_markdown
from grundy.report.render import FigureRenderer

__all__ = [
    "TEX_ENGINES",
    "Format",
    "ReportError",
    "find_tex_engine",
    "parse_formats",
    "require_tex_engine",
    "write_atomic",
    "write_report",
]

TEX_ENGINES = ("pdflatex", "lualatex", "xelatex")


class ReportError(GrundyError, ValueError):
    """Raised when a report cannot be written: a bad format, no TeX engine, a failed build."""


class Format(StrEnum):
    HTML = "html"
    MARKDOWN = "md"
    LATEX = "tex"
    PDF = "pdf"


def parse_formats(text: str) -> tuple[Format, ...]:
    """Formats written ``html,md,tex,pdf`` (any order, no repeats kept).

    >>> parse_formats("md, html")
    (<Format.MARKDOWN: 'md'>, <Format.HTML: 'html'>)
    """
    formats: list[Format] = []
    for word in text.split(","):
        word = word.strip().lower()
        if not word:
            continue
        aliases = {"markdown": "md", "latex": "tex", "htm": "html"}
        try:
            chosen = Format(aliases.get(word, word))
        except ValueError:
            known = ",".join(f.value for f in Format)
            raise ReportError(f"unknown report format {word!r} (choose from {known})") from None
        if chosen not in formats:
            formats.append(chosen)
    if not formats:
        raise ReportError(f"no report format given in {text!r}")
    return tuple(formats)


def find_tex_engine() -> str | None:
    """The first TeX engine on the PATH (pdflatex, then lualatex, then xelatex), if any."""
    for engine in TEX_ENGINES:
        path = shutil.which(engine)
        if path:
            return path
    return None


def require_tex_engine() -> str:
    """The TeX engine to build PDFs with; a clear :class:`ReportError` when there is none."""
    engine = find_tex_engine()
    if engine is None:
        raise ReportError(
            "no TeX engine found (looked for " + ", ".join(TEX_ENGINES) + "), so no PDF "
            "can be built; install one (e.g. apt-get install texlive-latex-recommended) "
            "or choose other formats with --format html,md,tex"
        )
    return engine


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder.

    Readers see the old file or the new one, never a mixture; if writing fails (or is
    interrupted) the temporary file is removed and the old file is untouched.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed before the rename
        dir=path.parent, prefix=f".{path.name}.", suffix=".tmp", delete=False
    )
    temporary = Path(handle.name)
    try:
        with handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, _file_mode(path))
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _file_mode(path: Path) -> int:
    """The mode the replaced file had, or what a newly created file would get."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_report(
    document: Document,
    out_dir: Path,
    formats: Sequence[Format],
    basename: str = "report",
    engine: str | None = None,
) -> list[Path]:
    """Write the document in each format into ``out_dir``; return the files written.

    Markdown brings ``figures/*.svg``, LaTeX and PDF ``figures/*.pdf``.  PDF needs a TeX
    engine (``engine``, else the first one found); without one it raises
    :class:`ReportError` before anything is written.
    """
    if Format.PDF in formats:
        engine = engine or require_tex_engine()
    figures = FigureRenderer()
    pending: list[tuple[Path, bytes | str]] = []
    if Format.HTML in formats:
        pending.append((out_dir / f"{basename}.html", render_html(document, figures)))
    if Format.MARKDOWN in formats:
        markdown = render_markdown(document, figures)
        pending.append((out_dir / f"{basename}.md", markdown.text))
        pending.extend((out_dir / name, data) for name, data in markdown.files)
    pdf: bytes | None = None
    if Format.LATEX in formats or Format.PDF in formats:
        latex = render_latex(document, figures)
        if Format.LATEX in formats:
            pending.append((out_dir / f"{basename}.tex", latex.text))
            pending.extend((out_dir / name, data) for name, data in latex.files)
        if Format.PDF in formats:
            assert engine is not None
            pdf = compile_pdf(latex.text, latex.files, engine)
            pending.append((out_dir / f"{basename}.pdf", pdf))
    written = []
    for path, data in _unique(pending):
        write_atomic(path, data)
        written.append(path)
    return written


def _unique(pending: Iterable[tuple[Path, bytes | str]]) -> list[tuple[Path, bytes | str]]:
    seen: dict[Path, bytes | str] = {}
    for path, data in pending:
        seen.setdefault(path, data)
    return list(seen.items())


def compile_pdf(source: str, files: Iterable[tuple[str, bytes]], engine: str) -> bytes:
    """Compile LaTeX ``source`` (with its figure files) in a scratch folder; the PDF bytes."""
    with tempfile.TemporaryDirectory(prefix="grundy-report-") as scratch:
        folder = Path(scratch)
        (folder / "report.tex").write_text(source, encoding="utf-8")
        for name, data in files:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
        command = [engine, "-interaction=nonstopmode", "-halt-on-error", "report.tex"]
        environment = dict(os.environ, SOURCE_DATE_EPOCH="0", FORCE_SOURCE_DATE="1")
        for _ in range(2):  # the second run resolves the table of contents and links
            try:
                completed = subprocess.run(
                    command,
                    cwd=folder,
                    capture_output=True,
                    text=True,
                    errors="replace",
                    timeout=300,
                    check=False,
                    env=environment,
                )
            except (OSError, subprocess.TimeoutExpired) as exc:
                raise ReportError(f"could not run {engine}: {exc}") from None
            if completed.returncode != 0:
                raise ReportError(f"{Path(engine).name} failed: {_first_error(completed.stdout)}")
        return (folder / "report.pdf").read_bytes()


def _first_error(log: str) -> str:
    lines = log.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("!"):
            context = " ".join(part.strip() for part in lines[index : index + 3])
            return context[:300]
    return (lines[-1] if lines else "no output")[:300]
