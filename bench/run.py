"""Run every benchmark in bench/ and collect their tables into bench/RESULTS.md and .json.

Each ``bench_*.py`` script is run in its own process (so one's memory does not count
against another's) and prints a Markdown table; this runner adds the machine, the date
and the wall time of each script.  Usage::

    .venv/bin/python bench/run.py                 # every benchmark
    .venv/bin/python bench/run.py chomp sequences  # the ones whose names contain these words
    .venv/bin/python bench/run.py --record bench_scaling.py OUT.md SECONDS [NOTE]

``--record`` stores the output of a script run by hand (for instance on a machine made
quiet for it, or with options), with a note on how it was measured.
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
    write(runs)
    return 0 if all(run["exit_code"] == 0 for run in runs) else 1


def record(script: str, output: Path, seconds: float, note: str) -> int:
    """Store one script's output, measured by hand, among the results."""
    if not (HERE / script).is_file():
        print(f"no benchmark named {script}", file=sys.stderr)
        return 2
    text = output.read_text(encoding="utf-8").rstrip() + "\n"
    if note:
        text += "\n" + note.strip() + "\n"
    run = {
        "script": script,
        "measured": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "seconds": round(seconds, 1),
        "exit_code": 0,
        "output": text,
    }
    write([run])
    return 0


def _heading(run: dict[str, object]) -> str:
    return f"## {run['script']} ({run['seconds']} s, measured {run.get('measured', '')})"


def hand_written_sections(text: str, runs: list[dict[str, object]]) -> list[str]:
    """The ``## `` sections of RESULTS.md that no run wrote (measurements added by hand, with
    their ``###`` parts), kept as they are when the file is written again."""
    generated = tuple(f"## {run['script']} (" for run in runs)
    sections: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("## "):
            sections.append([])
        if sections:
            sections[-1].append(line)
    # A run's own section is written again from RESULTS.json; every other one is kept.
    return ["\n".join(s).rstrip() for s in sections if not s[0].startswith(generated)]


def write(runs: list[dict[str, object]]) -> None:
    runs = _merge_with_earlier(runs)
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = ["# Benchmark results", "", f"Written {stamp} on {machine()}.", ""]
    for run in runs:
        lines += [_heading(run), "", str(run["output"]).rstrip(), ""]
    try:
        earlier = (HERE / "RESULTS.md").read_text(encoding="utf-8")
    except OSError:
        earlier = ""
    for section in hand_written_sections(earlier, runs):
        lines += [section, ""]
    (HERE / "RESULTS.md").write_text("\n".join(lines), encoding="utf-8")
    (HERE / "RESULTS.json").write_text(
        json.dumps({"measured": stamp, "machine": machine(), "runs": runs}, indent=2) + "\n",
        encoding="utf-8",
    )
    print(f"wrote {HERE / 'RESULTS.md'}", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--record"] and len(sys.argv) in (5, 6):
        note = sys.argv[5] if len(sys.argv) == 6 else ""
        raise SystemExit(record(sys.argv[2], Path(sys.argv[3]), float(sys.argv[4]), note))
    raise SystemExit(main(sys.argv[1:]))
