"""The digraph game at size: its key is made once, its whole graph is labelled once, its
edges are read at once; each fast path against the plain one it replaces."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.errors import InvalidParameterError, SearchLimitError
from grundy.games import digraph as digraph_module
from grundy.games.digraph import Digraph, parse_edges
from grundy.solve import loopy as loopy_module
from grundy.solve.loopy import LoopySolver
from grundy.solve.loopy_labels import label_graph
from tests.solve.loopy_oracles import retrograde_outcomes

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_looking_positions_up_does_not_rebuild_the_games_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression: every key lookup rebuilt the text of every edge (a table of 1,250
    vertices took 40 s, the labelling 7 ms)."""
    game = Digraph(",".join(f"{v}>{v + 1}" for v in range(300)))
    calls = []
    original = Digraph.options
    monkeypatch.setattr(Digraph, "options", lambda self: calls.append(1) or original(self))
    solver = LoopySolver(game)
    for vertex in game.vertices:
        solver.value((vertex,))
    assert calls == []
    assert game.key == Digraph(",".join(f"{v}>{v + 1}" for v in range(300))).key


def test_a_table_of_every_vertex_labels_the_graph_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: each vertex not yet reached started a new search and labelling (a path
    whose edges point down was quadratic)."""
    game = Digraph(",".join(f"{v + 1}>{v}" for v in range(200)))
    labelled = []
    monkeypatch.setattr(
        loopy_module, "label_graph", lambda g, c=None: labelled.append(1) or label_graph(g, c)
    )
    solver = LoopySolver(game)
    values = [solver.value((v,)).nimber for v in game.vertices]
    assert values == [v % 2 for v in range(201)] and labelled == [1]
    assert solver.positions_explored == 201 and solver.moves_generated == 200


@st.composite
def edge_lists(draw: st.DrawFn) -> list[tuple[int, int]]:
    size = draw(st.integers(1, 9))
    vertex = st.integers(0, size - 1)
    return draw(st.lists(st.tuples(vertex, vertex), min_size=1, max_size=20))


def rooted(game: Digraph) -> LoopySolver:
    """The solver without the whole-graph path: a search and labelling from each root."""
    solver = LoopySolver(game)
    solver._whole_done.add(game.key)
    return solver


@FAST
@given(edge_lists())
def test_the_whole_graph_gives_the_values_a_search_from_each_root_gives(
    edges: list[tuple[int, int]],
) -> None:
    game = Digraph(",".join(f"{a}>{b}" for a, b in edges))
    whole, plain = LoopySolver(game), rooted(game)
    for vertex in game.vertices:
        assert whole.value((vertex,)) == plain.value((vertex,)), vertex
    # and the outcomes are the plain win/loss/draw analysis's
    vertices = game.vertices
    where = {v: i for i, v in enumerate(vertices)}
    successors = [[where[t] for a, t in edges if a == v] for v in vertices]
    assert [whole.outcome((v,)).value for v in vertices] == retrograde_outcomes(successors)


@FAST
@given(edge_lists(), st.data())
def test_sums_of_tokens_from_the_whole_graph_equal_sums_searched_whole(
    edges: list[tuple[int, int]], data: st.DataObject
) -> None:
    game = Digraph(",".join(f"{a}>{b}" for a, b in edges))
    tokens = tuple(data.draw(st.lists(st.sampled_from(game.vertices), min_size=2, max_size=3)))
    assert LoopySolver(game).value(tokens) == LoopySolver(game, plain=True).value(tokens)


def test_the_whole_graph_is_counted_against_the_limits() -> None:
    game = Digraph(",".join(f"{v}>{v + 1}" for v in range(50)))
    whole = LoopySolver(game)
    whole.value((49,))
    assert (whole.positions_explored, whole.moves_generated) == (51, 50)
    # past the limits the whole graph is left alone: a position that reaches few is
    # still answered by the search from it, one that reaches many meets the limit
    small = LoopySolver(game, position_limit=20, move_limit=20)
    assert small.value((49,)).nimber == 1 and small.positions_explored == 2
    with pytest.raises(SearchLimitError, match="positions"):
        LoopySolver(game, position_limit=20).value((0,))
    with pytest.raises(SearchLimitError, match="moves"):
        LoopySolver(game, move_limit=20).value((0,))


# -- reading edges --------------------------------------------------------------------------

_TEXT = st.text(alphabet="0123456789>, \n-x", max_size=40)


@FAST
@given(_TEXT)
def test_edges_read_at_once_are_read_as_piece_by_piece(text: str) -> None:
    def read(reader: object) -> object:
        try:
            return reader(text)  # type: ignore[operator]
        except InvalidParameterError as exc:
            return str(exc)

    assert read(parse_edges) == read(digraph_module._parse_pieces)


@pytest.mark.parametrize("reader", [parse_edges, digraph_module._parse_pieces])
def test_the_number_of_edges_is_bounded(monkeypatch: pytest.MonkeyPatch, reader: object) -> None:
    monkeypatch.setattr(digraph_module, "MAX_EDGES", 3)
    assert reader("0>1,1>2,2>0") == ((0, 1), (1, 2), (2, 0))  # type: ignore[operator]
    with pytest.raises(InvalidParameterError, match="at most 3 edges, got 4"):
        reader("0>1,1>2,2>0,0>0")  # type: ignore[operator]


def test_a_large_graph_has_a_one_line_label_and_its_full_identity() -> None:
    rng = random.Random(3)
    text = ",".join(f"{rng.randrange(5000)}>{rng.randrange(5000)}" for _ in range(20_000))
    game = Digraph(text)
    assert len(game.label) < 200 and "20,000 edges" in game.label and "\n" not in game.label
    assert game.options() == {"edges": ",".join(f"{a}>{b}" for a, b in parse_edges(text))}
    other = Digraph(text + ",0>0")
    assert game != other and game == Digraph(text)
