"""grundy sequence, with --period, in text and JSON, and its errors."""

import pytest

from grundy.certify import check_certificate


def test_kayles_period_json(run_cli) -> None:
    data = run_cli("sequence", "kayles", "--upto", "200", "--period", "--json").json()
    assert data["game"] == "octal" and data["params"] == {"code": "0.77"}
    assert len(data["values"]) == 201
    assert (data["period"], data["preperiod"], data["certified"]) == (12, 71, True)
    assert check_certificate(data["certificate"]).valid


def test_without_period_the_contract_is_unchanged(run_cli) -> None:
    data = run_cli("sequence", "kayles", "--upto", "20", "--json").json()
    assert set(data) == {"game", "params", "values"}


def test_period_text(run_cli) -> None:
    out = run_cli("sequence", "dawsons-kayles", "--upto", "300", "--period").out
    assert "Period: 34" in out and "Certified for every n: yes" in out
    short = run_cli("sequence", "kayles", "--upto", "100", "--period").out
    assert "Certified for every n: no" in short and "--upto 167" in short


def test_grundys_game_never_certified(run_cli) -> None:
    data = run_cli("sequence", "grundys-game", "--upto", "500", "--period", "--json").json()
    assert data["certified"] is False and data["certificate"] is None
    assert data["values"][1:11] == [0, 0, 1, 0, 2, 1, 0, 2, 1, 0]  # seed 001


def test_subtraction_certified(run_cli) -> None:
    data = run_cli(
        "sequence", "subtraction", "--set", "2,5,7", "--upto", "80", "--period", "--json"
    ).json()
    assert data["certified"] is True and data["period"] == 22


def test_octal_code_option(run_cli) -> None:
    data = run_cli("sequence", "octal", "--code", "4.7", "--upto", "12", "--json").json()
    assert data["params"] == {"code": "4.7"} and data["values"][:2] == [0, 1]


@pytest.mark.parametrize(
    "words",
    [
        ("sequence", "kayles", "--upto", "-1"),
        ("sequence", "kayles", "--upto", "x"),
        ("sequence", "octal", "--code", "0.9z", "--upto", "5"),
        ("sequence", "octal", "--upto", "5"),
        ("sequence", "kayles", "--code", "0.07", "--upto", "5"),
        ("sequence", "no-such-game", "--upto", "5"),
    ],
)
def test_bad_input_is_one_line(run_cli, words) -> None:
    result = run_cli(*words)
    assert result.code == 2
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
