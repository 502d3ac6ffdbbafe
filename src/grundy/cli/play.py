"""``grundy play``: the command, with draws for games whose moves form cycles.

The session itself is in :mod:`grundy.cli.interactive`; a game with cycles gets the
session of :mod:`grundy.cli.loopy_play`, which keeps and offers draws.
"""

from __future__ import annotations

import argparse
from typing import IO, Any

from grundy.cli.common import register_game_command

__all__ = ["register"]


def register(commands: Any) -> None:
    register_game_command(
        commands, "play", "play a position against the perfect player (moves on stdin)", run
    )


def run(args: argparse.Namespace, out: IO[str]) -> int:
    from grundy.cli.interactive import run_play
    from grundy.cli.loopy_play import loopy_session

    return run_play(args, out, loopy_session)
