"""Staircase Nim: coins on the steps of a staircase are moved down, one step at a time."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grundy.errors import InvalidPositionError
from grundy.games.base import NumberTupleGame, read_number_list
from grundy.games.labelled import LabelledGame

__all__ = ["StaircaseNim"]


def _coins(count: int) -> None:
    if count < 0:
        raise InvalidPositionError(f"a step holds a non-negative number of coins, got {count}")


class StaircaseNim(NumberTupleGame, LabelledGame):
    """Staircase Nim on steps ``1..k``.

    A position lists the coins on steps 1, 2, ..., k (step 1 lowest).  A move takes one
    or more coins from a single step ``i >= 1`` and puts them on the step below, ``i - 1``;
    coins moved down from step 1 reach the ground (step 0) and leave play.  The player
    who cannot move (every step empty) loses.

    Moving coins changes two steps at once, so the steps are not a sum of games and a
    position is searched whole.  Empty steps at the top change nothing, so they are
    dropped in the canonical form.

    >>> sorted(StaircaseNim().moves((1, 2)))
    [(0, 2), (2, 1), (3, 0)]
    """

    name = "staircase-nim"
    summary = "move one or more coins from a step to the step below; coins off step 1 leave"
    position_help = "the coins on steps 1, 2, ..., k (step 1 lowest)"

    def labelled_moves(self, position: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], str]]:
        for index, coins in enumerate(position):
            for moved in range(1, coins + 1):
                after = list(position)
                after[index] -= moved
                if index:
                    after[index - 1] += moved
                yield tuple(after), self._text(index + 1, moved)

    def describe_move(self, position: tuple[int, ...], option: Any) -> str:
        # the highest step that lost coins is the one they were taken from
        for index in range(len(position) - 1, -1, -1):
            if option[index] < position[index]:
                return self._text(index + 1, position[index] - option[index])
        return "no change"

    @staticmethod
    def _text(step: int, moved: int) -> str:
        coins = "coin" if moved == 1 else "coins"
        where = "off the staircase" if step == 1 else f"to step {step - 1}"
        return f"move {moved} {coins} from step {step} {where}"

    def canonical(self, position: tuple[int, ...]) -> tuple[int, ...]:
        end = len(position)
        while end and not position[end - 1]:
            end -= 1
        return position[:end]

    def from_value(self, value: Any) -> tuple[int, ...]:
        """The coins on steps 1..k, a list of whole numbers (``[]``: no steps)."""
        return read_number_list(
            value,
            "a staircase-nim position is the list of coins on steps 1, 2, ...",
            "the coins on a step are a whole number",
            _coins,
        )
