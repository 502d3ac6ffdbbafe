"""False claims a user might write: none is ever proved, even with an engine made vacuous.

The library's mutants (tests/verify/test_engine_vacuity.py) show that its engines can
fail.  A user's claim goes through more code than a theorem of the library: the claim
reader, the guards on games, the Z3 translation, the choice of method.  Each claim below
is false (or, with an ``assume`` nothing satisfies, says nothing): user games that change
a catalogue game's moves, sums with games of every kind, vacuous assumptions and huge
domains.  Each must come out refuted or undecided, never ``proved``: with the real engines,
and with each engine made vacuous in turn (Z3 always answering ``unsat``, an exhaustive
check that never fails, a random search that never finds, a periodicity checker that
accepts anything).  A mutant refuted with the real engines must no longer be refuted when
the engine that refuted it is vacuous: its refutation is the engine's work.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from grundy.claims import Claim, claims_from_text
from grundy.claims.check import check_claim
from grundy.games.user import user_games
from grundy.library import CheckSettings
from grundy.verdict import Status, Verdict
from tests.claims.helpers import claim_text
from tests.claims.test_subclass_rules import GAMES
from tests.verify.test_engine_vacuity import ENGINES, _spying, _vacuous

SETTINGS = CheckSettings(quick=True, random_examples=60, claim_seconds=60.0)
# The spies record in this process: a claim with a budget is checked in a forked child
# (grundy.claims.check), whose records would stay there; with the real engines no budget
# is needed.  Made vacuous, an engine is patched before the fork, so the child has it too.
IN_PROCESS = replace(SETTINGS, claim_seconds=None, claim_memory=None)
HUGE = 10**9


@dataclass(frozen=True, slots=True)
class Mutant:
    id: str
    fields: dict[str, Any]
    refutable: bool = True  # false: undecided is the right answer (nothing to show)
    sum_of: list[str] = field(default_factory=list)

    def text(self) -> str:
        if not self.sum_of:
            return claim_text(id=self.id, **self.fields)
        text = claim_text(id=self.id, game="SUM", **self.fields)
        return text.replace('"SUM"', str(self.sum_of).replace("'", '"'))


def _two_heaps(game: str, statement: str, high: int = 7, **more: Any) -> dict[str, Any]:
    return dict(
        game=game,
        vars='["a", "b"]',
        range=f"{{ a = [0, {high}], b = [0, {high}] }}",
        position="[a, b]",
        statement=statement,
        **more,
    )


def _one_heap(game: str, statement: str, high: int, **more: Any) -> dict[str, Any]:
    return (
        dict(
            game=game,
            vars='["n"]',
            range=f"{{ n = [0, {high}] }}",
            position="[n]",
            statement=statement,
        )
        | more
    )


BOUTON = "(outcome == 'P') == (a ^ b == 0)"
MISERE = "(outcome == 'P') == ((a ^ b == 1) if (a <= 1 and b <= 1) else (a ^ b == 0))"
NOT_A = "(outcome == 'P') == (a == 0)"  # false for a sum whose other part can be N

USER_GAMES = [
    Mutant(f"{game}-{name}-{method}", _two_heaps(game, statement, method=method), refutable)
    for game in ["take-one-or-two", "labelled-take-one-or-two", "moves-take-one-or-two"]
    for name, statement in [("bouton", BOUTON), ("value", "grundy == a ^ b")]
    for method, refutable in [("z3", False), ("exhaustive", True), ("auto", True)]
] + [
    Mutant("capped-bouton", _two_heaps("capped-nim", BOUTON, params="{ cap = 3 }")),
    Mutant(
        "even-takes-misere-z3", _two_heaps("even-takes", MISERE, play="misere", method="z3"), False
    ),
    Mutant("even-takes-misere", _two_heaps("even-takes", MISERE, play="misere")),
    Mutant("late-three-mod-3", _one_heap("late-three", "grundy == n % 3", 400)),
    Mutant(
        "late-three-mod-3-every-n",
        _one_heap("late-three", "grundy == n % 3", HUGE, method="certificate"),
        refutable=False,  # the scan stops before heap 300, and no theorem covers the game
    ),
    Mutant("borrowed-lemma", _one_heap("borrows-nims-lemma", "grundy == n", 10)),
    Mutant("unknown-lemma", _one_heap("names-no-library-theorem", "grundy == n", 10)),
    Mutant("half-kayles-is-kayles", _one_heap("half-kayles", "grundy == g('kayles', [n])", 40)),
]

_SUMMANDS = [
    ("nim", "{}", "[k]"),
    ("subtraction", "{ set = [2, 3] }", "[k]"),
    ("kayles", "{}", "[k]"),
    ("grundys-game", "{}", "[k]"),
    ("moore-nim", "{ k = 2 }", "[k, 1]"),
    ("gale-nim", "{ n = 1 }", "[k, 2]"),
    ("wythoff", "{}", "[k, 1]"),
    ("euclid", "{}", "[k + 1, 1]"),
    ("chomp", "{}", "[k + 1, k + 1]"),
    ("poset", '{ relations = "1<2,1<3" }', "[1, 2, 3]"),
    ("hackenbush", '{ edges = "0-1,1-2,0-3" }', "[[0, 1], [1, 2], [0, 3]]"),
    ("beer-can", "{ rows = 1, columns = 3, piece = 1 }", "[]"),
    ("take-one-or-two", "{}", "[k]"),
    ("half-kayles", "{}", "[k]"),
    ("lucky-nim", "{ m = 1, n = 2 }", "[k + 1]"),  # refused: no sums with it
]

SUMS = [
    Mutant(
        f"nim-plus-{name}",
        dict(
            params=f"[{{}}, {params}]",
            vars='["a", "k"]',
            range="{ a = [0, 3], k = [0, 4] }",
            position=f"[[a], {position}]",
            statement=NOT_A,
        ),
        refutable=name != "lucky-nim",
        sum_of=["nim", name],
    )
    for name, params, position in _SUMMANDS
] + [
    Mutant(
        "nim-names-lucky-nim-grundy",
        _one_heap("nim", "g('lucky-nim --m 1 --n 2', [n + 1]) == (n + 1) % 3", 10),
        refutable=False,  # an error: Lucky Nim has no Grundy values
    ),
    Mutant(
        "nim-names-a-changed-game",
        _one_heap("nim", "g('take-one-or-two', [n]) == n", 10),
    ),
]

VACUOUS = [
    Mutant(
        f"vacuous-{method}-{index}",
        _two_heaps("nim", statement, high=HUGE, assume=assume, method=method),
        refutable=False,
    )
    for index, (assume, statement) in enumerate(
        [("a < b and b < a", "outcome == 'P'"), ("a > 2 * 1000000000", "grundy == 0")]
    )
    for method in ["z3", "auto", "random"]
] + [
    Mutant(
        f"vacuous-kayles-{method}",
        _one_heap("kayles", "grundy == 100", HUGE, assume="n < 0", method=method),
        refutable=False,
    )
    for method in ["certificate", "auto"]
]

HUGE_DOMAINS = [
    Mutant("huge-bouton-off-by-one", _two_heaps("nim", "(outcome == 'P') == (a ^ b == 1)", HUGE)),
    Mutant(
        "huge-bouton-off-by-one-z3",
        _two_heaps("nim", "(outcome == 'P') == (a ^ b == 1)", HUGE, method="z3"),
    ),
    Mutant(
        "huge-value-is-a-sum-random", _two_heaps("nim", "grundy == a + b", HUGE, method="random")
    ),
    Mutant(
        "huge-sum-random",
        dict(
            params="[{}, {}]",
            vars='["a", "k"]',
            range=f"{{ a = [0, {HUGE}], k = [0, 30] }}",
            position="[[a], [k]]",
            statement="grundy == a ^ k",
            method="random",
        ),
        sum_of=["nim", "kayles"],
    ),
    Mutant("huge-value-is-a-sum", _two_heaps("nim", "grundy == a + b", HUGE)),
    Mutant("huge-kayles-period-11", _one_heap("kayles", "g([n + 11]) == grundy", HUGE)),
    Mutant("huge-subtraction-mod-4", _one_heap("take-away", "grundy == n % 3", HUGE)),
    Mutant(
        "huge-misere-forgets-small-heaps",
        _two_heaps("nim", "(outcome == 'P') == (a ^ b == 0)", HUGE, play="misere"),
    ),
    Mutant(
        "huge-changed-game-value",
        _two_heaps("take-one-or-two", "grundy == a ^ b", HUGE, method="z3"),
        refutable=False,
    ),
]

MUTANTS = USER_GAMES + SUMS + VACUOUS + HUGE_DOMAINS


@pytest.fixture(scope="module")
def claims(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    path = tmp_path_factory.mktemp("mutants") / "games.py"
    path.write_text(GAMES)
    with user_games([str(path)]):
        read = {}
        for mutant in MUTANTS:
            (claim,) = claims_from_text(mutant.text())
            read[mutant.id] = claim
        yield read


def _check(claim: Any, settings: CheckSettings = SETTINGS) -> Verdict:
    try:
        return check_claim(claim, settings)
    except Exception as exc:  # a breakdown (an engine made vacuous) proves nothing
        return Verdict(Status.ERROR, "none", message=f"{type(exc).__name__}: {exc}")


def test_the_mutant_ids_are_distinct() -> None:
    ids = [mutant.id for mutant in MUTANTS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.id)
def test_no_false_user_claim_is_proved(claims: dict[str, Any], mutant: Mutant) -> None:
    verdict = _check(claims[mutant.id])
    assert verdict.status is not Status.PROVED, verdict
    if mutant.refutable:
        assert isinstance(claims[mutant.id], Claim)
        assert verdict.status is Status.REFUTED, verdict
    else:
        assert verdict.status is not Status.REFUTED, verdict  # nothing false to show


@pytest.fixture(scope="module")
def baseline(claims: dict[str, Any]) -> dict[str, tuple[Status, frozenset[str]]]:
    """Each mutant's status with the real engines, and the engines its check called."""
    running: list[str] = []
    used: dict[str, set[str]] = {mutant.id: set() for mutant in MUTANTS}

    def spy(engine: str) -> Any:
        def wrap(original: Any) -> Any:
            def called(*args: Any, **kwargs: Any) -> Any:
                used[running[-1]].add(engine)
                return original(*args, **kwargs)

            return called

        return wrap

    statuses = {}
    with _spying(spy):
        for mutant in MUTANTS:
            running.append(mutant.id)
            statuses[mutant.id] = _check(claims[mutant.id], IN_PROCESS).status
            running.pop()
    return {key: (statuses[key], frozenset(used[key])) for key in statuses}


FLIPS = {"z3": "z3", "exhaustive": "exhaustive", "random": "random"}
"""Engine -> the method whose refutations are that engine's work alone.  (A periodicity
certificate only ever supports a proof: with the checker accepting anything, a false
claim about a catalogue game is still refuted from the real values, and must not be
proved.)"""


@pytest.mark.slow
@pytest.mark.parametrize("engine", [e for e in ENGINES if e != "strategy certificate"])
def test_with_a_vacuous_engine_no_mutant_is_proved_and_its_refutations_go(
    claims: dict[str, Any], baseline: dict[str, tuple[Status, frozenset[str]]], engine: str
) -> None:
    users = [m for m in MUTANTS if engine in baseline[m.id][1]]
    assert users, f"no mutant uses the {engine} engine: the spy is not at its boundary"
    flips = [
        m
        for m in users
        if engine in FLIPS
        and m.fields.get("method") == FLIPS[engine]
        and baseline[m.id][0] is Status.REFUTED
    ]
    assert flips or engine not in FLIPS, f"no mutant is refuted by the {engine} engine alone"
    proved, still_refuted = [], []
    with _vacuous(engine):
        for mutant in users:
            status = _check(claims[mutant.id]).status
            if status is Status.PROVED:
                proved.append(mutant.id)
            if mutant in flips and status is Status.REFUTED:
                still_refuted.append(mutant.id)
    assert proved == []
    assert still_refuted == []
