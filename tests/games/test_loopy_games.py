"""The catalogue's loopy games: their rules, bad options and positions, and their values
against answers from outside the solver.

Sources: the digraph game is checked against the published example of a cyclic graph in
Ferguson's notes (Game Theory, Part I, section 3.4, Figure 3.4; see below). Fair Shares
and Varied Pairs is the game of Berlekamp, Conway and Guy, Winning Ways, chapter 12
("Games Eternal - Games Entailing"); its rules are cross-checked against an independent
implementation (GamesmanOne, games/fsvp/fsvp.c, GamesCrafters, UC Berkeley: divide a
heap into equal heaps of a proper factor, or combine two heaps of different sizes; all
single coins is the lost end), and the positions of n coins are the partitions of n,
counted by OEIS A000041 (1, 2, 3, 5, 7, 11, 15, 22, 30, 42). The published table of its
values could not be consulted here, so the values are checked against a plain retrograde
analysis (tests/solve/loopy_oracles.py) and against values worked by hand below. The
classification of values (0: P; finite non-zero or ∞ with 0 in K: N; otherwise D) and
the sum rule are those of Smith's generalized Sprague-Grundy theory as summarised, for
instance, in the answer "Generalized Sprague-Grundy Theorem" (MathOverflow), which the
solver's tests follow.
"""

from __future__ import annotations

import pytest

from grundy.errors import InvalidParameterError, InvalidPositionError
from grundy.games.catalogue import create_game
from grundy.solve.loopy import LoopySolver
from grundy.solve.loopy_labels import label_graph
from tests.solve.loopy_oracles import retrograde_outcomes

PARTITIONS = [1, 2, 3, 5, 7, 11, 15, 22, 30, 42]  # OEIS A000041, n = 1..10


def partitions(n: int, largest: int | None = None) -> list[tuple[int, ...]]:
    largest = n if largest is None else largest
    if n == 0:
        return [()]
    return [
        (first, *rest)
        for first in range(min(n, largest), 0, -1)
        for rest in partitions(n - first, first)
    ]


def whole_graph(game, n: int) -> tuple[list[tuple[int, ...]], list[list[int]]]:
    positions = partitions(n)
    where = {p: i for i, p in enumerate(positions)}
    return positions, [[where[game.canonical(o)] for o in game.moves(p)] for p in positions]


def test_fair_shares_moves_as_in_the_rules() -> None:
    game = create_game("fair-shares")
    # 6 divides into 3+3, 2+2+2 or six 1s; 6 and 1 unite into 7; two 1s never unite
    assert sorted(game.moves((6, 1))) == sorted([(3, 3, 1), (2, 2, 2, 1), (1,) * 7, (7,)])
    assert list(game.moves((1, 1, 1))) == []  # the end: the player to move loses
    assert sorted(game.moves((2, 2))) == [(2, 1, 1)]  # equal heaps never unite


@pytest.mark.parametrize("n", range(1, 11))
def test_fair_shares_positions_of_n_coins_are_the_partitions_of_n(n: int) -> None:
    game = create_game("fair-shares")
    positions = set(partitions(n))
    assert len(positions) == PARTITIONS[n - 1]
    for position in positions:  # a move keeps the coins: options are partitions of n
        assert all(option in positions for option in game.moves(position))


def test_fair_shares_by_hand() -> None:
    game = create_game("fair-shares")
    solver = LoopySolver(game)
    # 3 coins: (1,1,1) is the end (0); (3) can only divide into (1,1,1): value 1;
    # (2,1) divides into (1,1,1) or unites into (3): options 0 and 1, value 2.
    assert [str(solver.value(p)) for p in [(1, 1, 1), (3,), (2, 1)]] == ["0", "1", "2"]
    # 4 coins: (2,2) may only divide a 2: (2,1,1), whose options are (1,1,1,1) (0) and
    # (3,1); (3,1) reaches (1,1,1,1) and (4)...: the values follow the mex, no cycle
    # is needed to decide them (every cycle here can be answered).
    assert str(solver.value((2, 2))) == "0"


@pytest.mark.parametrize("n", range(1, 14))
def test_fair_shares_outcomes_match_a_retrograde_analysis(n: int) -> None:
    game = create_game("fair-shares")
    positions, graph = whole_graph(game, n)
    solver = LoopySolver(game)
    assert [solver.outcome(p).value for p in positions] == retrograde_outcomes(graph)
    assert [solver.value(p) for p in positions] == list(label_graph(graph).values)


def test_fair_shares_first_draws_come_with_eleven_coins() -> None:
    game = create_game("fair-shares")
    solver = LoopySolver(game)
    drawn = {n: [p for p in partitions(n) if solver.outcome(p).value == "D"] for n in range(1, 12)}
    assert all(not drawn[n] for n in range(1, 11))
    assert (9, 2) in drawn[11]


def test_fair_shares_refuses_what_is_not_a_position() -> None:
    game = create_game("fair-shares")
    with pytest.raises(InvalidPositionError, match="at least 1"):
        game.from_value([3, 0])
    with pytest.raises(InvalidPositionError, match="at most 60 coins"):
        game.from_value([61])


# Ferguson, "Game Theory", Part I, section 3.4 ("The Sprague-Grundy function on more
# general graphs"), Figure 3.4: a cyclic graph a, b, c, d, e.  As the text describes it: e
# is terminal, e is the only follower of d, from c a player may move to d or to a, and
# from a the play returns to c after two more moves (a -> b -> c).  Published: e has value
# 0, d has value 1, and a, b and c are "tied" positions (draws: play goes round abcabc...).
FERGUSON_FIGURE_3_4 = "0>1,1>2,2>0,2>3,3>4"  # a=0, b=1, c=2, d=3, e=4


def test_fergusons_cyclic_graph_has_the_published_values() -> None:
    solver = LoopySolver(create_game("digraph", {"edges": FERGUSON_FIGURE_3_4}))
    a, b, c, d, e = ((v,) for v in range(5))
    assert str(solver.value(e)) == "0" and str(solver.value(d)) == "1"
    assert [solver.outcome(p).value for p in (a, b, c)] == ["D", "D", "D"]
    # and the tie is kept by the move Ferguson names: from c to a, not to d (which loses)
    assert [move.to for move in solver.drawing_moves(c)] == [a]


def test_digraph_rules_and_values_by_hand() -> None:
    game = create_game("digraph", {"edges": "0>1,1>0,1>2,3>3"})
    assert sorted(game.moves((1,))) == [(0,), (2,)]
    solver = LoopySolver(game)
    # 2 ends the game; from 1 the mover ends it (N, value 1); from 0 the only move is to
    # 1, whence the opponent ends it: P, although 0 lies on a cycle; 3 passes for ever.
    assert [str(solver.value((v,))) for v in range(4)] == ["0", "1", "0", "∞{}"]
    assert solver.outcome((3,)).value == "D"
    # two tokens are a sum: 1 + 1 = 0, and anything plus a draw token ∞{} is ∞ (a draw)
    assert str(solver.value((1, 1))) == "0" and solver.outcome((1, 3)).value == "D"


@pytest.mark.parametrize(
    ("edges", "problem"),
    [("", "at least one edge"), ("0-1", "FROM>TO"), ("0>x", "FROM>TO"), ("0>1000001", "up to")],
)
def test_digraph_refuses_bad_edges(edges: str, problem: str) -> None:
    with pytest.raises(InvalidParameterError, match=problem):
        create_game("digraph", {"edges": edges})


def test_digraph_refuses_a_token_off_the_graph() -> None:
    with pytest.raises(InvalidPositionError, match="not a vertex"):
        create_game("digraph", {"edges": "0>1"}).from_value([5])
