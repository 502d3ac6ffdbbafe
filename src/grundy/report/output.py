"""Writing reports to disk: the formats, and the whole set swapped into place at once.

Every document of a set (the handout and the record, in each format, with their
figures) is produced in memory first, then written into a fresh folder beside the
output folder, which is swapped into place in one step.  A reader (or an interrupted
run) sees the previous set or the new one, never a mixture, and no temporary file is
left behind.  The output folder belongs to the report: one that holds other files is
refused before any work.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any

from grundy.errors import GrundyError
from grundy.files import write_atomic
from grundy.report.document import Document
from grundy.report.html import render_html
from grundy.report.latex import render_latex
from grundy.report.markdown import render_markdown
from grundy.report.pdf import TexFailure, build_pdf
from grundy.report.render import FigureRenderer
from grundy.report.typst_pdf import TypstFailure, build_typst_pdf
from grundy.report.typst_writer import render_typst

__all__ = [
    "MARKER",
    "TEX_ENGINES",
    "Format",
    "PdfEngine",
    "ReportError",
    "check_out_dir",
    "find_tex_engine",
    "parse_formats",
    "render_set",
    "require_tex_engine",
    "write_atomic",
    "write_report",
    "write_report_set",
]

MARKER = ".grundy-report"  # names the files of a report set; marks the folder as ours

TEX_ENGINES = ("pdflatex", "lualatex", "xelatex")


class ReportError(GrundyError, ValueError):
    """Raised when a report cannot be written: a bad format, no TeX engine, a failed build."""


class Format(StrEnum):
    HTML = "html"
    MARKDOWN = "md"
    LATEX = "tex"
    PDF = "pdf"


class PdfEngine(StrEnum):
    """How a PDF is built: typst (in the wheel, a second or two) or TeX (installed apart)."""

    TYPST = "typst"
    TEX = "tex"


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
            "can be built with TeX; install one (e.g. apt-get install "
            "texlive-latex-recommended) or build the PDF with --pdf-engine typst"
        )
    return engine


_STEMS = ("handout", "record", "report", "worksheet", "answers", "slides")
_DOCUMENTS = {f"{stem}.{form}" for stem in _STEMS for form in Format}
_FIGURE_SUFFIXES = (".svg", ".pdf")


def _entries(folder: Path) -> list[str]:
    """Every file and folder under ``folder``, as relative paths (links not followed)."""
    found: list[str] = []
    for root, folders, files in os.walk(folder):
        base = Path(root).relative_to(folder)
        found += [(base / name).as_posix() for name in folders + files]
    return found


def _listed(folder: Path) -> set[str] | None:
    """The files the marker says grundy wrote there, with their folders; None without one."""
    marker = folder / MARKER
    if not marker.is_file():
        return None
    names = {line for line in marker.read_text(errors="replace").splitlines() if line}
    folders = {parent.as_posix() for name in names for parent in Path(name).parents}
    return names | (folders - {"."}) | {MARKER}


def _looks_written(name: str) -> bool:
    """Without a marker: the exact names a report set writes, nothing more."""
    if name in _DOCUMENTS or name == "figures":
        return True
    return name.startswith("figures/") and name.count("/") == 1 and name.endswith(_FIGURE_SUFFIXES)


def real_out_dir(out_dir: Path) -> Path:
    """The folder the report goes to: a symbolic link is followed (the link is kept, the
    folder it names is replaced), so the swap never replaces the link itself."""
    return out_dir.resolve() if out_dir.is_symlink() else out_dir


def _probe(folder: Path, out_dir: Path) -> None:
    """Make and remove a folder in ``folder``: the swap will need exactly that."""
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".grundy-probe-", dir=folder))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ReportError(f"cannot write the report folder {out_dir}: {reason}") from None


def check_out_dir(out_dir: Path) -> None:
    """Refuse an output folder that is not a report folder (before any work is done).

    A folder is accepted when it does not exist, is empty, or holds only files grundy
    wrote there: those its marker file lists, or without a marker only the names a
    report set has.  Any other file (a user's notes put beside the handout) is refused,
    since the swap would delete it.
    """
    out_dir = real_out_dir(out_dir)
    if not out_dir.exists():
        ancestor = out_dir.resolve().parent
        while not ancestor.exists():
            ancestor = ancestor.parent  # the folders above are created with it
        _probe(ancestor, out_dir)
        return
    if not out_dir.is_dir():
        raise ReportError(f"{out_dir} is not a folder; choose a folder for the report with --out")
    _probe(out_dir.resolve().parent, out_dir)
    entries = _entries(out_dir)
    listed = _listed(out_dir)
    foreign = sorted(
        name
        for name in entries
        if (name not in listed if listed is not None else not _looks_written(name))
    )
    if foreign:
        raise ReportError(
            f"{out_dir} holds files that are not a report ({', '.join(foreign[:3])}"
            + (", ..." if len(foreign) > 3 else "")
            + "); the report replaces its whole folder, so choose another with --out"
        )


def render_set(
    documents: Mapping[str, Document],
    formats: Sequence[Format],
    tex_engine: str | None = None,
    pdf_engine: PdfEngine = PdfEngine.TYPST,
    bw: bool = False,
) -> tuple[dict[str, bytes | str], list[str]]:
    """Every file of the set, by relative path, and notes (formulas that fell back);
    ``bw`` writes them for a black-and-white printer.

    Markdown brings ``figures/*.svg``, LaTeX and PDF ``figures/*.pdf``.  A PDF is built
    with typst, or with ``pdf_engine=tex`` by a TeX engine (``tex_engine``, else the first
    one found); without one that raises :class:`ReportError` before anything is rendered.
    """
    engine = tex_engine
    by_tex = Format.PDF in formats and pdf_engine is PdfEngine.TEX
    if by_tex:
        engine = engine or require_tex_engine()
    figures = FigureRenderer(bw=bw)
    files: dict[str, bytes | str] = {}
    notes: list[str] = []
    for name, document in documents.items():
        if Format.HTML in formats:
            files[f"{name}.html"] = render_html(document, figures, bw)
        if Format.MARKDOWN in formats:
            markdown = render_markdown(document, figures)
            files[f"{name}.md"] = markdown.text
            files.update(markdown.files)
        if Format.PDF in formats and not by_tex:
            typeset = render_typst(document, figures, bw)
            try:
                files[f"{name}.pdf"] = build_typst_pdf(typeset, name)
            except TypstFailure as failure:
                raise ReportError(f"{name}.pdf: {failure}") from None
            notes += [f"{name}: {text}" for text in typeset.notes]
        if Format.LATEX not in formats and not by_tex:
            continue
        latex = render_latex(document, figures, bw=bw)
        if by_tex:
            assert engine is not None

            def render(fallbacks: Mapping[int, int], document: Document = document) -> Any:
                return render_latex(document, figures, fallbacks, bw)

            try:
                built = build_pdf(render, engine, name)
            except TexFailure as failure:
                raise ReportError(f"{name}.pdf: {failure.message}") from None
            files[f"{name}.pdf"] = built.pdf
            latex = built.latex  # the .tex that compiled, with any fallbacks
            notes += [f"{name}: a formula fell back: {text}" for text in built.fell_back]
        if Format.LATEX in formats:  # the PDF holds its figures; the .tex needs the files
            files[f"{name}.tex"] = latex.text
            files.update(latex.files)
    return files, notes


def write_report_set(
    documents: Mapping[str, Document],
    out_dir: Path,
    formats: Sequence[Format],
    tex_engine: str | None = None,
    pdf_engine: PdfEngine = PdfEngine.TYPST,
    bw: bool = False,
    extra: Mapping[str, bytes | str] | None = None,
) -> tuple[list[Path], list[str]]:
    """Write every document in every format as one set into ``out_dir``, swapped into
    place at once; the files written and the notes of the build.  ``extra`` files (the
    slides) join the set as they are."""
    out_dir = real_out_dir(out_dir)
    check_out_dir(out_dir)
    files, notes = render_set(documents, formats, tex_engine, pdf_engine, bw)
    files.update(extra or {})
    check_out_dir(out_dir)  # again: a file may have been put there while rendering
    try:
        swap_in(out_dir, files)
    except OSError as exc:
        raise ReportError(f"cannot write the report folder {out_dir}: {exc}") from None
    return [out_dir / name for name in files], notes


def write_report(
    document: Document,
    out_dir: Path,
    formats: Sequence[Format],
    basename: str = "report",
    tex_engine: str | None = None,
    pdf_engine: PdfEngine = PdfEngine.TYPST,
) -> list[Path]:
    """One document as a set of its own (see :func:`write_report_set`)."""
    written, _ = write_report_set({basename: document}, out_dir, formats, tex_engine, pdf_engine)
    return written


def _folder_mode(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o777 & ~umask


def swap_in(out_dir: Path, files: Mapping[str, bytes | str]) -> None:
    """Write ``files`` into a new folder beside ``out_dir`` and swap it into place.

    Where the system can exchange two folders in one step (Linux), it does; elsewhere
    the old folder is renamed aside first and restored if the second rename fails.
    Either way nothing of the new set is visible until all of it is written.
    """
    parent = out_dir.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.new-", dir=parent))
    try:
        mode = _folder_mode(out_dir)
        for name, data in sorted(files.items()):
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            payload = data.encode("utf-8") if isinstance(data, str) else data
            path.write_bytes(payload)
            os.chmod(path, 0o666 & mode)
            if path.parent != staging:
                os.chmod(path.parent, mode)
        (staging / MARKER).write_text("".join(f"{name}\n" for name in sorted(files)))
        os.chmod(staging / MARKER, 0o666 & mode)
        os.chmod(staging, mode)
        target = parent / out_dir.name
        if not target.exists():
            os.rename(staging, target)
            return
        if _exchange(staging, target):
            shutil.rmtree(staging, ignore_errors=True)  # now the previous set
            return
        old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old-", dir=parent))
        os.rmdir(old)
        os.rename(target, old)
        try:
            os.rename(staging, target)
        except BaseException:
            os.rename(old, target)
            raise
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(first: Path, second: Path) -> bool:
    """Swap two folders in one step (Linux ``renameat2``); False where that is not possible."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p]
    renameat2.argtypes.append(ctypes.c_uint)
    result = renameat2(
        _AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE
    )
    return bool(result == 0)
