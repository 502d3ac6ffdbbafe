"""The certified sequence path against the C reference, whole processes, in one run.

For octal 0.376 to 4,540,000 and 0.354 to 20,130,000, ``grundy sequence octal --code C
--upto N --period --summary`` (values, period search, certificate, independent re-check)
is run beside ``bench/c/heapseq.c`` (the same rare/common method, values only, ``cc
-O2``), in turn, and the ratio of CPU seconds (user + system) is taken pair by pair, the
median quoted.  ``--before SRC`` adds an earlier grundy's ``src`` folder (for instance
``git archive COMMIT src | tar -x -C DIR``; ``--after`` likewise, the
working tree's own by default) to the same series, so that before and after
are measured under the same load.  Then, in one process each, the CPU seconds of each
stage, and the values compared with C's array for array.  Usage::

    .venv/bin/python bench/bench_certified.py [--repeats 3] [--before DIR/src]
        [--after DIR/src] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from bench_baselines import compile_baselines, measured

HERE = Path(__file__).resolve().parent
OURS = HERE.parent / "src"

WORK = (("0.376", 4_540_000), ("0.354", 20_130_000))
QUICK_WORK = (("0.16", 520_000),)  # certified too: period 149,459 from 105,351

# heapseq's arguments for these codes: tokens taken leaving none, one heap, two heaps
C_RULES = {
    "0.376": ["1,2", "1,2,3", "2,3", "0"],
    "0.354": ["1,2", "1", "2,3", "0"],
    "0.16": ["1", "2", "2", "0"],
}

STAGES = r"""
import json, resource, sys, time
import numpy as np
from grundy.games.octal import OctalGame
from grundy.solve.fast_sequences import kernel_sequence, rare_classes, sequence_values
from grundy.solve.heap_sequences import rules_of
from grundy.certify.periodicity import period_report
from grundy.certify.periodicity_check import check_certificate
code, upto, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
game = OctalGame(code)
rules = rules_of(game)
stages, clock = {}, time.process_time()
def stage(name):
    global clock
    now = time.process_time()
    stages[name] = now - clock
    clock = now
kernel_sequence(rules, 6000)
stage("numba loaded, kernel ready")
values = sequence_values(rules, upto, None)
stage("values (engine)")
rare_classes(rules, values).rare_heaps(values)
stage("summary (rare heaps)")
report = period_report(game, values)
stage("period search, certificate")
valid = report.certificate is not None and check_certificate(report.certificate).valid
stage("independent re-check")
np.save(out, values)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"stages": stages, "valid": valid, "peak": peak}))
"""


def grundy_command(src: Path, code: str, upto: int) -> list[str]:
    return [
        "env", f"PYTHONPATH={src}", sys.executable, "-m", "grundy", "sequence", "octal",
        "--code", code, "--upto", str(upto), "--period", "--summary",
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--before", type=Path, help="an earlier grundy's src folder")
    parser.add_argument("--after", type=Path, default=OURS, help="the src folder measured")
    parser.add_argument("--quick", action="store_true", help="small N only")
    args = parser.parse_args(argv)
    programs = compile_baselines()
    if isinstance(programs, str):
        print(f"no C reference: {programs}", file=sys.stderr)
        return 2
    trees = {"after": args.after.resolve()} | (
        {"before": args.before.resolve()} if args.before else {}
    )
    for src in trees.values():  # fill each tree's compile cache before anything is timed
        measured(grundy_command(src, "0.16", 520_000))  # every kernel it needs, compiled
    out = sys.stdout
    out.write(
        f"Whole processes, {args.repeats} rounds of {' / '.join([*trees, 'C'])} in turn; "
        f"CPU s (user + system), median (min-max); load average {os.getloadavg()[0]:.1f} "
        "at the start.\n\n"
        "| command | tree | CPU s | peak MiB | C CPU s | C peak MiB | ratio (CPU, pair by pair) "
        "| says |\n|---|---|---:|---:|---:|---:|---:|---|\n"
    )
    for code, upto in QUICK_WORK if args.quick else WORK:
        c_command = [str(programs["heapseq"]), "sparse", str(upto), *C_RULES[code], "-"]
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in [*trees, "C"]}
        said: dict[str, str] = {}
        for _ in range(args.repeats):
            for name, src in trees.items():
                text, peak, cpu = measured(grundy_command(src, code, upto))
                runs[name].append((cpu, peak))
                lines = [line for line in text.splitlines() if line.startswith("Certified")]
                said[name] = lines[0] if lines else "?"
            _, peak, cpu = measured(c_command)
            runs["C"].append((cpu, peak))
        c_cpu = [cpu for cpu, _ in runs["C"]]
        for name in trees:
            cpu = [c for c, _ in runs[name]]
            ratios = [ours / theirs for ours, theirs in zip(cpu, c_cpu, strict=True)]
            certified = said[name].split(" (")[0]
            recheck = "re-checked by the independent checker" in said[name]
            out.write(
                f"| `grundy sequence octal --code {code} --upto {upto} --period --summary` "
                f"| {name} | {_spread(cpu)} | {max(p for _, p in runs[name]):.0f} "
                f"| {_spread(c_cpu)} | {max(p for _, p in runs['C']):.0f} | {_spread(ratios, 'x')} "
                f"| {certified}{', re-checked' if recheck else ''} |\n"
            )
    out.write(f"\nLoad average at the end {os.getloadavg()[0]:.1f}.\n")
    out.write("\nStages in one process each (CPU s; the values compared with C's array):\n\n")
    names = list(trees)
    out.write(f"| work | stage | {' | '.join(names)} |\n|---|---|{'---:|' * len(names)}\n")
    for code, upto in QUICK_WORK if args.quick else WORK:
        found: dict[str, dict[str, object]] = {}
        with tempfile.TemporaryDirectory() as folder:
            c_values = Path(folder) / "c.bin"
            subprocess.run(
                [str(programs["heapseq"]), "sparse", str(upto), *C_RULES[code], str(c_values)],
                capture_output=True, check=True,
            )  # fmt: skip
            for name, src in trees.items():
                saved = Path(folder) / f"{name}.npy"
                done = subprocess.run(
                    [sys.executable, "-c", STAGES, code, str(upto), str(saved)],
                    env={**os.environ, "PYTHONPATH": str(src)},
                    capture_output=True, text=True, check=True,
                )  # fmt: skip
                found[name] = json.loads(done.stdout)
                same = np.array_equal(np.load(saved), np.fromfile(c_values, dtype=np.int32))
                if not same or not found[name]["valid"]:
                    out.write(f"MISMATCH: {name} {code}: values {same}, re-check valid "
                              f"{found[name]['valid']}\n")  # fmt: skip
                    return 1
        stages = list(found["after"]["stages"])  # type: ignore[arg-type]
        for stage in stages:
            cells = " | ".join(f"{found[n]['stages'][stage]:.2f}" for n in names)  # type: ignore[index]
            out.write(f"| {code} to {upto:,} | {stage} | {cells} |\n")
        peaks = " | ".join(f"{float(found[n]['peak']):.0f} MiB" for n in names)  # type: ignore[arg-type]
        out.write(f"| {code} to {upto:,} | peak memory; values identical to C's | {peaks} |\n")
    return 0


def _spread(numbers: list[float], unit: str = "") -> str:
    middle = statistics.median(numbers)
    return f"{middle:.2f}{unit} ({min(numbers):.2f}-{max(numbers):.2f})"


if __name__ == "__main__":
    raise SystemExit(main())
