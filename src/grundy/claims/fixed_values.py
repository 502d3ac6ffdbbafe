"""A claim's expression with some of its variables fixed at numbers (one value of a family).

A family of claims (:mod:`grundy.claims.param_family`) is checked one value of its split
variables at a time.  Each value's expressions are the claim's, with those variables
replaced by their numbers in the tree and read again by the claim language's parser, so
every check of a claim's expression applies to them as to any claim's.

``assume`` is decided here first, for every value, before that value's game is built:
an ``assume`` that, with the value put in, names no other variable and asks nothing of a
game is then true or false by itself, and a value it makes false is dropped from the
family (docs/claims.md: "it is evaluated first, so a case it excludes is never built").
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence

from grundy.claims.evaluate import Scope, compile_expression
from grundy.claims.expression import ParsedExpression, parse_expression
from grundy.claims.values import truth
from grundy.errors import ClaimError

__all__ = ["assume_at", "with_values"]


class _PutValues(ast.NodeTransformer):
    def __init__(self, case: Mapping[str, int]) -> None:
        self.case = case

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id not in self.case:
            return node
        if not isinstance(node.ctx, ast.Load):
            raise ClaimError(f"{node.id!r} is a claim variable and cannot be bound again")
        number = self.case[node.id]
        constant = ast.Constant(abs(number))
        return ast.UnaryOp(ast.USub(), constant) if number < 0 else constant


def with_values(
    expression: ParsedExpression,
    case: Mapping[str, int],
    rest: Sequence[str],
    claim_id: str,
    field: str,
) -> ParsedExpression:
    """``expression`` with the variables of ``case`` replaced by their numbers, read again
    by the claim language's parser (``rest``: the variables left)."""
    tree = ast.parse(expression.text.strip(), mode="eval")
    for node in ast.walk(tree):  # a comprehension may not rebind a claim's variable
        if isinstance(node, ast.comprehension):
            for target in ast.walk(node.target):
                if isinstance(target, ast.Name) and target.id in case:
                    raise ClaimError(
                        f"claim {claim_id!r}, {field}: {target.id!r} is a variable of the "
                        "claim and cannot be the name of a 'for'"
                    )
    text = ast.unparse(ast.fix_missing_locations(_PutValues(case).visit(tree)))
    return parse_expression(text, field, claim_id, tuple(rest))


def assume_at(
    assume: ParsedExpression | None,
    case: Mapping[str, int],
    rest: Sequence[str],
    claim_id: str,
) -> tuple[bool, ParsedExpression | None]:
    """Whether ``assume`` admits the value ``case`` of the split variables, and what is
    left of it to assume of the other variables (``None``: nothing).

    A value is dropped when ``assume``, or one of the conjuncts of an ``and`` at its top,
    is false once the value is put in and it names no other variable and no position
    (``k % 2 == 1 and a <= b`` drops the even ``k``).  Whatever cannot be decided from
    the value alone (or fails to evaluate) is left for each case, as for any claim."""
    if assume is None:
        return True, None
    left = with_values(assume, case, rest, claim_id, "assume")
    tree = left.tree
    conjuncts = (
        tree.values if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And) else [tree]
    )
    for conjunct in conjuncts:
        decided = _decided(conjunct, rest, claim_id)
        if decided is False:
            return False, None
        if decided is None:
            break  # an 'and' stops at its first false part: later parts may not be run alone
    if not (left.names & set(rest)) and not left.uses_position:
        return True, None  # true for this value: nothing is left to assume
    return True, left


def _decided(node: ast.expr, rest: Sequence[str], claim_id: str) -> bool | None:
    """The truth of ``node`` when it needs nothing but numbers, else ``None``."""
    parsed = parse_expression(ast.unparse(node), "assume", claim_id, tuple(rest))
    if parsed.names & set(rest) or parsed.uses_position:
        return None
    try:
        return bool(truth(compile_expression(parsed, claim_id, "assume")(Scope({}))))
    except ClaimError:
        return None  # it fails as any case's assume would: the cases will say so
