r"""Formulas for the HTML report: LaTeX to MathML through the latex2mathml library.

Browsers draw MathML natively, so the HTML needs no script and no network.  The library
is lenient (an unknown command comes out as a letter), so its output is checked here: a
formula whose braces do not balance, or that still holds a backslash command after the
conversion, is refused with :class:`MathSyntaxError` naming the piece, and the report
shows the plain statement instead.  Spaces inside ``\text{...}`` are kept as no-break
spaces (browsers drop ordinary leading and trailing spaces in ``<mtext>``), and a star
written before a value (``*3``, ``\ast n``) is a nimber, set tight.  A named function
applied to a bracket (``\operatorname{mex}\{...\}``, ``\gcd(a, b)``) is an identifier,
as MathML names functions: the library makes it an operator, and a browser then leaves a
gap before the bracket ("mex {…}").

>>> print(body_of(r"*3 \oplus n").replace("><", ">\n<"))
<mo lspace="0" rspace="0">∗</mo>
<mn>3</mn>
<mo>⊕</mo>
<mi>n</mi>
>>> body_of(r"\operatorname{mex}\{0\}")
'<mi>mex</mi><mo stretchy="false">{</mo><mn>0</mn><mo stretchy="false">}</mo>'
>>> body_of(r"p \iff q")
'<mi>p</mi><mo>⟺</mo><mi>q</mi>'
>>> "for\u00a0all" in body_of(r"\text{ for all } n")
True
"""

from __future__ import annotations

import re
import unicodedata
from html import escape
from xml.etree.ElementTree import Element, tostring

from latex2mathml.converter import convert_to_element

from grundy.errors import GrundyError

__all__ = ["MathSyntaxError", "body_of", "check_latex", "latex_to_mathml"]


class MathSyntaxError(GrundyError, ValueError):
    """Raised when a formula cannot be typeset: unbalanced, or a command no one knows."""


_STAR = re.compile(r"<mo>(?:&#x0002A;|&#x02217;|\*|∗)</mo>(?=<m[ni][ >])")
_LEFTOVER = re.compile(r"\\[A-Za-z]+|\\.")
_TOKEN_TEXT = re.compile(r"<(mi|mo|mtext|mn)\b[^>]*>([^<]*)</\1>")
_ENTITY = re.compile(r"&#x([0-9A-Fa-f]+);")


def _character(match: re.Match[str]) -> str:
    code = int(match.group(1), 16)
    return chr(code) if code <= 0x10FFFF else match.group(0)


def _unentity(text: str) -> str:
    return _ENTITY.sub(_character, text)


# A word (not the binary "mod") right before an opening bracket or fence.
_FUNCTION_NAME = re.compile(
    r'<mo(?: movablelimits="true")?>(?!mod<)([A-Za-z]{2,})</mo>'
    r'(?=(?:<mrow>)?<mo stretchy="false">[({\[]</mo>|<mrow><mo [^>]*form="prefix">)'
)
_SYMBOL_MI = re.compile(r"<mi>([^<])</mi>")


def _as_operator(match: re.Match[str]) -> str:
    char = match.group(1)
    if unicodedata.category(char)[0] in "SP" and char not in "'′":
        return f"<mo>{char}</mo>"
    return match.group(0)


def _check_braces(latex: str) -> None:
    depth = 0
    index = 0
    while index < len(latex):
        char = latex[index]
        if char == "\\":
            index += 2  # an escaped character (\{, \}, \\) or the start of a command
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                raise MathSyntaxError(f"an unmatched '}}' in the formula {latex!r}")
        index += 1
    if depth:
        raise MathSyntaxError(f"an unmatched '{{' in the formula {latex!r}")


def _serialized(tree: Element) -> str:
    """The tree as escaped MathML.

    latex2mathml's own ``convert`` un-escapes its whole output (to turn the character
    codes it stores as text, ``&#x2295;``, into entities), and with them any ``<`` or
    ``&`` a claim wrote inside ``\\text{...}``: ``\\text{</math><script>...}`` came out as
    live markup.  Here the codes become characters in the tree, and the serializer
    escapes every text and attribute.
    """
    for element in tree.iter():
        if element.text:
            element.text = _unentity(element.text)
        if element.tail:
            element.tail = _unentity(element.tail)
        for name, value in list(element.attrib.items()):
            if name.lower().endswith("href") or name.lower().startswith("on"):
                del element.attrib[name]  # \href makes a link; no formula needs one
            else:
                element.set(name, _unentity(value))
    return tostring(tree, encoding="unicode")


def _converted(latex: str, display: bool) -> str:
    _check_braces(latex)
    try:
        tree = convert_to_element(latex, display="block" if display else "inline")
    except Exception as exc:  # the library raises its own error classes, and some builtins
        raise MathSyntaxError(f"cannot typeset the formula {latex!r}: {exc!r}") from None
    mathml = _serialized(tree)
    for _tag, text in _TOKEN_TEXT.findall(mathml):
        leftover = _LEFTOVER.search(_unentity(text))
        if leftover:
            raise MathSyntaxError(
                f"unknown LaTeX {leftover.group(0)!r} in the formula {latex!r}"
            ) from None
    # The library sets some operators (⟺, ⟹, ¬) as identifiers, which get no spacing.
    mathml = _SYMBOL_MI.sub(_as_operator, mathml)
    mathml = _FUNCTION_NAME.sub(r"<mi>\1</mi>", mathml)
    return _STAR.sub('<mo lspace="0" rspace="0">∗</mo>', mathml)


def body_of(latex: str) -> str:
    """The MathML inside ``<math>`` (without the outer ``<mrow>``), for tests and docs."""
    mathml = _converted(latex, display=False)
    inner = mathml[mathml.index(">") + 1 : mathml.rindex("</math>")]
    if inner.startswith("<mrow>") and inner.endswith("</mrow>"):
        inner = inner[len("<mrow>") : -len("</mrow>")]
    return inner


def check_latex(latex: str) -> None:
    """Raise :class:`MathSyntaxError` unless ``latex`` converts cleanly."""
    _converted(latex, display=False)


def latex_to_mathml(latex: str, display: bool = False) -> str:
    """A ``<math>`` element for ``latex``, with the LaTeX kept as an annotation."""
    mathml = _converted(latex, display)
    inner = mathml[mathml.index(">") + 1 : mathml.rindex("</math>")]
    mode = "block" if display else "inline"
    return (
        f'<math display="{mode}"><semantics>{inner}'
        f'<annotation encoding="application/x-tex">{escape(latex, quote=False)}</annotation>'
        "</semantics></math>"
    )
