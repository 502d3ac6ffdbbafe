"""The Python API refuses what is not a position or a number with a typed error, never an
answer; searches stop at their memory budget."""

from __future__ import annotations

import pytest

from grundy import InvalidPositionError, Nim, Play, Solver, create_game
from grundy.budget import Budget, Meter, resident_bytes
from grundy.errors import (
    BudgetExceededError,
    GrundyError,
    InvalidArgumentError,
    InvalidParameterError,
    UnknownGameError,
)
from grundy.nimber import mex, nim_sum
from grundy.solve import grundy_sequence

INVALID = [
    ("nim", {}, (-1, 3)),
    ("nim", {}, 5),
    ("nim", {}, ("a",)),
    ("nim", {}, "3 4"),
    ("subtraction", {"set": [1, 2]}, (-7,)),
    ("kayles", {}, (-1,)),
    ("grundys-game", {}, (2.5,)),
    ("euclid", {}, (0, 0)),
    ("euclid", {}, (-1, 3)),
    ("euclid", {}, (3,)),
    ("wythoff", {}, (1, 2, 3)),
    ("gale-nim", {"n": 1, "m": 3}, (1, 2)),
    ("wythoff", {}, (1, -2)),
    ("chomp", {}, (1, 3)),
    ("hackenbush", {"edges": "0-1,1-2"}, "x"),
    ("hackenbush", {"edges": "0-1,1-2"}, ((0, -1),)),
]


@pytest.mark.parametrize(("name", "params", "position"), INVALID)
def test_an_invalid_position_is_refused_by_every_query(
    name: str, params: dict[str, object], position: object
) -> None:
    solver = Solver(create_game(name, params))
    queries = [
        lambda: solver.grundy_value(position),
        lambda: solver.outcome(position),
        lambda: solver.outcome(position, Play.MISERE),
        lambda: solver.winning_moves(position),
        lambda: solver.analyse(position),
        lambda: list(solver.options(position)),
    ]
    for query in queries:
        with pytest.raises(InvalidPositionError):
            query()


def test_the_reported_nim_answers_for_negative_heaps_are_gone() -> None:
    with pytest.raises(InvalidPositionError, match="non-negative, got -1"):
        Solver(Nim()).grundy_value((-1, 3))


def test_valid_positions_still_answer() -> None:
    assert Solver(Nim()).grundy_value([3, 4, 5]) == 2  # a list is read as the tuple
    assert Solver(create_game("euclid")).outcome((2, 1)).value == "N"


@pytest.mark.parametrize("values", [["a"], [None], [-1], [1.5]])
def test_mex_refuses_what_is_not_a_nimber(values: list[object]) -> None:
    with pytest.raises(InvalidArgumentError):
        mex(values)  # type: ignore[arg-type]
    with pytest.raises((TypeError, ValueError)):  # still the builtins, for plain callers
        mex(values)  # type: ignore[arg-type]


def test_nim_sum_refuses_what_is_not_a_nimber() -> None:
    with pytest.raises(InvalidArgumentError):
        nim_sum(3, "a")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="non-negative"):
        nim_sum(-1)


@pytest.mark.parametrize("name", [None, 3, ["nim"]])
def test_create_game_refuses_a_name_that_is_not_text(name: object) -> None:
    with pytest.raises(UnknownGameError, match="game name is text"):
        create_game(name)  # type: ignore[arg-type]


def test_create_game_refuses_options_that_are_not_a_mapping() -> None:
    with pytest.raises(InvalidParameterError, match="mapping"):
        create_game("subtraction", [1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize("upto", [10**20, 10**9])
def test_a_sequence_too_long_to_hold_is_refused_at_once(upto: int) -> None:
    with pytest.raises(InvalidParameterError, match="too long"):
        grundy_sequence(Nim(), upto)


def test_error_messages_shorten_huge_inputs() -> None:
    with pytest.raises(GrundyError) as caught:
        Solver(create_game("wythoff")).grundy_value((10**4000, 1, 2))
    assert len(str(caught.value)) < 300


def test_the_solver_stops_at_its_memory_budget() -> None:
    if resident_bytes() is None:
        pytest.skip("resident memory cannot be read here")
    meter = Meter(Budget(memory_bytes=64 << 20))  # 64 MiB more than now
    solver = Solver(create_game("grundys-game"), meter=meter)
    with pytest.raises(BudgetExceededError, match=r"memory budget of .* after"):
        solver.grundy_value((10**7,))
    assert solver.moves_generated < 10_000_000


def test_the_solver_stops_at_its_time_budget() -> None:
    solver = Solver(create_game("wythoff"), meter=Budget(seconds=0.2).start())
    with pytest.raises(BudgetExceededError, match=r"time budget of 0\.2 s"):
        solver.grundy_value((10**12, 10**12 + 7))


def test_a_finished_euclid_game_is_a_position_play_reaches() -> None:
    game = create_game("euclid")
    assert (0, 3) in list(game.moves((3, 3)))
    assert Solver(game).grundy_value((0, 3)) == 0  # terminal: the player to move has lost
