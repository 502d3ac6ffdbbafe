"""Claim expressions typeset from the claim itself."""

import pytest

from grundy.report.expression import expression_latex
from grundy.report.mathml import MathSyntaxError, check_latex, latex_to_mathml


@pytest.mark.parametrize(
    ("expression", "position", "latex"),
    [
        # DESIGN.md's example claim: misère Nim against the nim-sum.
        (
            "(outcome == 'P') == (a ^ b ^ c == 0)",
            "[a, b, c]",
            r"(a, b, c) \in \mathcal{P} \iff a \oplus b \oplus c = 0",
        ),
        (
            "grundy == mex([g([n - 1]), g([n - 2])])",
            "[n]",
            r"\mathcal{G}(n) = \operatorname{mex}\{\mathcal{G}(n - 1), \mathcal{G}(n - 2)\}",
        ),
        ("nimsum(a, b) == a + b", None, r"a \oplus b = a + b"),
        ("outcome_of([a, a]) == 'P'", None, r"(a, a) \in \mathcal{P}"),
        ("outcome != 'N'", "[k]", r"k \notin \mathcal{N}"),
        ("a + b ^ c", None, r"(a + b) \oplus c"),
        ("a ^ (b + c)", None, r"a \oplus (b + c)"),
        ("(a + b) * c", None, r"(a + b) \cdot c"),
        ("a - (b - c)", None, r"a - (b - c)"),
        ("a - b - c", None, r"a - b - c"),
        ("2 ** n ** 2", None, r"2^{n^{2}}"),
        ("(2 ** n) ** 2", None, r"(2^{n})^{2}"),
        # A remainder under + is bracketed: "a mod 2" must not read as "(... + a) mod 2".
        ("a // 2 + a % 2", None, r"\left\lfloor \frac{a}{2} \right\rfloor + (a \bmod 2)"),
        ("x << 3", None, r"x \cdot 2^{3}"),
        ("not (a < b) or b1 >= 0", None, r"\lnot (a < b) \lor b_{1} \ge 0"),
        ("a < b <= c", None, r"a < b \le c"),
        ("floor(n * phi) == ceil(n / 2)", None, None),
        ("[b] * a", None, r"a \text{ heaps of } b"),
        (
            "len(winning_moves) == 1",
            "[a, b]",
            r"\lvert \operatorname{Win}(a, b) \rvert = 1",
        ),
        (
            "x if x > 0 else heaps",
            None,
            r"\begin{cases} x & \text{if } x > 0 \\ \mathit{heaps} & \text{otherwise} \end{cases}",
        ),
        (
            "implies(a >= b, iff(a == b, True))",
            None,
            r"(a \ge b) \implies ((a = b) \iff \text{true})",
        ),
    ],
)
def test_claim_expressions_become_latex_the_report_can_typeset(
    expression: str, position: str | None, latex: str | None
) -> None:
    if latex is None:  # "/" is not in the claim language
        with pytest.raises(MathSyntaxError, match="n / 2"):
            expression_latex(expression, position)
        return
    assert expression_latex(expression, position) == latex
    check_latex(latex)


@pytest.mark.parametrize(
    ("expression", "named"),
    [
        ("a +", "cannot read"),
        ("'Q' == outcome", "'Q'"),
        ("open('x')", "open('x')"),
        ("a.b", "a.b"),
        ("{x for x in y}", "for x in y"),
        ("all(x == 'Q' for x in moves)", "'Q'"),
    ],
)
def test_expressions_outside_the_claim_language_are_refused(expression: str, named: str) -> None:
    with pytest.raises(
        MathSyntaxError, match=named.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")
    ):
        expression_latex(expression)


# The comprehensions and integer helpers of the claim language (claims/comprehension.py,
# claims/builtin_functions.py), each as a student reads it.
COMPREHENSIONS = [
    # all / any: quantifiers over the range's values, written as a set.
    (
        "all(a ^ k != 0 for k in range(1, n + 1))",
        r"\forall k \in \{1, \ldots, n\}\colon a \oplus k \ne 0",
    ),
    (
        "any(k * k == n for k in range(n))",
        r"\exists k \in \{0, \ldots, n - 1\}\colon k \cdot k = n",
    ),
    ("all(k > 0 for k in range(3))", r"\forall k \in \{0, 1, 2\}\colon k > 0"),
    # A filter is a condition: an implication under ∀, a conjunction under ∃.
    (
        "all(n % k != 0 for k in range(2, n) if k * k <= n)",
        r"\forall k \in \{2, \ldots, n - 1\}\colon k \cdot k \le n \implies (n \bmod k \ne 0)",
    ),
    (
        "any(outcome_of(m) == 'P' for m in moves if len(m) > 1)",
        r"\exists m \in \operatorname{moves}(n)\colon \lvert m \rvert > 1 \land m \in \mathcal{P}",
    ),
    # Nested generators: one quantifier over both names.
    (
        "all(a + b >= 0 for a in range(n) for b in range(a))",
        r"\forall a \in \{0, \ldots, n - 1\}, b \in \{0, \ldots, a - 1\}\colon a + b \ge 0",
    ),
    # sum and nimsum with limits, or with the range under them when there is a filter.
    ("sum(k for k in range(1, n + 1))", r"\sum_{k=1}^{n} k"),
    ("sum(k for k in range(1, n + 1) if k % 2 == 1)", r"\sum_{1 \le k \le n, k \bmod 2 = 1} k"),
    (
        "sum(i * j for i in range(n) for j in range(i))",
        r"\sum_{0 \le i < n} \sum_{0 \le j < i} ij",
    ),
    ("sum(k % 3 for k in range(4))", r"\sum_{k=0}^{3} (k \bmod 3)"),
    ("nimsum(g([k]) for k in range(n)) == 0", r"\bigoplus_{0 \le k < n} \mathcal{G}(k) = 0"),
    (
        "nimsum(g([k]) for k in range(a, b, 2))",
        r"\bigoplus_{a \le k < b, (k - a) \bmod 2 = 0} \mathcal{G}(k)",
    ),
    # mex, min, max: sets written by a rule; joined lists are a union.
    (
        "grundy == mex(g(m) for m in moves)",
        r"\mathcal{G}(n) = \operatorname{mex}"
        r"{\{\mathcal{G}(m) \mid m \in \operatorname{moves}(n)\}}",
    ),
    ("max(x for x in moves if x != 0)", r"\max{\{x \mid x \in \operatorname{moves}(n), x \ne 0\}}"),
    ("min(a * k for k in range(1, 4))", r"\min{\{ak \mid 1 \le k \le 3\}}"),
    (
        "mex([0] + [2 * a for a in range(n)])",
        r"\operatorname{mex}(\{0\} \cup {\{2a \mid 0 \le a < n\}})",
    ),
    # A list comprehension on its own, and over the moves.
    (
        "len([m for m in moves if outcome_of(m) == 'P']) == 1",
        r"\lvert {\{m \mid m \in \operatorname{moves}(n), m \in \mathcal{P}\}} \rvert = 1",
    ),
    # Over a short list written out, the terms are written out.
    ("sum(g([h]) for h in [a, b, c])", r"\mathcal{G}(a) + \mathcal{G}(b) + \mathcal{G}(c)"),
    ("nimsum(g([h]) for h in [a, b]) + 1", r"(\mathcal{G}(a) \oplus \mathcal{G}(b)) + 1"),
    ("all(h > 0 for h in [a, b])", r"a > 0 \land b > 0"),
    # Descending ranges: the values as bounds, and the step as a condition.
    ("all(k > 0 for k in range(n, 0, -1))", r"\forall 0 < k \le n\colon k > 0"),
    (
        "[k for k in range(n, 0, -2) if k % 3 != 0]",
        r"{\{k \mid 0 < k \le n, (n - k) \bmod 2 = 0, k \bmod 3 \ne 0\}}",
    ),
    ("sum(k for k in range(10, -1, -3))", r"\sum_{-1 < k \le 10, (10 - k) \bmod 3 = 0} k"),
    # The integer helpers.
    ("popcount(n) % 2 == 1", r"\operatorname{ones}(n) \bmod 2 = 1"),
    ("bit(x, i) == 1", r"\left\lfloor \frac{x}{2^{i}} \right\rfloor \bmod 2 = 1"),
    (
        "bit(a, 0) + bit(b, 0)",
        r"(\left\lfloor \frac{a}{2^{0}} \right\rfloor \bmod 2) + "
        r"(\left\lfloor \frac{b}{2^{0}} \right\rfloor \bmod 2)",
    ),
    ("bit_length(n) <= n", r"\left\lceil \log_{2}(n + 1) \right\rceil \le n"),
    ("isqrt(n) ** 2 <= n", r"\left\lfloor \sqrt{n} \right\rfloor^{2} \le n"),
    ("gcd(a, b) == 1", r"\gcd(a, b) = 1"),
    # A quantifier beside another condition is bracketed: ⟺ and ∀ reach to the right.
    (
        "(outcome == 'P') == all(bit(h, 0) == 0 for h in moves)",
        r"n \in \mathcal{P} \iff (\forall h \in \operatorname{moves}(n)\colon "
        r"\left\lfloor \frac{h}{2^{0}} \right\rfloor \bmod 2 = 0)",
    ),
    (
        "a > 0 and (outcome == 'P') == (a == 1)",
        r"a > 0 \land (n \in \mathcal{P} \iff a = 1)",
    ),
]


@pytest.mark.parametrize(("expression", "latex"), COMPREHENSIONS)
def test_comprehensions_and_integer_helpers_are_typeset(expression: str, latex: str) -> None:
    assert expression_latex(expression, "[n]") == latex
    check_latex(latex)


@pytest.mark.parametrize(
    ("expression", "symbols"),
    [
        ("all(k > 0 for k in range(3))", ["∀", "∈", "0"]),
        ("any(k > 0 for k in range(n))", ["∃", "…", "−"]),
        ("sum(k for k in range(n + 1))", ["∑"]),
        ("nimsum(k for k in range(n))", ["⨁", "≤"]),
        ("mex(g(m) for m in moves)", ["mex", "∣", "𝒢"]),
        ("isqrt(n) + gcd(a, b) + bit_length(n)", ["<msqrt>", "⌊", "gcd", "⌈", "log"]),
    ],
)
def test_comprehensions_reach_the_html_as_mathml(expression: str, symbols: list[str]) -> None:
    mathml = latex_to_mathml(expression_latex(expression, "[n]"))
    body = mathml[: mathml.index("<annotation")]
    for symbol in symbols:
        assert symbol in body, (symbol, body)
    assert "\\" not in body  # no LaTeX command left over


@pytest.mark.parametrize(
    "expression",
    [
        # A game named by text inside a comprehension: its name reaches \text{...}.
        'sum(g("</math><script>alert(1)</script>", [k]) for k in range(3))',
        'all(g("\\text{</math><b>x</b>}", [k]) == 0 for k in range(n))',
        'mex(g("a&b<i>", [k]) for k in range(n))',
    ],
)
def test_hostile_text_inside_a_comprehension_stays_escaped(expression: str) -> None:
    mathml = latex_to_mathml(expression_latex(expression, "[n]"))
    assert "<script" not in mathml and "</math><" not in mathml.replace("</math>", "", 1)
    assert "<b>" not in mathml and "<i>" not in mathml
    assert "&lt;" in mathml


def test_text_constants_in_a_comprehension_are_refused_not_printed() -> None:
    with pytest.raises(MathSyntaxError, match="script"):
        expression_latex("any(x == '</math><script>' for x in moves)", "[n]")


def test_a_computed_step_is_refused_rather_than_misread() -> None:
    with pytest.raises(MathSyntaxError, match="range"):
        expression_latex("all(k > 0 for k in range(n, 0, 1 - 2))", "[n]")
    with pytest.raises(MathSyntaxError, match="range"):
        expression_latex("all(k > 0 for k in range(n, 0, -True))", "[n]")


def test_a_parameter_of_the_game_is_not_part_of_the_position() -> None:
    # Moore's Nim_k with k a claim variable feeding params: the position is (a, b), not
    # (k, a, b) (the statement printed the variables in place of the claim's position).
    from grundy.claims import Claim, claims_from_text
    from grundy.report.statements import claim_latex

    [claim] = claims_from_text(
        """
[[claim]]
id = "x"
game = "moore-nim"
params = { k = "k" }
vars = ["k", "a", "b"]
range = { k = [1, 2], a = [0, 3], b = [0, 3] }
statement = "(outcome == 'P') == all((bit(a, i) + bit(b, i)) % (k + 1) == 0 for i in range(2))"
"""
    )
    assert isinstance(claim, Claim)
    latex = claim_latex(claim)
    assert latex is not None and latex.startswith(r"(a, b) \in \mathcal{P} \iff (\forall i")


@pytest.mark.parametrize(
    ("expression", "latex"),
    [
        ("any([a == 1, b == 2])", r"a = 1 \lor b = 2"),
        ("all([a < b, b < c])", r"a < b \land b < c"),
        ("exists([a == b])", "a = b"),  # the book's word, read as any
        ("not any([a == 1, b == 2])", r"\lnot (a = 1 \lor b = 2)"),
    ],
)
def test_all_and_any_of_a_written_list_are_a_conjunction_and_a_disjunction(
    expression, latex
) -> None:
    assert expression_latex(expression) == latex
    check_latex(latex)


def _example_latex(path: str, claim_id: str) -> str:
    from pathlib import Path

    from grundy.claims import Claim, claims_from_file
    from grundy.report.caveats import mark_misere
    from grundy.report.statements import claim_latex
    from grundy.solve.solver import Play

    root = Path(__file__).resolve().parents[2]
    (claim,) = [c for c in claims_from_file(root / path) if c.id == claim_id]
    assert isinstance(claim, Claim)
    latex = claim_latex(claim)
    assert latex is not None
    return mark_misere(latex) if claim.play is Play.MISERE else latex


@pytest.mark.parametrize(
    ("path", "claim_id", "latex"),
    [
        # a rectangle of Chomp, not "(b)^{×a}"; "a * b > 1" as ab > 1
        (
            "examples/chomp.toml",
            "chomp-rectangles-are-n",
            r"a \times b \in \mathcal{N} \quad \text{whenever } ab > 1",
        ),
        # the bite that leaves an L: its rows, and Win(...) defined under the formula
        (
            "examples/chomp.toml",
            "chomp-square-bite-2-2",
            r"(n, \underbrace{1, \ldots, 1}_{n - 1}) \in \operatorname{Win}(n \times n)",
        ),
        # misère Nim: "if and only if", the cases in words (was an equation between a
        # membership and a cases block)
        (
            "examples/misere_nim.toml",
            "misere-nim-rule",
            r"(a, b, c) \in \mathcal{P}^{-} \iff a \oplus b \oplus c = 1 \text{ when } "
            r"\max(a, b, c) \le 1\text{, and } a \oplus b \oplus c = 0 \text{ otherwise}",
        ),
        # two-row Chomp: the rows as a pair, the condition without brackets
        (
            "examples/cookbook.toml",
            "cookbook-two-row-chomp",
            r"(a, b) \in \mathcal{P} \iff a = b + 1 \quad \text{whenever } b \le a",
        ),
        # many equal heaps: "10^12 heaps of a"
        ("examples/hostile.toml", "huge-list", r"\mathcal{G}(10^{12} \text{ heaps of } a) = 0"),
    ],
)
def test_the_claims_that_read_as_code_are_typeset_as_mathematics(
    path: str, claim_id: str, latex: str
) -> None:
    shown = _example_latex(path, claim_id)
    assert shown == latex
    for code in (r"\times a}", "begin{cases}", r"\cdot b", "winning\\_moves"):
        assert code not in shown


@pytest.mark.parametrize(
    ("expression", "position", "latex"),
    [
        ("2 * n + 1 == a * b", None, "2n + 1 = ab"),
        ("k * k == n", None, r"k \cdot k = n"),  # kk would be misread
        ("n * 2 == 4", None, r"n \cdot 2 = 4"),
        ("grundy == 0", "[a] * (b + 1)", r"\mathcal{G}((b + 1) \text{ heaps of } a) = 0"),
        ("grundy == 0", "[a + 1, b]", r"\mathcal{G}(a + 1, b) = 0"),
        ("grundy == 0", "n + 1", r"\mathcal{G}(n + 1) = 0"),
        ("(outcome == 'P') == (a == 1 if b else a == 2)", "[a, b]",
         r"(a, b) \in \mathcal{P} \iff a = 1 \text{ when } b\text{, and } a = 2 \text{ otherwise}"),
        ("x == (1 if b else 2)", None, r"x = \begin{cases} 1 & \text{if } b \\ 2 & "
         r"\text{otherwise} \end{cases}"),  # a value chosen by cases keeps its cases
    ],
)  # fmt: skip
def test_products_positions_and_cases_read_as_the_notes_write_them(
    expression: str, position: str | None, latex: str
) -> None:
    assert expression_latex(expression, position) == latex


def test_a_board_position_is_a_rectangle_only_for_a_board() -> None:
    assert (
        expression_latex("outcome == 'N'", "[b] * a", board=True) == r"a \times b \in \mathcal{N}"
    )
    assert expression_latex("outcome == 'N'", "[b] * a") == r"a \text{ heaps of } b \in \mathcal{N}"


def test_the_winning_moves_are_defined_under_the_formula() -> None:
    from grundy.report.expression_aggregates import notation_defined

    latex = expression_latex("[n] + [1] * (n - 1) in winning_moves", "[n] * n", board=True)
    assert notation_defined(latex) == [(r"\operatorname{Win}(p)", "notation.win")]


def test_the_default_position_keeps_its_brackets() -> None:
    """With no position given, ``outcome`` and ``grundy`` are functions of p: o(p) and
    G(p), never the product "op" (a counterexample's "There o(p) = D" read "op = D")."""
    from grundy.report.expression import expression_latex

    assert expression_latex("outcome", None) == "o(p)"
    assert expression_latex("grundy", None) == r"\mathcal{G}(p)"
    assert expression_latex("grundy == n", "[n]") == r"\mathcal{G}(n) = n"


@pytest.mark.parametrize(
    ("text", "latex"),
    [
        (
            "period('0.137') == 34",
            r"\operatorname{period}(\mathcal{G}_{\text{0.137}}) = 34",
        ),
        (
            "preperiod('kayles') == 71",
            r"\operatorname{preperiod}(\mathcal{G}_{\text{Kayles}}) = 71",
        ),
        (
            "quotient_order('kayles', n) == 40",
            r"\lvert \mathcal{Q}_{\text{Kayles}}^{\le n} \rvert = 40",
        ),
        (
            "p_portion_size('kayles', 30) == 9",
            r"\lvert \mathcal{P} \cap \mathcal{Q}_{\text{Kayles}}^{\le 30} \rvert = 9",
        ),
        ("is_tame('nim', 7)", r"\mathcal{Q}_{\text{Nim}}^{\le 7} \text{ is tame}"),
    ],
)
def test_facts_of_a_named_game_as_a_whole_are_typeset(text: str, latex: str) -> None:
    # Before issue 37's functions these raised MathSyntaxError on the game's name.
    assert expression_latex(text) == latex
    check_latex(latex)
