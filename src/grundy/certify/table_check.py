"""An independent checker for Grundy-table certificates.

It trusts nothing but the game's rules (its moves, canonical form and split into parts):
it does not import the solver.  A table passes when, for every listed position with value
``g``, each witness is a real option of value ``0, 1, .., g-1`` in turn and no option at all
has value ``g``; option values are looked up in the table (a sum of parts by nim-sum, the
Sprague-Grundy sum rule).  Since the games are finite, a table consistent at every
position it lists is correct, by induction on the length of the longest play.

>>> from grundy.games import SubtractionGame
>>> from grundy.certify.grundy_table import grundy_table_certificate
>>> data = grundy_table_certificate(SubtractionGame([1, 2]), [(6,)])
>>> check_grundy_table(data).ok
True
>>> data["entries"][0]["grundy"] = 1
>>> check_grundy_table(data).problems[0]
'position [6]: value 1 needs 1 witnesses, got 0'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from grundy.errors import GrundyError
from grundy.games import Game, create_game

__all__ = ["TableCheck", "check_grundy_table"]

MAX_PROBLEMS = 20


@dataclass(frozen=True, slots=True)
class TableCheck:
    """What the checker found: ``ok`` only when there were no problems at all."""

    entries: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


class _Invalid(Exception):
    pass


def check_grundy_table(data: Mapping[str, Any]) -> TableCheck:
    """Re-verify a certificate written by :func:`grundy_table_certificate`."""
    try:
        game, entries = _read(data)
    except _Invalid as exc:
        return TableCheck(0, (str(exc),))
    table: dict[Hashable, int] = {}
    positions: list[tuple[Any, Any, int, list[Any]]] = []
    problems: list[str] = []
    for raw in entries:
        try:
            position, value, witnesses = _entry(game, raw)
        except (_Invalid, GrundyError) as exc:
            problems.append(str(exc))
            continue
        key = game.canonical(position)
        if key in table and table[key] != value:
            problems.append(f"position {raw['position']} is listed twice with different values")
        table[key] = value
        positions.append((raw["position"], position, value, witnesses))
    for shown, position, value, witnesses in positions:
        if len(problems) >= MAX_PROBLEMS:
            break
        problems.extend(_check_position(game, table, shown, position, value, witnesses))
    return TableCheck(len(positions), tuple(problems[:MAX_PROBLEMS]))


def _read(data: Mapping[str, Any]) -> tuple[Game, list[Any]]:
    if not isinstance(data, Mapping) or data.get("certificate") != "grundy-table":
        raise _Invalid("not a Grundy-table certificate (its 'certificate' field is missing)")
    if data.get("version") != 1:
        raise _Invalid(f"unsupported certificate version {data.get('version')!r}")
    try:
        game = create_game(str(data.get("game")), data.get("params") or {})
    except GrundyError as exc:
        raise _Invalid(f"the certificate's game cannot be built: {exc}") from None
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise _Invalid("the certificate has no list of entries")
    return game, entries


def _entry(game: Game, raw: Any) -> tuple[Any, int, list[Any]]:
    if not isinstance(raw, Mapping) or not {"position", "grundy", "witnesses"} <= set(raw):
        raise _Invalid(f"malformed entry {raw!r}")
    value = raw["grundy"]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _Invalid(f"position {raw['position']}: bad value {value!r}")
    witnesses = raw["witnesses"]
    if not isinstance(witnesses, list):
        raise _Invalid(f"position {raw['position']}: witnesses must be a list")
    return game.from_value(raw["position"]), value, witnesses


def _parts(game: Game, position: Any) -> Iterator[Any]:
    parts = game.components(position)
    if parts is None:
        yield position
        return
    for part_game, part in parts:
        if part_game != game:
            raise _Invalid(f"a part of {game.format(position)} is in another game")
        yield from _parts(game, part)


def _value(game: Game, table: Mapping[Hashable, int], position: Any) -> int:
    total = 0
    for part in _parts(game, position):
        key = game.canonical(part)
        if key not in table:
            raise _Invalid(f"{game.to_json(part)} is reached but not listed")
        total ^= table[key]
    return total


def _check_position(
    game: Game,
    table: Mapping[Hashable, int],
    shown: Any,
    position: Any,
    value: int,
    witnesses: list[Any],
) -> list[str]:
    where = f"position {shown}"
    try:
        options = {game.canonical(option): option for option in game.moves(position)}
        if len(witnesses) != value:
            return [f"{where}: value {value} needs {value} witnesses, got {len(witnesses)}"]
        for wanted, raw in enumerate(witnesses):
            witness = game.from_value(raw)
            if game.canonical(witness) not in options:
                return [f"{where}: witness {raw} is not an option"]
            found = _value(game, table, witness)
            if found != wanted:
                return [f"{where}: a witness for value {wanted} is {raw}, whose value is {found}"]
        for option in options.values():
            if _value(game, table, option) == value:
                return [f"{where}: option {game.to_json(option)} also has value {value}"]
    except (_Invalid, GrundyError) as exc:
        return [f"{where}: {exc}"]
    return []
