"""A user's subtraction or octal game declared by its set or code (issue 26, section 4).

``class Take134(SubtractionGame): subtraction_set = (1, 3, 4)`` plays by the catalogue's
rules with that set by construction, so the periodicity certificates apply to it and
claims about every heap size are proved.  A class that declares a set but writes its own
moves is a game of its own: agreement on the heaps a program can try never shows
agreement on every heap, so it gets no theorem (tests/claims/test_subclass_rules.py holds
the rest of that rule).
"""

from __future__ import annotations

import pytest

from grundy.certify.certified_values import CertifiedValues, NotApplicable, certified_values
from grundy.claims import Claim, claims_from_text
from grundy.claims.check import check_claim
from grundy.errors import InvalidParameterError
from grundy.games import HeapGame, OctalGame, SubtractionGame, create_game
from grundy.games.base import plays_by, rules_class
from grundy.games.declared import first_disagreement
from grundy.games.user import load_user_games
from grundy.library import CheckSettings
from grundy.solve import Solver, plain_grundy_sequence
from grundy.solve.sequence import has_fast_sequence
from grundy.verdict import Status, Word
from tests.claims.helpers import claim_text

SETTINGS = CheckSettings(quick=True, random_examples=60, seed=0)

GAMES = '''
from grundy.games import HeapGame, OctalGame, SubtractionGame


class Take134(SubtractionGame):
    """S = {1, 3, 4}, declared: the moves are the declaration's."""

    name = "take-134"
    summary = "remove 1, 3 or 4 tokens"
    subtraction_set = (1, 3, 4)


class Take134Late(SubtractionGame):
    """Declares S = {1, 3, 4}, but its own moves add a 2 from 5,000 tokens on."""

    name = "take-134-late"
    subtraction_set = (1, 3, 4)

    def heap_options(self, heap):
        yield from super().heap_options(heap)
        if heap >= 5_000:
            yield (heap - 2,)


class Take134Early(SubtractionGame):
    """Declares S = {1, 3, 4}, but its own moves are those of S = {1, 3}."""

    name = "take-134-early"
    subtraction_set = (1, 3, 4)

    def heap_options(self, heap):
        return [(heap - s,) for s in (1, 3) if s <= heap]


class Literal134(HeapGame):
    """S = {1, 3, 4} written as moves: the same game, but nothing says so for every heap."""

    name = "literal-134"

    def heap_options(self, heap):
        return [(heap - s,) for s in (1, 3, 4) if s <= heap]


class MyKayles(OctalGame):
    name = "my-kayles"
    octal_code = "0.77"


GAMES = [Take134, Take134Late, Take134Early, Literal134, MyKayles]
'''

PERIOD_SEVEN = "(outcome == 'P') == (n % 7 in [0, 2])"
"""The P-positions of S = {1, 3, 4}: n = 0 or 2 mod 7 (Berlekamp, Conway and Guy, Winning
Ways, chapter 4); derived below from the rules, the book only names the oracle."""


def every_heap(game: str, statement: str = PERIOD_SEVEN, low: int = 0) -> Claim:
    (claim,) = claims_from_text(
        claim_text(
            game=game,
            vars='["n"]',
            range=f"{{ n = [{low}, 1000000000000000000] }}",
            position="[n]",
            statement=statement,
            method="certificate",
        )
    )
    assert isinstance(claim, Claim), getattr(claim, "problem", "")
    return claim


def test_a_declared_subtraction_game_is_proved_for_every_heap(loaded: None) -> None:
    verdict = check_claim(every_heap("take-134"), SETTINGS)
    assert verdict.status is Status.PROVED and verdict.word is Word.PROVED
    game = create_game("take-134")
    assert plays_by(game, SubtractionGame) and has_fast_sequence(game)
    assert game.label == "take-134"
    table = certified_values(game, quick=True)
    assert isinstance(table, CertifiedValues) and table.period == 7
    # the values behind the certificate are the plain solver's for the same moves
    literal = create_game("literal-134")
    plain = plain_grundy_sequence(literal, 199)  # type: ignore[arg-type]
    assert [table.value(n) for n in range(200)] == plain


def test_the_certificate_refutes_a_wrong_statement_about_it(loaded: None) -> None:
    verdict = check_claim(every_heap("take-134", "(outcome == 'P') == (n % 7 in [0, 3])"), SETTINGS)
    assert verdict.status is Status.REFUTED and verdict.method == "certificate"
    assert verdict.counterexample is not None and verdict.counterexample["n"] == 2


def test_a_declared_octal_game_is_proved_for_every_heap(loaded: None) -> None:
    verdict = check_claim(every_heap("my-kayles", "g([n + 12]) == grundy", low=71), SETTINGS)
    assert verdict.word is Word.PROVED
    wrong = check_claim(every_heap("my-kayles", "g([n + 12]) == grundy", low=70), SETTINGS)
    assert wrong.status is Status.REFUTED


@pytest.mark.parametrize("name", ["take-134-late", "take-134-early", "literal-134"])
def test_own_moves_get_no_theorem_whatever_they_declare(loaded: None, name: str) -> None:
    game = create_game(name)
    assert not plays_by(game, SubtractionGame) and not has_fast_sequence(game)
    assert isinstance(certified_values(game, quick=True), NotApplicable)
    verdict = check_claim(every_heap(name), SETTINGS)
    assert verdict.status is not Status.PROVED


def test_a_declaration_that_lies_beyond_the_bound_is_caught(loaded: None) -> None:
    # Take134Late agrees with S = {1, 3, 4} on every heap below 5,000, which is every heap
    # a certificate of period 7 reads: only the rule "moves come from the declaration"
    # keeps it from a false "proved".
    game = create_game("take-134-late")
    assert first_disagreement(game, 4_999) is None  # type: ignore[arg-type]
    assert Solver(game).grundy_value((5_000,)) != Solver(create_game("take-134")).grundy_value(
        (5_000,)
    )
    found = certified_values(game, quick=True)
    assert isinstance(found, NotApplicable)
    assert "generates its own moves" in found.reason and "agree on heaps up to 200" in found.reason


def test_a_declaration_its_moves_contradict_is_named(loaded: None) -> None:
    found = certified_values(create_game("take-134-early"), quick=True)
    assert isinstance(found, NotApplicable) and "differ at a heap of 4" in found.reason
    refuted = check_claim(every_heap("take-134-early"), SETTINGS)
    assert refuted.status is Status.REFUTED  # S = {1, 3} has other P-positions


# -- what a declaration may be ------------------------------------------------------------


def test_only_plain_data_declares_rules() -> None:
    class Renamed(SubtractionGame):
        name = "renamed-declared"
        subtraction_set = [4, 1, 3]  # noqa: RUF012 - a list declares a set too

    class Again(Renamed):
        name = "again"

    assert rules_class(Renamed) is SubtractionGame and rules_class(Again) is SubtractionGame
    assert Renamed().subtraction_set == (1, 3, 4) and Renamed.params == ()
    with pytest.raises(InvalidParameterError, match="takes no other"):
        Renamed([1, 2])
    with pytest.raises(InvalidParameterError, match="positive integers"):

        class Zero(SubtractionGame):
            subtraction_set = (0, 1)

    with pytest.raises(InvalidParameterError, match="list of positive integers"):

        class Computed(SubtractionGame):
            subtraction_set = property(lambda self: (1, 2))

    with pytest.raises(InvalidParameterError, match="octal code"):

        class BadCode(OctalGame):
            octal_code = "1.5"


def test_two_declared_games_of_one_name_are_different_games() -> None:
    class First(SubtractionGame):
        name = "same-name"
        subtraction_set = (1, 2)

    class Second(SubtractionGame):
        name = "same-name"
        subtraction_set = (1, 3)

    assert First() != Second() and First().key != Second().key
    assert First() != SubtractionGame([1, 2])  # another name: another game in the memo


def test_the_catalogue_games_are_unchanged() -> None:
    assert SubtractionGame([3, 1]).label == "subtraction --set 1,3"
    assert OctalGame("0.77").label == "octal --code 0.77"
    with pytest.raises(InvalidParameterError, match="needs a set"):
        SubtractionGame()
    with pytest.raises(InvalidParameterError, match="needs a code"):
        OctalGame()
    assert rules_class(SubtractionGame) is SubtractionGame
    assert issubclass(SubtractionGame, HeapGame)


def test_the_games_file_of_the_docs_loads(games_file: str) -> None:
    names = [game.name for game in load_user_games(games_file)]
    assert names[0] == "take-134"


def test_the_declared_games_example_checks_as_expected(run_cli) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "examples" / "declared_games"
    result = run_cli(
        "check",
        str(folder / "claims.toml"),
        "--games",
        str(folder / "games.py"),
        "--jobs",
        "1",
        "--json",
    )
    assert result.code == 0, result.out + result.err
    verdicts = {c["id"]: (c["status"], c["scope"]) for c in result.json()["claims"]}
    assert verdicts["one-three-four-p-positions"] == ("proved", "unbounded")
    assert verdicts["pins-in-a-row-period"] == ("proved", "unbounded")
    assert verdicts["one-three-four-wrong-guess"][0] == "refuted"
