"""The P/N labelling rules of the slides (seed 000), on every game of the catalogue.

The rules: (1) a terminal position is P (in normal play; N in misère play); (2) a position
is N when some move leads to a P-position; (3) a position is P when every move leads to an
N-position.  So every position of a finite game gets exactly one label.

Here the labels are computed independently of the solver: every position reachable from a
few start positions is listed with its moves (exact positions, no canonical forms, no
Grundy values) and labelled by backward induction, options before the position.  Each
label is then checked against the rules and against the exact solver's outcome, in normal
and misère play: a plain solver's, which searches outcomes from the rules
(:mod:`grundy.solve.outcome_search`) and so rests on no theorem of the library (neither
"value 0 exactly at P-positions" nor the sum rule).  Every game of
``grundy.games.catalogue()`` with a move graph must have a domain below: a game added
later without one makes the theorem an error, not a silent skip.  Lucky Nim, whose turns
are simultaneous choices, has no moves to label; its own
rules of the same kind are what :mod:`grundy.solve.lucky_nim` computes.  A random part
draws games with random options and positions (``grundy.strategies``) beyond the domains.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from grundy.declare import listing, mutant, section, theorem
from grundy.errors import ClaimError, GameNotFiniteError
from grundy.games.base import Game
from grundy.games.catalogue import catalogue, create_game
from grundy.games.loopy_base import LoopyGame
from grundy.library import CheckSettings
from grundy.solve.solver import Outcome, Play, Solver
from grundy.strategies import games_and_positions
from grundy.tasks import Part, Split
from grundy.verdict import Status, Verdict, combine_verdicts
from grundy.verify.exhaustive import check_exhaustive
from grundy.verify.random_search import search_random

# The proof a lecturer gives in class (Theorem.proof): the handout prints it.
LABELLING_PROOF = (
    "Every game here ends, so induction on the length of the longest play from a "
    "position works. A terminal position gets its label from the first rule: P in normal "
    "play, where the player to move cannot move and has lost, and N in misère play. "
    "Otherwise every option is closer to the end, so by induction each option has exactly "
    "one label, and exactly one of 'some option is P' and 'every option is N' holds: the "
    "position gets exactly one label. The label is right. If some option y is P, the "
    "player to move goes to y and leaves the opponent to move from a P-position, which by "
    "induction the opponent loses. If every option is N, whatever the player to move does, "
    "the opponent is to move from an N-position and wins."
)


SOURCE = "000 Mathematical Games I, P-positions and N-positions (labelling rules (1)-(3))"
TAGS = ("labelling-rules", "every-game")

# Options and start positions (as data for ``from_value``) for each catalogue name; the
# domain is everything reachable from the starts.  (quick, full) pairs of start lists.
Domain = tuple[Mapping[str, Any], list[Any], list[Any]]

DOMAINS: dict[str, list[Domain]] = {
    "nim": [({}, [[3, 3, 3]], [[4, 4, 4], [2, 2, 2, 2]])],
    "subtraction": [
        ({"set": [1, 3, 4]}, [[12]], [[25], [9, 7]]),
        ({"set": [2, 5]}, [[9, 4]], [[14, 11]]),
    ],
    "take-away": [({}, [[21]], [[21], [9, 6]])],  # the slides' 21 chips
    "octal": [
        ({"code": "4.7"}, [[6]], [[9], [5, 3]]),
        ({"code": "0.51"}, [[8]], [[12], [6, 5]]),
    ],
    "kayles": [({}, [[7]], [[10], [5, 4]])],
    "dawsons-kayles": [({}, [[9]], [[13]])],
    "dawsons-chess": [({}, [[9]], [[13]])],
    "grundys-game": [({}, [[9]], [[13]])],
    "chomp": [({}, [[3, 3, 3]], [[4, 4, 4, 4], [6, 3, 2]])],
    "poset": [
        ({"relations": "0<1,0<2,1<3,2<3"}, [[0, 1, 2, 3]], [[0, 1, 2, 3]]),
        ({"relations": "0,1,2,3,4,0<2,1<2,2<3,2<4"}, [[0, 1, 2, 3, 4]], [[0, 1, 2, 3, 4]]),
    ],
    "beer-can": [
        ({"rows": 2, "columns": 3, "piece": 1}, [[]], [[]]),
        ({"rows": 3, "columns": 3, "piece": 1}, [], [[]]),
        ({"rows": 3, "columns": 4, "piece": 2}, [[]], [[]]),
    ],
    "hackenbush": [
        ({"edges": "0-1,1-2,2-0,2-3,3-3"}, ["0-1,1-2,2-0,2-3,3-3"], ["0-1,1-2,2-0,2-3,3-3"]),
        ({"edges": "0-1,0-2,1-2,1-3,3-4,0-4"}, [], ["0-1,0-2,1-2,1-3,3-4,0-4"]),
    ],
    "wythoff": [({}, [[5, 5]], [[9, 9]])],
    "euclid": [({}, [[7, 12]], [[13, 21], [9, 30]])],
    "gale-nim": [
        ({"n": 1}, [[3, 2, 2]], [[4, 3, 3]]),
        ({"n": 2, "m": 3}, [[3, 3, 3]], [[4, 4, 4]]),
    ],
    "moore-nim": [({"k": 2}, [[2, 2, 2]], [[3, 3, 3]])],
    "staircase-nim": [({}, [[2, 1, 2]], [[3, 2, 2, 1]])],
    "fibonacci-nim": [({}, [[13]], [[21], [30, 4]])],
}


@dataclass(frozen=True, slots=True)
class Labelling:
    """Every position reachable from the starts, children before parents, with its
    options and its label under the rules."""

    game: Game
    play: Play
    order: tuple[Any, ...]
    options: Mapping[Hashable, tuple[Any, ...]]
    labels: Mapping[Hashable, Outcome]


def reachable(game: Game, starts: list[Any]) -> tuple[list[Any], dict[Hashable, tuple[Any, ...]]]:
    """Positions reachable from ``starts`` in post-order (every option first), with their
    options; a cycle means the game is not finite here and is an error."""
    options: dict[Hashable, tuple[Any, ...]] = {}
    order: list[Any] = []
    for start in starts:
        if start in options:
            continue
        options[start] = tuple(game.moves(start))
        stack: list[tuple[Any, Iterator[Any]]] = [(start, iter(options[start]))]
        on_stack = {start}
        while stack:
            position, pending = stack[-1]
            following = next(pending, _DONE)
            if following is _DONE:
                stack.pop()
                on_stack.discard(position)
                order.append(position)
            elif following in on_stack:
                raise GameNotFiniteError(f"{game.label}: a cycle through {following!r}")
            elif following not in options:
                options[following] = tuple(game.moves(following))
                stack.append((following, iter(options[following])))
                on_stack.add(following)
    return order, options


_DONE = object()


def label(game: Game, starts: list[Any], play: Play) -> Labelling:
    """Backward induction by rules (1)-(3): terminal positions first, from the moves only."""
    order, options = reachable(game, starts)
    labels: dict[Hashable, Outcome] = {}
    for position in order:
        moves = options[position]
        if not moves:
            labels[position] = Outcome.P if play is Play.NORMAL else Outcome.N
        elif any(labels[option] is Outcome.P for option in moves):
            labels[position] = Outcome.N
        else:
            labels[position] = Outcome.P
    return Labelling(game, play, tuple(order), options, labels)


def obeys_rules(labelling: Labelling, position: Any) -> bool:
    """Rules (1)-(3) at ``position``: exactly one label, and the right one."""
    moves = labelling.options[position]
    mine = labelling.labels.get(position)
    if mine not in (Outcome.P, Outcome.N):
        return False
    if not moves:
        return mine is (Outcome.P if labelling.play is Play.NORMAL else Outcome.N)
    to_p = any(labelling.labels[option] is Outcome.P for option in moves)
    all_to_n = all(labelling.labels[option] is Outcome.N for option in moves)
    return (mine is Outcome.N) == to_p and (mine is Outcome.P) == all_to_n


def _key(case: Mapping[str, Any]) -> str:
    fields = [case["game"], case["options"], case["play"], case["position"]]
    return json.dumps(fields, sort_keys=True)


Rule = Callable[[Labelling, Any, Solver], bool]


def _the_rules(labelling: Labelling, position: Any, solver: Solver) -> bool:
    return obeys_rules(labelling, position) and (
        solver.outcome(position, labelling.play) is labelling.labels[position]
    )


def _move_to_n_means_n(labelling: Labelling, position: Any, solver: Solver) -> bool:
    """The mutant rule: a position with some move to an N-position is N."""
    moves = labelling.options[position]
    if any(labelling.labels[option] is Outcome.N for option in moves):
        return solver.outcome(position, labelling.play) is Outcome.N
    return True


def _terminal_is_n(labelling: Labelling, position: Any, solver: Solver) -> bool:
    """The mutant rule: terminal positions are N (in normal play)."""
    if labelling.options[position]:
        return True
    return solver.outcome(position, labelling.play) is Outcome.N


def _finite(game_class: type[Game]) -> bool:
    """A game with a move graph that ends: loopy games (moves may form cycles, some
    positions are draws) are outside these rules; docs/loopy-games.md has their theory."""
    return game_class.move_graph and not issubclass(game_class, LoopyGame)


def _move_graph_names() -> set[str]:
    return {entry.name for entry in catalogue() if _finite(entry.game_class)}


def _games(quick: bool) -> Iterator[tuple[str, Game, list[Any]]]:
    """Each catalogue game with each of its domains; a game without one is an error."""
    for entry in catalogue():
        if not _finite(entry.game_class):
            continue
        domains = DOMAINS.get(entry.name)
        if not domains:
            raise ClaimError(
                f"catalogue game {entry.name!r} has no finite domain in "
                "proofs/labelling_rules.py: add one, so that the labelling rules cover it"
            )
        for options, quick_starts, full_starts in domains:
            starts = quick_starts if quick else full_starts
            if not starts:
                continue
            game = create_game(entry.name, options)
            yield entry.name, game, [game.from_value(start) for start in starts]


def _exhaustive(rule: Rule, plays: tuple[Play, ...], settings: CheckSettings) -> Verdict:
    contexts: dict[str, tuple[Labelling, Any, Solver]] = {}
    totals = {"games": 0, "positions": 0}

    def cases() -> Iterator[dict[str, Any]]:
        for name, game, starts in _games(settings.quick):
            totals["games"] += 1
            solver = Solver(game, plain=True)  # outcomes from the rules alone
            for play in plays:
                labelling = label(game, starts, play)
                for position in labelling.order:
                    totals["positions"] += 1
                    case = {
                        "game": name,
                        "options": dict(game.options()),
                        "play": play.value,
                        "position": game.to_json(position),
                    }
                    contexts[_key(case)] = (labelling, position, solver)
                    yield case

    def context(case: Mapping[str, Any]) -> tuple[Labelling, Any, Solver]:
        return contexts[_key(case)]

    def holds(case: Mapping[str, Any]) -> bool:
        return rule(*context(case))

    def recheck(case: Mapping[str, Any]) -> bool:
        labelling, position, _ = context(case)
        return rule(labelling, position, Solver(labelling.game, plain=True))  # a fresh one

    def explain(case: Mapping[str, Any]) -> dict[str, Any]:
        labelling, position, solver = context(case)
        game = labelling.game
        moves = labelling.options[position]
        return {
            "label by the rules": labelling.labels[position].value,
            "solver outcome": solver.outcome(position, labelling.play).value,
            "moves": [
                f"{game.format(option)}: {labelling.labels[option].value}" for option in moves
            ],
        }

    which = " and ".join(play.value for play in plays)
    verdict = check_exhaustive(
        cases(),
        holds,
        scope=f"bounded: every position reachable from the listed starts of each catalogue "
        f"game with a move graph ({len(_move_graph_names())} names), {which} play",
        recheck=recheck,
        explain=explain,
    )
    return Verdict(
        verdict.status,
        verdict.method,
        verdict.scope,
        cases=verdict.cases,
        counterexample=verdict.counterexample,
        message=verdict.message,
        details={**verdict.details, **totals},
    )


# Beer-can tables go up to 4 x 4 with 1 x 1 cans: 65,536 positions, about 3 s to label
# and check from an empty table, so its search is cut into a few tasks of a few examples.
SHARES = {"beer-can": 5}


def _random_game(
    name: str, settings: CheckSettings, rule: Rule = _the_rules, share: int = 0
) -> Verdict:
    """The random search on one catalogue game: its own examples, so every game is drawn
    (a search over all names at once left some out) and each is a task of its own.  A
    game with several shares draws each share's examples from its own seed."""
    size = 3 if settings.quick else 4
    shares = SHARES.get(name, 1)
    examples = max(1, (5 if settings.quick else 25) // shares)
    seed = settings.seed if shares == 1 else settings.seed * shares + share

    def as_case(drawn: tuple[Game, Any]) -> dict[str, Any]:
        game, position = drawn
        return {"game": game.name, "options": game.options(), "position": game.to_json(position)}

    def holds(case: Mapping[str, Any]) -> bool:
        game = create_game(case["game"], case["options"])
        position = game.from_value(case["position"])
        solver = Solver(game, plain=True)  # outcomes from the rules alone
        for play in (Play.NORMAL, Play.MISERE):
            labelling = label(game, [position], play)
            if not all(rule(labelling, p, solver) for p in labelling.order):
                return False
        return True

    return search_random(
        games_and_positions(name, size=size).map(as_case),
        holds,
        seed=seed,
        examples=examples,
        scope=f"random: {name} with random options, positions of size <= {size} (heaps, "
        "board sides) and everything reachable from them, normal and misere play",
        size=lambda case: len(json.dumps(case["position"])),
    )


def _random(settings: CheckSettings, rule: Rule = _the_rules) -> Verdict:
    """The random search on every catalogue game with a move graph, game by game; the
    first counterexample ends it."""
    verdicts = []
    for name, share in _random_tasks():
        verdicts.append(_random_game(name, settings, rule, share))
        if verdicts[-1].status is Status.REFUTED:
            break
    return combine_verdicts(verdicts)


def _random_tasks() -> list[tuple[str, int]]:
    return [
        (name, share)
        for name in sorted(_move_graph_names())
        for share in range(SHARES.get(name, 1))
    ]


def _check(rule: Rule, plays: tuple[Play, ...], *, with_random: bool):
    def check(settings: CheckSettings) -> Verdict:
        exhaustive = _exhaustive(rule, plays, settings)
        if not with_random:
            return exhaustive
        return combine_verdicts([exhaustive, _random(settings)])

    return check


BOTH = (Play.NORMAL, Play.MISERE)

THEOREMS = listing(
    section(SOURCE, tags=TAGS, play=None),
    theorem(
        "labelling-rules-every-game",
        "The P/N labelling rules hold on small positions of every game in these notes",
        "in every game of these notes with moves (all but Lucky Nim), labelling terminal "
        "positions P (N in misere play), a position N when some move leads to a "
        "P-position and P when every move leads to an N-position gives every position "
        "exactly one label, which says who wins, in normal and misere play.  Every game of "
        "the catalogue; the label is compared with the solver's outcome.",
        r"\mathrm{o}(x) = \mathrm{N} \iff \exists\, x \to y : \mathrm{o}(y) = \mathrm{P}",
        split=Split(
            lambda settings: [
                Part("exhaustive", lambda s: _exhaustive(_the_rules, BOTH, s), cost=3.0),
                *(
                    Part(
                        f"random-{name}" + (f"-{share + 1}" if name in SHARES else ""),
                        partial(_random_game, name, share=share),
                        cost=0.2,
                    )
                    for name, share in _random_tasks()
                ),
            ],
            lambda verdicts, settings: combine_verdicts(list(verdicts)),
        ),
        proof=LABELLING_PROOF,
    ),
    mutant(
        "labelling-move-to-n-means-n",
        "Mutant: a position with a move to an N-position is N",
        "in every game of these notes, a position with some move to an N-position is "
        "itself an N-position",
        r"\exists\, x \to y : \mathrm{o}(y) = \mathrm{N} \implies \mathrm{o}(x) = \mathrm{N}",
        _check(_move_to_n_means_n, BOTH, with_random=False),
    ),
    mutant(
        "labelling-move-to-n-means-n-random",
        "Mutant: a position with a move to an N-position is N (in random games)",
        "in games of these notes with random options and positions, a position with some "
        "move to an N-position is itself an N-position.  Checked by the random search alone.",
        r"\exists\, x \to y : \mathrm{o}(y) = \mathrm{N} \implies \mathrm{o}(x) = \mathrm{N}",
        lambda settings: _random(settings, _move_to_n_means_n),
        play=Play.NORMAL,
    ),
    mutant(
        "labelling-terminal-is-n",
        "Mutant: terminal positions are N in normal play",
        "in every game of these notes under normal play, a position without moves is an "
        "N-position (the player to move wins)",
        r"x \text{ terminal} \implies \mathrm{o}(x) = \mathrm{N}",
        _check(_terminal_is_n, (Play.NORMAL,), with_random=False),
        play=Play.NORMAL,
    ),
)
