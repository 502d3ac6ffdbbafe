"""``grundy verify`` on several z3-solver versions: the evidence for the accepted range.

For each version it installs that z3-solver wheel alone into ``bench/.z3/VERSION`` (once;
from the package index), runs ``grundy verify --json --jobs 1`` with that Z3 first on the
import path, and reports the total CPU of all tasks, the longest task and whether the
verdicts equal those of the first version listed.  A task is a theorem's check, or one part
of a split check; the scaling target asks that none takes more than 10 s of CPU.

Run: .venv/bin/python bench/bench_z3_versions.py [--versions 5.0.0.0,5.4.1.0] [--quick]
Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
STORE = HERE / ".z3"
MEASURED = {"seconds", "parts_seconds", "solver", "queries"}  # figures that vary by run
TASK_LIMIT = 10.0  # CPU seconds


def installed(version: str) -> Path:
    target = STORE / version
    if not (target / "z3").is_dir():
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
             str(target), f"z3-solver=={version}"],
            check=True,
        )  # fmt: skip
    return target


def run(version: str, quick: bool) -> tuple[dict, dict[str, float]]:
    """The JSON of ``grundy verify`` and the task CPU seconds, with this Z3."""
    with tempfile.TemporaryDirectory() as cache:
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(installed(version)), str(ROOT / "src")]),
            "GRUNDY_CACHE_DIR": cache,
        }
        words = [sys.executable, "-m", "grundy", "verify", "--json", "--jobs", "1"]
        done = subprocess.run(
            [*words, *(["--quick"] if quick else [])],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=False,
        )
        if done.returncode not in (0, 1):
            raise SystemExit(f"z3-solver {version}: grundy verify failed: {done.stderr.strip()}")
        times = json.loads((Path(cache) / "task-seconds.json").read_text(encoding="utf-8"))
    return json.loads(done.stdout), times


def verdicts_only(data: object) -> object:
    if isinstance(data, dict):
        return {k: verdicts_only(v) for k, v in data.items() if k not in MEASURED}
    if isinstance(data, list):
        return [verdicts_only(v) for v in data]
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--versions", default="5.0.0.0,5.4.1.0")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    print(f"grundy verify{' --quick' if args.quick else ''} --jobs 1, task CPU seconds\n")
    print("| z3-solver | total task CPU s | longest task s | tasks over 10 s | verdicts |")
    print("|---|---:|---|---:|---|")
    reference = None
    for version in args.versions.split(","):
        out, times = run(version, args.quick)
        key = max(times, key=times.__getitem__)
        over = sum(t > TASK_LIMIT for t in times.values())
        same = (
            "-" if reference is None else ("same" if verdicts_only(out) == reference else "DIFFER")
        )
        reference = reference if reference is not None else verdicts_only(out)
        print(
            f"| {version} | {sum(times.values()):.1f} | {times[key]:.2f} ({key}) | {over} | "
            f"{same} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
