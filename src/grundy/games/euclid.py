"""Euclid's game: subtract a positive multiple of the smaller number from the larger."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from grundy.errors import InvalidPositionError
from grundy.games.two_numbers import TwoNumberGame, check_two_heaps

__all__ = ["Euclid", "euclid_first_player_wins", "euclid_grundy"]


def euclid_first_player_wins(a: int, b: int) -> bool:
    """The classical answer for positive ``a, b``: the player to move wins exactly when the
    larger over the smaller is a whole number or exceeds the golden ratio ``phi``.

    Exact: with ``a <= b``, ``b / a > phi`` iff ``2b - a > a sqrt(5)`` iff
    ``2b - a > 0`` and ``(2b - a)^2 > 5 a^2`` (equality is impossible, sqrt(5) is irrational).

    >>> [euclid_first_player_wins(3, b) for b in (4, 5, 6, 7)]
    [False, True, True, True]
    """
    if a <= 0 or b <= 0:
        raise ValueError(f"Euclid's game is played on positive numbers, got ({a}, {b})")
    small, large = min(a, b), max(a, b)
    if large % small == 0:
        return True
    excess = 2 * large - small
    return excess > 0 and excess * excess > 5 * small * small


def euclid_grundy(a: int, b: int) -> int:
    """The Grundy value of the Euclid position ``(a, b)``, in as many steps as Euclid's
    algorithm takes.

    Write the larger number as ``t s + r`` (``s`` the smaller, ``0 <= r < s``).  The
    positions ``(s, r + j s)`` for ``j = 1..t`` form a chain: each may move to any lower
    one, or to ``(r, s)`` (subtracting the largest multiple).  So with ``g = G(r, s)`` the
    chain's values are the mex of ``{g}`` and the values below it: ``0, 1, 2, ...`` with
    ``g`` skipped, which gives ``G(s, t s + r) = t - 1`` if ``t - 1 < g`` and ``t``
    otherwise.  A position holding a 0 is terminal (value 0).  The tests check this
    against the plain search.

    >>> [euclid_grundy(1, k) for k in range(1, 5)], euclid_grundy(3, 5), euclid_grundy(5, 8)
    ([1, 2, 3, 4], 1, 0)
    """
    if a < 0 or b < 0:
        raise ValueError(f"Euclid positions hold non-negative numbers, got ({a}, {b})")
    chain = []
    small, large = min(a, b), max(a, b)
    while small:
        chain.append(large // small)
        small, large = large % small, small
    value = 0  # the terminal position at the bottom of the chain
    for times in reversed(chain):
        value = times - 1 if times - 1 < value else times
    return value


class Euclid(TwoNumberGame):
    """Euclid's game on two numbers ``(a, b)``.

    The game starts from two positive integers.  A move subtracts a positive multiple of the
    smaller number from the larger one, keeping it non-negative; the player who makes a 0
    wins, so a position holding a 0 is terminal (the player to move there has lost).  With
    equal numbers the only move is to subtract one from the other, reaching 0.

    >>> sorted(Euclid().moves((3, 7)))
    [(1, 3), (3, 4)]
    """

    name = "euclid"
    summary = "two positive numbers: subtract a multiple of the smaller from the larger"
    position_help = "two positive integers a b"
    least = 1
    called = "Euclid's game"

    def labelled_moves(self, position: tuple[int, int]) -> Iterator[tuple[tuple[int, int], str]]:
        small, large = sorted(position)
        if small == 0:
            return  # someone has already made a 0: the game is over
        for times in range(1, large // small + 1):
            left = large - times * small
            yield (min(small, left), max(small, left)), self._text(small, large, times)

    def describe_move(self, position: tuple[int, int], option: Any) -> str:
        small, large = sorted(position)
        left = sum(option) - small
        return self._text(small, large, (large - left) // small)

    @staticmethod
    def _text(small: int, large: int, times: int) -> str:
        left = large - times * small
        return f"subtract {times} x {small} from {large} ({large} -> {left})"

    def known_grundy(self, position: tuple[int, int]) -> int | None:
        return euclid_grundy(*position)

    def moves_to_value(
        self, position: tuple[int, int], target: int
    ) -> list[tuple[int, int]] | None:
        """The option of value ``target``, read off the chain of :func:`euclid_grundy`."""
        small, large = sorted(position)
        if small == 0:
            return []
        times, rest = divmod(large, small)
        bottom = euclid_grundy(rest, small)
        if target == bottom:
            step = 0  # subtract the largest multiple, leaving (rest, small)
        else:
            step = target + 1 if target < bottom else target  # the chain's j with G = target
            if not 1 <= step <= times - 1:
                return []
        left = rest + step * small
        return [(min(small, left), max(small, left))]

    def canonical(self, position: tuple[int, int]) -> tuple[int, int]:
        small, large = sorted(position)
        # Dividing out a common factor changes no move's shape, so scaled pairs coincide.
        common = math.gcd(small, large) or 1
        return small // common, large // common

    def check_position(self, position: Any) -> tuple[int, int]:
        """Two positive numbers, or a finished game ``(0, n)`` with ``n > 0``: play reaches
        those (they are options of ``(n, n)``), and they are terminal, of value 0."""
        first, second = check_two_heaps(self.called, position)
        if first == second == 0:
            raise InvalidPositionError("Euclid's game: (0, 0) is not a position (no move makes it)")
        return first, second
