"""Every game a claim touches passes the checks of a claim's own game.

Lucky Nim has no move list and no Grundy values (its turns are simultaneous choices).
Alone, a claim about its ``grundy`` is refused; the same holds when it is a summand of the
claim's game or a game named in ``g(...)``/``outcome_of(...)``, on every path.  A sum with
it is no game the library defines, so it is refused where sums are built.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grundy.claims import BadClaim, Claim, claims_from_text
from grundy.claims.check import check_claim
from grundy.errors import InvalidParameterError
from grundy.games import Nim, SumGame
from grundy.games.lucky_nim import LuckyNim
from grundy.games.user import user_games
from grundy.library import CheckSettings
from grundy.solve.lemmas import SUM_RULE, ZERO_IFF_P
from grundy.verdict import Status
from tests.claims.helpers import claim_text

SETTINGS = CheckSettings(quick=True, random_examples=60)
LUCKY = "lucky-nim --m 1 --n 2"

HIDDEN = '''
from grundy.games.base import HeapGame


class HiddenTurns(HeapGame):
    """A move graph whose Grundy values mean nothing to a user (an encoding)."""

    name = "hidden-turns"
    reports_grundy = False

    def heap_options(self, heap):
        return [(heap - 1,)] if heap else []


GAMES = [HiddenTurns]
'''


@pytest.fixture
def hidden(tmp_path) -> Iterator[None]:
    path = tmp_path / "hidden.py"
    path.write_text(HIDDEN)
    with user_games([str(path)]):
        yield


def read(**fields: object) -> Claim | BadClaim:
    (claim,) = claims_from_text(claim_text(**fields))
    return claim


def read_sum(names: list[str], params: str, **fields: object) -> Claim | BadClaim:
    text = claim_text(game="SUM", params=params, **fields)
    (claim,) = claims_from_text(text.replace('"SUM"', str(names).replace("'", '"')))
    return claim


@pytest.mark.parametrize("names", [["lucky-nim", "nim"], ["nim", "lucky-nim"]])
@pytest.mark.parametrize("statement", ["grundy == grundy", "outcome == outcome", "True"])
def test_a_sum_with_lucky_nim_is_refused(names: list[str], statement: str) -> None:
    params = "[{ m = 1, n = 2 }, {}]" if names[0] == "lucky-nim" else "[{}, { m = 1, n = 2 }]"
    claim = read_sum(
        names,
        params,
        vars='["k", "a"]',
        range="{ k = [0, 6], a = [0, 3] }",
        position="[[k], [a]]",
        statement=statement,
    )
    assert isinstance(claim, BadClaim)
    assert "cannot be part of a sum" in claim.problem
    assert check_claim(claim, SETTINGS).status is Status.ERROR


def test_sums_are_refused_wherever_they_are_built() -> None:
    with pytest.raises(InvalidParameterError, match="cannot be part of a sum"):
        SumGame([LuckyNim(1, 2), Nim()])
    with pytest.raises(InvalidParameterError, match="cannot be part of a sum"):
        SumGame([Nim(), SumGame([Nim()]), LuckyNim(2, 3)])


@pytest.mark.parametrize("method", ["exhaustive", "random", "auto", "z3", "certificate"])
def test_grundy_of_a_named_lucky_nim_is_refused(method: str) -> None:
    claim = read(
        game="nim",
        vars='["k"]',
        range="{ k = [0, 6] }",
        position="[k]",
        statement=f"g('{LUCKY}', [k]) == g('{LUCKY}', [k])",
        method=method,
    )
    assert isinstance(claim, Claim)
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is not Status.PROVED
    if method in ("exhaustive", "random", "auto"):  # z3 and certificate do not read it
        assert verdict.status is Status.ERROR
        assert "has no Grundy values" in verdict.message


def test_outcomes_of_lucky_nim_rest_on_no_grundy_lemma() -> None:
    for statement, game in [
        (f"outcome_of('{LUCKY}', [k]) == outcome_of('{LUCKY}', [k])", "nim"),
        ("outcome == outcome", "lucky-nim"),
    ]:
        fields: dict[str, object] = dict(
            game=game, vars='["k"]', range="{ k = [0, 6] }", position="[k]", statement=statement
        )
        if game == "lucky-nim":
            fields["params"] = "{ m = 1, n = 2 }"
        claim = read(**fields)
        assert isinstance(claim, Claim)
        verdict = check_claim(claim, SETTINGS)
        assert verdict.status is Status.PROVED
        named = {assumption.id for assumption in verdict.assumes}
        assert not named & {ZERO_IFF_P, SUM_RULE}, named


def test_a_game_without_meaningful_grundy_values_is_refused_in_a_sum(hidden: None) -> None:
    claim = read_sum(
        ["hidden-turns", "nim"],
        "[{}, {}]",
        vars='["k"]',
        range="{ k = [0, 6] }",
        position="[[k], [1]]",
        statement="outcome == outcome",
    )
    assert isinstance(claim, BadClaim) and "cannot be part of a sum" in claim.problem


@pytest.mark.parametrize("method", ["exhaustive", "certificate"])
def test_grundy_of_such_a_game_is_refused_on_every_path(hidden: None, method: str) -> None:
    for game, statement in [
        ("hidden-turns", "grundy == n % 2"),
        ("nim", "g('hidden-turns', [n]) == n % 2"),
    ]:
        claim = read(
            game=game,
            vars='["n"]',
            range="{ n = [0, 1000] }" if method == "exhaustive" else "{ n = [0, 10000000] }",
            position="[n]",
            statement=statement,
            method=method,
        )
        assert isinstance(claim, Claim)
        verdict = check_claim(claim, SETTINGS)
        assert verdict.status is not Status.PROVED, (game, verdict)
        if game == "hidden-turns":
            assert verdict.status is Status.ERROR, verdict
            assert "has no Grundy values" in verdict.message
