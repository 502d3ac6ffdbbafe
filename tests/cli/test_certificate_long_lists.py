"""A periodicity certificate's long list of values is read straight into an array.

The quick reading must accept exactly what the ordinary JSON reading accepts and give the
checker the same numbers: each file below is read both ways (the threshold of "long" set
to one character, so that small files take the quick path) and the two must agree.
"""

import json

import numpy as np
import pytest

from grundy.cli import certificate
from grundy.cli.common import UsageError


@pytest.fixture
def dawson(run_cli):
    result = run_cli("sequence", "dawsons-kayles", "--upto", "200", "--period", "--json")
    assert result.code == 0
    return result.json()["certificate"]


def _read(path, monkeypatch, threshold):
    monkeypatch.setattr(certificate, "LONG_LIST", threshold)
    try:
        return certificate.load_certificate(str(path))
    except UsageError as exc:
        return f"error: {exc}"


def _same(quick, ordinary):
    if isinstance(ordinary, str) or isinstance(quick, str):
        return quick == ordinary
    plain = {**quick, "values": [int(v) for v in quick["values"]]}
    return plain == ordinary


def _values_text(values):
    return ",".join(map(str, values))


def test_a_valid_certificate_is_read_as_an_array_and_checked_the_same(
    dawson, tmp_path, monkeypatch, run_cli
):
    path = tmp_path / "cert.json"
    path.write_text(json.dumps(dawson, indent=1))  # one number a line: JSON's whitespace
    quick = _read(path, monkeypatch, 1)
    assert isinstance(quick["values"], np.ndarray)
    assert _same(quick, _read(path, monkeypatch, 10**12))
    monkeypatch.setattr(certificate, "LONG_LIST", 1)
    assert run_cli("certificate", str(path)).code == 0
    bad = dict(dawson, values=[*dawson["values"][:50], 3, *dawson["values"][51:]])
    path.write_text(json.dumps(bad))
    assert run_cli("certificate", str(path)).code == 1


def test_the_whole_sequence_json_with_two_long_lists(dawson, tmp_path, monkeypatch, run_cli):
    document = {"game": "octal", "values": dawson["values"], "certificate": dawson}
    path = tmp_path / "sequence.json"
    path.write_text(json.dumps(document))
    quick = _read(path, monkeypatch, 1)
    assert isinstance(quick["certificate"]["values"], np.ndarray)
    assert isinstance(quick["values"], np.ndarray)
    ordinary = _read(path, monkeypatch, 10**12)
    assert [int(v) for v in quick["values"]] == ordinary["values"]
    assert _same(quick["certificate"], ordinary["certificate"])


def test_a_short_list_beside_a_long_one(dawson, tmp_path, monkeypatch):
    document = {"values": [0, 1], "certificate": dawson}
    path = tmp_path / "sequence.json"
    path.write_text(json.dumps(document))
    quick = _read(path, monkeypatch, 100)
    assert quick["values"] == [0, 1]
    assert isinstance(quick["certificate"]["values"], np.ndarray)
    assert _same(quick["certificate"], _read(path, monkeypatch, 10**12)["certificate"])


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(lambda t: t.replace("[0,", "[00,", 1), id="leading-zero"),
        pytest.param(lambda t: t.replace(",1,", ",01,", 1), id="leading-zero-inside"),
        pytest.param(lambda t: t.replace("]", ",]", 1), id="trailing-comma"),
        pytest.param(lambda t: t.replace("[0,", "[,0,", 1), id="leading-comma"),
        pytest.param(lambda t: t.replace(",1,", ",,1,", 1), id="empty-item"),
        pytest.param(lambda t: t.replace(",1,", ",1 1,", 1), id="two-numbers-no-comma"),
        pytest.param(lambda t: t.replace(",1,", ",4294967297,", 1), id="wraps-to-one"),
        pytest.param(lambda t: t.replace(",1,", ",9999999999,", 1), id="wraps-long"),
        pytest.param(lambda t: t.replace(",1,", ",1000000,", 1), id="seven-digits"),
        pytest.param(lambda t: t.replace(",1,", ",65536,", 1), id="past-a-value"),
        pytest.param(lambda t: t.replace(",1,", ",\u00a01,", 1), id="not-json-space"),
        pytest.param(lambda t: t.replace("[0,", "[0,\f", 1), id="form-feed"),
    ],
)
def test_every_list_json_refuses_is_refused_the_same_way(dawson, tmp_path, monkeypatch, edit):
    path = tmp_path / "cert.json"
    text = json.dumps(dawson, separators=(",", ":"))
    edited = edit(text)
    assert edited != text
    path.write_text(edited)
    quick, ordinary = _read(path, monkeypatch, 1), _read(path, monkeypatch, 10**12)
    assert _same(quick, ordinary), (quick, ordinary)


@pytest.mark.parametrize("where", ["in-a-string", "in-another-field"])
def test_a_list_that_is_not_the_certificates_own_is_left_to_json(
    dawson, tmp_path, monkeypatch, where
):
    hidden = f'"values": [{_values_text(dawson["values"])}]'
    document = dict(dawson)
    if where == "in-a-string":
        document["rules"] = hidden
    else:
        document["notes"] = {"values": dawson["values"]}
    path = tmp_path / "cert.json"
    path.write_text(json.dumps(document))
    quick, ordinary = _read(path, monkeypatch, 1), _read(path, monkeypatch, 10**12)
    assert quick == ordinary if isinstance(quick, str) else _same_everywhere(quick, ordinary)


def _same_everywhere(quick, ordinary):
    return json.loads(json.dumps(quick, default=lambda a: [int(v) for v in a])) == ordinary
