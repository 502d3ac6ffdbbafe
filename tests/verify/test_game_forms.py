"""The day-4 game forms: vectorised outcome tables against the plain labelling rules."""

import random

import pytest

from grundy.solve.solver import Solver
from grundy.verify.game_forms import day4_forms
from grundy.verify.random_games import TreeGame, WholeSum, first_player_wins, star, tree_sum


@pytest.fixture(scope="module")
def forms():
    return day4_forms()


def _p(*trees):
    return not first_player_wins(WholeSum((TreeGame(),) * len(trees)), tuple(trees))


def test_there_are_65536_forms_with_values_up_to_4(forms):
    assert forms.masks.size == 65_536
    assert forms.grundy4.max() == 4
    full = sum(1 << i for i in range(16))  # every day-3 form as an option
    assert forms.grundy4[full] == Solver(TreeGame()).grundy_value(forms.tree4(full))


def test_tables_agree_with_the_plain_search_on_sampled_forms(forms):
    rng = random.Random(7)
    solver = Solver(TreeGame())
    for mask in [0, 1, 2, 65_535, *(rng.randrange(65_536) for _ in range(40))]:
        game = forms.tree4(mask)
        assert forms.p4[mask] == _p(game)
        assert forms.grundy4[mask] == solver.grundy_value(game)
        assert forms.p4_plus_self[mask] == _p(game, game)
        for k, other in enumerate(forms.day3):
            assert forms.p4_plus3[k, mask] == _p(game, other)
            assert forms.p3_plus4[k, mask] == _p(other, game)
        q, k = rng.randrange(16), rng.randrange(16)
        assert forms.p4_plus33[q, k, mask] == _p(tree_sum(game, forms.day3[q]), forms.day3[k])


def test_star_table_and_birthdays(forms):
    for n in range(5):
        for k, other in enumerate(forms.day3):
            assert forms.pstar3[n, k] == _p(star(n), other)
    assert forms.birthday4[0] == 0
    assert forms.birthday4.max() == 4
