"""Running parts of the theorem library in tests: quick settings, one result per id."""

from pathlib import Path

from grundy.library import CheckSettings, TheoremResult, check_theorem, load_library

PROOFS = Path(__file__).resolve().parents[2] / "proofs"
QUICK = CheckSettings(quick=True, random_examples=100)


def run_quick(modules: list[str]) -> dict[str, TheoremResult]:
    """Every theorem of the named proofs/ files, checked with :data:`QUICK`."""
    theorems = load_library([PROOFS / name for name in modules])
    return {t.id: check_theorem(t, QUICK) for t in theorems}


def not_as_expected(results: dict[str, TheoremResult]) -> dict[str, tuple[object, str]]:
    """The results that are not as expected, with their status and message."""
    return {
        i: (r.verdict.status, r.verdict.message) for i, r in results.items() if not r.as_expected
    }
