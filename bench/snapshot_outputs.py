"""Snapshot what grundy tells its users, so a refactoring can show it changed nothing.

Writes into a folder: the JSON of ``grundy verify --quick``, of ``grundy check`` on every
claim file in examples/, and the handout and record of the quick library report (HTML,
Markdown, LaTeX), each with what varies from run to run (timings, dates, versions, temporary
paths) blanked out. Two snapshots of the same code are identical; compare two with
``diff -r``, or run ``--compare OLD NEW``.

    .venv/bin/python bench/snapshot_outputs.py /tmp/before          # on the old code
    .venv/bin/python bench/snapshot_outputs.py /tmp/after           # on the new code
    .venv/bin/python bench/snapshot_outputs.py --compare /tmp/before /tmp/after
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GRUNDY = [sys.executable, "-m", "grundy"]
VARYING_KEYS = {
    "seconds",
    "cpu_seconds",
    "wall_seconds",
    "parts_seconds",
    "elapsed",
    "date",
    "generated",
    "version",
    "solver",  # Z3's statistics: resource counts, memory and time differ between runs
}
VARYING_TEXT = [
    (re.compile(r"[^<>|&\n]*\(measured\)"), "<measured>"),
    (re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?( UTC)?"), "<date>"),
    (re.compile(r"\b\d+(\.\d+)?\s*(s|ms|seconds?)\b"), "<time>"),
    (re.compile(r"(grundy|Python|z3|numba|numpy|hypothesis|sympy)[ -]\d+(\.\d+)+\w*"), r"\1 <v>"),
    (re.compile(r"(/tmp/|<tmp>)[\w./\\-]*"), "<tmp>"),  # LaTeX writes _ as \_
]


def blank(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: "<varies>" if k in VARYING_KEYS else blank(v) for k, v in value.items()}
    if isinstance(value, list):
        return [blank(v) for v in value]
    return value


def blank_text(text: str) -> str:
    for pattern, replacement in VARYING_TEXT:
        text = pattern.sub(replacement, text)
    return text


def grundy_json(args: list[str]) -> str:
    done = subprocess.run([*GRUNDY, *args, "--json"], capture_output=True, text=True, cwd=ROOT)
    data = json.loads(done.stdout) if done.stdout.strip() else {"stderr": done.stderr}
    return json.dumps({"exit": done.returncode, "output": blank(data)}, indent=1, sort_keys=True)


def snapshot(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "verify.json").write_text(grundy_json(["verify", "--quick", "--jobs", "2"]))
    for claims in sorted((ROOT / "examples").glob("*.toml")):
        out = folder / f"check-{claims.stem}.json"
        out.write_text(grundy_json(["check", str(claims), "--quick", "--jobs", "2"]))
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "report"
        subprocess.run(
            [
                *GRUNDY,
                "report",
                "--quick",
                "--jobs",
                "2",
                "--format",
                "html,md,tex",
                "--out",
                str(report),
            ],
            cwd=ROOT,
            capture_output=True,
        )
        for written in sorted(report.glob("*")):
            if written.suffix in {".html", ".md", ".tex"}:
                (folder / f"report-{written.name}").write_text(blank_text(written.read_text()))


def normalised(path: Path) -> str:
    """A snapshot file blanked again (so snapshots taken with fewer blanks compare too)."""
    text = path.read_text()
    if path.suffix == ".json":
        return json.dumps(blank(json.loads(text)), indent=1, sort_keys=True)
    return blank_text(text)


def compare(old: Path, new: Path) -> int:
    names = sorted({p.name for p in old.iterdir()} | {p.name for p in new.iterdir()})
    differ = [
        n
        for n in names
        if not (old / n).exists()
        or not (new / n).exists()
        or normalised(old / n) != normalised(new / n)
    ]
    for name in differ:
        print(f"differs: {name}")
    print(f"{len(names) - len(differ)} of {len(names)} outputs identical")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--compare", action="store_true", help="compare two snapshot folders")
    args = parser.parse_args()
    if args.compare:
        return compare(*args.folders)
    snapshot(args.folders[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
