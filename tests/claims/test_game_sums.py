"""Sums of different games in claim files, values of named games inside expressions,
and nim multiplication in the claim language."""

import pytest

from grundy.claims import check_claim
from grundy.library import CheckSettings
from grundy.verdict import Status
from tests.claims.helpers import claim_text, good_claim, problem_of

SETTINGS = CheckSettings(quick=True, random_examples=100)


class Raw:
    """TOML written as is (the helpers quote plain strings)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


SUM = {"game": Raw('["nim", "kayles"]'), "vars": '["a", "k"]', "position": "[[a], [k]]"}


def check(**fields: object):
    return check_claim(good_claim(**fields), SETTINGS)


def test_a_sum_of_nim_and_kayles_is_valued_by_the_sum_rule() -> None:
    verdict = check(
        **SUM,
        range="{ a = [0, 7], k = [0, 24] }",
        statement="grundy == a ^ g('kayles', [k])",
    )
    assert verdict.status is Status.PROVED
    assert verdict.cases == 8 * 25


def test_a_false_statement_about_a_sum_is_refuted_with_the_values_shown() -> None:
    verdict = check(
        game=Raw('["nim", "dawsons-kayles"]'),
        vars='["a", "k"]',
        position="[[a], [k]]",
        range="{ a = [0, 7], k = [0, 10] }",
        statement="grundy == a ^ g('kayles', [k])",
    )
    assert verdict.status is Status.REFUTED
    # Dawson's Kayles has G(1) = 0 but Kayles has G(1) = 1 (Winning Ways, ch. 4 tables).
    assert verdict.counterexample == {
        "a": 0,
        "k": 1,
        "position": [[0], [1]],
        "grundy": 0,
        "g('kayles', [1])": 1,
    }


def test_params_are_given_per_component() -> None:
    verdict = check(
        game=Raw('["subtraction", "nim"]'),
        params="[{ set = [1, 2, 3] }, {}]",
        vars='["n", "a"]',
        range="{ n = [0, 12], a = [0, 7] }",
        position="[[n], [a]]",
        statement="(outcome == 'P') == (n % 4 == a)",
    )
    assert verdict.status is Status.PROVED


def test_named_games_take_options_as_on_the_command_line() -> None:
    verdict = check(
        vars='["n"]',
        range="{ n = [0, 30] }",
        statement="g('subtraction --set 1,2,3', [n]) == n % 4 "
        "and outcome_of('take-away', [n]) == ('P' if n % 4 == 0 else 'N')",
    )
    assert verdict.status is Status.PROVED


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"statement": "g('kayls', [a]) == 0"}, ["unknown game 'kayls'", "g('kayls', [a])"]),
        ({"statement": "g(a, [a]) == 0"}, ["names a game as text", "'a'"]),
        ({"statement": "g('subtraction', [a]) == 0"}, ["needs option --set", "g('subtraction'"]),
        ({"statement": "g('nim --size 3', [a]) == 0"}, ["no option '--size'"]),
        ({"statement": "outcome_of('nim', [a], 1) == 'P'"}, ["takes 1-2 arguments"]),
        ({"statement": "nim_mul(3, 2 ** 300) == 0"}, ["at most 256 bits"]),
    ],
)
def test_bad_named_games_are_claim_errors_naming_the_token(fields, words) -> None:
    problem = problem_of(vars='["a"]', range="{ a = [0, 3] }", **fields)
    for word in words:
        assert word in problem


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"game": Raw('["nim", "kayles"]'), "params": "[{}]"}, ["a list of 2 tables"]),
        ({"game": Raw('["nim", "kayles"]'), "params": "{}"}, ["a list of 2 tables"]),
        ({"game": Raw("[]")}, ["a game name or a list"]),
        ({"game": Raw('["nim", 3]')}, ["a game name or a list"]),
        ({"game": Raw('["nim", "kales"]')}, ["unknown game 'kales'"]),
        ({"game": Raw('["nim", "subtraction"]'), "params": "[{}, { set = 'x' }]"}, ["set"]),
    ],
)
def test_bad_sums_are_claim_errors(fields, words) -> None:
    problem = problem_of(vars='["a"]', range="{ a = [0, 3] }", statement="True", **fields)
    for word in words:
        assert word in problem


def test_a_position_that_does_not_fit_the_sum_is_an_error_verdict() -> None:
    verdict = check(
        **{**SUM, "position": "[[a, k]]"},
        range="{ a = [0, 3], k = [0, 3] }",
        statement="grundy >= 0",
    )
    assert verdict.status is Status.ERROR
    assert "one position per game" in verdict.message


def test_nim_multiplication_in_expressions() -> None:
    verdict = check(
        vars='["a", "b"]',
        range="{ a = [0, 15], b = [1, 15] }",
        statement="nim_mul(nim_mul(a, nim_inv(b)), b) == a and nim_pow(b, 15) == 1 "
        "and nim_mul([a, b, 1]) == nim_mul(b, a)",
    )
    assert verdict.status is Status.PROVED
    wrong = check(
        vars='["a", "b"]',
        range="{ a = [0, 15], b = [0, 15] }",
        statement="nim_mul(a, b) == a * b",
    )
    assert wrong.status is Status.REFUTED
    assert wrong.counterexample == {"a": 2, "b": 2}


def test_nim_inverse_of_zero_and_huge_nimbers_are_error_verdicts() -> None:
    verdict = check(vars='["a"]', range="{ a = [0, 3] }", statement="nim_inv(a) >= 0")
    assert verdict.status is Status.ERROR
    assert "nim_inv(0)" in verdict.message
    verdict = check(vars='["a"]', range="{ a = [0, 3] }", statement="nim_pow(2 ** a, 2 ** 300) > 0")
    assert verdict.status is Status.ERROR
    assert "at most 256 bits" in verdict.message


def test_the_certificate_method_reads_other_games_by_their_own_certificates() -> None:
    # A named game's values come from its own certificate (issue 37): the statement repeats
    # with the lcm of both periods from the larger start, and both certificates are named.
    verdict = check(
        game="dawsons-kayles",
        vars='["n"]',
        range="{ n = [0, 100000] }",
        position="[n]",
        statement="grundy <= g('kayles', [n]) + 9",
        method="certificate",
    )
    assert (verdict.status, verdict.scope) == (Status.PROVED, "unbounded"), verdict.message
    assert {a.id for a in verdict.assumes} == {
        "guy-smith-periodicity: octal --code 0.07 has period 34 from 53",
        "guy-smith-periodicity: octal --code 0.77 has period 12 from 71",
    }
    assert "statement repeats with period 204 from n = 71" in verdict.message


def test_the_certificate_method_declines_a_named_game_with_no_certified_period() -> None:
    verdict = check(
        game="dawsons-kayles",
        vars='["n"]',
        range="{ n = [0, 100000] }",
        position="[n]",
        statement="grundy <= g('0.6', [n]) + 9",
        method="certificate",
    )
    assert verdict.status is Status.UNKNOWN
    assert "octal --code 0.6: no certified period within G(0..4000)" in verdict.message


def test_claim_text_helper_quotes_lists_raw() -> None:
    assert 'game = ["nim", "kayles"]' in claim_text(**SUM, statement="True")


def test_z3_does_not_read_another_games_values_as_nim() -> None:
    # G of Kayles is not the heap size (G(4) = 1), so no engine may prove this for Nim.
    fields = {
        "vars": '["a"]',
        "range": "{ a = [0, 2000000] }",
        "statement": "g('kayles', [a]) == a",
    }
    assert check(**fields, method="z3").status is not Status.PROVED
    verdict = check(**{**fields, "range": "{ a = [0, 20] }"})
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample["a"] == 4
    outcome = check(
        **{**fields, "statement": "(outcome_of('kayles', [a]) == 'P') == (a % 2 == 0)"},
        method="z3",
    )
    assert outcome.status is not Status.PROVED  # false: a row of 2 pins is won by the mover


def test_a_sum_of_too_many_games_is_refused() -> None:
    names = ", ".join(['"nim"'] * 101)
    problem = problem_of(game=Raw(f"[{names}]"), statement="True")
    assert "more than 100 games" in problem


def test_an_octal_code_names_its_game_in_a_claim_and_inside_expressions() -> None:
    # 0.77 is Kayles and 0.07 Dawson's Kayles, by their octal codes
    verdict = check(
        game="0.77",
        vars='["n"]',
        range="{ n = [0, 40] }",
        statement="grundy == g('kayles', [n]) and g('0.07', [n]) == g('dawsons-kayles', [n])",
    )
    assert verdict.status is Status.PROVED
    refused = problem_of(
        id="bad-code", game="0.9z", vars='["n"]', range="{ n = [0, 3] }", statement="n >= 0"
    )
    assert "octal code must look like 0.77" in refused
