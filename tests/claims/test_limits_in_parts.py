"""A claim checked in parts (one value of a family at a time, one length of a list at a
time) that its budget stops says so in the budget's words, with how to raise it, as a
claim checked whole does; another limit (a search's size) keeps its own words."""

import pytest

from grundy.claims.list_domain import check_lengths
from grundy.claims.per_value import check_per_value
from grundy.errors import BudgetExceededError, SearchLimitError
from grundy.verdict import Status
from tests.claims.helpers import good_claim

FAMILY = {
    "game": "subtraction",
    "params": '{ set = "[1, k]" }',
    "vars": '["k", "n"]',
    "range": "{ k = [2, 5], n = [0, 20] }",
    "position": '"[n]"',
    "statement": '"grundy == n % (k + 1)"',
}
LISTS = {
    "game": "nim",
    "vars": '["h"]',
    "range": "{ h = { length = [1, 3], each = [0, 3] } }",
    "statement": "\"(outcome == 'P') == (nimsum(h) == 0)\"",
}


def _stopped(error):
    def check_one(member):
        raise error

    return check_one


@pytest.mark.parametrize("shape", ["family", "lists"])
def test_a_part_stopped_by_the_budget_says_how_to_raise_it(shape):
    budget = BudgetExceededError("the time budget of 2 s was used up")
    if shape == "family":
        claim = good_claim(**FAMILY)
        verdict = check_per_value(claim, _stopped(budget))
    else:
        claim = good_claim(**LISTS)
        verdict = check_lengths(claim, _stopped(budget), lambda claim: None)
    assert verdict.status is Status.UNKNOWN
    assert "the time budget of 2 s was used up" in verdict.message
    assert "--claim-seconds" in verdict.message


def test_a_part_stopped_by_another_limit_keeps_its_words():
    limit = SearchLimitError("more than 10,000,000 moves")
    verdict = check_per_value(good_claim(**FAMILY), _stopped(limit))
    assert verdict.status is Status.UNKNOWN
    assert "more than 10,000,000 moves" in verdict.message
    assert "--claim-seconds" not in verdict.message
