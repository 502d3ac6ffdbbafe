"""Grundy-table certificates: built from the solver, re-checked without it, corruption caught."""

import copy
import json

import pytest

from grundy.certify.grundy_table import grundy_table_certificate
from grundy.certify.table_check import check_grundy_table
from grundy.games import Nim, SubtractionGame
from grundy.solve import Solver


@pytest.fixture
def certificate():
    return grundy_table_certificate(SubtractionGame([1, 3, 4]), [(12,), (5, 7)])


def test_certificate_lists_every_heap_below_with_solver_values(certificate):
    game = SubtractionGame([1, 3, 4])
    solver = Solver(game)
    values = {tuple(e["position"]): e["grundy"] for e in certificate["entries"]}
    assert set(values) == {(n,) for n in range(13)}
    assert all(values[(n,)] == solver.grundy_value((n,)) for n in range(13))
    for entry in certificate["entries"]:
        assert len(entry["witnesses"]) == entry["grundy"]


def test_sound_certificate_passes_after_a_json_round_trip(certificate):
    result = check_grundy_table(json.loads(json.dumps(certificate)))
    assert result.ok, result.problems
    assert result.entries == 13


def entry(data, heap):
    return next(e for e in data["entries"] if e["position"] == [heap])


def test_a_wrong_value_is_caught(certificate):
    data = copy.deepcopy(certificate)
    target = entry(data, 7)  # S(1,3,4) has period 7 with values 0,1,0,1,2,3,2
    target["grundy"] += 1
    target["witnesses"].append([6])
    problems = check_grundy_table(data).problems
    assert problems
    assert any("[7]" in p or "[8]" in p or "[10]" in p or "[11]" in p for p in problems)


def test_a_fake_witness_and_a_missing_position_are_caught(certificate):
    data = copy.deepcopy(certificate)
    entry(data, 5)["witnesses"][0] = [0]  # 5 -> 0 is not a move of S(1,3,4)
    assert any("not an option" in p for p in check_grundy_table(data).problems)
    data = copy.deepcopy(certificate)
    data["entries"] = [e for e in data["entries"] if e["position"] != [2]]
    assert any("[2] is reached but not listed" in p for p in check_grundy_table(data).problems)


def test_a_value_shared_with_an_option_is_caught():
    data = grundy_table_certificate(Nim(), [(3,)])
    # Claim *3 is *2 with the witnesses for 0 and 1: the option 2 also has value 2.
    three = entry(data, 3)
    three["grundy"], three["witnesses"] = 2, three["witnesses"][:2]
    assert any("also has value 2" in p for p in check_grundy_table(data).problems)


def test_not_a_certificate_and_an_unknown_game_are_reported():
    assert not check_grundy_table({"certificate": "other"}).ok
    bad = {"certificate": "grundy-table", "version": 2, "game": "no-such", "entries": []}
    assert "cannot be built" in check_grundy_table(bad).problems[0]


def test_the_checker_does_not_use_the_solver():
    import ast
    import inspect

    import grundy.certify.table_check as checker

    tree = ast.parse(inspect.getsource(checker))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(name and name.startswith("grundy.solve") for name in imported)
