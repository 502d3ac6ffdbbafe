"""Green Hackenbush: edges text, pruning, parts, canonical pictures, values, CLI."""

import itertools
import random

import pytest

from grundy.errors import InvalidParameterError, InvalidPositionError
from grundy.games import create_game
from grundy.games.hackenbush import (
    GreenHackenbush,
    attach,
    canonical_picture,
    find_cycle,
    fuse,
    ground_components,
    parse_edges,
    prune,
    random_picture,
    snake,
)
from grundy.solve import Outcome, Play, Solver


class PlainHackenbush(GreenHackenbush):
    """The same rules with no canonical relabelling and no splitting: the plain search."""

    def canonical(self, position):  # type: ignore[no-untyped-def]
        return position

    def components(self, position):  # type: ignore[no-untyped-def]
        return None


def _all_pictures(vertices: int, most_edges: int):
    possible = [(u, v) for u in range(vertices + 1) for v in range(u, vertices + 1)]
    for count in range(most_edges + 1):
        yield from itertools.combinations_with_replacement(possible, count)


def _relabel(picture, rng: random.Random):
    labels = sorted({v for edge in picture for v in edge} - {0})
    shuffled = labels[:]
    rng.shuffle(shuffled)
    rename = dict(zip(labels, [v + 10 for v in shuffled], strict=True)) | {0: 0}
    return tuple(sorted(tuple(sorted((rename[u], rename[v]))) for u, v in picture))


def test_parse_prune_and_parts() -> None:
    assert parse_edges("2-0, 1-1,0-1") == ((0, 1), (0, 2), (1, 1))
    assert prune(parse_edges("0-1,2-3,3-2")) == ((0, 1),)
    parts = ground_components(parse_edges("0-1,1-2,0-2,0-3,0-0,3-4"))
    assert parts == [((0, 0),), ((0, 1), (0, 2), (1, 2)), ((0, 3), (3, 4))]


@pytest.mark.parametrize("text", ["0-", "0-1-2", "a-b", "0_1", "-1-2"])
def test_bad_edges_text(text: str, run_cli) -> None:
    with pytest.raises(InvalidParameterError):
        GreenHackenbush(text)
    result = run_cli("solve", "hackenbush", "--edges", text)
    assert result.code == 2
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert "--edges" in result.err


def test_bad_position_words(run_cli) -> None:
    with pytest.raises(InvalidPositionError):
        GreenHackenbush("0-1").from_value([[0, 1, 2]])
    result = run_cli("solve", "hackenbush", "--edges", "0-1,1-2", "0-x")
    assert result.code == 2 and "0-x" in result.err and result.err.count("\n") == 1


def test_known_values() -> None:
    cases = {
        "0-1,1-2,2-3": 3,  # a snake of 3 is *3
        "0-1,1-2,1-3": 1,  # a fork: 1 + (1 xor 1) by the colon principle
        "0-1,1-2,2-0": 1,  # a triangle on the ground: three loops after fusion
        "0-1,0-1": 0,  # two parallel edges: a circuit of two
        "1-1,0-1": 2,  # an edge with a loop on top
        "0-0": 1,
    }
    for text, value in cases.items():
        game = GreenHackenbush(text)
        assert Solver(game).grundy_value(game.start()) == value, text


def test_canonical_form_ignores_vertex_names() -> None:
    rng = random.Random(7)
    for _ in range(300):
        picture = random_picture(rng, rng.randint(1, 6), rng.randint(1, 9))
        assert canonical_picture(picture) == canonical_picture(_relabel(picture, rng))
    assert canonical_picture(parse_edges("0-1,1-2")) != canonical_picture(parse_edges("0-1,0-2"))


def test_solver_matches_the_plain_search_on_every_small_picture() -> None:
    fast, plain = Solver(GreenHackenbush("0-1")), Solver(PlainHackenbush("0-1"))
    checked = 0
    for picture in _all_pictures(3, 4):
        position = prune(picture)
        assert fast.grundy_value(position) == plain.grundy_value(position), picture
        checked += 1
    assert checked == 1001


def test_solver_matches_the_plain_search_on_random_pictures() -> None:
    fast, plain = Solver(GreenHackenbush("0-1")), Solver(PlainHackenbush("0-1"))
    rng = random.Random(3)
    for _ in range(150):
        picture = random_picture(rng, rng.randint(2, 6), rng.randint(3, 8))
        assert fast.grundy_value(picture) == plain.grundy_value(picture), picture


def test_builders() -> None:
    assert snake(0) == ()
    assert snake(2, start=3) == ((3, 4), (4, 5))
    assert attach([(0, 1), (1, 2)], 2, snake(2)) == ((0, 1), (1, 2), (2, 3), (3, 4))
    assert fuse([(0, 1), (1, 2), (2, 3)], [1, 2]) == ((0, 1), (1, 1), (1, 3))
    assert find_cycle([(0, 1), (1, 2)]) is None
    assert find_cycle([(0, 1), (1, 2), (1, 2)]) == (1, 2)
    assert find_cycle([(0, 1), (1, 2), (2, 3), (3, 1)]) == (1, 2, 3)


def test_move_descriptions_and_sub_positions(run_cli) -> None:
    data = run_cli("solve", "hackenbush", "--edges", "0-1,1-2,2-0", "--json").json()
    assert data["grundy"] == 1
    assert data["position"] == [[0, 1], [0, 2], [1, 2]]
    assert [m["move"] for m in data["winning_moves"]] == ["cut edge 1-2"]
    sub = run_cli("solve", "hackenbush", "--edges", "0-1,1-2,2-0", "0-1,1-2", "--json").json()
    assert sub["grundy"] == 2
    assert sub["winning_moves"][0]["move"] == "cut edge 0-1 (1 more edge falls)"


def test_winning_moves_in_a_sum_of_parts() -> None:
    game = create_game("hackenbush", {"edges": "0-1,1-2,0-3"})
    moves = Solver(game).winning_moves(game.start())
    assert [(m.to, m.description) for m in moves] == [(((0, 1), (0, 3)), "cut edge 1-2")]


def test_floating_edges_given_directly_are_ignored() -> None:
    # A picture passed straight to the solver, with edges cut off from the ground, is
    # valued as its pruned self (the floating edges are no moves).
    solver = Solver(GreenHackenbush("0-1"))
    assert solver.grundy_value(((0, 1), (2, 3), (3, 4))) == 1
    assert solver.grundy_value(((2, 3),)) == 0


def test_table_lists_every_sub_picture(run_cli) -> None:
    data = run_cli(
        "table", "hackenbush", "--edges", "0-1,1-2,2-0", "--max", "0-1,1-2,0-2", "--json"
    )
    rows = data.json()["rows"]
    # A triangle has 8 edge subsets; cutting the two ground edges leaves nothing, like the
    # empty subset, so 7 distinct pictures remain.
    assert len(rows) == len({str(row["position"]) for row in rows}) == 7
    assert {row["grundy"] for row in rows if len(row["position"]) == 3} == {1}
    loops = ",".join(["0-0"] * 17)  # a bound is part of the picture: both have 17 loops
    too_big = run_cli("table", "hackenbush", "--edges", loops, "--max", loops)
    assert too_big.code == 2 and "17 edges" in too_big.err


def test_theorem_file_comes_out_as_expected_in_quick_mode() -> None:
    # proofs/hackenbush.py, and proofs/classics.py with Wythoff, Euclid, Moore, misere Nim
    # and Gale's Nim; every theorem has a mutant and the mutants are refuted at their least
    # counterexamples.
    from pathlib import Path

    from grundy.library import CheckSettings, load_library, run_theorems

    proofs = Path(__file__).resolve().parents[2] / "proofs"
    theorems = load_library([proofs / "hackenbush.py", proofs / "classics.py"])
    results = run_theorems(theorems, CheckSettings(quick=True, random_examples=50))
    assert [r.theorem.id for r in results if not r.as_expected] == []
    assert all(t.mutant_of or any(m.mutant_of == t.id for m in theorems) for t in theorems)
    found = {r.theorem.id: r.verdict.counterexample for r in results if r.theorem.mutant_of}
    assert found["hackenbush-cycle-length"]["edges"] == "0-0,0-0"
    assert found["hackenbush-tree-edge-count"]["edges"] == "0-1,0-2"
    assert (found["wythoff-phi-squared-is-two"]["a"], found["wythoff-phi-squared-is-two"]["b"]) == (
        3,
        4,
    )
    assert (found["euclid-ratio-two"]["a"], found["euclid-ratio-two"]["b"]) == (3, 5)


def test_misere_outcomes_match_the_plain_search() -> None:
    fast, plain = Solver(GreenHackenbush("0-1")), Solver(PlainHackenbush("0-1"))
    for picture in _all_pictures(2, 4):
        position = prune(picture)
        assert fast.outcome(position, Play.MISERE) is plain.outcome(position, Play.MISERE)
    # Misere single edge: the mover must take it and loses.
    assert fast.outcome(((0, 1),), Play.MISERE) is Outcome.P
