"""grundy sequence, with --period, in text and JSON, and its errors."""

import pytest

from grundy.certify import check_certificate


def test_kayles_period_json(run_cli) -> None:
    data = run_cli("sequence", "kayles", "--upto", "200", "--period", "--json").json()
    assert data["game"] == "octal" and data["params"] == {"code": "0.77"}
    assert len(data["values"]) == 201
    assert (data["period"], data["preperiod"], data["certified"]) == (12, 71, True)
    assert check_certificate(data["certificate"]).valid


SUMMARY_FIELDS = {
    "largest",
    "largest_at",
    "rare_mask",
    "rare_heap_parity",
    "rare_count",
    "last_rare",
    "period",
    "preperiod",
    "certified",
}


def test_without_period_the_summary_fields_say_null(run_cli) -> None:
    data = run_cli("sequence", "kayles", "--upto", "20", "--json").json()
    assert set(data) == {"game", "params", "values"} | SUMMARY_FIELDS
    assert data["period"] is None and data["certified"] is None


def test_summary_fields_follow_from_the_values(run_cli) -> None:
    data = run_cli("sequence", "grundys-game", "--upto", "3000", "--json").json()
    values = data["values"]
    assert data["largest"] == max(values) and data["largest_at"] == values.index(max(values))
    mask = int(data["rare_mask"], 16)
    assert mask > 0 and data["rare_heap_parity"] is False
    rare = [n for n, v in enumerate(values) if (v & mask).bit_count() % 2 == 0]
    assert data["rare_count"] == len(rare) and data["last_rare"] == rare[-1]


def test_summary_json_leaves_out_the_values(run_cli) -> None:
    data = run_cli(
        "sequence", "kayles", "--upto", "100000", "--period", "--summary", "--json"
    ).json()
    assert "values" not in data and "certificate" not in data and set(data) >= SUMMARY_FIELDS
    assert (data["period"], data["preperiod"], data["certified"]) == (12, 71, True)
    assert data["largest"] == 8 and data["rare_count"] >= 1


def test_large_n_prints_a_summary_not_every_value(run_cli) -> None:
    result = run_cli("sequence", "grundys-game", "--upto", "20000")
    assert result.code == 0 and len(result.out.splitlines()) < 10
    assert "largest value:" in result.out and "rare heaps (parity of G & 0x" in result.out
    small = run_cli("sequence", "grundys-game", "--upto", "50")
    assert "largest value" not in small.out and "50:" in small.out


@pytest.mark.parametrize("suffix", [".npy", ".csv", ".txt"])
def test_out_writes_every_value(run_cli, tmp_path, suffix: str) -> None:
    import numpy as np

    path = tmp_path / f"values{suffix}"
    result = run_cli("sequence", "dawsons-kayles", "--upto", "5000", "--out", str(path))
    expected = run_cli("sequence", "dawsons-kayles", "--upto", "5000", "--json").json()["values"]
    assert result.code == 0
    if suffix == ".npy":
        written = np.load(path).tolist()
    elif suffix == ".csv":
        lines = path.read_text().splitlines()
        assert lines[0] == "heap,grundy" and lines[1] == "0,0"
        written = [int(line.split(",")[1]) for line in lines[1:]]
    else:
        written = [int(line) for line in path.read_text().splitlines()]
    assert written == expected


def test_out_with_a_bad_extension_or_directory_is_one_line(run_cli, tmp_path) -> None:
    for target in (tmp_path / "values.json", tmp_path / "missing" / "values.npy"):
        result = run_cli("sequence", "kayles", "--upto", "10", "--out", str(target))
        assert result.code == 2 and result.err.count("\n") == 1


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
