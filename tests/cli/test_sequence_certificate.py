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
