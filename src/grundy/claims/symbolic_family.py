"""A family of subtraction games proved for every value of its parameters at once.

A claim whose game's options use its variables is a family, checked one value at a time
(:mod:`grundy.claims.per_value`), at most :data:`~grundy.claims.param_family.MAX_VALUES`
values.  When the ranges hold more values than that, this method first tries one
symbolic proof with the parameters as Z3 variables.  It reads a claim when

* its game is the subtraction game, its set written in the parameters as
  ``range(low, stop)`` (``S = {1, ..., k}``: ``range(1, k + 1)``) or as a list
  (``[a, b]``, ``[k]``), each bound or number linear in the parameters;
* one claim variable is left besides the parameters, the heap ``n``, and the position is
  ``[n]``;
* the statement names the P-positions, ``(outcome == 'P') == F`` as for the ``p-set``
  method (normal or misère play), or the Grundy value, ``grundy == F`` (normal play),
  where ``F`` may also divide (``//``, ``%``) by an expression in the parameters, such as
  ``n % (k + 1)``, provided Z3 shows that divisor is at least 1 for every value.

The position handed to the engine is the heap followed by the parameters, which no move
changes (:func:`grundy.theory.move_relations.subtraction_family`): P-set induction
(:func:`grundy.verify.pset_induction.prove_p_set`) or Grundy-value induction
(:func:`grundy.verify.value_induction.prove_grundy_values`) on the heap then covers every
value of the parameters in one run.  Each part of ``assume`` (a top-level ``and``) that uses
only parameters restricts the parameters for the whole induction; the rest restricts only
the cases the claim asks about.  The game must exist for every value the induction reads
(a set that is not empty, of positive numbers), else the method declines.  A proof covers
every case from the ranges' lower bounds up, with no upper bound on the heap or the
parameters; a failure is ``refuted`` only at a case the exact solver confirms, with the
game of that value built then; anything else is ``unknown``, and the checker goes on with
the values one at a time.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from grundy.claims.model import Claim, Method
from grundy.claims.param_family import concrete_options
from grundy.claims.per_value import member_claim
from grundy.claims.pset_method import _IntFormula, _p_set_formula, _Refused
from grundy.errors import GrundyError
from grundy.games.base import plays_by
from grundy.games.subtraction import SubtractionGame
from grundy.solve import Play
from grundy.verdict import UNBOUNDED, Status, Verdict

__all__ = [
    "METHOD",
    "attempts",
    "check_family",
    "check_symbolically",
    "rechecker",
    "symbolic_refusal",
]

METHOD = "symbolic family"


@dataclass(frozen=True, slots=True)
class _Shape:
    heap: str
    parameters: tuple[str, ...]
    set_nodes: tuple[ast.expr, ...]  # (low, stop) of a range, or the listed numbers
    interval: bool
    formula: ast.expr
    grundy: bool  # the statement gives the Grundy value (else the P-positions)
    p_when_true: bool


def symbolic_refusal(claim: Claim) -> str | None:
    """Why this method does not read ``claim``, or ``None`` when it does."""
    try:
        _shape(claim)
    except _Refused as exc:
        return str(exc)
    return None


def attempts(claim: Claim) -> bool:
    """Whether the checker tries this method before the values one at a time: a family
    with more values than are checked one by one, under ``auto`` or ``p-set``."""
    split = claim.split
    return (
        split is not None
        and bool(split.beyond)
        and claim.method in (Method.AUTO, Method.P_SET)
        and symbolic_refusal(claim) is None
    )


def _shape(claim: Claim) -> _Shape:
    split = claim.split
    if split is None:
        raise _Refused("the claim is not a family of games")
    if not plays_by(claim.game, SubtractionGame):
        raise _Refused("only a family of subtraction games is read")
    places = [place for place, _ in split.spec]
    if places != [("set",)]:
        raise _Refused("the subtraction set must be the one option written in the variables")
    expression = split.spec[0][1]
    if expression.is_range:
        trees = [part.tree for part in expression.parts]
        if len(trees) != 2:
            raise _Refused("the set must be range(low, stop), with both bounds written")
        set_nodes, interval = tuple(trees), True
    else:
        tree = expression.parts[0].tree
        if not isinstance(tree, (ast.List, ast.Tuple)) or not tree.elts:
            raise _Refused("the set must be range(low, stop) or a list such as [a, b]")
        set_nodes, interval = tuple(tree.elts), False
    parameters = split.variables
    rest = [name for name in claim.variables if name not in parameters]
    if len(rest) != 1:
        raise _Refused("exactly one variable besides the parameters (the heap) is read")
    heap = rest[0]
    position = claim.position.parsed.tree
    if not (
        isinstance(position, (ast.List, ast.Tuple))
        and len(position.elts) == 1
        and isinstance(position.elts[0], ast.Name)
        and position.elts[0].id == heap
    ):
        raise _Refused(f"the position must be [{heap}], one heap")
    statement = claim.statement.parsed.tree
    grundy_formula = _grundy_formula(statement)
    if grundy_formula is not None:
        if claim.play is not Play.NORMAL:
            raise _Refused("a Grundy value is read in normal play only")
        formula, p_when_true, grundy = grundy_formula, True, True
    else:
        formula, p_when_true = _p_set_formula(statement)
        grundy = False
    shape = _Shape(heap, parameters, set_nodes, interval, formula, grundy, p_when_true)
    _translate_all(claim, shape)  # refuses what it cannot read, before anything runs
    return shape


def _grundy_formula(tree: ast.expr) -> ast.expr | None:
    """``F`` from ``grundy == F`` (either way round), or ``None``."""
    if not (isinstance(tree, ast.Compare) and len(tree.ops) == 1):
        return None
    if not isinstance(tree.ops[0], ast.Eq):
        return None
    left, right = tree.left, tree.comparators[0]
    for name, other in ((left, right), (right, left)):
        if isinstance(name, ast.Name) and name.id == "grundy":
            return other
    return None


class _Reading:
    """The claim's formulas as Z3 terms of a position ``[heap, *parameters]``."""

    def __init__(self, claim: Claim, shape: _Shape, x: Any) -> None:
        import z3

        names = (shape.heap, *shape.parameters)
        self.divisors: list[Any] = []
        self.reader = _IntFormula(dict(zip(names, x, strict=True)), self.divisors)
        self.shape, self.claim, self.z3 = shape, claim, z3

    def formula(self) -> Any:
        if self.shape.grundy:
            return self.reader.number(self.shape.formula)
        value = self.reader.boolean(self.shape.formula)
        return value if self.shape.p_when_true else self.z3.Not(value)

    def set_terms(self) -> tuple[Any, ...]:
        return tuple(self.reader.number(node) for node in self.shape.set_nodes)

    def assumed(self, parameters_only: bool) -> list[Any]:
        """The parts of ``assume`` (a top-level ``and``) that use only the parameters
        (``parameters_only``), or all of it."""
        if self.claim.assume is None:
            return []
        tree = self.claim.assume.parsed.tree
        parts = (
            tree.values if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And) else [tree]
        )
        chosen = [
            part
            for part in parts
            if not parameters_only or _names(part) <= set(self.shape.parameters)
        ]
        return [self.reader.boolean(part) for part in chosen]

    def moduli(self) -> list[Any]:
        """Every divisor of a ``%`` in the formula, as a term (to guess moves with)."""
        return [
            self.reader.number(node.right)
            for node in ast.walk(self.shape.formula)
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod)
        ]


def _names(tree: ast.expr) -> set[str]:
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def _translate_all(claim: Claim, shape: _Shape) -> None:
    import z3

    x = [z3.Int(name) for name in (shape.heap, *shape.parameters)]
    reading = _Reading(claim, shape, x)
    try:
        reading.formula()
        reading.set_terms()
        reading.assumed(False)
    except z3.Z3Exception as exc:
        raise _Refused(f"not read: {exc}") from None


def check_symbolically(
    claim: Claim, *, timeout_ms: int, seed: int, recheck: Callable[[Mapping[str, Any]], bool]
) -> Verdict:
    """The verdict of one induction over every value of the parameters (see the module);
    ``recheck`` is the exact solver's word on a case of the whole claim."""
    import z3

    from grundy.theory.move_relations import subtraction_family
    from grundy.verify.pset_induction import prove_p_set
    from grundy.verify.value_induction import prove_grundy_values

    try:
        shape = _shape(claim)
    except _Refused as exc:
        return Verdict(Status.UNKNOWN, METHOD, claim.scope, message=f"not read: {exc}")
    names = (shape.heap, *shape.parameters)
    lows = {name: claim.ranges[name][0] for name in names}

    def reading(x: Any) -> _Reading:
        return _Reading(claim, shape, list(x))

    def admitted(parameters: Any) -> Any:
        x = [z3.IntVal(0), *parameters]  # the parameters' own conditions: no heap in them
        bounds = [p >= lows[name] for name, p in zip(shape.parameters, parameters, strict=True)]
        return z3.And(*bounds, *reading(x).assumed(True))

    def takes(parameters: Any) -> Any:
        return reading([z3.IntVal(0), *parameters]).set_terms()

    relation = subtraction_family(
        f"the subtraction game {_set_words(claim)}, for every {', '.join(shape.parameters)}",
        len(shape.parameters),
        shape.interval,
        takes,
        admitted,
    )

    def region(x: Any) -> Any:
        bounds = [term >= lows[name] for name, term in zip(names, x, strict=True)]
        return z3.And(*bounds, *reading(x).assumed(False))

    def domain(x: Any) -> Any:
        highs = [term <= claim.ranges[name][1] for name, term in zip(names, x, strict=True)]
        return z3.And(region(x), *highs)

    # divisors written in the variables must be at least 1 wherever the formula is read
    # (every position the induction meets, and every case): only there are Z3's div and
    # mod Python's // and %.  Checked on a wider set, every heap from 0 (or the range's
    # lower bound, if less) and the parameters' lower bounds, so that assume, itself
    # read with the divisors, plays no part in it.
    x = [z3.Int(f"d{i}") for i in range(len(names))]
    found = reading(x)
    found.formula(), found.set_terms(), found.assumed(False)
    wider = z3.And(
        x[0] >= min(0, lows[shape.heap]),
        *[term >= lows[name] for name, term in zip(shape.parameters, x[1:], strict=True)],
    )
    problem = _divisors_fail(wider, found.divisors, timeout_ms, seed)
    if problem is not None:
        return Verdict(Status.UNKNOWN, METHOD, claim.scope, message=problem)

    order = _order(claim, names)
    common: dict[str, Any] = {
        "names": names,
        "domain": domain,
        "region": region,
        "recheck": lambda case: recheck(case),
        "timeout_ms": timeout_ms,
        "seed": seed,
        "order": order,
    }
    if shape.grundy:

        def value(x: Any) -> Any:
            return reading(x).formula()

        verdict = prove_grundy_values(
            relation, value, witnesses=_value_guesses(shape, reading), **common
        )
    else:

        def phi(x: Any) -> Any:
            return reading(x).formula()

        verdict = prove_p_set(
            relation,
            phi,
            misere=claim.play is Play.MISERE,
            witnesses=_p_guesses(shape, reading),
            **common,
        )
    method = f"{METHOD}: {verdict.method}"
    if verdict.status is Status.PROVED:
        return replace(verdict, method=method, scope=_scope(claim, shape, verdict.method))
    return replace(verdict, method=method, scope=claim.scope)


def _divisors_fail(valid: Any, divisors: list[Any], timeout_ms: int, seed: int) -> str | None:
    import z3

    from grundy.verify.smt import decide

    for divisor in divisors:
        solver = z3.Solver()
        solver.set("timeout", max(timeout_ms, 1))
        solver.set("random_seed", seed)
        solver.add(valid, divisor < 1)
        decision = decide(solver, max(timeout_ms, 1), step=f"the divisor {divisor} is at least 1")
        if decision.answer != z3.unsat:
            return (
                f"a divisor, {divisor}, was not shown to be at least 1 for every value: "
                "// and % by it are not read"
            )
    return None


def _heap_moves(shape: _Shape, reading: Callable[[Any], _Reading], x: Any) -> list[Any]:
    """Heaps a move from ``x`` may leave (guesses): the least and the largest take of an
    interval, and every take of a list."""
    import z3

    found = reading(x)
    heap = x[0]
    numbers = found.set_terms()
    if not shape.interval:
        return [heap - s for s in numbers]
    low, stop = numbers
    return [heap - low, z3.If(stop - 1 < heap, heap - (stop - 1), 0)]


def _p_guesses(
    shape: _Shape, reading: Callable[[Any], _Reading]
) -> Callable[[Any], list[list[Any]]]:
    """Candidate moves into the P-positions: the simple takes, and for each divisor ``d``
    of a ``%`` in the formula, the take ``n % d`` and ``(n - 1) % d`` (to the multiple of
    ``d`` below, or one above it: the P-positions of ``n % d == 0`` and of ``== 1``)."""

    def guesses(x: Any) -> list[list[Any]]:
        heap, rest = x[0], list(x[1:])
        heaps = _heap_moves(shape, reading, x)
        if shape.interval:
            for d in reading(x).moduli():
                heaps += [heap - heap % d, heap - (heap - 1) % d]
        return [[h, *rest] for h in heaps]

    return guesses


def _value_guesses(
    shape: _Shape, reading: Callable[[Any], _Reading]
) -> Callable[[Any, Any], list[list[Any]]]:
    """Candidate moves to a position of value ``v``: the simple takes, and the take
    ``f(n) - v`` (the value of ``n mod d`` falls by what is taken)."""

    def guesses(x: Any, v: Any) -> list[list[Any]]:
        heap, rest = x[0], list(x[1:])
        heaps = _heap_moves(shape, reading, x)
        if shape.interval:
            heaps.append(heap - (reading(x).formula() - v))
        return [[h, *rest] for h in heaps]

    return guesses


def _order(claim: Claim, names: tuple[str, ...]) -> list[tuple[Callable[[Any], Any], int]]:
    """The claim's order of cases: the sum of the variables, then each in ``vars`` order."""
    import z3

    index = {name: i for i, name in enumerate(names)}
    lows = [claim.ranges[name][0] for name in claim.variables]

    def total(x: Any) -> Any:
        return z3.Sum([x[index[name]] for name in claim.variables])

    def variable(name: str) -> Callable[[Any], Any]:
        return lambda x: x[index[name]]

    return [(total, sum(lows)), *[(variable(n), claim.ranges[n][0]) for n in claim.variables]]


def _set_words(claim: Claim) -> str:
    assert claim.split is not None
    return f"S = {claim.split.spec[0][1].text}"


def _scope(claim: Claim, shape: _Shape, engine: str) -> str:
    """Every case from the ranges' lower bounds up, and the argument named."""
    names = (*shape.parameters, shape.heap)
    lows = ", ".join(f"{name} >= {claim.ranges[name][0]}" for name in names)
    assumed = f", assuming {claim.assume.text.strip()}" if claim.assume is not None else ""
    return (
        f"{UNBOUNDED} {lows}{assumed}: one {engine} on the heap {shape.heap}, with "
        f"{', '.join(shape.parameters)} symbolic (a Z3 variable)"
    )


def rechecker(claim: Claim) -> Callable[[Mapping[str, Any]], bool]:
    """Whether ``claim`` holds at a case (or the case is not one of its cases), by the
    exact solver on the game of the case's own parameters, built for it; true (no
    counterexample) when that game cannot be built or solved."""
    from grundy.claims.runner import ClaimRunner

    split = claim.split
    assert split is not None

    def recheck(case: Mapping[str, Any]) -> bool:
        value = tuple(int(case[name]) for name in split.variables)
        rest = {name: case[name] for name in claim.variables if name not in split.variables}
        try:
            game = split.game_at(case)
            if game is None:
                point = dict(zip(split.variables, value, strict=True))
                options = concrete_options(claim.params, split.spec, point, claim.id)
                game = type(claim.game)(**options)
            member = member_claim(claim, split.variables, value, game)
            if member is None:
                return True  # assume leaves this value out
            runner = ClaimRunner(member)
            return not runner.admitted(rest) or bool(runner.holds(rest))
        except GrundyError:
            return True  # not confirmed: never a counterexample

    return recheck


def check_family(
    claim: Claim, per_value: Callable[[], Verdict], *, timeout_ms: int, seed: int
) -> Verdict:
    """The verdict on a family: one symbolic proof first where :func:`attempts` says so,
    its verdict when it proves or refutes the claim; otherwise ``per_value()`` (the values
    one at a time), whose message then says why the symbolic proof did not go through."""
    if not attempts(claim):
        return per_value()
    symbolic = check_symbolically(claim, timeout_ms=timeout_ms, seed=seed, recheck=rechecker(claim))
    if symbolic.status in (Status.PROVED, Status.REFUTED):
        return symbolic
    verdict = per_value()
    why = f"one symbolic proof for every value did not go through ({symbolic.message})"
    return replace(
        verdict,
        message=f"{verdict.message}; {why}",
        details={**verdict.details, "symbolic": symbolic.message},
        seconds=verdict.seconds + symbolic.seconds,
    )
