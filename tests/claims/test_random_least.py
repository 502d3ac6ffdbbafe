"""A counterexample found by random search is called the least only when it is shown to be
(issue 34): a user game refuted by random search at n = 6,240 was reported as refuted
where the docs promise the least counterexample, n = 5,000.  An exhaustive pass over every
case up to it, when affordable, makes it the least; otherwise every output says "a
counterexample" and the JSON ``least`` is false.
"""

from __future__ import annotations

from pathlib import Path

GAMES = '''
from grundy.games import HeapGame


class Late(HeapGame):
    """Take 1, 2 or 3; from heaps of 5,000 on, also 4: G(n) = n % 4 fails first at 5,000."""

    name = "late-take"

    def heap_options(self, heap):
        moves = [(heap - s,) for s in (1, 2, 3) if s <= heap]
        if heap >= 5000:
            moves.append((heap - 4,))
        return moves


GAMES = [Late]
'''

ONE_HEAP = """
[[claim]]
id = "one-heap"
game = "late-take"
vars = ["n"]
range = { n = [0, 1000000000000] }
position = "[n]"
statement = "grundy == n % 4"
method = "random"
"""

TWO_NUMBERS = """
[[claim]]
id = "two-numbers"
game = "late-take"
vars = ["a", "b"]
range = { a = [0, 1000000000000], b = [0, 1000000000000] }
position = "[a + b]"
statement = "grundy == (a + b) % 4"
method = "random"
"""


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_random_counterexample_is_made_the_least(run_cli, games_file: str, tmp_path) -> None:
    path = _write(tmp_path, "one.toml", ONE_HEAP)
    data = run_cli("check", "--games", games_file, path, "--json")
    (claim,) = data.json()["claims"]
    assert claim["status"] == "refuted"
    assert claim["counterexample"]["n"] == 5000  # random search alone stopped at 6,240
    assert claim["least"] is True
    assert "the least counterexample, n = 5000" in claim["message"]


def test_a_counterexample_not_shown_least_says_so_everywhere(
    run_cli, games_file: str, tmp_path: Path
) -> None:
    path = _write(tmp_path, "two.toml", TWO_NUMBERS)
    data = run_cli("check", "--games", games_file, path, "--json")
    (claim,) = data.json()["claims"]
    assert claim["status"] == "refuted" and claim["least"] is False
    example = claim["counterexample"]
    assert example["a"] + example["b"] >= 5000
    assert "not shown to be the least" in claim["message"]
    text = run_cli("check", "--games", games_file, path)
    assert "a counterexample (not shown least):" in text.out
    out = tmp_path / "out"
    run_cli("report", "--games", games_file, "--claims", path, "--out", str(out), "--format", "md")
    handout = (out / "handout.md").read_text(encoding="utf-8")
    assert "A counterexample (not shown to be the least):" in handout
    assert "**Counterexample:**" not in handout
    record = (out / "record.md").read_text(encoding="utf-8")
    assert "a counterexample, not shown to be the least" in record


def test_an_ordered_method_keeps_least_true(run_cli, games_file: str, tmp_path: Path) -> None:
    exhaustive = ONE_HEAP.replace('"random"', '"exhaustive"').replace("1000000000000", "6000")
    data = run_cli("check", "--games", games_file, _write(tmp_path, "e.toml", exhaustive), "--json")
    (claim,) = data.json()["claims"]
    assert claim["counterexample"]["n"] == 5000 and claim["least"] is True
