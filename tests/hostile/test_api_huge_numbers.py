"""Every public callable of ``grundy`` that takes a size or a number, called with huge,
negative, fractional and wrong-kind values, issue 34: each raises one of grundy's own
errors (a GrundyError, one line naming the argument) or gives the exact answer at once,
never OverflowError, MemoryError, Python's own "Exceeds the limit (4300 digits)"
ValueError, or minutes of work (before this, ``nim.table(2**64)`` raised OverflowError,
``subtraction(10**5000)`` that ValueError, and ``nim_inv(2**100000)`` ran for minutes).

The short API's searches keep ``grundy solve``'s limits (5,000,000 positions, 10,000,000
moves, 300 s); they are made small here, as in test_api_bounds.py, so that a search past
them is refused in moments; the strategy checks are given a small ``position_limit``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import grundy.cli.explore
from grundy import (
    Nim,
    Solver,
    SubtractionGame,
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
    kayles,
    mex,
    nim,
    nim_inv,
    nim_mul,
    nim_pow,
    nim_sum,
    subtraction,
    table_rows,
    take_away,
    wythoff,
)
from grundy.errors import GrundyError, SearchLimitError, brief
from grundy.nimber import POWER_BITS, PRODUCT_BITS

BOUTON = str(Path(__file__).resolve().parents[2] / "examples" / "bouton.toml")

SECONDS = 30
"""Longest one call may take: a refusal is immediate, a count of a million rows a few s."""

VALUES: dict[str, Any] = {
    "2**64": 2**64,
    "10**5000": 10**5000,
    "-1": -1,
    "1.5": 1.5,
    '"7"': "7",
    "None": None,
    "True": True,
}


def _first(rows: Iterator[Any]) -> Any:
    return next(iter(rows)).position


def _zero(position: Any) -> Any:
    return (0,) * len(position)


@dataclass(frozen=True)
class Entry:
    """``call(x)``; ``answers`` maps the names of the values it takes to the answer."""

    name: str
    call: Callable[[Any], Any]
    answers: dict[str, Callable[[Any], bool]] = field(default_factory=dict)


ENTRIES = [
    Entry("nim(x).value", lambda x: nim(x).value, {"2**64": lambda r: r == 2**64}),
    Entry("nim(1, x).value", lambda x: nim(1, x).value, {"2**64": lambda r: r == 2**64 + 1}),
    Entry("nim(x).solve()", lambda x: repr(nim(x).solve()), {"2**64": lambda r: "take" in r}),
    Entry("kayles(x).value", lambda x: kayles(x).value),
    Entry("kayles(x).moves", lambda x: kayles(x).moves),
    Entry("dawsons_kayles(x).value", lambda x: dawsons_kayles(x).value),
    Entry("grundys_game(x).value", lambda x: grundys_game(x).value),
    Entry("take_away(x).value", lambda x: take_away(x).value),
    Entry("chomp(x).value", lambda x: chomp(x).value),
    Entry("chomp(x, 1).value", lambda x: chomp(x, 1).value),
    Entry("wythoff(x, 1).value", lambda x: wythoff(x, 1).value),
    Entry("euclid(x, 1).value", lambda x: euclid(x, 1).value, {"2**64": lambda r: r >= 0}),
    Entry("subtraction(x)", lambda x: repr(subtraction(x)), {"2**64": lambda r: str(2**64) in r}),
    Entry(
        "subtraction(x)(5).value", lambda x: subtraction(x)(5).value, {"2**64": lambda r: r == 0}
    ),
    # the catalogue reads a game's options as the command line writes them: "7" is 7
    Entry(
        "game('moore-nim', k=x)",
        lambda x: repr(game("moore-nim", k=x)),
        {"2**64": lambda r: str(2**64) in r, '"7"': lambda r: "'7'" in r},
    ),
    Entry("kayles.sequence(x)", lambda x: kayles.sequence(x)),
    Entry("nim.table(x)", lambda x: nim.table(x)),
    Entry("nim.table(x, 2)", lambda x: nim.table(x, 2)),
    Entry("chomp.table(x)", lambda x: chomp.table(x)),
    Entry("claim('True', seed=x)", lambda x: claim("True", seed=x)),
    Entry("check_file(FILE, seed=x)", lambda x: check_file(BOUTON, seed=x)),
    Entry(
        "create_game('subtraction', set=[x])",
        lambda x: repr(create_game("subtraction", {"set": [x]})),
        {"2**64": lambda r: str(2**64) in r},
    ),
    Entry("SubtractionGame([x])", lambda x: repr(SubtractionGame([x])), {"2**64": bool}),
    Entry(
        "Solver(Nim(), position_limit=x)",
        lambda x: Solver(Nim(), position_limit=x).grundy_value((3,)),
        {"2**64": lambda r: r == 3, "None": lambda r: r == 3},
    ),
    Entry(
        "Solver(Nim(), move_limit=x)",
        lambda x: Solver(Nim(), move_limit=x).grundy_value((3,)),
        {"2**64": lambda r: r == 3, "None": lambda r: r == 3},
    ),
    Entry(
        "Solver(Nim()).grundy_value((x,))",
        lambda x: Solver(Nim()).grundy_value((x,)),
        {"2**64": lambda r: r == 2**64, "10**5000": lambda r: r == 10**5000},
    ),
    Entry("grundy_sequence(kayles, x)", lambda x: grundy_sequence(create_game("kayles"), x)),
    Entry(
        "table_rows(Nim(), [x])",  # lazy and unlimited, as documented: the first row at once
        lambda x: _first(table_rows(Nim(), [x])),
        {"2**64": lambda r: r == (0,), "10**5000": lambda r: r == (0,)},
    ),
    Entry(
        "mex([x])", lambda x: mex([x]), {"2**64": lambda r: r == 0, "10**5000": lambda r: r == 0}
    ),
    Entry(
        "nim_sum(x, 1)",
        lambda x: nim_sum(x, 1),
        {"2**64": lambda r: r == 2**64 + 1, "10**5000": lambda r: r == 10**5000 ^ 1},
    ),
    Entry("nim_mul(x, 1)", lambda x: nim_mul(x, 1), {"2**64": lambda r: r == 2**64}),
    Entry("nim_mul(3, x)", lambda x: nim_mul(3, x), {"2**64": lambda r: r == 3 * 2**64}),
    Entry("nim_inv(x)", lambda x: nim_mul(nim_inv(x), x), {"2**64": lambda r: r == 1}),
    Entry("nim_pow(x, 1)", lambda x: nim_pow(x, 1), {"2**64": lambda r: r == 2**64}),
    Entry(
        "nim_pow(3, x)",
        lambda x: nim_pow(3, x),
        {"2**64": lambda r: r == 3, "-1": lambda r: r == 2},
    ),
    Entry(
        "check_strategy(Nim(), (x,))",
        lambda x: check_strategy(Nim(), (x,), _zero, position_limit=1_000),
    ),
    Entry(
        "check_second_player_strategy(Nim(), (x, x))",
        lambda x: check_second_player_strategy(Nim(), (x, x), _zero, position_limit=1_000),
    ),
    Entry(
        "check_strategy(position_limit=x)",
        lambda x: check_strategy(Nim(), (3,), _zero, position_limit=x).wins,
        {"2**64": lambda r: r is True},
    ),
]


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grundy.cli.explore, "POSITION_LIMIT", 500)
    monkeypatch.setattr(grundy.cli.explore, "MOVE_LIMIT", 2_000)


class Hang(BaseException):
    """Raised by the alarm: a BaseException, so that no ``except Exception`` inside can
    take it for a failure of its own and carry on."""


@contextmanager
def prompt(seconds: int = SECONDS) -> Iterator[None]:
    import signal

    def too_slow(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.usefixtures("small_limits")
@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.name for entry in ENTRIES])
@pytest.mark.parametrize("shown", list(VALUES))
def test_a_grundy_error_or_the_exact_answer(entry: Entry, shown: str) -> None:
    value = VALUES[shown]
    with prompt():
        try:
            result = entry.call(value)
        except GrundyError as exc:
            text = str(exc)
            assert text and "\n" not in text, text
            assert shown not in entry.answers, f"{entry.name} refused {shown}: {text}"
            return
        except Exception as exc:  # the failure this file exists to catch
            raise AssertionError(
                f"{entry.name} with {shown}: raw {type(exc).__name__}: {exc!s:.200}"
            ) from exc
    assert shown in entry.answers, f"{entry.name} took {shown} as a value: {brief(result)}"
    assert entry.answers[shown](result), (entry.name, shown, brief(result))


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: nim(10**5000), "the position: a number of 5,001 digits is too long"),
        (lambda: subtraction(10**5000), "a subtraction move: a number of 5,001 digits"),
        (lambda: game("moore-nim", k=10**5000), "the game's options: a number of 5,001"),
        (lambda: kayles.sequence(10**5000), "upto: a number of 5,001 digits"),
        (lambda: nim.table(2**64), "gives more than 10^15 rows; a table lists at most 1,000,000"),
        (lambda: nim.table(1000, 1000), "gives 1,002,001 rows"),
        (lambda: nim_inv(2**100_000), f"nim_inv takes nimbers of at most {PRODUCT_BITS:,} bits"),
        (lambda: nim_mul(3, 2**5000), f"nim_mul takes nimbers of at most {PRODUCT_BITS:,} bits"),
        (lambda: nim_pow(2**300, 2), f"nim_pow takes nimbers of at most {POWER_BITS} bits"),
        (lambda: nim_pow(3, 10**5000), "nim_pow's exponent: a number of 5,001 digits"),
        (lambda: create_game("subtraction", {"set": [10**5000]}), "the options of 'subtraction'"),
    ],
)
def test_the_refusals_name_the_argument_and_the_limit(call: Callable[[], Any], words: str) -> None:
    with prompt(), pytest.raises(GrundyError) as caught:
        call()
    assert words in str(caught.value)


def test_a_search_past_the_limits_names_them(small_limits: None) -> None:
    with prompt(), pytest.raises(SearchLimitError, match="2,000 moves"):
        _ = kayles(2**64).value
    with prompt(), pytest.raises(SearchLimitError, match="1,000 positions"):
        check_strategy(Nim(), (2**64,), _zero, position_limit=1_000)
    with prompt(), pytest.raises(SearchLimitError, match="reachable"):
        _ = chomp(2**64).value


def test_the_edge_values_still_work() -> None:
    with prompt():
        most = 10**4300 - 1  # 4,300 digits: the longest number taken
        assert nim(most).value == most
        assert nim(most, most).value == 0
        assert subtraction(most)(5).value == 0
        widest = 2**PRODUCT_BITS - 1
        assert nim_mul(nim_inv(widest), widest) == 1
        base = 2**POWER_BITS - 1
        assert nim_mul(nim_pow(base, -1), base) == 1
        assert nim_pow(base, 2) == nim_mul(base, base)
        assert len(nim.table(99, 99)) == 10_000
        assert check_strategy(Nim(), (3, 3), lambda h: (min(h), min(h))).wins is False
        assert check_second_player_strategy(
            Nim(), (2, 2), lambda h: (min(h), min(h)), position_limit=6
        ).wins
