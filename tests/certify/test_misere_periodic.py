"""When a quotient's heap map repeats long enough, the quotient holds for every heap size
(grundy.solve.misere_periodic); the checker re-verifies that claim on its own."""

import copy
import itertools
import random

import pytest

from grundy.certify.quotient_certificate import quotient_certificate
from grundy.certify.quotient_check import check_quotient_certificate
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame
from grundy.solve import Outcome, Play, Solver
from grundy.solve.misere_quotient import misere_quotient


def _extended_is_p(quotient, heaps):
    period = quotient.periodicity
    x = 0
    for heap in heaps:
        while heap > quotient.upto:
            heap -= period.period
        x = quotient.table[x][quotient.heap_map[heap]]
    return x in quotient.p_portion


@pytest.mark.parametrize(
    ("game", "upto", "far"),
    [
        (SubtractionGame([1, 2]), 8, 40),
        (SubtractionGame([2, 3]), 13, 40),
        (OctalGame("0.75"), 22, 40),
    ],
)
def test_a_proved_periodic_quotient_predicts_sums_of_larger_heaps(game, upto, far):
    quotient = misere_quotient(game, upto)
    assert quotient.every_heap
    assert not misere_quotient(game, upto - 1).every_heap  # the bound is met exactly here
    larger = misere_quotient(game, far)  # verified on its own for heaps up to ``far``
    assert larger.size == quotient.size
    rng = random.Random(7)
    for _ in range(300):
        heaps = [rng.randint(1, far) for _ in range(rng.randint(1, 5))]
        assert _extended_is_p(quotient, heaps) == larger.is_p(heaps), heaps
    solver = Solver(game)  # and the plain misère search, on sums holding a larger heap
    for big, small in itertools.product(range(upto + 1, upto + 7), range(4)):
        heaps = (small, big) if small else (big,)
        expected = solver.outcome(heaps, Play.MISERE) is Outcome.P
        assert _extended_is_p(quotient, heaps) == expected, heaps


def test_dawsons_kayles_to_20_is_not_proved_for_every_heap():
    quotient = misere_quotient(OctalGame("0.07"), 20)
    assert not quotient.every_heap


@pytest.fixture(scope="module")
def periodic_certificate():
    certificate = quotient_certificate(misere_quotient(SubtractionGame([1, 2]), 8))
    assert certificate["every_heap"] is True
    return certificate


def test_the_checker_accepts_a_true_every_heap_claim(periodic_certificate):
    report = check_quotient_certificate(periodic_certificate)
    assert report.valid, report.problems


def _claims_too_much(certificate):
    mutated = copy.deepcopy(certificate)
    mutated["periodicity"]["period"] = 4
    yield mutated  # the map does not repeat with period 4
    mutated = copy.deepcopy(certificate)
    mutated["periodicity"]["preperiod"] = 1  # 2*1 + 2*3 + 2 = 10 > N = 8
    yield mutated
    mutated = copy.deepcopy(certificate)
    mutated["rules"] = "1,2,5"  # a larger take (the outcomes fail as well)
    yield mutated


@pytest.mark.parametrize("index", [0, 1, 2])
def test_the_checker_rejects_every_heap_claims_it_cannot_prove(periodic_certificate, index):
    mutated = list(_claims_too_much(periodic_certificate))[index]
    report = check_quotient_certificate(mutated)
    assert not report.valid


def test_an_every_heap_claim_at_too_small_an_n_is_rejected():
    certificate = quotient_certificate(misere_quotient(SubtractionGame([1, 2]), 7))
    assert certificate["every_heap"] is False
    certificate["every_heap"] = True
    certificate["periodicity"] = {"preperiod": 0, "period": 3}
    report = check_quotient_certificate(certificate)
    assert not report.valid and "2*0 + 2*3 + 2" in report.problems[0]


@pytest.mark.slow
def test_misere_kayles_is_proved_for_every_heap_size():
    # Derived here, no published oracle used: Kayles' heap map repeats with period 12 from
    # heap 71, so N = 2*71 + 2*12 + 2 = 168 proves the quotient for every heap size.
    quotient = misere_quotient(OctalGame("0.77"), 168)
    found = quotient.periodicity
    assert (found.preperiod, found.period, found.needed) == (71, 12, 168)
    assert quotient.every_heap and not misere_quotient(OctalGame("0.77"), 167).every_heap
    report = check_quotient_certificate(quotient_certificate(quotient), spot_tokens=10)
    assert report.valid, report.problems
