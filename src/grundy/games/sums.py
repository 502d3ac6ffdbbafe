"""Disjunctive sums of arbitrary games: a move is a move in exactly one summand."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from grundy.errors import InvalidParameterError, InvalidPositionError, brief
from grundy.games.base import Game, Part
from grundy.validate import instance, sequence

__all__ = ["SumGame"]


class SumGame(Game):
    """The sum G1 + G2 + ... of games; a position is a tuple with one position per summand.

    >>> from grundy.games.nim import Nim
    >>> from grundy.games.subtraction import SubtractionGame
    >>> game = SumGame((Nim(), SubtractionGame([1, 2])))
    >>> sorted(game.moves(((1,), (2,))))
    [((0,), (2,)), ((1,), (0,)), ((1,), (1,))]
    """

    name = "sum"
    summary = "play in exactly one of several games on each move"

    def __init__(self, games: Sequence[Game]) -> None:
        sequence(games, "the games of a sum")
        for game in games:
            instance(game, Game, "each game of a sum", "a Game (grundy.games.Game)")
        if not games:
            raise InvalidPositionError("a sum needs at least one game")
        for game in games:
            # A sum is played, and valued part by part, on move graphs with Grundy values
            # (the sum rule is a theorem about those); a game without them has no sums.
            if not game.move_graph or not game.reports_grundy:
                raise InvalidParameterError(
                    f"{game.label} cannot be part of a sum: its turns are not moves to "
                    "options, so the library defines no sum with it"
                )
        self.games: tuple[Game, ...] = tuple(games)

    @property
    def key(self) -> Hashable:
        return ("sum", tuple(game.key for game in self.games))

    @property
    def label(self) -> str:
        return " + ".join(game.label for game in self.games)

    def __repr__(self) -> str:
        return f"SumGame({list(self.games)!r})"

    def moves(self, position: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
        for index, (game, part) in enumerate(zip(self.games, position, strict=True)):
            for option in game.moves(part):
                yield self.replace(position, index, option)

    def labelled_moves(self, position: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
        for index, (game, part) in enumerate(zip(self.games, position, strict=True)):
            for option, text in game.labelled_moves(part):
                yield self.replace(position, index, option), f"in summand {index + 1}: {text}"

    def canonical(self, position: tuple[Any, ...]) -> Hashable:
        return tuple(game.canonical(part) for game, part in zip(self.games, position, strict=True))

    def components(self, position: tuple[Any, ...]) -> Sequence[Part]:
        return list(zip(self.games, position, strict=True))

    def replace(self, position: tuple[Any, ...], index: int, part_position: Any) -> tuple[Any, ...]:
        return (*position[:index], part_position, *position[index + 1 :])

    def describe_part_move(self, position: Any, index: int, part: Any, option: Any) -> str:
        inner = self.games[index].format(option)
        return f"in summand {index + 1}: {self.games[index].format(part)} -> {inner}"

    def check_position(self, position: Any) -> tuple[Any, ...]:
        """The position in the form the solver plays: a tuple with each summand's own
        checked form (a list from JSON, or lists inside it, made tuples by the summands)."""
        if not isinstance(position, (list, tuple)) or len(position) != len(self.games):
            raise InvalidPositionError(
                f"{brief(position)} is not a position of {self.name}: a position of a sum "
                f"of {len(self.games)} games lists one position per game"
            )
        return tuple(
            game.check_position(part) for game, part in zip(self.games, position, strict=True)
        )

    def from_value(self, value: Any) -> tuple[Any, ...]:
        if not isinstance(value, (list, tuple)) or len(value) != len(self.games):
            raise InvalidPositionError(
                f"a position of a sum of {len(self.games)} games lists one position per game"
            )
        return tuple(game.from_value(part) for game, part in zip(self.games, value, strict=True))

    def format(self, position: tuple[Any, ...]) -> str:
        return " + ".join(
            game.format(part) for game, part in zip(self.games, position, strict=True)
        )

    def to_json(self, position: tuple[Any, ...]) -> list[Any]:
        return [game.to_json(part) for game, part in zip(self.games, position, strict=True)]
