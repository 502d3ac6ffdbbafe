r"""A small LaTeX-to-MathML converter for the formulas of theorem statements.

HTML reports must open without a network, so formulas cannot be left to a JavaScript
typesetter: they are converted here to MathML, which browsers draw natively.  The
subset is what statements about games need: letters, numbers and operators, sub- and
superscripts, groups, ``\frac``, ``\mathbin``, ``\binom``, ``\sqrt``, ``\text``, ``\mathrm``,
``\operatorname``, ``\mathbb``, ``\mathcal``, ``\overline``, ``\left``/``\right``,
``\lfloor`` and friends, spacing commands, Greek letters, the usual relation and logic
symbols, big operators (``\sum``, ``\bigoplus``) and the ``cases``/``matrix``/
``aligned`` environments.  Every LaTeX command accepted here also exists in LaTeX
with ``amsmath`` and ``amssymb``, so the same text goes into the LaTeX report unchanged.
Anything else is refused with :class:`MathSyntaxError`, naming the command.

A star written before a value (``*3``, ``\ast 3``) is a nimber and is set tight.

>>> print(latex_to_mathml(r"a \oplus b").replace("><", ">\n<"))
<math display="inline">
<semantics>
<mrow>
<mi>a</mi>
<mo>⊕</mo>
<mi>b</mi>
</mrow>
<annotation encoding="application/x-tex">a \oplus b</annotation>
</semantics>
</math>
>>> print(body_of("*3 + *5").replace("><", ">\n<"))
<mo lspace="0" rspace="0">∗</mo>
<mn>3</mn>
<mo>+</mo>
<mo lspace="0" rspace="0">∗</mo>
<mn>5</mn>
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from grundy.errors import GrundyError

__all__ = ["MathSyntaxError", "body_of", "check_latex", "latex_to_mathml"]


class MathSyntaxError(GrundyError, ValueError):
    """Raised when a formula uses LaTeX outside the supported subset, or is malformed."""


# -- symbol tables --------------------------------------------------------------------------

_OPERATORS = {
    "oplus": "⊕",
    "ominus": "⊖",
    "otimes": "⊗",
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "ne": "≠",
    "neq": "≠",
    "lt": "<",
    "gt": ">",
    "times": "×",
    "cdot": "⋅",
    "pm": "±",
    "iff": "⟺",
    "implies": "⟹",
    "impliedby": "⟸",
    "Rightarrow": "⇒",
    "Leftarrow": "⇐",
    "Leftrightarrow": "⇔",
    "Longrightarrow": "⟹",
    "Longleftrightarrow": "⟺",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "leftrightarrow": "↔",
    "mapsto": "↦",
    "in": "∈",
    "notin": "∉",
    "ni": "∋",
    "subseteq": "⊆",
    "subset": "⊂",
    "supseteq": "⊇",
    "cup": "∪",
    "cap": "∩",
    "setminus": "∖",
    "forall": "∀",
    "exists": "∃",
    "nexists": "∄",
    "neg": "¬",
    "lnot": "¬",
    "land": "∧",
    "wedge": "∧",
    "lor": "∨",
    "vee": "∨",
    "equiv": "≡",
    "approx": "≈",
    "sim": "∼",
    "cong": "≅",
    "mid": "∣",
    "nmid": "∤",
    "parallel": "∥",
    "colon": ":",
    "circ": "∘",
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
    "{": "{",
    "}": "}",
    "|": "‖",
    "prec": "≺",
    "succ": "≻",
    "ll": "≪",
    "gg": "≫",
    "perp": "⊥",
    "models": "⊨",
    "vdash": "⊢",
}

_IDENTIFIERS = {
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ϵ",
    "varepsilon": "ε",
    "zeta": "ζ",
    "eta": "η",
    "theta": "θ",
    "vartheta": "ϑ",
    "iota": "ι",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "nu": "ν",
    "xi": "ξ",
    "pi": "π",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "upsilon": "υ",
    "phi": "ϕ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Theta": "Θ",
    "Lambda": "Λ",
    "Xi": "Ξ",
    "Pi": "Π",
    "Sigma": "Σ",
    "Upsilon": "Υ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
    "infty": "∞",
    "emptyset": "∅",
    "varnothing": "∅",
    "ell": "ℓ",
    "prime": "′",
    "dots": "…",
    "ldots": "…",
    "cdots": "⋯",
    "vdots": "⋮",
    "ddots": "⋱",
    "_": "_",
    "%": "%",
    "&": "&",
    "#": "#",
}

_BIG_OPERATORS = {
    "sum": "∑",
    "prod": "∏",
    "bigoplus": "⨁",
    "bigcup": "⋃",
    "bigcap": "⋂",
    "bigwedge": "⋀",
    "bigvee": "⋁",
}

_FUNCTIONS = {"min", "max", "gcd", "lcm", "log", "ln", "exp", "lim", "sup", "inf", "deg", "det"}

_SPACES = {",": "0.1667em", ":": "0.2222em", ";": "0.2778em", " ": "0.3333em", "quad": "1em"}
_SPACES["qquad"] = "2em"
_SPACES["!"] = ""
_SIZING = {"big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr"}
_STAR = '<mo lspace="0" rspace="0">∗</mo>'

_DOUBLE_STRUCK = {"N": "ℕ", "Z": "ℤ", "R": "ℝ", "Q": "ℚ", "C": "ℂ", "P": "ℙ", "H": "ℍ"}
_SCRIPT_HOLES = {"B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ"}

_ENVIRONMENTS = {"cases", "matrix", "pmatrix", "bmatrix", "aligned", "array"}

_TOKEN = re.compile(
    r"\\(?P<cmd>[A-Za-z]+)\*?|\\(?P<sym>.)|(?P<num>[0-9]+(?:\.[0-9]+)?)|(?P<space>\s+)|(?P<ch>.)",
    re.DOTALL,
)


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "cmd", "sym", "num", "ch"
    text: str
    start: int
    end: int


def _tokenize(latex: str) -> list[_Token]:
    tokens = []
    for match in _TOKEN.finditer(latex):
        kind = match.lastgroup
        if kind is None or kind == "space":
            continue
        tokens.append(_Token(kind, match.group(kind), match.start(), match.end()))
    return tokens


def _script_letter(letter: str) -> str:
    if letter in _SCRIPT_HOLES:
        return _SCRIPT_HOLES[letter]
    if "A" <= letter <= "Z":
        return chr(0x1D49C + ord(letter) - ord("A"))
    raise MathSyntaxError(f"\\mathcal takes capital letters, got {letter!r}")


class _Parser:
    def __init__(self, latex: str) -> None:
        self.latex = latex
        self.tokens = _tokenize(latex)
        self.index = 0

    # -- helpers --------------------------------------------------------------------------

    def error(self, message: str) -> MathSyntaxError:
        return MathSyntaxError(f"{message} in formula '{self.latex}'")

    def peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> _Token:
        token = self.peek()
        if token is None:
            raise self.error("unexpected end")
        self.index += 1
        return token

    def expect_open(self, command: str) -> None:
        token = self.take()
        if token.kind != "ch" or token.text != "{":
            raise self.error(f"\\{command} needs an argument in braces")

    def raw_group(self, command: str) -> str:
        """The literal text inside the next ``{...}`` (for ``\\text`` and friends)."""
        self.expect_open(command)
        begin = self.tokens[self.index - 1].end
        depth = 1
        while True:
            token = self.take()
            if token.kind == "ch" and token.text == "{":
                depth += 1
            elif token.kind == "ch" and token.text == "}":
                depth -= 1
                if depth == 0:
                    return _unescape_text(self.latex[begin : token.start])

    # -- grammar --------------------------------------------------------------------------

    def sequence(self, stop: frozenset[str] = frozenset()) -> list[str]:
        """Items up to (not including) a stop token: ``}``, ``&``, ``\\\\``, ``\\end``..."""
        items: list[str] = []
        while True:
            token = self.peek()
            if token is None:
                return items
            if _token_key(token) in stop:
                return items
            if token.kind == "ch" and token.text == "}":
                raise self.error("unbalanced '}'")
            item = self.atom(items)
            if item is None:
                continue
            items.append(self.scripts(item))

    def group(self) -> str:
        items = self.sequence(frozenset({"}"}))
        if self.peek() is None:
            raise self.error("unbalanced '{'")
        self.take()
        return _row(items)

    def argument(self, command: str) -> str:
        """One argument: a braced group or a single token."""
        token = self.peek()
        if token is None:
            raise self.error(f"\\{command} needs an argument")
        if token.kind == "ch" and token.text == "{":
            self.take()
            return self.group()
        item = self.atom([])
        if item is None:
            raise self.error(f"\\{command} needs an argument")
        return item

    def scripts(self, base: str) -> str:
        sub: str | None = None
        sup: str | None = None
        primes = 0
        while True:
            token = self.peek()
            if token is None or token.kind != "ch" or token.text not in "_^'":
                break
            self.take()
            if token.text == "'":
                primes += 1
                continue
            script = self.argument("_" if token.text == "_" else "^")
            if token.text == "_":
                if sub is not None:
                    raise self.error("double subscript")
                sub = script
            else:
                if sup is not None:
                    raise self.error("double superscript")
                sup = script
        if primes:
            marks = "<mo>′</mo>" * primes
            sup = f"<mrow>{marks}{sup or ''}</mrow>" if (sup or primes > 1) else marks
        if sub is None and sup is None:
            return base
        big = base.startswith('<mo largeop="true"')
        if sub is not None and sup is not None:
            tag = "munderover" if big else "msubsup"
            return f"<{tag}>{base}{sub}{sup}</{tag}>"
        if sub is not None:
            tag = "munder" if big else "msub"
            return f"<{tag}>{base}{sub}</{tag}>"
        tag = "mover" if big else "msup"
        return f"<{tag}>{base}{sup}</{tag}>"

    def atom(self, before: list[str]) -> str | None:
        token = self.take()
        if token.kind == "num":
            return f"<mn>{token.text}</mn>"
        if token.kind == "ch":
            return self.character(token.text, before)
        if token.kind == "sym":
            return self.symbol(token.text)
        return self.command(token.text, before)

    def character(self, char: str, before: list[str]) -> str | None:
        if char == "{":
            return self.group()
        if char.isalpha():
            return f"<mi>{escape(char)}</mi>"
        if char == "*":
            return _STAR
        if char in "_^":
            raise self.error(f"'{char}' without a base")
        if char == "&":
            raise self.error("'&' outside an environment")
        if char == "~":
            return '<mspace width="0.3333em"/>'
        if char == "-":
            return "<mo>−</mo>"
        if char in "()[]|":
            return f'<mo stretchy="false">{escape(char)}</mo>'
        return f"<mo>{escape(char)}</mo>"

    def symbol(self, char: str) -> str | None:
        if char in _SPACES:
            width = _SPACES[char]
            return f'<mspace width="{width}"/>' if width else None
        if char == "\\":
            raise self.error("a line break '\\\\' outside an environment")
        if char in _OPERATORS:
            return f"<mo>{escape(_OPERATORS[char])}</mo>"
        if char in _IDENTIFIERS:
            return f"<mi>{escape(_IDENTIFIERS[char])}</mi>"
        raise self.error(f"unsupported LaTeX command '\\{char}'")

    def command(self, name: str, before: list[str]) -> str | None:
        if name in _OPERATORS:
            return f"<mo>{escape(_OPERATORS[name])}</mo>"
        if name in _IDENTIFIERS:
            return f"<mi>{escape(_IDENTIFIERS[name])}</mi>"
        if name in _BIG_OPERATORS:
            return f'<mo largeop="true" movablelimits="true">{_BIG_OPERATORS[name]}</mo>'
        if name in _FUNCTIONS:
            return f"<mi>{name}</mi>"
        if name in ("ast", "star"):
            return _STAR
        if name in _SPACES:
            return f'<mspace width="{_SPACES[name]}"/>'
        if name in ("left", "right", "middle") or name in _SIZING:
            return self.delimiter(name)
        if name in ("frac", "dfrac", "tfrac"):
            top, bottom = self.argument(name), self.argument(name)
            return f"<mfrac>{top}{bottom}</mfrac>"
        if name == "binom":
            top, bottom = self.argument(name), self.argument(name)
            return (
                f'<mrow><mo>(</mo><mfrac linethickness="0">{top}{bottom}</mfrac><mo>)</mo></mrow>'
            )
        if name == "sqrt":
            return f"<msqrt>{self.argument(name)}</msqrt>"
        if name in ("text", "textrm", "textit", "textbf", "mbox"):
            return f"<mtext>{escape(self.raw_group(name))}</mtext>"
        if name in ("mathrm", "mathbf", "mathit", "mathsf", "mathtt", "operatorname"):
            return self.upright(name)
        if name == "mathbb":
            text = self.raw_group(name).strip()
            if text not in _DOUBLE_STRUCK:
                raise self.error(f"\\mathbb{{{text}}} is not supported")
            return f"<mi>{_DOUBLE_STRUCK[text]}</mi>"
        if name == "mathcal":
            text = self.raw_group(name).strip()
            return "<mi>" + "".join(_script_letter(ch) for ch in text) + "</mi>"
        if name == "mathbin":
            return self.binary_operator(self.raw_group(name).strip())
        if name == "overline":
            return f'<mover accent="true">{self.argument(name)}<mo>¯</mo></mover>'
        if name in ("bmod", "mod"):
            return '<mo lspace="0.2778em" rspace="0.2778em">mod</mo>'
        if name == "pmod":
            inner = self.argument(name)
            return (
                '<mrow><mspace width="0.4em"/><mo stretchy="false">(</mo><mi>mod</mi>'
                f'<mspace width="0.3333em"/>{inner}<mo stretchy="false">)</mo></mrow>'
            )
        if name == "not":
            following = self.atom(before)
            if following is None:
                raise self.error("\\not needs a symbol after it")
            return re.sub(r"</(mo|mi)>$", "\u0338</\\1>", following, count=1)
        if name == "begin":
            return self.environment()
        if name == "end":
            raise self.error("\\end without \\begin")
        raise self.error(f"unsupported LaTeX command '\\{name}'")

    def upright(self, name: str) -> str:
        text = self.raw_group(name).strip()
        if re.fullmatch(r"[A-Za-z0-9 ._\-]*", text):
            shown = escape(text)
            if name == "operatorname":
                return f'<mrow><mi mathvariant="normal">{shown}</mi><mo>&#x2061;</mo></mrow>'
            return (
                f'<mi mathvariant="normal">{shown}</mi>' if len(text) == 1 else f"<mi>{shown}</mi>"
            )
        return body_of(text, wrap=True)

    def binary_operator(self, text: str) -> str:
        """``\\mathbin{...}``: its content used as an operator symbol."""
        if text.startswith("\\"):
            name = text[1:]
            symbol = _OPERATORS.get(name) or _IDENTIFIERS.get(name)
            if symbol is None:
                raise self.error(f"unsupported operator '\\mathbin{{{text}}}'")
            return f"<mo>{escape(symbol)}</mo>"
        return f"<mo>{escape(text)}</mo>"

    def delimiter(self, name: str) -> str | None:
        token = self.take()
        if token.kind == "ch" and token.text == ".":
            return None
        if token.kind == "ch" and token.text in "()[]|/":
            char = token.text
        elif (token.kind == "sym" and token.text in "{}|") or (
            token.kind == "cmd" and token.text in _OPERATORS
        ):
            char = _OPERATORS[token.text]
        else:
            raise self.error(f"\\{name} must be followed by a delimiter")
        return f"<mo>{escape(char)}</mo>"

    def environment(self) -> str:
        name = self.raw_group("begin").strip()
        if name not in _ENVIRONMENTS:
            raise self.error(f"unsupported environment '{name}'")
        if name == "array":
            self.raw_group("begin{array}")  # the column specification
        rows: list[list[str]] = [[]]
        stop = frozenset({"&", "sym:\\", "cmd:end"})
        while True:
            rows[-1].append(_row(self.sequence(stop)))
            token = self.peek()
            if token is None:
                raise self.error(f"\\begin{{{name}}} without \\end")
            self.take()
            if token.kind == "ch":  # '&': next cell
                continue
            if token.kind == "sym":  # '\\': next row
                rows.append([])
                continue
            ended = self.raw_group("end").strip()
            if ended != name:
                raise self.error(f"\\begin{{{name}}} ended by \\end{{{ended}}}")
            break
        if rows and rows[-1] == ["<mrow></mrow>"] and len(rows) > 1:
            rows.pop()
        align = "left" if name in ("cases", "aligned") else "center"
        body = "".join(
            "<mtr>" + "".join(f"<mtd>{cell}</mtd>" for cell in row) + "</mtr>" for row in rows
        )
        table = f'<mtable columnalign="{align}">{body}</mtable>'
        fences = {"cases": ("{", ""), "pmatrix": ("(", ")"), "bmatrix": ("[", "]")}
        if name in fences:
            left, right = fences[name]
            right_mo = f"<mo>{right}</mo>" if right else ""
            return f"<mrow><mo>{left}</mo>{table}{right_mo}</mrow>"
        return table


def _token_key(token: _Token) -> str:
    if token.kind == "ch":
        return token.text
    return f"{token.kind}:{token.text}"


def _unescape_text(text: str) -> str:
    r"""Text mode escapes (``\{``, ``\_``, ``\ ``...) as the characters they stand for."""
    return re.sub(r"\\([{}_%&#$ ])", r"\1", text).replace("~", "\u00a0")


def _row(items: list[str]) -> str:
    return "<mrow>" + "".join(items) + "</mrow>"


def body_of(latex: str, wrap: bool = False) -> str:
    """The MathML elements of a formula, without the enclosing ``<math>``.

    >>> body_of("x_1^2")
    '<msubsup><mi>x</mi><mn>1</mn><mn>2</mn></msubsup>'
    """
    parser = _Parser(latex)
    items = parser.sequence()
    return _row(items) if wrap else "".join(items)


def latex_to_mathml(latex: str, display: bool = False) -> str:
    """A ``<math>`` element for ``latex``, keeping the source as an annotation."""
    body = body_of(latex)
    mode = "block" if display else "inline"
    return (
        f'<math display="{mode}"><semantics><mrow>{body}</mrow>'
        f'<annotation encoding="application/x-tex">{escape(latex, quote=False)}</annotation>'
        "</semantics></math>"
    )


def check_latex(latex: str) -> None:
    """Raise :class:`MathSyntaxError` unless ``latex`` is in the supported subset."""
    body_of(latex)
