"""Claim expressions (the Python-like language of claim files) written as LaTeX.

A claim's statement is data, so the report typesets it from the claim itself instead of
asking for the formula twice.  The expression is parsed with :mod:`ast` (never
evaluated) and printed with the notes' notation: ``^`` is the nim-sum ``⊕``, ``//`` a
floor, ``outcome == 'P'`` membership of the P-positions, ``nimsum``/``mex`` as in the
notes.  Parentheses follow Python's precedence, so the formula means what the claim
means, and a bitwise operator applied to arithmetic is bracketed for the reader.

>>> expression_latex("(outcome == 'P') == (a ^ b ^ c == 0)", position="[a, b, c]")
'(a, b, c) \\\\in \\\\mathcal{P} \\\\iff a \\\\oplus b \\\\oplus c = 0'
>>> print(expression_latex("implies(a >= b, g([a - b]) <= a // 2)"))
(a \\ge b) \\implies (\\mathcal{G}(a - b) \\le \\left\\lfloor \\frac{a}{2} \\right\\rfloor)
"""

from __future__ import annotations

import ast
import re

from grundy.claims.expression import canonical_names
from grundy.report.expression_aggregates import (
    aggregate_latex,
    collection_latex,
    comprehension_latex,
    helper_latex,
    is_remainder,
)
from grundy.report.gamenames import label_name
from grundy.report.mathml import MathSyntaxError
from grundy.report.precedence import (
    ADD,
    AND,
    ATOM,
    BITAND,
    BITOR,
    COMPARE,
    IF,
    MUL,
    NOT,
    OR,
    POWER,
    UNARY,
    XOR,
)

__all__ = ["expression_latex"]

# Python's binding strength, loosest first (higher binds tighter).
_IF, _OR, _AND, _NOT, _COMPARE = IF, OR, AND, NOT, COMPARE
_BITOR, _XOR, _BITAND, _ADD, _MUL, _UNARY, _POWER, _ATOM = (
    BITOR,
    XOR,
    BITAND,
    ADD,
    MUL,
    UNARY,
    POWER,
    ATOM,
)

_BINARY = {
    ast.BitOr: (_BITOR, r"\mathbin{\vert}"),
    ast.BitXor: (_XOR, r"\oplus"),
    ast.BitAnd: (_BITAND, r"\mathbin{\&}"),
    ast.Add: (_ADD, "+"),
    ast.Sub: (_ADD, "-"),
    ast.Mult: (_MUL, r"\cdot"),
    ast.Mod: (_MUL, r"\bmod"),
}
_BITWISE = (ast.BitOr, ast.BitXor, ast.BitAnd)

_COMPARE_OPS = {
    ast.Eq: "=",
    ast.NotEq: r"\ne",
    ast.Lt: "<",
    ast.LtE: r"\le",
    ast.Gt: ">",
    ast.GtE: r"\ge",
    ast.In: r"\in",
    ast.NotIn: r"\notin",
}

_OUTCOMES = {"P": r"\mathcal{P}", "N": r"\mathcal{N}", "D": r"\mathcal{D}"}  # D: drawn (loopy)
_LOOPY_INFINITY = re.compile(r"inf\{(\d+(?:,\d+)*)?\}")  # a loopy game's value 'inf{0,2}'


def expression_latex(text: str, position: str | None = None, board: bool = False) -> str:
    """The claim expression ``text`` in LaTeX; ``position`` is the claim's position
    expression (the argument of ``grundy`` and ``outcome``), default the vars.  With
    ``board`` (Chomp) a position's parts are rows, so ``[b] * a`` is the ``a × b``
    rectangle; otherwise they are heaps, and ``[b] * a`` is ``a`` heaps of ``b``.

    Raises :class:`~grundy.report.mathml.MathSyntaxError` for anything outside the
    claim language, naming it.
    """
    printer = _Printer(text, position, board)
    return printer.top()


class _Printer:
    def __init__(self, text: str, position: str | None, board: bool = False) -> None:
        self.text = text
        self.board = board
        self.tree = self.parse(text)
        self.position = "p"
        self.bracketed_position = False  # "p" needs its brackets: o(p); a tuple is its own: G(a, b)
        if position:
            node = self.single(self.parse(position))
            self.position = self.print(node, 0)
            self.bracketed_position = isinstance(node, (ast.List, ast.Tuple))

    def parse(self, text: str) -> ast.expr:
        try:
            tree = ast.parse(text.strip(), mode="eval").body
        except SyntaxError as exc:
            raise MathSyntaxError(f"cannot read the expression {text!r}: {exc.msg}") from None
        return canonical_names(tree)  # exists(...) is any(...): typeset as ∃

    @staticmethod
    def single(node: ast.expr) -> ast.expr:
        """A position of one part is written as that part: ``n ∈ 𝒫``, not ``(n) ∈ 𝒫``."""
        if isinstance(node, (ast.List, ast.Tuple)) and len(node.elts) == 1:
            return node.elts[0]
        return node

    def error(self, node: ast.AST) -> MathSyntaxError:
        piece = ast.get_source_segment(self.text, node) or type(node).__name__
        return MathSyntaxError(f"cannot typeset {piece!r} in the expression {self.text!r}")

    def top(self) -> str:
        return self.print(self.tree, 0)

    # -- dispatch -----------------------------------------------------------------------

    def print(self, node: ast.expr, context: int) -> str:
        text, strength = self.node(node)
        if isinstance(node, ast.IfExp):
            return text  # a cases block is delimited by its brace: no brackets round it
        return f"({text})" if strength < context else text

    def node(self, node: ast.expr) -> tuple[str, int]:
        if isinstance(node, ast.Constant):
            return self.constant(node), _ATOM
        if isinstance(node, ast.Name):
            return self.name(node.id), _ATOM
        if isinstance(node, (ast.List, ast.Tuple)):
            return "(" + ", ".join(self.print(e, 0) for e in node.elts) + ")", _ATOM
        if isinstance(node, ast.BoolOp):
            strength, symbol = (_AND, r"\land") if isinstance(node.op, ast.And) else (_OR, r"\lor")
            parts = [self.print(value, strength + 1) for value in node.values]
            return f" {symbol} ".join(parts), strength
        if isinstance(node, ast.UnaryOp):
            return self.unary(node)
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.IfExp):
            body = self.print(node.body, 0)
            test = self.print(node.test, 0)
            other = self.print(node.orelse, 0)
            cases = rf"{body} & \text{{if }} {test} \\ {other} & \text{{otherwise}}"
            return rf"\begin{{cases}} {cases} \end{{cases}}", _IF
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Subscript):
            return f"{self.print(node.value, _ATOM)}_{{{self.print(node.slice, 0)}}}", _ATOM
        if isinstance(node, ast.ListComp):
            return comprehension_latex(self, node)
        raise self.error(node)

    # -- leaves ---------------------------------------------------------------------------

    def constant(self, node: ast.Constant) -> str:
        value = node.value
        if isinstance(value, bool):
            return r"\text{true}" if value else r"\text{false}"
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str) and value in _OUTCOMES:
            return _OUTCOMES[value]
        if isinstance(value, str) and (loopy := _LOOPY_INFINITY.fullmatch(value)):
            return r"\infty_{\{" + (loopy.group(1) or "") + r"\}}"
        raise self.error(node)

    def name(self, name: str) -> str:
        if name == "phi":
            return r"\varphi"
        if name == "grundy":
            return rf"\mathcal{{G}}{self.position_argument()}"
        if name == "outcome":
            return rf"o{self.position_argument()}"
        if name == "moves":
            return rf"\operatorname{{moves}}{self.position_argument()}"
        if name == "winning_moves":  # defined under the formula (notation.win)
            return rf"\operatorname{{Win}}{self.position_argument()}"
        match = re.fullmatch(r"([A-Za-z]+)_?(\d+)", name)
        if match:
            return f"{self.name(match.group(1))}_{{{match.group(2)}}}"
        if len(name) == 1:
            return name
        return r"\mathit{" + name.replace("_", r"\_") + "}"

    def position_argument(self) -> str:
        position = self.position
        return position if self.bracketed_position else f"({position})"

    # -- operators ------------------------------------------------------------------------

    def unary(self, node: ast.UnaryOp) -> tuple[str, int]:
        if isinstance(node.op, ast.Not):
            operand = node.operand
            simple = isinstance(operand, (ast.Name, ast.Call, ast.Constant))
            shown = self.print(operand, _NOT) if simple else f"({self.print(operand, 0)})"
            return rf"\lnot {shown}", _NOT
        if isinstance(node.op, ast.USub):
            return f"-{self.print(node.operand, _UNARY)}", _UNARY
        if isinstance(node.op, ast.UAdd):
            return self.print(node.operand, _UNARY), _UNARY
        raise self.error(node)

    def binary(self, node: ast.BinOp) -> tuple[str, int]:
        op = node.op
        if isinstance(op, ast.Pow):
            base = self.print(node.left, _POWER + 1)
            return f"{base}^{{{self.print(node.right, 0)}}}", _POWER
        if isinstance(op, ast.FloorDiv):
            top, bottom = self.print(node.left, 0), self.print(node.right, 0)
            return rf"\left\lfloor \frac{{{top}}}{{{bottom}}} \right\rfloor", _ATOM
        if isinstance(op, ast.LShift):
            left = self.print(node.left, _MUL)
            return rf"{left} \cdot 2^{{{self.print(node.right, 0)}}}", _MUL
        if isinstance(op, ast.RShift):
            top, shift = self.print(node.left, 0), self.print(node.right, 0)
            return rf"\left\lfloor \frac{{{top}}}{{2^{{{shift}}}}} \right\rfloor", _ATOM
        if isinstance(op, ast.Mult) and isinstance(node.left, ast.List):
            return self.repeated(node.left, node.right)
        if isinstance(op, ast.Add) and _is_parts(node):
            return "(" + ", ".join(self.parts(node)) + ")", _ATOM
        if type(op) not in _BINARY:
            raise self.error(node)
        strength, symbol = _BINARY[type(op)]
        left = self.operand(node.left, op, strength)
        right = self.operand(node.right, op, strength + 1)
        if isinstance(op, ast.Mult) and _juxtaposed(node):
            return f"{left}{right}", strength  # 2n, ab: a product as the notes write it
        return f"{left} {symbol} {right}", strength

    def repeated(self, part: ast.List, count: ast.expr) -> tuple[str, int]:
        """``[b] * a``: the ``a × b`` rectangle of a board, or ``a`` heaps of ``b``."""
        if len(part.elts) != 1:
            return rf"{self.print(part, _ATOM)}^{{\times {self.print(count, _ATOM)}}}", _ATOM
        size = self.print(part.elts[0], _MUL + 1)
        if self.board:
            return rf"{self.print(count, _MUL)} \times {size}", _MUL
        return rf"{self.print(count, _MUL)} \text{{ heaps of }} {size}", _COMPARE + 1

    def parts(self, node: ast.expr) -> list[str]:
        """The parts of ``[n] + [1] * (n - 1)``, in order: ``n, 1, …, 1`` (n - 1 ones)."""
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.parts(node.left) + self.parts(node.right)
        if isinstance(node, ast.List):
            return [self.print(e, 0) for e in node.elts]
        assert isinstance(node, ast.BinOp) and isinstance(node.left, ast.List)
        one = self.print(node.left.elts[0], 0)
        return [rf"\underbrace{{{one}, \ldots, {one}}}_{{{self.print(node.right, 0)}}}"]

    def operand(self, child: ast.expr, op: ast.operator, context: int) -> str:
        """A binary operand; arithmetic under a bitwise operator is always bracketed, and so
        is a remainder under ``+``/``-`` (``2n + (x mod 2)``: a reader might take the
        ``mod`` to apply to the whole sum)."""
        if isinstance(op, (ast.Add, ast.Sub, *_BITWISE)) and is_remainder(child):
            return f"({self.print(child, 0)})"
        if (
            isinstance(op, _BITWISE)
            and isinstance(child, ast.BinOp)
            and not isinstance(child.op, type(op))
            and type(child.op) in _BINARY
        ):
            return f"({self.print(child, 0)})"
        return self.print(child, context)

    def compare(self, node: ast.Compare) -> tuple[str, int]:
        parts = [self.print(node.left, _COMPARE + 1)]
        for op, right in zip(node.ops, node.comparators, strict=True):
            if type(op) not in _COMPARE_OPS:
                raise self.error(node)
            parts.append(_COMPARE_OPS[type(op)])
            if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.List, ast.Tuple)):
                members = ", ".join(self.print(e, 0) for e in right.elts)
                parts.append(r"\{" + members + r"\}")  # membership of listed values: a set
            else:
                parts.append(self.print(right, _COMPARE + 1))
        special = self.outcome_membership(node)
        if special is not None:
            return special, _COMPARE
        if len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq) and self.is_boolean(node):
            # ⟺ binds loosest: its sides need no brackets (bracketed itself inside ∧ and ∨)
            left, right = node.left, node.comparators[0]
            return f"{self.condition(left)} \\iff {self.condition(right)}", _IF
        return " ".join(parts), _COMPARE

    def condition(self, node: ast.expr) -> str:
        """One side of ``⟺``; a condition chosen by cases is said in words (``A when C,
        and B otherwise``), not as an equation with a ``cases`` block."""
        if isinstance(node, ast.IfExp):
            body, test = self.condition(node.body), self.print(node.test, _IF + 1)
            other = self.condition(node.orelse)
            return rf"{body} \text{{ when }} {test}\text{{, and }} {other} \text{{ otherwise}}"
        return self.print(node, _IF + 1)

    def is_boolean(self, node: ast.Compare) -> bool:
        """``(p) == (q)`` between two conditions reads as ``p ⟺ q``."""
        sides = (node.left, node.comparators[0])
        return all(_is_condition(side) for side in sides) or all(
            isinstance(side, ast.UnaryOp) and isinstance(side.op, ast.Not) for side in sides
        )

    def outcome_membership(self, node: ast.Compare) -> str | None:
        """``outcome == 'P'`` as ``p ∈ 𝒫``, and ``outcome_of(x) == 'N'`` as ``x ∈ 𝒩``."""
        if len(node.ops) != 1 or not isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
            return None
        left, right = node.left, node.comparators[0]
        if isinstance(left, ast.Constant):
            left, right = right, left
        if not (isinstance(right, ast.Constant) and right.value in _OUTCOMES):
            return None
        if isinstance(left, ast.Name) and left.id == "outcome":
            subject = self.position
        elif (
            isinstance(left, ast.Call)
            and isinstance(left.func, ast.Name)
            and left.func.id == "outcome_of"
            and len(left.args) == 1
        ):
            subject = self.print(left.args[0], _ATOM)
        else:
            return None
        relation = r"\in" if isinstance(node.ops[0], ast.Eq) else r"\notin"
        return f"{subject} {relation} {_OUTCOMES[str(right.value)]}"

    def call(self, node: ast.Call) -> tuple[str, int]:
        """A call of the claim language; ``implies`` and ``iff`` bind loosest of all."""
        name = node.func.id if isinstance(node.func, ast.Name) else ""
        if len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp) and not node.keywords:
            return aggregate_latex(self, name, node.args[0])
        listed_truths = node.args[0] if len(node.args) == 1 and not node.keywords else None
        if name in ("all", "any") and isinstance(listed_truths, (ast.List, ast.Tuple)):
            truths = listed_truths.elts  # all([p, q]) as p ∧ q, any([p, q]) as p ∨ q
            if truths:
                joined = ast.BoolOp(ast.And() if name == "all" else ast.Or(), truths)
                return self.node(joined if len(truths) > 1 else truths[0])
        helper = None if node.keywords else helper_latex(self, name, list(node.args))
        if helper is not None:
            return helper
        listed = node.args[0].elts if node.args and isinstance(node.args[0], ast.List) else []
        if name == "nimsum" and max(len(node.args), len(listed)) > 1:
            return self.call_text(node), _XOR  # a ⊕ b: bracketed where ⊕ would be
        return self.call_text(node), (_IF if name in ("implies", "iff") else _ATOM)

    def call_text(self, node: ast.Call) -> str:
        if not isinstance(node.func, ast.Name) or node.keywords:
            raise self.error(node)
        name = node.func.id
        arguments = list(node.args)
        game = arguments[0] if name in ("g", "outcome_of") and len(arguments) == 2 else None
        if isinstance(game, ast.Constant):  # a named game: its name as a subscript
            symbol = r"\mathcal{G}" if name == "g" else "o"
            inner = self.bracketed(self.print(arguments[1], 0))
            return rf"{symbol}_{{{label_name(str(game.value)).latex}}}{inner}"
        if name in _WHOLE_GAME_FACTS and isinstance(game_of := arguments[0], ast.Constant):
            return self.whole_game_fact(name, str(game_of.value), arguments[1:])
        listed = len(arguments) == 1 and isinstance(arguments[0], (ast.List, ast.Tuple))
        if name in ("nimsum", "mex", "min", "max", "nim_mul") and listed:
            arguments = list(arguments[0].elts)  # type: ignore[attr-defined]  # f([x, y]) as f(x, y)
        node = ast.Call(node.func, arguments, [])
        args = [self.print(arg, 0) for arg in node.args]
        tight = [self.print(arg, _COMPARE + 1) for arg in node.args]
        if name == "implies" and len(args) == 2:
            return rf"{tight[0]} \implies {tight[1]}"
        if name == "iff" and len(args) == 2:
            return rf"{tight[0]} \iff {tight[1]}"
        if name == "nimsum" and node.args:  # a ⊕ b ⊕ c, bracketed as the operator is
            chain = node.args[0]
            for arg in node.args[1:]:
                chain = ast.BinOp(chain, ast.BitXor(), arg)
            return self.print(chain, 0) if len(node.args) > 1 else self.print(chain, _XOR + 1)
        if name == "nimsum":
            return "0"
        built = collection_latex(self, node.args[0]) if len(node.args) == 1 else None
        if name in ("mex", "min", "max") and built is not None:
            operator = r"\operatorname{mex}" if name == "mex" else f"\\{name}"
            if r"\cup" in built:  # a set built from lists: mex({0} ∪ {f(a) ∣ a < n})
                return rf"{operator}({built})"  # plain brackets: TeX may break the line inside
            return operator + built
        if name == "mex":
            return r"\operatorname{mex}\{" + ", ".join(args) + r"\}"
        if name == "nim_mul":
            return " \\otimes ".join(self.print(arg, _MUL + 1) for arg in node.args)
        if name in ("nim_inv", "nim_pow") and len(args) == (1 if name == "nim_inv" else 2):
            power = "-1" if name == "nim_inv" else args[1]
            return rf"{self.print(node.args[0], _ATOM)}^{{\otimes {power}}}"
        if name in ("min", "max"):
            return f"\\{name}(" + ", ".join(args) + ")"
        if name in ("abs", "len") and len(args) == 1:
            return rf"\lvert {args[0]} \rvert"
        if name == "floor" and len(args) == 1:
            return rf"\left\lfloor {args[0]} \right\rfloor"
        if name == "ceil" and len(args) == 1:
            return rf"\left\lceil {args[0]} \right\rceil"
        if name == "g" and len(args) == 1:
            return rf"\mathcal{{G}}{self.bracketed(args[0])}"
        if name == "outcome_of" and len(args) == 1:
            return rf"o{self.bracketed(args[0])}"
        raise self.error(node)

    def whole_game_fact(self, name: str, label: str, rest: list[ast.expr]) -> str:
        """``period('0.137')`` as period(G_{Dawson's Chess}); ``quotient_order('kayles',
        30)`` as the size of the quotient Q of Kayles' heaps up to 30."""
        game = label_name(label).latex
        if name in ("period", "preperiod"):
            return rf"\operatorname{{{name}}}(\mathcal{{G}}_{{{game}}})"
        quotient = rf"\mathcal{{Q}}_{{{game}}}^{{\le {self.print(rest[0], 0)}}}"
        if name == "quotient_order":
            return rf"\lvert {quotient} \rvert"
        if name == "p_portion_size":
            return rf"\lvert \mathcal{{P}} \cap {quotient} \rvert"
        return rf"{quotient} \text{{ is tame}}"

    @staticmethod
    def bracketed(text: str) -> str:
        """``text`` in parentheses, unless one pair already encloses all of it."""
        depth = 0
        for index, char in enumerate(text):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth == 0 and index < len(text) - 1:
                return f"({text})"
        return text if text.startswith("(") else f"({text})"


_WHOLE_GAME_FACTS = ("period", "preperiod", "quotient_order", "p_portion_size", "is_tame")
"""Facts of a named game as a whole (``grundy.claims.expression.NAMED_GAME_FACTS``)."""


def _is_condition(node: ast.expr) -> bool:
    """A comparison, ``and``/``or``, a logical call, or a choice between conditions."""
    if isinstance(node, ast.IfExp):
        return _is_condition(node.body) and _is_condition(node.orelse)
    return isinstance(node, (ast.Compare, ast.BoolOp)) or _is_logic_call(node)


def _is_parts(node: ast.expr) -> bool:
    """A position written as lists joined by ``+`` (``[n] + [1] * (n - 1)``), each list
    given or one part repeated."""
    if isinstance(node, ast.List):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _is_parts(node.left) and _is_parts(node.right)
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Mult)
        and isinstance(node.left, ast.List)
        and len(node.left.elts) == 1
    )


def _letter(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and len(node.id) == 1


def _juxtaposed(node: ast.BinOp) -> bool:
    """``2 * n`` and ``a * b`` are written ``2n`` and ``ab``; ``k * k`` and ``n * 2`` keep
    their dot (``kk`` and ``n2`` would be misread)."""
    left, right = node.left, node.right
    if not _letter(right):
        return False
    if isinstance(left, ast.Constant) and isinstance(left.value, int):
        return not isinstance(left.value, bool)
    return _letter(left) and left.id != right.id  # type: ignore[attr-defined]


def _is_logic_call(node: ast.expr) -> bool:
    """``all(...)``, ``any(...)``, ``implies(...)``, ``iff(...)``: a condition."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("all", "any", "implies", "iff")
    )
