"""A verdict is a property of its claim, not of what ran before it.

Its ``assumes`` and its message must be the same whatever order the claims of a file are
checked in, on one job or several, and when the claim is checked alone in a fresh
process.  (Once, a refuted Kayles claim named the sum rule, through its counterexample's
re-check, with ``--jobs 2`` and not with ``--jobs 1``.)  Compared: each claim's JSON
without its timings and Z3's resource statistics.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FILES = ["periodic.toml", "bouton.toml", "sums_and_products.toml"]


def _tables(path: Path) -> tuple[str, list[str]]:
    """The text before the first ``[[claim]]`` and each claim's table, as written."""
    text = path.read_text()
    pieces = re.split(r"(?m)^(?=\[\[claim\]\])", text)
    return pieces[0], pieces[1:]


def _write(tmp_path: Path, name: str, head: str, tables: list[str]) -> str:
    path = tmp_path / name
    path.write_text(head + "".join(table.rstrip("\n") + "\n\n" for table in tables))
    return str(path)


def _without_timings(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            key: _without_timings(item)
            for key, item in value.items()
            if key not in ("seconds", "solver")  # wall time; Z3's resource statistics
        }
    if isinstance(value, list):
        return [_without_timings(item) for item in value]
    return value


def _verdicts(run_cli, file: str, *options: str) -> dict[str, Any]:
    result = run_cli("check", file, "--json", "--quick", *options)
    assert result.code in (0, 1), result.err
    return {claim["id"]: _without_timings(claim) for claim in result.json()["claims"]}


@pytest.mark.parametrize("name", FILES)
def test_order_and_jobs_do_not_change_a_verdict(run_cli, tmp_path: Path, name: str) -> None:
    head, tables = _tables(EXAMPLES / name)
    assert len(tables) >= 3
    shuffled = list(tables)
    random.Random(name).shuffle(shuffled)
    runs = {
        "in order": _verdicts(run_cli, str(EXAMPLES / name), "--jobs", "1"),
        "reversed": _verdicts(
            run_cli, _write(tmp_path, "r.toml", head, tables[::-1]), "--jobs", "1"
        ),
        "shuffled": _verdicts(run_cli, _write(tmp_path, "s.toml", head, shuffled), "--jobs", "1"),
        "two jobs": _verdicts(run_cli, str(EXAMPLES / name), "--jobs", "2"),
    }
    reference = runs.pop("in order")
    for label, verdicts in runs.items():
        assert verdicts.keys() == reference.keys()
        for claim_id, verdict in verdicts.items():
            assert verdict == reference[claim_id], (label, claim_id)


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
def test_a_claim_alone_gets_the_verdict_it_gets_in_its_file(tmp_path: Path, name: str) -> None:
    def fresh(file: str) -> dict[str, Any]:  # a new process: nothing ran before
        done = subprocess.run(
            [sys.executable, "-m", "grundy", "check", file, "--json", "--quick", "--jobs", "1"],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode in (0, 1), done.stderr
        claims = json.loads(done.stdout)["claims"]
        return {claim["id"]: _without_timings(claim) for claim in claims}

    head, tables = _tables(EXAMPLES / name)
    in_file = fresh(str(EXAMPLES / name))
    for index, table in enumerate(tables):
        alone = fresh(_write(tmp_path, f"alone-{index}.toml", head, [table]))
        ((claim_id, verdict),) = alone.items()
        assert verdict == in_file[claim_id], claim_id
