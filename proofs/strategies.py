"""Mirroring strategies, checked as strategies: two-pile Nim and Tweedledum-Tweedledee.

A strategy claim is checked by playing the strategy against every reply of the opponent
to the end of the game (``grundy.certify.strategy``), not by computing outcomes: the
checker knows only the games' moves.

- Two-pile Nim (slides of seed 000): from ``(a, b)`` with ``a != b`` the player to move
  wins by equalising the heaps; from ``(a, a)`` the *second* player wins by equalising
  after every move.  Together: the player to move wins exactly when ``a != b``.
- Tweedledum-Tweedledee (notes 003, ``G + G = 0``): in a sum of a game with a copy of
  itself, the second player wins by repeating the opponent's move in the other summand.
  Checked on positions of catalogue games (Kayles rows, subtraction heaps, Grundy's game,
  Chomp boards, Hackenbush pictures, poset games) and on random acyclic game graphs.

The mutants use the same checker: mirroring for the first player on ``(a, a)``, and
copying on ``G + H`` where ``H`` differs from ``G`` even though ``G + H`` is a
P-position (equal Grundy values), which shows a strategy check is stronger than an
outcome check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

from grundy.certify.strategy import (
    StrategyCheck,
    check_second_player_strategy,
    check_strategy,
)
from grundy.declare import listing, mutant, section, theorem
from grundy.games.base import Game
from grundy.games.catalogue import create_game
from grundy.games.nim import Nim
from grundy.games.sums import SumGame
from grundy.library import CheckSettings
from grundy.solve.solver import Solver
from grundy.verdict import Verdict, combine_verdicts
from grundy.verify.exhaustive import check_exhaustive, integer_cases
from grundy.verify.random_games import GraphGame, graph_games
from grundy.verify.random_search import search_random

NIM_SOURCE = "000 Mathematical Games I, two-pile Nim"
COPY_SOURCE = "003 notes, abstract impartial games (G + G = 0, Tweedledum-Tweedledee)"


def equalise(heaps: tuple[int, ...]) -> tuple[int, ...] | None:
    """Two-pile Nim: take from the larger heap until the heaps are equal (no move on
    equal heaps).

    >>> equalise((5, 2)), equalise((3, 3))
    ((2, 2), None)
    """
    a, b = heaps
    return None if a == b else (min(a, b), min(a, b))


def copy_the_other_summand(game: Game):
    """Tweedledum-Tweedledee on ``game + game``: after the opponent moves in one summand,
    make the same move in the other, so the two summands are equal again."""

    def play(position: tuple[Any, Any]) -> tuple[Any, Any] | None:
        left, right = position
        if left == right:
            return None
        if left in set(game.moves(right)):
            return (left, left)
        if right in set(game.moves(left)):
            return (right, right)
        return None

    return play


def _line(game: Game, found: StrategyCheck) -> dict[str, Any]:
    return {
        "failing line": [game.format(position) for position in found.failing_line],
        "why": found.reason,
    }


# -- two-pile Nim -------------------------------------------------------------------------------


def _two_pile(first_player_on_equal: bool):
    def check(settings: CheckSettings) -> Verdict:
        game = Nim()
        bound = 8 if settings.quick else 16
        results: dict[tuple[int, int], StrategyCheck] = {}

        def run(a: int, b: int) -> StrategyCheck:
            if a != b or first_player_on_equal:
                return check_strategy(game, (a, b), equalise)
            return check_second_player_strategy(game, (a, b), equalise)

        def holds(case: Mapping[str, Any]) -> bool:
            key = (case["a"], case["b"])
            results[key] = run(*key)
            return results[key].wins

        def explain(case: Mapping[str, Any]) -> dict[str, Any]:
            a, b = case["a"], case["b"]
            who = "first" if a != b or first_player_on_equal else "second"
            return {"position": [a, b], "player": who, **_line(game, results[(a, b)])}

        low = 1 if first_player_on_equal else 0
        cases: Iterator[dict[str, int]] = integer_cases({"a": (low, bound), "b": (low, bound)})
        if first_player_on_equal:
            cases = (case for case in cases if case["a"] == case["b"])
        return check_exhaustive(
            cases,
            holds,
            scope=f"bounded: two heaps {low} <= a, b <= {bound}, every reply",
            method="strategy",
            recheck=lambda case: run(case["a"], case["b"]).wins,
            explain=explain,
        )

    return check


# -- Tweedledum-Tweedledee -----------------------------------------------------------------------

# (catalogue name, options, quick positions, full positions) as data for from_value.
COPY_GAMES: list[tuple[str, dict[str, Any], list[Any], list[Any]]] = [
    ("kayles", {}, [[n] for n in range(8)], [[n] for n in range(12)]),
    ("subtraction", {"set": [1, 3, 4]}, [[n] for n in range(12)], [[n] for n in range(25)]),
    ("grundys-game", {}, [[n] for n in range(9)], [[n] for n in range(13)]),
    ("chomp", {}, [[2, 2], [3, 2, 1], [3, 3]], [[3, 3, 3], [4, 2, 1], [4, 3]]),
    (
        "hackenbush",
        {"edges": "0-1,1-2,2-0,2-3,1-3,3-4,1-4"},  # holds every position listed below
        ["0-1", "0-1,1-2", "0-1,1-2,2-0", "0-1,1-2,2-0,2-3"],
        ["0-1,1-2,2-0,2-3", "0-1,1-2,1-3,3-4,4-1"],
    ),
    ("poset", {"relations": "0<1,0<2,1<3,2<3"}, [[0, 1, 2, 3]], [[0, 1, 2, 3]]),
]


def _copy_cases(quick: bool) -> Iterator[dict[str, Any]]:
    for name, options, quick_positions, full_positions in COPY_GAMES:
        for position in quick_positions if quick else full_positions:
            yield {"game": name, "options": options, "position": position}


def _position_entry(name: str, data: Any) -> Any:
    """What the report can draw: heaps of both summands for a heap game, the board for
    Chomp, the picture's edges for Hackenbush."""
    return data + data if isinstance(data, list) and name != "chomp" else data


def _copy_check(settings: CheckSettings) -> Verdict:
    results: dict[str, tuple[Game, StrategyCheck]] = {}

    def run(case: Mapping[str, Any]) -> tuple[Game, StrategyCheck]:
        game = create_game(case["game"], case["options"])
        position = game.from_value(case["position"])
        total = SumGame((game, game))
        return total, check_second_player_strategy(
            total, (position, position), copy_the_other_summand(game)
        )

    def holds(case: Mapping[str, Any]) -> bool:
        results[repr(case)] = run(case)
        return results[repr(case)][1].wins

    def explain(case: Mapping[str, Any]) -> dict[str, Any]:
        total, found = results[repr(case)]
        picture = "edges" if case["game"] == "hackenbush" else "position"
        return {picture: _position_entry(case["game"], case["position"]), **_line(total, found)}

    exhaustive = check_exhaustive(
        _copy_cases(settings.quick),
        holds,
        scope="bounded: G + G for the listed positions G of Kayles, the subtraction game "
        "S(1, 3, 4), Grundy's game, Chomp, Green Hackenbush and poset games, every reply",
        method="strategy",
        recheck=lambda case: run(case)[1].wins,
        explain=explain,
    )

    def graph_holds(case: Mapping[str, Any]) -> bool:
        game = GraphGame(case["successors"])
        node = case["node"]
        found = check_second_player_strategy(
            SumGame((game, game)), (node, node), copy_the_other_summand(game)
        )
        return found.wins

    random = _search_graph_sums(
        graph_holds,
        settings,
        same=True,
        scope="random: acyclic game graphs with up to 8 nodes, G + G from every node",
        method="random",
    )
    return combine_verdicts([exhaustive, random])


def _search_graph_sums(
    holds: Callable[[Mapping[str, Any]], bool],
    settings: CheckSettings,
    *,
    same: bool,
    scope: str,
    method: str,
    explain: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None,
) -> Verdict:
    """Random search over the sums of :func:`_graph_cases`, measured by their nodes."""
    return search_random(
        _graph_cases(same=same),
        holds,
        seed=settings.seed,
        examples=100 if settings.quick else 500,
        scope=scope,
        method=method,
        explain=explain,
        size=lambda case: len(case["successors"]),
    )


def _graph_cases(*, same: bool) -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        game = draw(graph_games(max_nodes=8))
        nodes = len(game.successors)
        node = draw(st.integers(0, nodes - 1))
        case: dict[str, Any] = {"successors": [list(t) for t in game.successors], "node": node}
        if not same:
            case["other"] = draw(st.integers(0, nodes - 1).filter(lambda other: other != node))
        return case

    return build()


def _copy_different_check(settings: CheckSettings) -> Verdict:
    """The mutant: copying also wins G + H for H != G; tried where G + H is nevertheless
    a P-position (G and H have the same Grundy value), so only the strategy is wrong."""
    game = create_game("kayles")
    total = SumGame((game, game))
    solver = Solver(game)
    bound = 8 if settings.quick else 12
    found: dict[tuple[int, int], StrategyCheck] = {}

    def cases() -> Iterator[dict[str, int]]:
        for case in integer_cases({"g": (0, bound), "h": (0, bound)}):
            g, h = case["g"], case["h"]
            if g != h and solver.grundy_value((g,)) == solver.grundy_value((h,)):
                yield case

    def run(case: Mapping[str, Any]) -> StrategyCheck:
        return check_second_player_strategy(
            total, ((case["g"],), (case["h"],)), copy_the_other_summand(game)
        )

    def holds(case: Mapping[str, Any]) -> bool:
        found[(case["g"], case["h"])] = run(case)
        return found[(case["g"], case["h"])].wins

    def explain(case: Mapping[str, Any]) -> dict[str, Any]:
        g, h = case["g"], case["h"]
        return {
            "position": [g, h],
            "grundy values": [solver.grundy_value((g,)), solver.grundy_value((h,))],
            **_line(total, found[(g, h)]),
        }

    return check_exhaustive(
        cases(),
        holds,
        scope=f"bounded: Kayles rows g != h <= {bound} with equal Grundy values, every reply",
        method="strategy",
        recheck=lambda case: run(case).wins,
        explain=explain,
    )


def _copy_different_graphs(settings: CheckSettings) -> Verdict:
    def run(case: Mapping[str, Any]) -> tuple[Game, StrategyCheck]:
        game = GraphGame(case["successors"])
        total = SumGame((game, game))
        start = (case["node"], case["other"])
        return total, check_second_player_strategy(total, start, copy_the_other_summand(game))

    def holds(case: Mapping[str, Any]) -> bool:
        return run(case)[1].wins

    def explain(case: Mapping[str, Any]) -> dict[str, Any]:
        return _line(*run(case))

    return _search_graph_sums(
        holds,
        settings,
        same=False,
        scope="random: acyclic game graphs with up to 8 nodes, G + H from two different nodes",
        method="strategy+random",
        explain=explain,
    )


COPY_TAGS = ("strategy", "mirroring", "sums", "tweedledum-tweedledee")

THEOREMS = listing(
    section(NIM_SOURCE, game="nim", tags=("nim", "strategy", "mirroring")),
    theorem(
        "nim-two-pile-mirroring",
        "Two-pile Nim, heaps up to 16: equalising the heaps wins",
        "on two heaps (a, b), the player to move wins by equalising the heaps when "
        "a != b, and the second player wins by equalising after every move when a = b; so "
        "the player to move wins exactly when a != b",
        r"(a, b) \in \mathcal{N} \iff a \neq b",
        _two_pile(first_player_on_equal=False),
    ),
    mutant(
        "nim-two-pile-mirroring-first-player",
        "Mutant: on equal heaps the first player wins by mirroring",
        statement="on two equal non-empty heaps (a, a), the player to move wins by "
        "equalising the heaps",
        latex=r"a \geq 1 \implies (a, a) \in \mathcal{N}",
        check=_two_pile(first_player_on_equal=True),
    ),
    section(COPY_SOURCE, tags=COPY_TAGS),
    theorem(
        "tweedledum-tweedledee",
        "Tweedledum-Tweedledee: copying wins G + G for the second player (listed games G)",
        "in the sum G + G of any game with itself, the second player wins by "
        "making, after each move of the opponent in one summand, the same move in the other",
        r"G + G = 0",
        _copy_check,
    ),
    mutant(
        "tweedledum-copy-different-games",
        "Mutant: copying wins G + H for H != G of equal value",
        "when G and H are different Kayles rows with the same Grundy value (so "
        "G + H is a P-position), the second player wins G + H by copying moves",
        r"\mathcal{G}(G) = \mathcal{G}(H) \implies \text{copying wins } G + H",
        _copy_different_check,
        game="kayles",
    ),
    mutant(
        "tweedledum-copy-any-graph-sum",
        "Mutant: copying wins G + H on random game graphs",
        "on an acyclic game graph, the second player wins G + H from any two "
        "nodes by copying moves",
        r"\text{copying wins } G + H \text{ for all } G, H",
        _copy_different_graphs,
    ),
)
