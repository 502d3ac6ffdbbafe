"""Commands and claims that run a user's games (``--games FILE.py``), isolated and bounded.

Whatever the user's code does, the answer is one line and an exit code of the README's
table, within grundy's own limits: ``solve``, ``table``, ``sequence``, ``quotient`` and
``play`` of a user's game run in a child process (:func:`grundy.usercode.run_in_child`),
and so does each claim of ``check`` and ``report`` when ``--games`` is given, so a game
that ends its process ends only the child: the command says so in one line (exit code 2),
and a claim gets an ``error`` verdict while the other claims are checked as usual.

Limits: a command's child may add :data:`~grundy.cli.common.SOLVE_MEMORY` of resident
memory and is stopped a little after its ``--seconds`` when its own watchdog cannot act
(a compiled loop in the user's code holds the interpreter); a claim's child is held to
the claim's budget (``--claim-seconds``, ``--claim-memory``) in the same way, and a
claim stopped by it ends as ``unknown`` naming the limit.
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import IO, TYPE_CHECKING, ParamSpec, TypeVar

if TYPE_CHECKING:
    from grundy.library import Theorem

from grundy.errors import BudgetExceededError, UserCodeError
from grundy.usercode import ChildExited, ChildStopped, run_in_child
from grundy.verdict import Status, Verdict

__all__ = ["guard_theorem", "isolated_check", "isolated_writing", "run_user_command"]

STOP_MARGIN = 0.25
"""Seconds past a budget's own hard stop (its tenth of grace) before the parent kills."""


LINE_LIMIT = 100_000
"""Longest line of output a command on a user's game may write: past it, a position's
text form (the game's ``format``) is taken as broken, and the command is an error
naming the game rather than pages of one line."""


class _Captured(io.StringIO):
    """The child's standard output, handed back whole: it says it is a terminal when the
    real output is one, so the layout is the same.  A line longer than :data:`LINE_LIMIT`
    is refused (the game's text for a position is the only thing that can make one)."""

    def __init__(self, tty: bool, who: str) -> None:
        super().__init__()
        self._tty = tty
        self._who = who

    def write(self, text: str) -> int:
        longest = max(map(len, text.split("\n")))
        if longest > LINE_LIMIT:
            raise UserCodeError(
                f"{self._who} wrote a position as text so long that a line of output has "
                f"{longest:,} characters (the limit is {LINE_LIMIT:,})"
            )
        return super().write(text)

    def isatty(self) -> bool:
        return self._tty


def run_user_command(
    command: str,
    runner: Callable[[argparse.Namespace, IO[str]], int],
    args: argparse.Namespace,
    out: IO[str],
    memory_bytes: int,
) -> int:
    """``runner(args, out)`` for a command on a user's game, in a child process.

    ``play`` talks to the player through the real streams; the other commands' output is
    collected and written only when the command finished, so nothing is half-written.
    """
    who = f"game {args.game!r} (from {', '.join(args.games)})"
    interactive = command == "play"
    seconds = _seconds_asked(args.rest)
    stop = None if seconds is None else seconds * 1.1 + STOP_MARGIN
    # play waits for the player: its budget is the computer's thinking, so the processor
    # time (which stands still while it waits) is held to it, not the wall time
    wall, cpu = (None, stop) if interactive else (stop, None)

    def work() -> tuple[int, str]:
        if interactive:
            code = runner(args, out)
            out.flush()
            return code, ""
        captured = _Captured(bool(getattr(out, "isatty", lambda: False)()), who)
        return runner(args, captured), captured.getvalue()

    try:
        code, text = run_in_child(
            work,
            who,
            memory_bytes=memory_bytes,
            seconds=wall,
            cpu_seconds=cpu,
            own_group=not interactive,
        )
    except ChildExited as exc:  # the child's watchdog said why already
        return exc.code
    except ChildStopped as exc:
        if seconds is not None and str(exc).startswith("the time budget"):
            raise BudgetExceededError(
                f"the time budget of {seconds:g} s was used up ({who} did not return); "
                "raise it with --seconds"
            ) from None
        raise BudgetExceededError(f"{who}: {exc}") from None
    out.write(text)
    return code


def _seconds_asked(words: Sequence[str]) -> float | None:
    """The ``--seconds`` among a command's words (the command's own parser reads them
    again in the child); the default when absent or unreadable (the child says why)."""
    from grundy.cli.time_budget import DEFAULT_SECONDS, parse_seconds

    parser = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    parser.add_argument("--seconds", default=DEFAULT_SECONDS)
    try:
        known, _ = parser.parse_known_args(list(words))
        return parse_seconds(str(known.seconds)) if known.seconds is not None else None
    except (argparse.ArgumentError, argparse.ArgumentTypeError, SystemExit):
        return DEFAULT_SECONDS


def isolated_check(check: Callable[_P, Verdict], who: str | None = None) -> Callable[_P, Verdict]:
    """``check`` (a claim's or a theorem's check) run in a child process for each call: a
    failure of the user's code becomes that claim's ``error`` verdict naming the game and
    what it did, and the claim's budget (a :class:`CheckSettings` among the arguments,
    else the default one) holds even where the user's code never returns to grundy.
    ``who`` names the game in messages (by default the game of a claim among the
    arguments)."""

    def isolated(*args: _P.args, **kwargs: _P.kwargs) -> Verdict:
        from grundy.claims import Claim
        from grundy.settings import CheckSettings

        found = [a for a in (*args, *kwargs.values()) if isinstance(a, CheckSettings)]
        settings = found[0] if found else CheckSettings()
        claims = [a for a in (*args, *kwargs.values()) if isinstance(a, Claim)]
        named = who or (f"game {claims[0].game.label!r}" if claims else "a game from --games")
        seconds = settings.claim_seconds
        try:
            return run_in_child(
                lambda: check(*args, **kwargs),
                named,
                memory_bytes=settings.claim_memory,
                seconds=None if seconds is None else seconds * 1.1 + STOP_MARGIN,
            )
        except UserCodeError as exc:
            return Verdict(Status.ERROR, "none", message=str(exc))
        except ChildStopped as exc:
            message = f"{exc}, in the code of {named}"
            if seconds is not None and str(exc).startswith("the time budget"):
                message = (
                    f"the time budget of {seconds:g} s was used up ({named} did not return; "
                    "raise it with --claim-seconds)"
                )
            return Verdict(Status.UNKNOWN, "none", message=message)

    return isolated


def guard_theorem(theorem: Theorem) -> Theorem:
    """``theorem`` with its check run apart (:func:`isolated_check`): how every theorem is
    checked when games of the user's own are loaded, here or on a Dask worker (this is a
    module-level function so that it travels to workers by name)."""
    if theorem.check is None:
        return theorem
    who = f"game {theorem.game!r}" if isinstance(theorem.game, str) else "a game from --games"
    return replace(theorem, check=isolated_check(theorem.check, who))


WRITING_SECONDS = 900.0
"""Most wall time the report's documents may take to build when they run a user's games
(the library's whole set takes under a minute)."""

WRITING_MEMORY = 4 << 30
"""Most the child building those documents may grow."""


def isolated_writing(work: Callable[[], _T]) -> _T:
    """``work()`` (building and writing a report's documents, which draws and solves the
    user's games again) in a child process: a game that ends its process, raises or never
    returns there is one line naming it, as in a claim, not a silent end of ``report``."""
    who = "a game from --games, while the report's pictures and answers were made"
    try:
        return run_in_child(work, who, memory_bytes=WRITING_MEMORY, seconds=WRITING_SECONDS)
    except ChildStopped as exc:
        raise UserCodeError(f"{who}: {exc}") from None


_P = ParamSpec("_P")
_T = TypeVar("_T")
