"""The shape of the code: import circles, the largest files and the start-up cost.

Figures for the redesign of the package layout (docs/architecture.md when it exists):
- import circles among the modules of ``src/grundy``, counting imports inside functions
  too (a lazy import still ties two modules together);
- the files over 600 lines;
- what ``grundy solve nim 3 4 5`` and ``grundy --help`` cost as whole processes, and
  whether numpy, numba, matplotlib or the report writers are loaded on that path.

Run: ``.venv/bin/python bench/bench_shape.py`` (prints a Markdown table; a few seconds).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "grundy"
HEAVY = ("numpy", "numba", "matplotlib", "grundy.report", "grundy.certify", "z3")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, known: set[str]) -> Iterator[str]:
    """Every grundy module ``path`` imports, at any depth of the file."""
    this = module_name(path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            # the deepest known module the name refers to
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != this:
                yield name


def import_graph() -> dict[str, set[str]]:
    files = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(f) for f in files}
    return {module_name(f): set(imported_modules(f, known)) for f in files}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iteratively; only the components with a cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def process_seconds(args: list[str], runs: int = 5) -> float:
    """The least wall time of ``runs`` whole processes (start-up included)."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


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
    print(f"| modules in src/grundy | {len(graph)} |")
    print(f"| lines in src/grundy | {sum(lines.values()):,} |")
    print(f"| import circles (lazy imports counted) | {len(circles)} |")
    for circle in circles:
        print(f"| - a circle of {len(circle)} modules | {', '.join(circle[:6])}, ... |")
    print(f"| files over 600 lines | {len(big)} |")
    for n, p in big:
        print(f"| - {p} | {n} |")
    for args in (["solve", "nim", "3", "4", "5"], ["--help"]):
        seconds = process_seconds([grundy, *args])
        print(f"| `grundy {' '.join(args)}`, least of 5 whole processes (s) | {seconds:.3f} |")
        heavy = ", ".join(heavy_imports(args)) or "none"
        print(f"| heavy modules loaded by `grundy {' '.join(args)}` | {heavy} |")


if __name__ == "__main__":
    main()
