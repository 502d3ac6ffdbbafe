"""Loopy games in misère play (grundy.solve.loopy_misere and LoopySolver(misere=True)):
outcomes against a fixpoint oracle written here on random graphs with cycles, one token
and sums of tokens searched whole, values refused, and mutants the oracle refutes."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.errors import InvalidParameterError
from grundy.games.digraph import Digraph
from grundy.solve import loopy as loopy_module
from grundy.solve.loopy import LoopySolver
from grundy.solve.loopy_labels import label_graph
from grundy.solve.loopy_misere import misere_outcomes
from grundy.solve.loopy_values import LoopyOutcome
from tests.solve.loopy_oracles import (
    misere_fixpoint_outcomes,
    retrograde_outcomes,
    token_sum_graph,
)

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
Graph = list[list[int]]


@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    size = draw(st.integers(1, 8))
    return [draw(st.lists(st.integers(0, size - 1), max_size=3)) for _ in range(size)]


def random_graphs(count: int, seed: int = 7) -> list[Graph]:
    """Fixed random graphs with cycles (the mutant tests need the same ones each run)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        size = rng.randint(2, 7)
        found.append([[rng.randrange(size) for _ in range(rng.randint(0, 3))] for _ in range(size)])
    return found


def digraph_of(graph: Graph) -> Digraph | None:
    """The graph as a ``digraph`` game (None without edges); a vertex on no edge is not a
    vertex of the game, and the oracle's answer there is simply not compared."""
    edges = [f"{v}>{t}" for v, row in enumerate(graph) for t in row]
    return Digraph(",".join(edges)) if edges else None


def solver_outcomes(graph: Graph, make: Callable[[Digraph], LoopySolver]) -> dict[int, str]:
    game = digraph_of(graph)
    if game is None:
        return {}
    solver = make(game)
    return {v: solver.outcome((v,)).value for v in game.vertices}


def misere_solver(game: Digraph) -> LoopySolver:
    return LoopySolver(game, misere=True)


def disagreement(graph: Graph) -> int | None:
    """A vertex where the misère solver and the fixpoint oracle differ, if any."""
    oracle = misere_fixpoint_outcomes(graph)
    found = solver_outcomes(graph, misere_solver)
    return next((v for v, outcome in found.items() if outcome != oracle[v]), None)


@FAST
@given(graphs())
def test_the_misere_labelling_matches_a_fixpoint_oracle(graph: Graph) -> None:
    assert [o.value for o in misere_outcomes(graph)] == misere_fixpoint_outcomes(graph)


@FAST
@given(graphs())
def test_one_token_in_misere_play_matches_the_oracle(graph: Graph) -> None:
    assert disagreement(graph) is None


@FAST
@given(graphs())
def test_one_token_searched_from_the_root_agrees_with_the_whole_graph(graph: Graph) -> None:
    """The whole-graph fast path and the search from each root give the same outcomes."""
    whole = solver_outcomes(graph, misere_solver)

    def rooted(game: Digraph) -> LoopySolver:
        solver = LoopySolver(game, misere=True)
        solver._whole_done.add(game.key)  # as if the game could not list its graph
        return solver

    assert solver_outcomes(graph, rooted) == whole


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), st.integers(2, 3))
def test_sums_of_tokens_in_misere_play_are_searched_whole(graph: Graph, tokens: int) -> None:
    """Misère sums are not split into parts: two or three tokens against the oracle on
    the graph of whole positions, built here from the definition."""
    game = digraph_of(graph)
    if game is None:
        return
    keep = set(game.vertices)
    positions, sums = token_sum_graph(graph, tokens)
    oracle = misere_fixpoint_outcomes(sums)
    solver = LoopySolver(game, misere=True)
    for position, expected in zip(positions, oracle, strict=True):
        if set(position) <= keep:
            assert solver.outcome(position).value == expected, position


def test_misere_by_hand() -> None:
    # 3 ends the game, so the player to move at 3 wins; from 2 the move to 3 loses, so the
    # players go round 0 -> 1 -> 2 -> 0 for ever: a draw.  With 0>1 alone, 1 is N, 0 is P.
    solver = LoopySolver(Digraph("0>1,1>2,2>0,2>3"), misere=True)
    assert [solver.outcome((v,)).value for v in range(4)] == ["D", "D", "D", "N"]
    assert solver.outcome((3, 3)) is LoopyOutcome.N  # no token can move: the mover wins
    line = LoopySolver(Digraph("0>1"), misere=True)
    assert line.outcome((0,)) is LoopyOutcome.P and line.outcome((1,)) is LoopyOutcome.N
    assert [m.to for m in line.winning_moves((1, 0))] == []  # (1,0) -> (1,1) only: N for them
    assert line.outcome((1, 0)) is LoopyOutcome.P


def test_values_are_refused_in_misere_play_in_one_line() -> None:
    solver = LoopySolver(Digraph("0>1,1>0"), misere=True)
    with pytest.raises(InvalidParameterError, match="not defined for misère play") as caught:
        solver.value((0,))
    assert "\n" not in str(caught.value)
    assert solver.analyse((0,)).value is None
    with pytest.raises(InvalidParameterError, match="strategy for misère play"):
        solver.strategy_move((0,), (0,))


# -- mutants the oracle refutes ----------------------------------------------------------


def normal_play_outcomes(successors: Graph, check: object = None) -> tuple[LoopyOutcome, ...]:
    """A mutant: normal play's outcomes claimed for misère play."""
    return tuple(value.outcome for value in label_graph(successors).values)


def no_draws(successors: Graph, check: object = None) -> tuple[LoopyOutcome, ...]:
    """A mutant: what is not settled taken as lost for the mover (no draws)."""
    real = misere_outcomes(successors)
    return tuple(LoopyOutcome.P if o is LoopyOutcome.D else o for o in real)


@pytest.mark.parametrize("mutant", [normal_play_outcomes, no_draws])
def test_the_oracle_refutes_a_wrong_misere_rule(
    monkeypatch: pytest.MonkeyPatch, mutant: Callable[..., tuple[LoopyOutcome, ...]]
) -> None:
    graphs_tried = random_graphs(40)
    assert all(disagreement(graph) is None for graph in graphs_tried)
    monkeypatch.setattr(loopy_module, "misere_outcomes", mutant)
    assert any(disagreement(graph) is not None for graph in graphs_tried)


def test_normal_and_misere_outcomes_differ_and_the_oracles_see_it() -> None:
    """The two oracles are not the same function: on these graphs they disagree."""
    assert any(
        retrograde_outcomes(graph) != misere_fixpoint_outcomes(graph) for graph in random_graphs(10)
    )
