"""nim-square-roots by the tower induction (proofs/nim_field.py): five facts about the
product carried from single bits up to 32, one query per fact and width.  Each step can
fail (a tower that forgets a cross term is not carried up); when a step is not proved
the query for the whole width decides."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest
import z3

from grundy.library import CheckSettings, check_theorem, load_library
from grundy.verdict import Status

PROOFS = Path(__file__).resolve().parents[2] / "proofs"
QUICK = CheckSettings(quick=True, random_examples=200)


@pytest.fixture(scope="module")
def theorems():
    return {t.id: t for t in load_library([PROOFS / "nim_field.py"])}


def _module() -> ModuleType:
    return sys.modules["grundy_proofs_nim_field"]


def _valid(goal: z3.BoolRef) -> bool:
    solver = z3.Solver()
    solver.add(z3.Not(goal))
    return solver.check() == z3.unsat


def test_every_step_is_valid_for_the_tower(theorems) -> None:
    module = _module()
    assert _valid(module._z3_tower_base())
    for width in (2, 4, 8, 16, 32):
        for fact in range(len(module.TOWER_FACTS)):
            assert _valid(module._z3_tower_step(width, fact)), (width, fact)


def _forgets_a_cross_term(a, b, width, below):
    """One level of a tower that leaves a0 ⊗ b1 out of the high half (the library's
    mutant nim-square-roots-one-cross-term, written for Z3)."""
    half = width // 2
    a1, a0 = z3.Extract(width - 1, half, a), z3.Extract(half - 1, 0, a)
    b1, b0 = z3.Extract(width - 1, half, b), z3.Extract(half - 1, 0, b)
    high = below(a1, b1)
    by_half = below(high, z3.BitVecVal(1 << (half - 1), half))
    low = below(a0, b0)
    return z3.Concat(below(a1, b0) ^ high, low ^ by_half)


def test_a_tower_that_forgets_a_cross_term_is_not_carried_up(theorems) -> None:
    module = _module()
    failing = {
        module.TOWER_FACTS[fact]
        for fact in range(len(module.TOWER_FACTS))
        if not _valid(module._z3_tower_step(8, fact, level=_forgets_a_cross_term))
    }
    assert module.TOWER_FACTS[module.ONE_TO_ONE] in failing
    assert module.TOWER_FACTS[module.ADDITIVE] in failing


def test_the_steps_rest_on_the_facts_below(theorems, monkeypatch) -> None:
    """With no fact known of the product below, no step about squares is proved."""
    module = _module()
    monkeypatch.setattr(module, "_tower_fact", _only_at_top(module._tower_fact))
    for fact in (module.ONE_TO_ONE, module.ADDITIVE, module.TOP_ADDITIVE):
        assert not _valid(module._z3_tower_step(8, fact)), fact


def _only_at_top(real):
    """``_tower_fact`` that says nothing of the half-width product (an 8-bit step asks
    the facts of 8-bit nimbers as its goal, of 4-bit ones as what it knows)."""

    def fact(which, times, x, y):
        return real(which, times, x, y) if x.size() == 8 else z3.BoolVal(True)

    return fact


def test_the_proof_is_the_tower_queries(theorems) -> None:
    verdict = check_theorem(theorems["nim-square-roots"], QUICK).verdict
    assert verdict.status is Status.PROVED
    tower = [part for part in verdict.parts if part.method == "z3-tower"]
    assert len(tower) == 1
    assert len(tower[0].parts) == 1 + 4 * 5  # single bits, then 2, 4, 8, 16 bits
    assert all(part.status is Status.PROVED for part in tower[0].parts)
    assert "x, y < 2^16" in tower[0].scope


def test_a_step_not_proved_leaves_the_query_for_the_whole_width(theorems, monkeypatch) -> None:
    module = _module()
    monkeypatch.setattr(module, "_z3_tower_step", lambda width, fact: z3.BoolVal(False))
    verdict = check_theorem(theorems["nim-square-roots"], QUICK).verdict
    assert verdict.status is Status.PROVED
    assert not any(part.method == "z3-tower" for part in verdict.parts)
    whole = [part for part in verdict.parts if part.method == "z3"]
    assert whole and "2^16" in whole[0].scope
    tried = [part.status for part in whole[0].parts]  # the tower's queries, kept
    assert tried[0] is Status.PROVED and tried[-1] is not Status.PROVED
