"""Facts of a heap game's Grundy sequence inside a claim (issue 37): ``period(G)`` and
``preperiod(G)`` are the least ones, read from the checked periodicity certificate;
``g(G, [n])`` of a certified heap game is a look-up in that certificate; a statement over
two certified games is proved for every n by the certificate method."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grundy.certify.certified_values import CertifiedValues
from grundy.claims import check_claim, sequence_facts
from grundy.claims.sequence_facts import least_period
from grundy.errors import ClaimError
from grundy.games.labels import game_from_label
from grundy.library import CheckSettings
from grundy.solve import grundy_sequence
from grundy.verdict import Status
from tests.claims.helpers import good_claim, problem_of

SETTINGS = CheckSettings(seed=0)
DAWSON = "guy-smith-periodicity: octal --code 0.137 has period 34 from 52"
DAWSONS_KAYLES = "guy-smith-periodicity: octal --code 0.07 has period 34 from 53"


def verdict_of(**fields: object):  # type: ignore[no-untyped-def]
    fields.setdefault("game", "dawsons-chess")
    return check_claim(good_claim(**fields), SETTINGS)


def brute_least(values: list[int]) -> tuple[int, int]:
    """The least period and preperiod that fit a long prefix, by trying every pair (the
    prefix must be long enough for the answer to show at least three times)."""
    last = len(values)
    for period in range(1, last // 4):
        start = last - period
        while start > 0 and values[start - 1] == values[start - 1 + period]:
            start -= 1
        if start + 3 * period <= last:
            return period, start
    raise AssertionError("prefix too short")


@pytest.mark.parametrize(
    "label", ["0.137", "0.07", "kayles", "subtraction --set 2,5", "subtraction --set 1,2,3"]
)
def test_least_period_agrees_with_trying_every_pair_on_a_long_prefix(label: str) -> None:
    game = game_from_label(label)
    table = sequence_facts.certified_table(game)
    assert isinstance(table, CertifiedValues)
    long = list(grundy_sequence(game, 3000))
    assert least_period(table) == brute_least(long)


def test_a_certificate_whose_period_is_a_multiple_still_gives_the_least_one() -> None:
    # Dawson's Chess repeats with 68 from 52 as well: a certificate may name it, and the
    # claim must still read the least period and preperiod (the divisors argument).
    table = sequence_facts.certified_table(game_from_label("0.137"))
    assert isinstance(table, CertifiedValues)
    doubled = replace(table, period=2 * table.period)
    assert least_period(doubled) == (34, 52)
    late = replace(table, preperiod=table.preperiod + 40)  # a late start is pulled back too
    assert least_period(late) == (34, 52)


def test_dawsons_chess_period_and_preperiod_in_one_claim() -> None:
    verdict = verdict_of(statement="period('0.137') == 34 and preperiod('0.137') == 52")
    assert verdict.status is Status.PROVED, verdict.message
    assert [a.id for a in verdict.assumes] == [DAWSON]


@pytest.mark.parametrize(
    ("statement", "shown"),
    [
        ("period('0.137') == 68", {"period('0.137')": 34}),
        ("preperiod('0.137') == 53", {"preperiod('0.137')": 52}),
        ("preperiod('0.07') == 52", {"preperiod('0.07')": 53}),
    ],
)
def test_wrong_periods_are_refuted_with_the_value_read(statement: str, shown: dict) -> None:
    verdict = verdict_of(statement=statement)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample == shown


def test_a_period_that_is_not_least_is_refuted_only_by_the_least_period_argument(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The mutant 'period is 68' reads true off a certificate naming 68; only the least
    # period argument refutes it.  With that argument replaced by the certificate's own
    # numbers, the mutant would be taken for true: the argument is what refutes it.
    table = sequence_facts.certified_table(game_from_label("0.137"))
    assert isinstance(table, CertifiedValues)
    doubled = replace(table, period=68)
    monkeypatch.setattr(sequence_facts, "certified_table", lambda game, quick=False: doubled)
    assert verdict_of(statement="period('0.137') == 68").status is Status.REFUTED
    monkeypatch.setattr(sequence_facts, "least_period", lambda t: (t.period, t.preperiod))
    assert verdict_of(statement="period('0.137') == 68").status is Status.PROVED


def test_an_open_game_is_unknown_with_the_range_searched() -> None:
    # 0.6 is not known to be ultimately periodic: never a guess either way.
    verdict = verdict_of(statement="period('0.6') >= 1")
    assert verdict.status is Status.UNKNOWN
    assert "the period of octal --code 0.6 is not known" in verdict.message
    assert "G(0..4000)" in verdict.message


def test_period_of_a_game_that_is_not_a_heap_game_is_an_error() -> None:
    verdict = verdict_of(statement="period('wythoff') == 1")
    assert verdict.status is Status.ERROR
    assert "wythoff, which is not a heap game" in verdict.message


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("period(n) == 1", "the first argument of period() names a game as text"),
        ("period('0.137', 2) == 1", "period() takes 1 argument, got 2"),
        ("preperiod('no-such-game') == 1", "no-such-game"),
    ],
)
def test_period_is_read_with_its_game_named_as_text(statement: str, expected: str) -> None:
    problem = problem_of(game="nim", vars='["n"]', range="{ n = [0, 3] }", statement=statement)
    assert expected in problem


def test_period_is_not_computed_when_the_claim_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # Reading a claim costs nothing: the certificate is built only inside the check's budget.
    def refuse(game: object, quick: bool = False) -> object:
        raise AssertionError("certificate built while reading the claim")

    monkeypatch.setattr(sequence_facts, "certified_table", refuse)
    good_claim(game="nim", statement="period('0.137') == 34")


def test_g_of_a_certified_heap_game_is_read_from_its_certificate() -> None:
    # Before issue 37 every g('0.137', [n]) was searched by the exact solver (unknown after
    # 103 s at n <= 20,000); now 20,001 cases of two games take a second or two.
    verdict = verdict_of(
        vars='["n"]',
        range="{ n = [0, 20000] }",
        method="exhaustive",
        statement="g('0.137', [n]) == g('0.07', [n + 1])",
    )
    assert (verdict.status, verdict.cases) == (Status.PROVED, 20001), verdict.message
    assert {a.id for a in verdict.assumes} == {DAWSON, DAWSONS_KAYLES}


def test_g_of_several_heaps_is_the_nim_sum_of_certified_values() -> None:
    verdict = verdict_of(
        vars='["n"]',
        range="{ n = [0, 300] }",
        method="exhaustive",
        statement="g('kayles', [n, 7]) == g('kayles', [n]) ^ 2",
    )
    assert verdict.status is Status.PROVED, verdict.message
    assert "sg-sum-rule-every-game" in {a.id for a in verdict.assumes}


BIG = "{ n = [1000000000000, 2000000000000] }"


def test_a_mutant_at_huge_heaps_is_refuted_only_by_reading_the_certificate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fields = {
        "vars": '["n"]',
        "range": BIG,
        "statement": "g('0.137', [n]) == g('0.07', [n])",
    }
    verdict = verdict_of(**fields)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None and verdict.counterexample["n"] == 10**12
    # Without the certificates the solver cannot reach a heap of 10^12 tokens.
    monkeypatch.setattr(sequence_facts, "certified_table", lambda game, quick=False: "none")
    without = check_claim(
        good_claim(game="dawsons-chess", **fields), replace(SETTINGS, claim_seconds=20)
    )
    assert without.status is not Status.REFUTED


def test_g_of_another_game_with_certified_values_agrees_with_the_exact_solver() -> None:
    from grundy.solve import Solver

    game = game_from_label("0.137")
    solver = Solver(game)
    for heaps in [(5,), (60, 3), (0,), (17, 17, 2)]:
        assert sequence_facts.certified_grundy(game, heaps) == solver.grundy_value(heaps)


def test_cross_game_statement_is_proved_for_every_n() -> None:
    verdict = verdict_of(
        vars='["n"]',
        range="{ n = [0, 1000000000000] }",
        statement="g('0.137', [n]) == g('0.07', [n + 1])",
    )
    assert (verdict.status, verdict.method, verdict.scope) == (
        Status.PROVED,
        "certificate",
        "unbounded",
    ), verdict.message
    assert {a.id for a in verdict.assumes} == {DAWSON, DAWSONS_KAYLES}
    assert "statement repeats with period 34 from n = 52" in verdict.message


def test_cross_game_mutant_is_refuted_at_the_least_n() -> None:
    verdict = verdict_of(
        vars='["n"]',
        range="{ n = [0, 1000000000000] }",
        statement="g('0.137', [n]) == g('0.07', [n + 35])",
    )
    assert (verdict.status, verdict.method) == (Status.REFUTED, "certificate")
    assert verdict.counterexample is not None and verdict.counterexample["n"] == 14


def test_cross_game_periods_join_by_lcm_and_largest_start() -> None:
    # Kayles: 12 from 71; Dawson's Kayles: 34 from 53; heap n + 1 is past 53 from n = 52.
    verdict = verdict_of(
        vars='["n"]',
        range="{ n = [0, 1000000000000] }",
        statement="g('kayles', [n]) <= 9 or g('0.07', [n + 1]) <= 9",
        method="certificate",
    )
    assert verdict.status is Status.PROVED, verdict.message
    assert "statement repeats with period 204 from n = 71" in verdict.message


def test_sequence_facts_refuse_a_named_game_without_heaps() -> None:
    with pytest.raises(ClaimError, match="not a heap game"):
        sequence_facts.sequence_period(game_from_label("wythoff"), preperiod=False)
