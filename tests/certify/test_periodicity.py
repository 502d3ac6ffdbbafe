"""Periods, certificates, and the independent checker on good and corrupted certificates."""

import random
from dataclasses import replace

import numpy as np
import pytest

from grundy.certify import check_certificate, observed_period, period_report
from grundy.certify.periodicity import PeriodicityCertificate, periods
from grundy.errors import InvalidParameterError
from grundy.games import Nim, SubtractionGame, create_game
from grundy.games.grundys_game import GrundysGame
from grundy.games.octal import OctalGame
from grundy.solve.fast_sequences import kernel_sequence
from grundy.solve.heap_sequences import rules_of
from grundy.solve.sequence import grundy_sequence


def _report(game, upto):
    return period_report(game, grundy_sequence(game, upto))


@pytest.fixture(scope="module")
def kayles_certificate() -> PeriodicityCertificate:
    report = _report(create_game("kayles"), 300)
    assert report.certificate is not None
    return report.certificate


def test_period_definitions() -> None:
    assert observed_period([0, 1, 2] * 3) == (3, 0)
    assert observed_period([7, 0, 1, 0, 1, 0]) == (2, 1)
    assert observed_period([0, 1, 2, 3]) is None
    # one and a half periods are not enough
    assert observed_period([9, 9, 0, 1, 2, 0, 1]) is None
    assert periods([0, 0, 0, 0]) == [(1, 0), (2, 0)]


def test_kayles_is_certified(kayles_certificate: PeriodicityCertificate) -> None:
    cert = kayles_certificate
    assert (cert.period, cert.preperiod, cert.reach, cert.start) == (12, 71, 2, 71)
    assert cert.last_needed == 2 * 71 + 2 * 12 + 2 - 1
    assert len(cert.values) == cert.last_needed + 1
    assert check_certificate(cert).valid
    assert check_certificate(cert.to_json()).valid


def test_kayles_with_too_few_values_is_not_certified() -> None:
    report = _report(create_game("kayles"), 120)
    assert (report.period, report.preperiod, report.certified) == (12, 71, False)
    assert report.needed_upto == 167 and "--upto 167" in report.reason


def test_dawsons_kayles_is_certified() -> None:
    report = _report(create_game("dawsons-kayles"), 400)
    assert report.certified and report.period == 34
    assert report.certificate is not None and check_certificate(report.certificate).valid


def test_preperiod_zero_uses_start_one() -> None:
    report = _report(OctalGame("0.3"), 40)  # G(n) = n mod 2: period 2 from 0
    assert (report.period, report.preperiod) == (2, 0)
    assert report.certificate is not None and report.certificate.start == 1
    assert check_certificate(report.certificate).valid
    bad = replace(report.certificate, start=0)
    assert not check_certificate(bad).valid


def test_grundys_game_is_never_certified() -> None:
    report = _report(GrundysGame(), 2000)
    assert not report.certified and report.certificate is None
    assert "Grundy's game" in report.reason


def test_three_heap_codes_are_refused() -> None:
    report = _report(OctalGame("0.8"), 60)
    assert not report.certified and "three heaps" in report.reason


def test_nim_has_no_period() -> None:
    report = _report(Nim(), 30)
    assert report.period is None and not report.certified


@pytest.mark.parametrize(
    "subtraction_set",
    [[1], [2], [1, 2], [1, 3], [2, 3], [1, 2, 3], [1, 4], [2, 4], [3, 4], [1, 2, 3, 4], [2, 5, 7]],
)
def test_subtraction_games_are_certified(subtraction_set: list[int]) -> None:
    report = _report(SubtractionGame(subtraction_set), 200)
    assert report.certified and report.certificate is not None
    assert check_certificate(report.certificate).valid


def test_subtraction_window_length() -> None:
    report = _report(SubtractionGame([1, 2, 3]), 40)
    assert report.certificate is not None
    assert (report.period, report.preperiod) == (4, 0)
    assert report.certificate.last_needed == 0 + 3 - 1 + 4


# -- corrupted certificates ---------------------------------------------------------------


def test_wrong_period_is_rejected(kayles_certificate: PeriodicityCertificate) -> None:
    for period in (11, 13, 24 + 1):
        check = check_certificate(replace(kayles_certificate, period=period))
        assert not check.valid


def test_wrong_value_is_rejected(kayles_certificate: PeriodicityCertificate) -> None:
    values = list(kayles_certificate.values)
    values[100] ^= 1
    check = check_certificate(replace(kayles_certificate, values=tuple(values)))
    assert not check.valid and "G(100)" in check.problems[0]


def test_consistent_but_false_values_are_rejected(
    kayles_certificate: PeriodicityCertificate,
) -> None:
    # Periodic fake values from the start: the recomputation from the rules catches them.
    fake = tuple(kayles_certificate.values[71 + (n % 12)] for n in range(200))
    check = check_certificate(replace(kayles_certificate, preperiod=0, start=1, values=fake))
    assert not check.valid


def test_too_short_a_range_is_rejected(kayles_certificate: PeriodicityCertificate) -> None:
    short = replace(kayles_certificate, values=kayles_certificate.values[:-1])
    check = check_certificate(short)
    assert not check.valid and "needs G(0..167)" in check.problems[0]


def test_understated_reach_is_rejected(kayles_certificate: PeriodicityCertificate) -> None:
    check = check_certificate(replace(kayles_certificate, reach=1))
    assert not check.valid and "reach is 2" in check.problems[0]


def test_non_least_preperiod_is_rejected(kayles_certificate: PeriodicityCertificate) -> None:
    later = replace(kayles_certificate, preperiod=72, start=72)
    values = grundy_sequence(create_game("kayles"), later.last_needed)
    check = check_certificate(replace(later, values=tuple(values)))
    assert not check.valid and "not least" in check.problems[-1]


def test_hex_code_certificate_is_rejected(kayles_certificate: PeriodicityCertificate) -> None:
    assert not check_certificate(replace(kayles_certificate, rules="0.f7")).valid


def test_malformed_certificates() -> None:
    assert not check_certificate({"game": "octal"}).valid
    good = {
        "game": "subtraction",
        "rules": "1,2",
        "theorem": "subtraction-window",
        "preperiod": 0,
        "period": 3,
        "reach": 2,
        "start": 0,
        "values": [0, 1, 2, 0, 1],
    }
    assert check_certificate(good).valid
    assert not check_certificate({**good, "values": [0, 1, "2", 0, 1]}).valid
    assert not check_certificate({**good, "rules": "0,2"}).valid
    assert not check_certificate({**good, "theorem": "guy-smith"}).valid
    assert not check_certificate({**good, "period": 0}).valid
    assert not check_certificate({**good, "values": 7}).valid
    with pytest.raises(InvalidParameterError):
        PeriodicityCertificate.from_json({"game": "octal"})
    assert PeriodicityCertificate.from_json(good).period == 3


def _periods_by_definition(values: list[int]) -> list[tuple[int, int]]:
    """Every observed (p, n0(p)) straight from the module's definition, O(N^2)."""
    count, found = len(values), []
    for period in range(1, count):
        preperiod = 0
        for n in range(count - period - 1, -1, -1):
            if values[n + period] != values[n]:
                preperiod = n + 1
                break
        if count - preperiod >= 2 * period:
            found.append((period, preperiod))
    return found


@pytest.mark.parametrize("seed", range(12))
def test_period_search_matches_the_definition(seed: int) -> None:
    rng = random.Random(seed)
    head = [rng.randrange(4) for _ in range(rng.randrange(0, 30))]
    cycle = [rng.randrange(3) for _ in range(rng.randrange(1, 9))]
    values = head + cycle * rng.randrange(1, 8) + cycle[: rng.randrange(len(cycle))]
    assert periods(values) == _periods_by_definition(values)


def test_long_periods_and_preperiods_are_found_by_the_compiled_search() -> None:
    rng = np.random.default_rng(5)
    head = rng.integers(0, 50, 250_000)
    cycle = rng.integers(0, 50, 150_000)
    values = np.concatenate([head, cycle, cycle, cycle[:1000]]).astype(np.uint16)
    found = observed_period(values)  # 551,000 values: the compiled Z-function
    assert found is not None and found[0] == 150_000
    assert 249_000 <= found[1] <= 250_000  # head's last values may match by chance
    assert values[found[1] - 1] != values[found[1] - 1 + 150_000]


def test_certified_period_found_late_in_a_long_range() -> None:
    game = OctalGame("0.16")  # period 149,459 (Gangolli and Plambeck 1989)
    values = kernel_sequence(rules_of(game), 520_000).values
    report = period_report(game, values)
    assert (report.period, report.certified) == (149_459, True)
    assert report.needed_upto is not None and report.needed_upto <= 520_000
