"""Queries nested far deeper than Python's recursion limit are written and classified.

A claim such as ``max((a ^ k) + (b ^ (c + k)) for k in range(256)) != ...`` gives Z3 a
term hundreds of ``ite`` deep; writing it as standard SMT-LIB used to recurse twice a
level and ended the check with an internal error (RecursionError).  The walks now keep
their own stack; each is compared here with the plain recursive reading on random terms.
"""

import sys

from hypothesis import given
from hypothesis import strategies as st

from grundy.verify.smt import standard_smtlib
from grundy.verify.smt_shape import parsed, second_solver_hard

DEEP = 3 * sys.getrecursionlimit()


def _nested(depth: int, leaf: str) -> str:
    return "(ite c " * depth + leaf + " y)" * depth


def test_a_term_deeper_than_the_recursion_limit_is_written():
    text = f"(assert (< (+ x0) {_nested(DEEP, '(+ z)')}))"
    assert standard_smtlib(text) == f"(assert (< x0 {_nested(DEEP, 'z')}))\n"


def test_a_hard_shape_at_the_bottom_of_a_deep_term_is_found():
    bottom = _nested(DEEP, "(div k (+ m n))")
    assert second_solver_hard(f"(assert (= {bottom} 0))") == (
        "a division or remainder by a term that is not a number"
    )
    nested = _nested(DEEP, "(mod (let ((a!1 (div k 3))) a!1) 2)")
    assert second_solver_hard(f"(assert (= {nested} 0))") == (
        "a division or remainder of a quotient or remainder"
    )
    assert second_solver_hard(f"(assert (= {_nested(DEEP, '(div k 3)')} 0))") is None


# The recursive readings the walks replaced, as the reference.
_UNARY = {"+", "*"}


def _written(node):
    if isinstance(node, str):
        return node
    if len(node) == 2 and isinstance(node[0], str) and node[0] in _UNARY:
        return _written(node[1])
    return "(" + " ".join(_written(child) for child in node) + ")"


def _head(node):
    return node[0] if node and isinstance(node[0], str) else ""


def _number(node):
    if isinstance(node, str):
        return node.isdigit()
    return len(node) == 2 and node[0] == "-" and isinstance(node[1], str) and node[1].isdigit()


def _let(node):
    return _head(node) == "let" and len(node) == 3 and isinstance(node[1], list)


def _pairs(node):
    return [p for p in node[1] if isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)]


def _divides(node, bound):
    if isinstance(node, str):
        return bound.get(node, False)
    if _let(node):
        inner = dict(bound)
        for name, term in _pairs(node):
            inner[name] = _divides(term, bound)
        return _divides(node[2], inner)
    if _head(node) in {"div", "mod"}:
        return True
    return any(_divides(child, bound) for child in node)


def _hard(node, bound):
    if isinstance(node, str):
        return None
    if _let(node):
        inner = dict(bound)
        for name, term in _pairs(node):
            found = _hard(term, bound)
            if found:
                return found
            inner[name] = _divides(term, bound)
        return _hard(node[2], inner)
    if _head(node) in {"div", "mod"} and len(node) == 3:
        if not _number(node[2]):
            return "a division or remainder by a term that is not a number"
        if _divides(node[1], bound):
            return "a division or remainder of a quotient or remainder"
    for child in node:
        found = _hard(child, bound)
        if found:
            return found
    return None


_ATOMS = st.sampled_from(["x", "y", "3", "a!1", "a!2", "div", "mod", "+", "*", "-", "let"])


def _terms():
    return st.recursive(
        _ATOMS,
        lambda inner: st.one_of(
            st.lists(inner, min_size=1, max_size=4),
            st.tuples(st.sampled_from(["div", "mod"]), inner, inner).map(list),
            st.tuples(
                st.just("let"),
                st.lists(st.tuples(st.sampled_from(["a!1", "a!2"]), inner).map(list), max_size=2),
                inner,
            ).map(list),
            st.tuples(st.sampled_from(["+", "*"]), inner).map(list),
        ),
        max_leaves=30,
    )


def _text(node):
    return node if isinstance(node, str) else "(" + " ".join(map(_text, node)) + ")"


@given(st.lists(_terms(), min_size=1, max_size=3))
def test_the_walks_read_as_the_recursive_readings(commands):
    text = " ".join(_text(["assert", c]) for c in commands)
    assert standard_smtlib(text) == "".join(_written(c) + "\n" for c in parsed(text))
    expected = next(filter(None, (_hard(c, {}) for c in parsed(text))), None)
    assert second_solver_hard(text) == expected
