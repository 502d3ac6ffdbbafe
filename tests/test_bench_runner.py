"""bench/run.py writes RESULTS.md again from RESULTS.json without losing what was added by
hand (sections measured by hand, whose text is in RESULTS.md only)."""

import importlib.util
import json
from pathlib import Path

import pytest


@pytest.fixture
def runner(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location(
        "bench_runner", Path(__file__).parents[1] / "bench" / "run.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "HERE", tmp_path)
    return module


def _run(script, output):
    return {"script": script, "measured": "m", "seconds": 1.0, "exit_code": 0, "output": output}


def test_hand_written_sections_survive_a_partial_run(runner, tmp_path):
    earlier = [_run("bench_a.py", "old a"), _run("bench_b.py", "old b")]
    (tmp_path / "RESULTS.json").write_text(json.dumps({"runs": earlier}))
    (tmp_path / "RESULTS.md").write_text(
        "# Benchmark results\n\n## bench_a.py (1.0 s, measured m)\n\nold a\n\n"
        "## The certified path (by hand)\n\nmeasured by hand\n\n### A part of it\n\nmore\n\n"
        "## bench_b.py (1.0 s, measured m)\n\nold b\n"
    )
    runner.write([_run("bench_a.py", "new a")])
    text = (tmp_path / "RESULTS.md").read_text()
    assert "new a" in text and "old a" not in text and "old b" in text
    assert "## The certified path (by hand)\n\nmeasured by hand\n\n### A part of it\n\nmore" in text
    assert text.count("## bench_b.py") == 1 and text.count("## The certified path") == 1
    runner.write([_run("bench_b.py", "new b")])  # written a second time: still once
    again = (tmp_path / "RESULTS.md").read_text()
    assert again.count("## The certified path") == 1 and "new b" in again
