r"""The LaTeX report: a complete document that compiles with pdflatex.

Formulas go in as written (``amsmath``/``amssymb``); each displayed formula is
bracketed by ``\typeout`` markers so that a formula TeX refuses can be found in the log
and replaced by its fallback (:mod:`grundy.report.pdf`).  Figures are PDF files in
``figures/`` beside the ``.tex``; text is escaped, and the mathematical symbols the
report writes in text (``⊕``, ``≤``, ``φ``...) become the matching LaTeX commands.

>>> latex_text("a_b & 50% of {x} ⊕ y")
'a\\_b \\& 50\\% of \\{x\\} \\ensuremath{\\oplus} y'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import grundy.palette as palette
import grundy.report.document as doc
from grundy.report.document import plain_text
from grundy.report.markdown import FIGURE_DIR
from grundy.report.mathml import MathSyntaxError, check_latex
from grundy.report.render import FigureRenderer
from grundy.report.student_words import say
from grundy.report.writer import DocumentWriter
from grundy.verdict import Word

__all__ = ["END_LABEL", "FORMULA_MARK", "LatexReport", "latex_text", "render_latex"]

FORMULA_MARK = "[grundy formula {index}{end}]"
END_LABEL = "grundy-end-of-document"


@dataclass(frozen=True, slots=True)
class LatexReport:
    """The LaTeX source, the figure files (PDF) it includes, and its displayed formulas
    in order (``formulas[k]`` is the one between the markers numbered ``k``)."""

    text: str
    files: tuple[tuple[str, bytes], ...]
    formulas: tuple[doc.DisplayMath, ...] = ()


_ESCAPES = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "^": r"\textasciicircum{}",
    "_": r"\_",
    "%": r"\%",
    "~": r"\textasciitilde{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
}

_SYMBOLS = {
    "⊕": r"\oplus",
    "∗": r"\ast",
    "≤": r"\le",
    "≥": r"\ge",
    "≠": r"\ne",
    "→": r"\to",
    "←": r"\leftarrow",
    "⟺": r"\iff",
    "⇒": r"\Rightarrow",
    "×": r"\times",
    "⌊": r"\lfloor",
    "⌋": r"\rfloor",
    "⌈": r"\lceil",
    "⌉": r"\rceil",
    "φ": r"\varphi",
    "ϕ": r"\phi",
    "Ω": r"\Omega",
    "∈": r"\in",
    "∞": r"\infty",
    "∀": r"\forall",
    "∃": r"\exists",
    "¬": r"\neg",
    "∧": r"\wedge",
    "∨": r"\vee",
    "₀": r"_0",
    "₁": r"_1",
    "⁰": r"^0",
    "¹": r"^1",
    "²": r"^2",
    "³": r"^3",
    "⁴": r"^4",
    "⁵": r"^5",
    "⁶": r"^6",
    "⁷": r"^7",
    "⁸": r"^8",
    "⁹": r"^9",
    "𝒫": r"\mathcal{P}",
    "𝒩": r"\mathcal{N}",
    "𝒟": r"\mathcal{D}",
    "−": r"-",
    "±": r"\pm",
    # Every symbol the library's own texts use (issue 25: ⊗ printed as "?").
    "⊗": r"\otimes",
    "𝒢": r"\mathcal{G}",
    "⁻": r"^{-}",
    "⁺": r"^{+}",
    "∉": r"\notin",
    "⊆": r"\subseteq",
    "∪": r"\cup",
    "∩": r"\cap",
    "∅": r"\emptyset",
    "≡": r"\equiv",
    "≈": r"\approx",
    "∑": r"\sum",
    "⋯": r"\cdots",
    "ℕ": r"\mathbb{N}",
    "√": r"\surd",
    "α": r"\alpha",
    "β": r"\beta",
    "γ": r"\gamma",
    "δ": r"\delta",
    "ε": r"\varepsilon",
    "λ": r"\lambda",
    "π": r"\pi",
    "₂": r"_2",
    "₃": r"_3",
    "₄": r"_4",
    "ₖ": r"_k",
    "ₙ": r"_n",
    "ᵏ": r"^k",
    "ⁿ": r"^n",
    "⟹": r"\implies",
    "′": r"^{\prime}",
}

_TEXT_SYMBOLS = {
    "…": r"\ldots{}",
    "—": "---",
    "–": "--",
    "“": "``",
    "”": "''",
    "‘": "`",
    "’": "'",
    "✓": "yes",
    "✗": "no",
    "\u00a0": "~",
    "·": r"\textperiodcentered{}",
    "†": r"\dag{}",  # the summary tables' mark of a proof resting on a step on paper
}


def _mono(char: str) -> str:
    """One character of fixed-width text: a symbol set in math keeps the width of a digit,
    so columns of bits stay aligned."""
    if char == " ":
        return "\\ "
    if char == "-":
        return "-{}"  # no dash ligature: every hyphen keeps its column
    if char in _SYMBOLS:
        return "\\makebox[\\fontcharwd\\font`0][c]{" + latex_text(char) + "}"
    return latex_text(char)


def latex_text(text: str) -> str:
    """Text escaped for LaTeX; known symbols become commands, other unknown ones ``?``."""
    out: list[str] = []
    for char in text:
        if char == "-" and out and out[-1].endswith("-"):
            out.append("{}-")  # "--mutants", not an en dash
        elif char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif char in _SYMBOLS:
            out.append(r"\ensuremath{" + _SYMBOLS[char] + "}")
        elif char in _TEXT_SYMBOLS:
            out.append(_TEXT_SYMBOLS[char])
        elif ord(char) < 128 or 0xC0 <= ord(char) <= 0xFF:
            out.append(char)  # ASCII and Latin-1 letters (misère) are fine under T1/utf8
        else:
            out.append("?")
    return "".join(out)


_WORDS = frozenset(word.value for word in Word)


# Each verdict word is a colour of its own name (\badge{checked}, \verdictbox{checked}{...}).
def _colour(name: str, value: str) -> str:
    return f"\\definecolor{{{name}}}{{HTML}}{{{value.removeprefix('#').upper()}}}"


# The palette's colours (grundy.palette, checked for contrast): each word's ground and
# ink, a P-position's cell, and the sixteen steps of the value scale with their inks.
_WORD_COLOURS = "\n".join(
    [_colour(str(word), word.colour) for word in Word]
    + [_colour(f"{word}-ink", word.ink) for word in Word]
    + [_colour("ppos", palette.P_FILL), _colour("ppos-ink", palette.P_INK)]
    + [_colour(f"shade{k}", palette.shade(k)[0]) for k in range(16)]
    + [_colour(f"shade{k}-ink", palette.shade(k)[1]) for k in range(16)]
)

# For a black-and-white copier (--print bw): a badge is its word in a box, thicker for
# a refutation, and a table's cells have no fill.
_BW_MACROS = r"""
\renewcommand{\badge}[1]{{\setlength{\fboxrule}{0.8pt}\fbox{\sffamily\small\strut #1}}}
\renewcommand{\verdictbox}[2]{{\setlength{\fboxsep}{1pt}\fbox{#2}}}
"""

_PREAMBLE = r"""\documentclass[11pt,a4paper]{article}
\usepackage[utf8]{inputenc}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\usepackage[margin=2cm]{geometry}
\usepackage{amsmath,amssymb}
\usepackage{etoolbox}
\usepackage{graphicx}
\usepackage{array,longtable,booktabs}
\usepackage[table]{xcolor}
\usepackage[hidelinks]{hyperref}
\setlength{\parindent}{0pt}
\setlength{\parskip}{0.5em}
\setcounter{secnumdepth}{2}
\setcounter{tocdepth}{1}
\newcommand{\badge}[1]{\colorbox{#1}{\textcolor{#1-ink}{\sffamily\small\strut #1}}}
% A displayed claim: centred, and broken after a relation or an operator when too wide.
\newcommand{\claimformula}[1]{\par{\centering$\displaystyle #1$\par}\smallskip}
\makeatletter
% A verdict in a table: a box around the word, so that the verdicts of neighbouring rows
% stay apart however tall a row grows (a coloured cell would fill the row's whole height).
% The box is the table's row strut less half a point above and below: a row is no taller
% than with plain text, and boxes of consecutive rows keep a point of white between them.
\newcommand{\verdictbox}[2]{{\setlength{\fboxsep}{0pt}\colorbox{#1}{%
  \rule[\dimexpr0.5pt-\dp\@arstrutbox\relax]{0pt}{\dimexpr\ht\@arstrutbox+\dp\@arstrutbox-1pt\relax}%
  \,\textcolor{#1-ink}{#2}\,}}}
% The contents, often in two columns: an entry is never hyphenated, never split between
% lines that land in different columns (or pages), and set ragged (a narrow column would
% stretch the spaces of a long title that cannot be hyphenated).
\patchcmd{\l@section}{\rightskip \@pnumwidth}{\rightskip \@pnumwidth \@plus 8em}{}{}
\renewcommand\tableofcontents{\section*{\contentsname}{\setlength{\parskip}{0pt}\small
  \hyphenpenalty\@M\exhyphenpenalty\@M
  \interlinepenalty\@M\clubpenalty\@M\widowpenalty\@M
  \@starttoc{toc}}}
\makeatother
"""


def render_latex(
    document: doc.Document,
    figures: FigureRenderer | None = None,
    fallbacks: Mapping[int, int] | None = None,
    bw: bool = False,
) -> LatexReport:
    """The document as LaTeX.  ``fallbacks[k]`` says how far formula ``k`` falls back:
    0 its own LaTeX, 1 its fallback LaTeX (or plain text when it has none), 2 plain text.
    ``bw``: for a black-and-white printer (boxes and patterns, no fills).
    """
    writer = _LatexWriter(figures or FigureRenderer(bw=bw), fallbacks or {}, bw)
    text = writer.document(document)
    return LatexReport(text, tuple(writer.files), tuple(writer.formulas))


def _steady_text(content: doc.Inlines) -> str:
    """The text of a cell with measured figures at a fixed length, so that the widths of
    columns (and so the LaTeX) do not change with figures that vary between runs."""
    return "".join(
        "measured" if isinstance(piece, (doc.Timing, doc.Measured)) else plain_text((piece,))
        for piece in content
    )


def _summary_rows(table: doc.Table) -> doc.Table:
    """A handout summary without its topic column: each topic becomes a row of one cell
    above its first statement."""
    rows: list[tuple[doc.Cell, ...]] = []
    for row in table.rows:
        if plain_text(row[0].content):
            rows.append((row[0],))
        rows.append(tuple(row[1:]))
    return replace(table, header=tuple(table.header[1:]), rows=tuple(rows))


def _column_widths(table: doc.Table, total: float = 0.92, line_chars: int = 95) -> list[float]:
    """Column widths (fractions of the line): each column first gets room for its longest
    word (about ``line_chars`` characters fit on a line), then the rest of the line is
    shared in proportion to how much each column holds."""
    floors = []
    weights = []
    for index, head in enumerate(table.header):
        texts = [_steady_text(head.content)]
        texts += [_steady_text(row[index].content) for row in table.rows if index < len(row)]
        longest_word = max((len(word) for text in texts for word in text.split()), default=0)
        floors.append((min(longest_word, 18) + 2) / line_chars)  # ids break at hyphens
        weights.append(min(max(len(text) for text in texts), 70))
    if sum(floors) >= total:
        return [floor * total / sum(floors) for floor in floors]
    spare = total - sum(floors)
    return [
        floor + spare * weight / sum(weights) for floor, weight in zip(floors, weights, strict=True)
    ]


# The handout's paragraphs and headings closer together (it is printed: issue 25 asks
# for at most 20 pages for the whole library).
_HANDOUT_SPACING = r"""
\setlength{\parskip}{0.3em}
\linespread{0.95}
\usepackage{multicol}
\makeatletter
\renewcommand\section{\@startsection{section}{1}{\z@}{-2.2ex \@plus -1ex \@minus -.2ex}%
  {1.2ex \@plus .2ex}{\normalfont\Large\bfseries}}
\renewcommand\subsection{\@startsection{subsection}{2}{\z@}{-1.6ex \@plus -.5ex \@minus -.2ex}%
  {0.6ex \@plus .2ex}{\normalfont\large\bfseries}}
\makeatother
"""

_SHORT = 5  # a document of at most this many sections needs no contents


class _LatexWriter(DocumentWriter[list[str]]):
    format_name = "LaTeX"

    def __init__(
        self, figures: FigureRenderer, fallbacks: Mapping[int, int], bw: bool = False
    ) -> None:
        self.figures = figures
        self.bw = bw
        self.fallbacks = fallbacks
        self.files: list[tuple[str, bytes]] = []
        self.formulas: list[doc.DisplayMath] = []
        self.scale = 1.0

    def document(self, document: doc.Document) -> str:
        handout = document.kind == "handout"
        # The handout is printed for students: 10pt on narrower margins, smaller figures.
        self.scale = 0.6 if handout else 1.0
        preamble = _PREAMBLE
        if handout:
            preamble = preamble.replace("[11pt,a4paper]", "[10pt,a4paper]", 1)
            preamble = preamble.replace("[margin=2cm]", "[margin=1.4cm]", 1)
            preamble += _HANDOUT_SPACING
        lines = [
            preamble,
            _WORD_COLOURS,
            _BW_MACROS if self.bw else "",
            f"\\title{{{latex_text(document.title)}}}",
            f"\\author{{{latex_text(document.author)}}}",
            "\\date{" + self.inlines(document.subtitle) + "}",
            "\\begin{document}",
            "\\maketitle",
            "",
        ]
        if len(document.sections) > _SHORT:  # contents, then (in the record) a new page
            lines.append(f"\\renewcommand\\contentsname{{{latex_text(say('writer.contents'))}}}")
            if handout:  # in two columns, and the summary right after it
                lines += ["\\begin{multicols}{2}", "\\tableofcontents", "\\end{multicols}", ""]
            else:
                lines += ["\\tableofcontents", "\\clearpage", ""]
        for note in document.notes if document.kind != "handout" else ():
            label = latex_text(say("writer.note"))
            lines.append(f"\\textbf{{{label}}} {latex_text(note)}\\par")
        for section in document.sections:
            lines.extend(self.section(section, 0))
        # Written to the .aux at once when TeX gets here (a \label's write waits for its
        # page to be shipped, and the last page may hold nothing else): the PDF build
        # checks that the document was read to its end.
        lines += [
            f"\\immediate\\write\\csname @auxout\\endcsname{{\\string\\def"
            f"\\string\\grundyend{{{END_LABEL}}}}}",
            "\\end{document}",
        ]
        return "\n".join(lines) + "\n"

    def section(self, section: doc.Section, depth: int) -> list[str]:
        command = ("section", "subsection", "subsubsection", "paragraph")[min(depth, 3)]
        title = latex_text(section.title)
        badge = f" \\badge{{{section.badge}}}" if section.badge else ""
        lines = [
            "",
            # braces keep a ']' of the title inside the optional argument
            f"\\{command}[{{{title}}}]{{{title}{badge}}}\\label{{{section.anchor}}}",
            "",
        ]
        if section.kind == "theorem":
            ident = section.anchor.removeprefix("thm-")
            lines += [f"\\texttt{{{latex_text(ident)}}}\\par", ""]
        for block in section.blocks:
            lines.extend(self.block(block, depth + 1))
        return lines

    def paragraph(self, paragraph: doc.Paragraph) -> list[str]:
        content = paragraph.content
        if content and isinstance(content[0], str) and content[0].startswith("Source: "):
            return ["{\\small\\color{darkgray}" + self.inlines(content) + "\\par}", ""]
        return [self.inlines(content), ""]

    def bullet_list(self, block: doc.BulletList) -> list[str]:
        items = [f"\\item {self.inlines(item)}" for item in block.items]
        return ["\\begin{itemize}", *items, "\\end{itemize}", ""]

    def display_math(self, block: doc.DisplayMath) -> list[str]:
        index = len(self.formulas)
        self.formulas.append(block)
        candidates = []  # the formula, then its fallback: those the converter accepts
        for latex in (block.latex, block.fallback):
            try:
                check_latex(latex)
            except MathSyntaxError:
                continue
            if latex and latex not in candidates:
                candidates.append(latex)
        level = self.fallbacks.get(index, 0)
        if level < len(candidates):
            body = ["\\claimformula{" + candidates[level] + "}"]
        else:
            body = [latex_text(block.plain or block.latex) + "\\par"]
        start = FORMULA_MARK.format(index=index, end="")
        end = FORMULA_MARK.format(index=index, end=" end")
        return [f"\\typeout{{{start}}}", *body, f"\\typeout{{{end}}}", ""]

    def preformatted(self, block: doc.Preformatted) -> list[str]:
        text = block.text
        small = "\\footnotesize" if self.scale < 1 else "\\small"
        lines = ["\\begin{flushleft}" + small]
        for line in text.splitlines() or [""]:
            escaped = "".join(_mono(char) for char in line)
            lines.append(f"\\texttt{{{escaped}}}\\\\" if escaped else "\\mbox{}\\\\")
        lines += ["\\end{flushleft}", ""]
        return lines

    def answer_space(self, block: doc.AnswerSpace) -> list[str]:
        return [f"\\par\\vspace*{{{0.8 * block.lines:.1f}cm}}", ""]

    def figure(self, figure: doc.Figure) -> list[str]:
        path = f"{FIGURE_DIR}/{figure.name}.pdf"
        self.files.append((path, self.figures.pdf(figure)))
        width = min(figure.size[0], 6.2) * self.scale
        return [
            "\\begin{center}",
            f"\\includegraphics[width={width:.2f}in]{{{path}}}\\\\[0.3em]",
            f"{{\\small {latex_text(self.figures.caption(figure))}}}",
            "\\end{center}",
            "",
        ]

    def table(self, table: doc.Table) -> list[str]:
        columns = len(table.header)
        if table.kind == "grid":
            spec = "c" * columns
            size = "\\scriptsize" if columns > 12 else "\\small"
        elif table.kind == "facts":
            spec = ">{\\raggedright\\arraybackslash}p{0.22\\linewidth}" + (
                ">{\\raggedright\\arraybackslash}p{0.7\\linewidth}"
            )
            size = "\\small"
        elif table.kind == "record-summary":
            spec = "".join(
                f">{{\\raggedright\\arraybackslash}}p{{\\dimexpr{w}\\linewidth-2\\tabcolsep\\relax}}"
                for w in (0.24, 0.3, 0.1, 0.08, 0.1, 0.18)
            )
            size = "\\scriptsize\\renewcommand{\\arraystretch}{0.95}"
        elif table.kind == "summary":
            # The topic is a line of its own above its statements (see _summary_rows),
            # which leaves the width to the statement and to the scope beside its word.
            # statement, verdict, and what it covers (smaller: a domain can be long)
            spec = "".join(
                f">{{{font}\\raggedright\\arraybackslash}}"
                f"p{{\\dimexpr{w}\\linewidth-2\\tabcolsep\\relax}}"
                for font, w in (("", 0.56), ("", 0.08), ("\\tiny", 0.36))
            )
            # Mostly one line a statement: the library's summary fits three pages.
            size = "\\scriptsize\\renewcommand{\\arraystretch}{0.9}"
            table = _summary_rows(table)
            columns = len(table.header)
        else:
            # Widths are shares of the line less each column's padding, so the table fits.
            spec = "".join(
                f">{{\\raggedright\\arraybackslash}}"
                f"p{{\\dimexpr{width:.3f}\\linewidth-2\\tabcolsep\\relax}}"
                for width in _column_widths(table, total=1.0)
            )
            size = "\\small"
        if self.scale < 1 and size == "\\small":  # the printed handout: one size down
            size = "\\footnotesize"
        lines = ["{" + size, "\\setlength{\\tabcolsep}{3pt}" if table.kind == "grid" else ""]
        lines.append(f"\\begin{{longtable}}{{{spec}}}")
        if any(plain_text(cell.content) for cell in table.header):
            head = " & ".join(self.cell(cell, header=True) for cell in table.header)
            lines += ["\\toprule", head + " \\\\", "\\midrule", "\\endhead"]
        else:
            lines.append("\\toprule")
        for row in table.rows:
            if len(row) == 1:  # a heading across the table (a summary's topic)
                text = self.inlines(row[0].content)
                lines.append(f"\\multicolumn{{{columns}}}{{@{{}}l}}{{\\textbf{{{text}}}}} \\\\")
                continue
            lines.append(" & ".join(self.cell(cell, header=False) for cell in row) + " \\\\")
        lines.append("\\bottomrule")
        if table.caption:
            lines.append(
                f"\\multicolumn{{{columns}}}{{l}}{{\\footnotesize {latex_text(table.caption)}}}"
            )
        lines += ["\\end{longtable}", "}", ""]
        return [line for line in lines if line != ""] + [""]

    def cell(self, cell: doc.Cell, header: bool) -> str:
        text = self.inlines(cell.content)
        style = cell.style
        if header or style == "head":
            return f"\\textbf{{{text}}}" if text else ""
        if style in _WORDS:
            return f"\\verdictbox{{{style}}}{{{text}}}"
        if style == "p":
            if self.bw:
                return f"\\fbox{{\\textbf{{{text}}}}}"
            return f"\\cellcolor{{ppos}}\\textcolor{{ppos-ink}}{{\\textbf{{{text}}}}}"
        if style.startswith("shade-"):
            level = int(style.removeprefix("shade-"))
            if self.bw:
                return text
            return f"\\cellcolor{{shade{level}}}\\textcolor{{shade{level}-ink}}{{{text}}}"
        return text

    def text(self, text: str) -> str:
        return latex_text(text)

    def math(self, piece: doc.Math) -> str:
        try:
            check_latex(piece.latex)
        except MathSyntaxError:
            return f"\\texttt{{{latex_text(piece.latex)}}}"
        return f"${piece.latex}$"

    def code(self, piece: doc.Code) -> str:
        return f"\\texttt{{{latex_text(piece.text)}}}"

    def link(self, piece: doc.Link) -> str:
        if piece.target.startswith("#"):
            return f"\\hyperref[{piece.target[1:]}]{{{latex_text(piece.text)}}}"
        return f"\\href{{{latex_text(piece.target)}}}{{{latex_text(piece.text)}}}"

    def strong(self, piece: doc.Strong) -> str:
        return f"\\textbf{{{latex_text(piece.text)}}}"
