"""Reading claim files: defaults, and a clear message for each kind of mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.claims import BadClaim, Claim, Method, claims_from_file, claims_from_text
from grundy.errors import ClaimError
from grundy.solve import Play
from tests.claims.helpers import claim_text, good_claim, problem_of


def test_defaults() -> None:
    claim = good_claim(vars='["a", "b"]', range="{ a = [0, 3], b = [1, 2] }", statement="a >= 0")
    assert claim.play is Play.NORMAL
    assert claim.method is Method.AUTO
    assert claim.expect is None
    assert claim.position.text == "[a, b]"
    assert claim.assume is None
    assert claim.domain_size == 8
    assert claim.scope == "bounded: 0 <= a <= 3; 1 <= b <= 2"
    assert claim.source == "" and claim.tags == () and claim.mutant_of is None
    assert claim.implied_by is None


def test_library_fields_are_read() -> None:
    claim = good_claim(
        statement="grundy == 0",
        position="[]",
        source="000 slides",
        mutant_of="other",
        implied_by="stronger",
        tags='["a", "b"]',
        latex="x",
        title="T",
    )
    assert claim.implied_by == "stronger"
    assert (claim.source, claim.mutant_of, claim.tags, claim.latex, claim.title) == (
        "000 slides",
        "other",
        ("a", "b"),
        "x",
        "T",
    )


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"statement": None}, "field 'statement': is missing"),
        ({"statement": 3}, "field 'statement': must be text"),
        ({"id": "Bad Id"}, "field 'id'"),
        ({"game": "nimm"}, "unknown game 'nimm' (did you mean nim"),
        ({"game": "subtraction", "params": "{ set = [0] }"}, "set"),
        ({"game": "subtraction", "params": "{ sett = [1] }"}, "sett"),
        ({"play": "misère"}, "field 'play': must be one of normal, misere"),
        ({"method": "proof"}, "field 'method': must be one of auto, exhaustive, z3, random"),
        ({"expect": "true"}, "field 'expect': must be one of holds, fails"),
        ({"statment": "a"}, "unknown field 'statment' (did you mean 'statement'?)"),
        ({"range": "{ a = [0, 3] }", "vars": '["a", "b"]'}, "no bounds for variable 'b'"),
        ({"range": "{ a = [0, 3], c = [0, 1] }"}, "'c', which is not in vars"),
        ({"range": "{ a = [5, 3] }"}, "bounds of 'a' are reversed: [5, 3]"),
        ({"range": "{ a = [0] }"}, "two whole numbers"),
        ({"range": '{ a = [0, "9"] }'}, "two whole numbers"),
        ({"vars": '["a", "a"]'}, "'a' is listed twice"),
        ({"vars": '["grundy"]', "range": "{ grundy = [0, 1] }"}, "reserved"),
        ({"vars": '["2x"]', "range": "{}"}, "not a valid variable name"),
        ({"vars": '["None"]', "range": "{ None = [0, 1] }"}, "reserved"),
        ({"vars": '["lambda"]', "range": "{ lambda = [0, 1] }"}, "reserved"),
        ({"vars": '"a"'}, "field 'vars': must be a list"),
        ({"tags": '"x"'}, "field 'tags': must be a list of text"),
        ({"position": "grundy"}, "field 'position'"),
        ({"assume": "b > 0"}, "unknown name 'b' in assume of claim 'demo'"),
        ({"implied_by": "Not An Id"}, "field 'implied_by': 'Not An Id' is not a claim id"),
    ],
)
def test_malformed_claims_name_the_claim_and_field(fields: dict, expected: str) -> None:
    base: dict[str, object] = {
        "vars": '["a"]',
        "range": "{ a = [0, 3] }",
        "statement": "a >= 0",
    }
    base.update(fields)
    text = claim_text(**{k: v for k, v in base.items() if v is not None})
    (claim,) = claims_from_text(text)
    assert isinstance(claim, BadClaim)
    assert expected in claim.problem
    assert "'demo'" in claim.problem or "'Bad Id'" in claim.problem or "claim-1" in claim.problem


def test_a_bad_claim_does_not_hide_the_others() -> None:
    text = claim_text(id="bad", statement="a.b") + claim_text(
        id="good", vars='["a"]', range="{ a = [0, 1] }", statement="a >= 0"
    )
    bad, good = claims_from_text(text)
    assert isinstance(bad, BadClaim) and "attribute access" in bad.problem
    assert isinstance(good, Claim)


def test_duplicate_ids() -> None:
    text = claim_text(id="twice", statement="1 == 1") + claim_text(id="twice", statement="2 == 2")
    first, second = claims_from_text(text)
    assert isinstance(first, Claim)
    assert isinstance(second, BadClaim) and "'twice' is used twice" in second.problem


def test_missing_id_gets_a_placeholder() -> None:
    (claim,) = claims_from_text('[[claim]]\ngame = "nim"\nstatement = "1 == 1"\n')
    assert isinstance(claim, BadClaim)
    assert claim.id == "claim-1" and "field 'id': is missing" in claim.problem


def test_file_level_errors(tmp_path: Path) -> None:
    with pytest.raises(ClaimError, match="no such claim file"):
        claims_from_file(tmp_path / "missing.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[[claim]\nid = 1\n")
    with pytest.raises(ClaimError, match="is not valid TOML"):
        claims_from_file(broken)
    with pytest.raises(ClaimError, match="did you mean 'claim'"):
        claims_from_text('[[claims]]\nid = "x"\n')
    with pytest.raises(ClaimError, match="is not valid TOML"):
        claims_from_text("x = " + "[" * 100_000 + "]" * 100_000)
    with pytest.raises(ClaimError, match=r"no \[\[claim\]\] tables"):
        claims_from_text('title = "x"\n'.replace("title", "claim"))


def test_missing_required_game_option() -> None:
    assert "claim 'demo'" in problem_of(game="subtraction", statement="1 == 1")
    assert "--set" in problem_of(game="subtraction", statement="1 == 1")


def test_single_bracket_claim_table_says_use_double_brackets() -> None:
    text = '[claim]\nid = "x"\ngame = "nim"\nstatement = "grundy == 0"\n'
    with pytest.raises(ClaimError, match=r"use \[\[claim\]\]"):
        claims_from_text(text, "claims.toml")
