"""The shape of the code: import circles, the largest files and the start-up cost.

Figures for the redesign of the package layout (docs/architecture.md when it exists):
- import circles among the modules of ``src/grundy``, counting imports inside functions
  too (a lazy import still ties two modules together);
- the files over 600 lines;
- what ``grundy solve nim 3 4 5`` and ``grundy --help`` cost as whole processes, and
  whether numpy, numba, matplotlib or the report writers are loaded on that path.

Run: ``.venv/bin/python bench/bench_shape.py`` (prints a Markdown table; a few seconds).
The load average is printed too: on a shared machine the wall times wait for a core, so
the CPU times (user + sys of each process) are the steadier figure.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "grundy"
sys.path.insert(0, str(ROOT))
from tests.import_graph import import_graph, strongly_connected  # noqa: E402

HEAVY = ("numpy", "numba", "matplotlib", "grundy.report", "grundy.certify", "z3")


def process_seconds(args: list[str], runs: int = 5) -> tuple[float, float]:
    """The least wall time and the least CPU time (user + sys) of ``runs`` whole
    processes, start-up included.  On a loaded machine the wall time waits for a core;
    the CPU time is what the process itself costs."""
    best_wall = best_cpu = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        best_wall = min(best_wall, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best_cpu = min(best_cpu, cpu)
    return best_wall, best_cpu


def heavy_imports(args: list[str]) -> list[str]:
    """The heavy modules that ``python -X importtime -m grundy ARGS`` shows loaded."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "grundy", *args],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    loaded = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    return sorted({h for h in HEAVY for name in loaded if name == h or name.startswith(h + ".")})


def main() -> None:
    graph = import_graph()
    circles = strongly_connected(graph)
    lines = {
        str(p.relative_to(ROOT)): len(p.read_text().splitlines()) for p in PACKAGE.rglob("*.py")
    }
    big = sorted(((n, p) for p, n in lines.items() if n > 600), reverse=True)
    grundy = str(Path(sys.executable).parent / "grundy")
    print("| figure | value |")
    print("|---|---|")
    print(f"| load average (1 min) at the start | {os.getloadavg()[0]:.1f} |")
    print(f"| modules in src/grundy | {len(graph)} |")
    print(f"| lines in src/grundy | {sum(lines.values()):,} |")
    print(f"| import circles (lazy imports counted) | {len(circles)} |")
    for circle in circles:
        print(f"| - a circle of {len(circle)} modules | {', '.join(circle[:6])}, ... |")
    print(f"| files over 600 lines | {len(big)} |")
    for n, p in big:
        print(f"| - {p} | {n} |")
    for args in (["solve", "nim", "3", "4", "5"], ["--help"]):
        wall, cpu = process_seconds([grundy, *args])
        shown = " ".join(args)
        print(f"| `grundy {shown}`, least of 5 whole processes: wall (s) | {wall:.3f} |")
        print(f"| `grundy {shown}`, least of 5 whole processes: CPU user+sys (s) | {cpu:.3f} |")
        heavy = ", ".join(heavy_imports(args)) or "none"
        print(f"| heavy modules loaded by `grundy {' '.join(args)}` | {heavy} |")


if __name__ == "__main__":
    main()
