"""Misère sums of many heaps answered from a verified quotient (grundy.solve.misere_sums),
cross-checked against the plain misère search, and used by claims."""

import random

import pytest

from grundy.certify.quotient_certificate import quotient_certificate
from grundy.certify.quotient_check import check_quotient_certificate
from grundy.claims.check import check_claim
from grundy.claims.model import claims_from_text
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame
from grundy.settings import CheckSettings
from grundy.solve import Play, Solver, misere_sums
from grundy.verdict import Status


@pytest.fixture(autouse=True)
def fresh_cache(monkeypatch):
    monkeypatch.setattr(misere_sums, "_CERTIFIED", {})
    monkeypatch.setattr(misere_sums, "_FAILED", {})


def _random_sums(rng, largest, count):
    for _ in range(count):
        yield tuple(rng.randint(1, largest) for _ in range(rng.randint(3, 5)))


@pytest.mark.parametrize(
    ("game", "largest"),
    [(OctalGame("0.07"), 14), (OctalGame("0.77"), 10), (SubtractionGame([1, 2]), 12)],
)
def test_quotient_answers_agree_with_the_plain_search(game, largest):
    rng = random.Random(11)
    fast, plain = Solver(game), Solver(game, plain=True)
    for heaps in _random_sums(rng, largest, 60):
        if sum(heaps) > 34:
            continue
        assert fast.outcome(heaps, Play.MISERE) == plain.outcome(heaps, Play.MISERE), heaps
    assert fast.quotients_used() and not plain.quotients_used()
    # The quotient the answers rest on passes the independent checker too.
    (quotient,) = {found.quotient for found in misere_sums._CERTIFIED.values()}
    assert check_quotient_certificate(quotient_certificate(quotient), spot_tokens=10).valid


def test_winning_moves_of_a_sum_agree_with_the_plain_search():
    game = OctalGame("0.07")
    position = (4, 6, 9, 11)
    fast = Solver(game).winning_moves(position, Play.MISERE)
    plain = Solver(game, plain=True).winning_moves(position, Play.MISERE)
    assert {m.to for m in fast} == {m.to for m in plain}


def test_a_wrong_quotient_would_be_caught_by_the_cross_check(monkeypatch):
    # A mutant only this path has: the quotient's P-portion with one element moved out.
    build = misere_sums._build

    def spoiled(game, upto, meter=None):
        found = build(game, upto, meter)
        quotient = found.quotient
        p = tuple(sorted(set(quotient.p_portion) - {max(quotient.p_portion)}))
        wrong = type(quotient)(**{**_fields(quotient), "p_portion": p})
        return misere_sums._Certified(wrong, found.assumption)

    monkeypatch.setattr(misere_sums, "_build", spoiled)
    game = OctalGame("0.07")
    fast, plain = Solver(game), Solver(game, plain=True)
    rng = random.Random(3)
    disagreements = [
        heaps
        for heaps in _random_sums(rng, 12, 200)
        if sum(heaps) <= 30
        and fast.outcome(heaps, Play.MISERE) != plain.outcome(heaps, Play.MISERE)
    ]
    assert disagreements


def _fields(quotient):
    return {name: getattr(quotient, name) for name in quotient.__dataclass_fields__}


def test_a_quotient_proved_for_every_heap_answers_sums_of_large_heaps():
    game = SubtractionGame([1, 2])
    fast, plain = Solver(game), Solver(game, plain=True)
    for heaps in [(25, 31, 40), (33, 34, 35), (50, 3, 4)]:
        assert fast.outcome(heaps, Play.MISERE) == plain.outcome(heaps, Play.MISERE), heaps
    (assumption,) = fast.quotients_used()
    assert assumption.scope.startswith("unbounded: every sum of heaps of any sizes")


@pytest.mark.slow
def test_octal_heaps_past_the_quotient_limit_are_searched():
    solver = Solver(OctalGame("0.07"))
    past = misere_sums.QUOTIENT_UPTO + 1
    assert misere_sums.quotient_outcome(solver.game, (past, 2, 2)) is None


CLAIMS = """
[[claim]]
id = "four-copies-like-two"
title = "Misère Dawson's Kayles: four heaps of a act like two, beside any heap b"
game = "octal"
params = { code = "0.07" }
play = "misere"
vars = ["a", "b"]
range = { a = [1, 30], b = [1, 30] }
position = "[a, a, a, a, b]"
statement = "outcome == outcome_of([a, a, b])"

[[claim]]
id = "two-copies-cancel"
title = "A guess from normal play: two equal heaps cancel in misère play too"
game = "octal"
params = { code = "0.07" }
play = "misere"
vars = ["a", "b"]
range = { a = [1, 30], b = [1, 30] }
position = "[a, a, b]"
statement = "outcome == outcome_of([b])"
"""


@pytest.mark.slow
def test_a_misere_claim_is_checked_through_the_quotient_and_a_false_one_refuted():
    holds, fails = claims_from_text(CLAIMS)
    settings = CheckSettings(seed=0, random_examples=200)
    verdict = check_claim(holds, settings)
    assert verdict.status is Status.PROVED and verdict.scope.startswith("bounded")
    assert any(a.id.startswith("misere-quotient of octal --code 0.07") for a in verdict.assumes)
    verdict = check_claim(fails, settings)
    assert verdict.status is Status.REFUTED
    # The least counterexample in the domain's order, found again by the plain search.
    plain = Solver(OctalGame("0.07"), plain=True)
    least = next(
        (a, b)
        for a in range(1, 31)
        for b in range(1, 31)
        if plain.outcome((a, a, b), Play.MISERE) != plain.outcome((b,), Play.MISERE)
    )
    assert (verdict.counterexample["a"], verdict.counterexample["b"]) == least


@pytest.mark.parametrize(
    ("game", "position"),
    [
        (OctalGame("0.77"), (41,)),
        (OctalGame("0.77"), (40, 2)),
        (OctalGame("0.77"), (33, 9)),
        (OctalGame("0.07"), (28, 14)),  # its quotient outgrows the cap past heap 33
    ],
)
def test_one_or_two_large_heaps_that_split_are_read_from_the_quotient(monkeypatch, game, position):
    """Issue 38: ``solve kayles 82 2 --misere`` passed 10,000,000 moves, one or two heaps
    being left to the search whatever their size; a game that splits heaps is read from
    the quotient past :data:`SPLIT_TOTAL` tokens.  Checked against the plain search just
    past that total (the search's reach)."""
    monkeypatch.setattr(misere_sums, "QUOTIENT_SECONDS", 600.0)  # a busy machine: not in the way
    assert sum(position) > misere_sums.SPLIT_TOTAL
    fast, plain = Solver(game), Solver(game, plain=True)
    assert fast.outcome(position, Play.MISERE) == plain.outcome(position, Play.MISERE)
    assert fast.quotients_used()


def test_heaps_that_do_not_split_stay_with_the_search():
    game = SubtractionGame([1, 2, 3])  # a move never splits a heap: the search is short
    solver = Solver(game)
    solver.outcome((82, 2), Play.MISERE)
    assert not solver.quotients_used()
    assert misere_sums.quotient_outcome(game, (82, 2)) is None
    assert misere_sums.quotient_outcome(OctalGame("0.77"), (20, 2)) is None  # small: searched
