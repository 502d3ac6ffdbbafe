"""The search loops inside the induction engines and nim_field's exhaustive check can fail.

tests/verify/test_engine_vacuity.py makes the shared engines vacuous (Z3, check_exhaustive,
random search, certificate checkers).  Some engines search on their own, outside those
boundaries: the birthday induction looks for a game born by day 3 breaking a failed step,
the bit induction lists small values (and asks Z3 at 64 bits) for a failed step and lists
every case of its finite lemmas, the width induction looks for a least counterexample, and
proofs/nim_field.py checks laws on the whole field of 256 nimbers with numpy.  Each is made
vacuous here in turn (the search finds nothing, the listing passes everything), and every
theorem that uses it must have a mutant using it that is then no longer refuted.

Which theorems use which loop is found by spying, so theorems added later are covered.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from grundy.library import CheckSettings, Theorem, check_theorem, load_library
from grundy.verdict import Status, Verdict
from grundy.verify import birthday_induction, bit_induction

# No claim budget and no second solver: each check runs in this process (no budget
# child), where the patched loops live, and each loop is shown able to fail on its own.
SETTINGS = CheckSettings(
    quick=True, random_examples=60, claim_seconds=None, claim_memory=None, second_solver="none"
)


def _finds_nothing(*args: Any, **kwargs: Any) -> None:
    return None


def _lists_nothing_false(lemma: bit_induction.FiniteLemma) -> Verdict:
    return Verdict(Status.PROVED, "exhaustive", "vacuous", cases=0, message="vacuous loop")


def _bytes_never_fail(*args: Any, **kwargs: Any) -> Verdict:
    return Verdict(Status.PROVED, "exhaustive", "vacuous", cases=0, message="vacuous loop")


def _nim_field() -> dict[str, Any]:
    """The namespace of proofs/nim_field.py as the library loaded it."""
    import sys

    return vars(sys.modules["grundy_proofs_nim_field"])


# loop -> (the namespace holding it, its name there, a vacuous stand-in)
LOOPS: dict[str, tuple[Callable[[], Any], str, Callable[..., Any]]] = {
    "birthday search": (lambda: vars(birthday_induction), "_least_counterexample", _finds_nothing),
    "bit-induction search": (lambda: vars(bit_induction), "_counterexample", _finds_nothing),
    "bit-induction listing": (lambda: vars(bit_induction), "prove_finite", _lists_nothing_false),
    "width-induction search": (
        lambda: vars(bit_induction),
        "_least_counterexample",
        _finds_nothing,
    ),
    "nim_field bytes": (_nim_field, "exhaustive_field", _bytes_never_fail),
}


def _relevant(theorem: Theorem) -> bool:
    """The theorems that may reach these loops: unbounded or inductive ones, nim_field's."""
    return (
        "unbounded" in theorem.tags
        or "induction" in theorem.tags
        or "nim-product" in theorem.tags
        or "misere" in theorem.tags
    )


@pytest.fixture(scope="module")
def library() -> list[Theorem]:
    everything = load_library()
    chosen = {t.id for t in everything if t.mutant_of is None and _relevant(t)}
    return [t for t in everything if t.id in chosen or t.mutant_of in chosen]


@contextmanager
def _patched(
    loop: str, stand_in: Callable[[Callable[..., Any]], Callable[..., Any]]
) -> Iterator[None]:
    namespace_of, name, _ = LOOPS[loop]
    namespace = namespace_of()
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(namespace, name, stand_in(namespace[name]))
        yield


@pytest.fixture(scope="module")
def baseline(library: list[Theorem]) -> dict[str, tuple[Status, frozenset[str]]]:
    """Each theorem's status with the real loops, and the loops its check reached."""
    used: dict[str, set[str]] = {t.id: set() for t in library}
    statuses: dict[str, Status] = {}
    running: list[str] = []

    def spy(loop: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
            def called(*args: Any, **kwargs: Any) -> Any:
                used[running[-1]].add(loop)
                return original(*args, **kwargs)

            return called

        return wrap

    with _spying_on_every_loop(spy):
        for theorem in library:
            running.append(theorem.id)
            statuses[theorem.id] = check_theorem(theorem, SETTINGS).verdict.status
            running.pop()
    return {i: (statuses[i], frozenset(used[i])) for i in statuses}


@contextmanager
def _spying_on_every_loop(spy: Callable[[str], Any]) -> Iterator[None]:
    with (
        _patched("birthday search", spy("birthday search")),
        _patched("bit-induction search", spy("bit-induction search")),
        _patched("bit-induction listing", spy("bit-induction listing")),
        _patched("width-induction search", spy("width-induction search")),
        _patched("nim_field bytes", spy("nim_field bytes")),
    ):
        yield


def _still_refuted(mutant: Theorem) -> bool:
    try:
        return check_theorem(mutant, SETTINGS).verdict.status is Status.REFUTED
    except Exception:  # a check that breaks down has not refuted anything
        return False


@pytest.mark.slow
@pytest.mark.parametrize("loop", list(LOOPS))
def test_a_vacuous_loop_flips_a_mutant_of_every_theorem_using_it(
    loop: str, library: list[Theorem], baseline: dict[str, tuple[Status, frozenset[str]]]
) -> None:
    mutants: dict[str, list[Theorem]] = {}
    for theorem in library:
        if theorem.mutant_of is not None:
            mutants.setdefault(theorem.mutant_of, []).append(theorem)
    # a search for counterexamples runs only when a step fails: mutants reach it
    reaching = {t.id for t in library if loop in baseline[t.id][1]} | {
        t.mutant_of for t in library if t.mutant_of and loop in baseline[t.id][1]
    }
    users = [t for t in library if t.mutant_of is None and t.id in reaching]
    assert users, f"no theorem reaches the {loop}: the spy is not where the loop is"
    unflipped = []
    with _patched(loop, lambda original: LOOPS[loop][2]):
        for theorem in users:
            candidates = [
                m
                for m in mutants.get(theorem.id, [])
                if loop in baseline[m.id][1] and baseline[m.id][0] is Status.REFUTED
            ]
            if not any(not _still_refuted(m) for m in candidates):
                unflipped.append(theorem.id)
    assert unflipped == [], unflipped


@pytest.mark.slow
def test_the_theorems_are_as_expected_with_the_real_loops(
    library: list[Theorem], baseline: dict[str, tuple[Status, frozenset[str]]]
) -> None:
    # the premise of the flips above: the mutants were refuted to begin with
    assert [t.id for t in library if t.mutant_of and baseline[t.id][0] is not Status.REFUTED] == []
