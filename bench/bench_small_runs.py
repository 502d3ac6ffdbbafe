"""Small runs as a user starts them: the whole ``grundy`` process against the C program.

Issue 38 section 2.  For the bench runs that the C references of bench/c finish in under
a second, this times the whole command (interpreter start, imports, numba's import and
its cached kernels, the work, the period certificate and its independent re-check)
against the whole C process (compiled ``cc -O2`` into bench/c/build/), the two run in
turn, A B A B ..., so that a drift of the shared machine's speed hits both.  The figure
is CPU time (user + system, the operating system's accounting of the finished child),
the median of the runs, with the ratio grundy / C taken pair by pair.

A second table takes one run of each apart inside a Python process (``--phases``):
where the fixed cost goes.  Usage::

    .venv/bin/python bench/bench_small_runs.py              # both tables (a few minutes)
    .venv/bin/python bench/bench_small_runs.py --runs 3     # fewer pairs
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "c"
BUILD = SOURCES / "build"

# (label, grundy's words, the C program's words); the heap rules are octal 0.16's
# (take 1 leaving nothing; take 2 leaving one or two heaps), 0.56's and Kayles' (0.77).
RUNS = (
    (
        "octal 0.16, G(0..520,000), period",
        ["sequence", "octal", "--code", "0.16", "--upto", "520000", "--period", "--summary"],
        ["heapseq", "sparse", "520000", "1", "2", "2", "0", "-"],
    ),
    (
        "octal 0.56, G(0..660,000), period",
        ["sequence", "octal", "--code", "0.56", "--upto", "660000", "--period", "--summary"],
        ["heapseq", "sparse", "660000", "1", "2", "1,2", "0", "-"],
    ),
    (
        "Kayles, G(0..1,000,000), period",
        ["sequence", "kayles", "--upto", "1000000", "--period", "--summary"],
        ["heapseq", "sparse", "1000000", "1,2", "1,2", "1,2", "0", "-"],
    ),
    (
        "Kayles, G(0..1,000,000)",
        ["sequence", "kayles", "--upto", "1000000", "--summary"],
        ["heapseq", "sparse", "1000000", "1,2", "1,2", "1,2", "0", "-"],
    ),
    ("Chomp 10x10", ["solve", "chomp", *["10"] * 10], ["chomp", "10", "10", "-"]),
    ("Chomp 12x12", ["solve", "chomp", *["12"] * 12], ["chomp", "12", "12", "-"]),
)


def compile_c() -> dict[str, Path]:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        raise SystemExit("no C compiler found (cc, gcc, clang)")
    BUILD.mkdir(exist_ok=True)
    programs = {}
    for source in sorted(SOURCES.glob("*.c")):
        target = BUILD / source.stem
        subprocess.run([compiler, "-O2", "-o", str(target), str(source)], check=True)
        programs[source.stem] = target
    return programs


def cpu_of(command: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    """CPU seconds (user + system) of one whole child process, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()[-300:]}")
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, done.stdout


def grundy_command() -> list[str]:
    return [sys.executable, "-m", "grundy"]


def side_by_side(runs: int) -> list[str]:
    programs = compile_c()
    rows = [
        "| run | grundy CPU s (median) | C CPU s (median) | ratio grundy / C (median of pairs) "
        "| range of the ratio | load |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for label, words, c_words in RUNS:
        c_command = [str(programs[c_words[0]]), *c_words[1:]]
        ours, theirs, ratios, loads = [], [], [], []
        cpu_of([*grundy_command(), *words])  # warm-up: the kernel cache is filled
        for _ in range(runs):
            loads.append(os.getloadavg()[0])
            mine, _ = cpu_of([*grundy_command(), *words])
            c_cpu, _ = cpu_of(c_command)
            ours.append(mine)
            theirs.append(c_cpu)
            ratios.append(mine / max(c_cpu, 1e-3))
        rows.append(
            f"| {label} | {statistics.median(ours):.3f} | {statistics.median(theirs):.3f} "
            f"| {statistics.median(ratios):.1f}x | {min(ratios):.1f}-{max(ratios):.1f}x "
            f"| {min(loads):.1f}-{max(loads):.1f} |"
        )
    return rows


PHASES = r"""
import json, sys, time
clock = time.process_time
marks = {}
start = clock()
import numpy
marks['numpy imported'] = clock() - start
import grundy.cli
marks['grundy.cli imported'] = clock() - start
import numba
marks['numba imported'] = clock() - start
from grundy.games.octal import OctalGame
from grundy.solve.fast_sequences import kernel_sequence
from grundy.solve.heap_sequences import rules_of
rules = rules_of(OctalGame(sys.argv[1]))
kernel_sequence(rules, 100)
marks['first kernel loaded (and run to 100)'] = clock() - start
run = kernel_sequence(rules, int(sys.argv[2]))
marks['G(0..N) computed'] = clock() - start
from grundy.certify.periodicity import period_report
report = period_report(OctalGame(sys.argv[1]), run.values)
marks['period found, certificate built'] = clock() - start
from grundy.certify.periodicity_check import check_certificate
assert check_certificate(report.certificate).valid
marks['certificate re-checked'] = clock() - start
print(json.dumps(marks))
"""


def phases() -> list[str]:
    """One run of octal 0.16 to 520,000 taken apart (cumulative CPU seconds)."""
    start = time.process_time()
    bare, _ = cpu_of([sys.executable, "-c", "pass"])
    del start
    rows = [
        "| octal 0.16 to 520,000, in one process: after | CPU s (cumulative) | this step |",
        "|---|---:|---:|",
        f"| Python started (a separate `python -c pass`) | {bare:.3f} | {bare:.3f} |",
    ]
    done = subprocess.run(
        [sys.executable, "-c", PHASES, "0.16", "520000"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    previous = 0.0
    for name, seconds in json.loads(done.stdout).items():
        rows.append(f"| {name} | {bare + seconds:.3f} | {seconds - previous:.3f} |")
        previous = seconds
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="pairs of runs (default 5)")
    parser.add_argument("--no-phases", action="store_true", help="the side-by-side table only")
    args = parser.parse_args(argv)
    print("\n".join(side_by_side(args.runs)))
    if not args.no_phases:
        print()
        print("\n".join(phases()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
