"""proofs/heap_games.py in quick mode: theorems proved, mutants refuted as stated."""

from pathlib import Path

from grundy.library import CheckSettings, load_library, run_theorems
from grundy.verdict import Status

HEAP_PROOFS = Path(__file__).resolve().parents[2] / "proofs" / "heap_games.py"


def test_heap_game_theorems_quick() -> None:
    theorems = load_library([HEAP_PROOFS])
    results = {r.theorem.id: r for r in run_theorems(theorems, CheckSettings(quick=True))}
    assert all(r.as_expected for r in results.values()), {
        i: r.verdict.message for i, r in results.items() if not r.as_expected
    }
    for certified in ("kayles-period-12", "dawsons-kayles-period-34", "subtraction-sets-periodic"):
        verdict = results[certified].verdict
        assert verdict.status is Status.PROVED and verdict.scope == "unbounded"
        assert "certificate" in verdict.method
    assert results["kayles-period-11"].verdict.counterexample == {
        "n": 71,
        "G(n)": 7,
        "G(n+11)": 2,
    }
    assert results["grundys-game-first-values-swapped"].verdict.counterexample["n"] == 8
    assert results["grundys-game-period-3"].verdict.status is Status.REFUTED
    every = [t for t in theorems if not t.is_mutant]
    assert all(any(m.mutant_of == t.id for m in theorems) for t in every)
