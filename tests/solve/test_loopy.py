"""The generalized Sprague-Grundy theory (grundy.solve.loopy*): against a plain
win/loss/draw retrograde analysis on random graphs with cycles, against the mex recursion
and the exact solver where there are no cycles, the sum rule against sums searched whole,
strategies that finish, and mutants each check refutes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.errors import SearchLimitError
from grundy.games.base import HeapGame
from grundy.games.catalogue import create_game
from grundy.games.digraph import Digraph
from grundy.solve import Solver
from grundy.solve.loopy import LoopySolver, declares_cycles
from grundy.solve.loopy_labels import Labelling, label_graph
from grundy.solve.loopy_values import LoopyOutcome, LoopyValue
from grundy.strategies import games_and_positions
from tests.solve.loopy_oracles import dag_grundy, retrograde_outcomes

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
Graph = list[list[int]]


@st.composite
def graphs(draw: st.DrawFn, acyclic: bool = False) -> Graph:
    size = draw(st.integers(1, 9))
    graph: Graph = []
    for vertex in range(size):
        targets = range(vertex) if acyclic else range(size)
        graph.append(draw(st.lists(st.sampled_from(targets), max_size=4)) if targets else [])
    return graph


def outcomes_of(labeller: Callable[[Graph], list[LoopyValue]], graph: Graph) -> list[str]:
    return [value.outcome.value for value in labeller(graph)]


def real_labeller(graph: Graph) -> list[LoopyValue]:
    return list(label_graph(graph).values)


@FAST
@given(graphs())
def test_outcomes_match_a_retrograde_analysis(graph: Graph) -> None:
    assert outcomes_of(real_labeller, graph) == retrograde_outcomes(graph)


@FAST
@given(graphs(acyclic=True))
def test_without_cycles_the_values_are_the_grundy_values(graph: Graph) -> None:
    assert [value.nimber for value in real_labeller(graph)] == dag_grundy(graph)


@FAST
@given(graphs())
def test_values_and_counters_satisfy_the_definition(graph: Graph) -> None:
    """Smith's conditions: a finite value is the mex of the options' finite values, and
    every option of larger or infinite value has an option of the same value with a
    smaller counter; an infinite value's K is the finite values of its options."""
    labelling = label_graph(graph)
    values, counters = labelling.values, labelling.counters

    def finite_values(vertex: int) -> set[int]:
        return {values[o].nimber for o in graph[vertex] if values[o].nimber is not None}  # type: ignore[misc]

    for vertex, value in enumerate(values):
        if value.nimber is None:
            assert value.followers == finite_values(vertex)
            continue
        seen = finite_values(vertex)
        assert value.nimber not in seen and all(k in seen for k in range(value.nimber))
        for option in graph[vertex]:
            higher = values[option].nimber is None or values[option].nimber > value.nimber  # type: ignore[operator]
            if higher:
                assert any(
                    values[w].nimber == value.nimber and counters[w] < counters[vertex]  # type: ignore[operator]
                    for w in graph[option]
                )


def test_small_graphs_by_hand() -> None:
    # 0 <-> 1, 1 -> 2: from 0 the only move is to 1, whence the opponent moves to the
    # terminal 2 and wins; 1 is N (value 1); 0 is P (value 0), although it lies on a cycle.
    assert [str(v) for v in label_graph([[1], [0, 2], []]).values] == ["0", "1", "0"]
    # a pass for ever: a position whose only move is to itself is a draw, K empty
    assert str(label_graph([[0]]).values[0]) == "∞{}"
    # a pass or a move to a terminal position: the mover wins (N), value ∞{0}
    (value, _) = label_graph([[0, 1], []]).values
    assert str(value) == "∞{0}" and value.outcome is LoopyOutcome.N


def test_the_sum_rule_cases() -> None:
    three, inf_02, inf_1 = (
        LoopyValue.finite(3),
        LoopyValue.infinite({0, 2}),
        LoopyValue.infinite({1}),
    )
    assert three.plus(LoopyValue.finite(5)) == LoopyValue.finite(6)
    assert three.plus(inf_02) == inf_02.plus(three) == LoopyValue.infinite({3, 1})
    assert inf_02.plus(inf_1) == LoopyValue.infinite()
    assert inf_1.plus(LoopyValue.finite(1)).outcome is LoopyOutcome.N


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), st.data())
def test_sums_valued_part_by_part_equal_sums_searched_whole(graph: Graph, data: Any) -> None:
    game = digraph_of(graph)
    tokens = tuple(data.draw(st.lists(st.sampled_from(game.vertices), min_size=2, max_size=3)))
    split, whole = LoopySolver(game), LoopySolver(game, plain=True)
    assert split.value(tokens) == whole.value(tokens)


def digraph_of(graph: Graph) -> Digraph:
    """The graph as a catalogue digraph game, its vertices numbered as in ``graph`` (a
    vertex with no edge at all gets one from a fresh vertex, which changes no value)."""
    edges = [f"{v}>{o}" for v, row in enumerate(graph) for o in row]
    fresh = len(graph)
    for vertex, row in enumerate(graph):
        if not row and not any(vertex in r for r in graph):
            edges.append(f"{fresh}>{vertex}")
    return Digraph(",".join(edges))


CATALOGUE_WITHOUT_CYCLES = [
    "nim",
    "subtraction",
    "kayles",
    "wythoff",
    "chomp",
    "grundys-game",
    "euclid",
]


@pytest.mark.parametrize("name", CATALOGUE_WITHOUT_CYCLES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_without_cycles_the_loopy_solver_equals_the_plain_solver(name: str, data: Any) -> None:
    game, position = data.draw(games_and_positions(name, size=4))
    assert not declares_cycles(game)
    loopy = LoopySolver(game, position_limit=200_000)
    plain = Solver(game, plain=True)
    assert loopy.value(position) == LoopyValue.finite(plain.grundy_value(position))
    assert loopy.outcome(position).value == plain.outcome(position).value


@FAST
@given(graphs())
def test_the_winning_strategy_finishes_and_the_draw_is_kept(graph: Graph) -> None:
    """Follow the solver's strategy against every reply: from N the game always ends with
    the opponent to move (no cycle is possible in the play it allows); from D the solver
    always has a move (it never loses)."""
    game = digraph_of(graph)
    solver = LoopySolver(game)
    for root in game.vertices:
        start = (root,)
        outcome = solver.outcome(start)
        if outcome is LoopyOutcome.P:
            continue
        ours = _positions_under_strategy(solver, start)
        if outcome is LoopyOutcome.N:
            assert _acyclic(ours), f"the win from {root} can be put off for ever"
        for position, nexts in ours.items():
            assert nexts is not None, f"the solver is stuck at {position} ({outcome})"


def _positions_under_strategy(solver: LoopySolver, root: Any) -> dict[Any, list[Any] | None]:
    """Every position with the solver to move reachable when it follows its strategy
    (the opponent tries every reply), with the positions it can be handed next (``None``
    when the solver has no move there)."""
    game = solver.game
    following: dict[Any, list[Any] | None] = {}
    todo = [game.canonical(root)]
    while todo:
        position = todo.pop()
        if position in following:
            continue
        move = solver.strategy_move(root, position)
        if move is None:
            following[position] = None
            continue
        replies = [game.canonical(reply) for reply in game.moves(move.to)]
        following[position] = replies
        todo.extend(replies)
    return following


def _acyclic(following: dict[Any, list[Any] | None]) -> bool:
    state: dict[Any, int] = {}

    def visit(x: Any) -> bool:
        state[x] = 1
        for y in following[x] or []:
            if state.get(y) == 1 or (y not in state and not visit(y)):
                return False
        state[x] = 2
        return True

    return all(visit(x) for x in list(following) if x not in state)


# -- mutants: each check above must be able to fail ------------------------------------------


def naive_labeller(graph: Graph) -> list[LoopyValue]:
    """A plausible but wrong labelling: a vertex gets the mex only once all its options
    are finite (no 'reverse out' through an option that can answer back)."""
    values: dict[int, int] = {}
    changed = True
    while changed:
        changed = False
        for vertex, row in enumerate(graph):
            if vertex not in values and all(o in values for o in row):
                seen = {values[o] for o in row}
                values[vertex] = next(m for m in range(len(row) + 1) if m not in seen)
                changed = True
    return [
        LoopyValue.finite(values[v])
        if v in values
        else LoopyValue.infinite({values[o] for o in graph[v] if o in values})
        for v in range(len(graph))
    ]


def test_the_retrograde_check_refutes_a_labelling_without_reverse_out() -> None:
    graph = [[1], [0, 2], []]
    assert outcomes_of(naive_labeller, graph) != retrograde_outcomes(graph)


def test_the_retrograde_check_refutes_a_wrong_outcome_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    graph = [[0, 1], []]  # value ∞{0}: N, not a draw
    monkeypatch.setattr(
        LoopyValue,
        "outcome",
        property(
            lambda self: (
                LoopyOutcome.D
                if self.nimber is None
                else (LoopyOutcome.P if self.nimber == 0 else LoopyOutcome.N)
            )
        ),
    )
    assert outcomes_of(real_labeller, graph) != retrograde_outcomes(graph)


def test_the_whole_sum_refutes_a_wrong_sum_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Digraph("0>0,0>1")  # a token at 0 has value ∞{0}
    original = LoopyValue.plus

    def wrong(self: LoopyValue, other: LoopyValue) -> LoopyValue:
        if self.nimber is None and other.nimber is None:
            return LoopyValue.infinite(self.followers | other.followers)
        return original(self, other)

    monkeypatch.setattr(LoopyValue, "plus", wrong)
    assert LoopySolver(game).value((0, 0)) != LoopySolver(game, plain=True).value((0, 0))


def test_the_search_is_bounded() -> None:
    game = create_game("fair-shares")
    with pytest.raises(SearchLimitError, match="positions"):
        LoopySolver(game, position_limit=100).value((30,))


LOOPING_GRAPH = [[], [6], [3, 4, 1], [1, 5], [6], [2, 0, 3], []]
"""From 5 (value 1) both 0 and 3 are P-positions; 3 has the larger counter, and from 3
the opponent can return to 5: a player who prefers 3 can be kept going for ever."""


def test_the_strategy_check_refutes_ignoring_the_counters(monkeypatch: pytest.MonkeyPatch) -> None:
    game = digraph_of(LOOPING_GRAPH)
    assert _acyclic(_positions_under_strategy(LoopySolver(game), (5,)))
    import grundy.solve.loopy as loopy

    def reversed_counters(graph: Graph, check: Any = None) -> Labelling:
        found = label_graph(graph)
        flipped = tuple(None if c is None else -c for c in found.counters)
        return Labelling(found.values, flipped)

    monkeypatch.setattr(loopy, "label_graph", reversed_counters)
    assert not _acyclic(_positions_under_strategy(LoopySolver(game), (5,)))


def test_a_sum_of_a_loopy_game_and_nim_follows_the_sum_rule() -> None:
    from grundy.games.nim import Nim
    from grundy.games.sums import SumGame

    game = SumGame((Digraph("0>0,0>1,2>0"), Nim()))
    assert declares_cycles(game)
    split, whole = LoopySolver(game), LoopySolver(game, plain=True)
    for vertex in (0, 1, 2):
        for heap in range(4):
            position = ((vertex,), (heap,))
            assert split.value(position) == whole.value(position), position
    # ∞{0} (a pass or the end) + *1 = ∞{1}: no move to 0 any more, a draw
    assert str(split.value(((0,), (1,)))) == "∞{1}"
    assert split.outcome(((0,), (1,))) is LoopyOutcome.D


def test_the_search_stops_at_its_limit_on_parts() -> None:
    # the options of a search are counted part by part (heaps, tokens): a game whose
    # positions grow for ever stops there (tests/cli: the user game "grow"), and so does
    # a search merely too large, whatever its position limit
    game = create_game("fair-shares")
    with pytest.raises(SearchLimitError, match="parts in all"):
        LoopySolver(game, size_limit=10_000).value((20,))
    assert LoopySolver(game, size_limit=10_000).value((10,)) == LoopyValue.finite(2)


def test_the_labelling_consults_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    import grundy.solve.loopy as loopy
    from grundy.budget import Budget
    from grundy.errors import BudgetExceededError

    seen = []

    def counting(graph: Graph, check: Any = None) -> Labelling:
        assert check is not None  # the solver hands the labelling its budget
        seen.append(check)
        return label_graph(graph, check)

    monkeypatch.setattr(loopy, "label_graph", counting)
    LoopySolver(create_game("fair-shares"), meter=Budget(60, None).start()).value((8,))
    assert seen
    with pytest.raises(BudgetExceededError):
        label_graph([[1], [0]], check=lambda: (_ for _ in ()).throw(BudgetExceededError("x")))


class SplitOrGrow(HeapGame):
    """A loopy heap game whose moves also split heaps: take 1 from a heap, split a heap
    of 4 or more into 1 and the rest, or turn a heap of 2 into 3 (so 3 -> 2 -> 3 ...).
    The heaps stay few: only a heap of 4 or more splits, and none grows past 3."""

    name = "split-or-grow"

    def heap_options(self, heap: int) -> Any:
        if heap:
            yield (heap - 1,)
        if heap >= 4:
            yield (1, heap - 1)
        if heap == 2:
            yield (3,)


def test_heap_sums_valued_part_by_part_equal_them_searched_whole() -> None:
    game = SplitOrGrow()
    split, whole = LoopySolver(game), LoopySolver(game, plain=True)
    outcomes = set()
    for position in [(a, b) for a in range(5) for b in range(a, 5)] + [(1, 2, 3), (4, 4, 1)]:
        assert split.value(position) == whole.value(position), position
        outcomes.add(split.outcome(position))
    assert LoopyOutcome.D in outcomes  # the check covers infinite values too
