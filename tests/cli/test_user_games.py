"""``grundy check --games FILE.py``: a user's games, loaded only from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.errors import UnknownGameError
from grundy.games import find_entry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "own_games"
CLAIMS = str(EXAMPLES / "claims.toml")
GAMES = str(EXAMPLES / "games.py")


def test_the_example_games_check_as_expected(run_cli) -> None:
    result = run_cli("check", CLAIMS, "--games", GAMES, "--jobs", "1")
    assert result.code == 0, result.out + result.err
    assert "square-plus-nim" in result.out
    # the games leave the catalogue when the run ends
    with pytest.raises(UnknownGameError):
        find_entry("subtract-a-square")


def test_in_worker_processes_too(run_cli) -> None:
    result = run_cli("check", CLAIMS, "--games", GAMES, "--jobs", "2", "--json")
    assert result.code == 0, result.err
    assert result.json()["summary"] == {"checked": 3, "refuted": 1}


def test_without_games_the_names_are_unknown(run_cli) -> None:
    result = run_cli("check", CLAIMS, "--jobs", "1", "--json")
    assert result.code == 1
    messages = [claim["message"] for claim in result.json()["claims"]]
    assert all("unknown game" in message for message in messages)


def test_subtract_a_square_values_match_the_published_p_positions(run_cli, tmp_path) -> None:
    # P-positions of subtract-a-square: OEIS A030193 (0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34).
    claims = tmp_path / "c.toml"
    claims.write_text(
        '[[claim]]\nid = "p"\ngame = "subtract-a-square"\nvars = ["n"]\n'
        "range = { n = [0, 35] }\n"
        "statement = \"(outcome == 'P') == (n in [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34])\"\n"
    )
    assert run_cli("check", str(claims), "--games", GAMES, "--jobs", "1").code == 0


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("raise RuntimeError('boom')\n", ["loading", "RuntimeError: boom"]),
        ("x = 1\n", ["must define GAMES"]),
        ("GAMES = [int]\n", ["not a Game subclass"]),
        (
            "from grundy import Nim\nclass Mine(Nim):\n    name = 'nim'\nGAMES = [Mine]\n",
            ["already in the catalogue"],
        ),
        ("def broken(:\n", ["SyntaxError"]),
    ],
)
def test_bad_games_files_are_one_line_errors(run_cli, tmp_path, source, words) -> None:
    games = write(tmp_path, "games.py", source)
    result = run_cli("check", CLAIMS, "--games", games, "--jobs", "1")
    assert result.code == 2
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    for word in words:
        assert word in result.err
    assert result.out == ""


def test_missing_or_non_python_files_are_refused(run_cli, tmp_path) -> None:
    assert "no such games file" in run_cli("check", CLAIMS, "--games", "nope.py").err
    toml = write(tmp_path, "games.toml", "")
    assert "Python module" in run_cli("check", CLAIMS, "--games", toml).err


BUGGY = """
from grundy import HeapGame

class Buggy(HeapGame):
    name = "buggy"

    def heap_options(self, heap):
        if heap > 2:
            raise KeyError("no rule for big heaps")
        return [(heap - 1,)] if heap else []

GAMES = [Buggy]
"""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_game_that_raises_gives_an_error_verdict(run_cli, tmp_path, jobs) -> None:
    games = write(tmp_path, "buggy.py", BUGGY)
    claims = write(
        tmp_path,
        "c.toml",
        '[[claim]]\nid = "small"\ngame = "buggy"\nvars = ["n"]\nrange = { n = [0, 2] }\n'
        'statement = "grundy == n % 2"\n\n'
        '[[claim]]\nid = "big"\ngame = "buggy"\nvars = ["n"]\nrange = { n = [0, 5] }\n'
        'statement = "grundy == n % 2"\n',
    )
    result = run_cli("check", claims, "--games", games, "--jobs", jobs, "--json")
    assert result.code == 1, result.err
    verdicts = {c["id"]: c for c in result.json()["claims"]}
    assert verdicts["small"]["status"] == "checked"
    assert verdicts["big"]["status"] == "error"
    assert "KeyError" in verdicts["big"]["message"]


def test_a_claim_file_cannot_load_code(tmp_path, run_cli) -> None:
    # There is no claim field that names a Python file: a stranger's claim file stays safe.
    marker = tmp_path / "ran"
    games = write(tmp_path, "evil.py", f"open({str(marker)!r}, 'w').close()\nGAMES = []\n")
    claims = write(
        tmp_path,
        "c.toml",
        f'[[claim]]\nid = "x"\ngame = "nim"\ngames = "{games}"\nstatement = "True"\n',
    )
    result = run_cli("check", claims, "--jobs", "1", "--json")
    assert not marker.exists()
    assert "unknown field 'games'" in result.json()["claims"][0]["message"]


def test_a_games_file_may_import_modules_beside_it(run_cli, tmp_path) -> None:
    write(
        tmp_path,
        "rules_of_mine.py",
        "def squares(n):\n    return [k * k for k in range(1, n + 1)]\n",
    )
    games = write(
        tmp_path,
        "games.py",
        "from grundy import HeapGame\nfrom rules_of_mine import squares\n\n"
        "class Squares(HeapGame):\n    name = 'squares-beside'\n\n"
        "    def heap_options(self, heap):\n"
        "        return [(heap - s,) for s in squares(heap) if s <= heap]\n\n"
        "GAMES = [Squares]\n",
    )
    claims = write(
        tmp_path,
        "c.toml",
        '[[claim]]\nid = "p"\ngame = "squares-beside"\nvars = ["n"]\nrange = { n = [0, 12] }\n'
        "statement = \"(outcome == 'P') == (n in [0, 2, 5, 7, 10, 12])\"\n",
    )
    result = run_cli("check", claims, "--games", games, "--jobs", "1")
    assert result.code == 0, result.out + result.err


@pytest.mark.parametrize(
    ("command", "words", "shown"),
    [
        ("solve", ["subtract-a-square", "5"], "Grundy value: *0"),
        ("sequence", ["subtract-a-square", "--upto", "9"], "0  1  0  1  2  0  1  0  1  2"),
        ("table", ["subtract-a-square", "--max", "3"], "(3)"),
    ],
)
def test_the_game_commands_take_games_of_your_own(run_cli, command, words, shown) -> None:
    result = run_cli(command, "--games", GAMES, *words)
    assert result.code == 0, result.err
    assert shown in result.out
    listing = run_cli(command, "--games", GAMES, "--help").out
    assert "subtract-a-square" in listing and "divisor-game" in listing
    with pytest.raises(UnknownGameError):  # gone again after the run
        find_entry("subtract-a-square")


def test_a_game_of_yours_that_raises_is_a_one_line_error_naming_its_file(run_cli, tmp_path):
    games = write(tmp_path, "buggy.py", BUGGY)
    result = run_cli("solve", "--games", games, "buggy", "5")
    assert result.code == 2
    assert result.err.strip().splitlines() == [
        f"grundy: error: game 'buggy' (from {games}) raised KeyError: 'no rule for big heaps'"
    ]
    assert run_cli("solve", "--games", games, "buggy", "2").code == 0


def test_a_report_on_your_games_shows_their_errors_and_the_other_evidence(run_cli, tmp_path):
    games = write(tmp_path, "buggy.py", BUGGY)
    claims = write(
        tmp_path,
        "c.toml",
        '[[claim]]\nid = "big"\ngame = "buggy"\nvars = ["n"]\nrange = { n = [0, 5] }\n'
        'statement = "grundy == n % 2"\n\n'
        '[[claim]]\nid = "square"\ngame = "subtract-a-square"\nvars = ["n"]\n'
        'range = { n = [0, 9] }\nstatement = "grundy <= 2"\n',
    )
    out = tmp_path / "out"
    words = ["report", "--claims", claims, "--games", games, "--games", GAMES]
    result = run_cli(*words, "--out", str(out), "--format", "md", "--jobs", "1")
    assert result.code == 1, result.err  # the buggy game's claim is an error
    record = (out / "record.md").read_text()
    assert "game 'buggy' raised KeyError" in record
    assert f"--games {games}" in record  # the command that regenerates it
    handout = (out / "handout.md").read_text()
    # the evidence of the working game (P-positions: OEIS A030193), none of the buggy one
    assert "P-positions (value 0) among the heaps up to 59: `0, 2, 5, 7, 10, 12," in handout
