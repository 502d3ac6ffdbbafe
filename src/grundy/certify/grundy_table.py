"""Grundy tables as certificates: values with the witnesses that justify them.

A certificate lists positions with their Grundy values and, for each value ``g``, one
option of every smaller value (the witnesses that ``0 .. g-1`` occur among the options).
It is closed under moves: every option of a listed position is listed too, or splits into
listed parts (a disjunctive sum, valued by nim-sum).  It states what it covers
(``covers``: the atomic parts of the positions it was made for), so a checker can tell a
complete table from a truncated one that happens to be closed.  :mod:`grundy.certify.table_check`
re-verifies such a table from the game's rules alone, without the solver.

>>> from grundy.games import SubtractionGame
>>> data = grundy_table_certificate(SubtractionGame([1, 2]), [(4,)])
>>> [(entry["position"], entry["grundy"]) for entry in data["entries"]]
[([4], 1), ([3], 0), ([2], 2), ([1], 1), ([0], 0)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from grundy.errors import SearchLimitError
from grundy.games.base import Game
from grundy.solve.solver import Solver

__all__ = ["CERTIFICATE_KIND", "CERTIFICATE_VERSION", "atomic_parts", "grundy_table_certificate"]

CERTIFICATE_KIND = "grundy-table"
CERTIFICATE_VERSION = 2  # 2 added "covers"


def atomic_parts(game: Game, position: Any) -> Iterator[tuple[Game, Any]]:
    """The parts of ``position`` that do not split further, as (game, position) pairs."""
    parts = game.components(position)
    if parts is None:
        yield game, position
        return
    for part_game, part in parts:
        yield from atomic_parts(part_game, part)


def grundy_table_certificate(
    game: Game,
    positions: Iterable[Any],
    solver: Solver | None = None,
    limit: int = 2_000_000,
) -> dict[str, Any]:
    """A certificate for the Grundy values of ``positions`` and everything below them.

    Only positions of ``game`` itself are listed (parts in another game, as in a sum of
    different games, are outside what a single table can certify and are refused).
    """
    solver = solver or Solver(game)
    entries: list[dict[str, Any]] = []
    seen: set[Hashable] = set()
    queue: deque[Any] = deque()

    def enqueue(position: Any) -> None:
        for part_game, part in atomic_parts(game, position):
            if part_game != game:
                raise SearchLimitError(
                    f"{game.label}: a certificate covers one game, but this position has a "
                    f"part in {part_game.label}"
                )
            key = game.canonical(part)
            if key not in seen:
                seen.add(key)
                queue.append(part)

    for position in positions:
        enqueue(position)
    covers = [game.to_json(part) for part in queue]
    while queue:
        if len(entries) >= limit:
            raise SearchLimitError(
                f"{game.label}: the certificate would list more than {limit:,} positions"
            )
        position = queue.popleft()
        value = solver.grundy_value(position)
        witnesses: dict[int, Any] = {}
        for option in game.moves(position):
            option_value = solver.grundy_value(option)
            if option_value < value and option_value not in witnesses:
                witnesses[option_value] = option
            enqueue(option)
        entries.append(
            {
                "position": game.to_json(position),
                "grundy": value,
                "witnesses": [game.to_json(witnesses[v]) for v in range(value)],
            }
        )
    return {
        "certificate": CERTIFICATE_KIND,
        "version": CERTIFICATE_VERSION,
        "game": game.name,
        "params": game.options(),
        "covers": covers,
        "entries": entries,
    }
