"""Which rules a game plays is decided from the object played, not only its class (issue 34).

A user's class that declares ``subtraction_set = (1, 2, 3)`` and nothing else plays that
set's moves, so the set's periodicity certificate proves claims about it for every heap.
But the object is what plays: an attribute set on it (by ``__init__``, or by a metaclass
as the object is made) hides the class's ``heap_options``, and a class's attribute hooks
may answer for it.  Each such game here plays the set {1, 2, 3} plus a move of 4 from
heaps of 5,000 on, so "grundy == n % 4" first fails at n = 5,000; it used to be "proved for
every n" from the declared set's certificate when a metaclass set the moves (and Nim's
closed form answered for a Nim whose objects take one token).  When in doubt, no theorem,
no engine, no closed form: the exact solver plays the object's own moves.
"""

from __future__ import annotations

import pytest

from grundy.claims import Claim
from grundy.claims.check import check_claim
from grundy.games import Nim, SubtractionGame, create_game
from grundy.games.base import plays_by, rules_class, rules_of
from grundy.library import CheckSettings
from grundy.solve import Solver
from grundy.solve.sequence import has_fast_sequence
from grundy.verdict import Status
from tests.claims.helpers import good_claim

SETTINGS = CheckSettings(quick=True, random_examples=60, seed=0)

GAMES = '''
from grundy.games import Nim, SubtractionGame


def _late(heap):
    moves = [(heap - s,) for s in (1, 2, 3) if s <= heap]
    if heap >= 5000:
        moves.append((heap - 4,))
    return moves


class InInit(SubtractionGame):
    name = "take-123-init"
    subtraction_set = (1, 2, 3)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.heap_options = _late


class Meta(type(SubtractionGame)):
    def __call__(cls, *args, **kwargs):
        game = super().__call__(*args, **kwargs)
        game.heap_options = _late
        return game


class ByMeta(SubtractionGame, metaclass=Meta):
    name = "take-123-meta"
    subtraction_set = (1, 2, 3)


class ByGetattr(SubtractionGame):
    """Its objects answer for attributes the class lacks, and hide heap_options."""

    name = "take-123-getattr"
    subtraction_set = (1, 2, 3)

    def __getattr__(self, name):
        if name == "late_moves":
            return _late
        raise AttributeError(name)

    def __getattribute__(self, name):
        if name == "heap_options":
            return self.late_moves  # not found as such: __getattr__ gives it
        return object.__getattribute__(self, name)


class Honest(SubtractionGame):
    name = "take-123-honest"
    subtraction_set = (1, 2, 3)


class NimMeta(type(Nim)):
    def __call__(cls, *args, **kwargs):
        game = super().__call__(*args, **kwargs)
        game.heap_options = lambda heap: [(heap - 1,)] if heap else []
        return game


class TakeOneByMeta(Nim, metaclass=NimMeta):
    name = "nim-take-one-meta"


GAMES = [InInit, ByMeta, ByGetattr, Honest, TakeOneByMeta]
'''

DOUBTFUL = ["take-123-init", "take-123-meta", "take-123-getattr"]


def every_heap(game: str, high: int, method: str) -> Claim:
    return good_claim(
        game=game,
        vars='["n"]',
        range=f"{{ n = [0, {high}] }}",
        position="[n]",
        statement="grundy == n % 4",
        method=method,
    )


@pytest.mark.parametrize("name", DOUBTFUL)
def test_an_object_that_may_play_other_moves_gets_no_certificate(loaded: None, name: str) -> None:
    verdict = check_claim(every_heap(name, 10**12, "certificate"), SETTINGS)
    assert verdict.status is not Status.PROVED, verdict.message
    assert "no periodicity theorem is applied" in verdict.message
    game = create_game(name)
    assert not plays_by(game, SubtractionGame) and not has_fast_sequence(game)


@pytest.mark.parametrize("name", DOUBTFUL)
def test_its_moves_are_the_objects_own(loaded: None, name: str) -> None:
    verdict = check_claim(every_heap(name, 6000, "exhaustive"), SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None and verdict.counterexample["n"] == 5000


def test_a_metaclass_makes_the_object_doubtful_though_the_class_is_plain(loaded: None) -> None:
    game = create_game("take-123-meta")
    assert rules_class(type(game)) is SubtractionGame  # the class body alone looks honest
    assert rules_of(game) is None and not plays_by(game, SubtractionGame)


def test_the_honest_declaration_is_still_proved_for_every_heap(loaded: None) -> None:
    verdict = check_claim(every_heap("take-123-honest", 10**12, "auto"), SETTINGS)
    assert verdict.status is Status.PROVED and verdict.scope == "unbounded"
    game = create_game("take-123-honest")
    assert rules_of(game) is SubtractionGame and plays_by(game, SubtractionGame)
    assert has_fast_sequence(game)


def test_a_closed_form_is_not_used_for_an_object_that_plays_its_own_moves(loaded: None) -> None:
    game = create_game("nim-take-one-meta")
    assert game.closed_form_lemma() is None and not game.closed_form_applies()
    assert type(game).closed_form_lemma() == Nim.closed_form_lemma()  # the class's
    assert Solver(game).grundy_value(game.from_value([2])) == 0  # take one token: 2 is a P-heap
    claim = good_claim(
        game="nim-take-one-meta", vars='["n"]', range="{ n = [0, 10] }", statement="grundy == n"
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED and verdict.counterexample is not None
    assert verdict.counterexample["n"] == 2
