"""User games that misbehave on purpose, one per way a game's code can go wrong: the file
the hostile tests hand to ``--games``.  Each game's name says what it does; positions are
whole numbers (``3``), and ``moves`` of a position below 1 are fine (so a claim over a
range reaches the bad code only from ``n = 1``)."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterable
from typing import Any

from grundy import Game, HeapGame, InvalidPositionError


class _Numbers(Game):
    """A game on whole numbers whose move is to any smaller number; subclasses break it."""

    name = "numbers"
    position_help = "a whole number"

    def moves(self, position: Any) -> Iterable[Any]:
        if position < 1:
            return range(0)
        return self.bad_moves(position)

    def bad_moves(self, position: Any) -> Iterable[Any]:
        return range(position)

    def from_value(self, value: Any) -> Any:
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidPositionError(f"a whole number, got {value!r}")
        return value

    def bounded_positions(self, bound: Any) -> Iterable[Any]:
        return range(bound + 1)


def _game(name: str, moves: Callable[[Any], Iterable[Any]], **extra: Any) -> type[Game]:
    body = {"name": name, "bad_moves": lambda self, position: moves(position), **extra}
    return type(name.replace("-", "_"), (_Numbers,), body)


def _forever(position: int) -> Iterable[int]:
    while True:
        pass


def _fan_out(position: int) -> Iterable[int]:
    for step in itertools.count(1):
        yield position + step


def _compiled_loop(position: int) -> Iterable[int]:
    return [sum(itertools.count())]  # one C call that never gives the interpreter back


def _swallow_everything(position: int) -> Iterable[int]:
    while True:
        try:
            while True:
                pass
        except BaseException:  # even the time budget's signal
            pass


_HOARD: list[bytes] = []


def _eat_memory(position: int) -> Iterable[int]:
    while True:
        _HOARD.append(b"x" * (4 << 20))  # written, so resident


def _one_huge_list(position: int) -> Iterable[int]:
    return [0] * 10**12


def _sys_exit(position: int) -> Iterable[int]:
    sys.exit(0)


def _os_exit(position: int) -> Iterable[int]:
    os._exit(0)


def _kill_self(position: int) -> Iterable[int]:
    os.kill(os.getpid(), signal.SIGKILL)
    return []


def _terminate_self(position: int) -> Iterable[int]:
    os.kill(os.getpid(), signal.SIGTERM)
    return []


def _spawn_a_process(position: int) -> Iterable[int]:
    subprocess.Popen(["sleep", "120"])
    return range(position)


def _unhashable_moves(position: int) -> Iterable[Any]:
    return [[position - 1]]


def _a_cycle(position: int) -> Iterable[int]:
    return [position]  # a move back to itself: the game need not end


def _huge_range(position: int) -> Iterable[int]:
    return range(10**18)


def _not_iterable(position: int) -> Any:
    return 5


def _never_ending_generator(position: int) -> Iterable[int]:
    while True:
        yield position - 1


def _a_million_moves(position: int) -> Iterable[int]:
    return [position - 1] * 1_000_000


def _recurse(position: int) -> Iterable[int]:
    return _recurse(position)


def _keyboard_interrupt(position: int) -> Iterable[int]:
    raise KeyboardInterrupt


class _ExitOnHash:
    """A position that ends the process when hashed (the solver's memo hashes it)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __hash__(self) -> int:
        sys.exit(0)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ExitOnHash) and other.n == self.n


class _ExitOnEq:
    """A position whose equality ends the process (every hash is the same, so the memo
    compares)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __hash__(self) -> int:
        return 1

    def __eq__(self, other: object) -> bool:
        raise SystemExit("equality")


class _ExitOnStr(int):
    """A whole number whose text form ends the process (the default ``format`` is ``str``)."""

    def __str__(self) -> str:
        raise SystemExit("no text")


class _StrDunderExitGame(_Numbers):
    name = "str-dunder-exits"

    def from_value(self, value: Any) -> Any:
        return _ExitOnStr(super().from_value(value))

    def moves(self, position: Any) -> Iterable[Any]:
        return [_ExitOnStr(k) for k in range(position)]


class _UnprintableGame(_Numbers):
    name = "unprintable"

    def format(self, position: Any) -> str:
        raise ValueError("no text for you")


class _StrExitGame(_Numbers):
    name = "str-exits"

    def format(self, position: Any) -> str:
        raise SystemExit(4)


class _HugeTextGame(_Numbers):
    name = "huge-text"

    def format(self, position: Any) -> str:
        return "x" * 5_000_000


class _HashExitGame(_Numbers):
    name = "hash-exits"

    def from_value(self, value: Any) -> Any:
        return _ExitOnHash(super().from_value(value))

    def moves(self, position: Any) -> Iterable[Any]:
        return [_ExitOnHash(k) for k in range(position.n)]

    def to_json(self, position: Any) -> Any:
        return position.n

    def format(self, position: Any) -> str:
        return str(position.n)


class _EqExitGame(_HashExitGame):
    name = "eq-exits"

    def from_value(self, value: Any) -> Any:
        return _ExitOnEq(_Numbers.from_value(self, value))

    def moves(self, position: Any) -> Iterable[Any]:
        return [_ExitOnEq(k) for k in range(position.n)]


GAMES = [
    _Numbers,
    _game("loops-forever", _forever),
    _game("fans-out", _fan_out),
    _game("compiled-loop", _compiled_loop),
    _game("swallows-signals", _swallow_everything),
    _game("eats-memory", _eat_memory),
    _game("huge-list", _one_huge_list),
    _game("calls-sys-exit", _sys_exit),
    _game("calls-os-exit", _os_exit),
    _game("kills-itself", _kill_self),
    _game("terminates-itself", _terminate_self),
    _game("not-iterable", _not_iterable),
    _game("spawns-a-process", _spawn_a_process),
    _game("unhashable-moves", _unhashable_moves),
    _game("cycles", _a_cycle),
    _game("huge-range", _huge_range),
    _StrDunderExitGame,
    _game("endless-generator", _never_ending_generator),
    _game("million-moves", _a_million_moves),
    _game("recurses", _recurse),
    _game("raises-keyboard-interrupt", _keyboard_interrupt),
    _UnprintableGame,
    _StrExitGame,
    _HugeTextGame,
    _HashExitGame,
    _EqExitGame,
]


class _HeapNumbers(HeapGame):
    """Take any number from one heap, but the code breaks from heaps of 2 up."""

    name = "heap-numbers"
    summary = "Nim, until the code breaks"

    def heap_options(self, heap: int) -> Iterable[tuple[int, ...]]:
        if heap >= 2:
            self.break_down(heap)
        return [(smaller,) for smaller in range(heap)]

    def break_down(self, heap: int) -> None:
        """Fine in the plain game."""


class _HeapExits(_HeapNumbers):
    name = "heap-os-exit"

    def break_down(self, heap: int) -> None:
        os._exit(0)


class _HeapLoops(_HeapNumbers):
    name = "heap-loops"

    def break_down(self, heap: int) -> None:
        while True:
            pass


class _HeapSysExit(_HeapNumbers):
    name = "heap-sys-exit"

    def break_down(self, heap: int) -> None:
        sys.exit(1)


GAMES += [_HeapNumbers, _HeapExits, _HeapLoops, _HeapSysExit]
