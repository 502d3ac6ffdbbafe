"""Building a PDF from a LaTeX document: safely, until its references settle.

TeX runs in a scratch folder with shell escape off and file access restricted
(``openin_any=p``, ``openout_any=p``: nothing outside that folder can be read into the
document or written).  It is run again until the auxiliary files (.aux, .toc, .out)
stop changing, so the contents and links carry the right page numbers.  When TeX
refuses a displayed formula, the markers around it in the log (see
:mod:`grundy.report.latex`) name it: that formula alone falls back (to the claim's
expression typeset, then to plain text) and the build starts again.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from grundy.report.latex import END_LABEL, LatexReport

__all__ = ["PdfBuild", "TexFailure", "build_pdf"]

MAX_PASSES = 5
_MARK = re.compile(r"\[grundy formula (\d+)( end)?\]")
_AUX = (".aux", ".toc", ".out")


class TexFailure(Exception):
    """TeX stopped; ``formula`` is the displayed formula it was in, if any."""

    def __init__(self, message: str, formula: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.formula = formula


@dataclass(frozen=True, slots=True)
class PdfBuild:
    """The PDF, the LaTeX it was built from, its passes, and the formulas that fell back."""

    pdf: bytes
    latex: LatexReport
    passes: int
    fell_back: tuple[str, ...]


def _environment() -> dict[str, str]:
    environment = dict(os.environ)
    environment.update(
        openin_any="p",  # read nothing outside the scratch folder (and no dot files)
        openout_any="p",
        shell_escape="f",
        SOURCE_DATE_EPOCH="0",  # reproducible dates and ids inside the PDF
        FORCE_SOURCE_DATE="1",
    )
    return environment


def _aux_state(folder: Path, stem: str) -> tuple[bytes, ...]:
    state = []
    for suffix in _AUX:
        path = folder / f"{stem}{suffix}"
        state.append(path.read_bytes() if path.exists() else b"")
    return tuple(state)


def _first_error(log: str) -> str:
    lines = log.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("!"):
            return " ".join(part.strip() for part in lines[index : index + 3])[:300]
    return (lines[-1] if lines else "no output")[:300]


def _culprit(log: str) -> int | None:
    """The formula TeX was inside when it stopped: its start marker is the last one."""
    marks = _MARK.findall(log)
    if not marks:
        return None
    index, end = marks[-1]
    return None if end else int(index)


def _run_tex(engine: str, folder: Path, stem: str, timeout: float) -> int:
    """Run TeX until the auxiliary files settle; the number of passes."""
    command = [
        engine,
        "-no-shell-escape",
        "-interaction=nonstopmode",
        "-halt-on-error",
        f"{stem}.tex",
    ]
    previous = _aux_state(folder, stem)
    for passes in range(1, MAX_PASSES + 1):
        try:
            completed = subprocess.run(
                command,
                cwd=folder,
                capture_output=True,
                text=True,
                errors="replace",
                timeout=timeout,
                check=False,
                env=_environment(),
                stdin=subprocess.DEVNULL,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise TexFailure(f"could not run {Path(engine).name}: {exc}", None) from None
        log_path = folder / f"{stem}.log"
        log = log_path.read_text(errors="replace") if log_path.exists() else completed.stdout
        if completed.returncode != 0:
            raise TexFailure(f"{Path(engine).name} failed: {_first_error(log)}", _culprit(log))
        if END_LABEL not in (folder / f"{stem}.aux").read_text(errors="replace"):
            raise TexFailure("the document ended early", _culprit(log))
        state = _aux_state(folder, stem)
        if passes >= 2 and state == previous:
            return passes
        previous = state
    return MAX_PASSES


def build_pdf(
    render: Callable[[Mapping[int, int]], LatexReport],
    engine: str,
    stem: str = "document",
    timeout: float = 300.0,
) -> PdfBuild:
    """Compile ``render(fallbacks)`` with ``engine``; a refused formula falls back.

    ``render`` is called again with ``fallbacks[k]`` raised for each formula TeX refused.
    Raises :class:`TexFailure` when TeX fails outside any formula, or cannot be run.
    """
    fallbacks: dict[int, int] = {}
    fell_back: list[str] = []
    while True:
        latex = render(fallbacks)
        with tempfile.TemporaryDirectory(prefix="grundy-tex-") as scratch:
            folder = Path(scratch)
            (folder / f"{stem}.tex").write_text(latex.text, encoding="utf-8")
            for name, data in latex.files:
                (folder / name).parent.mkdir(parents=True, exist_ok=True)
                (folder / name).write_bytes(data)
            try:
                passes = _run_tex(engine, folder, stem, timeout)
            except TexFailure as failure:
                index = failure.formula
                if index is None or fallbacks.get(index, 0) >= 2:
                    raise
                fallbacks[index] = fallbacks.get(index, 0) + 1
                formula = latex.formulas[index]
                fell_back.append(f"{formula.plain or formula.latex!r}: {failure.message}")
                continue
            pdf = (folder / f"{stem}.pdf").read_bytes()
        return PdfBuild(pdf, latex, passes, tuple(fell_back))
