"""An independent checker for Grundy-table certificates.

It trusts nothing but the game's rules (its moves, canonical form and split into parts):
it does not import the solver.  A table passes when:

* it states what it covers (``covers``, at least one position) and lists every atomic
  part of those positions;
* for every listed position with value ``g``, each witness is a real option of value
  ``0, 1, .., g-1`` in turn and no option at all has value ``g``; option values are looked
  up in the table (a sum of parts by nim-sum, the Sprague-Grundy sum rule), so an option
  whose parts are not all listed is a problem too.

Since the games are finite, a table consistent at every position it lists is correct, by
induction on the length of the longest play; being closed under moves and listing the
covered positions, it holds every position reachable from them.

The work is bounded by the certificate: options are read lazily and the first one whose
parts are not listed ends the check of its position (a few bytes claiming a heap of
10^12 fail at once, without listing 10^12 options), and ``budget`` bounds the time.

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

from grundy.budget import Budget, Meter
from grundy.errors import GrundyError, SearchLimitError, brief
from grundy.games import Game, create_game

__all__ = ["CHECK_BUDGET", "TableCheck", "check_grundy_table"]

MAX_PROBLEMS = 20

CHECK_BUDGET = Budget(seconds=300.0)
"""How long the checker may work on one certificate before it gives up."""

_METER_STRIDE = 1023  # the budget is consulted every 1,024 options


@dataclass(frozen=True, slots=True)
class TableCheck:
    """What the checker found: ``ok`` only when there were no problems at all.

    ``game`` is the certificate's game as the command line writes it (with its options,
    e.g. ``subtraction --set 1,2``), or ``""`` when it could not be built; ``covers`` is
    how many positions the certificate says it covers.
    """

    entries: int
    problems: tuple[str, ...]
    game: str = ""
    covers: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


class _Invalid(Exception):
    pass


def check_grundy_table(data: Mapping[str, Any], budget: Budget = CHECK_BUDGET) -> TableCheck:
    """Re-verify a certificate written by :func:`grundy_table_certificate`."""
    try:
        game, entries, covers = _read(data)
    except _Invalid as exc:
        return TableCheck(0, (str(exc),))
    meter = budget.start()
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
            shown = brief(raw["position"])
            problems.append(f"position {shown} is listed twice with different values")
        table[key] = value
        positions.append((raw["position"], position, value, witnesses))
    problems.extend(_check_covers(game, table, covers))
    try:
        for shown, position, value, witnesses in positions:
            if len(problems) >= MAX_PROBLEMS:
                break
            problems.extend(_check_position(game, table, shown, position, value, witnesses, meter))
        if not problems:
            problems.extend(_check_reached(game, table, covers, meter))
    except SearchLimitError as exc:
        problems.append(f"the check stopped: {exc}; nothing is certified")
    return TableCheck(len(positions), tuple(problems[:MAX_PROBLEMS]), game.label, len(covers))


def _read(data: Mapping[str, Any]) -> tuple[Game, list[Any], list[Any]]:
    if not isinstance(data, Mapping) or data.get("certificate") != "grundy-table":
        raise _Invalid("not a Grundy-table certificate (its 'certificate' field is missing)")
    version = data.get("version")
    if version == 1:
        raise _Invalid(
            "version 1 certificates do not say which positions they cover; write it again "
            "with this grundy (solve/table ... --certificate FILE)"
        )
    if version != 2:
        raise _Invalid(f"unsupported certificate version {brief(version)}")
    params = data.get("params") or {}
    if not isinstance(params, Mapping):
        raise _Invalid(f"the certificate's params must be a table, got {brief(params)}")
    try:
        game = create_game(str(data.get("game"))[:100], params)
    except GrundyError as exc:
        raise _Invalid(f"the certificate's game cannot be built: {exc}") from None
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise _Invalid("the certificate has no list of entries")
    if not entries:
        raise _Invalid("the certificate lists no positions, so it certifies nothing")
    covers = data.get("covers")
    if not isinstance(covers, list) or not covers:
        raise _Invalid("the certificate does not say which positions it covers ('covers')")
    return game, entries, covers


def _entry(game: Game, raw: Any) -> tuple[Any, int, list[Any]]:
    if not isinstance(raw, Mapping) or not {"position", "grundy", "witnesses"} <= set(raw):
        raise _Invalid(f"malformed entry {brief(raw)}")
    value = raw["grundy"]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _Invalid(f"position {brief(raw['position'])}: bad value {brief(value)}")
    witnesses = raw["witnesses"]
    if not isinstance(witnesses, list):
        raise _Invalid(f"position {brief(raw['position'])}: witnesses must be a list")
    return game.from_value(raw["position"]), value, witnesses


def _check_covers(game: Game, table: Mapping[Hashable, int], covers: list[Any]) -> list[str]:
    """Every covered position must be listed (through its atomic parts)."""
    for raw in covers:
        try:
            _value(game, table, game.from_value(raw))
        except (_Invalid, GrundyError) as exc:
            return [f"covered position {brief(raw)}: {exc}"]
    return []


def _check_reached(
    game: Game, table: Mapping[Hashable, int], covers: list[Any], meter: Meter
) -> list[str]:
    """Every listed position is reached from what the certificate covers, so the count
    of covered positions shown is the table's own scope, not a number read on trust."""
    seen: set[Hashable] = set()
    queue: list[Any] = []

    def add(position: Any) -> None:
        for part in _parts(game, position):
            key = game.canonical(part)
            if key not in seen:
                seen.add(key)
                queue.append(part)

    for raw in covers:
        add(game.from_value(raw))
    for count, position in enumerate(queue):
        if not count & _METER_STRIDE:
            meter.check()
        for option in game.moves(position):
            add(option)
    unreached = [key for key in table if key not in seen]
    if unreached:
        return [
            f"{len(unreached):,} listed positions are not reached from the covered ones "
            "(the certificate covers less than it lists)"
        ]
    return []


def _parts(game: Game, position: Any) -> Iterator[Any]:
    parts = game.components(position)
    if parts is None:
        yield position
        return
    for part_game, part in parts:
        if part_game != game:
            raise _Invalid(f"a part of {brief(game.format(position))} is in another game")
        yield from _parts(game, part)


def _value(game: Game, table: Mapping[Hashable, int], position: Any) -> int:
    total = 0
    for part in _parts(game, position):
        key = game.canonical(part)
        if key not in table:
            raise _Invalid(f"{brief(game.to_json(part))} is reached but not listed")
        total ^= table[key]
    return total


def _check_position(
    game: Game,
    table: Mapping[Hashable, int],
    shown: Any,
    position: Any,
    value: int,
    witnesses: list[Any],
    meter: Meter,
) -> list[str]:
    where = f"position {brief(shown)}"
    if len(witnesses) != value:
        shown_value = brief(value)
        return [f"{where}: value {shown_value} needs {shown_value} witnesses, got {len(witnesses)}"]
    try:
        # Options one at a time: each must be valued from listed parts, or the check of
        # this position ends there (the work stays within what the table lists).
        options: set[Hashable] = set()
        for count, option in enumerate(game.moves(position)):
            if not count & _METER_STRIDE:
                meter.check()
            if _value(game, table, option) == value:
                return [
                    f"{where}: option {brief(game.to_json(option))} also has value {brief(value)}"
                ]
            options.add(game.canonical(option))
        for wanted, raw in enumerate(witnesses):
            witness = game.from_value(raw)
            if game.canonical(witness) not in options:
                return [f"{where}: witness {brief(raw)} is not an option"]
            found = _value(game, table, witness)
            if found != wanted:
                return [
                    f"{where}: a witness for value {wanted} is {brief(raw)}, "
                    f"whose value is {brief(found)}"
                ]
    except SearchLimitError:
        raise
    except (_Invalid, GrundyError) as exc:  # GrundyError: a witness the game refuses
        return [f"{where}: {exc}"]
    return []
