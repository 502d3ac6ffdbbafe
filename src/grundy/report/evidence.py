"""Evidence a student would want to look at, computed by the solver for the report.

Every number shown here comes from :mod:`grundy.solve` playing the games of
:mod:`grundy.games`; nothing is typed in.  Each piece of evidence is an
:class:`EvidenceItem` with the topics (game names and theorem tags) it belongs to, so a
report about a few theorems shows only what concerns them.  A piece whose game is not
in the catalogue is skipped and named in :attr:`EvidenceResult.skipped`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.certify import check_certificate, period_report
from grundy.certify.periodicity import GUY_SMITH
from grundy.errors import GrundyError, UnknownGameError
from grundy.games import Game, Nim, create_game, find_entry
from grundy.report.document import (
    Block,
    Cell,
    Code,
    Inline,
    Math,
    Paragraph,
    Preformatted,
    Section,
    Table,
)
from grundy.report.pictures import (
    ChompBoard,
    HackenbushPicture,
    StripRow,
    chomp_bite,
    chomp_figure,
    grid_figure,
    hackenbush_figure,
    lucky_strip_figure,
    sequence_figure,
    strip_figure,
    wythoff_figure,
)
from grundy.solve import Outcome, Play, Solver, grundy_sequence

__all__ = [
    "EVIDENCE",
    "EvidenceItem",
    "EvidenceResult",
    "build_evidence",
    "parse_edges",
    "position_text",
    "related_evidence",
]


@dataclass(frozen=True, slots=True)
class EvidenceItem:
    """One piece of evidence: ``build()`` returns its section; ``topics`` say what it is for;
    ``answers`` names the exercise it works out (the handout shows it right after it)."""

    key: str
    title: str
    topics: frozenset[str]
    build: Callable[[], Section]
    answers: str = ""


@dataclass(frozen=True, slots=True)
class EvidenceResult:
    sections: tuple[Section, ...]
    skipped: tuple[str, ...]  # "key: reason", for pieces whose game does not exist yet


def build_evidence(items: Iterable[EvidenceItem] | None = None) -> EvidenceResult:
    """Build each piece; a piece whose game is missing from the catalogue is skipped."""
    sections, skipped = [], []
    for item in EVIDENCE if items is None else items:
        try:
            sections.append(item.build())
        except UnknownGameError as exc:
            skipped.append(f"{item.key}: {exc}".split(";")[0])
    return EvidenceResult(tuple(sections), tuple(skipped))


def position_text(position: Sequence[int]) -> str:
    """A position as the notes write it.

    >>> position_text((3, 4, 5))
    '(3, 4, 5)'
    """
    return "(" + ", ".join(str(part) for part in position) + ")"


def _nimber(value: int) -> Math:
    return Math(f"*{value}")


def _section(key: str, title: str, blocks: Sequence[Block]) -> Section:
    return Section(title, f"evidence-{key}", tuple(blocks))


# -- Nim: the handout's addition table, worked examples and exercise 4 ----------------------


def _nim_addition() -> Section:
    solver = Solver(Nim())
    size = 16
    header = (Cell((Math(r"\oplus"),), "head"), *(Cell((_nimber(b),), "head") for b in range(size)))
    rows = []
    for a in range(size):
        cells = [Cell((_nimber(a),), "head")]
        for b in range(size):
            value = solver.grundy_value((a, b))
            cells.append(Cell((str(value),), f"shade-{value}"))
        rows.append(tuple(cells))
    diagonal = all(solver.grundy_value((a, a)) == 0 for a in range(size))
    symmetric = all(
        solver.grundy_value((a, b)) == solver.grundy_value((b, a))
        for a in range(size)
        for b in range(size)
    )
    closed = all(solver.grundy_value((a, b)) < size for a in range(size) for b in range(size))
    remarks = [
        "symmetric (nim-addition is commutative)" if symmetric else "NOT symmetric",
        "zero on the diagonal (G + G = 0)" if diagonal else "NOT zero on the diagonal",
        "closed: every sum is again one of *0..*15" if closed else "NOT closed",
    ]
    return _section(
        "nim-addition",
        "Nim-addition table for *0 to *15",
        [
            Paragraph(
                (
                    "Handout 17, exercise 1. The entry in row ",
                    Math("*a"),
                    " and column ",
                    Math("*b"),
                    " is the Grundy value of the two-heap Nim position ",
                    Math("(a, b)"),
                    ", found by the solver. As computed, the table is " + "; ".join(remarks) + ".",
                )
            ),
            Table(header, tuple(rows), "*a + *b, computed as Grundy values of Nim", "grid"),
        ],
    )


_WORKED_SUMS = ((2, 4), (1, 8, 16), (5, 10), (5, 12), (5, 6, 7), (3, 5, 6))


def _powers_of_two(n: int) -> list[int]:
    return [1 << bit for bit in range(n.bit_length()) if n >> bit & 1]


def _worked_examples() -> Section:
    solver = Solver(Nim())
    rows = []
    for heaps in _WORKED_SUMS:
        total = solver.grundy_value(heaps)
        left = " + ".join(f"*{h}" for h in heaps)
        split = " + ".join(
            "(" + " + ".join(f"*{p}" for p in _powers_of_two(h)) + ")" if h else "*0" for h in heaps
        )
        rows.append((Math(left), Math(split.replace("(*", "(*")), _nimber(total)))
    return _section(
        "nim-worked-sums",
        "The handout's worked nim-sums",
        [
            Paragraph(
                (
                    "Each sum of nimbers is the Nim position with those heaps; its value is "
                    "the solver's Grundy value. The middle column writes each heap as "
                    "distinct powers of two, the handout's method (cancel equal powers in "
                    "pairs).",
                )
            ),
            Table.build(("sum", "as powers of two", "value"), rows),
        ],
    )


_EXERCISE_POSITIONS = ((1, 3, 4), (3, 4, 5), (5, 6, 7), (2, 3, 5, 7, 11), (2, 3, 5, 7, 11, 13))


def _binary_layout(heaps: Sequence[int], total: int) -> str:
    width = max(max(heaps, default=0), total, 1).bit_length()
    lines = [f"{h:>3}  {h:0{width}b}" for h in heaps]
    lines.append(" " * 5 + "-" * width)
    lines.append(f"{'⊕':>3}  {total:0{width}b}   = {total}")
    return "\n".join(lines)


def side_by_side(blocks: Sequence[str], per_row: int, gap: int = 4) -> str:
    """Blocks of text set next to each other, ``per_row`` to a row.

    >>> print(side_by_side(["a\\nbb", "ccc"], 2, gap=1))
    a  ccc
    bb
    """
    rows = []
    for start in range(0, len(blocks), per_row):
        group = [block.splitlines() for block in blocks[start : start + per_row]]
        widths = [max((len(line) for line in lines), default=0) for lines in group]
        height = max(len(lines) for lines in group)
        for k in range(height):
            parts = [
                (lines[k] if k < len(lines) else "").ljust(width)
                for lines, width in zip(group, widths, strict=True)
            ]
            rows.append((" " * gap).join(parts).rstrip())
        rows.append("")
    return "\n".join(rows).rstrip("\n")


def _exercise_four() -> Section:
    solver = Solver(Nim())
    rows = []
    layouts = []
    for heaps in _EXERCISE_POSITIONS:
        value = solver.grundy_value(heaps)
        moves = solver.winning_moves(heaps)
        shown: list[Inline] = []
        for index, move in enumerate(moves):
            if index:
                shown.append("; ")
            shown.extend((move.description, " → ", Code(position_text(move.to))))
        if not moves:
            shown.append("none: a P-position")
        label = "worked example" if heaps == (1, 3, 4) else "exercise 4"
        rows.append(
            (
                Code(position_text(heaps)),
                label,
                _nimber(value),
                str(len(moves)),
                Cell(tuple(shown)),
            )
        )
        layouts.append(f"{position_text(heaps)}\n{_binary_layout(heaps, value)}")
    return _section(
        "nim-exercise-4",
        "Winning moves: the handout's example and exercise 4",
        [
            Paragraph(
                (
                    "All winning moves found by the solver: every move to a position of value ",
                    Math("*0"),
                    ". The recipe of the handout is to nim-add the value to each heap and "
                    "reduce a heap that gets smaller; the binary columns below show why only "
                    "heaps with a 1 in the leading column of the nim-sum qualify.",
                )
            ),
            Table.build(("position", "from", "value", "moves", "winning moves"), rows),
            Preformatted(side_by_side(layouts, 3)),
        ],
    )


# -- take-away and two-pile Nim ---------------------------------------------------------------


def _take_away() -> Section:
    game = create_game("take-away")
    solver = Solver(game)
    upto = 24
    normal = tuple(solver.outcome((n,)) is Outcome.P for n in range(upto + 1))
    misere = tuple(solver.outcome((n,), Play.MISERE) is Outcome.P for n in range(upto + 1))
    chips = 21
    blocks: list[Block] = [
        Paragraph(
            (
                "The slides' take-away game: remove 1, 2 or 3 chips. Cells coloured are "
                "P-positions (the previous player wins), as found by the solver for each "
                "pile size, in normal play (last mover wins) and misère play (last mover "
                "loses). The outlined column is the 21-chip start.",
            )
        ),
        strip_figure(
            "take-away",
            "Take-away game (remove 1-3): P-positions in normal and misère play",
            [StripRow("normal", normal), StripRow("misère", misere)],
            mark=chips,
        ),
    ]
    rows = []
    for play, flags in ((Play.NORMAL, normal), (Play.MISERE, misere)):
        outcome = solver.outcome((chips,), play)
        moves = solver.winning_moves((chips,), play)
        answer = "; ".join(move.description for move in moves) or "none (a P-position)"
        p_list = ", ".join(str(n) for n, is_p in enumerate(flags) if is_p)
        label = "misère" if play is Play.MISERE else "normal"
        rows.append((label, p_list + ", ...", outcome.value, answer))
    blocks.append(
        Table.build(("play", "P-positions up to 24", "21 chips is", "winning moves from 21"), rows)
    )
    return _section("take-away", "Take-away game: P-positions", blocks)


def _two_pile_nim() -> Section:
    solver = Solver(Nim())
    size = 16
    grid = [[solver.outcome((a, b)) is Outcome.P for b in range(size)] for a in range(size)]
    off_diagonal = [(a, b) for a in range(size) for b in range(size) if grid[a][b] and a != b]
    note = (
        "every P-position lies on the diagonal a = b"
        if not off_diagonal
        else f"P-positions off the diagonal: {off_diagonal}"
    )
    single = [a for a in range(1, size) if solver.outcome((a,)) is Outcome.P]
    one_pile = (
        "every one-pile position (x) with x > 0 is N"
        if not single
        else f"one-pile P-positions: {single}"
    )
    return _section(
        "two-pile-nim",
        "One- and two-pile Nim: P-positions",
        [
            Paragraph(
                (
                    f"Outcomes of the Nim positions (a, b) with a, b < {size}, from the "
                    f"solver: {note}; {one_pile}. The mirroring strategy: "
                    "from unequal piles, equalise them.",
                )
            ),
            grid_figure(
                "two-pile-nim",
                "Two-pile Nim: P-positions (coloured) among (a, b), 0 ≤ a, b ≤ 15",
                grid,
                "first pile a",
                "second pile b",
            ),
        ],
    )


# -- Wythoff ----------------------------------------------------------------------------------


_WYTHOFF_ROWS = 8  # every pair is compared; the table shows the pattern, not all of it


def _wythoff() -> Section:
    game = create_game("wythoff")
    solver = Solver(game)
    size = 41
    grid = [
        [solver.outcome(game.from_value([a, b])) is Outcome.P for b in range(size)]
        for a in range(size)
    ]
    pairs = sorted((a, b) for a in range(size) for b in range(a, size) if grid[a][b])
    rows = []
    agree = True
    for k, (a, b) in enumerate(pairs):
        floor_phi = (k + math.isqrt(5 * k * k)) // 2  # ⌊kφ⌋, exactly
        floor_phi2 = floor_phi + k  # ⌊kφ²⌋ = ⌊kφ⌋ + k
        agree = agree and (a, b) == (floor_phi, floor_phi2)
        rows.append((str(k), Code(position_text((a, b))), str(floor_phi), str(floor_phi2)))
    verdict = "every one agrees with Wythoff's formula" if agree else "they DIFFER from the formula"
    return _section(
        "wythoff",
        "Wythoff's game: P-positions and the golden ratio",
        [
            Paragraph(
                (
                    "P-positions (a, b) of Wythoff's game with a, b ≤ 40, from the solver, "
                    "plotted with the lines ",
                    Math(r"y = \varphi x"),
                    " and ",
                    Math(r"y = x / \varphi"),
                    ", where ",
                    Math(r"\varphi = \frac{1 + \sqrt{5}}{2}"),
                    f". The solver's {len(rows)} pairs with a ≤ b, set beside ",
                    Math(r"(\lfloor k\varphi \rfloor, \lfloor k\varphi^2 \rfloor)"),
                    f": {verdict}; the table shows the first {min(len(rows), _WYTHOFF_ROWS)}.",
                )
            ),
            wythoff_figure(
                "wythoff",
                "Wythoff's game: P-positions (coloured) with a, b ≤ 40",
                grid,
            ),
            Table.build(("k", "P-position (a, b)", "⌊kφ⌋", "⌊kφ²⌋"), rows[:_WYTHOFF_ROWS]),
        ],
    )


# -- Grundy sequences with their period --------------------------------------------------------


def sequence_section(
    key: str, game: Game, title: str, upto: int, intro: str, theorem_note: bool
) -> Section:
    """The Grundy sequence of a single-heap game up to ``upto``, with its P-positions and
    the period the values show (certified for every n where a theorem allows it)."""
    values = grundy_sequence(game, upto)
    found = period_report(game, values)
    blocks: list[Block] = [Paragraph((intro,))]
    # An uncertified repetition is shown only when it covers at least as many values as
    # precede it: a pattern among the last few values of the range is no evidence.
    convincing = found.certified or (
        found.preperiod is not None and len(values) - found.preperiod >= found.preperiod
    )
    if found.period is None or found.preperiod is None or not convincing:
        period = preperiod = None
        text = f"The solver computed G(0) to G({upto}); no period shows in that range."
    else:
        period, preperiod = found.period, found.preperiod
        text = (
            f"The solver computed G(0) to G({upto}). From n₀ = {preperiod} on, the values "
            f"repeat with period {period} throughout the computed range."
        )
        rechecked = found.certificate is not None and check_certificate(found.certificate).valid
        if theorem_note and found.certified and found.certificate is not None and rechecked:
            certificate = found.certificate
            if certificate.theorem == GUY_SMITH:
                reach = (
                    f"2s + p + t − 1 = {certificate.last_compared} (t = {certificate.reach}, "
                    "the most tokens a move removes), so the periodicity theorem for "
                    "octal games (Guy and Smith)"
                )
            else:
                reach = (
                    f"s + m − 1 = {certificate.last_compared} (m = {certificate.reach}, the "
                    "largest number a move removes), so the periodicity theorem for "
                    "subtraction games (a window of m values repeats)"
                )
            text += (
                f" The check covers every n from s = {certificate.start} to {reach} "
                "makes the period hold for every n ≥ n₀; the certificate was re-checked "
                "independently."
            )
        elif theorem_note:
            text += f" Not certified for every n: {found.reason}."
        last = values[preperiod : preperiod + period]
        blocks.append(
            Paragraph(("One period, starting at n₀: ", Code(" ".join(map(str, last))), "."))
        )
    blocks.insert(1, Paragraph((text,)))
    blocks.insert(
        1,
        sequence_figure(key, f"{title}: G(n) for n ≤ {upto}", values, preperiod, period, title),
    )
    head = " ".join(str(v) for v in values[:40])
    blocks.append(Paragraph(("G(0), G(1), ..., G(39): ", Code(head), ".")))
    zeros = [n for n, value in enumerate(values[:60]) if value == 0]
    blocks.append(
        Paragraph(
            (
                "P-positions (value 0) among the heaps up to 59: ",
                Code(", ".join(map(str, zeros)) or "none"),
                ".",
            )
        )
    )
    return _section(key, f"{title}: Grundy sequence", blocks)


def _kayles() -> Section:
    return sequence_section(
        "kayles",
        create_game("kayles"),
        "Kayles",
        170,
        "Kayles (octal 0.77): knock down one pin or two adjacent pins from a row, "
        "possibly splitting it in two.",
        True,
    )


def _dawsons() -> Section:
    return sequence_section(
        "dawsons-kayles",
        create_game("dawsons-kayles"),
        "Dawson's Kayles",
        180,
        "Dawson's Kayles (octal 0.07): knock down exactly two adjacent pins.",
        True,
    )


def _grundys_game() -> Section:
    return sequence_section(
        "grundys-game",
        create_game("grundys-game"),
        "Grundy's game",
        120,
        "Grundy's game: split one heap into two heaps of different sizes.",
        False,
    )


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
    return _section(
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
        rows.append((title, Code(edges), _nimber(value)))
    return _section(
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
    return _section(
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


EVIDENCE: tuple[EvidenceItem, ...] = (
    EvidenceItem(
        "nim-addition",
        "Nim-addition table",
        frozenset({"nim", "nim-sum", "nimber", "handout", "exercise"}),
        _nim_addition,
        answers="handout-exercise-1",
    ),
    EvidenceItem(
        "nim-worked-sums",
        "Worked nim-sums",
        frozenset({"nim", "nim-sum", "nimber", "handout"}),
        _worked_examples,
    ),
    EvidenceItem(
        "nim-exercise-4",
        "Winning moves (exercise 4)",
        frozenset({"nim", "bouton", "winning-moves", "handout", "exercise"}),
        _exercise_four,
        answers="handout-exercise-4",
    ),
    EvidenceItem(
        "take-away",
        "Take-away P-positions",
        frozenset({"take-away", "subtraction", "misere", "p-n"}),
        _take_away,
    ),
    EvidenceItem(
        "two-pile-nim", "Two-pile Nim", frozenset({"nim", "two-pile", "mirroring"}), _two_pile_nim
    ),
    EvidenceItem("wythoff", "Wythoff", frozenset({"wythoff", "golden-ratio"}), _wythoff),
    EvidenceItem("kayles", "Kayles", frozenset({"kayles", "octal", "periodicity"}), _kayles),
    EvidenceItem(
        "dawsons-kayles",
        "Dawson's Kayles",
        frozenset({"dawsons-kayles", "octal", "periodicity"}),
        _dawsons,
    ),
    EvidenceItem("grundys-game", "Grundy's game", frozenset({"grundys-game"}), _grundys_game),
    EvidenceItem("chomp", "Chomp", frozenset({"chomp", "strategy-stealing"}), _chomp),
    EvidenceItem("hackenbush", "Green Hackenbush", frozenset({"hackenbush"}), _hackenbush),
    EvidenceItem("lucky-nim", "Lucky Nim", frozenset({"lucky-nim"}), _lucky_nim),
)


def related_evidence(
    games_and_tags: Iterable[str], items: Sequence[EvidenceItem] = EVIDENCE
) -> list[EvidenceItem]:
    """The evidence whose topics meet the given game names and theorem tags.

    >>> [item.key for item in related_evidence(["wythoff"])]
    ['wythoff']
    """
    wanted = {word.lower() for word in games_and_tags}
    return [item for item in items if item.topics & wanted]
