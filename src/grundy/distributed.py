"""An optional backend that checks theorems on a Dask cluster (``--scheduler``).

The fork pool of :func:`grundy.library.run_theorems` hands theorems to its workers by
inheritance; a Dask worker may run on another machine, so here each task names the
theorem by its file (``Theorem.origin``) and id, and the worker loads that file itself
(once per file and worker), checks the theorem with the same :class:`CheckSettings` and
sends back the :class:`~grundy.verdict.Verdict`.  Every engine is seeded from the
settings, so the verdicts equal a serial run's apart from the measured times.

Workers need grundy installed and the theorem files at the same paths (the same
checkout, or a shared file system).  Games of the user's own (``--games FILE.py``) travel
with each task: the worker writes the files' text into a folder of its own, loads them
for that task only, and runs the check under the same guard as a local run (``guard``,
the command line's child process with the claim's limits), so the verdicts are those of
``--jobs 1``.  ``dask[distributed]`` is an optional dependency
(``pip install 'grundy[distributed]'``): it is imported only when the backend is used.

>>> run_theorems_on_dask([], CheckSettings(), scheduler=LOCAL)  # nothing to check
[]
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import pickle
import tempfile
import threading
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from grundy.errors import ClaimError, GrundyError
from grundy.games.user import user_games
from grundy.library import (
    CheckSettings,
    PartGatherer,
    TaskOutcome,
    Theorem,
    TheoremResult,
    load_file,
    run_task,
)
from grundy.settings import job_count
from grundy.tasks import plan_tasks
from grundy.verdict import Verdict, Word

__all__ = ["LOCAL", "DistributedError", "portable", "run_theorems_on_dask"]

LOCAL = "local"  # the --scheduler value that starts a cluster of processes on this machine
CONNECT_SECONDS = 5.0  # how long to try reaching a scheduler before giving up
WORKERS_SECONDS = 60.0  # how long to wait for workers to join (a local cluster's startup)
INSTALL_HINT = "pip install 'grundy[distributed]'"


class DistributedError(GrundyError):
    """Raised when the Dask backend is not installed, or its cluster cannot be used."""


def run_theorems_on_dask(
    theorems: Sequence[Theorem],
    settings: CheckSettings,
    progress: Callable[[int, int, TheoremResult], None] | None = None,
    *,
    scheduler: str,
    jobs: int = 1,
    connect_seconds: float = CONNECT_SECONDS,
    earlier: Mapping[str, float] | None = None,
    timings: dict[str, float] | None = None,
    games: Sequence[str] = (),
    guard: Callable[[Theorem], Theorem] | None = None,
) -> list[TheoremResult]:
    """Check every theorem on a Dask cluster, one task per theorem or per part of a split
    theorem, longest expected first (see :func:`grundy.tasks.plan_tasks`).

    ``scheduler`` is a scheduler's address (``tcp://host:8786``) or :data:`LOCAL` for a
    cluster of ``jobs`` worker processes on this machine, closed afterwards.  Results come
    back in the theorems' order; ``progress(done, total, result)`` as each theorem
    completes; ``timings``, when given, receives each task's seconds.  ``games`` are
    games files of the user's own, sent with every task; ``guard`` turns a theorem into
    the one to run (it must pickle: a module-level function), on the worker.
    """
    job_count(jobs)
    if not theorems:
        return []
    shipped = tuple(_games_file(path) for path in games)
    origins = [str(_origin(theorem)) for theorem in theorems]
    tasks = plan_tasks(theorems, settings, earlier)
    dask = _import_distributed()
    gather = PartGatherer(theorems, tasks, settings)
    with _client(dask, scheduler, jobs, connect_seconds) as client:
        # pure=False: a task's result depends on the file's current text, not only its name.
        # Priorities follow the plan, so the scheduler starts the longest tasks first.
        futures = [
            client.submit(
                _check_on_worker,
                origins[task.theorem],
                theorems[task.theorem].id,
                task.part,
                settings,
                shipped,
                guard,
                pure=False,
                priority=len(tasks) - rank,
            )
            for rank, task in enumerate(tasks)
        ]
        task_of = {future.key: task for future, task in zip(futures, tasks, strict=True)}
        for future in dask.as_completed(futures, loop=client.loop):
            # future.result() raises a worker's exception again here.
            gather.receive(task_of[future.key], future.result(), timings, progress)
    return gather.results()


def _games_file(path: str) -> tuple[str, bytes]:
    """A games file as it travels: its name and its bytes (read once, here)."""
    try:
        return Path(path).name, Path(path).read_bytes()
    except OSError as exc:
        raise DistributedError(f"cannot read games file {path}: {_one_line(exc)}") from None


def _origin(theorem: Theorem) -> Path:
    if theorem.origin is None:
        raise DistributedError(
            f"theorem {theorem.id!r} was not loaded from a file, so a Dask worker cannot load it"
        )
    return theorem.origin


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise DistributedError(
            f"the Dask backend (--scheduler) needs dask[distributed]: {INSTALL_HINT}"
        ) from None
    return distributed


@contextmanager
def _client(dask: Any, scheduler: str, jobs: int, connect_seconds: float) -> Iterator[Any]:
    """A client of the named scheduler, or of a local cluster started (and closed) here."""
    if scheduler == LOCAL:
        # Processes, one thread each: the checks are pure Python and hold the GIL.
        cluster = dask.LocalCluster(
            n_workers=jobs,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            # The scheduler's HTTP server takes any free port: a busy 8787 would be a warning.
            scheduler_kwargs={"dashboard_address": ":0"},
            silence_logs=logging.ERROR,
        )
        with cluster, dask.Client(cluster, set_as_default=False) as client:
            _wait_for_workers(client, jobs, scheduler)
            yield client
        return
    try:
        # Checked first: a client built on an address without a port hangs while closing.
        dask.comm.get_address_host_port(scheduler)
    except ValueError:
        raise DistributedError(
            f"--scheduler must be 'local' or an address like tcp://host:8786, got {scheduler!r}"
        ) from None
    _ask_identity(dask, scheduler, connect_seconds)
    try:
        client = dask.Client(scheduler, timeout=connect_seconds, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise DistributedError(
            f"cannot reach the Dask scheduler at {scheduler!r}: {_one_line(exc)}"
        ) from None
    with client:
        _wait_for_workers(client, 1, scheduler)  # a scheduler without workers would hang
        yield client


def _ask_identity(dask: Any, scheduler: str, seconds: float) -> None:
    """Ask the scheduler who it is, all within ``seconds``: a server that accepts the
    connection and never answers would hold ``Client()`` forever, whatever its timeout."""

    async def ask() -> None:
        # Dask's own handshake inside connect() waits for ever on a silent server: the
        # whole exchange is bounded here.  A port where nothing listens fails sooner.
        comm = await dask.comm.connect(scheduler, timeout=seconds / 2)
        try:
            await comm.write({"op": "identity", "reply": True})
            await comm.read()
        finally:
            comm.abort()

    try:
        asyncio.run(asyncio.wait_for(ask(), seconds))
    except TimeoutError:  # asyncio's is the builtin since Python 3.11 (an OSError too)
        raise DistributedError(
            f"the Dask scheduler at {scheduler!r} did not answer within {seconds:g} s"
        ) from None
    except (OSError, ValueError, dask.comm.CommClosedError) as exc:
        raise DistributedError(
            f"cannot reach the Dask scheduler at {scheduler!r}: {_one_line(exc)}"
        ) from None


def _wait_for_workers(client: Any, count: int, scheduler: str) -> None:
    try:
        client.wait_for_workers(count, timeout=WORKERS_SECONDS)
    except TimeoutError:
        raise DistributedError(
            f"the Dask scheduler at {scheduler!r} has fewer than {count} workers "
            f"after {WORKERS_SECONDS:g} s"
        ) from None


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


# -- on the worker --------------------------------------------------------------------------

# Each worker loads a file once (again when it changes); the lock guards workers that
# run several threads.
_LOADED: dict[tuple[str, int], dict[str, Theorem]] = {}
_LOADING = threading.Lock()


def _check_on_worker(
    path: str,
    theorem_id: str,
    part: int | None,
    settings: CheckSettings,
    games: tuple[tuple[str, bytes], ...] = (),
    guard: Callable[[Theorem], Theorem] | None = None,
) -> TaskOutcome:
    """Load ``path`` (if not yet loaded here), check theorem ``theorem_id`` (or only part
    number ``part`` of its split check), and return the verdict.  With ``games``, they
    join this worker's catalogue for this task only, and the file is read again with them
    (its claims name them)."""
    # Hypothesis warns when the global random state moves while it draws an example; on a
    # Dask worker the worker's own threads move it, so the warning is noise there.
    warnings.filterwarnings("ignore", message="Do not use the `random` module inside strategies")
    if not games:
        with _LOADING:
            theorem = _theorems_here(path).get(theorem_id)
        outcome = run_task(_found(theorem, path, theorem_id, guard), part, settings)
        return TaskOutcome(portable(outcome.verdict), outcome.cpu_seconds)
    # The catalogue is the process's: one task with games at a time on this worker.
    with _WITH_GAMES, user_games([str(file) for file in _games_here(games)]):
        _stamp(path)
        theorem = {t.id: t for t in load_file(path)}.get(theorem_id)
        outcome = run_task(_found(theorem, path, theorem_id, guard), part, settings)
    return TaskOutcome(portable(outcome.verdict), outcome.cpu_seconds)


_WITH_GAMES = threading.Lock()


def _stamp(path: str) -> int:
    try:
        return Path(path).stat().st_mtime_ns
    except OSError:
        raise ClaimError(f"no such file on the Dask worker: {path}") from None


def _theorems_here(path: str) -> dict[str, Theorem]:
    stamp = _stamp(path)
    theorems = _LOADED.get((path, stamp))
    if theorems is None:
        theorems = {theorem.id: theorem for theorem in load_file(path)}
        _LOADED[(path, stamp)] = theorems
    return theorems


def _found(
    theorem: Theorem | None,
    path: str,
    theorem_id: str,
    guard: Callable[[Theorem], Theorem] | None,
) -> Theorem:
    if theorem is None:
        raise ClaimError(f"{path} has no theorem {theorem_id!r} on the Dask worker")
    return theorem if guard is None else guard(theorem)


def _games_here(games: tuple[tuple[str, bytes], ...]) -> list[Path]:
    """The games files written on this worker under their own names, in a folder of this
    process's own (made by ``mkdtemp``: nobody else's files) named by their contents."""
    global _GAMES_ROOT
    if _GAMES_ROOT is None:
        _GAMES_ROOT = Path(tempfile.mkdtemp(prefix="grundy-games-"))
    digest = hashlib.sha256()
    for name, text in games:
        digest.update(name.encode() + b"\0" + hashlib.sha256(text).digest())
    files = []
    for index, (name, text) in enumerate(games):  # one folder each: two may share a name
        folder = _GAMES_ROOT / digest.hexdigest()[:16] / str(index)
        folder.mkdir(parents=True, exist_ok=True)
        file = folder / Path(name).name
        if not file.exists():
            file.write_bytes(text)
        files.append(file)
    return files


_GAMES_ROOT: Path | None = None


def portable(verdict: Verdict) -> Verdict:
    """The verdict itself if it pickles; else the same verdict with its counterexample and
    details in JSON form (what ``--json`` prints anyway), so that it can travel.

    >>> from grundy.verdict import Status
    >>> odd = Verdict(Status.REFUTED, "exhaustive", counterexample={"f": lambda: 0})
    >>> portable(odd).counterexample["f"].startswith("<function")
    True
    """
    try:
        pickle.dumps(verdict)
    except Exception:  # pickle raises several kinds of error for objects it cannot save
        return _from_json(verdict.to_json(), verdict)
    return verdict


def _from_json(data: dict[str, Any], original: Verdict) -> Verdict:
    return Verdict(
        Word(data["status"]).status,  # JSON carries the reader's word
        data["method"],
        data["scope"],
        data["cases"],
        data["counterexample"],
        data["message"],
        original.seconds,  # unrounded
        data["details"],
        tuple(_from_json(p, o) for p, o in zip(data["parts"], original.parts, strict=True)),
        original.assumes,  # plain strings and flags: they always pickle
    )
