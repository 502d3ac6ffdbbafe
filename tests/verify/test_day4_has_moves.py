"""``has_moves`` over the day-4 forms: every form has an option except the empty game."""

import numpy as np

from grundy.verify.form_checks import FORMS, has_moves
from grundy.verify.game_forms import day4_forms


def test_exactly_the_empty_game_has_no_move():
    forms = day4_forms()
    moves = has_moves(forms)
    assert moves.shape == (FORMS,)
    # mask 0 is the empty set of options, the game 0 (no move); every other mask names
    # at least one day-3 option, a legal move
    assert np.flatnonzero(~moves).tolist() == [0]
    assert forms.tree4(0) == frozenset()
    for mask in (1, 2, 0x8000, FORMS - 1):
        assert moves[mask] and len(forms.tree4(mask)) > 0


def test_the_form_without_moves_is_p_and_star_one_has_a_move():
    # the labelling rule ties has_moves to the outcomes: a form without moves is P
    forms = day4_forms()
    moves = has_moves(forms)
    assert forms.p4[~moves].all()
    # and mask 1, whose only option is 0 (the game *1), has a move and is N
    assert forms.tree4(1) == frozenset({frozenset()})
    assert moves[1] and not forms.p4[1]
