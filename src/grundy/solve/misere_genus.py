"""Conway's genus of the heaps of a heap game.

The genus of a game G is written g^(γ0 γ1 γ2 ...): g is G's normal-play Grundy value,
γ0 its misère Grundy value, and γk the misère Grundy value of G plus k nim-heaps of size
2.  The misère Grundy value of a game with no move is 1, and otherwise the mex of its
options' values (so it is 0 exactly for misère P-positions).  Conway showed the sequence
of γk is eventually periodic with period 2; it is written up to where it starts to
alternate, the last two values repeating.  We compute γ0..γ(k_max) and say so when the
alternation is not seen within them.

>>> from grundy.games.nim import Nim
>>> [genus_text(g) for g in genus_sequence(Nim(), 3)]
['0^120', '1^031', '2^20', '3^31']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from grundy.solve.misere_outcomes import HeapRules, merge

__all__ = ["Genus", "genus_sequence", "genus_text"]

TWOS = 8
"""γ0..γ8 are computed: G with up to 8 extra nim-heaps of size 2."""


@dataclass(frozen=True, slots=True)
class Genus:
    """A genus: the normal value and the misère values γ0..γk (``settled`` when the last
    values alternate, so the written symbol is the usual finite one)."""

    normal: int
    gammas: tuple[int, ...]
    settled: bool


def _mex(values: set[int]) -> int:
    value = 0
    while value in values:
        value += 1
    return value


def genus_sequence(game: Any, upto: int, twos: int = TWOS) -> tuple[Genus, ...]:
    """The genus of each heap ``0..upto`` of a heap game."""
    rules = HeapRules.of(game, upto)

    normal: list[int] = []
    for moves in rules.options:
        values = set()
        for option in moves:
            value = 0
            for heap in option:
                value ^= normal[heap]
            values.add(value)
        normal.append(_mex(values))

    @cache
    def misere(position: tuple[int, ...], twos: int, ones: int) -> int:
        values: set[int] = set()
        for index, heap in enumerate(position):
            if index and position[index - 1] == heap:
                continue
            rest = position[:index] + position[index + 1 :]
            values.update(misere(merge(rest, option), twos, ones) for option in rules.options[heap])
        if twos:
            values.add(misere(position, twos - 1, ones + 1))
            values.add(misere(position, twos - 1, ones))
        if ones:
            values.add(misere(position, twos, ones - 1))
        if not position and not twos and not ones:
            return 1
        return _mex(values)

    found = []
    for heap in range(upto + 1):
        start = (heap,) if rules.options[heap] else ()
        gammas = tuple(misere(start, k, 0) for k in range(twos + 1))
        found.append(Genus(normal[heap], gammas, _settled_length(gammas) is not None))
    misere.cache_clear()
    return tuple(found)


def _settled_length(gammas: tuple[int, ...]) -> int | None:
    """How many γ's the symbol shows: up to the point from which they alternate."""
    for length in range(2, len(gammas) - 1):
        if all(gammas[i] == gammas[i - 2] for i in range(length, len(gammas))):
            return length
    return None


def genus_text(genus: Genus) -> str:
    """The genus symbol, e.g. ``0^120``; ``...?`` when γ's have not settled in time."""
    shown = _settled_length(genus.gammas)
    gammas = genus.gammas[: shown or len(genus.gammas)]
    text = ",".join(map(str, gammas)) if any(g > 9 for g in gammas) else "".join(map(str, gammas))
    return f"{genus.normal}^{text}" + ("" if shown else "...?")
