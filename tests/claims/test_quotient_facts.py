"""Facts of a misère quotient inside a claim (issue 37): ``quotient_order``,
``p_portion_size`` and ``is_tame`` of a named heap game up to N, read from a certificate
the independent checker accepted first; games that are not sums of independent heaps are
refused as ``grundy quotient`` refuses them."""

from __future__ import annotations

import pytest

from grundy.certify.quotient_check import QuotientCheck
from grundy.claims import check_claim, quotient_facts
from grundy.library import CheckSettings
from grundy.verdict import Status
from tests.claims.helpers import good_claim, problem_of

SETTINGS = CheckSettings(seed=0)


def verdict_of(statement: str, **fields: object):  # type: ignore[no-untyped-def]
    fields.setdefault("game", "kayles")
    return check_claim(good_claim(statement=statement, **fields), SETTINGS)


@pytest.mark.parametrize(
    "statement",
    [
        # the values `grundy quotient GAME --upto N` prints
        "quotient_order('kayles', 12) == 24 and p_portion_size('kayles', 12) == 8",
        "not is_tame('kayles', 12)",
        "quotient_order('dawsons-kayles', 9) == 6 and is_tame('dawsons-kayles', 9)",
        "quotient_order('nim', 7) == 10 and p_portion_size('nim', 7) == 2 and is_tame('nim', 7)",
    ],
)
def test_quotient_facts_are_those_the_command_prints(statement: str) -> None:
    verdict = verdict_of(statement)
    assert verdict.status is Status.PROVED, verdict.message
    assert any(a.id.startswith("misere-quotient of ") for a in verdict.assumes)


@pytest.mark.parametrize(
    ("statement", "shown"),
    [
        ("quotient_order('kayles', 12) == 12", {"quotient_order('kayles', 12)": 24}),
        ("is_tame('dawsons-kayles', 12)", {"is_tame('dawsons-kayles', 12)": False}),
    ],
)
def test_wrong_quotient_facts_are_refuted(statement: str, shown: dict) -> None:
    verdict = verdict_of(statement)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample == shown


def test_the_order_in_a_variable_over_several_n() -> None:
    verdict = verdict_of(
        "quotient_order('dawsons-kayles', n) == 6", vars='["n"]', range="{ n = [4, 9] }"
    )
    assert (verdict.status, verdict.cases) == (Status.PROVED, 6), verdict.message


def test_nothing_is_read_from_a_certificate_the_checker_rejects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The checker runs first: a rejected certificate is an error, never a value.
    quotient_facts._CHECKED.clear()
    monkeypatch.setattr(
        quotient_facts,
        "check_quotient_certificate",
        lambda data: QuotientCheck(False, ("row 3 is not associative",), 0, 0),
    )
    verdict = verdict_of("quotient_order('kayles', 5) == 12")
    assert verdict.status is Status.ERROR
    assert "rejected by the independent checker: row 3 is not associative" in verdict.message
    quotient_facts._CHECKED.clear()


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("quotient_order('wythoff', 5) == 1", "as a sum of independent heaps"),
        ("quotient_order('kayles', 201) == 1", "from 0 to 200, got 201"),
        ("is_tame('kayles', -1)", "from 0 to 200, got -1"),
    ],
)
def test_what_has_no_quotient_is_an_error(statement: str, expected: str) -> None:
    verdict = verdict_of(statement)
    assert verdict.status is Status.ERROR
    assert expected in verdict.message


def test_the_game_is_named_as_text() -> None:
    problem = problem_of(vars='["n"]', range="{ n = [0, 3] }", statement="is_tame(n, 3)")
    assert "the first argument of is_tame() names a game as text" in problem


def test_a_budget_that_runs_out_makes_the_claim_unknown() -> None:
    quotient_facts._CHECKED.clear()
    settings = CheckSettings(seed=0, claim_seconds=0.5)
    verdict = check_claim(
        good_claim(game="kayles", statement="quotient_order('kayles', 120) == 40"), settings
    )
    assert verdict.status is Status.UNKNOWN
