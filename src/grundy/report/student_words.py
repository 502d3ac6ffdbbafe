"""Every sentence of the handout that the lecturer did not write: one place, in prose.

A student reads three kinds of text in a handout: what the lecturer wrote in a claim (its
title, its statement in words, its source), mathematics typeset from the claim, and the
sentences of this module (the verdicts in words, the definitions, the labels of tables
and pictures).  Nothing else may reach a handout, so the words a class sees are decided
here once, written as a lecturer would write them on the board, with no software words.

The other report modules ask for a sentence by its key (:func:`say`) and fill in its
numbers; a lecturer's text passes through :func:`claim_words`, and the words a game says
of itself (its name, its moves, its rules) through :func:`game_words`.  In tracing mode
(:func:`tracing`, used by the tests) each of them wraps what it returns in invisible
marks, so a test can strip every marked run from a built handout and fail on any word
left over: a sentence that came from somewhere else.  Outside tracing mode the text is
returned unchanged.

>>> say("verdict.proved-every", scope="0 ≤ n ≤ 400")
'Proved for every 0 ≤ n ≤ 400.'
>>> with tracing():
...     marked = say("verdict.proved-every", scope="0 ≤ n ≤ 400")
>>> unmarked_words(marked)
''
>>> with tracing():
...     leaked = say("verdict.proved-every", scope="case the solver found")
>>> unmarked_words(leaked)
'case the solver found'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from string import Formatter
from typing import Any

__all__ = [
    "SENTENCES",
    "claim_words",
    "game_words",
    "say",
    "say_pieces",
    "strip_marks",
    "tracing",
    "unmarked_words",
]

_TRACING: ContextVar[bool] = ContextVar("grundy_report_tracing", default=False)

# Private-use characters: never in a claim, a game's words or a formula.
_OPEN, _CLOSE = "\ue000", "\ue001"  # a sentence of this module
_CLAIM_OPEN, _CLAIM_CLOSE = "\ue002", "\ue003"  # a lecturer's words, or a game's own
_MARKED = re.compile(
    f"{_OPEN}[^{_OPEN}{_CLOSE}]*{_CLOSE}|{_CLAIM_OPEN}[^{_CLAIM_CLOSE}]*{_CLAIM_CLOSE}"
)
_MARKS = re.compile(f"[{_OPEN}{_CLOSE}{_CLAIM_OPEN}{_CLAIM_CLOSE}]")


@contextmanager
def tracing() -> Iterator[None]:
    """Within the block, every student sentence comes back marked with where it is from."""
    token = _TRACING.set(True)
    try:
        yield
    finally:
        _TRACING.reset(token)


def say(key: str, /, **values: object) -> str:
    """The sentence ``key`` of :data:`SENTENCES` with its blanks filled by ``values``.

    In tracing mode only the sentence's own words are marked, not the values filled in:
    a value with words in it must itself come from :func:`say`, :func:`claim_words` or
    :func:`game_words`, so a blank cannot smuggle in an unmarked sentence.
    """
    template = SENTENCES[key]
    if not _TRACING.get():
        return template.format(**values)
    pieces = []
    for literal, name, spec, conversion in Formatter().parse(template):
        if literal:
            pieces.append(_OPEN + literal + _CLOSE)
        if name is not None:
            value = values[name]
            if conversion:
                value = repr(value) if conversion == "r" else str(value)
            pieces.append(format(value, spec or ""))
    return "".join(pieces)


def say_pieces(key: str, /, **values: Any) -> tuple[Any, ...]:
    """The sentence ``key`` as pieces of a paragraph: a blank filled with a string or a
    number is written into the text, one filled with anything else (a formula, a
    position in code type) stays a piece of its own, so a sentence can hold mathematics.
    """
    template = SENTENCES[key]
    pieces: list[Any] = []
    text = ""
    for literal, name, spec, conversion in Formatter().parse(template):
        if literal:
            text += _OPEN + literal + _CLOSE if _TRACING.get() else literal
        if name is None:
            continue
        value = values[name]
        if isinstance(value, (str, int)) or conversion:
            text += format(str(value) if conversion else value, spec or "")
        else:
            if text:
                pieces.append(text)
            pieces.append(value)
            text = ""
    if text:
        pieces.append(text)
    return tuple(pieces)


def claim_words(text: str) -> str:
    """A lecturer's own words (a claim's title, statement, source), passed on as written."""
    return _CLAIM_OPEN + text + _CLAIM_CLOSE if _TRACING.get() and text else text


def game_words(text: str) -> str:
    """A game's words about itself (its name, a move, its rules), from the catalogue."""
    return claim_words(text)


def strip_marks(text: str) -> str:
    """``text`` without the tracing marks (a test that compares words uses it)."""
    return _MARKS.sub("", text)


def unmarked_words(text: str) -> str:
    """What is left of ``text`` once every marked run is taken out, if it holds a letter
    ('' when only numbers, single letters, symbols and punctuation are left: those are
    mathematics)."""
    rest = text
    while True:
        shorter = _MARKED.sub(" ", rest)
        if shorter == rest:
            break
        rest = shorter
    rest = " ".join(_MARKS.sub(" ", rest).split())
    # A single letter is mathematics (a variable, P or N); a word is not.
    return rest if re.search(r"[^\W\d_]{2,}", rest) else ""


# -- The sentences ---------------------------------------------------------------------
# Keys are grouped by where they are said; a blank ({scope}) is filled by the caller.

SENTENCES: dict[str, str] = {
    # The verdict of a statement, starting with its word (grundy.verdict.Word).
    "verdict.label": "Verdict:",
    "verdict.proved-every": "Proved for every {scope}.",
    "verdict.proved-nobound": "Proved for every case, with no bound.",
    "verdict.checked-directly": "Checked directly.",
    "verdict.checked-single": "Checked for a single case.",
    "verdict.checked-every": "Checked for every {scope}.",
    "verdict.checked-for": "Checked for {scope}.",
    "verdict.checked-with": "Checked for every case with {scope}.",
    "verdict.checked-colon": "Checked for every case: {scope}.",
    "verdict.assuming": "{verdict} It uses {lemmas}.",
    "verdict.tested": (
        "Tested: it held in each of {cases} chosen at random{where}, which is "
        "evidence, not a proof."
    ),
    "verdict.tested-cases": "{count} cases",
    "verdict.tested-many": "many cases",
    "verdict.tested-where": " ({scope})",
    "verdict.refuted": "Refuted: the counterexample below breaks it.",
    "verdict.unknown": (
        "Unknown: the check stopped before it could decide, so nothing is claimed here."
    ),
    "verdict.error": "Not checked: the statement could not be read as written.",
    # The lemmas a proof uses.
    "lemma.quoted": "“{title}”",
    "lemma.proved-every": "{name} (proved for every {scope})",
    "lemma.proved-nobound": "{name} (proved with no bound)",
    "lemma.checked": "{name} (checked for {scope})",
    "lemma.checked-here": "{name} (checked for {scope}; the case needed here was checked too)",
    "lemma.proved-here": "{name} (proved for every {scope}; the case needed here was checked too)",
    "lemma.nobound-here": "{name} (proved with no bound; the case needed here was checked too)",
    "lemma.together": "{names}, each proved with no bound",
    "lemma.paper": "{step} (an argument on paper)",
    "lemma.quotient": ("the misère quotient of {game} for heaps up to {upto} ({size} elements)"),
    "list.and": " and ",
    "list.comma": ", ",
    "list.semicolon-and": "; and ",
    "list.semicolon": "; ",
    # Steps argued on paper.
    "paper.sentence": " Argued on paper, not by machine: {steps}.",
    "paper.other": "a step of “{title}”, argued on paper there",
    "paper.step": "a step argued on paper",
    "paper.count": "† {count} {proofs} on a step argued on paper, not checked by machine.",
    "paper.one": "proof rests",
    "paper.many": "proofs rest",
    # Misère play.
    "misere.line": "In misère play: the player who makes the last move loses.",
    "play.normal": "normal play",
    "play.misere": "misère play",
    "play.both": "normal and misère play",
    "picture.in-play": "{play}: {caption}",
    "picture.play-normal": "Normal play",
    "picture.play-misere": "Misère play",
    "evidence.in-play": "{title}, in {play}",
    # A statement.
    "statement.in-words": "In words: ",
    "statement.here": "Here ",
    "statement.is": " is {words}.",
    "notation.ones": "the number of 1s among the binary digits of x",
    "notation.win": "the set of positions that a winning move from p leads to",
    # A theorem's proof in prose (Theorem.proof), printed above its verdict.
    "proof.label": "Proof.",
    # A claim's section.
    "claim.source": " Source: {source}.",
    "claim.news-label": "News:",
    "claim.news": " this settles a question marked open.",
    "claim.mistake": "A plausible mistake: {title}",
    "claim.answer": "Answer: in ",
    "claim.answers-link": "the answers",
    "answers.for": "For ",
    "answers.title": "Answers to the exercises",
    # The summary.
    "summary.title": "Summary",
    "summary.legend": (
        "Proved: true in every case, with no bound. Checked: true in every case of the "
        "finite range shown beside it, each case checked. Tested: tried on many cases "
        "chosen at random with no counterexample found, which is evidence, not a proof. "
        "Refuted: a counterexample is shown. Unknown: the check stopped before it could "
        "decide."
    ),
    "summary.topic": "topic",
    "summary.statement": "statement",
    "summary.verdict": "verdict",
    "summary.for": "for",
    "summary.exercise-one": "Exercise {numbers} is in ",
    "summary.exercise-many": "Exercises {numbers} are in ",
    "summary.exercises-link": "the exercises",
    "summary.exercises-answers": ", with their answers at the end.",
    "beyond.title": "Beyond the course",
    "beyond.sentence": (
        "The statements below go further than the course's notes (their sources are named "
        "with each); they are not needed for the exercises."
    ),
    "summary.left-out-one": (
        "{count} deliberately false statement is left out of these notes; the record has it."
    ),
    "summary.left-out-many": (
        "{count} deliberately false statements are left out of these notes; the record has them."
    ),
    "word.proved": "proved",
    "word.checked": "checked",
    "word.tested": "tested",
    "word.refuted": "refuted",
    "word.unknown": "unknown",
    "word.error": "error",
    "reach.every": "every {scope}",
    "reach.every-case": "every case",
    "reach.single": "a single case",
    "reach.random": "{cases} cases chosen at random",
    "reach.random-some": "cases chosen at random",
    "reach.counterexample": "a counterexample",
    # The topics, in the course's order (grundy.report.topics).
    "topic.take-away": "The take-away game",
    "topic.labelling": "P-positions, N-positions and the labelling rules",
    "topic.chomp": "Chomp",
    "topic.nim": "One- and two-pile Nim",
    "topic.nim-sum": "Nimbers and nim-addition",
    "topic.bouton": "Bouton's theorem and winning moves",
    "topic.exercises": "Exercises on nim-sums",
    "topic.beer-can": "Mirroring on a board: the beer-can game",
    "topic.sums": "Sums of games and the Sprague-Grundy theorem",
    "topic.grundys-game": "Grundy's game",
    "topic.lucky-nim": "Lucky Nim",
    "topic.euclid": "Euclid's game",
    "topic.gale-nim": "Gale's Nim",
    "topic.hackenbush": "Green Hackenbush",
    "topic.octal": "Kayles, Dawson's Kayles and other heap games",
    "topic.subtraction": "Subtraction games",
    "topic.wythoff": "Wythoff's game",
    "topic.misere": "Misère Nim",
    "topic.moore-nim": "Moore's Nim",
    "topic.poset": "Poset games",
    "topic.other": "Other statements",
    # A counterexample.
    "counterexample.label": "Counterexample:",
    "counterexample.label-not-least": "A counterexample (not shown to be the least):",
    "counterexample.below": "drawn below",
    "counterexample.there": ". There ",
    "counterexample.position": "the position {position}",
    "counterexample.outcome": "the position is an {outcome}-position",
    "counterexample.grundy": "its Grundy value is {value}",
    "counterexample.caption": "The counterexample",
    "counterexample.caption-why": "The counterexample: {why}",
    "counterexample.taken": "; in colour, the counters the winning move takes",
    # Pictures (their text for a reader who cannot see them).
    "picture.heaps": "heaps of sizes {sizes}",
    "picture.taken": "; coloured: the counters a move takes ({moves})",
    "picture.taken-from": "{count} from heap {heap}",
    "picture.chomp-board": (
        "a board with rows of {rows} squares from the bottom up, the poisoned square at the "
        "bottom left; winning bites: {bites}"
    ),
    "picture.none": "none",
    "picture.pins": "rows of {rows} pins",
    # The definitions part (grundy.report.definitions), in the order a course meets them.
    "definitions.title": "Definitions and rules",
    "definitions.intro": ("The terms and the rules used below, each stated before it is needed."),
    "definitions.rules-of": "The rules of {game}.",
    "term.game": "Impartial game",
    "define.game": (
        "Two players take turns, and at every stage both are allowed exactly the same "
        "actions: whose turn it is changes nothing about what may be done. Unless said "
        "otherwise, every game here ends after finitely many turns, whatever the players "
        "do."
    ),
    "term.position": "Position",
    "define.position": (
        "A position is a state of the game: what is on the table, whoever's turn it is. "
        "Positions are written in brackets, for instance (3, 4, 5) for Nim with heaps of "
        "3, 4 and 5."
    ),
    "term.move": "Move and option",
    "define.move": (
        "A move takes a position to another one by the rules; the positions one move "
        "away are the options of the position."
    ),
    "term.terminal": "Terminal position",
    "define.terminal": "A position with no move at all is terminal.",
    "term.play": "Normal and misère play",
    "define.play": (
        "In normal play the player who makes the last move wins (a player who cannot "
        "move loses). In misère play the player who makes the last move loses. "
        "Statements are about normal play unless they say misère."
    ),
    "term.outcome": "P-position and N-position",
    "define.outcome": (
        "A position is an N-position if the player about to move (the next player) can "
        "force a win, and a P-position if the other one (the previous player) can. 𝒫 "
        "and 𝒩 are the sets of P- and N-positions. The labelling rules decide them: a "
        "terminal position is P in normal play; a position is N when some move leads to "
        "a P-position; it is P when every move leads to an N-position."
    ),
    "term.misere-sets": "Misère P-positions",
    "define.misere-sets": (
        "𝒫⁻ and 𝒩⁻ are the P- and N-positions of misère play, where the player who "
        "makes the last move loses."
    ),
    "term.mex": "Mex",
    "define.mex": (
        "The mex (minimum excluded number) of a finite set of whole numbers is the "
        "smallest whole number not in it: mex{{0, 1, 3}} = 2 and mex{{}} = 0."
    ),
    "term.grundy": "Grundy value",
    "define.grundy": (
        "The Grundy value G(x) of a position x is the mex of the Grundy values of its "
        "options, so a terminal position has value 0. The nimber *n is the value of a "
        "single Nim heap of n. A position is a P-position exactly when its value is 0."
    ),
    "term.nim-sum": "Nim-sum",
    "define.nim-sum": (
        "The nim-sum a ⊕ b of two whole numbers is found by writing both in binary and "
        "adding each column without carrying (1 + 1 gives 0). It is commutative and "
        "associative, 0 changes nothing, and a ⊕ a = 0."
    ),
    "term.sum": "Sum of games",
    "define.sum": (
        "The sum G + H of two games is played with both side by side: on a turn a "
        "player moves in exactly one of them. The sum ends when neither has a move."
    ),
    "term.equivalence": "Equivalent games",
    "define.equivalence": (
        "Two games G and H are equivalent, written G = H, when G + X and H + X have the "
        "same outcome for every game X. A game is equivalent to 0 exactly when it is a "
        "P-position, and G = H exactly when G + H is a P-position."
    ),
    "term.birthday": "Birthday",
    "define.birthday": (
        "Write a game as the set of its options, each again such a set (a form). Its "
        "birthday is 0 for the game with no options, and otherwise one more than the "
        "largest birthday of its options; a game is born by day n when its birthday is at "
        "most n. Each day has finitely many forms: 1, 2, 4 and 16 born by days 0 to 3, and "
        "65,536 by day 4, so a statement about every form born by day 3 can be checked "
        "one form at a time. An induction on the birthday proves a statement for a game "
        "once it holds for all of the game's options."
    ),
    "term.draw": "Loopy games and draws",
    "define.draw": (
        "A loopy game may come back to a position it has been in, so play need not "
        "end. A position is a draw when neither player can force a win, so best play "
        "goes on for ever. A position of a loopy game with no finite Grundy value has the "
        "value ∞_K, where K is the set of finite values among its options: it is an "
        "N-position when 0 is in K and a draw otherwise."
    ),
    "term.lucky-notation": "Lucky Nim notation",
    "define.lucky-notation": (
        "With m < n the numbers of Lucky Nim, M = m + n is the length of a block, and "
        "the heaps 1 to M, M + 1 to 2M, ... form blocks 0, 1, ...; a heap k = pM + r "
        "lies in block p with remainder r (1 ≤ r ≤ M). Ω(k) is 1 when k lies in an "
        "even-numbered block and 0 otherwise (Ω(0) = 0). W(k) is the set of numbers that "
        "win for the player to move on heap k, F(k) the numbers that change Ω of heap "
        "k whatever the other player writes, and A(k) the other player's winning "
        "answers."
    ),
    # Worked examples, tables and pictures beside the statements (grundy.report.evidence*).
    "table.sum": "sum",
    "table.powers": "as powers of two",
    "table.value": "value",
    "table.position": "position",
    "table.from": "from",
    "table.count": "number of winning moves",
    "table.winning-moves": "winning moves",
    "table.play": "play",
    "table.p-upto": "P-positions up to {upto}",
    "table.start-is": "{chips} chips is",
    "table.moves-from": "winning moves from {chips}",
    "table.k": "k",
    "table.wythoff-pair": "P-position (a, b)",
    "table.floor-phi": "⌊kφ⌋",
    "table.floor-phi2": "⌊kφ²⌋",
    "table.board": "board",
    "table.bites": "winning bites (row, column)",
    "table.bite-count": "number",
    "table.picture": "picture",
    "table.edges": "edges (0 is the ground)",
    "table.snake": "equivalent snake",
    "nim-addition.title": "Nim-addition table for *0 to *15",
    "nim-addition.intro": (
        "Handout 17, exercise 1. The entry in row {a} and column {b} is their nim-sum: "
        "the Grundy value of the Nim position {ab} with two heaps. The table is {remarks}."
    ),
    "nim-addition.symmetric": "symmetric, as nim-addition is commutative",
    "nim-addition.not-symmetric": "not symmetric",
    "nim-addition.diagonal": "zero on the diagonal, as G + G = 0",
    "nim-addition.not-diagonal": "not zero on the diagonal",
    "nim-addition.closed": "closed: every entry is again one of *0, ..., *15",
    "nim-addition.not-closed": "not closed",
    "nim-addition.caption": "*a + *b, the Grundy value of the Nim position (a, b)",
    "nim-worked.title": "The handout's worked nim-sums",
    "nim-worked.intro": (
        "A sum of nimbers is the Nim position with those heaps, and its value is the "
        "Grundy value of that position. The middle column writes each heap as a sum of "
        "distinct powers of two, as the handout does: equal powers cancel in pairs, and "
        "what is left adds up to the value."
    ),
    "nim-moves.title": "Winning moves: the handout's example and exercise 4",
    "nim-moves.intro": (
        "Every winning move, that is every move to a position of value {zero}. The "
        "handout's recipe: nim-add the value of the position to each heap, and play in a "
        "heap that gets smaller. The binary columns below show why only a heap with a 1 "
        "in the leading column of the nim-sum will do."
    ),
    "nim-moves.leaving": "{move}, leaving {position}",
    "nim-moves.none": "none: it is a P-position",
    "nim-moves.example": "worked example",
    "nim-moves.exercise": "exercise 4",
    "take-away.title": "Take-away game: P-positions",
    "take-away.intro": (
        "The take-away game of the slides: a move removes 1, 2 or 3 chips. The coloured "
        "cells are the P-positions (the previous player wins) for each size of the pile, "
        "in normal play (the last mover wins) and in misère play (the last mover loses). "
        "The outlined column is the start with {chips} chips."
    ),
    "take-away.caption": "Take-away game (remove 1, 2 or 3): P-positions in normal and misère play",
    "take-away.normal": "normal",
    "take-away.misere": "misère",
    "take-away.start": (
        "The start with {chips} chips; in colour, the chips that the winning move of normal "
        "play takes: {move}"
    ),
    "two-pile.title": "One- and two-pile Nim: P-positions",
    "two-pile.intro": (
        "The outcomes of the Nim positions (a, b) with a, b < {size}: {diagonal}; {single}. "
        "The strategy behind it is mirroring: faced with two unequal piles, make them equal."
    ),
    "two-pile.diagonal": "every P-position lies on the diagonal a = b",
    "two-pile.off-diagonal": "there are P-positions off the diagonal, {pairs}",
    "two-pile.single-n": "every one-pile position (x) with x > 0 is an N-position",
    "two-pile.single-p": "the one-pile P-positions are {heaps}",
    "two-pile.caption": "Two-pile Nim: the P-positions (coloured) among (a, b), 0 ≤ a, b ≤ 15",
    "two-pile.title-misere": "One- and two-pile Nim in misère play: P-positions",
    "two-pile.intro-misere": (
        "The outcomes of the Nim positions (a, b) with a, b < {size} in misère play, where "
        "the player who makes the last move loses: {diagonal}; {single}."
    ),
    "two-pile.diagonal-n": "the positions {pairs} on the diagonal are N-positions",
    "two-pile.caption-misere": (
        "Two-pile Nim in misère play: the P-positions (coloured) among (a, b), 0 ≤ a, b ≤ 15"
    ),
    "axis.first-pile": "first pile a",
    "axis.second-pile": "second pile b",
    "axis.first-heap": "first heap a",
    "axis.second-heap": "second heap b",
    "axis.in-game": "{letter} in {game}",
    "axis.heap": "heap n",
    "axis.value": "Grundy value G(n)",
    "wythoff.title": "Wythoff's game: P-positions and the golden ratio",
    "wythoff.intro": (
        "The P-positions (a, b) of Wythoff's game with a, b ≤ 40, drawn with the lines "
        "{steep} and {shallow}, where {phi}. Set beside {formula}, the {count} pairs with "
        "a ≤ b {verdict}; the table shows the first {shown}."
    ),
    "wythoff.agree": "all agree with Wythoff's formula",
    "wythoff.differ": "do not all agree with Wythoff's formula",
    "wythoff.caption": "Wythoff's game: P-positions (coloured) with a, b ≤ 40",
    "sequence.title": "{game}: its Grundy values",
    "sequence.caption": "{game}: G(n) for n ≤ {upto}",
    "sequence.kayles": (
        "Kayles (the octal game 0.77): a move knocks down one pin or two neighbouring pins "
        "of a row, which may split the row in two."
    ),
    "sequence.dawsons-kayles": (
        "Dawson's Kayles (the octal game 0.07): a move knocks down exactly two neighbouring pins."
    ),
    "sequence.grundys-game": (
        "Grundy's game: a move splits one heap into two heaps of different sizes."
    ),
    "sequence.game": "{game}: the value G(n) of a single heap of n, for every n shown.",
    "sequence.no-period": "The values G(0) to G({upto}) show no period in that range.",
    "sequence.period": (
        "Among the values G(0) to G({upto}), from n₀ = {preperiod} on, the values repeat "
        "with period {period}."
    ),
    "sequence.proved": (
        " The repetition holds for every n from s = {start} up to {bound}; by {theorem}, "
        "that is enough for the period to go on for every n ≥ n₀."
    ),
    "sequence.octal-bound": (
        "2s + p + t − 1 = {last}, where t = {reach} is the most tokens a move removes"
    ),
    "sequence.octal-theorem": "the periodicity theorem for octal games (Guy and Smith)",
    "sequence.subtraction-bound": (
        "s + m − 1 = {last}, where m = {reach} is the largest number a move removes"
    ),
    "sequence.subtraction-theorem": "the periodicity theorem for subtraction games",
    "sequence.not-proved": (" These values alone do not show that the period goes on for ever."),
    "sequence.one-period": "One period, starting at n₀: {values}.",
    "sequence.first": "The values G(0), G(1), ..., G(39): {values}.",
    "sequence.zeros": "The P-positions (value 0) among the heaps up to 59: {values}.",
    "chomp.title": "Chomp: winning bites",
    "chomp.poisoned": "; the poisoned square (×) is at the bottom left",
    "chomp.intro": (
        "Each board is drawn as in the slides: the poisoned square (×) at the bottom left "
        "and each row on top of the one before; a bite at a square eats it and every "
        "square above it and to its right. A dot marks each winning bite, and the shaded "
        "part is what the first of them eats. A square (row, column) is counted from 1 at "
        "the poisoned square, rows from the bottom and columns from the left."
    ),
    "chomp.squares-caption": (
        "Square boards of Chomp and their winning bites; the poisoned square (×) is at the "
        "bottom left"
    ),
    "chomp.squares": (
        "On every square board the only winning bite is (2,2). It leaves an L with two "
        "equal arms, and from then on the second player answers each bite with the same "
        "bite on the other arm; the L (4,1,1,1) left on the 4×4 board is a "
        "{outcome}-position. Strategy stealing shows that every rectangle with more than "
        "one square is an N-position, without saying which bite wins; the winning bites "
        "of a few rectangles:"
    ),
    "chomp.rectangles-caption": (
        "Rectangular boards of Chomp and their winning bites; the poisoned square (×) is "
        "at the bottom left"
    ),
    "hackenbush.title": "Green Hackenbush: pictures and their snakes",
    "hackenbush.intro": (
        "Each picture stands on the ground line. A move deletes one edge, together with "
        "everything no longer joined to the ground. Beside each picture is the snake (a "
        "single path of edges) it is equivalent to: the length of the snake is the Grundy "
        "value of the picture."
    ),
    "hackenbush.caption": "Green Hackenbush pictures and their snakes",
    "hackenbush.snake": "a snake of three",
    "hackenbush.fork": "a fork",
    "hackenbush.tree": "a tree",
    "hackenbush.triangle": "a triangle",
    "hackenbush.house": "a house",
    "hackenbush.tent": "a tent with a flag",
    "hackenbush.one": (
        "The picture stands on the ground (vertex 0); beside it is the snake with the same "
        "value, *{value}."
    ),
    "hackenbush.picture": "the picture {edges}",
    "hackenbush.big-picture": "a picture of {count} edges",
    "hackenbush.and-snake": "The picture and its snake",
    "hackenbush.edges": "Edges: {edges}.",
    "lucky.title": "Lucky Nim: block colouring",
    "lucky.intro": (
        "Lucky Nim with m = {m}, n = {n}: for a single heap of k counters (k ≤ {upto}) the "
        "strip shows 1 where the player to move can force a win (an N-position) and 0 "
        "where not, worked out from the rules. Lines mark the blocks of m + n = {block} "
        "heaps, starting at 1. The notes colour each heap by the parity of its block, and "
        "a position is won by the next player exactly when the colours of its heaps add "
        "up to an odd number. The strip {verdict}."
    ),
    "lucky.agree": "agrees with the block value Ω(k) of the notes at every k shown",
    "lucky.disagree": "disagrees with the block value Ω(k) of the notes somewhere: see the strip",
    "lucky.caption": "Lucky Nim (m = {m}, n = {n}): single heaps won by the player to move",
    "lucky.name": "Lucky Nim with m = {m}, n = {n}",
    "sum.title": "The sum {game}: positions and P-positions",
    "sum.intro": (
        "A position of {game} is a pair (a, b): a in {first} and b in {second}. A move is "
        "a move in exactly one of the two games. By the Sprague-Grundy theorem the value "
        "of the pair is the nim-sum of the two values, so it is a P-position exactly when "
        "the two values are equal."
    ),
    "sum.position": (
        "The position ({a}, {b}) of {game}: {a} in {first} beside {b} in {second}. Its value "
        "is G({a}) ⊕ G({b}) = {va} ⊕ {vb} = {value}, so it is {verdict}."
    ),
    "sum.p": "a P-position: the second player wins",
    "sum.n": "an N-position",
    "sum.grid": (
        "{game}: P-positions (coloured) among (a, b), 0 ≤ a, b ≤ {last}; a P-position is "
        "exactly where the two values agree"
    ),
    "sum.values": "The values of {first}, {range}: {firsts}. The values of {second}: {seconds}.",
    "sum.part": "{size} in {game}",
    "picture.sum": "one position of the sum, drawn part by part: {parts}",
    "picture.strip-row": "{play}: P-positions at {positions}",
    "picture.grid": "a {size} by {size} grid with {count} P-positions coloured",
    "picture.graph": (
        "a graph with the edges {edges}; the outcome of one token on each vertex: {outcomes}"
    ),
    "graph.title": "The graph and its outcomes",
    "graph.intro": (
        "A token moves along an arrow; a player who cannot move loses. Each vertex is "
        "coloured by the outcome of a single token on it: P, N, or D for a draw, where "
        "neither player can force a win, so with best play the game goes on for ever."
    ),
    "graph.caption": "The graph: P-, N- and D-positions (D: a draw) of one token",
    "graph.caption-tokens": "The graph, with the tokens of the counterexample ringed",
    "notation.draw": (
        "the set of draws: positions where neither player can force a win, so that with "
        "best play the game goes on for ever"
    ),
    "picture.hackenbush": "a picture with edges {edges}, of value *{value}",
    "picture.hackenbush-edges": "a picture with edges {edges}",
    "picture.sequence": "{game}: the values G(0), G(1), ... are {values}, ...",
    "picture.strip": "{game}: the values {values}",
    # A plausible mistake, explained from the rules.
    "mistake.why": "Why it fails:",
    "mistake.misere": " in misère play",
    "mistake.value": " Its Grundy value is {value}.",
    "mistake.no-move-wins": (
        "{position} is an N-position{play}: the player to move has no move there, and in "
        "misère play that player wins.{value}"
    ),
    "mistake.wins-with": (
        "{position} is an N-position{play}: the player to move wins with {moves}, which "
        "leaves a P-position.{value}"
    ),
    "mistake.no-move-loses": (
        "{position} is a P-position{play}: the player to move has no move and loses.{value}"
    ),
    "mistake.every-move-loses": (
        "{position} is a P-position{play}: every move from it leaves an N-position, so the "
        "player to move loses.{value}"
    ),
    "mistake.the-move": "the move {move}",
    "mistake.any-move": "any of the moves {moves}{more}",
    "mistake.more": " (or {count} more)",
    "mistake.move-to": "{move}, to {position}",
    # The topic of a lecturer's own game (grundy.report.gameevidence).
    "game-topic.numbers": "Statements about whole numbers",
    "game-topic.sum": "The sum {game}",
    "game-topic.subtraction": "The subtraction game {game}",
    "game-topic.graph": "Tokens on the graph with edges {edges}",
    "game-topic.lucky": "Lucky Nim, numbers from {m} to {n}",
    "game-topic.hackenbush": "Green Hackenbush, {picture}",
    "game-topic.with": "{game} ({settings})",
    "game-topic.family": "{game}{options}, for each {values}",
    "game-topic.options": " with {options}",
    # The course documents, by title.
    "sources.sentence": (
        "Sources: the slides are “Mathematical Games I”; Legner is P. Legner, “Analysis "
        "of the Game of Nim and some interesting Variants”; Handout 17 is “Impartial "
        "Games (Nim)”; the notes are “Nim / Hackenbush / abstract impartial games”."
    ),
    # Two-pile Nim drawn for claims: the piles carry the claims' own names (x, y), or
    # plain words when the picture serves claims that name them differently.
    "two-pile.positions-named": "the Nim positions ({x}, {y}) with {x}, {y} < {size}",
    "two-pile.positions-generic": (
        "the Nim positions of two piles of fewer than {size} counters each"
    ),
    "two-pile.intro-of": (
        "The outcomes of {positions}: {diagonal}; {single}. The strategy behind it is "
        "mirroring: faced with two unequal piles, make them equal."
    ),
    "two-pile.intro-misere-of": (
        "The outcomes of {positions} in misère play, where the player who makes the last "
        "move loses: {diagonal}; {single}."
    ),
    "two-pile.diagonal-named": "every P-position lies on the diagonal {x} = {y}",
    "two-pile.diagonal-generic": "every P-position has its two piles equal",
    "two-pile.among-named": "({x}, {y}), 0 ≤ {x}, {y} ≤ {last}",
    "two-pile.among-generic": "the positions with both piles from 0 to {last}",
    "two-pile.caption-of": "Two-pile Nim: the P-positions (coloured) among {among}",
    "two-pile.caption-misere-of": (
        "Two-pile Nim in misère play: the P-positions (coloured) among {among}"
    ),
    "axis.pile-named": "{pile} pile {name}",
    "axis.pile-generic": "the {pile} pile",
    "axis.first": "first",
    "axis.second": "second",
}
