"""``grundy quotient``: the printed quotient, its JSON, and its certificate round trip."""

import json
import time

import pytest

from tests.cli.test_time_budget import SLACK, _timed

STARTUP = 8.0
"""Seconds a fresh interpreter may take to import grundy on a loaded machine."""


def test_misere_nim_quotient_text(run_cli):
    result = run_cli("quotient", "nim", "--upto", "3", "--table")
    assert result.code == 0, result.err
    assert "|Q| = 6; generators: a = heap 1, b = heap 2" in result.out
    assert "Relations: a^2 = 1, b^3 = b" in result.out
    assert "P-portion: a, b^2" in result.out
    assert "Tame: yes, the tame quotient T_2" in result.out
    assert "Multiplication table:" in result.out


def test_quotient_json_and_genus(run_cli):
    result = run_cli("quotient", "0.07", "--upto", "10", "--json", "--genus")
    assert result.code == 0, result.err
    data = result.json()
    assert data["size"] == 12 and data["tame"] is None
    assert data["heap_map"][2] == "a" and data["genus"][10] == "3^1431"
    assert data["proved_for_every_heap"] is False
    assert len(data["table"]) == 12


def test_certificate_round_trip_and_tampering(run_cli, tmp_path):
    path = tmp_path / "q.json"
    written = run_cli(
        "quotient", "subtraction", "--set", "2,3", "--upto", "9", "--certificate", str(path)
    )
    assert written.code == 0, written.err
    checked = run_cli("certificate", str(path))
    assert checked.code == 0, checked.out
    assert "misere-quotient certificate, subtraction --set 2,3, heaps 0..9" in checked.out
    assert checked.out.rstrip().endswith("valid")
    data = json.loads(path.read_text())
    data["p_portion"] = data["p_portion"][1:]
    path.write_text(json.dumps(data))
    tampered = run_cli("certificate", str(path), "--json")
    assert tampered.code == 1
    assert tampered.json()["valid"] is False and tampered.json()["problems"]


def test_quotient_refuses_what_it_cannot_do(run_cli):
    assert run_cli("quotient", "chomp", "--upto", "3").code == 2
    assert run_cli("quotient", "nim", "--upto", "-1").code == 2
    assert run_cli("quotient", "nim").code == 2


def test_every_heap_proof_in_json_and_certificate(run_cli, tmp_path):
    path = tmp_path / "q.json"
    result = run_cli(
        "quotient",
        "subtraction",
        "--set",
        "1,2",
        "--upto",
        "8",
        "--json",
        "--certificate",
        str(path),
    )
    assert result.code == 0, result.err
    data = result.json()
    assert data["proved_for_every_heap"] is True
    assert data["heap_period"] == {"preperiod": 0, "period": 3, "needed_upto": 8}
    checked = run_cli("certificate", str(path))
    assert checked.code == 0 and "every heap size" in checked.out


def test_solve_and_table_name_the_quotient_of_a_misere_sum(run_cli):
    from grundy.games.octal import OctalGame
    from grundy.solve import Play, Solver

    result = run_cli("solve", "0.07", "4", "6", "9", "11", "--misere", "--json")
    assert result.code == 0, result.err
    data = result.json()
    (assumption,) = data["assumes"]
    assert assumption.startswith("misere-quotient of octal --code 0.07, heaps 0..")
    plain = Solver(OctalGame("0.07"), plain=True).outcome((4, 6, 9, 11), Play.MISERE)
    assert data["outcome"] == plain.value
    normal = run_cli("solve", "0.07", "4", "9", "14", "--json").json()
    assert normal["assumes"] == []  # normal play never reads a misère quotient
    table = run_cli("table", "0.07", "--max", "5", "5", "5", "--misere")
    assert table.code == 0 and "Assumes: misere-quotient of octal --code 0.07" in table.out


QUOTIENT_SLOW = {
    "nim-200": ["nim", "--upto", "200"],
    "kayles-table-genus": ["kayles", "--upto", "100", "--table", "--genus"],
    "grundys-game": ["grundys-game", "--upto", "60"],
}
"""Each takes far longer than a second (minutes, or more) without a budget."""


@pytest.mark.parametrize("words", QUOTIENT_SLOW.values(), ids=QUOTIENT_SLOW.keys())
def test_quotient_keeps_its_time_budget(words) -> None:
    # It ignored --seconds (issue #34): the construction now runs inside the budget.
    budget = 1.0
    start = time.monotonic()
    code, err, elapsed = _timed(["quotient", *words, "--seconds", str(budget)])
    wall = time.monotonic() - start
    assert code == 2, err
    assert err.strip().count("\n") == 0 and "time budget of 1 s was used up" in err, err
    assert elapsed != elapsed or elapsed < 1.5 * budget + SLACK, elapsed  # nan: watchdog
    assert wall < 1.5 * budget + STARTUP, wall
