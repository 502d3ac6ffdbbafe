"""Units of work for checking the library: a theorem's check, or one part of a split check.

A long check can be *split* (:class:`Split`) into independent :class:`Part` s, each its own
task for ``--jobs`` or a Dask cluster, and combined into the theorem's verdict exactly as a
serial run combines them.  Tasks are handed out longest first (:func:`plan_tasks`): the
expected cost of a task is its time in an earlier run when one is known, else the static
estimate its theorem or part declares.  The order changes only when verdicts arrive, never
what they say: every part is seeded from the settings, and parts are combined in their
declared order.

>>> split = Split(
...     parts=lambda settings: [Part("a", lambda s: Verdict(Status.PROVED, "z3"), cost=2.0)],
...     combine=lambda verdicts, settings: verdicts[0],
... )
>>> split.check(None).status
<Status.PROVED: 'proved'>
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from grundy.errors import GrundyError
from grundy.verdict import Status, Verdict

if TYPE_CHECKING:
    from grundy.settings import CheckSettings

__all__ = ["DEFAULT_COST", "Part", "Split", "Task", "plan_tasks", "run_part", "task_key"]

DEFAULT_COST = 1.0
"""Expected seconds of a task that declares no estimate and has no earlier time."""


@dataclass(frozen=True, slots=True)
class Part:
    """One independent piece of a split check: its name (unique in the theorem), the
    function that checks it, and a static estimate of its seconds for scheduling."""

    name: str
    run: Callable[[CheckSettings], Verdict]
    cost: float = DEFAULT_COST


@dataclass(frozen=True, slots=True)
class Split:
    """A check made of parts.  ``parts(settings)`` must be cheap and give the same parts,
    in the same order, every time it is called with the same settings (workers rebuild
    them); ``combine(verdicts, settings)`` turns the parts' verdicts, in that order, into
    the theorem's."""

    parts: Callable[[CheckSettings], Sequence[Part]]
    combine: Callable[[Sequence[Verdict], CheckSettings], Verdict]

    def check(self, settings: CheckSettings) -> Verdict:
        """The serial run: every part in order, then combined."""
        verdicts = [run_part(part, settings) for part in self.parts(settings)]
        return self.combine(verdicts, settings)


def run_part(part: Part, settings: CheckSettings) -> Verdict:
    """Check one part, timed; a grundy error becomes that part's ``error`` verdict."""
    start = time.perf_counter()
    try:
        verdict = part.run(settings)
    except GrundyError as exc:
        verdict = Verdict(Status.ERROR, "none", message=f"part {part.name}: {exc}")
    return replace(verdict, seconds=time.perf_counter() - start)


@dataclass(frozen=True, slots=True)
class Task:
    """Theorem ``theorem`` (an index), whole (``part`` None) or one part of its split."""

    theorem: int
    part: int | None
    key: str
    cost: float


def task_key(theorem_id: str, part_name: str | None, quick: bool) -> str:
    """The name a task's measured time is remembered under (quick runs apart)."""
    name = theorem_id if part_name is None else f"{theorem_id}/{part_name}"
    return f"quick:{name}" if quick else name


def plan_tasks(
    theorems: Sequence[Any],
    settings: CheckSettings,
    earlier: Mapping[str, float] | None = None,
) -> list[Task]:
    """Every task of ``theorems`` (``grundy.library.Theorem`` s), longest expected first.

    Ties keep the library's order, so the plan is the same on every run with the same
    earlier times.
    """
    earlier = earlier or {}
    tasks: list[Task] = []
    for index, theorem in enumerate(theorems):
        if theorem.split is None:
            key = task_key(theorem.id, None, settings.quick)
            tasks.append(Task(index, None, key, earlier.get(key, theorem.cost)))
            continue
        for number, part in enumerate(theorem.split.parts(settings)):
            key = task_key(theorem.id, part.name, settings.quick)
            tasks.append(Task(index, number, key, earlier.get(key, part.cost)))
    order = sorted(range(len(tasks)), key=lambda i: (-tasks[i].cost, i))
    return [tasks[i] for i in order]
