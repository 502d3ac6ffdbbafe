"""Evaluating claim expressions with our own interpreter (never ``eval``).

A checked expression (:mod:`grundy.claims.expression`) is compiled once into a tree of
small Python closures, one per node, then called for every case.  Values are whole
numbers (``int``, and ``bool`` for truth values), text, exact numbers of Q(sqrt 5)
(:class:`~grundy.claims.numbers.Surd`, for anything involving ``phi``) and tuples (every
list literal and every position is a tuple, so lists and tuples compare equal element by
element; see :mod:`grundy.claims.values`).  Sizes are guarded *before* computing: a
power, shift, product or repeated list whose result would be too large is refused with a
message naming the piece of text.

Facts about the claim's position (``grundy``, ``outcome``, ``moves``, ``winning_moves``,
``g(...)``, ``outcome_of(...)``) come from a :class:`Facts` object, asked only when the
expression reaches them.

>>> from grundy.claims.expression import parse_expression
>>> run = compile_expression(parse_expression("floor(n * phi)", "statement", "demo", {"n"}))
>>> [run(Scope({"n": n})) for n in range(1, 6)]
[1, 3, 4, 6, 8]
"""

from __future__ import annotations

import ast

from grundy.claims.builtin_functions import PLAIN_FUNCTIONS
from grundy.claims.comprehension import compile_aggregate, compile_list
from grundy.claims.expression import (
    AGGREGATES,
    FUNCTIONS,
    GAME_FUNCTIONS,
    NAMED_GAME_FACTS,
    ParsedExpression,
)
from grundy.claims.numbers import PHI, Surd
from grundy.claims.operators import BINARY, COMPARE
from grundy.claims.scope import Facts, Run, Scope
from grundy.claims.values import (
    MAX_BITS,
    MAX_ITEMS,
    MAX_NIM_PRODUCT_BITS,
    Value,
    _check_items,
    _EvalError,
    _kind,
    plain,
    short_value,
    show_value,
    truth,
    value_size,
)
from grundy.errors import ClaimError, GrundyError
from grundy.games.base import Game

__all__ = [
    "MAX_BITS",
    "MAX_ITEMS",
    "MAX_NIM_PRODUCT_BITS",
    "Facts",
    "Run",
    "Scope",
    "Value",
    "compile_expression",
    "plain",
    "short_value",
    "show_value",
    "truth",
    "value_size",
]


# Names that do not vary from case to case (functions are called, never looked up).
_CONSTANT_NAMES = FUNCTIONS | {"phi", "range"}
# Calls whose value is computed when the claim is checked, never when it is read: facts
# of positions, and facts of whole games (read from certificates, within the budget).
_PER_CHECK = GAME_FUNCTIONS | NAMED_GAME_FACTS


def _is_constant(node: ast.AST) -> bool:
    """Whether ``node`` has the same value in every case: no variable, no name a
    comprehension binds, no position fact."""
    return not any(
        isinstance(n, ast.Name) and n.id not in _CONSTANT_NAMES for n in ast.walk(node)
    ) and not any(
        isinstance(n, ast.Call) and getattr(n.func, "id", "") in _PER_CHECK for n in ast.walk(node)
    )


def compile_expression(parsed: ParsedExpression, claim_id: str = "", field_name: str = "") -> Run:
    """Compile ``parsed`` into a function of a :class:`Scope`.

    Parts without names (constants such as ``2 ** 10**9``) are computed now, so size
    limits and type errors in them are reported when the claim is loaded.
    """
    where = f" in {field_name} of claim {claim_id!r}" if claim_id else ""
    return _Compiler(parsed.text.strip(), where).compile(parsed.tree)


def _facts(scope: Scope) -> Facts:
    if scope.facts is None:
        raise _EvalError("this expression cannot ask about positions")
    return scope.facts


def _position_name(name: str) -> Run:
    def get(scope: Scope) -> Value:
        if name in scope.used:
            return scope.used[name]
        facts = _facts(scope)
        value: Value
        if name == "grundy":
            value = facts.grundy()
        elif name == "outcome":
            value = facts.outcome()
        elif name == "moves":
            value = facts.moves()
        else:
            value = facts.winning_moves()
        scope.used[name] = value
        return value

    return get


class _Compiler:
    def __init__(self, text: str, where: str) -> None:
        self.text = text
        self.where = where

    def piece(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.text, node) or type(node).__name__

    def guarded(self, node: ast.AST, run: Run) -> Run:
        """Turn value-level failures of ``run`` into a ClaimError naming ``node``'s text."""
        piece, where = self.piece(node), self.where

        def call(scope: Scope) -> Value:
            try:
                return run(scope)
            except _EvalError as exc:
                raise ClaimError(f"{exc} in {piece!r}{where}") from None
            except GrundyError:
                raise
            except (ArithmeticError, ValueError, TypeError) as exc:  # a guard we did not foresee
                raise ClaimError(f"cannot evaluate {piece!r}{where}: {exc}") from None

        return call

    def is_constant(self, node: ast.AST) -> bool:
        return _is_constant(node)

    def compile(self, node: ast.AST) -> Run:
        run = self.node(node)
        if _is_constant(node):
            value = run(Scope({}))  # a constant: compute it (and its errors) once, now
            return lambda scope: value
        return run

    def node(self, node: ast.AST) -> Run:
        if isinstance(node, ast.Constant):
            constant = node.value
            return lambda scope: constant
        if isinstance(node, ast.Name):
            return self.name(node.id)
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.compile(item) for item in node.elts]

            def build(scope: Scope) -> Value:
                built = tuple(item(scope) for item in items)
                for value in built:  # flat lists of small numbers (most) need no count
                    if isinstance(value, tuple) or (
                        isinstance(value, int) and value.bit_length() > 64
                    ):
                        _check_items(value_size(built))
                        break
                return built

            return self.guarded(node, build)
        if isinstance(node, ast.BoolOp):
            return self.boolean(node)
        if isinstance(node, ast.UnaryOp):
            return self.unary(node)
        if isinstance(node, ast.BinOp):
            apply, left, right = (
                BINARY[type(node.op)],
                self.compile(node.left),
                self.compile(node.right),
            )
            return self.guarded(node, lambda scope: apply(left(scope), right(scope)))
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.IfExp):
            test, body, other = (
                self.compile(node.test),
                self.compile(node.body),
                self.compile(node.orelse),
            )
            return lambda scope: body(scope) if truth(test(scope)) else other(scope)
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Subscript):
            return self.subscript(node)
        if isinstance(node, ast.ListComp):
            return self.guarded(node, compile_list(self, node))
        raise ClaimError(f"cannot evaluate {self.piece(node)!r}{self.where}")

    def name(self, name: str) -> Run:
        if name == "phi":
            return lambda scope: PHI
        if name in ("grundy", "outcome", "moves", "winning_moves"):
            return _position_name(name)

        def variable(scope: Scope) -> Value:
            return scope.values[name]

        return variable

    def boolean(self, node: ast.BoolOp) -> Run:
        parts = [self.compile(value) for value in node.values]
        if isinstance(node.op, ast.And):

            def both(scope: Scope) -> Value:
                value: Value = True
                for part in parts:
                    value = part(scope)
                    if not truth(value):
                        return value
                return value

            return both

        def either(scope: Scope) -> Value:
            value: Value = False
            for part in parts:
                value = part(scope)
                if truth(value):
                    return value
            return value

        return either

    def unary(self, node: ast.UnaryOp) -> Run:
        operand = self.compile(node.operand)
        if isinstance(node.op, ast.Not):
            return lambda scope: not truth(operand(scope))

        negate = isinstance(node.op, ast.USub)

        def sign(value: Value) -> Value:
            if isinstance(value, int):
                return -value if negate else +value
            if isinstance(value, Surd):
                return -value if negate else value
            raise _EvalError(f"'{'-' if negate else '+'}' needs a number, got {_kind(value)}")

        return self.guarded(node, lambda scope: sign(operand(scope)))

    def compare(self, node: ast.Compare) -> Run:
        first = self.compile(node.left)
        steps = [
            (COMPARE[type(op)], self.compile(right))
            for op, right in zip(node.ops, node.comparators, strict=True)
        ]

        def chain(scope: Scope) -> Value:
            left = first(scope)
            for test, right_run in steps:
                right = right_run(scope)
                if not test(left, right):
                    return False
                left = right
            return True

        return self.guarded(node, chain)

    def call(self, node: ast.Call) -> Run:
        assert isinstance(node.func, ast.Name)  # the static pass allows nothing else
        name = node.func.id
        if (
            name in AGGREGATES
            and len(node.args) == 1
            and isinstance(node.args[0], ast.GeneratorExp)
        ):
            return self.guarded(node, compile_aggregate(self, name, node.args[0]))
        args = [self.compile(arg) for arg in node.args]
        if name == "implies":
            premise, conclusion = args
            return lambda scope: (not truth(premise(scope))) or truth(conclusion(scope))
        if name == "iff":
            left, right = args
            return lambda scope: truth(left(scope)) == truth(right(scope))
        if name in ("g", "outcome_of") and len(args) == 2:
            return self.guarded(node, self.named_game_fact(node, args[1]))
        if name in ("g", "outcome_of"):
            (argument,) = args
            ask_grundy = name == "g"

            def fact(scope: Scope) -> Value:
                position = argument(scope)
                facts = _facts(scope)
                value = facts.grundy_of(position) if ask_grundy else facts.outcome_of(position)
                scope.show(f"{name}({short_value(position, 200)})", value)
                return value

            return self.guarded(node, fact)
        if name in NAMED_GAME_FACTS:
            return self.guarded(node, self.named_game_only(node, args[1:]))
        function = PLAIN_FUNCTIONS[name]
        return self.guarded(node, lambda scope: function([arg(scope) for arg in args]))

    def named_game_fact(self, node: ast.Call, argument: Run) -> Run:
        """``g("kayles", [k])``: a fact about a position of a game named as on the command
        line; the name is resolved now, so a bad one is reported when the claim is read."""
        assert isinstance(node.func, ast.Name) and isinstance(node.args[0], ast.Constant)
        name, label = node.func.id, str(node.args[0].value)
        game = self.named_game(node, label)

        def fact(scope: Scope) -> Value:
            position = argument(scope)
            facts = _facts(scope)
            value = (
                facts.grundy_in(game, position) if name == "g" else facts.outcome_in(game, position)
            )
            scope.show(f"{name}({label!r}, {show_value(position)})", value)
            return value

        return fact

    def named_game_only(self, node: ast.Call, rest: list[Run]) -> Run:
        """``period('0.137')``, ``quotient_order('kayles', 30)``: a fact of a named game
        alone, read from its certificate when the claim is checked (never when it is
        read: that may take the claim's budget)."""
        from grundy.claims.game_only_facts import named_fact  # certificates, only when used

        assert isinstance(node.func, ast.Name) and isinstance(node.args[0], ast.Constant)
        name, label = node.func.id, str(node.args[0].value)
        game = self.named_game(node, label)

        def fact(scope: Scope) -> Value:
            given = [arg(scope) for arg in rest]
            value = named_fact(name, game, given, scope.meter)
            scope.show(f"{name}({', '.join([repr(label), *map(show_value, given)])})", value)
            return value

        return fact

    def named_game(self, node: ast.Call, label: str) -> Game:
        from grundy.games.labels import game_from_label  # the catalogue, only when used

        try:
            return game_from_label(label)
        except GrundyError as exc:
            raise ClaimError(f"{exc}, in {self.piece(node)!r}{self.where}") from None

    def subscript(self, node: ast.Subscript) -> Run:
        container, index = self.compile(node.value), self.compile(node.slice)

        def item(scope: Scope) -> Value:
            items = container(scope)
            position = index(scope)
            if not isinstance(items, tuple):
                raise _EvalError(f"only lists can be indexed, not {_kind(items)}")
            if isinstance(position, bool) or not isinstance(position, int):
                raise _EvalError(f"a list index must be a whole number, got {_kind(position)}")
            if not -len(items) <= position < len(items):
                raise _EvalError(f"index {position} is outside a list of {len(items)} items")
            return items[position]

        return self.guarded(node, item)
