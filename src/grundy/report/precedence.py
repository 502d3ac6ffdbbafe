"""How tightly the claim language's operators bind, for printing formulas with the
parentheses Python's reading needs (loosest first: a higher number binds tighter).

Shared by :mod:`grundy.report.expression` and :mod:`grundy.report.expression_aggregates`
so both decide brackets by the same scale.
"""

from __future__ import annotations

__all__ = [
    "ADD",
    "AND",
    "ATOM",
    "BITAND",
    "BITOR",
    "COMPARE",
    "IF",
    "MUL",
    "NOT",
    "OR",
    "POWER",
    "SHIFT",
    "UNARY",
    "XOR",
]

IF, OR, AND, NOT, COMPARE, BITOR, XOR, BITAND, SHIFT, ADD, MUL, UNARY, POWER = range(1, 14)
ATOM = 20
