"""A game that subclasses a catalogue game and changes its moves is a game of its own.

Nim's theorems (Bouton, its values, misère Nim), its closed form, a subtraction set or an
octal code describe exactly the rules of the class that declared them
(:func:`grundy.games.base.plays_by`).  Every path that reads them is tested here with
user games that change the moves in different ways: overriding ``heap_options``, only
``labelled_moves``, only ``moves``, adding an option, or keeping the parent's name.  A
subclass that only renames its parent keeps everything (the rule says no more than it
must).
"""

from __future__ import annotations

import pytest

from grundy.certify.certified_values import CertifiedValues, NotApplicable, certified_values
from grundy.certify.periodicity import build_certificate, period_report
from grundy.claims import Claim, claims_from_text
from grundy.claims.check import check_claim
from grundy.errors import InvalidParameterError
from grundy.games import Nim, SubtractionGame
from grundy.games.base import plays_by
from grundy.games.octal import OctalGame
from grundy.library import CheckSettings
from grundy.solve import Solver, grundy_sequence, plain_grundy_sequence
from grundy.solve.heap_sequences import rules_of
from grundy.solve.sequence import has_fast_sequence
from grundy.verdict import Status
from tests.claims.helpers import claim_text

SETTINGS = CheckSettings(quick=True, random_examples=60)

GAMES = '''
from grundy.games.base import HeapGame
from grundy.games.nim import Nim
from grundy.games.octal import OctalGame
from grundy.games.params import Param, ParamKind
from grundy.games.subtraction import SubtractionGame


class TakeOneOrTwo(Nim):
    name = "take-one-or-two"

    def heap_options(self, heap):
        return [(heap - take,) for take in (1, 2) if take <= heap]


class LabelledTakeOneOrTwo(Nim):
    """Overrides only labelled_moves (HeapGame.moves follows it)."""

    name = "labelled-take-one-or-two"

    def labelled_moves(self, position):
        for index, heap in enumerate(position):
            for take in (1, 2):
                if take <= heap:
                    after = position[:index] + (heap - take,) + position[index + 1:]
                    yield after, f"take {take}"


class MovesTakeOneOrTwo(Nim):
    """Overrides only moves."""

    name = "moves-take-one-or-two"

    def moves(self, position):
        for index, heap in enumerate(position):
            for take in (1, 2):
                if take <= heap:
                    yield position[:index] + (heap - take,) + position[index + 1:]


class CappedNim(Nim):
    """Adds an option: a move takes at most `cap` tokens."""

    name = "capped-nim"
    params = (Param("cap", ParamKind.INT, "most tokens a move takes", default=2, required=False),)

    def __init__(self, cap=2):
        self.cap = cap

    def options(self):
        return {"cap": self.cap}

    def heap_options(self, heap):
        return [(heap - take,) for take in range(1, min(self.cap, heap) + 1)]


class EvenTakes(Nim):
    name = "even-takes"

    def heap_options(self, heap):
        return [(heap - take,) for take in range(2, heap + 1, 2)]


class RenamedNim(Nim):
    name = "renamed-nim"
    summary = "Nim under another name"


class LateThree(SubtractionGame):
    """S(1, 2), but a heap of at least 300 may also lose 3 tokens."""

    name = "late-three"
    params = ()

    def __init__(self):
        super().__init__([1, 2])

    def options(self):
        return {}

    def heap_options(self, heap):
        yield from super().heap_options(heap)
        if heap >= 300:
            yield (heap - 3,)


class HalfKayles(OctalGame):
    """Kayles' code, but a move may never split a row."""

    name = "half-kayles"
    params = ()

    def __init__(self):
        super().__init__("0.77")

    def options(self):
        return {}

    def heap_options(self, heap):
        for option in super().heap_options(heap):
            if len(option) < 2:
                yield option


class BorrowsNimsLemma(HeapGame):
    """Takes 1 or 2, and claims Nim's closed form with Nim's theorem."""

    name = "borrows-nims-lemma"
    known_grundy_lemma = "nim-heap-value-every-heap"

    def heap_options(self, heap):
        return [(heap - take,) for take in (1, 2) if take <= heap]

    def known_grundy(self, position):
        return sum(position)


class NamesNoLibraryTheorem(BorrowsNimsLemma):
    name = "names-no-library-theorem"
    known_grundy_lemma = "my-own-theorem"


GAMES = [
    BorrowsNimsLemma,
    NamesNoLibraryTheorem,
    TakeOneOrTwo,
    LabelledTakeOneOrTwo,
    MovesTakeOneOrTwo,
    CappedNim,
    EvenTakes,
    RenamedNim,
    LateThree,
    HalfKayles,
]
'''

CHANGED_NIMS = [
    "take-one-or-two",
    "labelled-take-one-or-two",
    "moves-take-one-or-two",
    "capped-nim",
]


def claim_of(**fields: object) -> Claim:
    (claim,) = claims_from_text(claim_text(**fields))
    assert isinstance(claim, Claim), getattr(claim, "problem", "")
    return claim


def game_of(name: str) -> object:
    return claim_of(game=name, statement="True").game


# -- the rule itself ----------------------------------------------------------------------


def test_only_a_renaming_subclass_plays_by_nims_rules(loaded: None) -> None:
    for name in [*CHANGED_NIMS, "even-takes"]:
        game = game_of(name)
        assert not plays_by(game, Nim), name  # type: ignore[arg-type]
        assert type(game).closed_form_lemma() is None, name
        assert not type(game).closed_form_applies(), name
    renamed = game_of("renamed-nim")
    assert plays_by(renamed, Nim)  # type: ignore[arg-type]
    assert type(renamed).closed_form_lemma() == "nim-heap-value-every-heap"


def test_a_subclass_that_keeps_its_parents_name_is_still_another_game() -> None:
    class Sneaky(Nim):  # the Python API lets a subclass keep the name "nim"
        def heap_options(self, heap):  # type: ignore[no-untyped-def]
            return [(heap - 1,)] if heap else []

    assert Sneaky().name == "nim"
    assert Sneaky() != Nim() and Sneaky().key != Nim().key
    assert Solver(Sneaky()).grundy_value((5,)) == 1


# -- Z3 translation -------------------------------------------------------------------------

Z3_CLAIMS = {
    "bouton": dict(statement="(outcome == 'P') == (a ^ b == 0)"),
    "value": dict(statement="grundy == a ^ b"),
    "misere": dict(
        statement="(outcome == 'P') == ((a ^ b == 1) if (a <= 1 and b <= 1) else (a ^ b == 0))",
        play="misere",
    ),
}


@pytest.mark.parametrize("game", [*CHANGED_NIMS, "even-takes"])
@pytest.mark.parametrize("which", sorted(Z3_CLAIMS))
def test_z3_reads_no_nim_lemma_into_a_changed_game(loaded: None, game: str, which: str) -> None:
    claim = claim_of(
        game=game,
        vars='["a", "b"]',
        range="{ a = [0, 7], b = [0, 7] }",
        position="[a, b]",
        method="z3",
        **Z3_CLAIMS[which],
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN, verdict
    assert "no symbolic model" in verdict.message
    assert not verdict.assumes


@pytest.mark.parametrize("which", sorted(Z3_CLAIMS))
def test_z3_still_proves_nim_under_another_name(loaded: None, which: str) -> None:
    claim = claim_of(
        game="renamed-nim",
        vars='["a", "b"]',
        range="{ a = [0, 7], b = [0, 7] }",
        position="[a, b]",
        method="z3",
        **Z3_CLAIMS[which],
    )
    assert check_claim(claim, SETTINGS).status is Status.PROVED


@pytest.mark.parametrize("game", CHANGED_NIMS)
def test_the_exhaustive_check_refutes_bouton_for_changed_games(loaded: None, game: str) -> None:
    claim = claim_of(
        game=game,
        vars='["a", "b"]',
        range="{ a = [0, 7], b = [0, 7] }",
        position="[a, b]",
        statement="(outcome == 'P') == (a ^ b == 0)",
        method="exhaustive",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None
    assert (verdict.counterexample["a"], verdict.counterexample["b"]) == (0, 3)


# -- the solver's closed form ----------------------------------------------------------------


@pytest.mark.parametrize("game", CHANGED_NIMS)
def test_no_solver_reads_nims_closed_form_into_a_changed_game(loaded: None, game: str) -> None:
    rules = game_of(game)
    for solver in (Solver(rules), Solver(rules, lemmas_only=True)):  # type: ignore[arg-type]
        assert [solver.grundy_value((n,)) for n in range(7)] == [0, 1, 2, 0, 1, 2, 0]
        assert [m.to for m in solver.winning_moves((4,))] == [(3,)]  # not Nim's (0,)
        assert "nim-heap-value-every-heap" not in solver.lemmas_used()


@pytest.mark.parametrize("game", CHANGED_NIMS)
def test_the_true_period_three_claim_is_not_refuted(loaded: None, game: str) -> None:
    # the certificate method's scan of the first heaps (auto's random search over heaps
    # up to 10^9 would solve huge heaps of a game with no closed form: slow, not wrong)
    claim = claim_of(
        game=game,
        vars='["n"]',
        range="{ n = [0, 1000000000] }",
        position="[n]",
        statement="grundy == n % 3",
        method="certificate",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.UNKNOWN, verdict  # no theorem covers these games
    assert "no counterexample for n = 0.." in verdict.message


def test_a_plain_sequence_of_a_changed_game_is_its_own(loaded: None) -> None:
    game = game_of("take-one-or-two")
    assert plain_grundy_sequence(game, 8) == [n % 3 for n in range(9)]  # type: ignore[arg-type]
    assert grundy_sequence(game, 8) == [n % 3 for n in range(9)]  # type: ignore[arg-type]


# -- encodings: subtraction sets and octal codes ---------------------------------------------


@pytest.mark.parametrize("name", ["late-three", "half-kayles"])
def test_no_encoding_of_the_parent_describes_a_changed_game(loaded: None, name: str) -> None:
    game = game_of(name)
    assert not has_fast_sequence(game)  # type: ignore[arg-type]
    with pytest.raises(InvalidParameterError):
        rules_of(game)  # type: ignore[arg-type]
    with pytest.raises(InvalidParameterError, match="changes the rules"):
        build_certificate(game, (), 1, 0)  # type: ignore[arg-type]
    found = certified_values(game, quick=SETTINGS.quick)
    assert isinstance(found, NotApplicable)


def test_a_changed_subtraction_game_has_no_certified_period(loaded: None) -> None:
    game = game_of("late-three")
    values = plain_grundy_sequence(game, 100)  # type: ignore[arg-type]
    assert values == [n % 3 for n in range(101)]  # as S(1, 2) this far...
    assert Solver(game).grundy_value((300,)) == 3  # type: ignore[arg-type]
    report = period_report(game, values)  # type: ignore[arg-type]
    assert report.period == 3 and not report.certified  # ...but no theorem says more


def test_the_sequence_command_certifies_no_period_of_a_changed_game(
    games_file: str, run_cli
) -> None:
    result = run_cli(
        "sequence", "--games", games_file, "late-three", "--upto", "100", "--period", "--json"
    )
    assert result.code == 0, result.err
    data = result.json()
    assert data["period"] == 3
    assert data["certified"] is False


def test_a_same_name_subclass_is_not_certified_by_its_parents_code() -> None:
    class LateThreeSameName(SubtractionGame):  # keeps the name "subtraction"
        def heap_options(self, heap):  # type: ignore[no-untyped-def]
            yield from super().heap_options(heap)
            if heap >= 5_000:  # beyond every value the certificate lists
                yield (heap - 3,)

    game = LateThreeSameName([1, 2])
    assert Solver(game).grundy_value((5_000,)) == 3
    assert isinstance(certified_values(game, quick=SETTINGS.quick), NotApplicable)
    assert isinstance(
        certified_values(SubtractionGame([1, 2]), quick=SETTINGS.quick), CertifiedValues
    )


def test_renamed_catalogue_games_keep_their_engines() -> None:
    class Dawson(OctalGame):
        name = "dawsons-by-another-name"

    game = Dawson("0.137")
    assert plays_by(game, OctalGame) and has_fast_sequence(game)
    assert isinstance(certified_values(game, quick=SETTINGS.quick), CertifiedValues)


@pytest.mark.parametrize("game", ["borrows-nims-lemma", "names-no-library-theorem"])
def test_a_user_game_cannot_borrow_a_library_theorem(loaded: None, game: str) -> None:
    # The library's theorems are about its own games: Nim's value theorem does not make
    # a take-1-or-2 game's "closed form" n true.
    assert type(game_of(game)).closed_form_lemma() is None
    claim = claim_of(
        game=game,
        vars='["n"]',
        range="{ n = [0, 10] }",
        position="[n]",
        statement="grundy == n",
        method="exhaustive",
    )
    verdict = check_claim(claim, SETTINGS)
    assert verdict.status is Status.REFUTED, verdict
    assert verdict.counterexample is not None and verdict.counterexample["n"] == 3
