"""The theorem library: theorems as checkable objects, loaded from ``proofs/``.

A :class:`Theorem` pairs a statement with a function that checks it and returns a
:class:`~grundy.verdict.Verdict`.  Each theorem names its source in the course notes;
each deliberately false *mutant* names the theorem it falsifies and is expected to fail.

``proofs/`` holds two kinds of files: ``*.toml`` claim files (the user claim format of
:mod:`grundy.claims`, turned into theorems here by :func:`theorems_from_file`) and
``*.py`` modules that define a list ``THEOREMS`` for statements the claim format cannot
express.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grundy.errors import ClaimError, GrundyError
from grundy.files import InputPathError, check_input_path
from grundy.lifetime import ctrl_c_held, die_with_parent
from grundy.settings import (
    DEFAULT_CLAIM_MEMORY,
    DEFAULT_CLAIM_SECONDS,
    CheckSettings,
    job_count,
)
from grundy.smt_record import collecting_queries, joined
from grundy.solve.lemmas import SOLVER_LEMMAS, resting_on
from grundy.solve.solver import Play, collecting_lemmas
from grundy.tasks import Task, plan_tasks, run_part, task_key
from grundy.theorem import (
    Exercise,
    ExerciseKind,
    Expectation,
    Theorem,
    TheoremResult,
)
from grundy.theorem_budget import within_budget
from grundy.usercode import module_from_file
from grundy.verdict import Status, Verdict, with_queries

if TYPE_CHECKING:
    from grundy.claims.model import BadClaim, Claim

__all__ = [
    "DEFAULT_CLAIM_MEMORY",
    "DEFAULT_CLAIM_SECONDS",
    "CheckSettings",
    "Exercise",
    "ExerciseKind",
    "Expectation",
    "InterruptedRun",
    "PartGatherer",
    "TaskOutcome",
    "Theorem",
    "TheoremResult",
    "check_theorem",
    "load_file",
    "load_library",
    "resting_on",
    "run_task",
    "run_theorems",
    "select",
    "theorem_from_claim",
    "theorems_from_file",
]


class InterruptedRun(KeyboardInterrupt):
    """Ctrl-C during :func:`run_theorems`: ``finished`` holds the results completed
    before it, in the theorems' order (callers that only know KeyboardInterrupt still
    stop)."""

    def __init__(self, finished: Sequence[TheoremResult]) -> None:
        super().__init__(f"interrupted after {len(finished)} results")
        self.finished = list(finished)


def check_theorem(
    theorem: Theorem, settings: CheckSettings, timings: dict[str, float] | None = None
) -> TheoremResult:
    """Run one theorem's check, timing it; a grundy error becomes an ``error`` verdict.

    A split check runs its parts in order; its time is the sum of theirs, as when the
    parts run as separate tasks.  ``timings``, when given, receives each task's CPU
    seconds (see :func:`run_task`).
    """
    if theorem.split is None:
        outcome = run_task(theorem, None, settings)
        if timings is not None:
            timings[task_key(theorem.id, None, settings.quick)] = outcome.cpu_seconds
        return TheoremResult(theorem, outcome.verdict)
    parts = theorem.split.parts(settings)
    outcomes = [run_task(theorem, number, settings) for number in range(len(parts))]
    if timings is not None:
        for part, outcome in zip(parts, outcomes, strict=True):
            timings[task_key(theorem.id, part.name, settings.quick)] = outcome.cpu_seconds
    verdicts = [outcome.verdict for outcome in outcomes]
    return TheoremResult(theorem, _combine_parts(theorem, verdicts, settings))


@dataclass(frozen=True, slots=True)
class TaskOutcome:
    """A task's verdict and the CPU seconds it took (what schedules are planned by:
    unlike wall time, it does not grow when other work shares the machine)."""

    verdict: Verdict
    cpu_seconds: float


def run_task(theorem: Theorem, part: int | None, settings: CheckSettings) -> TaskOutcome:
    """Check ``theorem`` whole (``part`` None, an unsplit theorem) or only part number
    ``part`` of its split, held to the settings' claim budget
    (:func:`grundy.theorem_budget.within_budget`: the one point every theorem's check,
    from ``proofs/`` or from a claim file, passes)."""
    cpu = time.process_time()
    if part is not None:
        if theorem.split is None:
            raise ClaimError(f"theorem {theorem.id!r} is not split into parts")
        split = theorem.split
        verdict = within_budget(
            lambda: _part_verdict(theorem, split.parts(settings)[part], settings),
            f"part {part + 1} of the check of theorem {theorem.id!r}",
            settings,
        )
        return TaskOutcome(verdict, time.process_time() - cpu)
    start = time.perf_counter()
    verdict = within_budget(
        lambda: _whole_verdict(theorem, settings),
        f"the check of theorem {theorem.id!r}",
        settings,
    )
    verdict = replace(verdict, seconds=time.perf_counter() - start)
    return TaskOutcome(verdict, time.process_time() - cpu)


def _part_verdict(theorem: Theorem, part: Any, settings: CheckSettings) -> Verdict:
    # in the child: the lemmas and the SMT queries come back with the verdict
    with collecting_lemmas() as lemmas, collecting_queries(settings.second_solver) as smt:
        verdict = run_part(part, settings)
    return with_queries(resting_on(verdict, lemmas - {theorem.id}), smt)


def _whole_verdict(theorem: Theorem, settings: CheckSettings) -> Verdict:
    with collecting_lemmas() as lemmas, collecting_queries(settings.second_solver) as smt:
        try:
            verdict = theorem.run_check(settings)
        except GrundyError as exc:
            verdict = Verdict(Status.ERROR, "none", message=str(exc))
    return with_queries(resting_on(verdict, lemmas - {theorem.id}), smt)


def _combine_parts(
    theorem: Theorem, verdicts: Sequence[Verdict], settings: CheckSettings
) -> Verdict:
    assert theorem.split is not None
    failed = [v for v in verdicts if v.status is Status.ERROR]
    if failed:
        # A part that could not run leaves the check incomplete, whatever the others say.
        return replace(failed[0], seconds=sum(v.seconds for v in verdicts), parts=tuple(verdicts))
    try:
        combined = theorem.split.combine(verdicts, settings)
    except GrundyError as exc:
        combined = Verdict(Status.ERROR, "none", message=str(exc))
    # whatever the combiner keeps, the parts' solver lemmas stay named
    used = {a.id for v in verdicts for a in v.assumes if a.id in SOLVER_LEMMAS}
    combined = with_queries(resting_on(combined, used), joined(*(v.smt for v in verdicts)))
    return replace(combined, seconds=sum(v.seconds for v in verdicts))


def run_theorems(
    theorems: Sequence[Theorem],
    settings: CheckSettings,
    progress: Callable[[int, int, TheoremResult], None] | None = None,
    jobs: int = 1,
    *,
    earlier: Mapping[str, float] | None = None,
    timings: dict[str, float] | None = None,
) -> list[TheoremResult]:
    """Check every theorem; ``progress(done, total, result)`` as each theorem completes.

    With ``jobs > 1`` the tasks (whole checks, and the parts of split ones) run in that
    many worker processes, longest expected first (``earlier``: task times from a previous
    run, by :func:`grundy.tasks.task_key`); the results come back in the theorems' order
    and are the same as a serial run's (every engine is seeded from ``settings``), apart
    from the measured times.  ``timings``, when given, receives each task's seconds.
    """
    job_count(jobs)
    tasks = plan_tasks(theorems, settings, earlier)
    if jobs == 1 or len(tasks) <= 1:
        results: list[TheoremResult] = []
        try:
            for index, theorem in enumerate(theorems, start=1):
                result = check_theorem(theorem, settings, timings)
                results.append(result)
                if progress:
                    progress(index, len(theorems), result)
        except KeyboardInterrupt:
            raise InterruptedRun(results) from None
        return results
    return _run_in_workers(theorems, settings, tasks, progress, jobs, timings)


# The theorems are handed to forked workers by inheritance, not by pickling: checks are
# often closures defined in proofs/ modules that pickle cannot name.
_WORKER_THEOREMS: Sequence[Theorem] = ()
_WORKER_SETTINGS = CheckSettings()


def _run_task_in_worker(theorem_index: int, part_index: int | None) -> TaskOutcome:
    return run_task(_WORKER_THEOREMS[theorem_index], part_index, _WORKER_SETTINGS)


def _run_in_workers(
    theorems: Sequence[Theorem],
    settings: CheckSettings,
    tasks: Sequence[Task],
    progress: Callable[[int, int, TheoremResult], None] | None,
    jobs: int,
    timings: dict[str, float] | None,
) -> list[TheoremResult]:
    global _WORKER_THEOREMS, _WORKER_SETTINGS
    _WORKER_THEOREMS, _WORKER_SETTINGS = theorems, settings
    gather = PartGatherer(theorems, tasks, settings)
    try:
        context = multiprocessing.get_context("fork")
        pool = ProcessPoolExecutor(  # workers end with this process, however it ends
            max_workers=jobs,
            mp_context=context,
            initializer=die_with_parent,
            initargs=(os.getpid(),),
        )
        try:
            # Submitted longest first: the pool hands tasks out in submission order.
            with ctrl_c_held():  # the first submit forks every worker
                futures = {
                    pool.submit(_run_task_in_worker, task.theorem, task.part): task
                    for task in tasks
                }
            for future in as_completed(futures):
                gather.receive(futures[future], future.result(), timings, progress)
        except KeyboardInterrupt:
            _stop_workers(pool)
            raise InterruptedRun(gather.finished()) from None
        pool.shutdown()
    finally:
        _WORKER_THEOREMS = ()
    return gather.results()


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the workers now: a claim may run for minutes, and shutting the pool down
    politely would wait for it.  (The executor has no public way to do this.)"""
    processes = list(getattr(pool, "_processes", {}).values())
    for process in processes:  # first, so that no task is handed to them any more
        process.terminate()
    for process in processes:
        process.join(timeout=5)
    # Then the pool, waiting for its threads: left running, the thread feeding the
    # workers could write to a pipe already closed and print a traceback after the
    # one line of the interruption.
    pool.shutdown(wait=True, cancel_futures=True)


class PartGatherer:
    """Collects task verdicts as they arrive, in any order, and gives each theorem's
    result once its last task is in: a split theorem's parts are combined in their
    declared order, so the result does not depend on the order of arrival."""

    def __init__(
        self, theorems: Sequence[Theorem], tasks: Sequence[Task], settings: CheckSettings
    ) -> None:
        self._theorems = theorems
        self._settings = settings
        self._waiting = {i: 0 for i in range(len(theorems))}
        for task in tasks:
            self._waiting[task.theorem] += 1
        self._parts: dict[int, dict[int, Verdict]] = {i: {} for i in range(len(theorems))}
        self._done: dict[int, TheoremResult] = {}

    def add(self, task: Task, verdict: Verdict) -> TheoremResult | None:
        """Record one task's verdict; the theorem's result if this was its last task."""
        theorem = self._theorems[task.theorem]
        self._waiting[task.theorem] -= 1
        if task.part is None:
            result = TheoremResult(theorem, verdict)
        else:
            self._parts[task.theorem][task.part] = verdict
            if self._waiting[task.theorem]:
                return None
            parts = self._parts[task.theorem]
            result = TheoremResult(
                theorem, _combine_parts(theorem, [parts[i] for i in sorted(parts)], self._settings)
            )
        self._done[task.theorem] = result
        return result

    def receive(
        self,
        task: Task,
        outcome: TaskOutcome,
        timings: dict[str, float] | None,
        progress: Callable[[int, int, TheoremResult], None] | None,
    ) -> None:
        """One task's outcome as its worker hands it back (the same for the process pool
        and for Dask): its seconds into ``timings``, and the theorem's result to
        ``progress`` once its last task is in."""
        if timings is not None:
            timings[task.key] = outcome.cpu_seconds
        finished = self.add(task, outcome.verdict)
        if finished is not None and progress:
            progress(len(self._done), len(self._theorems), finished)

    def results(self) -> list[TheoremResult]:
        """Every theorem's result, in the theorems' order."""
        return [self._done[i] for i in range(len(self._theorems))]

    def finished(self) -> list[TheoremResult]:
        """The results complete so far, in the theorems' order."""
        return [self._done[i] for i in sorted(self._done)]


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
    whole_library = paths is None
    linked = []
    for theorem in theorems:
        if theorem.mutant_of is not None and theorem.mutant_of not in seen:
            raise ClaimError(f"{theorem.id!r} is a mutant of unknown theorem {theorem.mutant_of!r}")
        if theorem.implied_by is not None and theorem.implied_by not in seen:
            if whole_library:
                raise ClaimError(
                    f"{theorem.id!r} is implied by unknown theorem {theorem.implied_by!r}"
                )
            # part of the library: the stronger theorem is not loaded, so nothing stands in
            # for this one
            theorem = replace(theorem, implied_by=None)
        linked.append(theorem)
    return linked


def load_file(path: str | Path) -> list[Theorem]:
    """The theorems of one claim file or proofs module, each knowing its file (``origin``).

    Unlike :func:`load_library` it does not check ids against other files: the Dask
    backend's workers use it to reload just the file a theorem came from.
    """
    file = Path(path)
    _check_file(file, "no such file")
    return [replace(t, origin=file.resolve()) for t in _load_file(file)]


def select(theorems: Sequence[Theorem], ids: Sequence[str]) -> list[Theorem]:
    """The theorems named, with their mutants; unknown ids are a clear error."""
    known = {t.id for t in theorems}
    missing = [i for i in ids if i not in known]
    if missing:
        raise ClaimError(f"no theorem with id {missing[0]!r} in the library")
    wanted = set(ids)
    return [t for t in theorems if t.id in wanted or t.mutant_of in wanted]


def theorems_from_file(path: str | Path) -> Iterator[Theorem]:
    """The claims of a TOML file as theorems (a malformed claim checks to ``error``).

    Raises :class:`~grundy.errors.ClaimError` only when the file cannot be read or is not
    TOML.
    """
    from grundy.claims.model import claims_from_file  # the claim language, one layer down

    for claim in claims_from_file(path):
        yield theorem_from_claim(claim)


def theorem_from_claim(claim: Claim | BadClaim) -> Theorem:
    """A theorem whose check runs :func:`grundy.claims.check_claim` on ``claim``."""
    from grundy.claims import check_claim
    from grundy.claims.model import BadClaim, Claim

    def check(settings: CheckSettings) -> Verdict:
        return check_claim(claim, settings)

    if isinstance(claim, BadClaim):
        statement, game, title = claim.statement, claim.game_name, claim.title
    else:
        statement, game, title = claim.statement.text, claim.game_name, claim.title
    expect = Expectation(claim.expect.value) if claim.expect else Expectation.HOLDS
    return Theorem(
        id=claim.id,
        title=title or claim.id,
        statement=statement,
        source=claim.source,
        check=check,
        mutant_of=claim.mutant_of,
        expect=expect,
        latex=claim.latex,
        game=game,
        tags=claim.tags,
        play=claim.play if isinstance(claim, Claim) else Play.NORMAL,
        implied_by=claim.implied_by if isinstance(claim, Claim) else None,
        proof=claim.proof if isinstance(claim, Claim) else None,
        exercise=Exercise(ExerciseKind(claim.exercise)) if claim.exercise else None,
    )


def _expand(paths: Iterable[str | Path]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from (
                p
                for p in path.iterdir()
                if p.suffix in (".py", ".toml") and not p.name.startswith("_")
            )
        else:
            _check_file(path, "no such file or folder")
            yield path


def _check_file(path: Path, missing: str) -> None:
    try:  # a FIFO would block its reader forever, a device never end: regular files only
        check_input_path(path, "file")
    except InputPathError as exc:
        raise ClaimError(str(exc)) from None
    except OSError:
        raise ClaimError(f"{missing}: {path}") from None


def _load_file(path: Path) -> list[Theorem]:
    if path.suffix == ".toml":
        return list(theorems_from_file(path))
    if path.suffix == ".py":
        module, run = module_from_file(f"grundy_proofs_{path.stem}", path, ClaimError)
        run()
        found = getattr(module, "THEOREMS", None)
        if not isinstance(found, list) or not all(isinstance(t, Theorem) for t in found):
            raise ClaimError(f"{path} must define THEOREMS, a list of grundy.library.Theorem")
        return found
    raise ClaimError(f"{path}: the library holds .toml claim files and .py modules only")
