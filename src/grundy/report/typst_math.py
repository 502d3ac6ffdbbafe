r"""Formulas for the typst report: the report's LaTeX subset translated into typst math.

Every formula the report shows is LaTeX: the project's own (written by
:mod:`grundy.report.expression` and :mod:`grundy.report.statements`) or a claim's
``latex`` field, which :mod:`grundy.claims.latex_policy` keeps to an allow-listed subset.
That subset is small enough to translate piece by piece: a command outside it raises
:class:`TypstMathError` naming it, and the writer then shows the formula's fallback (the
claim's expression typeset) or its text, as the LaTeX writer does when TeX refuses one.

Typst reads math differently from TeX in ways that matter here, so the translation is
strict about them: a run of letters is one name in typst (``ab`` is a variable called
"ab"), so every letter is a piece of its own; brackets group and grow in typst, so a
bracket written in the formula is escaped (it stays a plain character, as in TeX) and
only ``\left``/``\right`` become a growing pair; a ``,`` or ``;`` would separate the
arguments of a typst function, so each is escaped; ``/`` would make a fraction.

>>> latex_to_typst(r"\mathcal{G}(a, b) = a \oplus b")
'cal(G) \\( a \\, b \\) = a ⊕ b'
>>> latex_to_typst(r"\left\lfloor \frac{n}{2} \right\rfloor \text{ for all } n")
'lr(⌊ frac(n, 2) ⌋) "for all" n'
>>> latex_to_typst(r"\input{x}")
Traceback (most recent call last):
...
grundy.report.typst_math.TypstMathError: no typst for the LaTeX '\\input' in '\\input{x}'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from grundy.report.mathml import MathSyntaxError

__all__ = ["TypstMathError", "latex_to_typst", "typst_string"]


class TypstMathError(MathSyntaxError):
    """Raised when a formula holds LaTeX the translation does not know."""


_GREEK_NAMES = (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa "
    "lambda mu nu xi pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi "
    "psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega"
)
_GREEK = dict(zip(_GREEK_NAMES.split(), "αβγδϵεζηθϑικλμνξπϖρϱσςτυϕφχψωΓΔΘΛΞΠΣΥΦΨΩ", strict=True))

# Commands that are one symbol.  Characters rather than typst's names where the two
# agree, so that the translation does not depend on typst's naming of variants.
_SYMBOLS = {
    **_GREEK,
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "ne": "≠",
    "neq": "≠",
    "lt": "<",
    "gt": ">",
    "equiv": "≡",
    "approx": "≈",
    "sim": "∼",
    "cong": "≅",
    "prec": "≺",
    "succ": "≻",
    "ll": "≪",
    "gg": "≫",
    "mid": "∣",
    "nmid": "∤",
    "parallel": "∥",
    "perp": "⟂",
    "in": "∈",
    "notin": "∉",
    "ni": "∋",
    "subset": "⊂",
    "subseteq": "⊆",
    "supset": "⊃",
    "supseteq": "⊇",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "leftrightarrow": "↔",
    "Rightarrow": "⇒",
    "Leftarrow": "⇐",
    "Leftrightarrow": "⇔",
    "Longrightarrow": "⟹",
    "Longleftrightarrow": "⟺",
    "mapsto": "↦",
    # TeX sets these three with a thick space on each side
    "implies": "thick ⟹ thick",
    "impliedby": "thick ⟸ thick",
    "iff": "thick ⟺ thick",
    "forall": "∀",
    "exists": "∃",
    "nexists": "∄",
    "neg": "¬",
    "lnot": "¬",
    "land": "∧",
    "lor": "∨",
    "wedge": "∧",
    "vee": "∨",
    "oplus": "⊕",
    "ominus": "⊖",
    "otimes": "⊗",
    "bigoplus": "⨁",
    "sum": "∑",
    "prod": "∏",
    "cup": "∪",
    "cap": "∩",
    "bigcup": "⋃",
    "bigcap": "⋂",
    "setminus": "∖",
    "times": "×",
    "cdot": "dot.op",
    "pm": "±",
    "ast": "∗",
    "star": "⋆",
    "circ": "∘",
    "bmod": "mod",
    "mod": "quad mod thick",
    "lfloor": "⌊",
    "rfloor": "⌋",
    "lceil": "⌈",
    "rceil": "⌉",
    "langle": "⟨",
    "rangle": "⟩",
    "lvert": "|",
    "rvert": "|",
    "vert": "|",
    "Vert": "‖",
    "colon": "colon",
    "cdots": "⋯",
    "ldots": "…",
    "dots": "…",
    "vdots": "⋮",
    "ddots": "⋱",
    "quad": "quad",
    "qquad": "wide",
    "emptyset": "∅",
    "varnothing": "∅",
    "infty": "∞",
    "prime": "′",
    "max": "max",
    "min": "min",
    "sup": "sup",
    "inf": "inf",
    "gcd": "gcd",
    "lim": "lim",
    "log": "log",
    "exp": "exp",
}

# Commands that wrap their arguments in a typst function ("{}" is an argument).
_WRAPPERS = {
    "mathcal": "cal({})",
    "mathbb": "bb({})",
    "mathrm": "upright({})",
    "mathbf": "upright(bold({}))",
    "mathit": "italic({})",
    "mathsf": "sans({})",
    "mathtt": "mono({})",
    "mathbin": 'class("binary", {})',
    "mathrel": 'class("relation", {})',
    "sqrt": "sqrt({})",
    "overline": "overline({})",
    "underline": "underline({})",
    "hat": "hat({})",
    "bar": "macron({})",
    "tilde": "tilde({})",
    "vec": "arrow({})",
    "frac": "frac({}, {})",
    "dfrac": "display(frac({}, {}))",
    "tfrac": "inline(frac({}, {}))",
    "binom": "binom({}, {})",
}

_TEXTS = {"text": "", "textrm": "", "mbox": "", "textit": "italic", "textbf": "bold"}
_SIZES = frozenset({"big", "Big", "bigl", "bigr", "Bigl", "Bigr"})

_SPACES = {",": "thin", ":": "med", ";": "thick", " ": "space", "!": "#h(-0.1667em)"}
_ESCAPED = {
    "{": "\\{",
    "}": "\\}",
    "|": "‖",
    "%": "\\%",
    "_": "\\_",
    "&": "\\&",
    "#": "\\#",
    "$": "\\$",
}

# Characters typst reads as syntax in math; written escaped they are plain signs.
_SYNTAX = frozenset('()[]{},;/\\"@`#$_^&%')
_PLAIN = {"*": "∗", "~": "space.nobreak", "'": "′"}

_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\d+(?:\.\d+)?|\s+|.", re.DOTALL)

_ENVIRONMENTS = frozenset(
    {"cases", "matrix", "pmatrix", "bmatrix", "vmatrix", "aligned", "gathered", "split", "array"}
)
_MATRIX_DELIMITERS = {"matrix": "#none", "pmatrix": '"("', "bmatrix": '"["', "vmatrix": '"|"'}


def typst_string(text: str) -> str:
    """A typst string literal holding ``text`` exactly.

    >>> print(typst_string('say "hi" \\\\o/'))
    "say \\"hi\\" \\\\o/"
    """
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = escaped.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return f'"{escaped}"'


@dataclass
class _Reader:
    latex: str
    tokens: list[str]
    index: int = 0

    def fail(self, piece: str) -> TypstMathError:
        return TypstMathError(f"no typst for the LaTeX {piece!r} in {self.latex!r}")

    def peek(self) -> str | None:
        while self.index < len(self.tokens) and self.tokens[self.index].isspace():
            self.index += 1
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise TypstMathError(f"the formula {self.latex!r} ends too early")
        self.index += 1
        return token

    def raw_group(self) -> str:
        """The text of the next ``{...}`` as written (for ``\\text`` and its kin)."""
        if self.take() != "{":
            raise TypstMathError(f"a '{{' is missing in {self.latex!r}")
        depth = 1
        pieces: list[str] = []
        while self.index < len(self.tokens):
            token = self.tokens[self.index]
            self.index += 1
            if token == "{":
                depth += 1
            elif token == "}":
                depth -= 1
                if depth == 0:
                    return "".join(pieces)
            pieces.append(token)
        raise TypstMathError(f"an unmatched '{{' in {self.latex!r}")

    # -- a sequence of pieces, up to a closing token -------------------------------------

    def sequence(self, stops: frozenset[str] = frozenset()) -> list[str]:
        pieces: list[str] = []
        while True:
            token = self.peek()
            if token is None or token in stops:
                return pieces
            if token in ("^", "_"):
                self.index += 1
                base = pieces.pop() if pieces else '""'
                pieces.append(f"{base}{token}({self.argument()})")
            elif token == "'":
                self.index += 1
                base = pieces.pop() if pieces else '""'
                pieces.append(f"{base}'")
            elif token == "}":
                raise TypstMathError(f"an unmatched '}}' in {self.latex!r}")
            else:
                pieces.append(self.atom())

    def argument(self) -> str:
        """One argument of a command or a script: a group, or a single piece."""
        token = self.peek()
        if token == "{":
            self.index += 1
            inner = self.sequence(frozenset({"}"}))
            if self.peek() != "}":
                raise TypstMathError(f"an unmatched '{{' in {self.latex!r}")
            self.index += 1
            return " ".join(inner) or '""'
        return self.atom()

    def atom(self) -> str:
        token = self.take()
        if token == "{":  # a bare group: TeX shows nothing of its braces
            self.index -= 1
            return self.argument()
        if token.startswith("\\") and len(token) > 1 and token[1:].isalpha():
            return self.command(token[1:])
        if token.startswith("\\"):
            return self.control_symbol(token[1:])
        if token == "&":
            return "&"
        return _char(token)

    def control_symbol(self, char: str) -> str:
        if char in _SPACES:
            return _SPACES[char]
        if char in _ESCAPED:
            return _ESCAPED[char]
        if char == "\\":
            return "\\ "  # a line break (inside an environment, a row's end)
        raise self.fail("\\" + char)

    def command(self, name: str) -> str:
        if name in _SYMBOLS:
            return _SYMBOLS[name]
        if name in _WRAPPERS:
            template = _WRAPPERS[name]
            return template.format(*(self.argument() for _ in range(template.count("{}"))))
        if name in _TEXTS:
            # typst puts a word's space around a text itself: the text's own outer spaces
            # would double it
            words = _text(self.raw_group(), self).strip()
            literal = typst_string(words) if words else "space"
            style = _TEXTS[name]
            return f"{style}({literal})" if style else literal
        if name == "operatorname":
            return f"op({typst_string(_text(self.raw_group(), self))})"
        if name == "pmod":
            return f"quad \\( mod thick {self.argument()} \\)"
        if name == "left":
            return self.fence()
        if name in ("right", "middle"):
            raise self.fail(f"\\{name} without \\left")
        if name in _SIZES:
            return self.delimiter(self.take())  # typst sizes brackets itself
        if name == "not":
            return _negated(self.atom())
        if name == "begin":
            return self.environment()
        raise self.fail("\\" + name)

    def delimiter(self, token: str) -> str:
        """A bracket after ``\\left``, ``\\right`` or ``\\big``; ``.`` is none."""
        if token == ".":
            return ""
        if token.startswith("\\") and token[1:].isalpha():
            if token[1:] in _SYMBOLS:
                return _SYMBOLS[token[1:]]
            raise self.fail(token)
        if token.startswith("\\"):
            return self.control_symbol(token[1:])
        return _char(token)

    def fence(self) -> str:
        """``\\left( ... \\right)``: a pair of brackets that grow with what they hold."""
        opening = self.delimiter(self.take())
        inner: list[str] = []
        while True:
            inner += self.sequence(frozenset({"\\right", "\\middle"}))
            token = self.take() if self.peek() is not None else None
            if token is None:
                raise TypstMathError(f"\\left without \\right in {self.latex!r}")
            delimiter = self.delimiter(self.take())
            if token == "\\right":
                closing = delimiter
                break
            inner.append(f"mid({delimiter})" if delimiter else "")
        body = " ".join(piece for piece in (opening, *inner, closing) if piece)
        return f"lr({body})"

    def environment(self) -> str:
        name = self.raw_group()
        if name not in _ENVIRONMENTS:
            raise self.fail(f"\\begin{{{name}}}")
        if name == "array":
            self.raw_group()  # the column spec: typst sizes columns itself
        rows: list[list[list[str]]] = [[[]]]
        while True:
            token = self.peek()
            if token is None:
                raise TypstMathError(f"\\begin{{{name}}} without its \\end in {self.latex!r}")
            if token == "\\end":
                self.index += 1
                if self.raw_group() != name:
                    raise TypstMathError(f"\\end does not close {name} in {self.latex!r}")
                break
            if token == "\\\\":
                self.index += 1
                rows.append([[]])
            elif token == "&":
                self.index += 1
                rows[-1].append([])
            else:
                rows[-1][-1] += self.sequence(frozenset({"\\end", "\\\\", "&"}))
        if rows[-1] == [[]] and len(rows) > 1:
            rows.pop()  # a last \\ before \end ends no row
        cells = [[" ".join(cell) for cell in row] for row in rows]
        if name == "cases":
            return "cases(" + ", ".join(" & ".join(row) for row in cells) + ")"
        if name in _MATRIX_DELIMITERS or (name == "array" and max(map(len, cells)) > 1):
            delim = _MATRIX_DELIMITERS.get(name, "#none")
            body = "; ".join(", ".join(row) for row in cells)
            return f"mat(delim: {delim}, {body})"
        # aligned, gathered, split and a one-column array: lines, aligned at each &
        return " \\ ".join(" & ".join(row) for row in cells)


def _char(token: str) -> str:
    if token.isalpha():
        return " ".join(token)  # each letter is a variable of its own
    if token[0].isdigit():
        return token
    if token in _PLAIN:
        return _PLAIN[token]
    if token in _SYNTAX:
        return "\\" + token
    if token in "+-=<>!?.:|":
        return token
    raise TypstMathError(f"no typst for the character {token!r}")


_NEGATED = {"=": "≠", "∈": "∉", "≤": "≰", "≥": "≱", "⊂": "⊄", "⊆": "⊈", "∣": "∤", "≡": "≢"}


def _negated(piece: str) -> str:
    if piece in _NEGATED:
        return _NEGATED[piece]
    if len(piece) == 1:
        return piece + "\u0338"  # a combining long solidus through the sign
    raise TypstMathError(f"no typst for \\not before {piece!r}")


def _text(raw: str, reader: _Reader) -> str:
    r"""The words inside ``\text{...}``: escapes undone, ``~`` a no-break space."""
    out = []
    for token in _TOKEN.findall(raw):
        if token == "~":
            out.append("\u00a0")
        elif token in ("{", "}"):
            continue
        elif token.startswith("\\") and len(token) == 2 and token[1] in "{}%_&# ,;:":
            out.append(" " if token[1] in " ,;:" else token[1])
        elif token.startswith("\\"):
            raise reader.fail(token)
        else:
            out.append(token)
    return "".join(out)


def latex_to_typst(latex: str) -> str:
    """``latex`` (the report's subset) as typst math, without the ``$`` around it.

    Raises :class:`TypstMathError` for any piece outside the subset.
    """
    reader = _Reader(latex, _TOKEN.findall(latex))
    pieces = reader.sequence()
    if reader.peek() is not None:
        raise TypstMathError(f"an unmatched '}}' in {latex!r}")
    return " ".join(piece for piece in pieces if piece)
