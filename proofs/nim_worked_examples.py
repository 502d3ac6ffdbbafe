"""Two worked examples of the notes, checked step by step from the rules.

- The slides' binary example (seed 000, Bouton's condition (2)): 81, 279 and 464 written
  in binary, added column by column without carry (nim-sum 150 = 010010110); the
  leftmost column with an odd number of ones is 2^7, only 464 has a one there, and
  rigging it to 326 = 101000110 makes every column even.  The digits are added as the
  slide does, on the written rows, not with Python's ``^``; the rigged move is then
  confirmed among the exact solver's winning moves.
- Legner's sample game (seed 001): from heaps 5, 3, 4 the players alternately make the
  six moves described in the text; each is a legal Nim move, the last one empties the
  table, and so its player (blue) wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from grundy.declare import listing, mutant, section, theorem
from grundy.games.nim import Nim
from grundy.library import CheckSettings
from grundy.solve.solver import Solver
from grundy.verdict import Verdict
from grundy.verify.exhaustive import check_exhaustive

SLIDES = "000 Mathematical Games I, Bouton's theorem condition (2), the binary example"
LEGNER = "001 Legner, The Game of Nim (the example game from 5, 3, 4)"

# The slide's table: three heaps in binary, their nim-sum; then the rigged table.
SLIDE_ROWS = ("001010001", "100010111", "111010000")
SLIDE_SUM = "010010110"
SLIDE_RIGGED = ("001010001", "100010111", "101000110")


def _column_sum(rows: Sequence[str]) -> str:
    """Add binary rows of equal length column by column, without carry."""
    return "".join(str(sum(int(row[i]) for row in rows) % 2) for i in range(len(rows[0])))


def _binary_example(rigged_heap: int):
    """The steps of the slide's example; ``rigged_heap`` is the heap (0-based) changed."""

    def check(settings: CheckSettings) -> Verdict:
        heaps = tuple(int(row, 2) for row in SLIDE_ROWS)
        total = _column_sum(SLIDE_ROWS)
        column = total.index("1")  # the leftmost column with an odd number of ones
        rigged = list(SLIDE_ROWS)
        rigged[rigged_heap] = _column_sum([SLIDE_ROWS[rigged_heap], total])
        after = tuple(int(row, 2) for row in rigged)
        winning = {move.to for move in Solver(Nim()).winning_moves(heaps)}
        steps = [
            ("the rows are 81, 279, 464", heaps == (81, 279, 464)),
            ("the column sums without carry are the slide's 010010110 (150)", total == SLIDE_SUM),
            (
                f"the chosen heap has a one in the leftmost odd column (2^{8 - column})",
                SLIDE_ROWS[rigged_heap][column] == "1",
            ),
            ("rigging lowers the heap (a legal move)", after[rigged_heap] < heaps[rigged_heap]),
            ("every column of the rigged table is even", set(_column_sum(rigged)) == {"0"}),
            ("the rigged table is the slide's", tuple(rigged) == SLIDE_RIGGED),
            (
                "the move is among the solver's winning moves",
                Nim().canonical(after) in {Nim().canonical(w) for w in winning},
            ),
        ]
        return check_exhaustive(
            ({"step": name, "holds": ok} for name, ok in steps),
            lambda case: bool(case["holds"]),
            scope="the slide's example, step by step",
            explain=lambda case: {"heaps": list(heaps), "rigged": rigged, "position": list(heaps)},
        )

    return check


# (player, heap (1-based), counters removed), as the text tells the game
SAMPLE_GAME = (
    ("red", 1, 2),
    ("blue", 3, 3),
    ("red", 2, 3),
    ("blue", 1, 2),
    ("red", 1, 1),
    ("blue", 3, 1),
)


def _sample_game(claimed_winner: str):
    def check(settings: CheckSettings) -> Verdict:
        game = Nim()
        heaps = [5, 3, 4]
        steps = []
        for number, (player, heap, taken) in enumerate(SAMPLE_GAME, start=1):
            before = tuple(heaps)
            heaps[heap - 1] -= taken
            legal = game.canonical(tuple(heaps)) in {game.canonical(m) for m in game.moves(before)}
            steps.append({"move": number, "player": player, "from": list(before), "legal": legal})
        last_player = SAMPLE_GAME[-1][0]
        ended = not any(True for _ in game.moves(tuple(heaps)))
        steps.append(
            {"move": "end", "player": last_player, "from": heaps, "legal": ended},
        )
        steps.append(
            {
                "move": "winner",
                "player": claimed_winner,
                "from": heaps,
                "legal": ended and claimed_winner == last_player,  # normal play
            }
        )
        return check_exhaustive(
            steps,
            lambda case: bool(case["legal"]),
            scope="the six moves of the sample game from (5, 3, 4)",
            explain=lambda case: {"position": case["from"]},
        )

    return check


THEOREMS = listing(
    section(SLIDES, game="nim", tags=("nim-sum", "example", "bouton")),
    theorem(
        "nim-binary-worked-example",
        "The slides' binary example 81, 279, 464",
        "81, 279 and 464 in binary (001010001, 100010111, 111010000) add without "
        "carry to 010010110 = 150; the leftmost column with an odd number of ones is 2^7, "
        "464 has a one there, and rigging it to 101000110 = 326 leaves every column even: "
        "the move 464 -> 326 is a winning move of Nim",
        r"81 \oplus 279 \oplus 464 = 150,\quad 81 \oplus 279 \oplus 326 = 0",
        _binary_example(rigged_heap=2),
    ),
    mutant(
        "nim-binary-worked-example-rig-81",
        "Mutant: in the binary example, rig the first heap (81)",
        "the same steps, rigging 81 instead of 464 (81 has no one in column 2^7)",
        r"81 \to 81 \oplus 150",
        _binary_example(rigged_heap=0),
    ),
    section(LEGNER, game="nim", tags=("nim", "example")),
    theorem(
        "nim-sample-game-5-3-4",
        "Legner's sample game from (5, 3, 4), move by move",
        "red takes 2 from heap 1, blue 3 from heap 3, red 3 from heap 2, blue 2 from "
        "heap 1, red 1 from heap 1, blue 1 from heap 3: each move is legal, the last one "
        "empties the table, and blue, who made it, wins",
        r"(5,3,4) \to (3,3,4) \to (3,3,1) \to (3,0,1) \to (1,0,1) \to (0,0,1) \to (0,0,0)",
        _sample_game("blue"),
    ),
    mutant(
        "nim-sample-game-red-wins",
        "Mutant: red wins the sample game",
        "the same six moves, with red, who started, as the winner",
        r"(5,3,4) \to \cdots \to (0,0,0):\ \text{red wins}",
        _sample_game("red"),
    ),
)
