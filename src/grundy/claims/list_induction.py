"""A claim about Nim positions of any number of heaps, proved by induction on the number
of heaps (:mod:`grundy.verify.length_induction`).

The claim's list variable ``h`` (``range = { h = { length = [...], each = [a, b] } }``) is
its position, and its statement reads ``h`` only through folds: ``len(h)``, ``sum(h)``,
``max(h)``, ``min(h)``, ``nimsum(h)``, and ``all``/``any``/``sum`` of a generator over
``h`` (``all(x <= 1 for x in h)``, ``sum(1 for x in h if x >= 2)``).  ``grundy`` and
``outcome`` are read through the library's theorems for Nim of any number of heaps, each
named in the verdict's ``assumes``: the value is the nim-sum
(``nim-value-any-number-of-heaps``); in normal play P exactly when it is 0
(``bouton-any-number-of-heaps``); in misère play P exactly when it is 1 if no heap
exceeds 1, and 0 otherwise (``misere-nim-any-number-of-heaps``).  Then the statement (under
``assume``) is a formula over the folds' states, and the engine checks the base, the step
and the goal of the induction on the number of heaps.

Only a game that plays by Nim's exact rules is read; anything else is not attempted, and
the claim keeps the verdict of its lengths ("checked for every length ...").
"""

from __future__ import annotations

import ast
from typing import Any

import z3

from grundy.claims.model import Claim
from grundy.claims.z3_translate import LEMMA_GRUNDY, LEMMA_MISERE, LEMMA_OUTCOME, LEMMAS
from grundy.games import Nim
from grundy.games.base import plays_by
from grundy.solve import Play
from grundy.verdict import UNBOUNDED, Assumption, Status, Verdict
from grundy.verify.length_induction import Fold, prove_for_every_length

__all__ = ["prove_every_length"]


class _NotRead(Exception):
    """The statement is outside what the induction reads (the message says what)."""


def prove_every_length(claim: Claim, timeout_ms: int, seed: int = 0) -> Verdict | None:
    """The induction's verdict on ``claim`` for every number of heaps, or ``None`` when
    the claim is not one it reads (a game other than Nim, other variables...)."""
    domain = claim.lists
    if domain is None or not plays_by(claim.game, Nim) or claim.variables != (domain.name,):
        return None
    position = claim.position.parsed.tree
    if not (isinstance(position, ast.Name) and position.id == domain.name):
        return None
    if domain.each[0] < 0:
        return None
    reader = _Reader(domain.name, domain.each, claim.play)
    try:
        goal = reader.truth(claim.statement.parsed.tree)
        if claim.assume is not None:
            goal = z3.Implies(reader.truth(claim.assume.parsed.tree), goal)
    except _NotRead as exc:
        return Verdict(
            Status.UNKNOWN,
            "length-induction",
            claim.scope,
            message=f"the induction on the number of heaps does not read {exc}",
        )
    except z3.Z3Exception as exc:  # a term of mixed sorts, such as 'x if c else True'
        return Verdict(
            Status.UNKNOWN,
            "length-induction",
            claim.scope,
            message=f"the induction on the number of heaps could not read the statement ({exc})",
        )
    first = max(1, domain.length[0])  # no heaps at all (length 0) is among the lengths checked
    low, high = domain.each
    what = (
        f"any number of heaps of {domain.name} (at least {domain.length[0]}), each from {low} "
        f"to {high}, by induction on the number of heaps"
    )
    verdict = prove_for_every_length(
        list(reader.folds.values()),
        reader.count,
        reader.number,
        z3.And(reader.number >= low, reader.number <= high),
        goal,
        first=first,
        timeout_ms=timeout_ms,
        seed=seed,
        what=what,
        candidates=reader.candidates(),
    )
    if verdict.status is not Status.PROVED:
        return verdict
    assumes = tuple(Assumption(lemma, LEMMAS[lemma].describe()) for lemma in sorted(reader.lemmas))
    scope = (
        f"{UNBOUNDED} number of heaps of {domain.name} (at least {domain.length[0]}), each "
        f"from {low} to {high}"
    )
    if claim.assume is not None:
        scope += f"; assuming {claim.assume.text.strip()}"
    return Verdict(
        Status.PROVED,
        verdict.method,
        scope,
        message=f"proved for {what}: {verdict.message}",
        seconds=verdict.seconds,
        details={
            "induction": f"on the number of heaps k: base k = 1, step k to k + 1, goal for "
            f"k >= {first}, each by Z3",
            "folds": sorted(reader.folds),
            "relations": verdict.details.get("relations", []),
        },
        assumes=assumes,
    )


_FUNCTIONS = ("len", "sum", "max", "min", "nimsum")


class _Reader:
    """Reads one expression as a Z3 term over the folds of the list ``name``."""

    def __init__(self, name: str, each: tuple[int, int], play: Play) -> None:
        self.name, self.each, self.play = name, each, play
        self.width = max(1, each[1].bit_length())
        self.count = z3.Int("heaps")
        self.number = z3.Int("new_heap")
        self.folds: dict[str, Fold] = {}
        self.lemmas: set[str] = set()
        self.bound: dict[str, Any] = {}
        self.atoms: dict[str, Any] = {}  # comparisons of folds, for the relations offered

    def candidates(self) -> list[Any]:
        """Relations between the statement's conditions on the folds, offered to the
        induction: each atom implies, or is equivalent to, another (``all(x <= 1 for x in
        h)`` and ``max(h) <= 1``); only those inductive together are kept."""
        atoms = list(self.atoms.values())
        atoms += [f.state for f in self.folds.values() if isinstance(f.state, z3.BoolRef)]
        found: list[Any] = []
        for i, a in enumerate(atoms):
            for b in atoms[i + 1 :]:
                found += [a == b, z3.Implies(a, b), z3.Implies(b, a)]
        return found

    # -- folds -------------------------------------------------------------------------

    def fold(
        self, kind: str, body: ast.expr | None = None, var: str = "", cond: ast.expr | None = None
    ) -> Any:
        shown = "" if cond is None else f" if {ast.unparse(cond)}"
        key = kind if body is None else f"{kind}({ast.unparse(body)} for {var} in h{shown})"
        if key in self.folds:
            return self.folds[key].state
        low, high = self.each
        if kind == "nimsum":
            width = self.width
            fold = Fold(
                key,
                z3.BitVec(f"nimsum_{len(self.folds)}", width),
                lambda x: z3.Int2BV(x, width),
                lambda s, x: s ^ z3.Int2BV(x, width),
                lambda s, k: z3.BoolVal(True),
            )
        elif kind in ("max", "min"):
            pick = (
                (lambda s, x: z3.If(x > s, x, s))
                if kind == "max"
                else (lambda s, x: z3.If(x < s, x, s))
            )
            fold = Fold(
                key,
                z3.Int(f"{kind}_{len(self.folds)}"),
                lambda x: x,
                pick,
                lambda s, k: z3.And(s >= low, s <= high),
            )
        elif kind == "sum":
            fold = Fold(
                key,
                z3.Int(f"sum_{len(self.folds)}"),
                lambda x: x,
                lambda s, x: s + x,
                lambda s, k: z3.And(s >= k * low, s <= k * high),
            )
        else:  # all / any / a sum of a generator over the heaps
            assert body is not None
            element = self.element(kind, body, var, cond)
            state = (z3.Bool if kind in ("all", "any") else z3.Int)(f"{kind}_{len(self.folds)}")
            join = {"all": z3.And, "any": z3.Or}.get(kind, lambda s, v: s + v)
            fold = Fold(key, state, element, lambda s, x: join(s, element(x)), _no_fact)
        self.folds[key] = fold
        return fold.state

    def element(self, kind: str, body: ast.expr, var: str, cond: ast.expr | None) -> Any:
        """The generator's value at one heap ``x``, as a function of ``x``: a heap that
        the ``if`` leaves out counts as true for ``all``, false for ``any``, 0 for ``sum``."""

        def at(x: Any) -> Any:
            saved = dict(self.bound)
            self.bound[var] = x
            try:
                value = self.number_of(body) if kind == "sum" else self.truth(body)
                if cond is not None:
                    test = self.truth(cond)
                    if kind == "all":
                        value = z3.Implies(test, value)
                    elif kind == "any":
                        value = z3.And(test, value)
                    else:
                        value = z3.If(test, value, 0)
            finally:
                self.bound = saved
            return value

        return at

    # -- terms -----------------------------------------------------------------------------

    def nim_sum(self) -> Any:
        return z3.BV2Int(self.fold("nimsum"), is_signed=False)

    def is_p(self) -> Any:
        sum_ = self.nim_sum()
        if self.play is Play.NORMAL:
            self.lemmas.add(LEMMA_OUTCOME)
            return sum_ == 0
        self.lemmas.add(LEMMA_MISERE)
        small = self.fold("max") <= 1
        for atom in (small, sum_ == 1, sum_ == 0):
            self.atoms.setdefault(str(atom), atom)
        return z3.If(small, sum_ == 1, sum_ == 0)

    def truth(self, node: ast.expr) -> Any:
        value = self.term(node)
        if isinstance(value, z3.BoolRef):
            return value
        if isinstance(value, z3.ArithRef):
            return value != 0
        raise _NotRead(f"{ast.unparse(node)!r} as a truth")

    def number_of(self, node: ast.expr) -> Any:
        value = self.term(node)
        if isinstance(value, z3.ArithRef):
            return value
        raise _NotRead(f"{ast.unparse(node)!r} as a number")

    def term(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return z3.BoolVal(node.value)
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return z3.IntVal(node.value)
        if isinstance(node, ast.Name):
            if node.id in self.bound:
                return self.bound[node.id]
            if node.id == "grundy":
                self.lemmas.add(LEMMA_GRUNDY)
                return self.nim_sum()
            raise _NotRead(f"{node.id!r} there")
        if isinstance(node, ast.BoolOp):
            parts = [self.truth(v) for v in node.values]
            return z3.And(*parts) if isinstance(node.op, ast.And) else z3.Or(*parts)
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                return z3.Not(self.truth(node.operand))
            if isinstance(node.op, ast.USub):
                return -self.number_of(node.operand)
        if isinstance(node, ast.IfExp):
            return z3.If(self.truth(node.test), self.term(node.body), self.term(node.orelse))
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return self.call(node)
        raise _NotRead(repr(ast.unparse(node)))

    def binary(self, node: ast.BinOp) -> Any:
        left, right = self.number_of(node.left), self.number_of(node.right)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, (ast.Mod, ast.FloorDiv)) and _positive_constant(node.right):
            # Z3's integer division and remainder round as Python's for a positive divisor
            return left % right if isinstance(node.op, ast.Mod) else left / right
        raise _NotRead(repr(ast.unparse(node)))

    def compare(self, node: ast.Compare) -> Any:
        operands = [node.left, *node.comparators]
        parts = []
        for op, a, b in zip(node.ops, operands, operands[1:], strict=False):
            outcome = self.outcome_compare(op, a, b)
            if outcome is not None:
                parts.append(outcome)
                continue
            x, y = self.term(a), self.term(b)
            if isinstance(x, z3.BoolRef) != isinstance(y, z3.BoolRef):
                raise _NotRead(f"{ast.unparse(node)!r} (a truth compared with a number)")
            if isinstance(x, z3.BoolRef) and not isinstance(op, (ast.Eq, ast.NotEq)):
                raise _NotRead(repr(ast.unparse(node)))
            part = _ordered(op, x, y, node)
            if not self.bound and not isinstance(x, z3.BoolRef):  # about the folds alone
                self.atoms.setdefault(str(part), part)
            parts.append(part)
        return z3.And(*parts) if len(parts) > 1 else parts[0]

    def outcome_compare(self, op: ast.cmpop, a: ast.expr, b: ast.expr) -> Any:
        names = [n for n in (a, b) if isinstance(n, ast.Name) and n.id == "outcome"]
        if not names:
            return None
        other = b if a is names[0] else a
        if not (isinstance(other, ast.Constant) and other.value in ("P", "N")):
            raise _NotRead("'outcome' compared with anything but 'P' or 'N'")
        if not isinstance(op, (ast.Eq, ast.NotEq)):
            raise _NotRead("an ordering of outcomes")
        is_p = self.is_p()
        said = is_p if other.value == "P" else z3.Not(is_p)
        return said if isinstance(op, ast.Eq) else z3.Not(said)

    def call(self, node: ast.Call) -> Any:
        name = node.func.id  # type: ignore[attr-defined]
        if name in ("implies", "iff") and len(node.args) == 2:
            p, q = self.truth(node.args[0]), self.truth(node.args[1])
            return z3.Implies(p, q) if name == "implies" else p == q
        if len(node.args) != 1 or node.keywords:
            raise _NotRead(repr(ast.unparse(node)))
        (argument,) = node.args
        if isinstance(argument, ast.Name) and argument.id == self.name and name in _FUNCTIONS:
            if name == "len":
                return self.count
            return self.nim_sum() if name == "nimsum" else self.fold(name)
        if isinstance(argument, ast.GeneratorExp) and name in ("all", "any", "sum"):
            return self.generator(name, argument)
        raise _NotRead(repr(ast.unparse(node)))

    def generator(self, name: str, node: ast.GeneratorExp) -> Any:
        if len(node.generators) != 1:
            raise _NotRead(f"{ast.unparse(node)!r} (one 'for' over the heaps is read)")
        (loop,) = node.generators
        if not (
            isinstance(loop.target, ast.Name)
            and isinstance(loop.iter, ast.Name)
            and loop.iter.id == self.name
            and len(loop.ifs) <= 1
        ):
            raise _NotRead(f"{ast.unparse(node)!r} (only 'for x in {self.name}' is read)")
        cond = loop.ifs[0] if loop.ifs else None
        return self.fold(name, node.elt, loop.target.id, cond)


def _ordered(op: ast.cmpop, x: Any, y: Any, node: ast.expr) -> Any:
    if isinstance(op, ast.Eq):
        return x == y
    if isinstance(op, ast.NotEq):
        return x != y
    if isinstance(op, ast.Lt):
        return x < y
    if isinstance(op, ast.LtE):
        return x <= y
    if isinstance(op, ast.Gt):
        return x > y
    if isinstance(op, ast.GtE):
        return x >= y
    raise _NotRead(repr(ast.unparse(node)))


def _no_fact(state: Any, count: Any) -> Any:
    return z3.BoolVal(True)


def _positive_constant(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, int) and node.value > 0
