"""Split checks and task scheduling: the same verdicts whatever the order tasks finish in."""

import json
import logging
import os
from dataclasses import replace
from pathlib import Path

import pytest

from grundy.cli.task_times import load_task_times, save_task_times, task_times_path
from grundy.errors import ClaimError
from grundy.library import (
    CheckSettings,
    PartGatherer,
    Theorem,
    TheoremResult,
    check_theorem,
    load_library,
    run_theorems,
)
from grundy.tasks import Part, Split, Task, plan_tasks, task_key
from grundy.verdict import Status, Verdict

# A theorem over pairs (a, b) with 0 <= a, b < 8, split into four slices of a; its mutant
# fails in three slices, so only combining in the declared order names the least
# counterexample.
MODULE = """
from grundy.library import Expectation, Theorem
from grundy.tasks import Part, Split
from grundy.verdict import Status, Verdict


def pairs(low, high, predicate):
    def check(settings):
        cases = 0
        for a in range(low, high):
            for b in range(8):
                cases += 1
                if not predicate(a, b):
                    return Verdict(Status.REFUTED, "exhaustive", counterexample={"a": a, "b": b})
        return Verdict(Status.PROVED, "exhaustive", f"bounded: {low} <= a < {high}", cases=cases)
    return check


def split(predicate):
    def parts(settings):
        # The later slices claim to be longer, so workers start them first.
        return [
            Part(f"a-from-{low}", pairs(low, low + 2, predicate), cost=low) for low in (0, 2, 4, 6)
        ]

    def combine(verdicts, settings):
        for verdict in verdicts:
            if verdict.status is not Status.PROVED:
                return verdict
        cases = sum(v.cases for v in verdicts)
        return Verdict(Status.PROVED, "exhaustive", "bounded: a, b < 8", cases=cases)

    return Split(parts, combine)


THEOREMS = [
    Theorem("xor-commutes", "commutes", "a xor b = b xor a", "test",
            split=split(lambda a, b: a ^ b == b ^ a)),
    Theorem("xor-is-or", "mutant", "a xor b = a or b", "test",
            split=split(lambda a, b: a ^ b == a | b or a < 1),
            mutant_of="xor-commutes", expect=Expectation.FAILS),
    Theorem("whole", "unsplit", "true", "test",
            check=lambda settings: Verdict(Status.PROVED, "exhaustive", "bounded: none", cases=1)),
]
"""


@pytest.fixture
def proofs(tmp_path: Path) -> Path:
    folder = tmp_path / "proofs"
    folder.mkdir()
    (folder / "pairs.py").write_text(MODULE)
    return folder


def _without_seconds(verdict: Verdict) -> Verdict:
    return replace(verdict, seconds=0.0, parts=tuple(_without_seconds(p) for p in verdict.parts))


def _outcomes(results: list[TheoremResult]) -> list[tuple[str, Verdict]]:
    return [(r.theorem.id, _without_seconds(r.verdict)) for r in results]


def test_a_split_check_is_combined_in_declared_order(proofs: Path) -> None:
    results = {r.theorem.id: r for r in run_theorems(load_library([proofs]), CheckSettings())}
    assert results["xor-commutes"].verdict.status is Status.PROVED
    assert results["xor-commutes"].verdict.cases == 64
    # a = 1 fails in the first slice; slices 2..3 fail too, at larger a.
    assert results["xor-is-or"].verdict.counterexample == {"a": 1, "b": 1}
    assert all(r.as_expected for r in results.values())


def test_workers_give_the_serial_verdicts(proofs: Path) -> None:
    theorems = load_library([proofs])
    seen: list[tuple[int, int]] = []
    timings: dict[str, float] = {}
    parallel = run_theorems(
        theorems,
        CheckSettings(),
        lambda done, total, result: seen.append((done, total)),
        jobs=2,
        timings=timings,
    )
    assert _outcomes(parallel) == _outcomes(run_theorems(theorems, CheckSettings()))
    assert seen == [(1, 3), (2, 3), (3, 3)]  # once per theorem, not per part
    assert set(timings) == {
        *(f"{t}/a-from-{low}" for t in ("xor-commutes", "xor-is-or") for low in (0, 2, 4, 6)),
        "whole",
    }


def test_a_split_verdict_takes_the_time_of_its_parts(proofs: Path) -> None:
    theorem = load_library([proofs])[0]
    timings: dict[str, float] = {}
    result = check_theorem(theorem, CheckSettings(), timings)
    assert len(result.verdict.parts) == 0  # the combiner chose its own shape
    assert result.verdict.seconds >= 0 and set(timings) == {
        f"xor-commutes/a-from-{low}" for low in (0, 2, 4, 6)
    }


def test_the_gatherer_does_not_depend_on_arrival_order(proofs: Path) -> None:
    theorems = load_library([proofs])
    settings = CheckSettings()
    tasks = plan_tasks(theorems, settings)
    mutant = theorems[1]
    assert mutant.split is not None
    verdicts = {
        (task.theorem, task.part): (
            check_theorem(theorems[task.theorem], settings).verdict
            if task.part is None
            else mutant.split.parts(settings)[task.part].run(settings)
            if task.theorem == 1
            else Verdict(Status.PROVED, "exhaustive", cases=16)
        )
        for task in tasks
    }
    for order in (tasks, list(reversed(tasks))):
        gather = PartGatherer(theorems, tasks, settings)
        finished = [gather.add(task, verdicts[(task.theorem, task.part)]) for task in order]
        assert sum(result is not None for result in finished) == 3
        assert gather.results()[1].verdict.counterexample == {"a": 1, "b": 1}


def test_tasks_are_planned_longest_first(proofs: Path) -> None:
    theorems = load_library([proofs])
    plan = plan_tasks(theorems, CheckSettings())
    assert [t.cost for t in plan] == sorted((t.cost for t in plan), reverse=True)
    assert plan[0] == Task(0, 3, "xor-commutes/a-from-6", 6.0)  # ties: library order
    assert plan[1].key == "xor-is-or/a-from-6"
    # An earlier run's times take the place of the static estimates.
    earlier = {"whole": 100.0, task_key("xor-is-or", "a-from-0", False): 50.0}
    replanned = plan_tasks(theorems, CheckSettings(), earlier)
    assert [t.key for t in replanned[:2]] == ["whole", "xor-is-or/a-from-0"]
    # A quick run remembers its times apart from a full run's.
    assert plan_tasks(theorems, CheckSettings(quick=True))[0].key == "quick:xor-commutes/a-from-6"


def test_a_theorem_has_exactly_one_of_check_and_split() -> None:
    split = Split(lambda s: [], lambda verdicts, s: Verdict(Status.PROVED, "none"))
    with pytest.raises(ClaimError, match="exactly one of check and split"):
        Theorem("neither", "t", "s", "test")
    with pytest.raises(ClaimError, match="exactly one of check and split"):
        Theorem("both", "t", "s", "test", check=lambda s: Verdict(Status.PROVED, "x"), split=split)


def test_a_part_that_raises_a_grundy_error_is_an_error_part() -> None:
    def broken(settings: CheckSettings) -> Verdict:
        raise ClaimError("bad parameter")

    split = Split(
        lambda s: [Part("fine", lambda s: Verdict(Status.PROVED, "z3")), Part("bad", broken)],
        lambda verdicts, s: next(v for v in verdicts if v.status is not Status.PROVED),
    )
    result = check_theorem(Theorem("t", "t", "s", "test", split=split), CheckSettings())
    assert result.verdict.status is Status.ERROR
    assert result.verdict.message == "part bad: bad parameter"


def test_task_times_survive_garbage_and_merge(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path))
    assert task_times_path() == tmp_path / "task-seconds.json"
    assert load_task_times() == {}
    task_times_path().write_text("not json")
    assert load_task_times() == {}
    task_times_path().write_text(json.dumps({"a": 1.5, "b": "slow", "c": -1}))
    assert load_task_times() == {"a": 1.5}
    save_task_times({"d": 2.25})
    assert load_task_times() == {"a": 1.5, "d": 2.25}
    assert [p.name for p in tmp_path.iterdir()] == ["task-seconds.json"]  # no temp file left


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_unwritable_cache_changes_nothing(tmp_path: Path, monkeypatch) -> None:
    tmp_path.chmod(0o500)
    monkeypatch.setenv("GRUNDY_CACHE_DIR", str(tmp_path / "sub"))
    save_task_times({"a": 1.0})  # silently not kept
    assert load_task_times() == {}


def test_verify_remembers_task_times_for_the_next_run(proofs: Path, run_cli) -> None:
    first = run_cli("verify", str(proofs), "--json", "--jobs", "2")
    assert first.code == 0, first.err
    times = load_task_times()
    assert "xor-commutes/a-from-4" in times and "whole" in times
    second = run_cli("verify", str(proofs), "--json", "--jobs", "2")
    assert second.json()["summary"] == first.json()["summary"] == {"checked": 2, "refuted": 1}


@pytest.mark.slow
def test_split_parts_run_as_dask_tasks(proofs: Path) -> None:
    import distributed

    from grundy.distributed import run_theorems_on_dask

    theorems = load_library([proofs])
    settings = CheckSettings(seed=3)
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": ":0"},
        silence_logs=logging.ERROR,
    )
    with cluster:
        timings: dict[str, float] = {}
        results = run_theorems_on_dask(
            theorems, settings, scheduler=cluster.scheduler_address, timings=timings
        )
    assert _outcomes(results) == _outcomes(run_theorems(theorems, settings))
    assert len(timings) == 9  # 4 + 4 parts and one whole check


def test_an_error_part_is_never_hidden_by_the_combiner() -> None:
    def broken(settings: CheckSettings) -> Verdict:
        raise ClaimError("no domain for this game")

    split = Split(
        lambda s: [
            Part("fine", lambda s: Verdict(Status.UNREFUTED, "random")),
            Part("bad", broken),
        ],
        lambda verdicts, s: Verdict(Status.PROVED, "combined"),  # would hide the error
    )
    result = check_theorem(Theorem("t", "t", "s", "test", split=split), CheckSettings())
    assert result.verdict.status is Status.ERROR
    assert result.verdict.message == "part bad: no domain for this game"
