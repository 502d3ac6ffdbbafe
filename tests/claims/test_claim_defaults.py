"""No silent defaults in claims (issue 24, section 2).

A claim that leaves out ``position`` means what ``grundy solve`` means with no position
words, for every game of the catalogue; positions that name edges or elements outside the
game's picture or poset are errors naming them; ``assume`` is evaluated before anything
else of a case; a claim of pure arithmetic needs no ``game``; and every verdict's scope
names what was checked.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.claims import BadClaim, Claim, check_claim
from grundy.errors import InvalidPositionError
from grundy.games import create_game
from grundy.games.base import Game
from grundy.games.catalogue import catalogue, find_entry, register, unregister
from grundy.games.params import Param, ParamKind
from grundy.library import CheckSettings
from grundy.strategies import game_options
from grundy.verdict import Status
from tests.claims.helpers import claim_text, good_claim, one_claim

QUICK = CheckSettings(quick=True)


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return str(value)


def _params(options: dict[str, Any]) -> str:
    return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in options.items()) + " }"


def _cli_words(name: str, options: dict[str, Any]) -> list[str]:
    flags = {param.name: param.flag for param in find_entry(name).params}
    words = [name]
    for key, value in options.items():
        shown = ",".join(map(str, value)) if isinstance(value, list) else str(value)
        words += [flags[key], shown]
    return words


def _check(**fields: object) -> Any:
    return check_claim(one_claim(**fields), QUICK)


def _same_default(run_cli: Any, name: str, options: dict[str, Any]) -> None:
    """The claim with these options and no position is about the CLI's position, or both
    refuse to pick one."""
    cli = run_cli("solve", *_cli_words(name, options), "--json")
    fields: dict[str, object] = {"game": name, "statement": "outcome == 'none'"}
    if options:
        fields["params"] = _params(options)
    claim = one_claim(**fields)
    if cli.code != 0:
        assert cli.code == 2 and "no position to start from" in cli.err, cli.err
        assert isinstance(claim, BadClaim), f"{name} {options}: the CLI refuses, the claim not"
        assert "'position'" in claim.problem and "is missing" in claim.problem
        return
    data = cli.json()
    assert isinstance(claim, Claim), getattr(claim, "problem", "")
    verdict = check_claim(claim, QUICK)
    # outcome is never 'none': refuted, at the claim's one position, with its outcome
    assert verdict.status is Status.REFUTED, (name, options, verdict)
    assert verdict.counterexample is not None
    assert verdict.counterexample["position"] == data["position"], (name, options)
    assert verdict.counterexample["outcome"] == data["outcome"], (name, options)
    game = create_game(name, options)
    shown = game.format(game.from_value(data["position"]))
    assert verdict.scope == f"bounded: the single position {shown}", verdict.scope
    if game.reports_grundy:  # the value too, with the opposite answer proved
        fields["statement"] = f"grundy == {data['grundy']}"
        assert _check(**fields).status is Status.PROVED


CATALOGUE = [entry.name for entry in catalogue()]


def test_the_walk_covers_what_grundy_games_lists(run_cli: Any) -> None:
    listed = [game["name"] for game in run_cli("games", "--json").json()["games"]]
    assert listed == CATALOGUE and len(listed) >= 17


@pytest.mark.parametrize("name", CATALOGUE)
def test_claim_default_position_is_the_cli_default_for_every_game(run_cli: Any, name: str) -> None:
    @settings(
        max_examples=4,
        derandomize=True,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(game_options(name))
    def check(options: dict[str, Any]) -> None:
        _same_default(run_cli, name, options)

    check()


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("hackenbush", {"edges": "0-1,1-2,2-3,2-4,4-5,5-6"}),
        ("poset", {"relations": "1<2,1<3,2<4,3<4"}),
        ("poset", {"relations": "5,7<9"}),
        ("hackenbush", {"edges": "0-1,0-1,1-1,3-4"}),  # parallel edges, a loop, a stray edge
        ("beer-can", {"rows": 3, "columns": 2}),
        ("gale-nim", {"n": 1, "m": 2}),
        ("chomp", {}),
        ("euclid", {}),
        ("nim", {}),
    ],
)
def test_chosen_defaults_agree(run_cli: Any, name: str, options: dict[str, Any]) -> None:
    _same_default(run_cli, name, options)


def test_issue_hackenbush_picture_is_the_whole_picture_not_the_empty_one() -> None:
    verdict = _check(
        game="hackenbush",
        params='{ edges = "0-1,1-2,2-3,2-4,4-5,5-6" }',
        statement="grundy == 0",
    )
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None and verdict.counterexample["grundy"] == 4
    assert "0-1,1-2,2-3,2-4,4-5,5-6" in verdict.scope


@pytest.mark.parametrize(
    "relations", ["1<2,1<3,2<4,3<4", "1<4,2<4,3<4", "7", "1<2,1<3,2<9,3<9,9<10"]
)
def test_a_poset_with_a_greatest_element_is_n_by_default(relations: str) -> None:
    # Strategy stealing: the whole poset is an N-position; the empty one would be P.
    verdict = _check(
        game="poset", params=f'{{ relations = "{relations}" }}', statement="outcome == 'P'"
    )
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None and verdict.counterexample["outcome"] == "N"


def test_the_cli_with_no_position_words_plays_the_whole_poset(run_cli: Any) -> None:
    data = run_cli("solve", "poset", "--relations", "1<2,1<3,2<4,3<4", "--json").json()
    assert data["position"] == [1, 2, 3, 4] and data["outcome"] == "N"


def test_a_claim_with_vars_still_plays_them_as_the_position() -> None:
    claim = good_claim(
        game="nim",
        vars='["a", "b"]',
        range="{ a = [0, 2], b = [0, 2] }",
        statement="grundy == a ^ b",
    )
    assert claim.position.text == "[a, b]"
    assert claim.scope == "bounded: 0 <= a, b <= 2"


def test_a_position_nothing_reads_needs_no_default() -> None:
    # Chomp has no start, but this claim never reads its own position.
    verdict = _check(game="chomp", statement="g([2, 2]) != 0")
    assert verdict.status is Status.PROVED
    assert verdict.scope == "bounded: the single case, with no variables"


# -- positions outside the picture or the poset ----------------------------------------------


@pytest.mark.parametrize(
    ("edges", "position", "named"),
    [
        ("0-1,1-2", "[[0, 1], [1, 5]]", "1-5"),
        ("0-1,1-2,2-0", "'0-1,2-3,3-4'", "2-3,3-4"),
        ("0-1", "[[0, 1], [0, 1]]", "0-1"),  # two copies of an edge the picture has once
        ("0-1,1-1", "[[1, 1], [1, 1], [0, 1]]", "1-1"),
    ],
)
def test_hackenbush_edges_outside_the_picture_are_named(
    edges: str, position: str, named: str
) -> None:
    verdict = _check(
        game="hackenbush",
        params=f'{{ edges = "{edges}" }}',
        position=position,
        statement="grundy >= 0",
    )
    assert verdict.status is Status.ERROR
    assert f" {named} " in verdict.message and "not in the picture" in verdict.message


def test_hackenbush_sub_pictures_are_still_positions() -> None:
    verdict = _check(
        game="hackenbush",
        params='{ edges = "0-1,1-2,2-0,0-1" }',
        position="[[0, 1], [1, 2], [0, 1]]",
        # By hand: cutting a 0-1 leaves the stalk 0-1-2 (*2); cutting 1-2 leaves two
        # parallel ground edges, whose only option is one edge (*1), so *0; mex{2, 0} = 1.
        statement="grundy == 1",
    )
    assert verdict.status is Status.PROVED, verdict.message


@pytest.mark.parametrize(
    ("relations", "position", "named"),
    [("1<2,1<3", "[1, 4]", "4"), ("0<1", "[0, 1, 2, 9]", "2, 9"), ("3", "[x]", "5")],
)
def test_poset_elements_outside_the_poset_are_named(
    relations: str, position: str, named: str
) -> None:
    fields: dict[str, object] = {
        "game": "poset",
        "params": f'{{ relations = "{relations}" }}',
        "position": position,
        "statement": "outcome == 'N'",
    }
    if "x" in position:
        fields.update(vars='["x"]', range="{ x = [5, 5] }")
    verdict = _check(**fields)
    assert verdict.status is Status.ERROR
    assert f"poset: {named} (" in verdict.message


def test_the_cli_names_edges_and_elements_outside_too(run_cli: Any) -> None:
    hack = run_cli("solve", "hackenbush", "--edges", "0-1,1-2", "0-1,1-7")
    assert hack.code == 2 and "1-7 is not in the picture 0-1,1-2" in hack.err
    poset = run_cli("solve", "poset", "--relations", "1<2", "1", "3", "8")
    assert poset.code == 2 and "poset: 3, 8 (" in poset.err


# -- assume guards every case -----------------------------------------------------------------

CHOMP_ASSUME = {
    "game": "chomp",
    "vars": '["a", "b"]',
    "assume": "b <= a",
    "position": "[a, b]",
}


@pytest.mark.parametrize("method", ["exhaustive", "random", "auto"])
def test_chomp_assume_excludes_boards_that_are_not_positions(method: str) -> None:
    # Two-row Chomp [a, b] (a >= b) is a P-position exactly when b = a - 1 (Zeilberger,
    # "Three-rowed Chomp", 2001, section 1); (1, 2) is no board and assume excludes it.
    verdict = _check(
        **CHOMP_ASSUME,
        range="{ a = [1, 5], b = [1, 5] }",
        statement="(outcome == 'P') == (b == a - 1)",
        method=method,
    )
    expected = Status.UNREFUTED if method == "random" else Status.PROVED
    assert verdict.status is expected, verdict.message
    assert "assuming b <= a" in verdict.scope


@pytest.mark.parametrize("method", ["exhaustive", "random"])
def test_chomp_assume_reports_only_admitted_counterexamples(method: str) -> None:
    verdict = _check(
        **CHOMP_ASSUME,
        range="{ a = [1, 5], b = [1, 5] }",
        statement="(outcome == 'P') == (b == a - 2)",
        method=method,
    )
    assert verdict.status is Status.REFUTED, verdict.message
    case = verdict.counterexample
    assert case is not None and 1 <= case["b"] <= case["a"]


def test_random_search_never_builds_an_excluded_position() -> None:
    verdict = _check(
        game="wythoff",
        vars='["a", "b"]',
        range="{ a = [-50, 50], b = [-50, 50] }",
        assume="a >= 0 and b >= 0",
        # on the diagonal, the only P-position is (0, 0): (a, a) moves to it
        statement="(outcome == 'P') == (a == 0 and b == 0) or a != b",
        method="random",
    )
    assert verdict.status is Status.UNREFUTED, verdict.message


def test_z3_path_rechecks_only_admitted_cases() -> None:
    verdict = _check(
        game="nim",
        vars='["a", "b"]',
        range="{ a = [0, 1000000], b = [0, 1000000] }",
        assume="b <= a",
        position="[a - b, b]",
        statement="grundy == (a - b) ^ b",
        method="z3",
    )
    assert verdict.status is Status.PROVED, verdict.message
    false = _check(
        game="nim",
        vars='["a", "b"]',
        range="{ a = [0, 1000000], b = [0, 1000000] }",
        assume="b <= a",
        position="[a - b, b]",
        statement="grundy == a",
        method="z3",
    )
    assert false.status is Status.REFUTED and false.counterexample is not None
    assert false.counterexample["b"] <= false.counterexample["a"]


@pytest.mark.parametrize("game", ["kayles", "dawsons-kayles"])
def test_certificate_path_reads_assume_before_the_position(game: str) -> None:
    verdict = _check(
        game=game,
        vars='["n"]',
        range="{ n = [0, 100000] }",
        assume="n >= 5",
        position="[n - 5]",
        statement="grundy == g([n - 5])",
        method="certificate",
    )
    assert verdict.status is Status.PROVED, verdict.message


def test_an_excluded_case_is_never_reported() -> None:
    verdict = _check(
        game="subtraction",
        params="{ set = [1, 2] }",
        vars='["n"]',
        range="{ n = [-3, 9] }",
        assume="n >= 0",
        position="[n]",
        statement="grundy == n % 3 and n < 7",
        method="exhaustive",
    )
    assert verdict.status is Status.REFUTED
    assert verdict.counterexample is not None and verdict.counterexample["n"] == 7


# -- claims with no game --------------------------------------------------------------------


def _no_game(**fields: object) -> Claim | BadClaim:
    return one_claim(game=None, **fields)


def test_nimber_arithmetic_needs_no_game() -> None:
    claim = _no_game(
        vars='["a", "b"]',
        range="{ a = [0, 15], b = [0, 15] }",
        statement="nim_mul(a, b) == nim_mul(b, a) and nimsum(a, b, b) == a and mex([a]) != a",
    )
    assert isinstance(claim, Claim), getattr(claim, "problem", "")
    verdict = check_claim(claim, QUICK)
    assert verdict.status is Status.PROVED and verdict.scope == "bounded: 0 <= a, b <= 15"


def test_a_single_arithmetic_case_needs_no_game() -> None:
    verdict = check_claim(_no_game(statement="nim_mul(2, 2) == 3"), QUICK)
    assert verdict.status is Status.PROVED
    assert verdict.scope == "bounded: the single case, with no variables"
    wrong = check_claim(_no_game(statement="nim_mul(2, 2) == 4"), QUICK)
    assert wrong.status is Status.REFUTED


def test_a_large_arithmetic_domain_without_game_is_not_an_error() -> None:
    claim = _no_game(
        vars='["a", "b"]',
        range="{ a = [0, 100000000], b = [0, 100000000] }",
        statement="nimsum(a, b) == a ^ b",
    )
    verdict = check_claim(claim, QUICK)
    assert verdict.status in (Status.UNREFUTED, Status.PROVED), verdict.message


@pytest.mark.parametrize(
    ("statement", "extra", "named"),
    [
        ("grundy == 0", {}, "grundy"),
        ("outcome == 'P'", {}, "outcome"),
        ("len(moves) == 0 and len(winning_moves) == 0", {}, "moves, winning_moves"),
        ("g([3]) == 3", {}, "g"),
        ("outcome_of([1]) == 'N'", {}, "outcome_of"),
        ("g('kayles', [3]) == 3", {}, "g"),
        ("1 == 1", {"position": "[1]"}, "position"),
        ("nim_mul(1, 1) == 1", {"assume": "grundy == 0"}, "grundy"),
    ],
)
def test_a_claim_that_asks_about_a_game_needs_one(
    statement: str, extra: dict[str, object], named: str
) -> None:
    claim = _no_game(statement=statement, **extra)
    assert isinstance(claim, BadClaim)
    assert "field 'game': is missing" in claim.problem and f"uses {named}," in claim.problem


@pytest.mark.parametrize(("field", "value"), [("params", "{ set = [1] }"), ("play", "misere")])
def test_options_or_play_without_a_game_are_errors(field: str, value: str) -> None:
    claim = _no_game(statement="nim_mul(1, 1) == 1", **{field: value})
    assert isinstance(claim, BadClaim) and f"field {field!r}" in claim.problem


# -- every verdict names what it checked ----------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "scope"),
    [
        ({"game": "nim", "position": "[3, 4, 5]", "statement": "grundy == 2"}, "(3,4,5)"),
        ({"game": "kayles", "position": "[7]", "statement": "outcome == 'N'"}, "(7)"),
        ({"game": "chomp", "position": "[3, 2]", "statement": "outcome == 'P'"}, "(3,2)"),
        ({"game": "wythoff", "position": "[1, 2]", "statement": "outcome == 'P'"}, "(1,2)"),
        (
            {
                "game": "poset",
                "params": '{ relations = "1<2" }',
                "position": "[2]",
                "statement": "grundy == 1",
            },
            "{2}",
        ),
    ],
)
def test_a_single_case_verdict_names_its_position(fields: dict[str, object], scope: str) -> None:
    verdict = _check(**fields)
    assert verdict.status is Status.PROVED, verdict.message
    assert verdict.scope == f"bounded: the single position {scope}"


def test_the_position_shows_in_text_and_json(run_cli: Any, tmp_path: Any) -> None:
    path = tmp_path / "one.toml"
    path.write_text(
        claim_text(id="one", game="nim", position="[3, 4, 5]", statement="grundy == 2")
        + claim_text(
            id="two", game="hackenbush", params='{ edges = "0-1,1-2" }', statement="grundy == 2"
        )
    )
    text = run_cli("check", str(path))
    assert "the single position (3,4,5)" in text.out
    assert "the single position 0-1,1-2" in text.out
    data = run_cli("check", str(path), "--json").json()
    scopes = {c["id"]: c["scope"] for c in data["claims"]}
    assert scopes == {
        "one": "bounded: the single position (3,4,5)",
        "two": "bounded: the single position 0-1,1-2",
    }


def test_a_single_case_with_an_unreadable_position_still_names_it() -> None:
    verdict = _check(game="chomp", position="[1, 2]", statement="outcome == 'N'")
    assert verdict.status is Status.ERROR
    assert verdict.scope == "bounded: the single position [1, 2]"


@given(st.lists(st.integers(0, 9), max_size=4))
@settings(max_examples=15, derandomize=True, deadline=None)
def test_nim_single_positions_are_named_and_decided(heaps: list[int]) -> None:
    verdict = _check(game="nim", position=str(heaps), statement="outcome == 'P'")
    game = create_game("nim")
    assert verdict.scope == f"bounded: the single position {game.format(tuple(heaps))}"
    total = 0
    for heap in heaps:
        total ^= heap
    assert verdict.status is (Status.PROVED if total == 0 else Status.REFUTED)


class _Countdown(Game):
    """A game added by a user: one counter, take 1 or 2; it starts at ``--n``."""

    name = "countdown-defaults-test"
    params = (Param("n", ParamKind.INT, "where the counter starts", metavar="N"),)

    def __init__(self, n: int) -> None:
        self.n = n

    def options(self) -> dict[str, Any]:
        return {"n": self.n}

    def moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        (count,) = position
        return [(count - take,) for take in (1, 2) if count >= take]

    def from_value(self, value: Any) -> tuple[int, ...]:
        if not (isinstance(value, (list, tuple)) and len(value) == 1 and 0 <= value[0] <= self.n):
            raise InvalidPositionError(f"one counter from 0 to {self.n}, got {value!r}")
        return (value[0],)

    def to_json(self, position: tuple[int, ...]) -> list[int]:
        return list(position)

    def start(self) -> tuple[int, ...]:
        return (self.n,)


@pytest.mark.parametrize("n", [0, 4, 7])
def test_a_user_game_start_is_the_default_of_both(run_cli: Any, n: int) -> None:
    register(_Countdown.name, _Countdown)
    try:
        _same_default(run_cli, _Countdown.name, {"n": n})
        verdict = _check(game=_Countdown.name, params=f"{{ n = {n} }}", statement="grundy == -1")
        assert verdict.counterexample is not None
        assert verdict.counterexample["grundy"] == n % 3  # take 1 or 2: G(n) = n mod 3
    finally:
        unregister(_Countdown.name)


def test_a_long_single_position_is_cut_and_says_so() -> None:
    edges = ",".join(f"0-{i}" for i in range(1, 200))
    verdict = _check(game="hackenbush", params=f'{{ edges = "{edges}" }}', statement="grundy == 1")
    assert verdict.status is Status.PROVED  # 199 ground edges: *1 added 199 times
    assert verdict.scope.startswith("bounded: the single position 0-1,0-2,0-3,")
    assert verdict.scope.endswith(f"... (the start of its {len(edges):,} characters)")
