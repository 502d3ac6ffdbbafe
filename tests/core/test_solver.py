import itertools
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grundy import (
    GameNotFiniteError,
    InvalidParameterError,
    InvalidPositionError,
    Nim,
    Outcome,
    Play,
    SearchLimitError,
    Solver,
    SubtractionGame,
    SumGame,
    create_game,
    grundy_sequence,
    nim_sum,
)
from grundy.games.base import Game
from grundy.solve import plain_grundy_sequence
from tests import known_values as known


class PlainNim(Nim):
    """Nim without the *n shortcut, so the search itself is exercised."""

    name = "plain-nim"

    def known_grundy(self, position: tuple[int, ...]) -> None:
        return None

    def moves_to_value(self, position: tuple[int, ...], target: int) -> None:
        return None


class Cycle(Game):
    """Two positions that move to each other: not a finite game."""

    name = "cycle"

    def moves(self, position: int) -> list[int]:
        return [1 - position]

    def from_value(self, value: int) -> int:
        return value


def test_take_away_p_positions_in_both_conventions() -> None:
    solver = Solver(SubtractionGame(known.TAKE_AWAY_SET))
    normal = [n for n in range(60) if solver.outcome((n,)) is Outcome.P]
    misere = [n for n in range(60) if solver.outcome((n,), Play.MISERE) is Outcome.P]
    assert normal == known.TAKE_AWAY_NORMAL_P
    assert misere == known.TAKE_AWAY_MISERE_P


def test_twenty_one_chips_first_player_takes_one() -> None:
    solver = Solver(SubtractionGame([1, 2, 3]))
    assert solver.outcome((21,)) is Outcome.N
    assert [move.to for move in solver.winning_moves((21,))] == [(20,)]
    # misère: 21 = 4*5 + 1 is a P-position, 22 is won by taking 1 to leave 21
    assert solver.outcome((21,), Play.MISERE) is Outcome.P
    assert [move.to for move in solver.winning_moves((22,), Play.MISERE)] == [(21,)]


@pytest.mark.parametrize("example", [known.BOUTON_EXAMPLE, known.HANDOUT_EXAMPLE])
def test_the_notes_nim_examples(example: tuple) -> None:
    position, value, winning = example
    solver = Solver(Nim())
    assert solver.grundy_value(position) == value
    assert [move.to for move in solver.winning_moves(position)] == winning


@pytest.mark.parametrize(("position", "winning"), sorted(known.EXERCISE_4.items()))
def test_handout_exercise_4_all_winning_moves(position: tuple, winning: list) -> None:
    assert [move.to for move in Solver(Nim()).winning_moves(position)] == winning


def test_nim_shortcut_agrees_with_plain_search() -> None:
    fast, plain = Solver(Nim()), Solver(PlainNim())
    for position in itertools.product(range(6), repeat=3):
        assert fast.grundy_value(position) == plain.grundy_value(position) == nim_sum(*position)
        assert [m.to for m in fast.winning_moves(position)] == [
            m.to for m in plain.winning_moves(position)
        ]
    assert plain.positions_explored > 0


@given(st.lists(st.integers(min_value=0, max_value=2**64), max_size=8))
def test_huge_nim_heaps_are_answered_by_bouton(heaps: list[int]) -> None:
    solver = Solver(Nim())
    position = tuple(heaps)
    assert solver.grundy_value(position) == nim_sum(*heaps)
    for move in solver.winning_moves(position):
        assert nim_sum(*move.to) == 0
        assert sum(a != b for a, b in zip(move.to, position, strict=True)) == 1
    assert solver.positions_explored == 0


def misere_nim_is_next_win(heaps: tuple[int, ...]) -> bool:
    """Bouton's misère rule: play normally unless every heap is 0 or 1."""
    if all(heap <= 1 for heap in heaps):
        return sum(heaps) % 2 == 0
    return nim_sum(*heaps) != 0


def test_misere_nim_matches_boutons_rule() -> None:
    solver = Solver(Nim())
    for position in itertools.product(range(5), repeat=4):
        expected = Outcome.N if misere_nim_is_next_win(position) else Outcome.P
        assert solver.outcome(position, Play.MISERE) is expected, position


def test_misere_winning_moves_lead_to_misere_p_positions() -> None:
    solver = Solver(Nim())
    for position in itertools.product(range(4), repeat=3):
        moves = solver.winning_moves(position, Play.MISERE)
        terminal = not any(position)  # the player to move cannot move, and so wins
        is_n = solver.outcome(position, Play.MISERE) is Outcome.N
        assert (bool(moves) or terminal) == is_n
        assert all(solver.outcome(m.to, Play.MISERE) is Outcome.P for m in moves)


def test_sprague_grundy_on_sums_of_different_games() -> None:
    nim, take = Nim(), SubtractionGame([1, 3, 4])
    total = SumGame((nim, take, PlainNim()))
    solver, plain = Solver(total), Solver(take)
    for a, b, c in itertools.product(range(4), range(9), range(3)):
        position = ((a,), (b,), (c,))
        assert solver.grundy_value(position) == a ^ plain.grundy_value((b,)) ^ c
        for move in solver.winning_moves(position):
            assert solver.grundy_value(move.to) == 0


def test_sum_misere_is_searched_as_a_whole() -> None:
    solver = Solver(SumGame((Nim(), Nim())))
    assert solver.outcome(((1,), (1,)), Play.MISERE) is Outcome.N
    assert solver.outcome(((1,), (0,)), Play.MISERE) is Outcome.P


def test_a_long_chain_solves_without_recursion() -> None:
    heap = 200_000
    assert heap > sys.getrecursionlimit()
    solver = Solver(SubtractionGame([1]))
    assert solver.grundy_value((heap,)) == 0
    assert Solver(SubtractionGame([1])).outcome((heap + 1,), Play.MISERE) is Outcome.P


def test_cycles_are_reported_not_looped() -> None:
    with pytest.raises(GameNotFiniteError, match="need not end"):
        Solver(Cycle()).grundy_value(0)
    with pytest.raises(GameNotFiniteError):
        Solver(Cycle()).outcome(0, Play.MISERE)


def test_search_limit_stops_runaway_searches() -> None:
    with pytest.raises(SearchLimitError, match="1,000"):
        Solver(SubtractionGame([1]), position_limit=1000).grundy_value((5000,))


def test_sequences_match_plain_solver_and_closed_form() -> None:
    for k in range(1, 6):
        game = SubtractionGame(range(1, k + 1))
        assert grundy_sequence(game, 50) == [n % (k + 1) for n in range(51)]
    odd = SubtractionGame([1, 3, 4])
    assert grundy_sequence(odd, 30) == plain_grundy_sequence(odd, 30)
    assert plain_grundy_sequence(odd, 13) == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("subtraction", {}, "needs option --set"),
        ("subtraction", {"set": []}, "must not be empty"),
        ("subtraction", {"set": [2, -1]}, "positive integers"),
        ("subtraction", {"set": "1,x"}, "integers separated by commas"),
        ("nim", {"set": [1]}, "has no option 'set'"),
        ("take-away", {"set": [1]}, "fixes option 'set'"),
    ],
)
def test_bad_parameters_are_named(name: str, params: dict, message: str) -> None:
    with pytest.raises(InvalidParameterError, match=message):
        create_game(name, params)


@pytest.mark.parametrize("value", [[-1], [1.5], ["3"], "heap", [True]])
def test_bad_positions_are_refused(value: object) -> None:
    with pytest.raises(InvalidPositionError):
        Nim().from_value(value)


def test_positions_are_canonical_for_the_solver() -> None:
    nim = Nim()
    assert nim.canonical((3, 0, 1)) == nim.canonical((1, 3)) == (1, 3)
    assert create_game("take-away") == SubtractionGame([3, 2, 1])
    assert hash(create_game("take-away")) == hash(SubtractionGame([1, 2, 3]))


def test_move_limit_stops_a_position_with_astronomically_many_options():
    from grundy.errors import SearchLimitError
    from grundy.games import create_game

    solver = Solver(create_game("grundys-game"), move_limit=10_000)
    with pytest.raises(SearchLimitError, match="10,000 moves"):
        solver.grundy_value((10**12,))
    assert solver.moves_generated == 10_001
