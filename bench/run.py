"""Run every benchmark in bench/ and collect their tables into bench/RESULTS.md and .json.

Each ``bench_*.py`` script is run in its own process (so one's memory does not count
against another's) and prints a Markdown table; this runner adds the machine, the date
and the wall time of each script.  Usage::

    .venv/bin/python bench/run.py                 # every benchmark
    .venv/bin/python bench/run.py chomp sequences  # the ones whose names contain these words
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
TIMEOUT_SECONDS = 1800


def machine() -> str:
    return (
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{platform.system()} {platform.release()}"
    )


def _merge_with_earlier(runs: list[dict[str, object]]) -> list[dict[str, object]]:
    """Keep the earlier results of the scripts not run this time (a partial run)."""
    try:
        earlier = json.loads((HERE / "RESULTS.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return runs
    fresh = {run["script"]: run for run in runs}
    merged = []
    for run in earlier.get("runs", []):
        run.setdefault("measured", earlier.get("measured", ""))
        merged.append(fresh.pop(run["script"], run))
    return merged + list(fresh.values())


def main(words: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if words:
        scripts = [s for s in scripts if any(word in s.stem for word in words)]
    if not scripts:
        print("no benchmark matches", " ".join(words), file=sys.stderr)
        return 2
    runs = []
    for script in scripts:
        print(f"running {script.name} ...", file=sys.stderr, flush=True)
        start = time.perf_counter()
        try:
            done = subprocess.run(
                [sys.executable, str(script)],
                capture_output=True,
                text=True,
                timeout=TIMEOUT_SECONDS,
                check=False,
            )
            output, status = done.stdout, done.returncode
            if status:
                output += f"\n(exit code {status})\n{done.stderr[-2000:]}"
        except subprocess.TimeoutExpired:
            output, status = f"(stopped after {TIMEOUT_SECONDS} s)", -1
        runs.append(
            {
                "script": script.name,
                "measured": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
                "seconds": round(time.perf_counter() - start, 1),
                "exit_code": status,
                "output": output,
            }
        )
    runs = _merge_with_earlier(runs)
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = ["# Benchmark results", "", f"Written {stamp} on {machine()}.", ""]
    for run in runs:
        when = run.get("measured", "")
        lines += [
            f"## {run['script']} ({run['seconds']} s, measured {when})",
            "",
            run["output"].rstrip(),
            "",
        ]
    (HERE / "RESULTS.md").write_text("\n".join(lines), encoding="utf-8")
    (HERE / "RESULTS.json").write_text(
        json.dumps({"measured": stamp, "machine": machine(), "runs": runs}, indent=2) + "\n",
        encoding="utf-8",
    )
    print(f"wrote {HERE / 'RESULTS.md'}", file=sys.stderr)
    return 0 if all(run["exit_code"] == 0 for run in runs) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
