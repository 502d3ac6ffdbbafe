r"""What a claim's ``latex`` field may contain: an allow-listed subset of LaTeX math.

A claim file may come from anyone, and its ``latex`` goes into the LaTeX report that
pdflatex compiles.  TeX is a programming language that can read files (``\input``,
``\openin``, ``\read``), write them (``\write``), redefine itself (``\def``,
``\catcode``, ``\csname``) and end the document early (``\end{document}``), and it has
a second spelling for every character (``^^5c`` is a backslash).  So a formula is
accepted only when every piece of it is on the list below; anything else is refused with
a message naming the piece.

Accepted:

* letters, digits, spaces and the printable ASCII punctuation of formulas
  (``+ - * / = < > ( ) [ ] | , . ; : ! ' ? _ ^ { } & ~ " @```), with single line breaks;
* the commands in :data:`ALLOWED_COMMANDS` (the notation of the theorem library: symbols,
  relations, Greek letters, ``\text``, ``\mathcal``, ``\frac``, ``\left``/``\right``...);
* the escapes ``\{ \} \| \, \; \: \! \  \\ \% \_ \& \#``;
* ``\begin{E}`` ... ``\end{E}`` for the environments in :data:`ALLOWED_ENVIRONMENTS`,
  properly nested.

Refused: any other command, ``^^`` (TeX's character-code escape), ``$`` and ``\(``,
``\[`` (leaving math mode), ``#`` (macro parameters), a bare ``%`` (a comment would
swallow the rest of the report's line), blank lines, other control or non-ASCII
characters, unbalanced braces, and formulas longer than :data:`MAX_LATEX_LENGTH`.
The same rules apply inside ``\text{...}``: what TeX reads there is still TeX.

This is a safety check, not a typesetting one: a formula it accepts can still be bad
mathematics (``a^^`` is refused, ``a^b^c`` is not), which the report writers handle.

>>> check_latex_policy(r"\mathcal{G}(a, b) = a \oplus b")
>>> check_latex_policy(r"a \text{\input{/etc/passwd}} b")
Traceback (most recent call last):
...
grundy.errors.ClaimError: LaTeX command '\input' is not allowed (it reads files)
"""

from __future__ import annotations

import re

from grundy.errors import ClaimError

__all__ = [
    "ALLOWED_COMMANDS",
    "ALLOWED_ENVIRONMENTS",
    "MAX_LATEX_LENGTH",
    "check_latex_policy",
]

MAX_LATEX_LENGTH = 2_000
"""Longest formula accepted (characters)."""

_GREEK = (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu "
    "nu xi pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega "
    "Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega"
)
_SYMBOLS = (
    # relations, arrows and logic
    "le leq ge geq ne neq lt gt equiv approx sim cong prec succ ll gg mid nmid parallel "
    "perp in notin ni subset subseteq supset supseteq to rightarrow leftarrow "
    "leftrightarrow Rightarrow Leftarrow Leftrightarrow Longrightarrow Longleftrightarrow "
    "mapsto implies impliedby iff forall exists nexists neg lnot land lor wedge vee "
    # operators and delimiters
    "oplus ominus otimes bigoplus sum prod cup cap bigcup bigcap setminus times cdot pm "
    "ast star circ bmod pmod mod lfloor rfloor lceil rceil langle rangle lvert rvert "
    "vert Vert colon left right big Big bigl bigr Bigl Bigr middle "
    # dots, spacing, constants
    "cdots ldots dots vdots ddots quad qquad emptyset varnothing infty "
    # functions and fonts
    "max min sup inf gcd lim log exp mathcal mathbb mathrm mathbf mathit mathsf mathtt "
    "text textrm textit textbf mbox operatorname mathbin mathrel "
    "frac dfrac tfrac binom sqrt overline underline hat bar tilde vec "
    "not begin end"
)

ALLOWED_COMMANDS = frozenset((_GREEK + " " + _SYMBOLS).split())
"""Every ``\\name`` a claim's LaTeX may use."""

ALLOWED_ENVIRONMENTS = frozenset(
    {"cases", "matrix", "pmatrix", "bmatrix", "vmatrix", "aligned", "gathered", "split"}
)
"""Environments ``\\begin{...}`` may open."""

_ESCAPES = frozenset("{}|,;:! \\%_&#")  # \{ \} ... : control symbols that typeset a sign

# Why the best-known dangerous commands are refused, for a message worth reading.
_WHY = {
    "input": "it reads files",
    "include": "it reads files",
    "includegraphics": "it reads files",
    "openin": "it reads files",
    "read": "it reads files",
    "readline": "it reads files",
    "verbatiminput": "it reads files",
    "write": "it writes files",
    "immediate": "it writes files",
    "openout": "it writes files",
    "def": "it redefines TeX",
    "gdef": "it redefines TeX",
    "edef": "it redefines TeX",
    "xdef": "it redefines TeX",
    "let": "it redefines TeX",
    "newcommand": "it redefines TeX",
    "renewcommand": "it redefines TeX",
    "catcode": "it redefines TeX",
    "csname": "it builds command names",
    "endcsname": "it builds command names",
    "expandafter": "it changes how TeX reads",
    "string": "it changes how TeX reads",
    "scantokens": "it changes how TeX reads",
    "write18": "it runs programs",
    "usepackage": "it belongs in the preamble",
    "documentclass": "it belongs in the preamble",
}

_TOKEN = re.compile(r"\\([A-Za-z]+)|\\(.)|\\$|(.)", re.DOTALL)
_ENVIRONMENT = re.compile(r"\s*\{([A-Za-z*]*)\}")
_PLAIN = re.compile(r"[A-Za-z0-9 +\-*/=<>()\[\]|,.;:!'?_^{}&~\"@`\n\t]")


def check_latex_policy(latex: str) -> None:
    """Raise :class:`~grundy.errors.ClaimError` unless ``latex`` is in the allowed subset.

    The message names the first refused piece (the caller adds the claim and field).
    """
    if not isinstance(latex, str):
        raise ClaimError(f"LaTeX must be text, got {type(latex).__name__}")
    if len(latex) > MAX_LATEX_LENGTH:
        raise ClaimError(
            f"the formula is {len(latex):,} characters long; the limit is {MAX_LATEX_LENGTH:,}"
        )
    if "^^" in latex:
        raise ClaimError("'^^' is not allowed (TeX reads it as a character code)")
    if re.search(r"\n[ \t]*\n", latex):
        raise ClaimError("a blank line is not allowed in a formula (TeX ends the paragraph)")
    depth = 0
    environments: list[str] = []
    position = 0
    while position < len(latex):
        match = _TOKEN.match(latex, position)
        assert match is not None  # the last alternative matches any character
        position = match.end()
        name, symbol, char = match.groups()
        if name is not None:
            _check_command(name)
            if name in ("begin", "end"):
                position = _environment(latex, position, name, environments)
        elif symbol is not None:
            if symbol not in _ESCAPES:
                raise ClaimError(f"LaTeX command '\\{symbol}' is not allowed")
        elif char is None:
            raise ClaimError("a formula may not end with a lone backslash")
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                raise ClaimError("unbalanced braces: a '}' closes nothing")
        elif not _PLAIN.fullmatch(char):
            raise ClaimError(_character_problem(char))
    if depth:
        raise ClaimError(f"unbalanced braces: {depth} '{{' left open")
    if environments:
        raise ClaimError(f"environment '{environments[-1]}' is opened but never ended")


def _check_command(name: str) -> None:
    if name in ALLOWED_COMMANDS:
        return
    why = _WHY.get(name)
    if why is not None:
        raise ClaimError(f"LaTeX command '\\{name}' is not allowed ({why})")
    raise ClaimError(
        f"LaTeX command '\\{name}' is not in the allowed subset (symbols, relations, Greek "
        "letters, \\text, \\mathcal, \\frac, \\left/\\right and the like)"
    )


def _environment(latex: str, position: int, command: str, open_ones: list[str]) -> int:
    """Check ``\\begin{E}`` / ``\\end{E}`` and return where its argument ends."""
    match = _ENVIRONMENT.match(latex, position)
    if match is None:
        raise ClaimError(f"'\\{command}' must be followed by an environment name in braces")
    name = match.group(1)
    if name not in ALLOWED_ENVIRONMENTS:
        allowed = ", ".join(sorted(ALLOWED_ENVIRONMENTS))
        raise ClaimError(f"environment '{name}' is not allowed (allowed: {allowed})")
    if command == "begin":
        open_ones.append(name)
    elif not open_ones or open_ones[-1] != name:
        raise ClaimError(f"'\\end{{{name}}}' does not close the environment opened last")
    else:
        open_ones.pop()
    return match.end()


def _character_problem(char: str) -> str:
    if char == "$":
        return "'$' is not allowed: the formula is already mathematics"
    if char == "%":
        return "a bare '%' is not allowed (TeX would read a comment); write \\% for the sign"
    if char == "#":
        return "'#' is not allowed (TeX reads it as a macro parameter); write \\# for the sign"
    if char == "\\":
        return "a lone backslash is not allowed"
    if ord(char) < 32 or ord(char) == 127:
        return f"the control character {char!r} is not allowed"
    return (
        f"the character {char!r} is not allowed: write formulas in ASCII with LaTeX commands "
        "(\\oplus for ⊕, \\le for ≤)"
    )
