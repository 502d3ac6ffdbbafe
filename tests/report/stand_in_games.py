"""Small stand-ins for catalogue games, so the evidence sections can be tested alone.

They follow the rules of the notes and DESIGN.md but are written for these tests only:
the evidence module is pointed at them with ``monkeypatch`` while the real games are
being added to ``grundy.games``; tests that need a real game use the catalogue.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from grundy.errors import UnknownGameError
from grundy.games import Game, HeapGame


class Kayles(HeapGame):
    """Octal games 0.77 (Kayles) and 0.07 (Dawson's Kayles) by their code."""

    name = "octal"

    def __init__(self, code: str) -> None:
        self.code = code

    def options(self) -> dict[str, Any]:
        return {"code": self.code}

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        digits = self.code.split(".")[1]
        for take, digit in enumerate(digits, start=1):
            value = int(digit)
            for left in range(heap - take + 1):
                right = heap - take - left
                parts = (left, right)
                if value & 1 and left == right == 0:
                    yield ()
                if value & 2 and (left == 0) != (right == 0):
                    yield (left + right,)
                if value & 4 and left and right:
                    yield parts


class GrundysGame(HeapGame):
    name = "grundys-game"

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        for small in range(1, (heap + 1) // 2):
            yield (small, heap - small)


class LuckyNim(HeapGame):
    name = "lucky-nim"

    def __init__(self, m: int, n: int) -> None:
        self.m, self.n = m, n

    def options(self) -> dict[str, Any]:
        return {"m": self.m, "n": self.n}

    def heap_options(self, heap: int) -> Iterator[tuple[int, ...]]:
        for take in range(2 * self.m, 2 * self.n + 1) if heap else ():
            yield (max(heap - take, 0),)


class Wythoff(Game):
    name = "wythoff"

    def moves(self, position: tuple[int, int]) -> Iterator[tuple[int, int]]:
        a, b = position
        for k in range(1, a + 1):
            yield (a - k, b)
        for k in range(1, b + 1):
            yield (a, b - k)
        for k in range(1, min(a, b) + 1):
            yield (a - k, b - k)

    def canonical(self, position: tuple[int, int]) -> Hashable:
        return tuple(sorted(position))

    def from_value(self, value: Any) -> tuple[int, int]:
        a, b = value
        return (a, b)


class Chomp(Game):
    """Rows of squares, row 0 holding the poisoned square, which may not be taken."""

    name = "chomp"

    def moves(self, position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for row, length in enumerate(position):
            for column in range(length):
                if (row, column) == (0, 0):
                    continue
                after = tuple(
                    min(size, column) if r >= row else size for r, size in enumerate(position)
                )
                yield tuple(size for size in after if size)

    def from_value(self, value: Any) -> tuple[int, ...]:
        return tuple(int(v) for v in value if v)


class Hackenbush(Game):
    """Green Hackenbush on fixed edges; a position is the set of edges still there."""

    name = "hackenbush"

    def __init__(self, edges: str) -> None:
        self.edges_text = edges
        self.edges = tuple(tuple(int(v) for v in piece.split("-")) for piece in edges.split(","))

    def options(self) -> dict[str, Any]:
        return {"edges": self.edges_text}

    def start(self) -> frozenset[int]:
        return frozenset(range(len(self.edges)))

    def moves(self, position: frozenset[int]) -> Iterator[frozenset[int]]:
        for edge in sorted(position):
            yield self._grounded(position - {edge})

    def _grounded(self, position: frozenset[int]) -> frozenset[int]:
        reached, changed = {0}, True
        while changed:
            changed = False
            for index in position:
                u, v = self.edges[index]
                if (u in reached) != (v in reached):
                    reached |= {u, v}
                    changed = True
        return frozenset(i for i in position if self.edges[i][0] in reached)

    def from_value(self, value: Any) -> frozenset[int]:
        return frozenset(value)


def create_stand_in(name: str, params: dict[str, Any] | None = None) -> Game:
    params = params or {}
    if name == "kayles":
        return Kayles("0.77")
    if name == "dawsons-kayles":
        return Kayles("0.07")
    if name == "grundys-game":
        return GrundysGame()
    if name == "lucky-nim":
        return LuckyNim(params["m"], params["n"])
    if name == "wythoff":
        return Wythoff()
    if name == "chomp":
        return Chomp()
    if name == "hackenbush":
        return Hackenbush(params["edges"])
    from grundy.games import create_game

    return create_game(name, params)


def find_stand_in(name: str) -> object:
    known = {"kayles", "dawsons-kayles", "grundys-game", "lucky-nim", "wythoff", "chomp"}
    if name in known | {"hackenbush"}:
        return name
    raise UnknownGameError(f"unknown game {name!r}")
