"""Reading a query's SMT-LIB text as terms, and the shapes the second solver is known not
to decide.

cvc5 decides the library's queries over bit-vectors, over integers with quantifiers, and
with integer division or remainder by a number (the inductions on the bits halve ``x``
with ``(div x 2)``; P-set induction asks ``(mod n 4)``).  Two shapes it does not decide,
whatever its time (bench/SECOND_SOLVER.md): a division or remainder *by a term that is
not a number* (``(div k (+ m n))``: non-linear integer arithmetic), and a division or
remainder *of a term that holds one already* (``(mod (div (- k 1) 3) 2)``).  Z3 decides
both.  Most of the library's statements for unknown numbers avoid them (Lucky Nim's
and take-away's read a heap off its coordinates k = p·M + r instead of dividing); the
misère take-away step still divides by k + 1, which cvc5 decides within its short try,
and a user's claim may have either shape.  :func:`second_solver_hard` names the shape, so that
:func:`grundy.verify.second_solver.resource_limit` gives cvc5 only a short try on such a
query, a few of its resource units; the try ending at that limit leaves the proof
resting on Z3 alone, as the verdict's ``solvers`` say, and an answer within it counts as
any other.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["parsed", "second_solver_hard"]

_TOKEN = re.compile(r"\s+|;[^\n]*|\(|\)|\|[^|]*\||\"(?:[^\"]|\"\")*\"|[^\s()|\";]+")

Node = str | list[Any]


def parsed(text: str) -> list[Node]:
    """The top-level commands of SMT-LIB ``text`` as nested lists of tokens (comments
    and white space dropped).

    >>> parsed("(assert (> x 1)) ; a comment")
    [['assert', ['>', 'x', '1']]]
    """
    stack: list[list[Any]] = [[]]
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token.isspace() or token.startswith(";"):
            continue
        if token == "(":
            stack.append([])
        elif token == ")":
            if len(stack) == 1:
                raise ValueError("unbalanced parentheses in SMT-LIB text")
            node = stack.pop()
            stack[-1].append(node)
        else:
            stack[-1].append(token)
    if len(stack) != 1:
        raise ValueError("unbalanced parentheses in SMT-LIB text")
    return stack[0]


_DIVISIONS = frozenset({"div", "mod"})


def second_solver_hard(script: str) -> str | None:
    """Why the second solver is known not to decide the query ``script``, or ``None``.

    >>> second_solver_hard("(declare-fun x () Int)(assert (= (mod x 4) 1))") is None
    True
    >>> second_solver_hard("(assert (= (mod (div (- k 1) 3) 2) 0))")
    'a division or remainder of a quotient or remainder'
    >>> second_solver_hard("(assert (= (div k (+ m n)) 0))")
    'a division or remainder by a term that is not a number'
    """
    try:
        commands = parsed(script)
    except ValueError:
        return None  # the solver will say it cannot read it
    for command in commands:
        found = _hard(command, {})
        if found:
            return found
    return None


def _number(node: Node) -> bool:
    """An integer numeral, or the negation of one as Z3 writes it: ``(- 3)``."""
    if isinstance(node, str):
        return node.isdigit()
    return len(node) == 2 and node[0] == "-" and isinstance(node[1], str) and node[1].isdigit()


def _head(node: list[Any]) -> str:
    """The operator of an application (``""`` for an indexed or empty one)."""
    return node[0] if node and isinstance(node[0], str) else ""


def _let_pairs(node: list[Any]) -> list[tuple[str, Node]] | None:
    """The ``(name term)`` pairs of a ``let``, or ``None`` when ``node`` is not one."""
    if _head(node) != "let" or len(node) != 3 or not isinstance(node[1], list):
        return None
    return [
        (pair[0], pair[1])
        for pair in node[1]
        if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
    ]


# The two walks below keep their own stack: a claim's ``max`` over many terms nests
# hundreds of ``ite`` deep, near Python's recursion limit.  They recurse only into the
# terms a ``let`` names, which Z3 does not nest deeply.


def _divides(node: Node, bound: dict[str, bool]) -> bool:
    """Whether ``node`` holds a division or remainder (through ``let`` names too: Z3
    shares subterms as ``a!1``)."""
    todo: list[tuple[Node, dict[str, bool]]] = [(node, bound)]
    while todo:
        item, names = todo.pop()
        if isinstance(item, str):
            if names.get(item, False):
                return True
            continue
        pairs = _let_pairs(item)
        if pairs is not None:
            inner = dict(names)
            for name, term in pairs:
                inner[name] = _divides(term, names)
            todo.append((item[2], inner))
            continue
        if _head(item) in _DIVISIONS:
            return True
        todo.extend((child, names) for child in item)
    return False


def _hard(node: Node, bound: dict[str, bool]) -> str | None:
    """The first hard shape met in ``node``, read in order (a term before its parts, the
    parts left to right)."""
    todo: list[tuple[Node, dict[str, bool]]] = [(node, bound)]
    while todo:
        item, names = todo.pop()
        if isinstance(item, str):
            continue
        pairs = _let_pairs(item)
        if pairs is not None:
            inner = dict(names)
            for name, term in pairs:
                found = _hard(term, names)
                if found:
                    return found
                inner[name] = _divides(term, names)
            todo.append((item[2], inner))
            continue
        if _head(item) in _DIVISIONS and len(item) == 3:
            if not _number(item[2]):
                return "a division or remainder by a term that is not a number"
            if _divides(item[1], names):
                return "a division or remainder of a quotient or remainder"
        todo.extend((child, names) for child in reversed(item))
    return None
