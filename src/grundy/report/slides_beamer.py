r"""The slide deck as a Beamer (LaTeX) document, and its PDF.

Frames are 16:9 and set in 14pt (text 5mm tall on a 16cm slide: 39px at 1280x720).  The
pieces inside a slide are written by the LaTeX report's writer (the same escaping,
formulas with their fallbacks, verdict colours from the palette); frames, the title
slide and badges are this module's.  The PDF is built like the handout's
(:func:`grundy.report.pdf.build_pdf`): a formula TeX refuses falls back alone.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Mapping

import grundy.report.document as doc
from grundy.report.deck import Deck, Slide
from grundy.report.latex import (
    _BW_MACROS,
    _WORD_COLOURS,
    END_LABEL,
    LatexReport,
    _LatexWriter,
    latex_text,
)
from grundy.report.markdown import FIGURE_DIR
from grundy.report.pdf import TexFailure, build_pdf
from grundy.report.render import FigureRenderer

__all__ = ["beamer_installed", "build_deck_pdf", "render_deck_beamer"]

_PREAMBLE = r"""\documentclass[14pt,aspectratio=169]{beamer}
\usepackage[utf8]{inputenc}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\usepackage{amsmath,amssymb}
\usepackage{graphicx}
\usepackage{colortbl}
\usepackage{array}
\setbeamertemplate{navigation symbols}{}
\setbeamertemplate{footline}{\hfill\usebeamerfont{footline}\scriptsize
  \insertframenumber\,/\,\inserttotalframenumber\hspace*{2mm}\vspace*{1.5mm}}
\setbeamerfont{frametitle}{size=\Large,series=\bfseries}
\setbeamercolor{frametitle}{fg=black}
\setbeamercolor{title}{fg=black}
\setbeamercolor{normal text}{fg=black}
\newcommand{\badge}[1]{\colorbox{#1}{\textcolor{#1-ink}{\sffamily\footnotesize\bfseries
  \MakeUppercase{#1}}}}
\newcommand{\verdictbox}[2]{\colorbox{#1}{\textcolor{#1-ink}{#2}}}
% A statement on a slide: centred and large (a long one is scaled to the frame's width).
\newcommand{\claimformula}[1]{\par\smallskip{\centering\Large
  \sbox0{$\displaystyle #1$}\ifdim\wd0>\linewidth\resizebox{\linewidth}{!}{\usebox0}%
  \else\usebox0\fi\par}\smallskip}
"""

_BW_SLIDE_MACROS = r"""
\renewcommand{\badge}[1]{{\setlength{\fboxrule}{1pt}\fbox{\sffamily\footnotesize\bfseries
  \MakeUppercase{#1}}}}
"""


def beamer_installed() -> bool:
    """Whether TeX can find Beamer and the pgf it is built on (TeX Live has them in two
    packages, and a basic install has neither)."""
    kpsewhich = shutil.which("kpsewhich")
    if kpsewhich is None:
        return False
    try:
        found = subprocess.run(
            [kpsewhich, "beamer.cls", "pgfcore.sty"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return len(found.stdout.split()) == 2


def render_deck_beamer(
    deck: Deck,
    figures: FigureRenderer | None = None,
    fallbacks: Mapping[int, int] | None = None,
    bw: bool = False,
) -> LatexReport:
    """The deck as a Beamer document; ``fallbacks`` as for
    :func:`grundy.report.latex.render_latex`."""
    writer = _BeamerWriter(figures or FigureRenderer(bw=bw), fallbacks or {}, bw)
    text = writer.deck(deck)
    return LatexReport(text, tuple(writer.files), tuple(writer.formulas))


def build_deck_pdf(
    deck: Deck, figures: FigureRenderer, engine: str, bw: bool = False
) -> tuple[bytes, tuple[str, ...]]:
    """The deck's PDF and the formulas that fell back; a :class:`ReportError` when TeX
    fails."""
    from grundy.report.output import ReportError

    def render(fallbacks: Mapping[int, int]) -> LatexReport:
        return render_deck_beamer(deck, figures, fallbacks, bw)

    try:
        built = build_pdf(render, engine, "slides")
    except TexFailure as failure:
        raise ReportError(f"slides.pdf: {failure.message}") from None
    return built.pdf, built.fell_back


class _BeamerWriter(_LatexWriter):
    format_name = "Beamer slides"
    figure_height = 0.62  # of the frame's text height

    def deck(self, deck: Deck) -> str:
        lines = [
            _PREAMBLE,
            _WORD_COLOURS,
            _BW_MACROS.replace(r"\small", r"\footnotesize") if self.bw else "",
            _BW_SLIDE_MACROS if self.bw else "",
            f"\\title{{{latex_text(deck.title)}}}",
            f"\\author{{{latex_text(deck.author)}}}",
            f"\\date{{{latex_text(deck.byline)}}}",
            "\\begin{document}",
            "\\begin{frame}[plain]",
            "\\titlepage",
            "\\end{frame}",
            "",
        ]
        for slide in deck.slides:
            lines.extend(self.slide(slide))
        lines += [
            f"\\immediate\\write\\csname @auxout\\endcsname{{\\string\\def"
            f"\\string\\grundyend{{{END_LABEL}}}}}",
            "\\end{document}",
        ]
        return "\n".join(lines) + "\n"

    def slide(self, slide: Slide) -> list[str]:
        badge = f"\\hfill\\badge{{{slide.badge}}}" if slide.badge else ""
        lines = [
            "\\begin{frame}[c]",
            f"\\frametitle{{{latex_text(slide.title)}{badge}}}",
        ]
        # A picture alone takes most of the frame; beside words (a counterexample and why
        # it fails), a third of it, and the words one size down (12pt: still 34px at 1280).
        self.figure_height = 0.62 if slide.kind == "picture" else 0.3
        if slide.kind == "reveal":
            lines.append("\\small")
        for block in slide.blocks:
            lines.extend(self.block(block, 1))
        lines += ["\\end{frame}", ""]
        return lines

    def section(self, section: doc.Section, depth: int) -> list[str]:
        """A short claim on a slide of several: its title and badge, then its formula."""
        badge = f" \\badge{{{section.badge}}}" if section.badge else ""
        lines = [f"\\textbf{{{latex_text(section.title)}}}{badge}\\par", ""]
        for block in section.blocks:
            lines.extend(self.block(block, depth + 1))
        return lines

    def figure(self, figure: doc.Figure) -> list[str]:
        path = f"{FIGURE_DIR}/{figure.name}.pdf"
        self.files.append((path, self.figures.pdf(figure)))
        return [
            "\\begin{center}",
            f"\\includegraphics[width=\\linewidth,height={self.figure_height}\\textheight,"
            "keepaspectratio]"
            f"{{{path}}}\\\\[0.2em]",
            f"{{\\footnotesize {latex_text(self.figures.caption(figure))}}}",
            "\\end{center}",
            "",
        ]

    def table(self, table: doc.Table) -> list[str]:
        """A grid of numbers in a plain tabular (Beamer has no room for long tables)."""
        columns = len(table.header)
        lines = ["\\begin{center}\\scriptsize", f"\\begin{{tabular}}{{{'c' * columns}}}"]
        head = " & ".join(self.cell(cell, header=True) for cell in table.header)
        lines.append(head + " \\\\ \\hline")
        for row in table.rows:
            lines.append(" & ".join(self.cell(cell, header=False) for cell in row) + " \\\\")
        lines += ["\\end{tabular}", "\\end{center}", ""]
        return lines
