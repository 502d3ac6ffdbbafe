"""A misère quotient is only built for sums of independent heaps whose rule the
certificate checker replays (issue #34): Moore's Nim and Gale's Nim give each heap Nim's
options, but a move of theirs reads several heaps, so Nim's quotient is false for them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grundy.certify.certified_values import NotApplicable
from grundy.claims.quotient_method import check_by_quotient
from grundy.errors import InvalidParameterError
from grundy.games.gale_nim import GaleNim
from grundy.games.grundys_game import GrundysGame
from grundy.games.moore_nim import MooreNim
from grundy.games.nim import Nim
from grundy.games.octal import OctalGame
from grundy.solve import Outcome, Play, Solver
from grundy.solve.misere_quotient import misere_quotient
from grundy.solve.misere_rules import quotient_rules
from tests.claims.test_quotient_method import kayles_claim

NOT_SUMS = [MooreNim(2), MooreNim(3), GaleNim(1), GaleNim(2), GaleNim(0, m=3)]


@pytest.mark.parametrize("game", NOT_SUMS, ids=lambda g: g.label)
def test_games_whose_moves_read_several_heaps_are_refused(game) -> None:
    with pytest.raises(InvalidParameterError, match="sum of independent heaps"):
        misere_quotient(game, 3)


def test_the_refused_verdict_was_false() -> None:
    # What the quotient of Nim's heap options said: (1,1,1) is P.  In Moore's Nim_2 the
    # player to move takes two heaps of 1 and wins.
    nim = misere_quotient(Nim(), 3)
    assert nim.is_p((1, 1, 1))
    assert Solver(MooreNim(2), plain=True).outcome((1, 1, 1), Play.MISERE) is Outcome.N


@pytest.mark.parametrize("game", [MooreNim(1), GaleNim(0)], ids=lambda g: g.label)
def test_the_instances_that_are_nim_get_nims_quotient(game) -> None:
    assert quotient_rules(game, 5).kind == "nim"
    assert misere_quotient(game, 3).relation_names == ("a^2 = 1", "b^3 = b")


def test_grundys_game_is_replayed() -> None:
    assert quotient_rules(GrundysGame(), 10).label == "grundys-game"


def test_a_subclass_that_changes_the_moves_is_refused() -> None:
    class TakeFromTwo(Nim):
        name = "take-from-two"

        def moves(self, position):
            yield from MooreNim(2).moves(position)

    with pytest.raises(InvalidParameterError, match="does not play by exactly the rules"):
        misere_quotient(TakeFromTwo(), 3)


def test_the_object_played_decides_not_only_its_class() -> None:
    game = OctalGame("0.77")
    game.heap_options = lambda heap: [(heap - 1,)] if heap else []  # type: ignore[method-assign]
    with pytest.raises(InvalidParameterError, match="does not play by exactly the rules"):
        misere_quotient(game, 3)
    changed = OctalGame("0.77")
    changed.subtraction_set = (1,)  # harmless data: the heaps still move as 0.77 says
    assert quotient_rules(changed, 6).rules == "0.77"


def test_heaps_that_do_not_move_as_the_rule_says_are_refused() -> None:
    class Shifted(OctalGame):
        def heap_options(self, heap):
            yield from super().heap_options(heap)
            if heap == 5:
                yield (1, 1, 1)

    with pytest.raises(InvalidParameterError):
        quotient_rules(Shifted("0.77"), 6)


def test_the_claims_method_refuses_them_in_one_line() -> None:
    found = check_by_quotient(replace(kayles_claim("outcome == outcome"), game=MooreNim(2)))
    assert isinstance(found, NotApplicable)
    assert "sum of independent heaps" in found.reason and "\n" not in found.reason
    nim = check_by_quotient(replace(kayles_claim("outcome == outcome"), game=Nim()))
    assert isinstance(nim, NotApplicable) and "octal code or a subtraction set" in nim.reason


@pytest.mark.parametrize(
    "words", [["moore-nim", "--k", "2"], ["gale-nim", "--n", "1"], ["moore-nim", "--k", "3"]]
)
def test_the_command_refuses_them(run_cli, words) -> None:
    result = run_cli("quotient", *words, "--upto", "3")
    assert result.code == 2 and result.out == ""
    assert len(result.err.strip().splitlines()) == 1
    assert "sum of independent heaps" in result.err
