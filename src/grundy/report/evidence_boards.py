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
    return ", ".join(f"({r + 1},{c + 1})" for r, c in board.bites) or "none"


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
        "Chomp: winning bites",
        [
            Paragraph(
                (
                    "Boards drawn with the poisoned square (×) at the top left, rows going "
                    "down (as everywhere in grundy); a bite at a square eats it and "
                    "everything below and to its right. Dots mark every winning bite the "
                    "solver finds; the shaded part is what the first of them eats. Squares "
                    "(row, column) are counted from 1 at the poisoned one.",
                )
            ),
            chomp_figure("chomp-squares", "Chomp squares and their winning bites", squares),
            Paragraph(
                (
                    "On every square board the solver's only winning bite is (2,2), leaving "
                    "an L whose arms the second player can mirror; the 4×4 L-shape "
                    f"(4,1,1,1) is a {l_outcome.value}-position. Strategy stealing shows "
                    "every rectangle of area > 1 is an N-position without naming the bite; "
                    "the solver names it:",
                )
            ),
            chomp_figure(
                "chomp-rectangles", "Chomp rectangles and their winning bites", rectangles
            ),
            Table.build(("board", "winning bites (row, column)", "count"), rows),
        ],
    )


# -- Green Hackenbush -------------------------------------------------------------------------

_HACKENBUSH_PICTURES = (
    ("a snake of three", "0-1,1-2,2-3"),
    ("a fork", "0-1,1-2,1-3"),
    ("a tree", "0-1,1-2,2-3,1-4"),
    ("a triangle", "0-1,1-2,2-0"),
    ("a house", "0-1,0-2,1-2,1-3,2-3"),
    ("a tent with a flag", "0-1,0-2,1-3,2-3,3-4,4-5"),
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
    for title, edges in _HACKENBUSH_PICTURES:
        game = create_game("hackenbush", {"edges": edges})
        start = hackenbush_start(game)
        value = Solver(game).grundy_value(start)
        pictures.append(HackenbushPicture(parse_edges(edges), value, title))
        rows.append((title, Code(edges), nimber(value)))
    return section(
        "hackenbush",
        "Green Hackenbush: pictures and their snakes",
        [
            Paragraph(
                (
                    "Each picture stands on the ground line; a move deletes one edge and "
                    "everything no longer connected to the ground. Beside each picture is "
                    "the snake (a path of edges) it is equivalent to: its length is the "
                    "picture's Grundy value, found by the solver.",
                )
            ),
            hackenbush_figure("hackenbush", "Green Hackenbush pictures and their snakes", pictures),
            Table.build(("picture", "edges (0 = ground)", "equals the snake"), rows),
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
    verdict = (
        "agrees with the notes' block value Ω(k) at every k shown"
        if agree
        else "DISAGREES with the notes' block value Ω(k) somewhere: see the strip"
    )
    return section(
        "lucky-nim",
        "Lucky Nim: block colouring",
        [
            Paragraph(
                (
                    f"Lucky Nim with m = {m}, n = {n}: for a single heap of k counters "
                    f"(k ≤ {upto}) the strip shows 1 where the solver finds the player to "
                    "move can force a win (an N-position) and 0 where not, searched from the "
                    f"rules. Lines mark blocks of m + n = {block}, starting at 1: the notes "
                    "colour heaps by the parity of the block they fall in, and a position is "
                    "won by the next player exactly when the heaps' colours add up to an odd "
                    f"number. The solver's strip {verdict}.",
                )
            ),
            lucky_strip_figure(
                "lucky-nim",
                f"Lucky Nim (m = {m}, n = {n}): single heaps won by the player to move",
                values,
                block,
                f"Lucky Nim m = {m}, n = {n}",
            ),
        ],
    )


BOARD_EVIDENCE: tuple[EvidenceItem, ...] = (
    EvidenceItem("chomp", "Chomp", frozenset({"chomp", "strategy-stealing"}), _chomp),
    EvidenceItem("hackenbush", "Green Hackenbush", frozenset({"hackenbush"}), _hackenbush),
    EvidenceItem("lucky-nim", "Lucky Nim", frozenset({"lucky-nim"}), _lucky_nim),
)
