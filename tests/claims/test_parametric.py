"""Game options written in a claim's variables, and the per-value split (issue 26, section 2).

A claim such as "S = {1, ..., k}: G(n) = n mod (k + 1) for every k" is one claim per value
of k, each with its own game: these tests check that every value is checked with the game
of that value (never the first one), that the verdicts join as a conjunction, and that bad
options are one-line errors when the claim is loaded.
"""

from __future__ import annotations

import pytest

from grundy.certify.certified_values import NotApplicable
from grundy.claims import Claim
from grundy.claims.check import _z3, check_claim
from grundy.claims.per_value import member_claims
from grundy.claims.periodic import check_by_certificate
from grundy.claims.runner import ClaimRunner
from grundy.errors import ClaimError
from grundy.games import SubtractionGame
from grundy.games.moore_nim import MooreNim
from grundy.library import CheckSettings
from grundy.solve import Solver
from grundy.verdict import Status, Word
from tests.claims.helpers import good_claim, problem_of

SETTINGS = CheckSettings(quick=True, random_examples=60, seed=0)

ONE_TO_K = {
    "game": "subtraction",
    "params": '{ set = "range(1, k + 1)" }',
    "vars": '["k", "n"]',
    "position": "[n]",
}


def one_to_k(statement: str, k: tuple[int, int], n: tuple[int, int], **more: object) -> Claim:
    return good_claim(
        **ONE_TO_K,
        range=f"{{ k = [{k[0]}, {k[1]}], n = [{n[0]}, {n[1]}] }}",
        statement=statement,
        **more,
    )


def per_value(verdict_details: dict[str, object]) -> dict[int, str]:
    rows = verdict_details["per_value"]
    assert isinstance(rows, list)
    return {row["k"]: row["word"] for row in rows}


# -- each value gets its own game -----------------------------------------------------------


def test_each_value_has_the_game_its_options_give() -> None:
    claim = one_to_k("grundy == n % (k + 1)", (1, 4), (0, 10))
    assert claim.split is not None and claim.split.variables == ("k",)
    games = dict(claim.split.games)
    assert games == {(k,): SubtractionGame(list(range(1, k + 1))) for k in range(1, 5)}
    members = member_claims(claim)
    assert [member.game for _, member in members] == [games[(k,)] for k in range(1, 5)]
    assert all(member.variables == ("n",) and member.split is None for _, member in members)
    # the value is put into the expressions, which are read again by the claim language
    assert members[2][1].statement.text == "grundy == n % (3 + 1)"


def test_a_statement_true_for_the_first_game_only_is_refuted_at_the_second() -> None:
    # Were every value checked with the game of k = 1, this would hold: G(n) = n mod 2 there.
    verdict = check_claim(one_to_k("grundy == n % 2", (1, 2), (0, 10)), SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert (verdict.counterexample["k"], verdict.counterexample["n"]) == (2, 2)
    assert per_value(dict(verdict.details)) == {1: "checked", 2: "refuted"}


def test_the_certificate_proves_every_value_for_every_heap() -> None:
    verdict = check_claim(
        one_to_k("grundy == n % (k + 1)", (1, 6), (0, 10**18), method="certificate"), SETTINGS
    )
    assert verdict.status is Status.PROVED and verdict.word is Word.PROVED
    assert verdict.scope == "unbounded n, for each k = 1..6"
    assert per_value(dict(verdict.details)) == {k: "proved" for k in range(1, 7)}
    assert "proved for k = 1..6" in verdict.message


def test_auto_reaches_the_certificate_for_each_value() -> None:
    verdict = check_claim(one_to_k("grundy == n % (k + 1)", (1, 3), (0, 10**18)), SETTINGS)
    assert verdict.word is Word.PROVED


def test_a_mutant_wrong_at_one_value_only_is_refuted_there() -> None:
    verdict = check_claim(
        one_to_k(
            "grundy == n % (k + 1) or (k == 4 and n > 1000)",  # wrong only for k = 4
            (1, 5),
            (0, 10**18),
            method="certificate",
        ),
        SETTINGS,
    )
    # the statement holds for k = 4 as well: a value proved with the others
    assert verdict.word is Word.PROVED
    mutant = check_claim(
        one_to_k("grundy == n % (k + 1 + (k == 4))", (1, 5), (0, 10**18), method="certificate"),
        SETTINGS,
    )
    assert mutant.status is Status.REFUTED
    assert mutant.counterexample is not None and mutant.counterexample["k"] == 4
    assert per_value(dict(mutant.details)) == {
        1: "proved",
        2: "proved",
        3: "proved",
        4: "refuted",
        5: "proved",
    }


def test_some_values_proved_and_others_only_checked_make_a_checked_claim() -> None:
    # n <= 4 covers a whole period of the statement for k <= 4 (proved for every n), but
    # not for k = 5, whose period is 6: there the range alone is checked.
    verdict = check_claim(
        one_to_k("grundy == n % (k + 1)", (1, 5), (0, 4), method="certificate"), SETTINGS
    )
    assert verdict.status is Status.PROVED and verdict.word is Word.CHECKED
    assert verdict.scope == "bounded: 1 <= k <= 5; 0 <= n <= 4"
    assert "proved for k = 1..4" in verdict.message and "checked for k = 5" in verdict.message


def test_the_least_counterexample_is_taken_over_every_value() -> None:
    verdict = check_claim(one_to_k("grundy == n % (k + 2) or k < 3", (1, 6), (0, 60)), SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    # k = 3 fails first at n = 4 (sum 7); k = 4 at n = 5 (sum 9): the least is k = 3
    assert (verdict.counterexample["k"], verdict.counterexample["n"]) == (3, 4)


def test_values_matched_one_by_one_with_separate_claims() -> None:
    claim = one_to_k("grundy == n % 3 or n % 5 == 0", (1, 5), (0, 40))
    joined = per_value(dict(check_claim(claim, SETTINGS).details))
    for k in range(1, 6):
        alone = good_claim(
            game="subtraction",
            params=f"{{ set = {list(range(1, k + 1))} }}",
            vars='["n"]',
            range="{ n = [0, 40] }",
            statement="grundy == n % 3 or n % 5 == 0",
        )
        assert joined[k] == check_claim(alone, SETTINGS).word.value


def test_an_assume_on_the_split_variable_alone_leaves_values_out() -> None:
    claim = one_to_k("grundy == n % (k + 1)", (1, 6), (0, 20), assume="k % 2 == 1")
    verdict = check_claim(claim, SETTINGS)
    assert verdict.word is Word.CHECKED
    assert sorted(per_value(dict(verdict.details))) == [1, 3, 5]
    proved = check_claim(
        one_to_k(
            "grundy == n % (k + 1)", (1, 6), (0, 10**18), assume="k % 2 == 1", method="certificate"
        ),
        SETTINGS,
    )
    assert proved.scope == "unbounded n, for each k = 1, 3, 5"  # the values checked only
    nothing = check_claim(
        one_to_k("grundy == n % (k + 1)", (1, 6), (0, 20), assume="k > 10"), SETTINGS
    )
    assert nothing.status is Status.UNKNOWN and "vacuous" in nothing.message


def test_moores_nim_for_k_1_to_4_is_one_claim() -> None:
    bits = " and ".join(
        f"((a >> {i} & 1) + (b >> {i} & 1) + (c >> {i} & 1)) % (k + 1) == 0" for i in range(3)
    )
    claim = good_claim(
        game="moore-nim",
        params='{ k = "k" }',
        vars='["k", "a", "b", "c"]',
        range="{ k = [1, 4], a = [0, 7], b = [0, 7], c = [0, 7] }",
        statement=f"(outcome == 'P') == ({bits})",
    )
    assert claim.position.text == "[a, b, c]"  # k is the game's, not a heap
    assert claim.split is not None
    assert [game for _, game in claim.split.games] == [MooreNim(k) for k in range(1, 5)]
    assert check_claim(claim, SETTINGS).word is Word.CHECKED
    wrong = good_claim(
        game="moore-nim",
        params='{ k = "k" }',
        vars='["k", "a", "b", "c"]',
        range="{ k = [1, 4], a = [0, 7], b = [0, 7], c = [0, 7] }",
        statement=f"(outcome == 'P') == ({bits.replace('k + 1', 'k + 2')})",
    )
    found = check_claim(wrong, SETTINGS)
    assert found.status is Status.REFUTED and found.counterexample is not None
    # re-checked against the game of its own k by a fresh solver
    example = found.counterexample
    game = MooreNim(example["k"])
    position = game.from_value([example["a"], example["b"], example["c"]])
    assert Solver(game).outcome(position).value == example["outcome"]


def test_for_each_splits_a_game_without_options() -> None:
    claim = good_claim(
        game="wythoff",
        for_each=["a"],
        vars='["a", "b"]',
        range="{ a = [0, 3], b = [0, 30] }",
        assume="a <= b",
        statement="(outcome == 'P') == (a == floor((b - a) * phi))",
    )
    assert claim.position.text == "[a, b]"  # a for_each variable stays in the position
    verdict = check_claim(claim, SETTINGS)
    assert verdict.word is Word.CHECKED
    assert "checked for a = 0..3" in verdict.message


@pytest.mark.parametrize(
    ("variables", "ranges", "for_each", "statement"),
    [
        ('["a"]', "{ a = [0, 5] }", ["a"], "grundy == a"),
        ('["a", "b"]', "{ a = [0, 3], b = [0, 3] }", ["a", "b"], "grundy == a ^ b"),
        ('["a", "b"]', "{ a = [0, 3], b = [0, 3] }", ["a"], "grundy == a ^ b"),
        ('["a", "b", "c"]', "{ a = [0, 2], b = [0, 2], c = [0, 2] }", ["b"], "grundy == a ^ b ^ c"),
    ],
)
def test_for_each_keeps_its_variables_in_the_position(
    variables: str, ranges: str, for_each: list[str], statement: str
) -> None:
    # Issue 34: with every variable split (vars = for_each = ["a"]), each value's position
    # was the empty one instead of [a], so the true claim "grundy == a" was refuted at a = 1.
    claim = good_claim(vars=variables, range=ranges, for_each=for_each, statement=statement)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.word is Word.CHECKED, verdict.message
    mutant = good_claim(
        vars=variables, range=ranges, for_each=for_each, statement=statement + " + (a == 2)"
    )
    assert check_claim(mutant, SETTINGS).counterexample["a"] == 2


def test_for_each_on_the_only_variable_plays_its_value() -> None:
    claim = good_claim(
        vars='["a"]', range="{ a = [0, 3] }", for_each=["a"], statement="grundy == a"
    )
    assert [m.position.text for _, m in member_claims(claim)] == ["[0]", "[1]", "[2]", "[3]"]


def test_for_each_beside_an_option_keeps_its_own_variable() -> None:
    # k is the game's (an option), a the position's: a is one heap of Moore's Nim_k.
    claim = good_claim(
        game="moore-nim",
        params='{ k = "k" }',
        vars='["k", "a"]',
        range="{ k = [1, 2], a = [0, 4] }",
        for_each=["a"],
        statement="grundy == a",
    )
    members = member_claims(claim)
    assert len(members) == 10
    assert all(m.position.text == f"[{a}]" for (_, a), m in members)
    assert check_claim(claim, SETTINGS).word is Word.CHECKED


def test_for_each_with_z3_gives_one_proof_per_value() -> None:
    claim = good_claim(
        game="nim",
        for_each=["a"],
        vars='["a", "b"]',
        range="{ a = [0, 3], b = [0, 1000000] }",
        statement="(outcome == 'P') == (a == b)",
        method="z3",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.PROVED
    rows = verdict.details["per_value"]
    assert [row["word"] for row in rows] == ["checked"] * 4  # Z3 over the stated range of b
    assert {row["method"] for row in rows[1:]} == {"z3"}  # (a = 0 restates a lemma)
    mutant = good_claim(
        game="nim",
        for_each=["a"],
        vars='["a", "b"]',
        range="{ a = [0, 3], b = [0, 1000000] }",
        statement="(outcome == 'P') == (a == b + (a == 2))",
        method="z3",
    )
    assert check_claim(mutant, SETTINGS).status is Status.REFUTED


# -- no engine ever runs a whole family as one game --------------------------------------------


def test_engines_handed_a_whole_family_refuse_it() -> None:
    claim = one_to_k("grundy == n % (k + 1)", (1, 3), (0, 10))
    verdict = _z3(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN and "one value at a time" in verdict.message
    assert isinstance(check_by_certificate(claim), NotApplicable)
    with pytest.raises(ClaimError, match="one value at a time"):
        ClaimRunner(claim)


# -- options that are wrong are refused when the claim is loaded, in one line ---------------


@pytest.mark.parametrize(
    ("params", "range_", "words"),
    [
        ('{ sett = "range(1, k + 1)" }', "{ k = [1, 3], n = [0, 5] }", "has no option 'sett'"),
        ('{ set = "range(0, k)" }', "{ k = [1, 3], n = [0, 5] }", "positive integers"),
        ('{ set = "range(1, k + 1)" }', "{ k = [0, 3], n = [0, 5] }", "must not be empty"),
        ('{ set = "range(1, 10 ** k)" }', "{ k = [1, 5], n = [0, 5] }", "at most 1,000"),
        ('{ set = "[grundy]" }', "{ k = [1, 3], n = [0, 5] }", "cannot ask about positions"),
        ('{ set = "[k, j]" }', "{ k = [1, 3], n = [0, 5] }", "'j'"),
        ('{ set = "[k, -k]" }', "{ k = [1, 3], n = [0, 5] }", "k = 1"),
    ],
)
def test_bad_options_are_one_line_errors(params: str, range_: str, words: str) -> None:
    problem = problem_of(**{**ONE_TO_K, "params": params}, range=range_, statement="True")
    assert words in problem and "\n" not in problem


def test_a_bad_value_of_moores_k_names_the_value() -> None:
    problem = problem_of(
        game="moore-nim",
        params='{ k = "k - 1" }',
        vars='["k", "a"]',
        range="{ k = [1, 3], a = [0, 5] }",
        statement="True",
    )
    assert "k >= 1" in problem and "k = 1" in problem


def test_plain_options_are_read_as_before() -> None:
    claim = good_claim(
        game="subtraction",
        params='{ set = "1,2,3" }',
        vars='["n"]',
        range="{ n = [0, 9] }",
        statement="grundy == n % 4",
    )
    assert claim.split is None and claim.game == SubtractionGame([1, 2, 3])
    constant = good_claim(
        game="subtraction",
        params='{ set = "range(1, 4)" }',
        vars='["n"]',
        range="{ n = [0, 9] }",
        statement="grundy == n % 4",
    )
    assert constant.split is None and constant.game == SubtractionGame([1, 2, 3])
    code = good_claim(game="octal", params='{ code = "0.77" }', statement="True")
    assert code.split is None and code.game.label == "octal --code 0.77"


def test_a_sum_may_have_a_component_in_the_claims_variables() -> None:
    claim = good_claim(
        game=["subtraction", "nim"],
        params='[{ set = "range(1, k + 1)" }, {}]',
        vars='["k", "n", "a"]',
        range="{ k = [1, 3], n = [0, 12], a = [0, 3] }",
        position="[[n], [a]]",
        statement="(outcome == 'P') == (n % (k + 1) == a)",
    )
    assert claim.split is not None
    assert check_claim(claim, SETTINGS).word is Word.CHECKED


def test_a_report_explains_a_counterexample_with_the_game_of_its_value() -> None:
    from grundy.library import theorem_from_claim
    from grundy.report.mistakes import mistake_blocks

    claim = one_to_k("grundy == n % 2", (1, 2), (0, 10))
    verdict = check_claim(claim, SETTINGS)
    assert verdict.counterexample is not None
    (block,) = mistake_blocks(theorem_from_claim(claim), claim, verdict.counterexample)
    words = str(block)
    # k = 2, heap 2: S = {1, 2} gives value 2 (the game of k = 1 would say P, value 0)
    assert "N-position" in words and "Grundy value is 2" in words


def test_negative_values_are_put_in_with_their_sign() -> None:
    claim = good_claim(
        game="subtraction",
        params='{ set = "[1, k * k + 1]" }',
        vars='["k", "n"]',
        range="{ k = [-2, 2], n = [0, 5] }",
        position="[n]",
        statement="k ** 2 == k * k and -k + k == 0 and (k < 0) == (0 - k > 0)",
    )
    assert check_claim(claim, SETTINGS).word is Word.CHECKED
    wrong = good_claim(
        game="subtraction",
        params='{ set = "[1, k * k + 1]" }',
        vars='["k", "n"]',
        range="{ k = [-2, 2], n = [0, 5] }",
        position="[n]",
        statement="-k ** 2 == (-k) ** 2",
    )
    found = check_claim(wrong, SETTINGS)
    assert found.status is Status.REFUTED and found.counterexample is not None
    assert found.counterexample["k"] == -2  # the least in the order of cases (sum first)


def test_an_option_that_cannot_be_computed_names_the_field_and_the_value() -> None:
    problem = problem_of(
        **{**ONE_TO_K, "params": '{ set = "[3 // (k - 2) + 5]" }'},
        range="{ k = [1, 3], n = [0, 5] }",
        statement="True",
    )
    assert problem.startswith("claim 'demo', field 'params': set = '[3 // (k - 2) + 5]' at k = 2")
    assert "division by zero" in problem


# -- assume is evaluated before any value's game is built (issue 34) ---------------------------


@pytest.mark.parametrize("assume", ["a <= b", "a <= b and n >= 0", "not (a > b)"])
def test_assume_drops_values_before_their_games_are_built(assume: str) -> None:
    # range(2, 2) is an empty subtraction set: no game. It used to be built (and refused)
    # before assume dropped (a, b) = (2, 1), so the whole claim was an error.
    claim = good_claim(
        game="subtraction",
        params='{ set = "range(a, b + 1)" }',
        vars='["a", "b", "n"]',
        range="{ a = [1, 3], b = [1, 3], n = [0, 12] }",
        position="[n]",
        assume=assume,
        statement="grundy == (n % (a + b)) // a",
    )
    assert claim.split is not None
    assert [value for value, _ in claim.split.games] == [
        (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)
    ]  # fmt: skip
    verdict = check_claim(claim, SETTINGS)
    assert verdict.word in (Word.CHECKED, Word.PROVED), verdict.message


def test_a_family_whose_assume_admits_no_value_is_vacuous() -> None:
    claim = good_claim(
        game="subtraction",
        params='{ set = "range(a, b + 1)" }',
        vars='["a", "b"]',
        range="{ a = [2, 3], b = [0, 1] }",
        assume="a <= b",
        statement="grundy >= 0",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN and "vacuous" in verdict.message


def test_a_leading_part_of_assume_in_the_split_variables_drops_values() -> None:
    fields = {
        "game": "moore-nim",
        "params": '{ k = "k" }',
        "vars": '["k", "a", "b"]',
        "range": "{ k = [0, 3], a = [0, 5], b = [0, 5] }",
        "statement": "(outcome == 'P') == ((a == b) if k == 1 else (a == 0 and b == 0))",
    }
    # k = 0 has no game (Moore's Nim needs k >= 1): the leading 'k % 2 == 1' drops it.
    claim = good_claim(**fields, assume="k % 2 == 1 and a <= b")
    assert claim.split is not None and claim.split.values == ((1,), (3,))
    assert check_claim(claim, SETTINGS).word is Word.CHECKED
    # After a part that depends on a and b, 'and' may never reach k % 2 == 1 for some
    # case: it is not run alone, k = 0 is kept, and its game is refused naming it.
    assert "the game of k = 0" in problem_of(**fields, assume="a <= b and k % 2 == 1")


@pytest.mark.parametrize(
    ("game", "params"),
    [
        ("moore-nim", '{ k = "k * 10**30" }'),
        ("subtraction", '{ set = "[1, k * 10**30]" }'),
        ("lucky-nim", '{ m = 1, n = "k * 10**30" }'),
        ("subtraction", '{ set = "range(10**30, 10**30 + k)" }'),
    ],
)
def test_an_option_too_large_to_write_is_refused_naming_the_field(game: str, params: str) -> None:
    # It used to reach the game and come back as "Python int too large to convert to C
    # ssize_t" from the middle of a check.
    problem = problem_of(
        game=game,
        params=params,
        vars='["k", "a"]',
        range="{ k = [1, 2], a = [0, 3] }",
        position="[a, a]",
        statement="outcome == 'P'",
    )
    assert "field 'params'" in problem and "at k = 1" in problem
    assert "a number of 31 digits" in problem and "9,223,372,036,854,775,807" in problem
