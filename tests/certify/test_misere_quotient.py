"""Misère quotients: published values as oracles, cross-checks with grundy's own misère
solver, and the independent checker rejecting mutated certificates."""

import ast
import copy
import itertools
from pathlib import Path

import pytest

from grundy.certify.quotient_certificate import quotient_certificate
from grundy.certify.quotient_check import check_quotient_certificate
from grundy.errors import SearchLimitError
from grundy.games.nim import Nim
from grundy.games.octal import OctalGame
from grundy.games.subtraction import SubtractionGame
from grundy.solve import Outcome, Play, Solver
from grundy.solve.misere_genus import genus_sequence, genus_text
from grundy.solve.misere_quotient import misere_quotient


def _named(quotient):
    return set(quotient.p_names), set(quotient.relation_names)


def test_misere_nim_is_t2_of_order_6():
    # Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115 (2008): the
    # quotient of misère Nim with heaps up to 3 is T2 = <a, b | a^2 = 1, b^3 = b>, of
    # order 6, with P-portion {a, b^2}.
    quotient = misere_quotient(Nim(), 3)
    assert quotient.size == 6
    assert _named(quotient) == ({"a", "b^2"}, {"a^2 = 1", "b^3 = b"})
    assert quotient.tame == 2
    assert [quotient.element_names[x] for x in quotient.heap_map] == ["1", "a", "b", "ab"]


def test_misere_nim_to_heap_7_is_t3_of_order_10():
    # Same source: misère Nim with heaps below 2^n has the tame quotient T_n, of order
    # 2^n + 2 (the two classes of sums of heaps of size 1, and one per nim-sum otherwise).
    quotient = misere_quotient(Nim(), 7)
    assert (quotient.size, quotient.tame) == (10, 3)


TAME_CASES = [
    (Nim(), 3),
    (Nim(), 7),
    (OctalGame("0.07"), 9),
    (OctalGame("0.07"), 12),
    (OctalGame("0.77"), 8),
    (OctalGame("4.7"), 7),
    (SubtractionGame([1, 2]), 9),
    (SubtractionGame([2, 3]), 9),
    (OctalGame("0.137"), 10),
]


def _tame_genus(genus):
    shown, g = genus_text(genus), genus.normal
    return shown in ("0^120", "1^031") or (g >= 2 and shown == f"{g}^{g}{g ^ 2}")


def test_tame_genera_give_a_tame_quotient():
    # Conway (On Numbers and Games, ch. 12; Winning Ways, ch. 13): a game whose positions
    # all have tame genera (0^120, 1^031, or g^(g, g xor 2) for g >= 2) plays like misère
    # Nim, so its quotient is a tame T_n.  Sums of tame games are tame, so the heaps
    # suffice.  The genus is found by its own search (misère values with nim-heaps of 2).
    premise_held = 0
    for game, upto in TAME_CASES:
        if all(_tame_genus(genus) for genus in genus_sequence(game, upto)):
            premise_held += 1
            assert misere_quotient(game, upto).tame is not None, (game.label, upto)
    assert premise_held >= 4  # the oracle is not vacuous


def test_the_tame_oracle_is_not_vacuous():
    assert misere_quotient(OctalGame("0.07"), 9).tame == 2
    assert misere_quotient(OctalGame("0.07"), 10).tame is None
    # heap 10 of Dawson's Kayles has the wild genus 3^1431 (computed, and as Winning Ways
    # lists for 0.07)
    assert genus_text(genus_sequence(OctalGame("0.07"), 10)[10]) == "3^1431"


def test_genus_of_nim_heaps():
    # Winning Ways, ch. 13: *0 = 0^120, *1 = 1^031, *2 = 2^20, *3 = 3^31, *4 = 4^46.
    assert [genus_text(g) for g in genus_sequence(Nim(), 4)] == [
        "0^120",
        "1^031",
        "2^20",
        "3^31",
        "4^46",
    ]


@pytest.mark.parametrize(
    ("game", "upto", "largest"),
    [(OctalGame("0.07"), 12, 4), (OctalGame("0.77"), 8, 4), (SubtractionGame([2, 3]), 9, 4)],
)
def test_outcomes_agree_with_the_misere_solver(game, upto, largest):
    # A second, unrelated computation: grundy's exact solver in misère play.
    quotient = misere_quotient(game, upto)
    solver = Solver(game)
    for count in range(1, largest + 1):
        for heaps in itertools.combinations_with_replacement(range(1, upto + 1), count):
            if sum(heaps) > 26:
                continue
            expected = solver.outcome(heaps, Play.MISERE) is Outcome.P
            assert quotient.is_p(heaps) == expected, heaps


def test_dawsons_kayles_partial_quotients_grow():
    # Derived here and re-verified by the independent checker (the oracle |Q_30| = 360
    # is tested in tests/certify/test_misere_elements.py).
    sizes = [misere_quotient(OctalGame("0.07"), n).size for n in (3, 4, 9, 10, 13, 14)]
    assert sizes == [2, 6, 6, 12, 12, 24]
    quotient = misere_quotient(OctalGame("0.07"), 14)
    assert check_quotient_certificate(quotient_certificate(quotient)).valid


@pytest.mark.slow
def test_dawsons_kayles_to_heap_24_has_24_elements():
    quotient = misere_quotient(OctalGame("0.07"), 24)
    assert quotient.size == 24
    assert check_quotient_certificate(quotient_certificate(quotient)).valid


# -- the independent checker ----------------------------------------------------------


@pytest.fixture(scope="module")
def certificate():
    return quotient_certificate(misere_quotient(OctalGame("0.07"), 12))


def test_the_checker_accepts_the_certificate(certificate):
    report = check_quotient_certificate(certificate)
    assert report.valid, report.problems
    assert report.pairs_checked > 10 and report.spot_positions > 100


@pytest.fixture(params=[14, 0], ids=["with-spot-check", "pair-search-only"])
def spot_tokens(request):
    # with 0 the plain search checks nothing: the pair search alone must catch the error
    return request.param


@pytest.fixture
def mutated(certificate, spot_tokens):
    def mutate(data, change):
        data = copy.deepcopy(data)
        change(data)
        return check_quotient_certificate(data, spot_tokens=spot_tokens)

    return mutate


def test_a_wrong_relation_is_rejected(certificate, mutated):
    def change(data):
        lhs, _rhs = data["relations"][0]
        data["relations"][0] = [lhs, data["normal_forms"][2]]  # a^2 = b instead of a^2 = 1

    report = mutated(certificate, change)
    assert not report.valid and any("relation" in p for p in report.problems)


def test_a_dropped_relation_is_rejected(certificate, mutated):
    report = mutated(certificate, lambda data: data["relations"].pop())
    assert not report.valid


def test_a_wrong_p_portion_is_rejected(certificate, mutated):
    for change in (
        lambda data: data["p_portion"].pop(),
        lambda data: data["p_portion"].append(2),
    ):
        report = mutated(certificate, change)
        assert not report.valid, report


def test_a_wrong_heap_image_is_rejected(certificate, mutated):
    for heap in (2, 5, 10, 12):
        for element in (0, 1, 3, 7):
            if certificate["heap_map"][heap] == element:
                continue

            def change(data, heap=heap, element=element):
                data["heap_map"][heap] = element

            assert not mutated(certificate, change).valid, (heap, element)


def test_a_wrong_table_entry_is_rejected(certificate, mutated):
    def change(data):
        data["table"][2][3] = (data["table"][2][3] + 1) % len(data["table"])

    assert not mutated(certificate, change).valid


def test_an_unreduced_monoid_is_rejected():
    # Z/4 with P = {a, a^3}: a^2 and 1 cannot be told apart, so this bipartite monoid is
    # right about every outcome of misère Nim with heaps of size 1 but is not the quotient.
    report = check_quotient_certificate(
        {
            "certificate": "misere-quotient",
            "game": "nim",
            "rules": "",
            "upto": 1,
            "table": [[(x + y) % 4 for y in range(4)] for x in range(4)],
            "p_portion": [1, 3],
            "heap_map": [0, 1],
            "generator_heaps": [1],
            "normal_forms": [[0], [1], [2], [3]],
            "relations": [[[4], [0]]],
        }
    )
    assert not report.valid
    assert any("indistinguishable" in p for p in report.problems)
    assert not any("outcome" in p or "P-position" in p for p in report.problems)


def test_other_rules_are_rejected(certificate, mutated):
    report = mutated(certificate, lambda data: data.update(rules="0.77"))
    assert not report.valid


def test_malformed_certificates_give_problems_not_crashes(certificate, mutated):
    for change in (
        lambda data: data.pop("table"),
        lambda data: data.update(table=[[0]]),
        lambda data: data.update(heap_map=[0, 1]),
        lambda data: data.update(upto=-1),
        lambda data: data.update(rules="x"),
        lambda data: data.update(game="chess"),
        lambda data: data["table"].__setitem__(0, "row"),
    ):
        assert not mutated(certificate, change).valid


@pytest.mark.parametrize("name", ["quotient_check", "quotient_presentation", "quotient_replay"])
def test_the_checker_imports_nothing_from_the_construction(name):
    source = Path(__file__).parents[2] / f"src/grundy/certify/{name}.py"
    modules = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    own = {"grundy.certify.quotient_presentation", "grundy.certify.quotient_replay"}  # its own
    assert not any(m.startswith("grundy") and m not in own for m in modules), modules


@pytest.mark.parametrize("method", ["elements", "learner"])
def test_limits_stop_the_search(method):
    if method == "learner":
        with pytest.raises(SearchLimitError, match="positions"):
            misere_quotient(OctalGame("0.07"), 14, position_limit=200, method=method)
    with pytest.raises(SearchLimitError, match="elements"):
        misere_quotient(OctalGame("0.07"), 10, max_size=8, method=method)


@pytest.mark.parametrize(("code", "upto"), [("0.77", 10), ("0.07", 14), ("4.7", 9)])
def test_guessed_outcomes_never_change_the_answer(monkeypatch, code, upto):
    # The first tries remember outcomes under a key of the smaller heaps (a guess); the
    # answer must be the one the exact search gives, even with the crudest key (depth 0,
    # the class alone), which is wrong for Kayles at heap 9: 9 and 9 + 1 + 1 differ
    # though 1 + 1 and the empty sum share a class of Q_8.
    import grundy.solve.misere_quotient as construction

    monkeypatch.setattr(construction, "GUESS_DEPTHS", ())
    exact = misere_quotient(OctalGame(code), upto, method="learner")
    assert exact.exact_stages > 0  # every heap by the exact search
    monkeypatch.setattr(construction, "GUESS_DEPTHS", (0,))
    crude = misere_quotient(OctalGame(code), upto, method="learner")
    monkeypatch.undo()
    default = misere_quotient(OctalGame(code), upto, method="learner")
    for guessed in (crude, default):
        assert (guessed.table, guessed.heap_map, guessed.p_portion) == (
            exact.table,
            exact.heap_map,
            exact.p_portion,
        )
    if code == "0.77":
        assert crude.exact_stages >= 1  # the crude guess did go astray, and was caught


def test_a_certificate_too_large_to_check_is_refused_at_once():
    size = 3000
    report = check_quotient_certificate(
        {
            "certificate": "misere-quotient",
            "game": "nim",
            "rules": "",
            "upto": 40,
            "table": [list(range(size))] * size,
            "p_portion": [1],
            "heap_map": list(range(41)),
            "generator_heaps": [],
            "normal_forms": [],
            "relations": [],
        }
    )
    assert not report.valid and "steps" in report.problems[0]
