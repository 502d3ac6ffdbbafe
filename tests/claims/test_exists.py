"""``exists``, the book's word for ``any``: the same values, the same Z3 verdicts, the same
typesetting (∃), the same refusals and the same limits, on every path of the claim
language (the alias is resolved once, in grundy.claims.expression)."""

from __future__ import annotations

import ast
import time

import pytest

from grundy.claims import check_claim
from grundy.claims.comprehension import MAX_STEPS
from grundy.claims.evaluate import Scope, compile_expression
from grundy.claims.expression import ALIASES, parse_expression
from grundy.errors import ClaimError
from grundy.library import CheckSettings
from grundy.report.expression import expression_latex
from grundy.report.mathml import latex_to_mathml
from grundy.verdict import Status
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(quick=True)

TEXTS = [
    "any(k * k == n for k in range(n + 1))",
    "any(False for k in range(n))",
    "all(any(j * k == n for j in range(n + 1)) for k in range(1, 3))",
    "any(k % 3 == 2 for k in range(n) if k > 1) or n == 0",
    "any([n > 3, n == 1])",
    "sum(any(j * j == k for j in range(k + 1)) for k in range(n))",
]


def _exists(text: str) -> str:
    return text.replace("any(", "exists(")


def value(text: str, **values: object) -> object:
    parsed = parse_expression(text, "statement", "demo", set(values))
    return compile_expression(parsed, "demo", "statement")(Scope(values))


@pytest.mark.parametrize("text", TEXTS)
def test_exists_has_the_values_of_any(text: str) -> None:
    assert "exists(" in _exists(text)
    results = [value(_exists(text), n=n) for n in range(30)]
    assert results == [value(text, n=n) for n in range(30)]
    assert len(set(results)) > 1 or "False for" in text  # the texts tell cases apart


def test_the_alias_is_resolved_once_when_read() -> None:
    assert ALIASES == {"exists": "any"}
    parsed = parse_expression(_exists(TEXTS[2]), "statement", "demo", {"n"})
    called = {n.func.id for n in ast.walk(parsed.tree) if isinstance(n, ast.Call)}
    assert "exists" not in called and "any" in called
    assert parsed.functions == {"all", "any"}
    assert parsed.text == _exists(TEXTS[2])  # the text stays as written


@pytest.mark.parametrize(
    ("statement", "holds"),
    [
        ("exists(h == max(a, b, c) for h in [a, b, c])", True),
        ("exists(h > 4 for h in [a, b, c] if h != c)", False),
        ("all(exists(j == k for j in range(k + 1)) for k in range(5))", True),
        ("all(exists(j == k for j in range(k)) for k in range(5))", False),
        ("exists([c, True]) and not exists([a > 7, b > 7])", True),
    ],
)
def test_z3_unrolls_exists_as_it_unrolls_any(statement: str, holds: bool) -> None:
    def verdict(text: str, method: str) -> object:
        claim = good_claim(
            vars='["a", "b", "c"]',
            range="{ a = [0, 7], b = [0, 7], c = [0, 7] }",
            statement=text,
            method=method,
        )
        return check_claim(claim, SETTINGS)

    by_z3 = verdict(statement, "z3")
    assert by_z3.status is (Status.PROVED if holds else Status.REFUTED), by_z3.message
    assert by_z3.method == "z3"
    spelled_any = verdict(statement.replace("exists(", "any("), "z3")
    assert (spelled_any.status, spelled_any.counterexample) == (
        by_z3.status,
        by_z3.counterexample,
    )
    assert verdict(statement, "exhaustive").status is by_z3.status


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("exists(k * k == n for k in range(n))", "[n]"),
        ("exists(outcome_of(m) == 'P' for m in moves if len(m) > 1)", "[a, b]"),
        ("implies(exists(k > 0 for k in range(n)), n > 1)", "[n]"),
    ],
)
def test_exists_is_typeset_as_any_is(text: str, position: str) -> None:
    latex = expression_latex(text, position)
    assert latex == expression_latex(text.replace("exists(", "any("), position)
    assert "exists" not in latex.replace(r"\exists", "")
    assert r"\exists" in latex and "∃" in latex_to_mathml(latex)


def test_exists_of_a_list_is_typeset_as_any_is() -> None:
    for name in ("exists", "any"):
        assert expression_latex(f"{name}([n > 3, n == 1])", "[n]") == r"n > 3 \lor n = 1"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("exists", "function 'exists' must be called"),
        ("exists(a, a)", "exists() takes 1 argument, got 2"),
        ("exists()", "exists() takes 1 argument, got 0"),
        ("[exists for exists in range(3)]", "'exists' is a name of the claim language"),
        ("exists([a], [a])", "exists() takes 1 argument, got 2"),
        ("exists(True for k in range(10**12))", "1,000,000,000,000 values"),
        ("exist(a > 0 for a in [1])", "unknown function 'exist'"),
    ],
)
def test_misuse_of_exists_is_refused_as_for_any(text: str, named: str) -> None:
    with pytest.raises(ClaimError) as caught:
        value(text, a=1)
    assert named in str(caught.value)
    if "exists(" in text:
        spelled_any = text.replace("exists", "any")
        with pytest.raises(ClaimError) as again:
            value(spelled_any, a=1)
        assert str(again.value) == str(caught.value).replace("exists", "any")


def test_a_generator_elsewhere_names_exists_among_the_aggregates() -> None:
    with pytest.raises(ClaimError) as caught:
        value("len(k for k in range(3))")
    assert "exists()" in str(caught.value)


def test_the_step_limit_stops_exists_as_it_stops_any() -> None:
    claim = good_claim(
        vars='["n"]', range="{ n = [0, 5000] }", statement="exists(k > n for k in range(n**4 + 10))"
    )
    start = time.perf_counter()
    verdict = check_claim(claim, SETTINGS)
    assert time.perf_counter() - start < 10
    assert verdict.status is Status.UNKNOWN, verdict
    assert f"{MAX_STEPS:,}" in verdict.message
