"""The plain P/N outcome search (grundy.solve.outcome_search): cross-checked against the
Grundy path on every catalogue game with moves, resting on no lemma, stopping at sums for
a solver allowed the sum rule, and shown able to fail (a flipped search is caught)."""

from collections import deque
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest

from grundy.games.catalogue import create_game
from grundy.library import CheckSettings, check_theorem, load_library
from grundy.solve import Outcome, Solver
from grundy.solve.lemmas import NIM_VALUE, SUM_RULE, ZERO_IFF_P
from grundy.solve.outcome_search import OutcomeSearch
from grundy.verdict import Status

PROOFS = Path(__file__).resolve().parents[2] / "proofs"

GAMES: list[tuple[str, dict[str, Any], Any]] = [
    ("take-away", {}, [21]),
    ("subtraction", {"set": [1, 3, 4]}, [9, 7]),
    ("nim", {}, [3, 3, 2]),
    ("kayles", {}, [8]),
    ("grundys-game", {}, [10]),
    ("octal", {"code": "0.51"}, [8]),
    ("chomp", {}, [4, 3, 3]),
    ("poset", {"relations": "0<1,0<2,1<3,2<3"}, [0, 1, 2, 3]),
    ("wythoff", {}, [6, 6]),
    ("euclid", {}, [7, 12]),
    ("gale-nim", {"n": 1}, [3, 2, 2]),
    ("moore-nim", {"k": 2}, [2, 2, 2]),
    ("hackenbush", {"edges": "0-1,1-2,2-0,2-3,3-3"}, "0-1,1-2,2-0,2-3,3-3"),
    ("beer-can", {"rows": 2, "columns": 3, "piece": 1}, []),
]


def _reachable(game, start) -> list[Any]:
    seen: dict[Hashable, Any] = {}
    todo = deque([start])
    while todo:
        position = todo.popleft()
        key = game.canonical(position)
        if key not in seen:
            seen[key] = position
            todo.extend(game.moves(position))
    return list(seen.values())


def _winning(solver: Solver, game, position) -> set[Hashable]:
    return {game.canonical(move.to) for move in solver.winning_moves(position)}


@pytest.mark.parametrize(("name", "options", "start"), GAMES, ids=[g[0] for g in GAMES])
def test_the_search_agrees_with_grundy_values_on_every_reachable_position(name, options, start):
    game = create_game(name, options)
    positions = _reachable(game, game.from_value(start))
    by_values = Solver(game, use_engines=False)
    plain = Solver(game, plain=True)  # sums searched whole
    claims = Solver(game, lemmas_only=True, outcomes_by_search=True)  # as a claim's solver
    for position in positions:
        expected = by_values.outcome(position)
        assert plain.outcome(position) is expected, (name, position)
        assert claims.outcome(position) is expected, (name, position)
        winning = _winning(by_values, game, position)
        assert _winning(plain, game, position) == winning, (name, position)
        assert _winning(claims, game, position) == winning, (name, position)
    assert plain.lemmas_used() == ()


def test_outcomes_of_one_heap_rest_on_no_lemma_when_asked():
    take_away = create_game("take-away")
    searched = Solver(take_away, lemmas_only=True, outcomes_by_search=True)
    assert searched.outcome((21,)) is Outcome.N
    assert [move.to for move in searched.winning_moves((21,))] == [(20,)]
    assert searched.lemmas_used() == ()
    usual = Solver(take_away, lemmas_only=True)
    assert usual.outcome((21,)) is Outcome.N
    assert usual.lemmas_used() == (ZERO_IFF_P,)


def test_a_solver_allowed_the_sum_rule_leaves_sums_to_grundy_values():
    nim = Solver(create_game("nim"), lemmas_only=True, outcomes_by_search=True)
    assert nim.outcome((1, 2, 3)) is Outcome.P  # three heaps: a sum, valued by the rule
    assert {SUM_RULE, ZERO_IFF_P} <= set(nim.lemmas_used())
    kayles = Solver(create_game("kayles"), lemmas_only=True, outcomes_by_search=True)
    assert kayles.outcome((6,)) is Outcome.N  # one row, but a move can split it in two
    assert SUM_RULE in kayles.lemmas_used()
    one_heap = Solver(create_game("nim"), lemmas_only=True, outcomes_by_search=True)
    assert one_heap.outcome((10**9,)) is Outcome.N  # the closed form, not 10^9 positions
    assert NIM_VALUE in one_heap.lemmas_used()


def test_the_21_chip_claims_and_the_labelling_rules_rest_on_no_lemma():
    wanted = {
        "take-away-21-chips-n": Status.PROVED,
        "take-away-21-chips-p": Status.REFUTED,
        "labelling-rules-every-game": Status.PROVED,
        "labelling-move-to-n-means-n": Status.REFUTED,
        "labelling-terminal-is-n": Status.REFUTED,
    }
    files = [PROOFS / "take_away.toml", PROOFS / "labelling_rules.py"]
    settings = CheckSettings(quick=True, random_examples=50)
    for theorem in load_library(files):
        if theorem.id in wanted:
            verdict = check_theorem(theorem, settings).verdict
            assert verdict.status is wanted[theorem.id], theorem.id
            assert verdict.assumes == (), theorem.id


def test_a_flipped_search_is_caught(monkeypatch):
    # P and N swapped in the search alone: the Grundy path would still answer right, so
    # only the search can make the 21-chip claim fail
    real = OutcomeSearch._settle
    monkeypatch.setattr(
        OutcomeSearch, "_settle", lambda self, stack, on, wins: real(self, stack, on, not wins)
    )
    (theorem,) = [
        t for t in load_library([PROOFS / "take_away.toml"]) if t.id == "take-away-21-chips-n"
    ]
    verdict = check_theorem(theorem, CheckSettings(quick=True)).verdict
    assert verdict.status is Status.REFUTED
