"""Evidence on the heap games: take-away, two-pile Nim, Wythoff and the octal games (Kayles,
Dawson's Kayles, Grundy's game), each computed by the solver."""

from __future__ import annotations

import math
import re

from grundy.certify import check_certificate, period_report
from grundy.certify.periodicity import GUY_SMITH
from grundy.display.geometry import counters_taken
from grundy.games import Game, Nim, create_game
from grundy.report.document import Block, Code, Math, Paragraph, Section, Table
from grundy.report.evidence_parts import EvidenceItem, move_words, position_text, section
from grundy.report.pictures import (
    StripRow,
    grid_figure,
    heaps_figure,
    sequence_figure,
    strip_figure,
    wythoff_figure,
)
from grundy.solve import Outcome, Play, Solver, grundy_sequence

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
        answer = "; ".join(move_words(move) for move in moves) or "none (a P-position)"
        p_list = ", ".join(str(n) for n, is_p in enumerate(flags) if is_p)
        label = "misère" if play is Play.MISERE else "normal"
        rows.append((label, p_list + ", ...", outcome.value, answer))
    blocks.append(
        Table.build(("play", "P-positions up to 24", "21 chips is", "winning moves from 21"), rows)
    )
    first = solver.winning_moves((chips,))
    if first:  # the start drawn as chips, the ones the winning move takes in colour
        blocks.append(
            heaps_figure(
                "take-away-start",
                f"The {chips}-chip start; in colour, what the winning move of normal play "
                f"takes: {move_words(first[0])}",
                [chips],
                taken=counters_taken((chips,), first[0].to),
                column=6,  # four short columns: the picture stays low on the page
            )
        )
    return section("take-away", "Take-away game: P-positions", blocks)


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
    return section(
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
    return section(
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
            # The certifier's hint for the command line ("try --upto 128") is not for students.
            reason = re.sub(r"\s*\(try --[^)]*\)", "", found.reason or "")
            text += f" Not certified for every n: {reason}."
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
    return section(key, f"{title}: Grundy sequence", blocks)


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


HEAP_EVIDENCE: tuple[EvidenceItem, ...] = (
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
)
