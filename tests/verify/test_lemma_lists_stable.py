"""A theorem's verdict names the same solver lemmas whichever theorems ran before it: no
cache shared between theorems (a solver's memo, a cached sequence) may hide one."""

import pytest

from grundy.library import CheckSettings, check_theorem, load_library


def _lemmas_by_theorem(theorems, settings):
    return {
        theorem.id: [a.id for a in check_theorem(theorem, settings).verdict.assumes]
        for theorem in theorems
    }


@pytest.mark.slow
def test_running_the_library_backwards_names_the_same_lemmas():
    # The first pass fills every cache; the second meets them all full, in the other
    # order. A cache that forgets the lemmas behind its answers shows up as a theorem
    # that named a lemma when it filled the cache and none when it read it.
    theorems = load_library()
    # No claim budget: each check runs in this process, so the caches the first pass fills
    # are the ones the second reads (with a budget every check runs in a child of its own,
    # whose caches end with it, and neither pass would meet a cache another theorem filled).
    settings = CheckSettings(seed=0, quick=True, claim_seconds=None, claim_memory=None)
    forwards = _lemmas_by_theorem(theorems, settings)
    backwards = _lemmas_by_theorem(list(reversed(theorems)), settings)
    assert sum(1 for lemmas in forwards.values() if lemmas) > 20, "the solver's lemmas are named"
    differing = {t: (forwards[t], backwards[t]) for t in forwards if forwards[t] != backwards[t]}
    assert differing == {}
