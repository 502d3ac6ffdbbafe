"""The operators that the two Z3 readings of a claim's expression translate alike.

Both :mod:`grundy.claims.z3_translate` (bit-vectors of a fixed width) and
:mod:`grundy.claims.pset_method` (unbounded integers) read ``not``, unary ``-``/``+``, a
binary operator, a comparison and ``a if c else b`` the same way, given their own
``boolean``, ``number``, ``term``, ``binary`` and ``compare``; each keeps its own constants,
names, ``and``/``or`` and calls.
"""

from __future__ import annotations

import ast
from typing import Any

__all__ = ["operator_term"]


def operator_term(reader: Any, node: ast.expr) -> Any | None:
    """``node`` as a Z3 term by ``reader``'s methods, or ``None`` when it is none of the
    shared forms (the caller then reads it itself)."""
    import z3

    if isinstance(node, ast.UnaryOp):
        if isinstance(node.op, ast.Not):
            return z3.Not(reader.boolean(node.operand))
        if isinstance(node.op, ast.USub):
            return -reader.number(node.operand)
        if isinstance(node.op, ast.UAdd):
            return reader.number(node.operand)
    if isinstance(node, ast.BinOp):
        return reader.binary(node)
    if isinstance(node, ast.Compare):
        return reader.compare(node)
    if isinstance(node, ast.IfExp):
        test = reader.boolean(node.test)
        body, other = reader.term(node.body), reader.term(node.orelse)
        if z3.is_bool(body) != z3.is_bool(other):
            body, other = reader.number(node.body), reader.number(node.orelse)
        return z3.If(test, body, other)
    return None
