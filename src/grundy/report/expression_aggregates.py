r"""Comprehensions and integer helpers of the claim language, typeset as mathematics.

:mod:`grundy.report.expression` prints the operators; this module prints what the
claim language gained for statements as books write them:

* ``all(P for k in range(a, b))`` is ``∀ k ∈ {a, …, b−1}: P`` and ``any`` is ``∃``;
  an ``if`` filter becomes a condition (``∀ k: c ⟹ P``, ``∃ k: c ∧ P``), so the
  formula means exactly what the claim checks;
* ``sum`` and ``nimsum`` are ``Σ`` and a big ``⊕`` with limits (``k = a`` to ``b − 1``)
  or with the range written under them (``0 ≤ k < n, k odd``);
* ``min``, ``max``, ``mex`` and a list ``[e for ...]`` are sets written by a rule,
  ``mex{𝒢(m) ∣ m ∈ moves(n)}``; lists joined by ``+`` inside ``mex``/``min``/``max`` are
  a union of sets (those functions do not care about order or repeats);
* over a short list written out (``for h in [a, b, c]``), ``sum``/``nimsum``/``all``/
  ``any``/``min``/``max``/``mex`` are written out too: ``bit(a, i) + bit(b, i) + ...``;
* ``popcount(x)`` is ``ones(x)`` (the number of ones in binary, a name of our own:
  :func:`notation_defined` gives the line a handout prints under the formula to define
  it), ``bit(x, i)`` the
  binary digit ``⌊x / 2^i⌋ mod 2``, ``bit_length(x)`` is ``⌈log₂(x + 1)⌉``,
  ``isqrt(x)`` is ``⌊√x⌋``, ``gcd(a, b)`` is ``gcd(a, b)``.

Nothing here writes text of the claim into the formula except through the printer, so
what the printer refuses (any text constant but an outcome) stays refused.

>>> from grundy.report.expression import expression_latex
>>> print(expression_latex("all(a ^ b != 0 for k in range(n + 1))"))
\forall k \in \{0, \ldots, n\}\colon a \oplus b \ne 0
>>> print(expression_latex("nimsum(g([h]) for h in [a, b])"))
\mathcal{G}(a) \oplus \mathcal{G}(b)
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Sequence
from typing import Protocol

from grundy.report.mathml import MathSyntaxError
from grundy.report.precedence import ADD, AND, ATOM, COMPARE, IF, MUL, XOR

__all__ = [
    "aggregate_latex",
    "collection_latex",
    "comprehension_latex",
    "helper_latex",
    "is_remainder",
    "notation_defined",
]

WRITTEN_OUT = 6
"""Longest list literal whose comprehension is written out term by term."""

_SET_LIKE = ("all", "any", "min", "max", "mex")  # repeats and order do not matter


class Printer(Protocol):
    """What this module needs of the expression printer."""

    def print(self, node: ast.expr, context: int) -> str: ...
    def node(self, node: ast.expr) -> tuple[str, int]: ...
    def error(self, node: ast.AST) -> MathSyntaxError: ...


# -- what one ``for`` runs over ---------------------------------------------------------


def _range_parts(
    printer: Printer, clause: ast.comprehension
) -> tuple[str, str | None, str, str | None]:
    """``(first, last, stop, step condition)`` of ``for k in range(...)``; ``last`` is the
    last value when it can be written simply (``n`` for ``range(n + 1)``), else ``None``."""
    call = clause.iter
    assert isinstance(call, ast.Call)
    args = call.args
    if not 1 <= len(args) <= 3 or call.keywords:
        raise printer.error(call)
    start = args[0] if len(args) >= 2 else ast.Constant(0)
    stop = args[1] if len(args) >= 2 else args[0]
    step_text = None
    if len(args) == 3:
        step = args[2]
        if not (isinstance(step, ast.Constant) and type(step.value) is int and step.value > 0):
            raise printer.error(call)  # a computed step: no plain notation
        if step.value != 1:
            name = _target(printer, clause)
            distance = f"{name} - {printer.print(start, ADD + 1)}"
            step_text = f"({distance}) \\bmod {step.value} = 0"
    last = None
    if isinstance(stop, ast.Constant) and type(stop.value) is int:
        last = str(stop.value - 1)
    elif (
        isinstance(stop, ast.BinOp)
        and isinstance(stop.op, ast.Add)
        and isinstance(stop.right, ast.Constant)
        and stop.right.value == 1
    ):
        last = printer.print(stop.left, ADD)
    return printer.print(start, COMPARE + 1), last, printer.print(stop, ADD), step_text


def _target(printer: Printer, clause: ast.comprehension) -> str:
    if not isinstance(clause.target, ast.Name):
        raise printer.error(clause.target)
    return printer.print(clause.target, ATOM)


def _is_range(clause: ast.comprehension) -> bool:
    call = clause.iter
    return isinstance(call, ast.Call) and getattr(call.func, "id", "") == "range"


def _descending(printer: Printer, clause: ast.comprehension) -> list[str] | None:
    """``range(a, b, -s)`` (a constant step below 0): ``b < k ≤ a`` and, unless s is 1,
    ``(a − k) mod s = 0``; ``None`` for any other ``for``."""
    call = clause.iter
    if not (isinstance(call, ast.Call) and len(call.args) == 3 and _is_range(clause)):
        return None
    step = call.args[2]
    if isinstance(step, ast.UnaryOp) and isinstance(step.op, ast.USub):
        operand = step.operand
        if isinstance(operand, ast.Constant) and type(operand.value) is int:
            step = ast.Constant(-operand.value)
    if not (isinstance(step, ast.Constant) and type(step.value) is int and step.value < 0):
        return None
    name, start = _target(printer, clause), printer.print(call.args[0], COMPARE + 1)
    parts = [rf"{printer.print(call.args[1], COMPARE + 1)} < {name} \le {start}"]
    if step.value != -1:
        parts.append(rf"({printer.print(call.args[0], ADD)} - {name}) \bmod {-step.value} = 0")
    return parts


def _listed(printer: Printer, node: ast.expr, as_set: bool) -> str:
    """The list a ``for`` runs over; a literal is a set where repeats cannot matter."""
    if isinstance(node, (ast.List, ast.Tuple)):
        members = ", ".join(printer.print(e, 0) for e in node.elts)
        return r"\{" + members + r"\}" if as_set else f"({members})"
    return printer.print(node, COMPARE + 1)


def _not_ascending(printer: Printer, clause: ast.comprehension, as_set: bool) -> list[str] | None:
    """The whole of a clause that is not an ascending ``range`` (``k ∈ moves(n)``, or a
    descending range), which the long and short forms write alike; None for an ascending one."""
    if not _is_range(clause):
        return [rf"{_target(printer, clause)} \in {_listed(printer, clause.iter, as_set)}"]
    return _descending(printer, clause)


def _member(printer: Printer, clause: ast.comprehension, as_set: bool) -> list[str]:
    """``k ∈ {a, …, b − 1}`` (or ``k ∈ moves(n)``), then its step condition if any."""
    name, whole = _target(printer, clause), _not_ascending(printer, clause, as_set)
    if whole is not None:
        return whole
    first, last, stop, step = _range_parts(printer, clause)
    if last is None:
        shown = rf"{name} \in \{{{first}, \ldots, {stop} - 1\}}"
    elif first.isdigit() and last.lstrip("-").isdigit() and int(last) - int(first) <= 2:
        values = ", ".join(str(v) for v in range(int(first), int(last) + 1))
        shown = rf"{name} \in \{{{values}\}}"
    else:
        shown = rf"{name} \in \{{{first}, \ldots, {last}\}}"
    return [shown] + ([step] if step else [])


def _bounds(printer: Printer, clause: ast.comprehension, as_set: bool) -> list[str]:
    """``a ≤ k < b`` (or ``k ∈ moves(n)``): the short form under a Σ or in a set."""
    name, whole = _target(printer, clause), _not_ascending(printer, clause, as_set)
    if whole is not None:
        return whole
    first, last, stop, step = _range_parts(printer, clause)
    upper = rf"< {stop}" if last is None else rf"\le {last}"
    return [rf"{first} \le {name} {upper}"] + ([step] if step else [])


def _conditions(printer: Printer, generators: Sequence[ast.comprehension]) -> list[str]:
    return [printer.print(test, AND + 1) for clause in generators for test in clause.ifs]


# -- aggregates -------------------------------------------------------------------------


def aggregate_latex(printer: Printer, name: str, node: ast.GeneratorExp) -> tuple[str, int]:
    """``name(element for ...)`` for one of ``all any sum nimsum min max mex``."""
    written = _written_out(printer, name, node)
    if written is not None:
        return written
    generators = node.generators
    as_set = name in _SET_LIKE
    conditions = _conditions(printer, generators)
    if name in ("all", "any"):
        members = [part for clause in generators for part in _member(printer, clause, as_set)]
        symbol = r"\forall" if name == "all" else r"\exists"
        if not conditions:
            body = printer.print(node.elt, IF + 1)
        elif name == "all":
            condition = r" \land ".join(conditions)
            body = rf"{condition} \implies {printer.print(node.elt, COMPARE + 1)}"
        else:
            body = r" \land ".join([*conditions, printer.print(node.elt, AND + 1)])
        return rf"{symbol} {', '.join(members)}\colon {body}", IF
    if name in ("sum", "nimsum"):
        symbol, strength = (r"\sum", ADD) if name == "sum" else (r"\bigoplus", XOR)
        element = printer.print(node.elt, MUL if name == "sum" else XOR + 1)
        if is_remainder(node.elt) or (name == "nimsum" and _arithmetic(node.elt)):
            element = f"({printer.print(node.elt, 0)})"
        return f"{_limits(printer, symbol, generators, conditions)} {element}", strength
    if name in ("min", "max", "mex"):
        operator = r"\operatorname{mex}" if name == "mex" else f"\\{name}"
        return f"{operator}{_set_builder(printer, node, as_set=True)}", ATOM
    raise printer.error(node)


def _limits(
    printer: Printer, symbol: str, generators: Sequence[ast.comprehension], conditions: list[str]
) -> str:
    """``Σ_{k=a}^{b-1}`` for plain ranges (one per ``for``), else one subscript."""
    plain = not conditions and all(_is_range(c) and len(c.iter.args) < 3 for c in generators)  # type: ignore[attr-defined]
    if plain:
        parts = []
        for clause in generators:
            first, last, stop, _ = _range_parts(printer, clause)
            if last is None:
                parts.append(f"{symbol}_{{{first} \\le {_target(printer, clause)} < {stop}}}")
            else:
                parts.append(f"{symbol}_{{{_target(printer, clause)}={first}}}^{{{last}}}")
        return " ".join(parts)
    under = [part for clause in generators for part in _bounds(printer, clause, False)]
    return f"{symbol}_{{{', '.join(under + conditions)}}}"


def _set_builder(printer: Printer, node: ast.GeneratorExp | ast.ListComp, as_set: bool) -> str:
    """``{element ∣ 0 ≤ k < n, condition}``, in a group of its own: TeX breaks a long
    formula between two sets (at ``∪``), never inside one."""
    under = [part for clause in node.generators for part in _bounds(printer, clause, as_set)]
    rule = ", ".join(under + _conditions(printer, node.generators))
    return rf"{{\{{{printer.print(node.elt, 0)} \mid {rule}\}}}}"


def comprehension_latex(printer: Printer, node: ast.ListComp) -> tuple[str, int]:
    """A list ``[e for ...]`` on its own: the set of its values, written by its rule."""
    return _set_builder(printer, node, as_set=False), ATOM


def collection_latex(printer: Printer, node: ast.expr) -> str | None:
    """The one argument of ``mex``/``min``/``max`` built from lists: a union of sets
    (``[0] + [f(a) for a in ...]`` is ``{0} ∪ {f(a) ∣ ...}``); ``None`` for anything else."""
    if isinstance(node, ast.ListComp):
        return _set_builder(printer, node, as_set=True)
    if isinstance(node, (ast.List, ast.Tuple)):
        return r"\{" + ", ".join(printer.print(e, 0) for e in node.elts) + r"\}"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = collection_latex(printer, node.left), collection_latex(printer, node.right)
        if left is not None and right is not None:
            return rf"{left} \cup {right}"
    return None


def _written_out(printer: Printer, name: str, node: ast.GeneratorExp) -> tuple[str, int] | None:
    """``sum(f(h) for h in [a, b])`` as ``f(a) + f(b)``, when the list is short."""
    if len(node.generators) != 1:
        return None
    clause = node.generators[0]
    listed = clause.iter
    if clause.ifs or not isinstance(listed, (ast.List, ast.Tuple)):
        return None
    if not 1 <= len(listed.elts) <= WRITTEN_OUT or not isinstance(clause.target, ast.Name):
        return None
    bound = clause.target.id
    if any(  # the name bound again inside: substituting would change what it means
        isinstance(inner, ast.comprehension)
        and isinstance(inner.target, ast.Name)
        and inner.target.id == bound
        for inner in ast.walk(node.elt)
    ):
        return None
    terms = [_substituted(node.elt, bound, value) for value in listed.elts]
    combined: ast.expr
    if name in ("all", "any"):
        combined = ast.BoolOp(ast.And() if name == "all" else ast.Or(), terms)
    elif name == "sum":
        combined = terms[0]
        for term in terms[1:]:
            combined = ast.BinOp(combined, ast.Add(), term)
    else:
        combined = ast.Call(ast.Name(name), terms, [])
    return printer.node(combined)


class _Replace(ast.NodeTransformer):
    def __init__(self, name: str, value: ast.expr) -> None:
        self.bound, self.value = name, value

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return copy.deepcopy(self.value) if node.id == self.bound else node


def _substituted(element: ast.expr, name: str, value: ast.expr) -> ast.expr:
    result = _Replace(name, value).visit(copy.deepcopy(element))
    assert isinstance(result, ast.expr)
    return result


# -- integer helpers --------------------------------------------------------------------


def helper_latex(printer: Printer, name: str, args: list[ast.expr]) -> tuple[str, int] | None:
    """``popcount bit bit_length isqrt gcd`` as a student reads them; ``None`` otherwise."""
    if name == "popcount" and len(args) == 1:
        return rf"\operatorname{{ones}}({printer.print(args[0], 0)})", ATOM
    if name == "bit" and len(args) == 2:
        number, index = printer.print(args[0], 0), printer.print(args[1], 0)
        return rf"\left\lfloor \frac{{{number}}}{{2^{{{index}}}}} \right\rfloor \bmod 2", MUL
    if name == "bit_length" and len(args) == 1:
        inner = printer.print(args[0], ADD)
        return rf"\left\lceil \log_{{2}}({inner} + 1) \right\rceil", ATOM
    if name == "isqrt" and len(args) == 1:
        return rf"\left\lfloor \sqrt{{{printer.print(args[0], 0)}}} \right\rfloor", ATOM
    if name == "gcd" and len(args) == 2:
        return rf"\gcd({printer.print(args[0], 0)}, {printer.print(args[1], 0)})", ATOM
    return None


# Notation this module invents, with the words that define it for a reader who has not met
# it: (the LaTeX it writes, the same applied to x, what that means).  gcd, floor, ceiling,
# log and mod are standard and need no definition.
_INVENTED = (
    (
        r"\operatorname{ones}",
        r"\operatorname{ones}(x)",
        "notation.ones",  # its words: grundy.report.student_words
    ),
    (r"\operatorname{Win}", r"\operatorname{Win}(p)", "notation.win"),
    (r"\mathcal{D}", r"\mathcal{D}", "notation.draw"),  # a loopy game's draws
)


def notation_defined(latex: str) -> list[tuple[str, str]]:
    r"""``(formula, key of its words)`` defining each invented name that ``latex`` uses, once each.

    >>> notation_defined(r"\operatorname{ones}(n) = 1")
    [('\\operatorname{ones}(x)', 'notation.ones')]
    >>> notation_defined(r"\gcd(a, b) = 1")
    []
    """
    return [(example, words) for name, example, words in _INVENTED if name in latex]


def is_remainder(node: ast.expr) -> bool:
    """``x % m`` or ``bit(x, i)``: written with ``mod``, so bracketed under ``+``, ``⊕``
    and ``Σ`` (a reader might take the ``mod`` to apply to the whole sum)."""
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, ast.Mod)
    return isinstance(node, ast.Call) and getattr(node.func, "id", "") == "bit"


def _arithmetic(node: ast.expr) -> bool:
    arithmetic = (ast.Add, ast.Sub, ast.Mult, ast.Mod, ast.FloorDiv)
    return isinstance(node, ast.BinOp) and isinstance(node.op, arithmetic)
