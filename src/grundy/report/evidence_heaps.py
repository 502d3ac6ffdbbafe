"""Evidence on the heap games: take-away, two-pile Nim, Wythoff and the octal games (Kayles,
Dawson's Kayles, Grundy's game), each computed by the solver."""

from __future__ import annotations

import math

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
from grundy.report.student_words import game_words, say, say_pieces
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
        Paragraph((say("take-away.intro", chips=chips),)),
        strip_figure(
            "take-away",
            say("take-away.caption"),
            [
                StripRow(say("take-away.normal"), normal),
                StripRow(say("take-away.misere"), misere),
            ],
            mark=chips,
            play="",  # both rows, each named
        ),
    ]
    rows = []
    for play, flags in ((Play.NORMAL, normal), (Play.MISERE, misere)):
        outcome = solver.outcome((chips,), play)
        moves = solver.winning_moves((chips,), play)
        answer = "; ".join(move_words(move) for move in moves) or say("nim-moves.none")
        p_list = ", ".join(str(n) for n, is_p in enumerate(flags) if is_p)
        label = say("play.misere" if play is Play.MISERE else "play.normal")
        rows.append((label, p_list + ", ...", outcome.value, answer))
    header = (
        say("table.play"),
        say("table.p-upto", upto=upto),
        say("table.start-is", chips=chips),
        say("table.moves-from", chips=chips),
    )
    blocks.append(Table.build(header, rows))
    first = solver.winning_moves((chips,))
    if first:  # the start drawn as chips, the ones the winning move takes in colour
        blocks.append(
            heaps_figure(
                "take-away-start",
                say("take-away.start", chips=chips, move=move_words(first[0])),
                [chips],
                taken=counters_taken((chips,), first[0].to),
                column=6,  # four short columns: the picture stays low on the page
                play="normal",
            )
        )
    return section("take-away", say("take-away.title"), blocks, play="")


def _two_pile_nim() -> Section:
    return two_pile_nim(Play.NORMAL)


def two_pile_nim(play: Play, piles: tuple[str, str] | None = None) -> Section:
    """The outcomes of one- and two-pile Nim in ``play``, as a grid of P-positions.

    ``piles`` are the names a claim gives the two piles (its variables, ``("k", "a")``):
    the text and the axes use them.  Without them (the topic's picture, which serves
    claims that may name the piles differently) the piles are "the first pile" and "the
    second pile", so no picture speaks of letters its claim never used."""
    solver = Solver(Nim())
    size = 16
    grid = [[solver.outcome((a, b), play) is Outcome.P for b in range(size)] for a in range(size)]
    off_diagonal = [(a, b) for a in range(size) for b in range(size) if grid[a][b] and a != b]
    named = piles is not None
    x, y = piles if piles is not None else ("", "")
    how = "named" if named else "generic"
    notes = [
        say(f"two-pile.diagonal-{how}", x=x, y=y)
        if not off_diagonal
        else say("two-pile.off-diagonal", pairs=", ".join(map(position_text, off_diagonal)))
    ]
    n_diagonal = [(a, a) for a in range(size) if not grid[a][a]]
    if n_diagonal:
        pairs = ", ".join(map(position_text, n_diagonal))
        notes.append(say("two-pile.diagonal-n", pairs=pairs))
    single = [a for a in range(1, size) if solver.outcome((a,), play) is Outcome.P]
    one_pile = (
        say("two-pile.single-n")
        if not single
        else say("two-pile.single-p", heaps=", ".join(f"({a})" for a in single))
    )
    misere = play is Play.MISERE
    note = say("list.semicolon").join(notes)
    positions = say(f"two-pile.positions-{how}", x=x, y=y, size=size)
    among = say(f"two-pile.among-{how}", x=x, y=y, last=size - 1)
    axes = [
        say("axis.pile-named", pile=say(f"axis.{which}"), name=name)
        if named
        else say("axis.pile-generic", pile=say(f"axis.{which}"))
        for which, name in (("first", x), ("second", y))
    ]
    return section(
        "two-pile-nim-misere" if misere else "two-pile-nim",
        say("two-pile.title-misere" if misere else "two-pile.title"),
        [
            Paragraph(
                (
                    say(
                        "two-pile.intro-misere-of" if misere else "two-pile.intro-of",
                        positions=positions,
                        diagonal=note,
                        single=one_pile,
                    ),
                )
            ),
            grid_figure(
                "two-pile-nim-misere" if misere else "two-pile-nim",
                say(
                    "two-pile.caption-misere-of" if misere else "two-pile.caption-of",
                    among=among,
                ),
                grid,
                axes[0],
                axes[1],
                play=play.value,
            ),
        ],
        play=play.value,
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
    intro = say_pieces(
        "wythoff.intro",
        steep=Math(r"y = \varphi x"),
        shallow=Math(r"y = x / \varphi"),
        phi=Math(r"\varphi = \frac{1 + \sqrt{5}}{2}"),
        formula=Math(r"(\lfloor k\varphi \rfloor, \lfloor k\varphi^2 \rfloor)"),
        count=len(rows),
        verdict=say("wythoff.agree" if agree else "wythoff.differ"),
        shown=min(len(rows), _WYTHOFF_ROWS),
    )
    header = tuple(say(f"table.{key}") for key in ("k", "wythoff-pair", "floor-phi", "floor-phi2"))
    return section(
        "wythoff",
        say("wythoff.title"),
        [
            Paragraph(intro),
            wythoff_figure("wythoff", say("wythoff.caption"), grid),
            Table.build(header, rows[:_WYTHOFF_ROWS]),
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
    named = title  # already in a student's words (a game's name)
    # An uncertified repetition is shown only when it covers at least as many values as
    # precede it: a pattern among the last few values of the range is no evidence.
    convincing = found.certified or (
        found.preperiod is not None and len(values) - found.preperiod >= found.preperiod
    )
    if found.period is None or found.preperiod is None or not convincing:
        period = preperiod = None
        text = say("sequence.no-period", upto=upto)
    else:
        period, preperiod = found.period, found.preperiod
        text = say("sequence.period", upto=upto, preperiod=preperiod, period=period)
        rechecked = found.certificate is not None and check_certificate(found.certificate).valid
        if theorem_note and found.certified and found.certificate is not None and rechecked:
            certificate = found.certificate
            kind = "octal" if certificate.theorem == GUY_SMITH else "subtraction"
            bound = say(
                f"sequence.{kind}-bound",
                last=certificate.last_compared,
                reach=certificate.reach,
            )
            text += say(
                "sequence.proved",
                start=certificate.start,
                bound=bound,
                theorem=say(f"sequence.{kind}-theorem"),
            )
        elif theorem_note:
            # Why the certifier stopped is for the record, not for students.
            text += say("sequence.not-proved")
        last = values[preperiod : preperiod + period]
        one_period = Code(" ".join(map(str, last)))
        blocks.append(Paragraph(say_pieces("sequence.one-period", values=one_period)))
    blocks.insert(1, Paragraph((text,)))
    blocks.insert(
        1,
        sequence_figure(
            key, say("sequence.caption", game=named, upto=upto), values, preperiod, period, named
        ),
    )
    head = " ".join(str(v) for v in values[:40])
    blocks.append(Paragraph(say_pieces("sequence.first", values=Code(head))))
    zeros = [n for n, value in enumerate(values[:60]) if value == 0]
    shown = Code(", ".join(map(str, zeros))) if zeros else say("picture.none")
    blocks.append(Paragraph(say_pieces("sequence.zeros", values=shown)))
    return section(key, say("sequence.title", game=named), blocks)


def _kayles() -> Section:
    return sequence_section(
        "kayles",
        create_game("kayles"),
        game_words("Kayles"),
        170,
        say("sequence.kayles"),
        True,
    )


def _dawsons() -> Section:
    return sequence_section(
        "dawsons-kayles",
        create_game("dawsons-kayles"),
        game_words("Dawson's Kayles"),
        180,
        say("sequence.dawsons-kayles"),
        True,
    )


def _grundys_game() -> Section:
    return sequence_section(
        "grundys-game",
        create_game("grundys-game"),
        game_words("Grundy's game"),
        120,
        say("sequence.grundys-game"),
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
