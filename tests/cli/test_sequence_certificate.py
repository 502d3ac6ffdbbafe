"""sequence --period re-checks its certificate with the independent checker, and
--certificate FILE writes it for ``grundy certificate``."""

from __future__ import annotations

import json

import pytest

from grundy.certify import periodicity_check
from grundy.certify.periodicity_check import CertificateCheck


def test_a_certified_period_says_the_checker_accepted_it(run_cli) -> None:
    result = run_cli("sequence", "kayles", "--upto", "200", "--period", "--summary")
    assert result.code == 0
    assert "Certified for every n: yes (" in result.out
    assert "re-checked by the independent checker" in result.out


def test_a_certificate_the_checker_rejects_is_not_certified(run_cli, monkeypatch) -> None:
    def reject(certificate, **_options) -> CertificateCheck:
        return CertificateCheck(False, ("G(5) is 4, the certificate says 3",), 5)

    monkeypatch.setattr(periodicity_check, "check_certificate", reject)
    data = run_cli("sequence", "kayles", "--upto", "200", "--period", "--json").json()
    assert data["certified"] is False and data["certificate"] is None
    assert data["reason"] == (
        "the independent checker rejected the certificate: G(5) is 4, the certificate says 3"
    )
    text = run_cli("sequence", "kayles", "--upto", "200", "--period", "--summary").out
    assert "Certified for every n: no (the independent checker rejected" in text


def test_the_certificate_file_is_rechecked_by_the_certificate_command(run_cli, tmp_path) -> None:
    path = tmp_path / "c.json"
    words = ("sequence", "0.16", "--upto", "520000", "--period", "--summary")
    result = run_cli(*words, "--certificate", str(path))
    assert result.code == 0 and "Period: 149459, preperiod: 105351" in result.out
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") == 1  # one line of JSON
    data = json.loads(text)
    # the values are written array-wise, never a Python number each: the same characters
    # as json.dumps gives, in the certificate's field order
    assert text == json.dumps(data, separators=(",", ":")) + "\n"
    assert list(data) == ["game", "rules", "theorem", "preperiod", "period", "reach", "start",
                          "values"]  # fmt: skip
    assert (data["period"], data["preperiod"], len(data["values"])) == (
        149459,
        105351,
        2 * 105351 + 2 * 149459 + 2,
    )
    checked = run_cli("certificate", str(path))
    assert checked.code == 0 and checked.out.endswith(": valid\n")
    data["values"][300_000] += 1
    path.write_text(json.dumps(data), encoding="utf-8")
    refused = run_cli("certificate", str(path))
    assert refused.code == 1 and "G(300000) is" in refused.out


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (("kayles", "--upto", "100"), "add --period"),
        (("kayles", "--upto", "100", "--period"), "no period was certified"),
        (("grundys-game", "--upto", "100", "--period"), "no period was certified"),
    ],
)
def test_a_certificate_is_written_only_for_a_certified_period(
    run_cli, tmp_path, words, message
) -> None:
    path = tmp_path / "c.json"
    result = run_cli("sequence", *words, "--certificate", str(path))
    assert result.code == 2 and message in result.err
    assert not path.exists()


@pytest.mark.parametrize(
    "values",
    [[], [0], [7, 10, 99, 100, 65_535], [-1, -10, 0, 9, -(2**63), 2**63 - 1]],
)
def test_certificate_text_matches_json_for_every_width_and_sign(values: list[int]) -> None:
    from grundy.certify.periodicity import PeriodicityCertificate

    certificate = PeriodicityCertificate("octal", "0.07", "guy-smith", 53, 34, 2, 53, values)
    assert certificate.to_json_text() == json.dumps(certificate.to_json(), separators=(",", ":"))


def test_numbers_are_written_slice_by_slice_as_json_writes_them() -> None:
    import numpy as np

    from grundy.certify.periodicity import decimal_list

    many = np.random.default_rng(1).integers(0, 70_000, 1_100_000)  # more than one slice
    many[-1] = 5  # the last slice narrower than the first
    assert decimal_list(many) == ",".join(map(str, many.tolist()))
    assert decimal_list(np.array([2**64 - 1, 0], dtype=np.uint64)) == f"{2**64 - 1},0"
