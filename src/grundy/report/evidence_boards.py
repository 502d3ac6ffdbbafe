"""Evidence drawn on boards and pictures: Chomp, Green Hackenbush and Lucky Nim's strip, each
computed by the solver."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grundy.errors import GrundyError
from grundy.games import Game, create_game, find_entry
from grundy.report.document import Code, Paragraph, Section, Table
from grundy.report.evidence_parts import EvidenceItem, nimber, section
from grundy.report.pictures import (
    ChompBoard,
    HackenbushPicture,
    chomp_bite,
    chomp_figure,
    hackenbush_figure,
    lucky_strip_figure,
)
from grundy.report.student_words import say
from grundy.solve import Outcome, Solver

# -- Chomp ------------------------------------------------------------------------------------


def _chomp_rows(position: Any) -> tuple[int, ...]:
    return tuple(int(row) for row in position)


def _chomp_boards(game: Game, shapes: Sequence[tuple[int, int]]) -> list[ChompBoard]:
    solver = Solver(game)
    boards = []
    for height, width in shapes:
        position = game.from_value([width] * height)
        rows = _chomp_rows(position)
        bites = tuple(
            chomp_bite(rows, _chomp_rows(move.to)) for move in solver.winning_moves(position)
        )
        boards.append(ChompBoard(rows, bites, f"{height}×{width}"))
    return boards


def _bite_names(board: ChompBoard) -> str:
    return ", ".join(f"({r + 1},{c + 1})" for r, c in board.bites) or say("picture.none")


def _chomp() -> Section:
    game = create_game("chomp")
    squares = _chomp_boards(game, [(2, 2), (3, 3), (4, 4), (5, 5)])
    rectangles = _chomp_boards(game, [(2, 3), (2, 5), (3, 4), (3, 5), (4, 5)])
    solver = Solver(game)
    l_shape = game.from_value([4, 1, 1, 1])
    l_outcome = solver.outcome(l_shape)
    rows = [
        (f"{board.title}", _bite_names(board), str(len(board.bites)))
        for board in squares + rectangles
    ]
    return section(
        "chomp",
        say("chomp.title"),
        [
            Paragraph((say("chomp.intro"),)),
            chomp_figure("chomp-squares", say("chomp.squares-caption"), squares),
            Paragraph((say("chomp.squares", outcome=l_outcome.value),)),
            chomp_figure("chomp-rectangles", say("chomp.rectangles-caption"), rectangles),
            Table.build((say("table.board"), say("table.bites"), say("table.bite-count")), rows),
        ],
    )


# -- Green Hackenbush -------------------------------------------------------------------------

_HACKENBUSH_PICTURES = (  # the key of each picture's name, and its edges
    ("snake", "0-1,1-2,2-3"),
    ("fork", "0-1,1-2,1-3"),
    ("tree", "0-1,1-2,2-3,1-4"),
    ("triangle", "0-1,1-2,2-0"),
    ("house", "0-1,0-2,1-2,1-3,2-3"),
    ("tent", "0-1,0-2,1-3,2-3,3-4,4-5"),
)


def parse_edges(text: str) -> tuple[tuple[int, int], ...]:
    """Edges written ``"0-1,1-2"`` as pairs of vertices.

    >>> parse_edges("0-1, 1-2")
    ((0, 1), (1, 2))
    """
    edges = []
    for piece in text.replace(" ", "").split(","):
        if piece:
            left, right = piece.split("-")
            edges.append((int(left), int(right)))
    return tuple(edges)


def _hackenbush() -> Section:
    find_entry("hackenbush")
    pictures = []
    rows = []
    for name, edges in _HACKENBUSH_PICTURES:
        title = say(f"hackenbush.{name}")
        game = create_game("hackenbush", {"edges": edges})
        start = hackenbush_start(game)
        value = Solver(game).grundy_value(start)
        pictures.append(HackenbushPicture(parse_edges(edges), value, title))
        rows.append((title, Code(edges), nimber(value)))
    return section(
        "hackenbush",
        say("hackenbush.title"),
        [
            Paragraph((say("hackenbush.intro"),)),
            hackenbush_figure("hackenbush", say("hackenbush.caption"), pictures),
            Table.build((say("table.picture"), say("table.edges"), say("table.snake")), rows),
        ],
    )


def hackenbush_start(game: Game) -> Any:
    """The whole picture of a Hackenbush game, as a position of that game."""
    start = getattr(game, "start", None)
    if callable(start):
        return start()
    if start is not None:
        return start
    initial = getattr(game, "initial_position", None)
    if callable(initial):
        return initial()
    raise GrundyError(f"{game.label}: cannot find the starting picture")


# -- Lucky Nim --------------------------------------------------------------------------------


def _lucky_nim() -> Section:
    return lucky_nim_section(2, 4)


def lucky_nim_section(m: int, n: int) -> Section:
    """Single heaps of Lucky Nim with numbers in [m, n]: who wins, against the blocks."""
    from grundy.games.lucky_nim import block_parity

    game = create_game("lucky-nim", {"m": m, "n": n})
    solver = Solver(game)
    upto = 36
    # 1 where the solver finds a single heap of k an N-position, from the rules alone.
    values = [int(solver.outcome(game.from_value([k])) is Outcome.N) for k in range(upto + 1)]
    agree = all(values[k] == block_parity(k, m, n) for k in range(upto + 1))
    block = m + n
    verdict = say("lucky.agree" if agree else "lucky.disagree")
    intro = say("lucky.intro", m=m, n=n, upto=upto, block=block, verdict=verdict)
    return section(
        "lucky-nim",
        say("lucky.title"),
        [
            Paragraph((intro,)),
            lucky_strip_figure(
                "lucky-nim",
                say("lucky.caption", m=m, n=n),
                values,
                block,
                say("lucky.name", m=m, n=n),
            ),
        ],
    )


BOARD_EVIDENCE: tuple[EvidenceItem, ...] = (
    EvidenceItem("chomp", "Chomp", frozenset({"chomp", "strategy-stealing"}), _chomp),
    EvidenceItem("hackenbush", "Green Hackenbush", frozenset({"hackenbush"}), _hackenbush),
    EvidenceItem("lucky-nim", "Lucky Nim", frozenset({"lucky-nim"}), _lucky_nim),
)
