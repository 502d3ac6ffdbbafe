"""The public hypothesis strategies (grundy.strategies): every catalogue game is covered,
and every drawn position is one its game accepts, with moves that can be listed."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.errors import NoMoveGraphError, UnknownGameError
from grundy.games.base import Game
from grundy.games.catalogue import catalogue
from grundy.solve.loopy import LoopySolver, declares_cycles
from grundy.solve.solver import Outcome, Solver
from grundy.strategies import covered_games, game_options, games, games_and_positions, positions

NAMES = [entry.name for entry in catalogue()]
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_every_catalogue_game_is_covered() -> None:
    assert covered_games() == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
@FAST
@given(data=st.data())
def test_drawn_positions_are_accepted_and_have_listable_moves(name: str, data: Any) -> None:
    game, position = data.draw(games_and_positions(name, size=4))
    assert game.name == catalogue()[NAMES.index(name)].game_class.name
    written = game.to_json(position)
    assert game.from_value(written) == position
    if not game.move_graph:  # simultaneous turns (Lucky Nim): no list of moves, said loudly
        with pytest.raises(NoMoveGraphError):
            list(game.moves(position))
        return
    for option in game.moves(position):
        assert hash(game.canonical(option)) is not None


@FAST
@given(games_and_positions(size=3))
def test_any_game_small_positions_are_solved(drawn: tuple[Game, Any]) -> None:
    game, position = drawn
    if declares_cycles(game):  # a draw is possible: the P/N/D rule of the loopy solver
        loopy = LoopySolver(game, position_limit=200_000)
        options = [loopy.outcome(option).value for option in game.moves(position)]
        rule = "N" if "P" in options else "D" if "D" in options else "P"
        assert loopy.outcome(position).value == rule
        return
    solver = Solver(game, position_limit=200_000)
    outcome = solver.outcome(position)
    if not game.move_graph:
        return  # its outcomes come from its own engine (tests/games/test_lucky_nim.py)
    # The P/N rule, from the moves themselves, against the solver.
    assert (outcome is Outcome.N) == any(
        solver.outcome(option) is Outcome.P for option in game.moves(position)
    )


@FAST
@given(game_options("subtraction"))
def test_subtraction_options_are_valid_sets(options: dict[str, Any]) -> None:
    assert 1 <= len(options["set"]) <= 3
    assert options["set"] == sorted(set(options["set"]))
    assert all(1 <= value <= 6 for value in options["set"])


@FAST
@given(games("gale-nim").flatmap(lambda game: st.tuples(st.just(game), positions(game))))
def test_gale_nim_positions_respect_a_fixed_number_of_heaps(drawn: tuple[Any, Any]) -> None:
    game, position = drawn
    if game.m is not None:
        assert len(position) == game.m


@FAST
@given(games("beer-can").flatmap(lambda game: st.tuples(st.just(game), positions(game))))
def test_beer_can_positions_are_cans_that_do_not_overlap(drawn: tuple[Any, Any]) -> None:
    game, occupied = drawn
    cells = bin(occupied).count("1")
    assert cells % (game.piece * game.piece) == 0


def test_a_game_without_a_recipe_is_refused_loudly() -> None:
    class Mystery(Game):
        name = "mystery"

        def moves(self, position: Any) -> list[Any]:
            return []

        def from_value(self, value: Any) -> Any:
            return value

    with pytest.raises(UnknownGameError, match="mystery"):
        positions(Mystery())
