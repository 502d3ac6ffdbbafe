"""Claims on games whose moves form cycles: outcome 'D', grundy 'inf{...}', a user's game
handed to the loopy theory when the exact solver meets a cycle, the random method too,
misère play by its own outcomes (a normal-play mutant refuted), and a false claim refuted
(the loopy path can fail)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.claims import check_claim
from grundy.games.user import user_games
from grundy.library import CheckSettings
from grundy.solve.lemmas import ZERO_IFF_P
from grundy.verdict import Status
from tests.claims.helpers import good_claim
from tests.solve.cycle_games import write_cycle_games

SETTINGS = CheckSettings(seed=3, random_examples=200)


def ring_claim(statement: str, **fields: object):
    base = {
        "game": "ring",
        "vars": '["n"]',
        "range": "{ n = [0, 3] }",
        "position": "[n]",
        "statement": statement,
    }
    base.update(fields)
    return good_claim(**base)


def test_a_users_game_with_a_cycle_gets_its_loopy_values(tmp_path: Path) -> None:
    with user_games([write_cycle_games(tmp_path)]):
        # the ring 1 -> 2 -> 3 -> 1 with 3 -> 0: values 0, 1, 0, 2, all finite
        true = check_claim(ring_claim("grundy == [0, 1, 0, 2][n]"), SETTINGS)
        false = check_claim(ring_claim("grundy == [0, 1, 2, 0][n]"), SETTINGS)
        outcome = check_claim(
            ring_claim("outcome == ['P', 'N', 'P', 'N'][n]", range="{ n = [1, 3] }"), SETTINGS
        )
    assert true.status is Status.PROVED, true.message
    assert false.status is Status.REFUTED and false.counterexample["n"] == 2
    assert outcome.status is Status.PROVED, outcome.message
    # every position from 1 on lies on the cycle: its answer came from the loopy
    # labelling, not from the exact solver's "value 0 iff P" (noted only for positions it
    # answers itself, such as 0)
    assert ZERO_IFF_P not in {a.id for a in outcome.assumes}


def test_draws_and_infinite_values_in_claims(tmp_path: Path) -> None:
    with user_games([write_cycle_games(tmp_path)]):
        claim = good_claim(
            game="up-down",
            vars='["n"]',
            range="{ n = [0, 6] }",
            position="[n]",
            statement="outcome == 'D' and grundy == 'inf{}'",
        )
        verdict = check_claim(claim, SETTINGS)
        randomly = check_claim(
            good_claim(
                game="up-down",
                vars='["n"]',
                range="{ n = [0, 6] }",
                position="[n]",
                method="random",
                statement="grundy == 0",
            ),
            SETTINGS,
        )
    assert verdict.status is Status.PROVED, verdict.message
    assert randomly.status is Status.REFUTED
    assert randomly.counterexample["grundy"] == "inf{}"


def test_an_infinite_value_has_no_order_with_numbers() -> None:
    claim = good_claim(
        game="digraph",
        params='{ edges = "0>1,1>0" }',
        position="[0]",
        statement="grundy < 3",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.ERROR and "compare" in verdict.message


@pytest.mark.parametrize(
    ("statement", "status"),
    [
        # misère: 3 ends the game and its mover wins; nobody leaves the ring for 3: drawn
        ("outcome == ('N' if v == 3 else 'D')", Status.PROVED),
        # a mutant: normal play's outcomes (3 is lost for its mover, so 2 wins, 1 loses, 0 wins)
        ("outcome == ['N', 'P', 'N', 'P'][v]", Status.REFUTED),
    ],
)
def test_misere_play_of_a_loopy_game_gives_misere_outcomes(statement: str, status: Status) -> None:
    claim = good_claim(
        game="digraph",
        params='{ edges = "0>1,1>2,2>0,2>3" }',
        vars='["v"]',
        range="{ v = [0, 3] }",
        position="[v]",
        play="misere",
        statement=statement,
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is status, verdict.message
    if status is Status.REFUTED:  # the first vertex the two plays tell apart
        assert verdict.counterexample is not None and verdict.counterexample["v"] == 0


def test_the_normal_play_claim_of_the_same_graph_holds() -> None:
    """The mutant above is normal play's truth: the two plays really differ here."""
    claim = good_claim(
        game="digraph",
        params='{ edges = "0>1,1>2,2>0,2>3" }',
        vars='["v"]',
        range="{ v = [0, 3] }",
        position="[v]",
        statement="outcome == ['N', 'P', 'N', 'P'][v]",
    )
    assert check_claim(claim, SETTINGS).status is Status.PROVED


def test_the_cookbook_file_gives_its_verdicts() -> None:
    """examples/loopy.toml, claim by claim (tests/claims/test_examples.py checks every
    example file only as expected; here each verdict is named)."""
    from grundy.library import run_theorems, theorems_from_file

    path = Path(__file__).resolve().parents[2] / "examples" / "loopy.toml"
    results = run_theorems(list(theorems_from_file(path)), CheckSettings(seed=0, quick=True))
    verdicts = {r.theorem.id: r.verdict for r in results}
    assert {name: v.status for name, v in verdicts.items()} == {
        "two-cycle-is-a-draw": Status.PROVED,
        "escape-through-a-cycle": Status.PROVED,
        "two-infinities-make-a-draw": Status.PROVED,
        "fair-shares-no-draw-below-ten-coins": Status.PROVED,
        "fair-shares-no-draw-with-eleven-coins": Status.REFUTED,
        "ferguson-figure-3-4-tied": Status.PROVED,
    }
    refuted = verdicts["fair-shares-no-draw-with-eleven-coins"]
    assert refuted.counterexample == {"a": 2, "position": [2, 9], "outcome": "D"}
