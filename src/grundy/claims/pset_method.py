"""Claims that name a game's P-positions, proved for every position by P-set induction.

A claim fits when

* its game has a move relation (:func:`~grundy.theory.move_relations.move_relation`:
  Nim, subtraction games, two-row Chomp, Wythoff, played by exactly their rules) and is
  played in normal play;
* its position is a list of distinct claim variables, one for each of the claim's
  variables (``[a, b]``), so that the claim speaks of every position of that shape;
* its statement is ``(outcome == 'P') == F`` (either side, ``'N'``, ``!=``, or
  ``iff(outcome == 'P', F)``), where ``F`` and ``assume`` use only the variables, whole
  constants, ``+ - *``, ``//`` and ``%`` by a positive constant, comparisons, ``and or
  not``, ``x if c else y``, ``abs``, ``min``, ``max``, ``implies`` and ``iff``.

The formula the statement gives for the P-positions is then handed, with the game's
relation, to :func:`~grundy.verify.pset_induction.prove_p_set`, read over unbounded
integers (Z3's integer arithmetic: a product of two variables is nonlinear, and Z3 may
then answer ``unknown``, never ``proved``).  A proof covers every case of the ranges' lower
bounds and ``assume``, with no upper bound.  Anything else is ``unknown`` with the reason,
and ``auto`` goes on with its other methods.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from grundy.claims.model import Claim
from grundy.claims.z3_terms import operator_term
from grundy.solve import Play
from grundy.verdict import UNBOUNDED, Status, Verdict

__all__ = ["check_by_p_set", "p_set_refusal"]


class _Refused(Exception):
    """The claim is not of a shape this method reads (the message says why)."""


@dataclass(frozen=True, slots=True)
class _Shape:
    names: tuple[str, ...]  # the position's variables, in order
    formula: ast.expr  # F
    p_when_true: bool  # P exactly when F holds (False: exactly when it fails)


def p_set_refusal(claim: Claim) -> str | None:
    """Why the method does not apply to ``claim``, or ``None`` when it does (read from the
    claim's text and game alone, so the planner can ask cheaply)."""
    try:
        _read(claim)
    except _Refused as exc:
        return str(exc)
    return None


def _read(claim: Claim) -> _Shape:
    """The claim's shape, its formula and ``assume`` translated once (refused otherwise)."""
    import z3

    shape = _shape(claim)
    reader = _IntFormula({name: z3.Int(name) for name in shape.names})
    for tree in [shape.formula] + ([] if claim.assume is None else [claim.assume.parsed.tree]):
        try:
            reader.boolean(tree)
        except z3.Z3Exception as exc:  # e.g. sorts the reading did not foresee
            raise _Refused(f"{ast.unparse(tree)!r} is not read: {exc}") from None
    return shape


def check_by_p_set(
    claim: Claim,
    *,
    timeout_ms: int,
    seed: int,
    recheck: Callable[[Mapping[str, Any]], bool],
    explain: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None,
) -> Verdict:
    """The verdict of P-set induction on ``claim`` (``unknown`` with the reason when the
    claim is not of a shape it reads); ``recheck`` re-evaluates a case with a fresh exact
    solver, true when the claim holds there or the case is outside ``assume``; ``explain``
    adds to a counterexample the values that break the statement there."""
    import z3

    from grundy.verify.pset_induction import METHOD, prove_p_set

    try:
        shape = _read(claim)
        relation = _relation(claim, shape)
        assert relation is not None  # _shape refused otherwise
        ranges = claim.ranges

        def bounds(x: Any, upper: bool) -> list[Any]:
            found = []
            for name, term in zip(shape.names, x, strict=True):
                low, high = ranges[name]
                found.append(term >= low)
                if upper:
                    found.append(term <= high)
            return found

        def translated(tree: ast.expr, x: Any) -> Any:
            return _IntFormula(dict(zip(shape.names, x, strict=True))).boolean(tree)

        def assumed(x: Any) -> list[Any]:
            return [] if claim.assume is None else [translated(claim.assume.parsed.tree, x)]

        def phi(x: Any) -> Any:
            value = translated(shape.formula, x)
            return value if shape.p_when_true else z3.Not(value)

    except _Refused as exc:
        return Verdict(Status.UNKNOWN, METHOD, claim.scope, message=f"not read: {exc}")
    verdict = prove_p_set(
        relation,
        phi,
        names=shape.names,
        domain=lambda x: z3.And(*bounds(x, True), *assumed(x)),
        region=lambda x: z3.And(*bounds(x, False), *assumed(x)),
        recheck=recheck,
        timeout_ms=timeout_ms,
        seed=seed,
        order=_claim_order(claim, shape),
    )
    if verdict.status is Status.PROVED:
        return replace(verdict, scope=_unbounded_scope(claim, shape))
    case = verdict.counterexample
    if case is not None and explain is not None:
        case = {**case, **explain(case)}
    return replace(verdict, scope=claim.scope, counterexample=case)


def _claim_order(claim: Claim, shape: _Shape) -> list[tuple[Callable[[Any], Any], int]]:
    """The claim's order of cases (the sum of the variables, then each in ``vars`` order),
    so that a counterexample is the least one whatever Z3 found first."""
    import z3

    index = {name: i for i, name in enumerate(shape.names)}
    lows = [claim.ranges[name][0] for name in claim.variables]

    def total(x: Any) -> Any:
        return z3.Sum([x[index[name]] for name in claim.variables])

    def variable(name: str) -> Callable[[Any], Any]:
        return lambda x: x[index[name]]

    return [(total, sum(lows)), *[(variable(n), claim.ranges[n][0]) for n in claim.variables]]


def _unbounded_scope(claim: Claim, shape: _Shape) -> str:
    """What a proof covers: every case from the ranges' lower bounds up, under ``assume``
    (``unbounded a >= 1, b >= 0, assuming b <= a``)."""
    lows = ", ".join(f"{name} >= {claim.ranges[name][0]}" for name in shape.names)
    assumed = f", assuming {claim.assume.text.strip()}" if claim.assume is not None else ""
    return f"{UNBOUNDED} {lows}{assumed}"


def _relation(claim: Claim, shape: _Shape) -> Any:
    from grundy.theory.move_relations import move_relation

    return move_relation(claim.game, len(shape.names))


def _shape(claim: Claim) -> _Shape:
    from grundy.theory.move_relations import SUPPORTED, move_relation

    if claim.play is not Play.NORMAL:
        raise _Refused("P-set induction reads normal play only")
    position = claim.position.parsed.tree
    if not isinstance(position, (ast.List, ast.Tuple)) or not all(
        isinstance(entry, ast.Name) for entry in position.elts
    ):
        raise _Refused("the position must be a list of the claim's variables")
    names = tuple(entry.id for entry in position.elts if isinstance(entry, ast.Name))
    if len(set(names)) != len(names) or set(names) != set(claim.variables):
        raise _Refused("the position must name each of the claim's variables once")
    if move_relation(claim.game, len(names)) is None:
        raise _Refused(f"no move relation for this game (there is one for {SUPPORTED})")
    formula, p_when_true = _p_set_formula(claim.statement.parsed.tree)
    return _Shape(names, formula, p_when_true)


def _p_set_formula(tree: ast.expr) -> tuple[ast.expr, bool]:
    """``F`` and whether P is where it holds, from ``(outcome == 'P') == F`` and its kin."""
    if (
        isinstance(tree, ast.Call)
        and isinstance(tree.func, ast.Name)
        and tree.func.id == "iff"
        and len(tree.args) == 2
        and not tree.keywords
    ):
        return _one_side((tree.args[0], tree.args[1]), equal=True)
    if (
        isinstance(tree, ast.Compare)
        and len(tree.ops) == 1
        and isinstance(tree.ops[0], (ast.Eq, ast.NotEq))
    ):
        return _one_side((tree.left, tree.comparators[0]), equal=isinstance(tree.ops[0], ast.Eq))
    raise _Refused("the statement must be (outcome == 'P') == F, for a formula F of the variables")


def _one_side(pair: tuple[ast.expr, ast.expr], *, equal: bool) -> tuple[ast.expr, bool]:
    for test, other in (pair, pair[::-1]):
        letter = _outcome_letter(test)
        if letter is not None:
            return other, (letter == "P") == equal
    raise _Refused("the statement must be (outcome == 'P') == F, for a formula F of the variables")


def _outcome_letter(node: ast.expr) -> str | None:
    """``'P'`` or ``'N'`` when ``node`` is ``outcome == 'P'`` (or ``'N'``, either way round)."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
        return None
    if not isinstance(node.ops[0], ast.Eq):
        return None
    for name, letter in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
        if (
            isinstance(name, ast.Name)
            and name.id == "outcome"
            and isinstance(letter, ast.Constant)
            and letter.value in ("P", "N")
        ):
            return str(letter.value)
    return None


class _IntFormula:
    """A formula of the claim's variables as a Z3 term over unbounded integers."""

    def __init__(self, variables: Mapping[str, Any], divisors: list[Any] | None = None) -> None:
        self.variables = variables
        # None: // and % by a positive constant only.  A list: any divisor is read, and
        # each one that is not a constant is kept here, for the caller to show it is at
        # least 1 wherever the formula is read (Z3's div and mod are Python's only then).
        self.divisors = divisors

    def boolean(self, node: ast.expr) -> Any:
        import z3

        value = self.term(node)
        return value if z3.is_bool(value) else value != 0

    def number(self, node: ast.expr) -> Any:
        import z3

        value = self.term(node)
        return z3.If(value, z3.IntVal(1), z3.IntVal(0)) if z3.is_bool(value) else value

    def term(self, node: ast.expr) -> Any:
        import z3

        if isinstance(node, ast.Constant) and type(node.value) in (bool, int):
            value = node.value
            return z3.BoolVal(value) if isinstance(value, bool) else z3.IntVal(value)
        if isinstance(node, ast.Name) and node.id in self.variables:
            return self.variables[node.id]
        if isinstance(node, ast.BoolOp):
            parts = [self.term(value) for value in node.values]
            if not all(z3.is_bool(part) for part in parts):
                raise _Refused("'and'/'or' of numbers")
            return z3.And(*parts) if isinstance(node.op, ast.And) else z3.Or(*parts)
        shared = operator_term(self, node)
        if shared is not None:
            return shared
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
            return self.call(node.func.id, node.args)
        raise _Refused(f"{ast.unparse(node)!r} is not read as integer arithmetic")

    def binary(self, node: ast.BinOp) -> Any:
        left, right = self.number(node.left), self.number(node.right)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, (ast.FloorDiv, ast.Mod)):
            import z3

            divisor = z3.simplify(right)
            # Z3's div and mod agree with Python's // and % for a positive divisor only.
            if not (z3.is_int_value(divisor) and divisor.as_long() > 0):
                if self.divisors is None:
                    raise _Refused(f"{ast.unparse(node)!r}: // and % only by a positive constant")
                self.divisors.append(right)
            return left / divisor if isinstance(node.op, ast.FloorDiv) else left % divisor
        raise _Refused(f"the operator in {ast.unparse(node)!r}")

    def compare(self, node: ast.Compare) -> Any:
        import z3

        steps = []
        left_node = node.left
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            left, right = self.term(left_node), self.term(right_node)
            if z3.is_bool(left) != z3.is_bool(right) or (
                z3.is_bool(left) and not isinstance(op, (ast.Eq, ast.NotEq))
            ):
                left, right = self.number(left_node), self.number(right_node)
            steps.append(_COMPARISONS[type(op)](left, right) if type(op) in _COMPARISONS else None)
            if steps[-1] is None:
                raise _Refused(f"the comparison in {ast.unparse(node)!r}")
            left_node = right_node
        return z3.And(*steps) if len(steps) > 1 else steps[0]

    def call(self, name: str, args: list[ast.expr]) -> Any:
        import z3

        if name in ("implies", "iff") and len(args) == 2:
            first, second = self.boolean(args[0]), self.boolean(args[1])
            return z3.Implies(first, second) if name == "implies" else first == second
        if name == "abs" and len(args) == 1:
            value = self.number(args[0])
            return z3.If(value < 0, -value, value)
        if name in ("min", "max") and len(args) >= 2:
            values = [self.number(arg) for arg in args]
            best = values[0]
            for value in values[1:]:
                best = z3.If(value < best if name == "min" else value > best, value, best)
            return best
        raise _Refused(f"the function {name!r} is not read as integer arithmetic")


_COMPARISONS: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
}
