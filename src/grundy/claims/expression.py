"""The claim language: reading an expression and refusing anything outside it.

Expressions are read with Python's :mod:`ast` (parsing only, nothing runs) and then
walked against an allow-list.  What is allowed:

* integer, text (``'P'``, ``'N'``) and ``True``/``False`` constants;
* names: the claim's variables, ``phi``, and the position names ``grundy``, ``outcome``,
  ``moves``, ``winning_moves``;
* ``+ - * // % **``, ``^ & | << >>``, unary ``-``/``+``, comparisons (chained too),
  ``in``/``not in``, ``and or not``, ``x if c else y``;
* list and tuple literals; indexing a list by an integer (``moves[0]``, ``p[-1]``), but no
  slices: an index is the one subscript worth having;
* calls of the listed functions only, with plain arguments: ``len min max abs floor ceil
  nimsum mex nim_mul nim_inv nim_pow implies iff g outcome_of all any exists sum popcount
  bit_length bit gcd isqrt``; ``g`` and ``outcome_of`` take an optional first argument, a
  game written as text (``g("kayles", [k])``); ``exists`` is the book's word for ``any``
  (:data:`ALIASES`: read as ``any`` once checked, so every later step sees one name);
* comprehensions (:mod:`grundy.claims.comprehension` evaluates them): a list
  ``[x for k in ...]`` anywhere, and a generator as the one argument of ``all any sum min
  max nimsum mex``; each ``for`` binds one new name to the values of a list or of
  ``range(...)`` (allowed only there), ``if`` clauses filter, and several ``for`` nest.

Everything else (assignment, attribute access, dunder names, lambda, set and dict
comprehensions, dicts, sets, f-strings, ``/``, keyword arguments, ``*args``) is refused
with a message naming the offending piece of text.  Unknown names are found here, before
any case is checked.

>>> parsed = parse_expression("a ^ b == 0", "statement", "demo", {"a", "b"})
>>> sorted(parsed.names)
['a', 'b']
>>> parse_expression("x.y", "statement", "demo", {"x"})
Traceback (most recent call last):
...
grundy.errors.ClaimError: attribute access 'x.y' is not allowed in statement of claim 'demo'
"""

from __future__ import annotations

import ast
import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from grundy.errors import ClaimError

__all__ = [
    "AGGREGATES",
    "ALIASES",
    "FUNCTIONS",
    "GAME_FUNCTIONS",
    "MAX_DEPTH",
    "MAX_LENGTH",
    "NAMED_GAME_FACTS",
    "POSITION_NAMES",
    "RESERVED_NAMES",
    "ParsedExpression",
    "canonical_names",
    "parse_expression",
]

MAX_LENGTH = 2_000
"""Longest expression text accepted (characters)."""

MAX_DEPTH = 50
"""Deepest nesting of sub-expressions accepted."""

ALIASES: dict[str, str] = {"exists": "any"}
"""Other names of functions: the name a book writes, and the function it stands for.  An
alias is checked as written (its arity, its generator), then the tree is rewritten to the
function's own name (:func:`canonical_names`), so evaluation, Z3, P-set induction and the
typesetting never meet it."""

_ARITY_GROUPS: dict[tuple[int, int | None], tuple[str, ...]] = {
    (0, None): ("nimsum", "mex"),
    (1, 1): (
        "len",
        "abs",
        "floor",
        "ceil",
        "nim_inv",
        "all",
        "any",
        "sum",
        "popcount",
        "bit_length",
        "isqrt",
        "period",
        "preperiod",
    ),
    (1, 2): ("g", "outcome_of"),
    (1, None): ("min", "max", "nim_mul", "gcd"),
    (2, 2): ("nim_pow", "implies", "iff", "bit", "quotient_order", "p_portion_size", "is_tame"),
}
"""Each function of the language under its arity: the least and greatest number of
arguments it takes (``None``: any number)."""
_ARITY = {name: arity for arity, names in _ARITY_GROUPS.items() for name in names}
_ARITY.update({alias: _ARITY[function] for alias, function in ALIASES.items()})

FUNCTIONS = frozenset(_ARITY)
"""Every function name a claim may call (aliases included)."""
_OWN_AGGREGATES = frozenset({"all", "any", "sum", "min", "max", "nimsum", "mex"})
AGGREGATES = _OWN_AGGREGATES | frozenset(a for a, f in ALIASES.items() if f in _OWN_AGGREGATES)
"""Functions that may take a generator (``sum(x for x in moves)``) as their one argument."""
GAME_FUNCTIONS = frozenset({"g", "outcome_of"})
"""Functions of a position: of the claim's game, or of a game named in a first argument."""
NAMED_GAME_FACTS = frozenset({"period", "preperiod", "quotient_order", "p_portion_size", "is_tame"})
"""Facts of a game named in the first argument, as text, that no position of the claim's
game enters: read from certificates (:mod:`grundy.claims.sequence_facts`,
:mod:`grundy.claims.quotient_facts`), each computed when the claim is checked."""
_NAMED_EXAMPLES = {
    "period": "period('0.137')",
    "preperiod": "preperiod('0.137')",
    "quotient_order": "quotient_order('kayles', 30)",
    "p_portion_size": "p_portion_size('kayles', 30)",
    "is_tame": "is_tame('kayles', 30)",
}
POSITION_NAMES = frozenset({"grundy", "outcome", "moves", "winning_moves"})
"""Names that stand for facts about the claim's position, computed only when used."""

RESERVED_NAMES = POSITION_NAMES | FUNCTIONS | {"phi", "True", "False", "range"}

_BINARY = (
    ast.Add,
    ast.Sub,
    ast.Mult,
    ast.FloorDiv,
    ast.Mod,
    ast.Pow,
    ast.BitXor,
    ast.BitAnd,
    ast.BitOr,
    ast.LShift,
    ast.RShift,
)
_COMPARE = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn)
_UNARY = (ast.USub, ast.UAdd, ast.Not)

# Friendly names for the constructs people are most likely to try.
_REFUSED = {
    ast.Attribute: "attribute access",
    ast.Lambda: "lambda",
    ast.SetComp: "a set comprehension",
    ast.DictComp: "a dict comprehension",
    ast.NamedExpr: "assignment ':='",
    ast.Dict: "a dict",
    ast.Set: "a set",
    ast.JoinedStr: "an f-string",
    ast.Starred: "'*' unpacking",
    ast.Await: "await",
    ast.Yield: "yield",
    ast.YieldFrom: "yield",
    ast.Slice: "a slice",
}


@dataclass(frozen=True, slots=True)
class ParsedExpression:
    """A checked expression: its text, its tree and every name and function it uses."""

    text: str
    tree: ast.expr
    names: frozenset[str]
    functions: frozenset[str]

    @property
    def uses_position(self) -> bool:
        """True when evaluating it needs the solver (a position name, ``g``, ``outcome_of``)."""
        return bool(self.names & POSITION_NAMES) or bool(self.functions & {"g", "outcome_of"})

    @property
    def reads_position(self) -> bool:
        """True when evaluating it needs the claim's own position (a position name)."""
        return bool(self.names & POSITION_NAMES)


def parse_expression(
    text: str, field: str, claim_id: str, variables: Iterable[str]
) -> ParsedExpression:
    """Read ``text`` (the claim's ``field``) and check it against the allow-list.

    ``variables`` are the claim's vars.  Raises :class:`ClaimError` naming the field, the
    claim and the offending token.
    """
    where = f"in {field} of claim {claim_id!r}"
    if not isinstance(text, str):
        raise ClaimError(f"{field} of claim {claim_id!r} must be text, got {text!r}")
    if len(text) > MAX_LENGTH:
        raise ClaimError(
            f"{field} of claim {claim_id!r} is {len(text):,} characters long; "
            f"the limit is {MAX_LENGTH:,}"
        )
    if not text.strip():
        raise ClaimError(f"{field} of claim {claim_id!r} is empty")
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as exc:
        hint = _syntax_hint(text, set(variables))
        compared = text.replace("<=", "").replace(">=", "").replace("!=", "")
        if not hint and "=" in text and "==" not in compared:
            hint = "assignment is not allowed; compare with '=='"
        hint = f" ({hint})" if hint else ""
        raise ClaimError(f"cannot read {field} of claim {claim_id!r}: {exc.msg}{hint}") from None
    except (RecursionError, MemoryError):
        raise ClaimError(f"{field} of claim {claim_id!r} is nested too deeply") from None
    checker = _Checker(text.strip(), where, set(variables))
    for node in ast.walk(tree):  # the most telling refusal first: a dunder name anywhere
        if isinstance(node, ast.Name) and "__" in node.id:
            raise ClaimError(f"name {node.id!r} is not allowed {where}")
    for node in ast.walk(tree):  # then constructs that are never allowed, wherever they are
        if isinstance(node, ast.Starred):
            piece = checker.piece(node)
            raise ClaimError(
                f"{piece!r} is not allowed {where}: {_nimber_hint(piece)} "
                "('*' unpacking is not allowed)"
            )
        for refused, label in _REFUSED.items():
            if isinstance(node, refused):
                raise checker.refuse(label, node)
    checker.visit(tree, 1)
    functions = frozenset(ALIASES.get(name, name) for name in checker.functions)
    return ParsedExpression(text, canonical_names(tree), frozenset(checker.names), functions)


def canonical_names(tree: ast.expr) -> ast.expr:
    """``tree`` with every call of an alias (:data:`ALIASES`) made a call of the function
    it names, in place; the one place an alias is resolved (the claim checker's parser and
    the report's printer both ask it).  Calls only: a name bound by ``for`` is refused as
    a reserved name before this runs."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            node.func.id = ALIASES.get(node.func.id, node.func.id)
    return tree


class _Checker:
    def __init__(self, text: str, where: str, variables: set[str]) -> None:
        self.text = text
        self.where = where
        self.variables = variables
        self.names: set[str] = set()
        self.functions: set[str] = set()
        self.bound: list[str] = []  # names bound by the enclosing comprehensions' 'for's

    def piece(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.text, node) or type(node).__name__

    def refuse(self, what: str, node: ast.AST) -> ClaimError:
        return ClaimError(f"{what} {self.piece(node)!r} is not allowed {self.where}")

    def visit(self, node: ast.AST, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise ClaimError(f"expression nested more than {MAX_DEPTH} deep {self.where}")
        for refused, label in _REFUSED.items():
            if isinstance(node, refused):
                raise self.refuse(label, node)
        children: list[ast.AST]
        if isinstance(node, ast.Constant):
            self.constant(node)
            return
        if isinstance(node, ast.Name):
            self.name(node)
            return
        if isinstance(node, (ast.List, ast.Tuple)):
            children = list(node.elts)
        elif isinstance(node, ast.BoolOp):
            children = list(node.values)
        elif isinstance(node, ast.UnaryOp):
            if not isinstance(node.op, _UNARY):
                raise self.refuse("the operator", node)
            children = [node.operand]
        elif isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.Div):
                raise ClaimError(
                    f"'/' in {self.piece(node)!r} is not allowed {self.where}; "
                    "use '//' (whole-number division)"
                )
            if not isinstance(node.op, _BINARY):
                raise self.refuse("the operator in", node)
            children = [node.left, node.right]
        elif isinstance(node, ast.Compare):
            for op in node.ops:
                if not isinstance(op, _COMPARE):
                    raise self.refuse("the comparison", node)
            children = [node.left, *node.comparators]
        elif isinstance(node, ast.IfExp):
            children = [node.test, node.body, node.orelse]
        elif isinstance(node, ast.Call):
            children = self.call(node, depth)
        elif isinstance(node, ast.ListComp):
            self.comprehension(node, depth)
            return
        elif isinstance(node, ast.GeneratorExp):
            listed = ", ".join(f"{name}()" for name in sorted(AGGREGATES))
            raise ClaimError(
                f"a generator {self.piece(node)!r} must be the one argument of one of {listed} "
                f"{self.where}; elsewhere write a list [... for ...]"
            )
        elif isinstance(node, ast.Subscript):
            index = node.slice
            if isinstance(index, ast.Constant) and not (
                isinstance(index.value, int) and not isinstance(index.value, bool)
            ):
                raise self.refuse("the index", node)
            children = [node.value, index]
        else:
            raise self.refuse(_describe(node), node)
        for child in children:
            self.visit(child, depth + 1)

    def constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, (bool, int, str)):
            return
        raise ClaimError(
            f"constant {self.piece(node)!r} is not allowed {self.where}; "
            "only whole numbers, text and True/False are"
        )

    def name(self, node: ast.Name) -> None:
        name = node.id
        if name.startswith("__") or name.endswith("__"):
            raise ClaimError(f"name {name!r} is not allowed {self.where}")
        if name in self.bound:
            return
        if name in FUNCTIONS or name == "range":
            raise ClaimError(f"function {name!r} must be called, e.g. {name}(...), {self.where}")
        if name in self.variables or name in POSITION_NAMES or name == "phi":
            self.names.add(name)
            return
        if name in {"true", "false"}:
            raise ClaimError(f"unknown name {name!r} {self.where} (write {name.title()})")
        if name in _OUTCOMES:
            raise ClaimError(
                f"unknown name {name!r} {self.where}: outcomes are text, write '{name}' "
                f"(in quotes), as in outcome == '{name}'"
            )
        known = sorted(self.variables | POSITION_NAMES | {"phi"} | set(self.bound))
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ClaimError(f"unknown name {name!r} {self.where}{hint}")

    def call(self, node: ast.Call, depth: int) -> list[ast.AST]:
        if not isinstance(node.func, ast.Name):
            self.visit(node.func, 1)  # names the real culprit (an attribute, a lambda...)
            raise self.refuse("the call", node)
        name = node.func.id
        if name == "range":
            raise ClaimError(
                f"range(...) is allowed only after 'in' in a comprehension, as in "
                f"all(... for k in range(a, b)); got {self.piece(node)!r} {self.where}"
            )
        if name not in FUNCTIONS:
            listed = ", ".join(sorted(FUNCTIONS))
            raise ClaimError(f"unknown function {name!r} {self.where}; the functions are: {listed}")
        if node.keywords:
            raise self.refuse("a keyword argument in", node)
        low, high = _ARITY[name]
        count = len(node.args)
        if count < low or (high is not None and count > high):
            wanted = (
                f"{low}" if low == high else f"at least {low}" if high is None else f"{low}-{high}"
            )
            raise ClaimError(
                f"{name}() takes {wanted} argument{'s' if wanted != '1' else ''}, "
                f"got {count} in {self.piece(node)!r} {self.where}"
            )
        if (count == 2 and name in GAME_FUNCTIONS) or name in NAMED_GAME_FACTS:
            game = node.args[0]
            if not (isinstance(game, ast.Constant) and isinstance(game.value, str)):
                example = _NAMED_EXAMPLES.get(name, f"{name}('kayles', [k])")
                which = "first argument" if name in NAMED_GAME_FACTS else "first of two arguments"
                raise ClaimError(
                    f"the {which} of {name}() names a game as text, e.g. "
                    f"{example}; got {self.piece(game)!r} {self.where}"
                )
        self.functions.add(name)
        if count == 1 and isinstance(node.args[0], ast.GeneratorExp) and name in AGGREGATES:
            self.comprehension(node.args[0], depth + 1)
            return []
        return list(node.args)

    def comprehension(self, node: ast.ListComp | ast.GeneratorExp, depth: int) -> None:
        """``[x for k in xs if c]``: each ``for`` reads its source in the names bound so
        far, then binds its own name for the later clauses and the element."""
        bound_here: list[str] = []
        for clause in node.generators:
            if clause.is_async:
                raise self.refuse("'async for' in", node)
            target = clause.target
            if not isinstance(target, ast.Name):
                raise ClaimError(
                    f"a 'for' binds one name, not {self.piece(target)!r}, in "
                    f"{self.piece(node)!r} {self.where}"
                )
            self.source(clause.iter, depth + 1)
            self.bind(target.id, node)
            bound_here.append(target.id)
            for test in clause.ifs:
                self.visit(test, depth + 1)
        self.visit(node.elt, depth + 1)
        for name in bound_here:
            self.bound.remove(name)

    def source(self, node: ast.expr, depth: int) -> None:
        """What a ``for`` runs over: ``range(stop)``, ``range(start, stop[, step])`` or an
        expression giving a list."""
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "range"):
            self.visit(node, depth)
            return
        if node.keywords or not 1 <= len(node.args) <= 3:
            raise ClaimError(
                f"range() takes 1-3 plain arguments (stop, or start, stop[, step]), "
                f"got {self.piece(node)!r} {self.where}"
            )
        for argument in node.args:
            self.visit(argument, depth + 1)

    def bind(self, name: str, node: ast.AST) -> None:
        if name in RESERVED_NAMES:
            raise ClaimError(
                f"{name!r} is a name of the claim language and cannot be bound by 'for' in "
                f"{self.piece(node)!r} {self.where}"
            )
        if name in self.variables:
            raise ClaimError(
                f"{name!r} is a variable of the claim; the 'for' in {self.piece(node)!r} needs "
                f"another name {self.where}"
            )
        if name in self.bound:
            raise ClaimError(
                f"{name!r} is already bound by an enclosing 'for' in {self.piece(node)!r} "
                f"{self.where}; choose another name"
            )
        self.bound.append(name)


_OUTCOMES = frozenset({"P", "N"})

# ``n mod 7``: a word operator where Python (and the claim language) writes ``%``.
_MOD_WORD = re.compile(r"(?<=[\w)\]])\s+mod\s+(?=[\w(\[])")
# ``*2`` or ``*a`` where an operand should start: nimber notation, not multiplication.
_NIMBER = re.compile(r"(?:^|(?<=[(\[,=<>!+\-%^&|]))\s*\*\s*(\w+)")


# Operators of other languages, and what this one writes instead.
_SLIPS = (
    (re.compile(r"&&"), "write 'and' for &&"),
    (re.compile(r"\|\|"), "write 'or' for ||"),
    (re.compile(r"!(?!=)"), "write 'not' for !"),
    (re.compile(r"=>|->"), "write implies(p, q) for an implication (or >= to compare)"),
)


def _syntax_hint(text: str, variables: set[str]) -> str:
    """Advice for text that is not an expression at all, for the slips people make most:
    ``n mod 7``, nimbers written ``*a``.

    >>> print(_syntax_hint("n mod 7 == 0", {"n"}))
    use % for the remainder: n % 7, not n mod 7
    >>> _syntax_hint("grundy == *a", {"a"})
    'nimbers are written as whole numbers: *a is a'
    """
    if "mod" not in variables:
        match = _MOD_WORD.search(text)
        if match is not None:
            left = text[: match.start()].split()[-1] if text[: match.start()].split() else ""
            right = text[match.end() :].split()[0] if text[match.end() :].split() else ""
            return f"use % for the remainder: {left} % {right}, not {left} mod {right}"
    match = _NIMBER.search(text)
    if match is not None:
        return _nimber_hint("*" + match.group(1))
    for slip, advice in _SLIPS:
        if slip.search(text):
            return advice
    return ""


def _nimber_hint(piece: str) -> str:
    """``*a`` read as a nimber: the claim language writes the nimber *a as a."""
    bare = piece.lstrip("*").strip()
    return f"nimbers are written as whole numbers: *{bare} is {bare}"


def _describe(node: ast.AST) -> str:
    return {
        "Assign": "assignment",
        "Compare": "the comparison",
    }.get(type(node).__name__, f"the construct ({type(node).__name__})")
