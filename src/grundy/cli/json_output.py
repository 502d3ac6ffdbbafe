"""The beginning every ``--json`` output of ``solve`` and ``table`` shares, and how a JSON
document is written (whole, or not at all)."""

from __future__ import annotations

import json
from typing import IO, Any

from grundy.games.base import Game
from grundy.solve import Play

__all__ = ["solved_position_json", "table_json", "write_json"]


def write_json(out: IO[str], data: Any) -> None:
    """Write ``data`` as one JSON document, built whole before any of it is written (a
    failure while encoding then leaves nothing half-written on ``out``)."""
    text = json.dumps(data, indent=2)
    out.write(text + "\n")


def solved_position_json(game: Game, position: Any, play: Play) -> dict[str, Any]:
    """How ``grundy solve --json`` begins for every game (Lucky Nim's included): what
    was solved, before what was found."""
    return {
        "game": game.name,
        "params": game.options(),
        "position": game.to_json(position),
        "play": play.value,
    }


def table_json(game: Game, play: Play, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """How ``grundy table --json`` begins for every game, loopy ones included."""
    return {"game": game.name, "params": game.options(), "play": play.value, "rows": rows}
