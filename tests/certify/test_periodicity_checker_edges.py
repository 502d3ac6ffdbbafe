"""The periodicity checker at its edges: every move kind, the window's last heaps, field
types, the step budget, and the JSON forms of reports and certificates."""

import pytest

from grundy.certify import check_certificate, period_report
from grundy.certify.periodicity import PeriodicityCertificate, build_certificate
from grundy.games import Nim, SubtractionGame
from grundy.games.grundys_game import GrundysGame
from grundy.games.octal import OctalGame
from grundy.solve.sequence import grundy_sequence

GUY_SMITH_REFUSAL = "the Guy-Smith form used covers moves leaving at most 2 heaps"


def _octal(code: str, values, **changes) -> dict:
    game = OctalGame(code)
    data = {
        "game": "octal",
        "rules": code,
        "theorem": "guy-smith",
        "preperiod": 0,
        "period": 1,
        "reach": game.max_take,
        "start": 1,
        "values": list(values),
    }
    return data | changes


# -- the recomputation lists every kind of move -------------------------------------------


@pytest.mark.parametrize(
    "code",
    # 1, 5: take k only when k is the whole heap; 4 before the point: split without taking
    ["0.1", "0.51", "0.15", "0.4", "4.7", "0.354", "0.6", "0.007", "4.05"],
)
def test_the_checker_recomputes_the_values_the_solver_finds(code):
    # The solver's sequence comes from the game class, not from the checker: the two
    # must agree on every value, whatever the digits allow.
    values = [int(v) for v in grundy_sequence(OctalGame(code), 40)]
    check = check_certificate(_octal(code, values))
    assert check.values_checked == len(values)
    assert not [p for p in check.problems if "the certificate says" in p]


@pytest.mark.parametrize("code", ["0.8", "0.9", "0.c", "0.f", "0.48", "8.1"])
def test_a_three_heap_code_is_refused_for_the_theorem_without_reading_values(code):
    values = [int(v) for v in grundy_sequence(OctalGame(code), 40)]
    check = check_certificate(_octal(code, values))
    assert check.valid is False
    assert check.problems == (GUY_SMITH_REFUSAL,)
    assert check.values_checked == 0


def test_a_take_only_the_whole_heap_digit_is_certified():
    # 0.1: the only move takes a heap of exactly 1, so G = 0, 1, 0, 0, 0, ...
    report = period_report(OctalGame("0.1"), grundy_sequence(OctalGame("0.1"), 30))
    assert report.certified and report.certificate is not None
    assert report.certificate.values[:6].tolist() == [0, 1, 0, 0, 0, 0]
    assert check_certificate(report.certificate).valid


# -- the periodicity window is compared to its last heap ----------------------------------


@pytest.mark.parametrize(
    ("game", "period", "preperiod"),
    [
        # S = {3}: G = 0,0,0,1,1,1,...; "period 1" holds for n = 0, 1 and fails at n = 2
        (SubtractionGame([3]), 1, 0),
        # 0.6: period 3 from 1 holds for n = 1..3 and fails at n = 4, the window being 1..5
        (OctalGame("0.6"), 3, 1),
    ],
    ids=["subtraction-3", "octal-0.6"],
)
def test_a_period_that_fails_only_at_the_end_of_the_window_is_rejected(game, period, preperiod):
    values = [int(v) for v in grundy_sequence(game, 60)]
    certificate = build_certificate(game, values, period, preperiod)
    window = range(preperiod, certificate.last_compared + 1)
    failing = [n for n in window if values[n + period] != values[n]]
    # the claim is false, and false only in the last two heaps of the window
    assert failing and failing[0] >= certificate.last_compared - 1
    check = check_certificate(certificate)
    assert check.valid is False
    first = failing[0]
    assert check.problems == (
        f"G({first + period}) = {values[first + period]} differs from G({first}) = {values[first]}",
    )


# -- fields must hold whole numbers --------------------------------------------------------


GOOD = {
    "game": "subtraction",
    "rules": "1,2",
    "theorem": "subtraction-window",
    "preperiod": 0,
    "period": 3,
    "reach": 2,
    "start": 0,
    "values": [0, 1, 2, 0, 1],
}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("values", [0, 1, 2.0, 0, 1]),  # equal to the right values, but not whole numbers
        ("values", [False, True, 2, False, True]),
        ("period", 3.0),
        ("period", "3"),
        ("preperiod", False),
        ("reach", 2.0),
        ("start", None),
    ],
    ids=[
        "float-values",
        "bool-values",
        "float-period",
        "text-period",
        "bool-preperiod",
        "float-reach",
        "none-start",
    ],
)
def test_fields_that_are_not_whole_numbers_are_rejected(field, value):
    assert check_certificate(GOOD).valid  # the certificate is right with whole numbers
    check = check_certificate({**GOOD, field: value})
    assert check.valid is False
    assert len(check.problems) == 1
    assert f"field {field!r} must hold whole numbers" in check.problems[0]


def test_a_code_that_splits_before_the_point_wrongly_is_named():
    check = check_certificate({**_octal("0.7", [0] * 10), "rules": "1.7"})
    assert check.valid is False
    (problem,) = check.problems
    assert "'1.7'" in problem and "before the point may only split" in problem


# -- the step budget -----------------------------------------------------------------------


def test_the_step_budget_stops_the_check_and_certifies_nothing():
    # The true values of 0.354 past its rare heaps: the check reads a few hundred splits
    # a heap, so a budget of a few thousand stops it, and the full budget does not.
    game = OctalGame("0.354")
    values = [int(v) for v in grundy_sequence(game, 5_000)]
    certificate = _octal("0.354", values, preperiod=0, period=1)
    stopped = check_certificate(certificate, max_steps=5_000)
    assert stopped.valid is False and stopped.values_checked == 0
    assert any("the check stopped after" in p for p in stopped.problems)
    finished = check_certificate(certificate)
    assert not [p for p in finished.problems if "stopped" in p or "certificate says" in p]
    assert finished.values_checked == len(values)


# -- JSON forms ----------------------------------------------------------------------------


def test_a_certified_report_round_trips_through_json():
    game = SubtractionGame([1, 2])
    report = period_report(game, grundy_sequence(game, 40))
    assert report.certified and report.certificate is not None
    data = report.to_json()
    assert data["certified"] is True
    assert (data["period"], data["preperiod"]) == (3, 0)
    assert check_certificate(data["certificate"]).valid
    again = PeriodicityCertificate.from_json(data["certificate"])
    assert again == report.certificate
    assert check_certificate(again).valid


@pytest.mark.parametrize("game", [GrundysGame(), Nim()], ids=["grundys-game", "nim"])
def test_an_uncertified_report_has_no_certificate_in_json(game):
    report = period_report(game, grundy_sequence(game, 60))
    data = report.to_json()
    assert data["certified"] is False
    assert data["certificate"] is None
    assert data["reason"] == report.reason
