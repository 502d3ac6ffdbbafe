"""Time the independent re-check of periodicity certificates: the old O(N^2) checker
against the linear-time one, and octal 0.354 end to end, as Markdown tables.

    .venv/bin/python bench/bench_recheck.py            # up to 0.354's 20,130,001 values
    .venv/bin/python bench/bench_recheck.py --quick    # up to 1,000,000 values

The values are 0.354's, from the compiled engine (prefixes of G(0..N) are right for
every N).  The old checker is copied below as it was (every option listed, a mex per
heap); it refused certificates whose estimated options passed 50,000,000, about 10,000
values of 0.354; its loop is also timed at 30,000 values.  The end-to-end rows run the command
line in a fresh process each: the sequence with its period (which now re-checks the
certificate itself) writing the certificate, then ``grundy certificate`` on the file.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from grundy.certify.periodicity import period_report
from grundy.certify.periodicity_check import check_certificate
from grundy.certify.value_check import check_values
from grundy.games.octal import OctalGame
from grundy.solve.fast_sequences import kernel_sequence
from grundy.solve.heap_sequences import rules_of

CODE = "0.354"
MOVES = [(1, 3), (2, 5), (3, 4)]  # the digits of 0.354 after the point
PERIOD = ("--period", "--summary", "--certificate")
OLD_STEP_LIMIT = 50_000_000  # the old checker's refusal, in estimated options


def old_recomputation(values: list[int]) -> bool:
    """The old checker's loop: every option of every heap, a mex, compared."""
    digits = [0, 3, 5, 4]
    recomputed: list[int] = []
    for heap in range(len(values)):
        seen: set[int] = set()
        for take, digit in enumerate(digits):
            rest = heap - take
            if rest < 0:
                break
            if digit & 1 and rest == 0:
                seen.add(0)
            if digit & 2 and rest >= 1:
                seen.add(recomputed[rest])
            if digit & 4:
                seen.update(recomputed[a] ^ recomputed[rest - a] for a in range(1, rest // 2 + 1))
        value = 0
        while value in seen:
            value += 1
        recomputed.append(value)
        if value != values[heap]:
            return False
    return True


def old_estimate(count: int, code: str = CODE) -> int:
    """The old checker's estimate of the options it would list, for an octal code."""
    digits = [0] + [int(ch, 8) for ch in code.partition(".")[2]]
    splits = sum(1 for digit in digits if digit & 4)
    return count * len(digits) + splits * count * count // 4


def run_command(words: list[str]) -> tuple[float, float, float, str]:
    """(wall s, CPU s, peak MiB, last line of output) of one command in a fresh process."""
    with tempfile.TemporaryFile("w+") as output:
        start = time.perf_counter()
        process = subprocess.Popen(words, stdout=output, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        lines = output.read().strip().splitlines()
    if process.returncode:
        raise SystemExit(f"{' '.join(words)} failed: {lines[-3:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, lines[-1]


def other_games(out: Any) -> None:
    """The whole check of other octal games' certificates (values and theorem)."""
    out.write("\n| code | period | preperiod | values | old checker | new checker s | valid |\n")
    out.write("|---|---:|---:|---:|---|---:|---|\n")
    for code, upto in (("0.16", 520_000), ("0.56", 660_000), ("0.376", 4_540_000)):
        game = OctalGame(code)
        certificate = period_report(game, kernel_sequence(rules_of(game), upto).values).certificate
        assert certificate is not None
        start = time.process_time()
        check = check_certificate(certificate)
        seconds = time.process_time() - start
        count = len(certificate.values)
        old = "refused" if old_estimate(count, code) > OLD_STEP_LIMIT else "-"
        out.write(
            f"| {code} | {certificate.period:,} | {certificate.preperiod:,} | {count:,} | {old} "
            f"| {seconds:.2f} | {'yes' if check.valid else 'NO'} |\n"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="up to 10^6 values, no command")
    args = parser.parse_args(argv)
    largest = 1_000_000 if args.quick else 20_130_000
    out = sys.stdout
    load = os.getloadavg()[0]
    values = kernel_sequence(rules_of(OctalGame(CODE)), largest).values.astype(np.int32)
    check_values(MOVES, values[:100])  # compile the kernel (or load it from the cache)
    out.write(f"Octal {CODE}, G(0..N) re-checked; load average at the start {load:.1f}.\n\n")
    out.write("| values | old checker s | new checker s | new: splits read | valid |\n")
    out.write("|---:|---:|---:|---:|---|\n")
    sizes = [1_000, 3_000, 9_000, 30_000, 100_000, 1_000_000, 10_000_000, 20_130_001]
    for count in (size for size in sizes if size <= largest + 1):
        prefix = values[:count]
        old = "refused"
        if count <= 30_000:  # the old loop itself, also where the old checker refused
            start = time.process_time()
            assert old_recomputation(prefix.tolist())
            old = f"{time.process_time() - start:.2f}"
            if old_estimate(count) > OLD_STEP_LIMIT:
                old = f"refused (its loop alone: {old})"
        start = time.process_time()
        check = check_values(MOVES, prefix)
        seconds = time.process_time() - start
        assert check.valid
        out.write(f"| {count:,} | {old} | {seconds:.2f} | {check.steps:,} | yes |\n")
    out.write(
        "\nCPU seconds in this process. 'refused': beyond the old checker's 50,000,000 "
        "estimated options; its loop is O(N^2), so 20,130,001 values would take about "
        "(20,130,001 / 9,000)^2 = 5 million times its 9,000-value time.\n"
    )
    if args.quick:
        return 0
    other_games(out)
    with tempfile.TemporaryDirectory() as folder:
        certificate = path = str(Path(folder) / "c354.json")
        grundy = [sys.executable, "-m", "grundy"]
        rows = [
            (
                f"grundy sequence octal --code {CODE} --upto 20130000 --period --summary "
                "--certificate FILE",
                [*grundy, "sequence", "octal", "--code", CODE, "--upto", "20130000", *PERIOD, path],
            ),
            ("grundy certificate FILE", [*grundy, "certificate", certificate]),
        ]
        out.write("\n| command | wall s | CPU s | peak MiB | load | says |\n")
        out.write("|---|---:|---:|---:|---:|---|\n")
        for shown, words in rows:
            load = os.getloadavg()[0]
            wall, cpu, peak, said = run_command(words)
            said = said if len(said) < 160 else said[:157] + "..."
            out.write(
                f"| `{shown}` | {wall:.1f} | {cpu:.1f} | {peak:,.0f} | {load:.1f} | {said} |\n"
            )
        size = Path(certificate).stat().st_size
        out.write(f"\nThe certificate file: {size / (1 << 20):,.0f} MiB (one line of JSON).\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
