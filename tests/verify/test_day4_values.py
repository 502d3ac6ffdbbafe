"""The Grundy values tabled for forms born by day 3 and day 4 agree with the labelling
rules (G has value n iff G + *n is P), and a refuted form check names the form."""

import signal

import numpy as np

from grundy.library import CheckSettings
from grundy.verdict import Status
from grundy.verify.form_checks import forms_check
from grundy.verify.game_forms import day4_forms, is_p_sum
from grundy.verify.random_games import TreeGame, star


def tables():
    """``day4_forms()``, failing instead of hanging if building the tables never ends (a
    broken mex loop would spin forever); it normally takes about a second."""

    def give_up(signum, frame):
        raise TimeoutError("building the day-4 tables did not finish in 60 s")

    previous = signal.signal(signal.SIGALRM, give_up)
    signal.alarm(60)
    try:
        return day4_forms()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def value_by_labelling(tree):
    """The n with G + *n a P-position (unique, and at most the number of options)."""
    values = [n for n in range(len(tree) + 1) if is_p_sum(tree, star(n))]
    assert len(values) == 1
    return values[0]


def test_day3_values_are_the_ones_the_labelling_rules_give():
    forms = tables()
    expected = [value_by_labelling(form) for form in forms.day3]
    assert forms.grundy3.tolist() == expected
    assert sorted(set(expected)) == [0, 1, 2, 3]  # *0 .. *3 all occur by day 3


def test_day4_values_agree_with_the_labelling_rules_on_a_sample():
    forms = tables()
    # masks chosen for every value 0..4, plus a spread of others
    sample = {int(np.flatnonzero(forms.grundy4 == value)[0]) for value in range(5)}
    sample |= set(range(0, 1 << 16, 4099))
    for mask in sorted(sample):
        assert forms.grundy4[mask] == value_by_labelling(forms.tree4(mask)), mask


def test_a_refuted_form_check_describes_the_least_failing_form():
    # false: some form born by day 4 has value 3 or more
    check = forms_check(lambda forms: forms.grundy4 < 3, "every G born by day 4")
    verdict = check(CheckSettings())
    assert verdict.status is Status.REFUTED
    forms = tables()
    mask = verdict.counterexample["mask"]
    assert mask == int(np.flatnonzero(forms.grundy4 >= 3)[0])
    assert verdict.counterexample["G"] == TreeGame().format(forms.tree4(mask))
    assert verdict.counterexample["grundy"] == value_by_labelling(forms.tree4(mask)) == 3
