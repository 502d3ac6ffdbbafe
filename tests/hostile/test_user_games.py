"""User games that misbehave on purpose (tests/hostile/games_file.py), run by every command
that runs them: one line naming the game and what it did, the exit code of the README's
table, grundy's own time and memory limits met first, and no process left behind.

Some of these are variants of the failures issue 29 reported, spelled differently (an exit
from ``__hash__`` or ``__eq__`` or from the text of a position, a generator that never
ends, ``moves`` that is not iterable, a million moves, a self-raised KeyboardInterrupt):
the mechanism (grundy.usercode) must not depend on the spelling.
"""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest

from tests.hostile.helpers import GAMES_FILE, START_UP, grundy, leftovers, one_error_line, start

pytestmark = pytest.mark.slow

SECONDS = 2.0
"""The time budget the runs are given (``--seconds``, ``--claim-seconds``)."""

# game -> words its one line must hold (solve), the time budget cases apart
SOLVE_ERRORS = {
    "calls-sys-exit": "called sys.exit(0)",
    "calls-os-exit": "ended the process it ran in (exit code 0)",
    "kills-itself": "killed by SIGKILL",
    "terminates-itself": "killed by SIGTERM",
    "not-iterable": "raised TypeError: 'int' object is not iterable",
    "recurses": "RecursionError",
    "raises-keyboard-interrupt": "raised KeyboardInterrupt",
    "huge-list": "ran out of memory",
    "unprintable": "raised ValueError: no text for you",
    "str-exits": "called sys.exit(4)",
    "huge-text": "a line of output has 5,000,",
    "hash-exits": "called sys.exit(0)",
    "eq-exits": "called sys.exit('equality')",
    "str-dunder-exits": "called sys.exit('no text')",
    "unhashable-moves": "unhashable type: 'list'",
}
# Ends within the budget, in one line and exit 2, whatever the line says.
BOUNDED = ["huge-range"]

TIME_BOUND = [
    "loops-forever",
    "fans-out",
    "compiled-loop",
    "swallows-signals",
    "endless-generator",
]


@pytest.mark.parametrize("game", sorted(SOLVE_ERRORS))
def test_solve_names_the_game_and_what_its_code_did(game: str) -> None:
    run = grundy("solve", "--games", GAMES_FILE, game, "3", "--seconds", str(SECONDS))
    line = one_error_line(run)
    assert run.code == 2
    assert f"game {game!r}" in line
    assert SOLVE_ERRORS[game] in line
    assert run.out == ""
    assert run.seconds < SECONDS * 1.1 + START_UP
    assert run.leftovers == []


def test_solve_of_a_game_that_eats_memory_meets_grundys_limit_first() -> None:
    # the address space is capped at 3 GB: grundy's 1 GiB comes first, named
    run = grundy("solve", "--games", GAMES_FILE, "eats-memory", "3", "--seconds", "60")
    line = one_error_line(run)
    assert run.code == 2
    assert "game 'eats-memory'" in line and "the memory budget of 1 GiB was used up" in line
    assert run.leftovers == []


@pytest.mark.parametrize("game", TIME_BOUND)
def test_solve_of_a_game_that_never_returns_keeps_its_time_budget(game: str) -> None:
    run = grundy("solve", "--games", GAMES_FILE, game, "3", "--seconds", str(SECONDS))
    line = one_error_line(run)
    assert run.code == 2
    assert f"the time budget of {SECONDS:g} s was used up" in line
    assert run.seconds < SECONDS * 1.1 + START_UP
    assert run.leftovers == []


@pytest.mark.parametrize("game", BOUNDED)
def test_solve_of_a_game_that_never_ends_stops_in_one_line(game: str) -> None:
    run = grundy("solve", "--games", GAMES_FILE, game, "3", "--seconds", str(SECONDS))
    one_error_line(run)
    assert run.code == 2
    assert run.seconds < SECONDS * 1.1 + START_UP
    assert run.leftovers == []


def test_a_game_that_moves_back_to_itself_is_valued_by_the_loopy_theory() -> None:
    # Its one move is back to the same position: play never ends, a draw (docs/loopy-games.md).
    run = grundy("solve", "--games", GAMES_FILE, "cycles", "3", "--seconds", str(SECONDS))
    assert run.code == 0, run.err
    assert "form a cycle" in run.out and "Outcome: D" in run.out
    assert run.seconds < SECONDS * 1.1 + START_UP
    assert run.leftovers == []
    finite = grundy("solve", "--games", GAMES_FILE, "cycles", "3", "--finite")
    assert finite.code == 2 and "reached from itself" in one_error_line(finite)


def test_the_well_behaved_game_of_the_same_file_is_answered() -> None:
    run = grundy("solve", "--games", GAMES_FILE, "numbers", "3", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["grundy"] == 3
    assert run.leftovers == []


@pytest.mark.parametrize("command", [["solve", "3"], ["table", "--max", "3"]])
def test_a_process_the_games_code_starts_is_not_left_behind(command: list[str]) -> None:
    name, *rest = command
    run = grundy(name, "--games", GAMES_FILE, "spawns-a-process", *rest)
    assert run.code == 0, run.err
    assert run.leftovers == []


def test_a_million_moves_end_within_the_budget() -> None:
    run = grundy("solve", "--games", GAMES_FILE, "million-moves", "2", "--seconds", str(SECONDS))
    assert run.code in (0, 2), run.err
    if run.code == 0:
        assert "Grundy value: *0" in run.out  # 2's only option is 1, whose only option is 0
    else:
        one_error_line(run)
    assert run.seconds < SECONDS * 1.1 + START_UP
    assert run.leftovers == []


@pytest.mark.parametrize(
    ("words", "shown"),
    [
        (["sequence", "heap-os-exit", "--upto", "5"], "exit code 0"),
        (["sequence", "heap-sys-exit", "--upto", "5"], "called sys.exit(1)"),
        (["sequence", "heap-loops", "--upto", "5"], "time budget"),
        (["table", "heap-os-exit", "--max", "3", "3"], "exit code 0"),
        (["table", "calls-sys-exit", "--max", "3"], "called sys.exit(0)"),
        (["table", "kills-itself", "--max", "3"], "SIGKILL"),
        # a game whose rules the quotient checker cannot replay is refused before its
        # code runs (issue 34): one line, nothing half-written, as for the others
        (["quotient", "heap-os-exit", "--upto", "5"], "no misère quotient is built for it"),
    ],
)
def test_every_command_on_a_game_runs_its_code_apart(words: list[str], shown: str) -> None:
    command, *rest = words
    run = grundy(command, "--games", GAMES_FILE, *rest, "--seconds", str(SECONDS))
    line = one_error_line(run)
    assert run.code == 2
    assert shown in line
    assert run.out == ""  # nothing half-written
    assert run.leftovers == []
    assert run.seconds < SECONDS * 1.1 + START_UP


@pytest.mark.parametrize(
    ("game", "shown"),
    [
        ("calls-os-exit", "exit code 0"),
        ("loops-forever", "time budget"),
        ("hash-exits", "sys.exit"),
        # held to --seconds of processor time from outside: the watchdog thread cannot run
        ("compiled-loop", "time budget"),
    ],
)
def test_the_computers_move_in_play(game: str, shown: str) -> None:
    words = ["play", "--games", GAMES_FILE, game, "3", "--first", "computer"]
    run = grundy(*words, "--seconds", str(SECONDS), stdin="")
    assert run.code == 2
    assert shown in run.err.strip().splitlines()[-1]
    assert "Traceback" not in run.err
    assert run.leftovers == []


# -- check: one claim's crash is that claim's verdict; the others are checked -----------------

# game -> (status, words in its message); None: any verdict, one line (a million moves are
# legitimate work; a cycle's verdict is the loopy-games work's)
CLAIM_VERDICTS: dict[str, tuple[str, str] | None] = {
    "numbers": ("checked", ""),
    "loops-forever": ("unknown", "time budget"),
    "fans-out": ("unknown", ""),
    "compiled-loop": ("unknown", "time budget"),
    "swallows-signals": ("unknown", "time budget"),
    "endless-generator": ("unknown", ""),
    "eats-memory": ("unknown", "memory budget of 200 MiB"),
    "huge-list": ("error", "ran out of memory"),
    "calls-sys-exit": ("error", "called sys.exit(0)"),
    "calls-os-exit": ("error", "exit code 0"),
    "kills-itself": ("error", "SIGKILL"),
    "terminates-itself": ("error", "SIGTERM"),
    "not-iterable": ("error", "TypeError"),
    "recurses": ("error", "RecursionError"),
    "raises-keyboard-interrupt": ("error", "KeyboardInterrupt"),
    "hash-exits": ("error", "sys.exit(0)"),
    "eq-exits": ("error", "sys.exit('equality')"),
    # A claim about values never prints a position: a game whose text is broken still has
    # the values its moves give, and the claim is checked on them.
    "unprintable": ("checked", ""),
    "str-exits": ("checked", ""),
    "huge-text": ("checked", ""),
    "million-moves": None,
    "spawns-a-process": ("checked", ""),
    "str-dunder-exits": ("checked", ""),
    "unhashable-moves": ("error", "unhashable type: 'list'"),
    "cycles": None,
    "huge-range": ("unknown", ""),
}


def _claims(tmp_path: Path) -> str:
    path = tmp_path / "claims.toml"
    path.write_text(
        "".join(
            f'[[claim]]\nid = "{game}"\ngame = "{game}"\nvars = ["n"]\n'
            f'range = {{ n = [0, 2] }}\nstatement = "grundy == n"\n\n'
            for game in CLAIM_VERDICTS
        )
    )
    return str(path)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_gives_each_claim_its_own_verdict(tmp_path: Path, jobs: str) -> None:
    words = ["check", _claims(tmp_path), "--games", GAMES_FILE, "--jobs", jobs, "--json"]
    budget = ["--claim-seconds", str(SECONDS), "--claim-memory", "200M"]
    run = grundy(*words, *budget)
    assert run.code == 1, run.err
    assert run.err == ""
    verdicts = {claim["id"]: claim for claim in json.loads(run.out)["claims"]}
    assert set(verdicts) == set(CLAIM_VERDICTS)  # every claim printed, the JSON whole
    for game, expected in CLAIM_VERDICTS.items():
        verdict = verdicts[game]
        message = verdict.get("message") or ""
        assert "\n" not in message
        if expected is None:
            assert verdict["status"] in ("checked", "refuted", "unknown", "error"), verdict
            continue
        status, words_shown = expected
        assert verdict["status"] == status, verdict
        assert words_shown in message, verdict
        if status == "error":
            assert f"game {game!r}" in message, verdict
    timed = sum(1 for expected in CLAIM_VERDICTS.values() if expected and expected[0] == "unknown")
    assert run.seconds < timed * (SECONDS * 1.1 + 0.5) + 3 * START_UP
    assert run.leftovers == []


def test_check_in_text_form_prints_every_claim(tmp_path: Path) -> None:
    words = ["check", _claims(tmp_path), "--games", GAMES_FILE, "--jobs", "2"]
    run = grundy(*words, "--claim-seconds", "1", "--claim-memory", "200M")
    assert run.code == 1
    assert f"{len(CLAIM_VERDICTS)} claims:" in run.out
    assert run.leftovers == []


# -- the parent's end ends the user's code too -----------------------------------------------


def _loop_claim(tmp_path: Path) -> str:
    path = tmp_path / "loop.toml"
    path.write_text(
        "".join(
            f'[[claim]]\nid = "loop-{k}"\ngame = "loops-forever"\nvars = ["n"]\n'
            'range = { n = [0, 2] }\nstatement = "grundy == n"\n\n'
            for k in range(2)
        )
    )
    return str(path)


def _wait_for_members(group: int, count: int) -> None:
    from tests.hostile.helpers import group_members

    deadline = time.monotonic() + 30
    while len(group_members(group)) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # the user's code is running by now


@pytest.mark.parametrize(("jobs", "members"), [("1", 2), ("2", 5)])
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_killing_grundy_ends_the_users_code(
    tmp_path: Path, jobs: str, members: int, how: signal.Signals
) -> None:
    # jobs 1: grundy and the claim's child; jobs 2: grundy, two workers, their children
    process = start("check", _loop_claim(tmp_path), "--games", GAMES_FILE, "--jobs", jobs)
    _wait_for_members(process.pid, members)
    os.kill(process.pid, how)
    process.communicate(timeout=30)
    assert leftovers(process.pid) == []


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_while_the_users_code_runs(tmp_path: Path, jobs: str) -> None:
    process = start("check", _loop_claim(tmp_path), "--games", GAMES_FILE, "--jobs", jobs)
    _wait_for_members(process.pid, 2 if jobs == "1" else 5)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal sends it: to the whole group
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert err.strip().splitlines()[-1].startswith("grundy: interrupted")
    assert "Traceback" not in err
    assert leftovers(process.pid) == []


def test_ctrl_c_during_solve_of_a_game_that_never_returns() -> None:
    process = start("solve", "--games", GAMES_FILE, "compiled-loop", "3")
    _wait_for_members(process.pid, 2)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert err.strip() == "grundy: interrupted"
    assert leftovers(process.pid) == []
