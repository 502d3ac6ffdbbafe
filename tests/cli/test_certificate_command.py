"""``grundy certificate``: certificates written by solve, table and sequence, re-checked."""

import json


def test_table_certificate_round_trip_and_tampering(run_cli, tmp_path):
    path = tmp_path / "table.json"
    written = run_cli(
        "table", "subtraction", "--set", "1,3,4", "--max", "15", "--certificate", str(path)
    )
    assert written.code == 0
    checked = run_cli("certificate", str(path))
    assert checked.code == 0
    assert (
        "grundy-table certificate, subtraction --set 1,3,4: 16 positions, "
        "closed under moves from the 16 it covers: valid" in checked.out
    )
    data = json.loads(path.read_text())
    data["entries"][3]["grundy"] = 5
    path.write_text(json.dumps(data))
    tampered = run_cli("certificate", str(path), "--json")
    assert tampered.code == 1
    assert tampered.json()["valid"] is False and tampered.json()["problems"]


def test_solve_certificate_covers_the_parts_of_a_sum(run_cli, tmp_path):
    path = tmp_path / "kayles.json"
    assert run_cli("solve", "kayles", "7", "9", "--certificate", str(path)).code == 0
    assert run_cli("certificate", str(path)).code == 0
    positions = {tuple(e["position"]) for e in json.loads(path.read_text())["entries"]}
    assert (9,) in positions and (7,) in positions


def test_periodicity_certificate_from_sequence_json(run_cli, tmp_path):
    result = run_cli("sequence", "dawsons-kayles", "--upto", "200", "--period", "--json")
    path = tmp_path / "period.json"
    path.write_text(result.out)
    checked = run_cli("certificate", str(path))
    assert checked.code == 0, checked.out
    assert "period 34" in checked.out and "valid" in checked.out
    data = result.json()
    data["certificate"]["period"] = 17
    path.write_text(json.dumps(data))
    assert run_cli("certificate", str(path)).code == 1


def test_certificate_bad_input_is_one_line_and_exit_2(run_cli, tmp_path):
    missing = run_cli("certificate", str(tmp_path / "none.json"))
    assert missing.code == 2 and missing.err.count("\n") == 1 and "cannot read" in missing.err
    (tmp_path / "bad.json").write_text("{not json")
    assert run_cli("certificate", str(tmp_path / "bad.json")).code == 2
    (tmp_path / "other.json").write_text('{"hello": 1}')
    other = run_cli("certificate", str(tmp_path / "other.json"))
    assert other.code == 2 and "not a certificate" in other.err
    uncertified = run_cli("sequence", "grundys-game", "--upto", "50", "--period", "--json")
    (tmp_path / "grundy.json").write_text(uncertified.out)
    assert run_cli("certificate", str(tmp_path / "grundy.json")).code == 2


def test_certificate_refuses_misere(run_cli, tmp_path):
    result = run_cli("solve", "nim", "3", "--misere", "--certificate", str(tmp_path / "x.json"))
    assert result.code == 2 and "normal-play" in result.err
    assert not (tmp_path / "x.json").exists()
