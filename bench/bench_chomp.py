"""Chomp: the compiled box engine against its numpy form and the plain exact solver.

Each measurement runs in a fresh process, so its peak memory (resident set size, from
``resource``) is its own; the table also gives the peak of a process that only imports
grundy, to subtract.  Times are wall-clock seconds for the value of the n x n board,
which needs every diagram inside the box either way.  The plain solver is run only where
it finishes in about a minute on a small machine (up to 10 x 10); above that the row says
"skipped".  Usage::

    .venv/bin/python bench/bench_chomp.py            # the table
    .venv/bin/python bench/bench_chomp.py 6 8 10     # chosen sizes
"""

from __future__ import annotations

import json
import math
import subprocess
import sys

SIZES = (6, 8, 10, 12)
PLAIN_UP_TO = 10


def measure(method: str, side: int) -> dict[str, float | int]:
    """Run in the child: value the side x side board by one method."""
    import resource
    import time

    from grundy.games.chomp import Chomp
    from grundy.solve.chomp_engine import solve_box_kernel, solve_box_numpy
    from grundy.solve.solver import Solver

    if method == "engine":
        solve_box_kernel(2, 2)  # compile the kernel (or load it from the cache) first
    start = time.perf_counter()
    if method == "engine":
        value = solve_box_kernel(side, side).grundy_value((side,) * side)
    elif method == "numpy":
        value = solve_box_numpy(side, side).grundy_value((side,) * side)
    elif method == "plain":
        value = Solver(Chomp(), use_engines=False).grundy_value((side,) * side)
    else:  # "import": the baseline process
        value = -1
    seconds = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    with open("/proc/self/status", encoding="ascii") as status:  # VmHWM: reset at exec
        for line in status:
            if line.startswith("VmHWM:"):
                peak_kib = int(line.split()[1])
    return {"seconds": seconds, "peak_mib": peak_kib / 1024, "grundy": value}


def run_child(method: str, side: int) -> dict[str, float | int]:
    done = subprocess.run(
        [sys.executable, __file__, "--child", method, str(side)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float | int] = json.loads(done.stdout)
    return result


def main(arguments: list[str]) -> int:
    if arguments[:1] == ["--child"]:
        print(json.dumps(measure(arguments[1], int(arguments[2]))))
        return 0
    sizes = [int(word) for word in arguments] or list(SIZES)
    baseline = run_child("import", 1)
    print(f"Peak memory of a process that only imports grundy: {baseline['peak_mib']:.0f} MiB\n")
    print(
        "| board | diagrams | kernel s | kernel peak MiB | numpy engine s | numpy peak MiB "
        "| plain s | plain peak MiB | plain / kernel |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for side in sizes:
        engine = run_child("engine", side)
        numpy_engine = run_child("numpy", side)
        if numpy_engine["grundy"] != engine["grundy"]:
            print(f"MISMATCH at {side}x{side}: {numpy_engine['grundy']} != {engine['grundy']}")
            return 1
        diagrams = math.comb(2 * side, side)
        if side <= PLAIN_UP_TO:
            plain = run_child("plain", side)
            if plain["grundy"] != engine["grundy"]:
                print(f"MISMATCH at {side}x{side}: {plain['grundy']} != {engine['grundy']}")
                return 1
            plain_cells = (
                f"{plain['seconds']:.2f} | {plain['peak_mib']:.0f} | "
                f"{plain['seconds'] / engine['seconds']:.0f}x"
            )
        else:
            plain_cells = "skipped | - | -"
        print(
            f"| {side}x{side} (G = {engine['grundy']}) | {diagrams:,} | "
            f"{engine['seconds']:.2f} | {engine['peak_mib']:.0f} | "
            f"{numpy_engine['seconds']:.2f} | {numpy_engine['peak_mib']:.0f} | {plain_cells} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
