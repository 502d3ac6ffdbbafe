"""The Python engines against compiled C baselines built from bench/c/ (issue 8 targets).

The C programs (bench/c/heapseq.c, bench/c/chomp.c) are compiled with ``cc -O2`` into
bench/c/build/ (ignored by git) each run.  Every C result is compared with the Python
engine's: the whole value array, byte for byte, and the winning bites of the Chomp
boards.  A disagreement prints ``MISMATCH`` and makes the script exit with code 1.
Without a C compiler the rows say so and the Python engines are still timed.  Usage::

    .venv/bin/python bench/bench_baselines.py           # the targets (a few minutes)
    .venv/bin/python bench/bench_baselines.py --quick   # small sizes only
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "c"
BUILD = SOURCES / "build"


class Mismatch(Exception):
    """A C baseline disagrees with a Python engine."""


def compile_baselines() -> dict[str, Path] | str:
    """The compiled programs by name, or why there are none."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        return "no C compiler found (cc, gcc, clang)"
    BUILD.mkdir(exist_ok=True)
    programs = {}
    for source in sorted(SOURCES.glob("*.c")):
        target = BUILD / source.stem
        done = subprocess.run(
            [compiler, "-O2", "-o", str(target), str(source)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            return f"{source.name} did not compile: {done.stderr.strip()[:200]}"
        programs[source.stem] = target
    return programs


def run_program(command: list[str]) -> tuple[dict[str, str], float]:
    """Run a C program; its ``key=value`` output and its peak memory in MiB.

    It runs under a fresh Python process so that the children's peak resident set is
    this program's alone.
    """
    probe = (
        "import json, resource, subprocess, sys\n"
        "out = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=True).stdout\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
        "print(json.dumps({'out': out, 'peak': peak}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *command], capture_output=True, text=True, check=True
    )
    result = json.loads(done.stdout)
    first_line = result["out"].splitlines()[0]
    fields = dict(word.split("=", 1) for word in first_line.split(" ") if "=" in word)
    return fields, float(result["peak"])


def _takes(numbers: frozenset[int]) -> str:
    return ",".join(str(k) for k in sorted(numbers)) or "-"


def heap_sequence_rows(programs: dict[str, Path] | str, quick: bool) -> list[str]:
    from grundy.games import create_game
    from grundy.solve.heap_sequences import rules_of, sparse_grundy_sequence

    rows = [
        "| game | N | engine | seconds | time / Python fast | note |",
        "|---|---:|---|---:|---:|---|",
    ]
    plans = (
        (
            "grundys-game",
            1 << 14 if quick else 1 << 20,
            (1 << 12, 1 << 13) if quick else (1 << 15, 1 << 16),
        ),
        ("kayles", 10**4 if quick else 10**6, (1 << 12, 1 << 13) if quick else (1 << 14, 1 << 15)),
    )
    for name, upto, naive_sizes in plans:
        rules = rules_of(create_game(name))
        start = time.perf_counter()
        values = np.array(sparse_grundy_sequence(rules, upto), dtype=np.int32)
        fast = time.perf_counter() - start
        rows.append(f"| {name} | {upto:,} | Python fast (block sparse) | {fast:.2f} | 1.0x | |")
        if name == "kayles":
            start = time.perf_counter()
            plain = sparse_grundy_sequence(rules, upto, use_periodicity=False)
            seconds = time.perf_counter() - start
            if not np.array_equal(values, plain):
                raise Mismatch(f"{name}: the period shortcut changes the values")
            rows.append(
                f"| {name} | {upto:,} | Python, no period shortcut | {seconds:.2f} "
                f"| {seconds / fast:.1f}x | every value by the mex |"
            )
        if isinstance(programs, str):
            rows.append(f"| {name} | {upto:,} | C baselines | - | - | {programs} |")
            continue
        arguments = [
            _takes(rules.take_all),
            _takes(rules.leave_one),
            _takes(rules.split_two),
            "1" if rules.unequal_only else "0",
        ]
        output = BUILD / f"{name}.bin"
        fields, _ = run_program(
            [str(programs["heapseq"]), "sparse", str(upto), *arguments, str(output)]
        )
        if not np.array_equal(np.fromfile(output, dtype=np.int32), values):
            raise Mismatch(f"{name} to {upto}: C sparse values differ from Python's")
        seconds = float(fields["seconds"])
        rows.append(
            f"| {name} | {upto:,} | C sparse (cc -O2) | {seconds:.2f} | {seconds / fast:.2f}x "
            f"| values identical; {fields['rare']} rare heaps at the end |"
        )
        measured = []
        for size in naive_sizes:
            fields, _ = run_program(
                [str(programs["heapseq"]), "naive", str(size), *arguments, str(output)]
            )
            if not np.array_equal(np.fromfile(output, dtype=np.int32), values[: size + 1]):
                raise Mismatch(f"{name} to {size}: C naive values differ from Python's")
            measured.append((size, float(fields["seconds"])))
            rows.append(
                f"| {name} | {size:,} | C naive O(N^2) (cc -O2) | {measured[-1][1]:.2f} | - "
                "| values identical (prefix) |"
            )
        size, seconds = measured[-1]
        estimate = seconds * (upto / size) ** 2
        rows.append(
            f"| {name} | {upto:,} | C naive O(N^2), extrapolated | ~{estimate:,.1f} "
            f"| {estimate / fast:,.1f}x | N^2 law from N = {size:,} (not run) |"
        )
    return rows


def chomp_child(side: int, output: str) -> None:
    """In a fresh process: solve the box with the Python engine, save its values."""
    import resource

    from grundy.solve.chomp_engine import solve_box

    start = time.perf_counter()
    box = solve_box(side, side)
    seconds = time.perf_counter() - start
    np.save(output, box.grundy)
    full = (side,) * side
    bites = []
    for column in range(side):
        for row in range(side):
            if (row, column) == (0, 0):
                continue
            child = tuple(
                length if i < row else min(length, column) for i, length in enumerate(full)
            )
            child = tuple(length for length in child if length)
            if box.grundy_value(child) == 0:
                bites.append(f"{row},{column}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "peak": peak, "bites": " ".join(bites) or "none"}))


def chomp_rows(programs: dict[str, Path] | str, quick: bool) -> list[str]:
    rows = [
        "| board | diagrams | engine | seconds | peak MiB | Python time / this "
        "| G | winning bites (row,col) |",
        "|---|---:|---|---:|---:|---:|---:|---|",
    ]
    for side in (6, 8) if quick else (10, 12):
        output = BUILD / f"chomp{side}.npy"
        BUILD.mkdir(exist_ok=True)
        done = subprocess.run(
            [sys.executable, __file__, "--chomp-child", str(side), str(output)],
            capture_output=True,
            text=True,
            check=True,
        )
        python = json.loads(done.stdout)
        values = np.load(output)
        diagrams = len(values)
        grundy = int(values[-1])
        rows.append(
            f"| {side}x{side} | {diagrams:,} | Python (numpy box engine) | {python['seconds']:.2f} "
            f"| {python['peak']:.0f} | 1.0x | {grundy} | {python['bites']} |"
        )
        if isinstance(programs, str):
            rows.append(f"| {side}x{side} | {diagrams:,} | C | - | - | - | - | {programs} |")
            continue
        binary = BUILD / f"chomp{side}.bin"
        fields, peak = run_program([str(programs["chomp"]), str(side), str(side), str(binary)])
        c_values = np.fromfile(binary, dtype=np.uint16)
        if not np.array_equal(c_values.astype(np.int64), values.astype(np.int64)):
            raise Mismatch(f"chomp {side}x{side}: C values differ from Python's")
        if fields["bites"] != python["bites"]:
            raise Mismatch(
                f"chomp {side}x{side}: winning bites {fields['bites']} != {python['bites']}"
            )
        seconds = float(fields["seconds"])
        rows.append(
            f"| {side}x{side} | {diagrams:,} | C (rank array, cc -O2) | {seconds:.2f} | {peak:.0f} "
            f"| {python['seconds'] / seconds:.1f}x | {fields['grundy']} | {fields['bites']} |"
        )
    return rows


def rectangles_rows(programs: dict[str, Path] | str, quick: bool) -> list[str]:
    """Stretch: every a x b board with a, b <= 14 by the C solver, checked on the
    Python engine's 10 x 10 box (all of its rectangles)."""
    if isinstance(programs, str):
        return [f"Every a x b board up to 14 x 14: not run ({programs})."]
    from grundy.solve.chomp_engine import solve_box

    side = 8 if quick else 14
    done = subprocess.run(
        [str(programs["chomp"]), str(side), str(side), "-", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    lines = done.stdout.splitlines()
    seconds = float(lines[0].split()[0].split("=")[1])
    box = solve_box(10, 10) if not quick else solve_box(8, 8)
    checked = 0
    table = {}
    for line in lines[1:]:
        board, grundy_field, bites_field = line.split(" ", 2)
        height, width = (int(part) for part in board.split("x"))
        table[(height, width)] = (int(grundy_field.split("=")[1]), bites_field.split("=")[1])
        if height <= box.height and width <= box.width:
            if box.grundy_value((width,) * height) != table[(height, width)][0]:
                raise Mismatch(f"chomp {board}: C value differs from the Python engine's")
            checked += 1
    listing = (BUILD if quick else HERE) / "chomp_rectangles.txt"
    listing.write_text(
        f"Chomp: value and winning bites (row,col from the poisoned corner 0,0) of every a x b "
        f"board with a, b <= {side}, from bench/c/chomp.c; written by bench/bench_baselines.py\n"
        + "\n".join(lines[1:])
        + "\n",
        encoding="utf-8",
    )
    unique = sum(1 for (h, w), (_, bites) in table.items() if h > 1 and w > 1 and " " not in bites)
    return [
        f"Every a x b Chomp board with a, b <= {side} ({len(table)} boards, "
        f"{int(lines[0].split()[1].split('=')[1]):,} diagrams in the box): {seconds:.1f} s in C; "
        f"{checked} of them re-checked against the Python engine's {box.height}x{box.width} box; "
        f"{unique} of the boards with a, b >= 2 have a single winning bite.  Listing: "
        f"{listing.relative_to(HERE.parent)}."
    ]


def main(argv: list[str]) -> int:
    if argv[:1] == ["--chomp-child"]:
        chomp_child(int(argv[1]), argv[2])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args(argv)
    programs = compile_baselines()
    try:
        print("### Grundy sequences: Python against C\n")
        print("\n".join(heap_sequence_rows(programs, args.quick)))
        print("\n### Chomp boxes: Python against C (each in its own process)\n")
        print("\n".join(chomp_rows(programs, args.quick)))
        print()
        print("\n".join(rectangles_rows(programs, args.quick)))
    except Mismatch as error:
        print(f"\nMISMATCH: {error}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
