"""The theorem library: theorems as checkable objects, loaded from ``proofs/``.

A :class:`Theorem` pairs a statement with a function that checks it and returns a
:class:`~grundy.verdict.Verdict`.  Each theorem names its source in the course notes;
each deliberately false *mutant* names the theorem it falsifies and is expected to fail.

``proofs/`` holds two kinds of files: ``*.toml`` claim files (the user claim format,
turned into theorems by :mod:`grundy.claims`) and ``*.py`` modules that define a list
``THEOREMS`` for statements the claim format cannot express.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from grundy.errors import ClaimError, GrundyError
from grundy.verdict import Status, Verdict

__all__ = [
    "CheckSettings",
    "Expectation",
    "Theorem",
    "TheoremResult",
    "check_theorem",
    "load_file",
    "load_library",
    "run_theorems",
    "select",
]


class Expectation(StrEnum):
    HOLDS = "holds"
    FAILS = "fails"


@dataclass(frozen=True, slots=True)
class CheckSettings:
    """How hard and how reproducibly to check.  ``quick`` shrinks domains for CI."""

    seed: int = 0
    quick: bool = False
    z3_timeout_ms: int = 60_000
    random_examples: int = 2_000


@dataclass(frozen=True, slots=True)
class Theorem:
    """A statement with its checker.

    ``statement`` is plain text; ``latex`` (optional) the same in LaTeX math for reports.
    ``source`` names the seed file and section, e.g. ``"002 Handout 17, exercise 4"``, or
    ``"beyond the notes: ..."``.  ``mutant_of`` is the id of the theorem a mutant falsifies.
    ``origin`` is the file :func:`load_library` read the theorem from (``None`` for one
    built in code); a worker on another machine reloads the theorem from it.
    """

    id: str
    title: str
    statement: str
    source: str
    check: Callable[[CheckSettings], Verdict]
    mutant_of: str | None = None
    expect: Expectation = Expectation.HOLDS
    latex: str | None = None
    game: str | None = None
    tags: tuple[str, ...] = ()
    origin: Path | None = field(default=None, compare=False, repr=False)

    @property
    def is_mutant(self) -> bool:
        return self.mutant_of is not None


@dataclass(frozen=True, slots=True)
class TheoremResult:
    theorem: Theorem
    verdict: Verdict

    @property
    def as_expected(self) -> bool:
        """Theorems must be proved (or unrefuted by random-only checks); mutants refuted."""
        if self.theorem.expect is Expectation.FAILS:
            return self.verdict.status is Status.REFUTED
        return self.verdict.status in (Status.PROVED, Status.UNREFUTED)

    def _repr_html_(self) -> str:  # a small table in Jupyter, the counterexample drawn
        from grundy.display.html import result_html

        return result_html(self)

    def to_json(self) -> dict[str, Any]:
        """The record of DESIGN.md section 4 (``verify`` / ``check``), plus details."""
        verdict = self.verdict.to_json()
        return {
            "id": self.theorem.id,
            "title": self.theorem.title,
            "statement": self.theorem.statement,
            "status": verdict["status"],
            "expect": self.theorem.expect.value,
            "as_expected": self.as_expected,
            "scope": verdict["scope"],
            "method": verdict["method"],
            "cases": verdict["cases"],
            "counterexample": verdict["counterexample"],
            "message": verdict["message"],
            "seconds": verdict["seconds"],
            "source": self.theorem.source,
            "mutant_of": self.theorem.mutant_of,
            "details": verdict["details"],
            "parts": verdict["parts"],
            "assumes": verdict["assumes"],
        }


def check_theorem(theorem: Theorem, settings: CheckSettings) -> TheoremResult:
    """Run one theorem's check, timing it; a grundy error becomes an ``error`` verdict."""
    start = time.perf_counter()
    try:
        verdict = theorem.check(settings)
    except GrundyError as exc:
        verdict = Verdict(Status.ERROR, "none", message=str(exc))
    return TheoremResult(theorem, replace(verdict, seconds=time.perf_counter() - start))


def run_theorems(
    theorems: Sequence[Theorem],
    settings: CheckSettings,
    progress: Callable[[int, int, TheoremResult], None] | None = None,
    jobs: int = 1,
) -> list[TheoremResult]:
    """Check every theorem; ``progress(done, total, result)`` after each.

    With ``jobs > 1`` the theorems are checked in that many worker processes; the results
    come back in the theorems' order and are the same as a serial run's (every engine is
    seeded from ``settings``), apart from the measured times.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    if jobs == 1 or len(theorems) <= 1:
        results = []
        for index, theorem in enumerate(theorems, start=1):
            result = check_theorem(theorem, settings)
            results.append(result)
            if progress:
                progress(index, len(theorems), result)
        return results
    return _run_in_workers(theorems, settings, progress, jobs)


# The theorems are handed to forked workers by inheritance, not by pickling: checks are
# often closures defined in proofs/ modules that pickle cannot name.
_WORKER_THEOREMS: Sequence[Theorem] = ()
_WORKER_SETTINGS = CheckSettings()


def _check_in_worker(index: int) -> Verdict:
    return check_theorem(_WORKER_THEOREMS[index], _WORKER_SETTINGS).verdict


def _run_in_workers(
    theorems: Sequence[Theorem],
    settings: CheckSettings,
    progress: Callable[[int, int, TheoremResult], None] | None,
    jobs: int,
) -> list[TheoremResult]:
    global _WORKER_THEOREMS, _WORKER_SETTINGS
    _WORKER_THEOREMS, _WORKER_SETTINGS = theorems, settings
    verdicts: dict[int, Verdict] = {}
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = {pool.submit(_check_in_worker, i): i for i in range(len(theorems))}
            for done, future in enumerate(as_completed(futures), start=1):
                index = futures[future]
                verdicts[index] = future.result()
                if progress:
                    progress(done, len(theorems), TheoremResult(theorems[index], verdicts[index]))
    finally:
        _WORKER_THEOREMS = ()
    return [TheoremResult(theorem, verdicts[i]) for i, theorem in enumerate(theorems)]


def default_proofs_dir() -> Path:
    """``proofs/`` of the source tree (the library ships beside the package)."""
    return Path(__file__).resolve().parents[2] / "proofs"


def load_library(paths: Iterable[str | Path] | None = None) -> list[Theorem]:
    """Every theorem in the given files or folders (default: ``proofs/``).

    Ids must be unique across the library; mutants must name an existing theorem.
    """
    files = sorted(_expand(paths or [default_proofs_dir()]))
    theorems: list[Theorem] = []
    for file in files:
        theorems.extend(load_file(file))
    seen: set[str] = set()
    for theorem in theorems:
        if theorem.id in seen:
            raise ClaimError(f"theorem id {theorem.id!r} is defined twice")
        seen.add(theorem.id)
    for theorem in theorems:
        if theorem.mutant_of is not None and theorem.mutant_of not in seen:
            raise ClaimError(f"{theorem.id!r} is a mutant of unknown theorem {theorem.mutant_of!r}")
    return theorems


def load_file(path: str | Path) -> list[Theorem]:
    """The theorems of one claim file or proofs module, each knowing its file (``origin``).

    Unlike :func:`load_library` it does not check ids against other files: the Dask
    backend's workers use it to reload just the file a theorem came from.
    """
    file = Path(path)
    if not file.is_file():
        raise ClaimError(f"no such file: {file}")
    return [replace(t, origin=file.resolve()) for t in _load_file(file)]


def select(theorems: Sequence[Theorem], ids: Sequence[str]) -> list[Theorem]:
    """The theorems named, with their mutants; unknown ids are a clear error."""
    known = {t.id for t in theorems}
    missing = [i for i in ids if i not in known]
    if missing:
        raise ClaimError(f"no theorem with id {missing[0]!r} in the library")
    wanted = set(ids)
    return [t for t in theorems if t.id in wanted or t.mutant_of in wanted]


def _expand(paths: Iterable[str | Path]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from (
                p
                for p in path.iterdir()
                if p.suffix in (".py", ".toml") and not p.name.startswith("_")
            )
        elif path.is_file():
            yield path
        else:
            raise ClaimError(f"no such file or folder: {path}")


def _load_file(path: Path) -> list[Theorem]:
    if path.suffix == ".toml":
        from grundy.claims import theorems_from_file  # the claim language (grundy.claims)

        return list(theorems_from_file(path))
    if path.suffix == ".py":
        name = f"grundy_proofs_{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ClaimError(f"cannot load {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        found = getattr(module, "THEOREMS", None)
        if not isinstance(found, list) or not all(isinstance(t, Theorem) for t in found):
            raise ClaimError(f"{path} must define THEOREMS, a list of grundy.library.Theorem")
        return found
    raise ClaimError(f"{path}: the library holds .toml claim files and .py modules only")
