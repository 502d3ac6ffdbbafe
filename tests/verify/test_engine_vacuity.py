"""Every engine path is shown able to fail: each engine is made vacuous in turn (Z3 always
answers ``unsat``; a certificate checker accepts anything; an exhaustive check never fails;
a random search never finds), the whole theorem library is run, and every theorem that
uses that engine must have a mutant whose verdict moves away from ``refuted``.

The test is generic: it loads the library, finds by spying which theorems call which
engine, and patches each engine at its boundary in every loaded module (proofs modules
included), so theorems added later are covered without listing them here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import z3

from grundy.certify import periodicity_check, strategy
from grundy.library import CheckSettings, Theorem, check_theorem, load_library
from grundy.verdict import Status, Verdict
from grundy.verify import exhaustive, random_search

# No claim budget: each check runs in this process (no budget child), where the
# patched engines and their counters live.  No second solver: each engine is shown able
# to fail on its own (cvc5's own lie test is in tests/verify/test_smt_export.py).
SETTINGS = CheckSettings(
    quick=True, random_examples=60, claim_seconds=None, claim_memory=None, second_solver="none"
)

# Known gaps.  These lists may only shrink: a theorem not listed here must pass.
WITHOUT_MUTANT: frozenset[str] = frozenset()
NO_ENGINE_SPECIFIC_MUTANT: dict[str, frozenset[str]] = {}

# -- the engine boundaries ----------------------------------------------------------------------


def _always_unsat(self: z3.Solver, *assumptions: Any) -> z3.CheckSatResult:
    return z3.unsat


def _never_fails(cases: Any, holds: Any, *, scope: str = "", **_: Any) -> Verdict:
    return Verdict(Status.PROVED, "exhaustive", scope, cases=0, message="vacuous engine")


def _never_finds(strategy: Any, holds: Any, *, scope: str = "", method: str = "random", **_: Any):
    return Verdict(Status.UNREFUTED, method, scope, cases=0, message="vacuous engine")


def _accepts_periodicity(certificate: Any) -> periodicity_check.CertificateCheck:
    return periodicity_check.CertificateCheck(True, (), 0)


def _accepts_strategy(*args: Any, **kwargs: Any) -> strategy.StrategyCheck:
    return strategy.StrategyCheck(True, 0)


# Engine name -> the functions at its boundary and their vacuous stand-ins.  Z3 is patched
# on the solver class itself, the one place every query is answered.
FUNCTIONS: dict[str, list[tuple[Callable[..., Any], Callable[..., Any]]]] = {
    "exhaustive": [(exhaustive.check_exhaustive, _never_fails)],
    "random": [(random_search.search_random, _never_finds)],
    "periodicity certificate": [(periodicity_check.check_certificate, _accepts_periodicity)],
    "strategy certificate": [
        (strategy.check_strategy, _accepts_strategy),
        (strategy.check_second_player_strategy, _accepts_strategy),
    ],
}
ENGINES = ["z3", *FUNCTIONS]


def _namespaces() -> Iterator[dict[str, Any]]:
    """The globals of every loaded grundy module and proofs module, and of every check
    of the loaded theorems (in case a proofs module was loaded twice)."""
    for name, module in list(sys.modules.items()):
        if module is not None and name.startswith("grundy"):
            yield vars(module)
    for theorem in _LOADED:
        namespace = getattr(theorem.check, "__globals__", None)
        if namespace is not None:
            yield namespace


_LOADED: list[Theorem] = []


def _replace_everywhere(
    monkeypatch: pytest.MonkeyPatch, original: Callable[..., Any], stand_in: Callable[..., Any]
) -> None:
    """Point every name for ``original`` at ``stand_in``."""
    for namespace in _namespaces():
        for name, value in list(namespace.items()):
            if value is original:
                monkeypatch.setitem(namespace, name, stand_in)


@contextmanager
def _engine(engine: str, stand_in_for: Callable[[Callable[..., Any]], Callable[..., Any]]):
    """Patch ``engine``'s boundary with ``stand_in_for(original)`` for the duration."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        if engine == "z3":
            monkeypatch.setattr(z3.Solver, "check", stand_in_for(z3.Solver.check))
        else:
            for original, _ in FUNCTIONS[engine]:
                _replace_everywhere(monkeypatch, original, stand_in_for(original))
        yield


def _vacuous(engine: str):
    if engine == "z3":
        return _engine(engine, lambda original: _always_unsat)
    stand_ins = dict(FUNCTIONS[engine])
    return _engine(engine, lambda original: stand_ins[original])


# -- running the library -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def library() -> list[Theorem]:
    _LOADED[:] = load_library()
    return list(_LOADED)


@pytest.fixture(scope="module")
def baseline(library: list[Theorem]) -> dict[str, tuple[Status, frozenset[str]]]:
    """Each claim's verdict with the real engines, and the engines its check called."""
    running: list[str] = []
    used: dict[str, set[str]] = {t.id: set() for t in library}

    def spy(engine: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
            def called(*args: Any, **kwargs: Any) -> Any:
                used[running[-1]].add(engine)
                return original(*args, **kwargs)

            return called

        return wrap

    results: dict[str, tuple[Status, frozenset[str]]] = {}
    with _spying(spy):
        for theorem in library:
            running.append(theorem.id)
            verdict = check_theorem(theorem, SETTINGS).verdict
            results[theorem.id] = (verdict.status, frozenset())
            running.pop()
    return {i: (status, frozenset(used[i])) for i, (status, _) in results.items()}


@contextmanager
def _spying(spy: Callable[[str], Callable[[Callable[..., Any]], Callable[..., Any]]]):
    with (
        _engine("z3", spy("z3")),
        _engine("exhaustive", spy("exhaustive")),
        _engine("random", spy("random")),
        _engine("periodicity certificate", spy("periodicity certificate")),
        _engine("strategy certificate", spy("strategy certificate")),
    ):
        yield


def _still_refuted(mutant: Theorem) -> bool:
    """Whether ``mutant`` is still refuted.  A check that breaks down with an engine made
    vacuous (an exception other than grundy's own) has not refuted it either."""
    try:
        return check_theorem(mutant, SETTINGS).verdict.status is Status.REFUTED
    except Exception:  # any breakdown counts as "no longer refuted"
        return False


def _mutants(library: list[Theorem]) -> dict[str, list[Theorem]]:
    found: dict[str, list[Theorem]] = {}
    for theorem in library:
        if theorem.mutant_of is not None:
            found.setdefault(theorem.mutant_of, []).append(theorem)
    return found


def test_every_theorem_has_a_mutant(library: list[Theorem]) -> None:
    mutants = _mutants(library)
    lacking = {t.id for t in library if t.mutant_of is None and t.id not in mutants}
    assert lacking <= WITHOUT_MUTANT, sorted(lacking - WITHOUT_MUTANT)


@pytest.mark.slow
def test_every_mutant_is_refuted_with_the_real_engines(library: list[Theorem], baseline) -> None:
    # The premise of the vacuity test: what flips below was refuted to begin with.
    not_refuted = [
        t.id for t in library if t.mutant_of is not None and baseline[t.id][0] is not Status.REFUTED
    ]
    assert not_refuted == []


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
def test_a_vacuous_engine_flips_a_mutant_of_every_theorem_using_it(
    engine: str, library: list[Theorem], baseline
) -> None:
    mutants = _mutants(library)
    users = [t for t in library if t.mutant_of is None and engine in baseline[t.id][1]]
    assert users, f"no theorem uses the {engine} engine: the spy is not at its boundary"
    unflipped = []
    with _vacuous(engine):
        for theorem in users:
            candidates = [m for m in mutants.get(theorem.id, []) if engine in baseline[m.id][1]]
            flipped = [m.id for m in candidates if not _still_refuted(m)]
            if not flipped:
                unflipped.append(theorem.id)
    known = NO_ENGINE_SPECIFIC_MUTANT.get(engine, frozenset())
    assert set(unflipped) <= known, sorted(set(unflipped) - known)
