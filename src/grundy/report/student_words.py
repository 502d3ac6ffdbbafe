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

from grundy.report.student_words_evidence import EVIDENCE_SENTENCES

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


def cut_marked(text: str, start: int, end: int) -> tuple[str, str]:
    """``text[:start]`` and ``text[end:]`` with their tracing marks balanced: a sentence
    cut in two (a long paragraph going on over a second slide) is still marked, in both
    halves, as coming from where it came from."""
    head, tail = text[:start], text[end:]
    closing = {_OPEN: _CLOSE, _CLAIM_OPEN: _CLAIM_CLOSE}
    still_open = ""
    for char in head:
        if char in closing:
            still_open = char
        elif char in (_CLOSE, _CLAIM_CLOSE):
            still_open = ""
    if still_open:
        return head + closing[still_open], still_open + tail
    return head, tail


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
# The sentences of the worked examples, tables and pictures are in a sibling module
# (student_words_evidence), merged in below.

_OWN: dict[str, str] = {
    # The verdict of a statement, starting with its word (grundy.verdict.Word).
    "verdict.label": "Verdict:",
    # The writers' own words: the contents' heading, a note in the record.
    "writer.contents": "Contents",
    "writer.note": "Note:",
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
    "lemma.period": "the Grundy values of {game} repeat with period {period} from {start}",
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
    "claim.source-ended": " Source: {source}",
    "claim.news-label": "News:",
    "claim.news": " this settles a question marked open.",
    "claim.mistake": "A plausible mistake: {title}",
    # Exercises: asked in a part of their own, answered at the end (grundy.report.exercises).
    "exercises.title": "Exercises",
    "exercise.title": "Exercise {number}: {title}",
    "exercise.number": "Exercise {number}",
    "exercise.scope": " for {scope}",
    "exercise.ask-decide": (
        "True or false{scope}? If it is true, say why; if it is false, give a counterexample."
    ),
    "exercise.ask-prove": "Show that the following holds{scope}.",
    "exercise.ask-find": "Work out the following{scope}.",
    "exercise.answer-in": "Answer: in ",
    "exercise.answers-link": "the answers",
    "answers.title": "Answers to the exercises",
    "answers.for": "For ",
    "answer.label": "Answer:",
    "answer.true": " True. {how}",
    "answer.true-in-range": " True in every case of the range asked about. {how}",
    "answer.probably": " Probably true, but not shown: {how}",
    "answer.false": " False. {how}",
    "answer.undecided": " Not decided. {how}",
    "answer.false-as-set": " the statement is false as set. {how}",
    "answer.shown-label": "What was shown:",
    # The argument a proof by the labelling rules carried out, told when the claim has no
    # proof of its own (grundy.report.exercises.why_blocks).
    "answer.why-label": "Why:",
    "answer.why-labelling": (
        " Take the positions the statement calls P-positions. Every move brings the game "
        "nearer its end, so play always ends. A position with no move is one of them. No "
        "move leads from one of these positions to another of them, and from every other "
        "position with a move, some move leads to one of them. By the labelling rules, "
        "they are then exactly the P-positions."
    ),
    "answer.worked-title": "{title}.",
    "answer.source": "Source: {source}.",
    "answer.source-ended": "Source: {source}",
    # The worksheet and the answers, handed out on their own (grundy.report.worksheet).
    "worksheet.title": "{title} — worksheet",
    "worksheet.answers-title": "{title} — answers",
    "worksheet.how-title": "How to use this sheet",
    "worksheet.how": (
        "Write your answer in the space under each exercise. The exercises are numbered as "
        "in the handout; their answers are handed out separately."
    ),
    "worksheet.your-answer": "Your answer:",
    # The title of a handout nobody named (grundy.report.titles, grundy.cli.report).
    "title.untitled": "Statements",
    "title.library": "Impartial games: the course's theorems, checked",
    "title.week": "week {week}",
    # The slides made from the handout (grundy.report.slides).
    "slide.question": "True or false?",
    "slide.continued": "{title} (continued)",
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
    "summary.beyond-topic": "Beyond the course: {topic}",
    "summary.exercise-one": "Exercise {numbers} is in ",
    "summary.exercise-many": "Exercises {numbers} are in ",
    "summary.exercises-link": "the exercises",
    "summary.exercises-answers": "; the answers are at the end.",
    "beyond.title": "Beyond the course",
    "beyond.sentence": (
        "The statements below go further than the course's notes (their sources are named "
        "with each); they are not needed for the exercises."
    ),
    "summary.left-out-one": ("{count} deliberately false statement is left out of these notes."),
    "summary.left-out-many": ("{count} deliberately false statements are left out of these notes."),
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
        "a P-position; it is P when every move leads to an N-position. We write o(x) "
        "for the outcome of a position x: P or N."
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
        "The sum G + H of two games is played with the two games side by side: on a "
        "turn a player moves in exactly one of them. The sum ends when neither has a move."
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
        "value $\\infty_K$, where K is the set of finite values among its options: it is an "
        "N-position when 0 is in K and a draw otherwise. The outcome o(x) of a draw x "
        "is D, and 𝒟 is the set of draws."
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
    # A plausible mistake's counterexample told as play, in one sentence.
    "story.at": "At {position}",
    "story.one-heap": "With a single heap of {size}",
    "story.heaps": "With heaps {sizes} and {last}",
    "story.parts": "With {parts} and {last}",
    "story.token": "With the token on vertex {vertex}",
    "story.tokens": "With tokens on vertices {vertices} and {last}",
    "story.misere": " (misère play)",
    "story.no-move-wins": (
        "{where}{play}, the player to move has no move there, and in misère play that player wins"
    ),
    "story.wins-by": "{where}{play}, the player to move wins: {move}, which leaves a P-position",
    "story.wins-with": (
        "{where}{play}, the player to move wins with {moves}, which leaves a P-position"
    ),
    "story.no-move-loses": "{where}{play}, the player to move has no move and loses",
    "story.every-move-loses": (
        "{where}{play}, the player to move loses: every move leaves an N-position"
    ),
    "story.draw": (
        "{where}{play}, neither player can force a win: with best play the game goes on for"
        " ever, a draw"
    ),
    "story.while": "{story}, while {other}",
    "story.fails": "{story}; the statement is false there, so the rule fails.",
    # A student has no record to look in: the other counterexample is named here.
    "story.chosen": "This counterexample was chosen to teach with; it is not the least one.",
    "story.chosen-another": "This counterexample was chosen to teach with; there are others.",
    "story.chosen-another-named": (
        "This counterexample was chosen to teach with; another one is {position}."
    ),
    "story.chosen-named": (
        "This counterexample was chosen to teach with; the least one of all is {position}."
    ),
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


def _merged(*parts: dict[str, str]) -> dict[str, str]:
    """The sentences of every part in one dict; a key said twice is a mistake here."""
    merged: dict[str, str] = {}
    for part in parts:
        twice = merged.keys() & part.keys()
        if twice:
            raise ValueError(f"sentences given twice: {sorted(twice)}")
        merged.update(part)
    return merged


SENTENCES: dict[str, str] = _merged(_OWN, EVIDENCE_SENTENCES)
