"""A user's game whose moves form cycles, as a file a user would load with --games."""

from __future__ import annotations

from pathlib import Path

UP_DOWN = '''
from grundy.games.base import HeapGame


class UpDown(HeapGame):
    """Take 1 or 2 from a heap, or add 1 to a heap of at most 2: play may cycle."""

    name = "up-down"

    def heap_options(self, heap):
        for take in (1, 2):
            if take <= heap:
                yield (heap - take,)
        if heap <= 2:
            yield (heap + 1,)


class Ring(HeapGame):
    """A heap of 1 to 3 may become the next one round a ring 1 -> 2 -> 3 -> 1, and a heap
    of 3 may also be emptied."""

    name = "ring"

    def heap_options(self, heap):
        if 1 <= heap <= 3:
            yield (heap % 3 + 1,)
        if heap == 3:
            yield (0,)


class Grow(HeapGame):
    """A heap may lose a coin, or split off a new heap of 1 while keeping its size: the
    positions grow for ever (and a heap comes back inside a larger position)."""

    name = "grow"

    def heap_options(self, heap):
        if heap:
            yield (heap - 1,)
            yield (heap, 1)


GAMES = [UpDown, Ring, Grow]
'''


def write_cycle_games(folder: Path) -> str:
    path = folder / "cycles.py"
    path.write_text(UP_DOWN)
    return str(path)
