"""A claim's statement as the reader sees it: a formula, and the same in words.

The formula is the claim's own ``latex`` when it can be typeset; otherwise, for a claim
of a claim file, its expression typeset by :mod:`grundy.report.expression` (never the
raw Python-like text); otherwise the statement as text.  When both exist, the typeset
expression is kept as the fallback for a ``latex`` field that TeX refuses.

A statement about misère play never reads as normal play: its formula writes the
outcome classes 𝒫⁻ and 𝒩⁻, and a line in words says the convention.
"""

from __future__ import annotations

import re

from grundy.claims import Claim
from grundy.library import Theorem
from grundy.report.caveats import mark_misere, misere_words
from grundy.report.document import Block, DisplayMath, Math, Paragraph
from grundy.report.expression import expression_latex
from grundy.report.expression_aggregates import notation_defined
from grundy.report.mathml import MathSyntaxError, check_latex
from grundy.report.student_words import claim_words, say
from grundy.report.words import polish
from grundy.solve.solver import Play

__all__ = ["claim_latex", "statement_blocks"]


def claim_latex(claim: Claim) -> str | None:
    """The claim's statement (and precondition) typeset from its expressions, if possible.

    >>> from grundy.claims import claims_from_text
    >>> [claim] = claims_from_text('''
    ... [[claim]]
    ... id = "x"
    ... game = "nim"
    ... vars = ["a", "b"]
    ... range = { a = [0, 3], b = [0, 3] }
    ... statement = "outcome == 'P'"
    ... assume = "a == b"
    ... ''')
    >>> claim_latex(claim)
    '(a, b) \\\\in \\\\mathcal{P} \\\\quad \\\\text{whenever } a = b'
    """
    position = claim.position.text if claim.position_given else None
    if position is not None:  # a sum's [[n], [k]] reads (n, k): one heap in each part
        parts = re.fullmatch(r"\s*\[\s*((?:\[\s*\w+\s*\]\s*,\s*)*\[\s*\w+\s*\])\s*\]\s*", position)
        if parts:
            position = "[" + ", ".join(re.findall(r"\[\s*(\w+)\s*\]", parts.group(1))) + "]"
    if position is None:  # the claim's own default: its variables that are not parameters
        position = claim.position.text
    board = claim.game_name in _BOARDS
    try:
        statement = expression_latex(claim.statement.text, position, board)
        if claim.assume is None:
            return statement
        condition = expression_latex(claim.assume.text, position, board)
    except MathSyntaxError:
        return None
    if _width(statement) + _width(condition) > _ONE_LINE:  # the condition on a line of its own
        return rf"\begin{{array}}{{c}} {statement} \\ \text{{whenever }} {condition} \end{{array}}"
    return rf"{statement} \quad \text{{whenever }} {condition}"


# Games whose position lists rows of a board: [b] * a is the a × b rectangle.
_BOARDS = frozenset({"chomp"})

_ONE_LINE = 56  # symbols a displayed formula holds on a line of the PDF, with room to spare


def _width(latex: str) -> int:
    r"""About how many symbols a formula shows: a command is one symbol, spaces none.

    >>> _width(r"(n \in \mathcal{P}) \quad \text{whenever } n > 0")
    17
    """
    shown = re.sub(r"\\text\{([^{}]*)\}", lambda m: m.group(1).replace(" ", ""), latex)
    shown = re.sub(r"\\(?:mathcal|operatorname)\{([^{}]*)\}", r"\1", shown)
    return len(
        re.sub(r"\\[A-Za-z]+", "x", shown).replace(" ", "").replace("{", "").replace("}", "")
    )


def without_engines(text: str) -> str:
    """A statement's words for students: a step checked by the SMT solver Z3 is checked
    "by machine" (the record names the engine).

    >>> without_engines("the induction step proved by Z3 for an arbitrary G")
    'the induction step proved by machine for an arbitrary G'
    """
    return re.sub(r"\b(?:by|with|using) Z3\b", "by machine", text).replace("Z3", "a machine")


def first_sentence(text: str) -> str:
    """The statement itself, without the account of how it was shown that follows it
    (the library's statements set that apart with two spaces after a full stop).

    >>> first_sentence("every a x b board is N.  Proved by machine for every a, b")
    'every a x b board is N.'
    """
    head, _, _ = text.partition(".  ")
    return head + "." if head != text else text


def _definitions(formula: DisplayMath) -> list[Block]:
    """A line under the formula defining each name of our own it uses (``ones(x)``)."""
    return [
        Paragraph((say("statement.here"), Math(example), say("statement.is", words=say(words))))
        for example, words in notation_defined(formula.latex)
    ]


def statement_blocks(
    theorem: Theorem,
    claim: Claim | None,
    notes: list[str],
    in_words: bool = True,
    brief: bool = False,
) -> list[Block]:
    """The formula and, for a theorem stated in prose, its words (with ``brief``, for the
    handout, the statement only: how it was shown is in the record).

    A claim file's ``statement`` is an expression, not prose, so it is never shown as
    words; a formula that cannot be typeset is named in ``notes``.
    """
    misere = theorem.play is Play.MISERE
    typeset = claim_latex(claim) if claim is not None else None
    if typeset is not None and misere:
        typeset = mark_misere(typeset)
    prose = polish(theorem.statement) if claim is None else ""
    if brief:
        prose = without_engines(first_sentence(prose))
    blocks: list[Block] = []
    formula = None
    if theorem.latex:
        latex = mark_misere(theorem.latex) if misere else theorem.latex
        try:
            check_latex(latex)
        except MathSyntaxError as exc:
            notes.append(f"{theorem.id}: its latex cannot be typeset ({exc}); shown otherwise")
        else:
            formula = DisplayMath(latex, prose or theorem.title, typeset or "")
    if formula is None and typeset is not None:
        formula = DisplayMath(typeset, theorem.title)
    if formula is not None:
        blocks.append(formula)
        blocks.extend(_definitions(formula))
        if misere:  # right under the formula: its 𝒫 is the misère one
            blocks.append(Paragraph((misere_words(),)))
        if prose and in_words:
            blocks.append(Paragraph((say("statement.in-words"), claim_words(prose))))
    else:
        if prose:
            blocks.append(Paragraph((claim_words(prose),)))
        if misere:  # said even when nothing of the statement could be shown
            blocks.append(Paragraph((misere_words(),)))
    return blocks
