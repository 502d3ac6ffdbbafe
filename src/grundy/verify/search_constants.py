"""Random search that depends on its seed alone, not on which modules happen to be loaded.

Hypothesis (from 6.131) mixes into its draws the literal numbers and strings of every
"local" module loaded in the process (any module outside site-packages and the standard
library: grundy itself, a proofs file, a user's game), read from their source.  A search
with the same seed would then try other cases after an unrelated import, and a
``tested`` verdict's count or a counterexample could change with what the process loaded
before.  Hypothesis offers no setting for this, so :func:`without_local_constants`
empties that pool for the length of one search: hypothesis still draws its own built-in
constants, which are the same in every process.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["without_local_constants"]

_LOCK = threading.RLock()


def _hooks() -> tuple[Any, Callable[[], Any]] | None:
    """Hypothesis' provider module and an empty pool of constants, or ``None`` for a
    version that collects no local constants (older) or keeps them elsewhere (newer:
    ``tests/verify/test_random_search_constants.py`` then fails)."""
    try:
        from hypothesis.internal.conjecture import providers
        from hypothesis.internal.constants_ast import Constants
    except ImportError:
        return None
    if not hasattr(providers, "_get_local_constants") or not hasattr(providers, "CONSTANTS_CACHE"):
        return None
    return providers, Constants


@contextmanager
def without_local_constants() -> Iterator[None]:
    """Within the block, hypothesis draws no constants from the loaded modules' source
    (nor reads or writes its cache of them); afterwards it does as before.  The pools it
    had already filtered for each kind of draw are dropped on the way in and out, so
    none leaks across the boundary."""
    hooks = _hooks()
    if hooks is None:
        yield
        return
    providers, constants = hooks
    empty = constants()
    with _LOCK:
        collect = providers._get_local_constants
        providers._get_local_constants = lambda: empty
        providers.CONSTANTS_CACHE.cache.clear()
        try:
            yield
        finally:
            providers._get_local_constants = collect
            providers.CONSTANTS_CACHE.cache.clear()
