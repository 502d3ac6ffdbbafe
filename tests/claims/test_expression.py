"""The claim language: what it computes, and everything it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.claims.evaluate import Scope, compile_expression
from grundy.claims.expression import parse_expression
from grundy.errors import ClaimError


def value(text: str, **variables: object) -> object:
    parsed = parse_expression(text, "statement", "t", set(variables))
    return compile_expression(parsed, "t", "statement")(Scope(dict(variables)))


def refusal(text: str, variables: tuple[str, ...] = ("a",)) -> str:
    with pytest.raises(ClaimError) as caught:
        parsed = parse_expression(text, "statement", "t", variables)
        compile_expression(parsed, "t", "statement")
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("7 // 2, 7 % 2, -7 // 2", (3, 1, -4)),
        ("2 ** 10", 1024),
        ("5 ^ 3, 5 & 3, 5 | 3, 1 << 4, 32 >> 2", (6, 1, 7, 16, 8)),
        ("1 < 2 < 3", True),
        ("1 < 3 < 2", False),
        ("[1, 2] == (1, 2)", True),
        ("[1] + [2, 3]", (1, 2, 3)),
        ("[0] * 3", (0, 0, 0)),
        ("3 * [1]", (1, 1, 1)),
        ("2 in [1, 2]", True),
        ("[1, 2] not in [[1, 2]]", False),
        ("len([4, 5, 6]), min(3, 1, 2), max([3, 1, 2]), abs(-4)", (3, 1, 3, 4)),
        ("nimsum(3, 4, 5), nimsum([1, 3, 4]), nimsum()", (2, 6, 0)),
        ("mex(0, 1, 3), mex([]), mex()", (2, 0, 0)),
        ("implies(True, False), iff(True, 1 == 1), iff(False, True)", (False, True, False)),
        ("10 if 1 > 2 else 20", 20),
        ("not 0 and 3", 3),
        ("[5, 6, 7][0], [5, 6, 7][-1]", (5, 7)),
        ("'P' == 'P'", True),
    ],
)
def test_operators_and_functions(text: str, expected: object) -> None:
    assert value(text) == expected


@pytest.mark.parametrize("n", [1, 2, 3, 10, 99, 1000, 123456789, 10**40 + 7])
def test_phi_is_exact(n: int) -> None:
    # Oracle: floor(n * phi) = (n + isqrt(5 n^2)) // 2, an integer identity (phi = (1 + √5)/2).
    from math import isqrt

    lower = (n + isqrt(5 * n * n)) // 2
    assert value("floor(n * phi)", n=n) == lower
    assert value("floor(n * phi**2)", n=n) == lower + n  # phi^2 = phi + 1
    assert value("ceil(n * phi)", n=n) == lower + 1
    assert value("b > n * phi", n=n, b=lower) is False
    assert value("b > n * phi", n=n, b=lower + 1) is True
    assert value("n * phi // 1", n=n) == lower


def test_implies_does_not_evaluate_its_conclusion_when_the_premise_is_false() -> None:
    assert value("implies(a > 0, 1 // a == 0)", a=0) is True
    with pytest.raises(ClaimError, match="division by zero"):
        value("iff(a > 0, 1 // a == 0)", a=0)


def test_phi_algebra() -> None:
    assert value("phi * phi == phi + 1") is True
    assert value("phi ** 3 == 2 * phi + 1") is True
    assert value("1 < phi < 2") is True
    assert value("floor(phi ** 20)") == 15126  # L(20) - 1: phi^20 = (L20 + F20√5)/2


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("a = 1", "assignment"),
        ("(b := a) == a", ":="),
        ("foo + a", "unknown name 'foo'"),
        ("a.real", "attribute access 'a.real'"),
        ("__import__('os')", "'__import__'"),
        ("lambda: 1", "lambda"),
        ("{x for x in [1, 2]}", "set comprehension"),
        ("(y for y in [1]) == 1", "must be the one argument"),
        ("{a: 1}", "dict"),
        ("{a}", "set"),
        ("[1, 2][0:1]", "slice"),
        ("moves['__class__']", "index"),
        ("open('x')", "unknown function 'open'"),
        ("print(a)", "unknown function 'print'"),
        ("len", "must be called"),
        ("min(a, key=a)", "keyword"),
        ("g(a, a)", "names a game as text"),
        ("a / 2", "'//'"),
        ("1.5 > a", "constant '1.5'"),
        ("a is a", "comparison"),
        ("f'{a}'", "f-string"),
        ("2 ** 10 ** 9", "'**'"),
        ("2 ** 2 ** 2 ** 2 ** 2 ** 2", "'**'"),
        ("(10 ** 5000) ** 20", "'**'"),
        ("10 ** 4000 * 10 ** 4000", "'*'"),
        ("phi ** 10 ** 6", "'**'"),
        ("'ab' * 10 ** 9", "needs numbers"),
        ("nimsum(-1, 3)", "non-negative"),
        ("mex(-1)", "non-negative"),
        ("1 << 10 ** 12", "'<<'"),
        ("[0] * 10 ** 9", "items"),
        ("1 // 0", "division by zero"),
        ("'P' + 1", "'+'"),
        ("a" * 2_001, "characters"),
        ("-" * 60 + "a", "nested"),
    ],
)
def test_refused_with_the_offending_piece(text: str, named: str) -> None:
    message = refusal(text)
    assert named in message
    assert "claim 't'" in message


def test_unknown_name_suggests_close_variable() -> None:
    assert "did you mean 'heap'" in refusal("heep > 0", ("heap",))


def test_refused_statement_executes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "written"
    for text in (
        f"open({str(target)!r}, 'w')",
        f"__import__('pathlib').Path({str(target)!r}).touch()",
        f"().__class__.__base__.__subclasses__()[0]({str(target)!r})",
    ):
        refusal(text)
    assert not target.exists()


def test_huge_power_of_a_variable_is_refused_before_computing() -> None:
    with pytest.raises(ClaimError, match="limit"):
        value("a ** 10 ** 9 > 0", a=3)


def test_type_errors_name_the_piece() -> None:
    with pytest.raises(ClaimError, match=r"cannot compare .* in 'a < \[1\]'"):
        value("a < [1]", a=3)
    with pytest.raises(ClaimError, match="outside a list of 1 items"):
        value("[a][3]", a=3)


@pytest.mark.parametrize(
    ("text", "variables", "advice"),
    [
        ("n mod 7 == 0", ("n",), "use % for the remainder: n % 7, not n mod 7"),
        ("(n + 1) mod 3 == 1", ("n",), "use % for the remainder"),
        ("grundy == *a", ("a",), "nimbers are written as whole numbers: *a is a"),
        ("*a == grundy", ("a",), "nimbers are written as whole numbers: *a is a"),
        ("g([a]) == *2", ("a",), "nimbers are written as whole numbers: *2 is 2"),
        ("nimsum(*a) == 0", ("a",), "nimbers are written as whole numbers: *a is a"),
        ("outcome == P", ("a",), "write 'P'"),
        ("outcome != N", ("a",), "write 'N'"),
        ("a == 1 && a == 2", ("a",), "write 'and' for &&"),
        ("a == 1 || a == 2", ("a",), "write 'or' for ||"),
        ("!(a == 1)", ("a",), "write 'not' for !"),
        ("a == 1 => a > 0", ("a",), "write implies(p, q)"),
        ("(a == 1) == true", ("a",), "write True"),
    ],
)
def test_common_slips_get_advice(text: str, variables: tuple[str, ...], advice: str) -> None:
    assert advice in refusal(text, variables)


@pytest.mark.parametrize(
    ("text", "variables", "expected"),
    [
        ("a * b", {"a": 3, "b": 4}, 12),  # multiplication is not a nimber
        ("a ** 2", {"a": 3}, 9),
        ("mod % 3", {"mod": 7}, 1),  # a variable called mod is left alone
        ("P + 1", {"P": 1}, 2),  # ...and so is one called P
    ],
)
def test_advice_never_refuses_what_is_allowed(
    text: str, variables: dict[str, int], expected: int
) -> None:
    assert value(text, **variables) == expected


def test_mod_variable_in_broken_text_is_not_called_an_operator() -> None:
    assert "use %" not in refusal("mod mod 3", ("mod",))
