"""proofs/strategies.py and proofs/labelling_rules.py, with quick settings: theorems hold,
mutants are refuted at the stated counterexample, and a catalogue game without a
labelling domain makes the theorem fail loudly."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

from grundy.games.nim import Nim
from grundy.library import CheckSettings, TheoremResult, check_theorem, load_library
from grundy.verdict import Status

PROOFS = Path(__file__).resolve().parents[2] / "proofs"
QUICK = CheckSettings(quick=True, random_examples=100)
# The module, not the function of the same name that grundy.games exports.
catalogue_module = importlib.import_module("grundy.games.catalogue")


@pytest.fixture(scope="module")
def results() -> dict[str, TheoremResult]:
    theorems = load_library([PROOFS / "strategies.py", PROOFS / "labelling_rules.py"])
    return {t.id: check_theorem(t, QUICK) for t in theorems}


def test_every_theorem_and_mutant_comes_out_as_expected(
    results: dict[str, TheoremResult],
) -> None:
    assert {i: r.verdict.status for i, r in results.items() if not r.as_expected} == {}
    for result in results.values():
        assert result.theorem.source and result.theorem.tags and result.theorem.latex
    mutated = {r.theorem.mutant_of for r in results.values() if r.theorem.is_mutant}
    assert mutated == {
        "nim-two-pile-mirroring",
        "tweedledum-tweedledee",
        "labelling-rules-every-game",
    }


def test_strategy_theorems_say_strategy_in_their_method(
    results: dict[str, TheoremResult],
) -> None:
    for name in ["nim-two-pile-mirroring", "tweedledum-tweedledee"]:
        assert "strategy" in results[name].verdict.method
        assert results[name].verdict.status is Status.PROVED


def test_mirroring_mutant_fails_on_one_one(results: dict[str, TheoremResult]) -> None:
    example = results["nim-two-pile-mirroring-first-player"].verdict.counterexample
    assert example is not None
    assert (example["a"], example["b"], example["position"]) == (1, 1, [1, 1])
    assert example["failing line"] == ["(1,1)"]


def test_copying_mutant_is_refuted_on_kayles_rows_of_equal_value(
    results: dict[str, TheoremResult],
) -> None:
    example = results["tweedledum-copy-different-games"].verdict.counterexample
    assert example is not None
    # Kayles rows 1 and 4 both have value 1: the sum is P, but copying cannot answer.
    assert example["position"] == [1, 4] and example["grundy values"] == [1, 1]
    assert example["failing line"][0] == "(1) + (4)"
    graphs = results["tweedledum-copy-any-graph-sum"].verdict
    assert graphs.status is Status.REFUTED and graphs.counterexample is not None
    assert graphs.counterexample["node"] != graphs.counterexample["other"]


def test_labelling_mutants_are_refuted_at_small_nim_positions(
    results: dict[str, TheoremResult],
) -> None:
    terminal = results["labelling-terminal-is-n"].verdict.counterexample
    assert terminal is not None
    assert (terminal["game"], terminal["position"], terminal["label by the rules"]) == (
        "nim",
        [0, 0, 0],
        "P",
    )
    move_to_n = results["labelling-move-to-n-means-n"].verdict.counterexample
    assert move_to_n is not None
    assert move_to_n["solver outcome"] == "P"
    assert all(move.endswith(": N") for move in move_to_n["moves"])


def test_labelling_covers_every_catalogue_game(results: dict[str, TheoremResult]) -> None:
    verdict = results["labelling-rules-every-game"].verdict
    exhaustive = verdict.parts[0]
    assert exhaustive.details["positions"] == exhaustive.cases
    module = sys.modules["grundy_proofs_labelling_rules"]
    with_moves = {e.name for e in catalogue_module.catalogue() if module._finite(e.game_class)}
    assert set(module.DOMAINS) == with_moves
    assert "lucky-nim" not in with_moves  # simultaneous turns: no moves to label
    assert "fair-shares" not in with_moves  # loopy: draws are outside the P/N rules


def test_a_catalogue_game_without_a_domain_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    (theorem,) = [
        t
        for t in load_library([PROOFS / "labelling_rules.py"])
        if t.id == "labelling-rules-every-game"
    ]
    entries: dict[str, Any] = dict(catalogue_module._ENTRIES)
    entries["nim-again"] = catalogue_module.GameEntry("nim-again", Nim)
    monkeypatch.setattr(catalogue_module, "_ENTRIES", entries)
    result = check_theorem(theorem, QUICK)
    assert result.verdict.status is Status.ERROR
    assert "nim-again" in result.verdict.message
    assert not result.as_expected


def test_verify_command_runs_a_strategy_theorem(run_cli: Any) -> None:
    result = run_cli("verify", "nim-two-pile-mirroring", "--quick", "--json")
    assert result.code == 0
    statuses = {claim["id"]: claim["status"] for claim in result.json()["claims"]}
    assert statuses == {
        "nim-two-pile-mirroring": "checked",
        "nim-two-pile-mirroring-first-player": "refuted",
    }


def test_verify_command_rejects_an_unknown_strategy_id(run_cli: Any) -> None:
    result = run_cli("verify", "nim-two-pile-mirorring", "--quick")
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err
