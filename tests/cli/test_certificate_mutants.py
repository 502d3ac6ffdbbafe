"""Every field of every certificate kind, mutated (issue #34): ``grundy certificate``
prints only what it re-derived, so a mutant is refused (exit 2, one line), found invalid
(exit 1), or accepted with exactly the facts the true certificate printed."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

HUGE = 10**4200

WRITERS = {
    "quotient-every-heap": ["quotient", "subtraction", "--set", "1,2", "--upto", "8"],
    "quotient-wild": ["quotient", "0.07", "--upto", "10"],
    "quotient-grundys-game": ["quotient", "grundys-game", "--upto", "9"],
    "quotient-nim": ["quotient", "nim", "--upto", "4"],
    "periodicity-octal": ["sequence", "kayles", "--upto", "200", "--period"],
    "periodicity-subtraction": [
        "sequence",
        "subtraction",
        "--set",
        "1,3",
        "--upto",
        "30",
        "--period",
    ],
    "grundy-table": ["table", "subtraction", "--set", "1,2", "--max", "4"],
    "grundy-table-sum": ["table", "nim", "--max", "2", "2"],
}


def _other(value: Any) -> Any:
    """Another value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "1" if value else "1"
    if isinstance(value, list):
        return value[:-1] if value else [0]
    if isinstance(value, dict):
        return {}
    return 0


def _replacements(value: Any) -> list[Any]:
    return [_other(value), HUGE, None, "text", [0, 1], -1]


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field, and the first and last items of lists, recursively."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key)
            yield from _paths(value, (*path, key))
    elif isinstance(data, list) and data:
        for index in sorted({0, len(data) - 1}):
            yield (*path, index)
            yield from _paths(data[index], (*path, index))


def _mutants(data: Any) -> Iterator[tuple[str, Any]]:
    for path in _paths(data):
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        for replacement in _replacements(parent[path[-1]]):
            mutant = copy.deepcopy(data)
            holder = mutant
            for step in path[:-1]:
                holder = holder[step]
            holder[path[-1]] = replacement
            yield f"{list(path)} = {str(replacement)[:20]}", mutant
        if isinstance(parent, dict):
            mutant = copy.deepcopy(data)
            holder = mutant
            for step in path[:-1]:
                holder = holder[step]
            del holder[path[-1]]
            yield f"{list(path)} deleted", mutant


@pytest.mark.parametrize("kind", WRITERS)
def test_every_mutant_is_refused_or_prints_the_same_facts(run_cli, tmp_path, kind) -> None:
    path = tmp_path / "certificate.json"
    written = run_cli(*WRITERS[kind], "--certificate", str(path))
    assert written.code == 0, written.err
    true = run_cli("certificate", str(path))
    assert true.code == 0 and true.out.rstrip().endswith(": valid"), true
    data = json.loads(path.read_text())
    wrong = []
    for name, mutant in _mutants(data):
        path.write_text(json.dumps(mutant))
        result = run_cli("certificate", str(path))
        if result.code == 2:
            ok = result.out == "" and result.err.count("\n") == 1
        elif result.code == 1:
            ok = "INVALID" in result.out.splitlines()[0]
        else:
            ok = result.code == 0 and result.out == true.out
        if not ok:
            wrong.append(f"{name}: exit {result.code}, {result.out[:200]!r} {result.err[:200]!r}")
    assert not wrong, "\n".join(wrong[:20])
