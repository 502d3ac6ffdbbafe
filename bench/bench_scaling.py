"""How ``grundy verify`` scales with worker processes, and what many cores would give.

Runs ``grundy verify --json --jobs N`` for N = 1, 2, 4, ... up to this machine's cores,
each in a fresh process, and reports wall time, CPU time (the command and its workers) and
the longest single task (CPU seconds; a task is a theorem's check or one part of a split
check).  Every run starts from the task times of the ``--jobs 1`` run, so the longest-first
schedule is the one a user gets from their second run on.

From the ``--jobs 1`` task times it then computes, for a machine with more cores, the
schedule grundy would follow (longest task first, each to the worker free soonest) and the
target of the scaling issue: within 1.5x of (total CPU / cores) plus start-up.

Run: .venv/bin/python bench/bench_scaling.py [--cores 16] [--quick] [--jobs 1,2]
Prints a Markdown table.  Also checks that every run's verdicts equal the --jobs 1 run's.
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GRUNDY = [sys.executable, "-m", "grundy"]
MEASURED = {"seconds", "parts_seconds", "solver", "queries"}  # figures that vary by run


def run_verify(jobs: int, cache: Path, quick: bool) -> tuple[float, float, dict, dict[str, float]]:
    """(wall, CPU, JSON output, task CPU seconds) of one ``grundy verify`` run."""
    env = {**os.environ, "GRUNDY_CACHE_DIR": str(cache)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    words = [*GRUNDY, "verify", "--json", "--jobs", str(jobs), *(["--quick"] if quick else [])]
    done = subprocess.run(words, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        raise SystemExit(f"grundy verify --jobs {jobs} failed: {done.stderr.strip()}")
    times = json.loads((cache / "task-seconds.json").read_text(encoding="utf-8"))
    return wall, cpu, json.loads(done.stdout), times


def verdicts_only(data: object) -> object:
    """The JSON without measured figures (times, Z3 statistics)."""
    if isinstance(data, dict):
        return {k: verdicts_only(v) for k, v in data.items() if k not in MEASURED}
    if isinstance(data, list):
        return [verdicts_only(v) for v in data]
    return data


def longest_first_makespan(times: list[float], workers: int) -> float:
    """When the last task ends if each task, longest first, goes to the worker free soonest."""
    free = [0.0] * workers
    for seconds in sorted(times, reverse=True):
        heapq.heapreplace(free, free[0] + seconds)
    return max(free)


def startup_seconds(times: dict[str, float]) -> float:
    """Wall time of a ``grundy verify`` of the quickest unsplit theorem alone: start-up
    (imports, loading proofs/) and next to no checking."""
    whole = {key.removeprefix("quick:"): t for key, t in times.items() if "/" not in key}
    quickest = min(whole, key=whole.__getitem__)
    start = time.perf_counter()
    subprocess.run(
        [*GRUNDY, "verify", "--json", "--jobs", "1", quickest],
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cores", type=int, default=16, help="the machine to project onto")
    parser.add_argument("--quick", action="store_true", help="grundy verify --quick")
    parser.add_argument("--jobs", default=None, help="job counts, comma separated")
    args = parser.parse_args()
    cpus = os.cpu_count() or 1
    counts = [int(j) for j in args.jobs.split(",")] if args.jobs else _powers_up_to(cpus)
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "jobs-1"
        base.mkdir()
        wall1, cpu1, out1, times1 = run_verify(1, base, args.quick)
        rows = [(1, wall1, cpu1, times1)]
        for jobs in (j for j in counts if j != 1):
            cache = Path(folder) / f"jobs-{jobs}"
            shutil.copytree(base, cache)  # plan from the --jobs 1 times
            wall, cpu, out, times = run_verify(jobs, cache, args.quick)
            if verdicts_only(out) != verdicts_only(out1):
                raise SystemExit(f"--jobs {jobs} gave other verdicts than --jobs 1")
            rows.append((jobs, wall, cpu, times))
    print(f"grundy verify{' --quick' if args.quick else ''}: {len(times1)} tasks\n")
    print("| jobs | wall s | CPU s | longest task (CPU s) |")
    print("|---:|---:|---:|---|")
    for jobs, wall, cpu, times in rows:
        key = max(times, key=times.__getitem__)
        print(f"| {jobs} | {wall:.1f} | {cpu:.1f} | {times[key]:.2f} ({key}) |")
    total = sum(times1.values())
    startup = startup_seconds(times1)
    makespan = longest_first_makespan(list(times1.values()), args.cores)
    bound = 1.5 * total / args.cores + startup
    verdict = "within" if makespan + startup <= bound else "NOT within"
    print(
        f"\nProjected onto {args.cores} cores from the --jobs 1 task times: total task CPU "
        f"{total:.1f} s, longest task {max(times1.values()):.2f} s, start-up {startup:.1f} s; "
        f"longest-first schedule {makespan:.1f} s + start-up = {makespan + startup:.1f} s, "
        f"{verdict} the target 1.5 x {total:.1f} / {args.cores} + start-up = {bound:.1f} s."
    )
    print(f"All {len(rows)} runs gave the same verdicts.")


def _powers_up_to(cpus: int) -> list[int]:
    counts, jobs = [], 1
    while jobs < cpus:
        counts.append(jobs)
        jobs *= 2
    return [*counts, cpus]


if __name__ == "__main__":
    main()
