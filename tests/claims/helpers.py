"""Small builders for claim tests."""

from __future__ import annotations

from grundy.claims import BadClaim, Claim, claims_from_text

RAW_TOML = {"vars", "range", "params", "tags"}  # given as TOML text; other strings are quoted


def claim_text(**fields: object) -> str:
    """One [[claim]] table in TOML, from keyword fields (strings quoted, the rest as TOML;
    a field given as None is left out)."""
    lines = ["[[claim]]"]
    fields.setdefault("id", "demo")
    fields.setdefault("game", "nim")
    for key, value in fields.items():
        if value is None:  # game=None: a claim with no game
            continue
        if isinstance(value, str) and key not in RAW_TOML:
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            lines.append(f'{key} = "{escaped}"')
        else:
            lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


def one_claim(**fields: object) -> Claim | BadClaim:
    (claim,) = claims_from_text(claim_text(**fields))
    return claim


def good_claim(**fields: object) -> Claim:
    claim = one_claim(**fields)
    assert isinstance(claim, Claim), getattr(claim, "problem", "")
    return claim


def problem_of(**fields: object) -> str:
    claim = one_claim(**fields)
    assert isinstance(claim, BadClaim), "expected the claim to be refused"
    return claim.problem


TAKE_AWAY_BOTH_PLAYS = """
[[claim]]
id = "misere-take"
game = "take-away"
play = "misere"
vars = ["n"]
range = { n = [0, 40] }
statement = "(outcome == 'P') == (n % 4 == 1)"

[[claim]]
id = "normal-take"
game = "take-away"
vars = ["n"]
range = { n = [0, 40] }
statement = "(outcome == 'P') == (n % 4 == 0)"
"""
"""The take-away game's P-positions in misère and in normal play: two claims that hold."""

BOUTON_BY_Z3 = """
[[claim]]
id = "bouton-big"
game = "nim"
vars = ["a", "b", "c"]
range = { a = [0, 1000000], b = [0, 1000000], c = [0, 1000000] }
statement = "(outcome == 'P') == (a ^ b ^ c == 0)"
method = "z3"
"""
"""Bouton's rule on three heaps up to 10^6, by Z3: a proof that rests on Bouton's theorem
and so on the step of its proof argued on paper."""

MISERE_AND_ON_PAPER = TAKE_AWAY_BOTH_PLAYS + BOUTON_BY_Z3
"""A claim file whose outputs must show misère play and a step argued on paper (the text,
JSON and report tests of those caveats)."""
