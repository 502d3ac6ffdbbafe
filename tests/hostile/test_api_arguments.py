"""Every documented entry point of the Python API refuses arguments of the wrong kind at the
door, with grundy's typed errors (a GrundyError, one line), promptly: never a raw
TypeError, AttributeError or ZeroDivisionError from inside, never a wrong type taken as a
value (a bool as a number, a float or a string as a heap), never a hang.

Each entry point is called with junk in one argument, junk that hypothesis draws from
values that are wrong for that argument (the rules are grundy.validate's).  Arity errors
(``Nim(3)``: Nim takes no options) are Python's own, raised before any of grundy's code
runs, and are left to Python.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grundy
from grundy import (
    Nim,
    OctalGame,
    Play,
    Rules,
    Solver,
    SubtractionGame,
    SumGame,
    check_file,
    check_second_player_strategy,
    check_strategy,
    chomp,
    claim,
    create_game,
    dawsons_kayles,
    euclid,
    game,
    grundy_sequence,
    grundys_game,
    hackenbush,
    kayles,
    mex,
    nim,
    nim_inv,
    nim_mul,
    nim_pow,
    nim_sum,
    octal,
    subtraction,
    table_rows,
    take_away,
    wythoff,
)
from grundy.display import (
    analysis_html,
    position_svg,
    result_html,
    results_html,
    sequence_svg,
    verdict_html,
)
from grundy.errors import GrundyError, NoInverseError
from grundy.settings import CheckSettings

BOUTON = str(Path(__file__).resolve().parents[2] / "examples" / "bouton.toml")

SECONDS = 10
"""Longest a refusal may take (it should be immediate; this catches a hang)."""


# -- junk, by what the argument should have been ----------------------------------------------

_OBJECT = st.builds(object)
_SMALL_TEXT = st.text(max_size=4)

NOT_A_NUMBER = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    _SMALL_TEXT,
    st.binary(max_size=2),
    _OBJECT,
)
NOT_WHOLE = st.one_of(
    NOT_A_NUMBER,
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(_SMALL_TEXT, st.integers(), max_size=1),
)
NOT_NATURAL = st.one_of(NOT_WHOLE, st.integers(max_value=-1))
NOT_POSITIVE = st.one_of(NOT_WHOLE, st.integers(max_value=0))
NOT_FLAG = st.one_of(
    st.none(),
    st.integers(),
    st.floats(allow_nan=True),
    _SMALL_TEXT,
    st.lists(st.booleans(), max_size=1),
    _OBJECT,
)
NOT_TEXT = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.binary(max_size=3),
    st.lists(_SMALL_TEXT, max_size=2),
    _OBJECT,
)
NOT_GAME = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    _SMALL_TEXT,
    st.lists(st.integers(), max_size=2),
    _OBJECT,
    st.just(nim),  # the short API's rules are not a Game
    st.just(Nim),  # nor is a Game's class
)
_NOT_A_HEAP = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    _SMALL_TEXT,
    st.integers(max_value=-1),
    _OBJECT,
)
NOT_POSITION = st.one_of(
    _NOT_A_HEAP,
    st.lists(_NOT_A_HEAP, min_size=1, max_size=3),
    st.tuples(_NOT_A_HEAP),
    st.dictionaries(_SMALL_TEXT, st.integers(), min_size=1, max_size=1),
)
NOT_PLAY = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from(["normal", "misere", "x"]), _OBJECT
)
NOT_CALLABLE = st.one_of(
    st.none(), st.booleans(), st.integers(), _SMALL_TEXT, st.lists(st.integers())
)
NOT_PATH = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=3), _OBJECT
)
NOT_SEQUENCE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.binary(max_size=2),
    _SMALL_TEXT,
    _OBJECT,
)
NOT_SEED = st.one_of(NOT_NATURAL, st.integers(min_value=2**32, max_value=2**80))


def _strategy(heaps: Any) -> Any:
    return (0,) * len(heaps)


def _a_verdict() -> Any:
    return claim("True")


@dataclass(frozen=True)
class Entry:
    """One entry point with junk in one argument: ``call(junk)``."""

    name: str
    call: Callable[[Any], Any]
    junk: st.SearchStrategy[Any]


ENTRIES = [
    # the short API: positions of every catalogue game
    Entry("nim(x)", lambda x: nim(x).value, NOT_POSITION),
    Entry("nim(1, x)", lambda x: nim(1, x).value, NOT_POSITION),
    Entry("kayles(x)", lambda x: kayles(x).value, NOT_POSITION),
    Entry("dawsons_kayles(x)", lambda x: dawsons_kayles(x).value, NOT_POSITION),
    Entry("grundys_game(x)", lambda x: grundys_game(x).value, NOT_POSITION),
    Entry("take_away(x)", lambda x: take_away(x).value, NOT_POSITION),
    Entry("chomp(x)", lambda x: chomp(x).value, NOT_POSITION),
    Entry("wythoff(x, 1)", lambda x: wythoff(x, 1).value, NOT_POSITION),
    Entry("euclid(x, 1)", lambda x: euclid(x, 1).value, NOT_POSITION),
    # the short API: games with options, and what a game's rules offer
    Entry("subtraction(x)", lambda x: subtraction(x), NOT_POSITIVE),
    Entry("subtraction(1, x)", lambda x: subtraction(1, x), NOT_POSITIVE),
    Entry("octal(x)", lambda x: octal(x), NOT_TEXT),
    Entry("hackenbush(x)", lambda x: hackenbush(x), NOT_TEXT),
    Entry("game(x)", lambda x: game(x), NOT_TEXT),
    Entry("Rules(x)", lambda x: Rules(x), NOT_GAME),
    Entry(
        "Rules(Nim(), name=x)", lambda x: Rules(Nim(), x), NOT_TEXT.filter(lambda v: v is not None)
    ),
    Entry("kayles.sequence(x)", lambda x: kayles.sequence(x), NOT_NATURAL),
    Entry("nim.table(x, 2)", lambda x: nim.table(x, 2), NOT_NATURAL),
    Entry("nim.table(2, misere=x)", lambda x: nim.table(2, misere=x), NOT_FLAG),
    Entry("nim(3).solve(misere=x)", lambda x: nim(3).solve(misere=x), NOT_FLAG),
    Entry("nim(3) + x", lambda x: nim(3) + x, st.one_of(NOT_POSITION, st.integers())),
    # claims
    Entry("claim(x)", lambda x: claim(x), NOT_TEXT),
    Entry(
        "claim('True', game=x)",
        lambda x: claim("True", game=x),
        st.one_of(
            NOT_TEXT.filter(lambda v: not isinstance(v, list)), st.lists(NOT_TEXT, max_size=2)
        ),
    ),
    Entry("claim('True', seed=x)", lambda x: claim("True", seed=x), NOT_SEED),
    Entry("check_file(x)", lambda x: check_file(x), NOT_PATH),
    Entry("check_file(FILE, seed=x)", lambda x: check_file(BOUTON, seed=x), NOT_SEED),
    Entry("CheckSettings(seed=x)", lambda x: CheckSettings(seed=x), NOT_SEED),
    Entry("CheckSettings(quick=x)", lambda x: CheckSettings(quick=x), NOT_FLAG),
    Entry(
        "CheckSettings(claim_seconds=x)",
        lambda x: CheckSettings(claim_seconds=x),
        st.one_of(NOT_WHOLE.filter(lambda v: v is not None and not isinstance(v, float))),
    ),
    # the solver
    Entry("Solver(x)", lambda x: Solver(x), NOT_GAME),
    Entry(
        "Solver(position_limit=x)",
        lambda x: Solver(Nim(), position_limit=x),
        NOT_NATURAL.filter(lambda v: v is not None),
    ),
    Entry(
        "Solver(move_limit=x)",
        lambda x: Solver(Nim(), move_limit=x),
        NOT_NATURAL.filter(lambda v: v is not None),
    ),
    Entry(
        "Solver(meter=x)",
        lambda x: Solver(Nim(), meter=x),
        NOT_WHOLE.filter(lambda v: v is not None),
    ),
    Entry("Solver.grundy_value(x)", lambda x: Solver(Nim()).grundy_value(x), NOT_POSITION),
    Entry("Solver.outcome((3,), x)", lambda x: Solver(Nim()).outcome((3,), x), NOT_PLAY),
    Entry(
        "Solver.winning_moves((3,), x)", lambda x: Solver(Nim()).winning_moves((3,), x), NOT_PLAY
    ),
    Entry("Solver.analyse((3,), x)", lambda x: Solver(Nim()).analyse((3,), x), NOT_PLAY),
    Entry("grundy_sequence(x, 5)", lambda x: grundy_sequence(x, 5), NOT_GAME),
    Entry(
        "grundy_sequence(kayles, x)",
        lambda x: grundy_sequence(create_game("kayles"), x),
        NOT_NATURAL,
    ),
    Entry("table_rows(x, [2])", lambda x: table_rows(x, [2]), NOT_GAME),
    Entry("table_rows(Nim(), x)", lambda x: table_rows(Nim(), x), NOT_POSITION),
    Entry("table_rows(Nim(), [2], x)", lambda x: table_rows(Nim(), [2], x), NOT_PLAY),
    # games built directly
    Entry("create_game(x)", lambda x: create_game(x), NOT_TEXT),
    Entry(
        "create_game('nim', x)",
        lambda x: create_game("nim", x),
        st.one_of(
            st.booleans(),
            st.integers(),
            _SMALL_TEXT.filter(bool),
            st.lists(st.integers(), min_size=1),
            _OBJECT,
        ),
    ),
    Entry(
        "SubtractionGame(x)",
        lambda x: SubtractionGame(x),
        st.one_of(
            NOT_A_NUMBER,
            st.lists(st.one_of(NOT_A_NUMBER, st.integers(max_value=0)), max_size=2),
        ),
    ),
    Entry("OctalGame(x)", lambda x: OctalGame(x), NOT_TEXT),
    Entry(
        "SumGame(x)",
        lambda x: SumGame(x),
        st.one_of(NOT_SEQUENCE, st.lists(NOT_GAME, min_size=1, max_size=2)),
    ),
    # nimbers
    Entry(
        "mex(x)",
        lambda x: mex(x),
        st.one_of(NOT_SEQUENCE, st.lists(NOT_NATURAL, min_size=1, max_size=2)),
    ),
    Entry("nim_sum(x)", lambda x: nim_sum(x), NOT_NATURAL),
    Entry("nim_mul(x, 3)", lambda x: nim_mul(x, 3), NOT_NATURAL),
    Entry("nim_inv(x)", lambda x: nim_inv(x), st.one_of(NOT_NATURAL, st.just(0))),
    Entry("nim_pow(x, 2)", lambda x: nim_pow(x, 2), NOT_NATURAL),
    Entry("nim_pow(2, x)", lambda x: nim_pow(2, x), NOT_WHOLE),
    # strategies
    Entry("check_strategy(x, ...)", lambda x: check_strategy(x, (3,), _strategy), NOT_GAME),
    Entry(
        "check_strategy(Nim(), x, ...)", lambda x: check_strategy(Nim(), x, _strategy), NOT_POSITION
    ),
    Entry("check_strategy(..., x)", lambda x: check_strategy(Nim(), (3,), x), NOT_CALLABLE),
    Entry(
        "check_strategy(misere=x)",
        lambda x: check_strategy(Nim(), (3,), _strategy, misere=x),
        NOT_FLAG,
    ),
    Entry(
        "check_strategy(position_limit=x)",
        lambda x: check_strategy(Nim(), (3,), _strategy, position_limit=x),
        NOT_NATURAL,
    ),
    Entry(
        "check_second_player_strategy(x, ...)",
        lambda x: check_second_player_strategy(x, (3,), _strategy),
        NOT_GAME,
    ),
    Entry(
        "check_second_player_strategy(..., x)",
        lambda x: check_second_player_strategy(Nim(), (2, 2), x),
        NOT_CALLABLE,
    ),
    # pictures
    Entry("position_svg(x, (3,))", lambda x: position_svg(x, (3,)), NOT_GAME),
    Entry("position_svg(Nim(), x)", lambda x: position_svg(Nim(), x), NOT_POSITION),
    Entry(
        "sequence_svg(x)",
        lambda x: sequence_svg(x),
        st.one_of(NOT_SEQUENCE, st.lists(NOT_NATURAL, min_size=1, max_size=2)),
    ),
    Entry(
        "sequence_svg([1], x, 1)",
        lambda x: sequence_svg([1], x, 1),
        NOT_NATURAL.filter(lambda v: v is not None),
    ),
    Entry("verdict_html(x)", lambda x: verdict_html(x), NOT_GAME),
    Entry("verdict_html(v, title=x)", lambda x: verdict_html(_a_verdict().verdict, x), NOT_TEXT),
    Entry("analysis_html(x)", lambda x: analysis_html(x), NOT_GAME),
    Entry("result_html(x)", lambda x: result_html(x), NOT_GAME),
    Entry(
        "results_html(x)",
        lambda x: results_html(x),
        st.one_of(NOT_SEQUENCE, st.lists(NOT_GAME, min_size=1, max_size=2)),
    ),
]


@contextmanager
def prompt(seconds: int = SECONDS) -> Iterator[None]:
    """Fail, rather than hang, when the call takes longer than ``seconds``."""

    def too_slow(signum: int, frame: Any) -> None:
        raise AssertionError(f"no answer within {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def refused(entry: Entry, junk: Any) -> GrundyError:
    with prompt():
        try:
            entry.call(junk)
        except GrundyError as exc:
            text = str(exc)
            assert text and "\n" not in text, text
            return exc
        except Exception as exc:  # the failure this file exists to catch
            raise AssertionError(
                f"{entry.name} with {junk!r:.80}: raw {type(exc).__name__}: {exc}"
            ) from exc
    raise AssertionError(f"{entry.name} took {junk!r:.80} as a value")


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.name for entry in ENTRIES])
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_junk_is_refused_at_the_door(entry: Entry, data: st.DataObject) -> None:
    refused(entry, data.draw(entry.junk, label="junk"))


# -- the same rules, by hand: the cases the issue counted, and what still must work ----------


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: nim(True).value, "True"),
        (lambda: nim(2.0).value, "2.0"),
        (lambda: nim("3").value, "'3'"),
        (lambda: kayles.sequence(True), "upto must be a whole number"),
        (lambda: nim.table(2, misere=1), "misere must be True or False"),
        (lambda: Solver(None), "Solver's game must be a Game"),
        (lambda: Rules(None), "Rules' game must be a Game"),
        (lambda: Solver(Nim()).outcome((3,), "misere"), "play must be Play.NORMAL or Play.MISERE"),
        (lambda: table_rows(Nim(), [2], "misere"), "play must be"),
        (lambda: claim("True", seed=-1), "seed must be at least 0"),
        (lambda: check_file(BOUTON, seed=2**40), "seed must be at most"),
        (lambda: nim_sum(True), "whole numbers, got True"),
        (lambda: nim_pow(2, 1.5), "exponent"),
        (lambda: mex("abc"), "collection of whole numbers"),
        (lambda: nim(3) + 5, "adds only to a position"),
        (lambda: subtraction(True), "a subtraction move must be a whole number, got True"),
        (lambda: SumGame([nim]), "each game of a sum must be a Game"),
    ],
)
def test_the_refusals_name_the_argument(call: Callable[[], Any], words: str) -> None:
    with prompt(), pytest.raises(GrundyError) as caught:
        call()
    assert words in str(caught.value)


def test_no_inverse_is_typed_and_still_a_zero_division() -> None:
    for call in (lambda: nim_inv(0), lambda: nim_pow(0, -1)):
        with pytest.raises(NoInverseError) as caught:
            call()
        assert isinstance(caught.value, ZeroDivisionError)
        assert isinstance(caught.value, GrundyError)


def test_typed_errors_are_still_the_builtin_kinds() -> None:
    # callers that know nothing of grundy catch what they would have caught before
    with pytest.raises(TypeError):
        nim.table(2, misere=None)
    with pytest.raises(ValueError):
        kayles.sequence(-1)


def test_right_calls_still_work() -> None:
    # the rules are strict about kinds, not about what the API always took
    assert nim([3, 4, 5]).value == nim(3, 4, 5).value == 2
    assert (nim(1) + nim(2) + nim(3)).value == 0 and sum([nim(1), nim(1)]).value == 0
    assert SubtractionGame(range(1, 4)) == create_game("take-away")
    assert mex({0, 1, 3}) == 2 and mex(iter([0, 2])) == 1
    assert len(list(table_rows(Nim(), (1, 1), Play.MISERE))) == 4
    assert Solver(Nim(), position_limit=None, move_limit=10).grundy_value([1, 2]) == 3
    assert check_file(Path(BOUTON), seed=2**32 - 1)
    assert grundy.nim_pow(3, -1) == grundy.nim_inv(3)
    assert kayles.sequence(0).values == (0,)


def test_table_rows_refuses_a_bad_bound_when_called_not_when_read() -> None:
    # a generator would only fail at its first row, far from the call that was wrong
    with pytest.raises(GrundyError):
        table_rows(Nim(), [-1])
