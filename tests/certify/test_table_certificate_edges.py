"""Grundy tables at their edges: games whose moves split heaps, bad values named by their
position, and the size limit of a certificate."""

import copy

import pytest

from grundy.certify.grundy_table import grundy_table_certificate
from grundy.certify.table_check import check_grundy_table
from grundy.errors import SearchLimitError
from grundy.games import SubtractionGame
from grundy.games.octal import OctalGame
from grundy.solve import Solver


def _entry(data, heap):
    return next(e for e in data["entries"] if e["position"] == [heap])


# -- moves that split a heap: options are sums of listed parts ------------------------------


def test_a_kayles_table_with_splitting_moves_passes():
    # Kayles (0.77) splits heaps, so most options are sums of two listed heaps, valued by
    # nim-sum; the covered position (3, 5) is itself a sum.
    game = OctalGame("0.77")
    data = grundy_table_certificate(game, [(9,), (3, 5)])
    check = check_grundy_table(data)
    assert check.ok, check.problems
    solver = Solver(game)
    assert all(e["grundy"] == solver.grundy_value(tuple(e["position"])) for e in data["entries"])


def test_a_wrong_value_reached_only_through_a_split_is_caught():
    # G(2) = 2 in Kayles; claim 0 for it.  The heap of 5 reaches (2, 2) and (1, 2) by
    # splitting, whose values change with it: the checker must value those sums.
    data = grundy_table_certificate(OctalGame("0.77"), [(5,)])
    two = _entry(data, 2)
    assert two["grundy"] == 2
    two["grundy"], two["witnesses"] = 0, []
    check = check_grundy_table(data)
    assert not check.ok
    assert any("also has value" in p or "whose value is" in p for p in check.problems)


def test_a_covered_sum_is_checked_through_its_parts():
    data = grundy_table_certificate(OctalGame("0.77"), [(4,)])
    data = copy.deepcopy(data) | {"covers": [[4, 1, 2]]}
    assert check_grundy_table(data).ok  # 4, 1 and 2 are all listed below 4
    data["covers"] = [[4, 6]]
    (problem,) = check_grundy_table(data).problems
    assert problem.startswith("covered position [4, 6]") and "[6] is reached but not listed" in (
        problem
    )


# -- a bad value is reported with its position ----------------------------------------------


@pytest.mark.parametrize(
    "bad", [-1, True, "1", 1.5, None], ids=["negative", "bool", "text", "float", "none"]
)
def test_a_bad_value_is_a_problem_naming_its_position(bad):
    data = grundy_table_certificate(SubtractionGame([1, 2]), [(4,)])
    _entry(data, 3)["grundy"] = bad
    check = check_grundy_table(data)
    assert not check.ok
    assert any(p.startswith("position [3]: bad value") for p in check.problems)


# -- the size limit -------------------------------------------------------------------------


def test_the_limit_is_the_most_positions_a_certificate_may_list():
    game = SubtractionGame([1, 2])
    # heap 4 and everything below it: exactly 5 positions
    assert len(grundy_table_certificate(game, [(4,)], limit=5)["entries"]) == 5
    with pytest.raises(SearchLimitError, match="more than 4 positions"):
        grundy_table_certificate(game, [(4,)], limit=4)
