"""Chomp, the beer-can game and poset games (slides of seed 000): strategies and outcomes.

The slides' two Chomp arguments are proved for boards of every size by Z3 over integers
(:mod:`grundy.theory.chomp`): the square strategy (bite (2,2), then mirror) and
the strategy-stealing fact behind "every rectangle of area > 1 is N".  On small boards
the same claims are also played out: a strategy against every reply of the opponent until
the game ends (``check_strategy``), and outcomes and winning bites by the exact solver
(Chomp boards through its box engine, which tests cross-check against the plain search).
Every theorem has a plausible but false mutant that must come out refuted with the
smallest counterexample in the stated order.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache
from typing import Any

from grundy.certify.strategy import check_strategy
from grundy.declare import by_z3, listing, mutant, section, theorem
from grundy.games.beer_can import BeerCan
from grundy.games.chomp import Chomp
from grundy.games.poset import PosetGame
from grundy.library import CheckSettings
from grundy.solve.chomp_strategy import beer_can_mirror, chomp_bite_then_mirror, is_l_shape
from grundy.solve.solver import Outcome, Solver
from grundy.theory.chomp import prove_square_mirror, prove_strategy_stealing
from grundy.verdict import Verdict
from grundy.verify.exhaustive import check_exhaustive, integer_cases

# The proof a lecturer gives in class (Theorem.proof): the handout prints it.
STEALING_PROOF = (
    "Take an a × b rectangle with ab > 1, and let the first player bite off only the "
    "square (a, b) farthest from the poisoned one (it is not the poisoned square, as the "
    "board has more than one). The game is finite, so the board left is a P- or an "
    "N-position. If it is a P-position, that bite wins. If it is an N-position, the second "
    "player has a winning reply, a bite at some square (r, c). That square is on the full "
    "rectangle too, and biting at (r, c) there also eats (a, b), so the first player could "
    "have bitten at (r, c) at once and left the very same P-position. Either way the first "
    "player has a winning first bite, and the rectangle is an N-position. The argument "
    "does not say which bite wins."
)


CHOMP_SOURCE = "000 Mathematical Games I, Chomp"
BEER_CAN_SOURCE = "000 Mathematical Games I, the beer can game"
POSET_SOURCE = "beyond the notes: strategy stealing for poset games (generalises 000, Chomp)"


def _square_side(settings: CheckSettings) -> int:
    return 8 if settings.quick else 20


def _rectangle_side(settings: CheckSettings) -> int:
    # Even the quick run goes to 10: the smallest board with two winning bites is 8 x 10.
    return 10 if settings.quick else 11


@cache
def _box_solver(side: int) -> Solver:
    """One solver whose Chomp box holds every rectangle up to ``side``, shared by theorems."""
    solver = Solver(Chomp())
    solver.prepare((side,) * side)
    return solver


def _rows(case: Any) -> tuple[int, ...]:
    return (case["width"],) * case["height"]


def _names(game: Chomp, rows: tuple[int, ...], options: list[tuple[int, ...]]) -> list[str]:
    return [game.describe_move(rows, option) for option in options]


# -- squares: bite (2,2), then mirror ---------------------------------------------------------


def _square_strategy(first_bite: tuple[int, int]):
    def check(settings: CheckSettings) -> Verdict:
        game = Chomp()
        largest = _square_side(settings)
        strategy = chomp_bite_then_mirror(first_bite)
        results: dict[int, Any] = {}

        def holds(case: Any) -> bool:
            side = case["n"]
            results[side] = check_strategy(game, (side,) * side, strategy)
            return bool(results[side].wins)

        def explain(case: Any) -> dict[str, Any]:
            found = results[case["n"]]
            return {
                "failing line": [game.format(p) for p in found.failing_line],
                "why": found.reason,
                "position": [case["n"]] * case["n"],
            }

        return check_exhaustive(
            ({"n": side} for side in range(2, largest + 1)),
            holds,
            scope=f"bounded: square boards n x n, 2 <= n <= {largest}, every reply",
            method="strategy",
            explain=explain,
        )

    return check


# -- rectangles: N-positions, winning bites, strategy stealing -------------------------------


def _rectangle_cases(largest: int, *, include_unit: bool = False) -> Iterator[dict[str, int]]:
    for case in integer_cases({"height": (1, largest), "width": (1, largest)}):
        if include_unit or case["height"] * case["width"] > 1:
            yield case


def _rectangle_check(prediction: str, *, include_unit: bool = False):
    """Check a statement about the winning bites of every rectangle up to the side."""

    def check(settings: CheckSettings) -> Verdict:
        game = Chomp()
        largest = _rectangle_side(settings)
        solver = _box_solver(largest)

        def winning(case: Any) -> list[tuple[int, ...]]:
            return [move.to for move in solver.winning_moves(_rows(case))]

        def holds(case: Any) -> bool:
            rows = _rows(case)
            found = winning(case)
            if prediction == "next-player-wins":
                return solver.outcome(rows) is Outcome.N and bool(found)
            if prediction == "unique-winning-bite":
                return len(found) == 1
            if prediction == "winning-bite-leaves-l":
                return any(is_l_shape(option) for option in found)
            raise AssertionError(prediction)

        def explain(case: Any) -> dict[str, Any]:
            rows = _rows(case)
            return {
                "outcome": solver.outcome(rows).value,
                "winning bites": _names(game, rows, winning(case)),
                "position": list(rows),
            }

        return check_exhaustive(
            _rectangle_cases(largest, include_unit=include_unit),
            holds,
            scope=f"bounded: height x width rectangles, 1 <= height, width <= {largest}"
            + ("" if include_unit else ", area > 1"),
            explain=explain,
        )

    return check


def _stealing_check(corner_always_wins: bool):
    """Biting the top-right corner square either wins, or the winning reply to it is
    itself a first bite leading to the same position (so the rectangle is N either way).
    The mutant claims the corner bite always wins by itself."""

    def check(settings: CheckSettings) -> Verdict:
        game = Chomp()
        largest = _rectangle_side(settings)
        solver = _box_solver(largest)

        def corner(case: Any) -> tuple[int, ...]:
            rows = _rows(case)
            return game.from_value([*rows[:-1], rows[-1] - 1])

        def holds(case: Any) -> bool:
            rows, after_corner = _rows(case), corner(case)
            if solver.outcome(after_corner) is Outcome.P:
                return True
            if corner_always_wins:
                return False
            first_bites = set(game.moves(rows))
            replies = [move.to for move in solver.winning_moves(after_corner)]
            return bool(replies) and all(reply in first_bites for reply in replies)

        def explain(case: Any) -> dict[str, Any]:
            after_corner = corner(case)
            replies = [move.to for move in solver.winning_moves(after_corner)]
            return {
                "after the corner bite": game.format(after_corner),
                "outcome there": solver.outcome(after_corner).value,
                "winning replies": _names(game, after_corner, replies),
                "position": list(_rows(case)),
            }

        return check_exhaustive(
            _rectangle_cases(largest),
            holds,
            scope=f"bounded: rectangles with 1 <= height, width <= {largest}, area > 1",
            explain=explain,
        )

    return check


# -- the beer-can game: centre, then mirror ---------------------------------------------------


def _beer_can_cases(largest: int, symmetric_only: bool) -> Iterator[dict[str, int]]:
    for case in integer_cases({"rows": (1, largest), "columns": (1, largest), "piece": (1, 3)}):
        rows, columns, piece = case["rows"], case["columns"], case["piece"]
        if piece > min(rows, columns):
            continue
        has_centre = (rows - piece) % 2 == 0 and (columns - piece) % 2 == 0
        if has_centre or not symmetric_only:
            yield case


def _beer_can_check(opening: str, symmetric_only: bool):
    """``opening``: "centre" (the can covering the centre; on boards without one, the
    most central placement rounding up-left) or "corner" (the top-left placement)."""

    def check(settings: CheckSettings) -> Verdict:
        largest = 4 if settings.quick else 6
        results: dict[tuple[int, int, int], Any] = {}

        def game_of(case: Any) -> BeerCan:
            return BeerCan(case["rows"], case["columns"], case["piece"])

        def holds(case: Any) -> bool:
            game = game_of(case)
            if opening == "corner":
                first = (0, 0)
            else:
                first = (
                    (game.rows - game.piece) // 2,
                    (game.columns - game.piece) // 2,
                )
            found = check_strategy(game, 0, beer_can_mirror(game, first))
            results[(game.rows, game.columns, game.piece)] = (game, found)
            return bool(found.wins)

        def explain(case: Any) -> dict[str, Any]:
            game, found = results[(case["rows"], case["columns"], case["piece"])]
            return {
                "failing line": [game.format(p) for p in found.failing_line],
                "why": found.reason,
            }

        which = "every board with a central placement," if symmetric_only else "every board,"
        return check_exhaustive(
            _beer_can_cases(largest, symmetric_only),
            holds,
            scope=f"bounded: {which} rows x columns <= {largest} x {largest}, "
            "square cans of side 1..3, every reply",
            method="strategy",
            explain=explain,
        )

    return check


# -- poset games: strategy stealing ------------------------------------------------------------


def labelled_posets(size: int) -> Iterator[str]:
    """Every partial order on ``0..size-1`` in which ``i < j`` implies ``i < j`` as
    numbers (each poset has such a labelling, a linear extension), as relations text,
    without repeats, in a fixed order."""
    pairs = list(itertools.combinations(range(size), 2))
    seen: set[frozenset[tuple[int, int]]] = set()
    for chosen in itertools.product((False, True), repeat=len(pairs)):
        relation = {pair for pair, keep in zip(pairs, chosen, strict=True) if keep}
        closed = set(relation)
        for middle in range(size):  # Warshall: close under transitivity
            closed |= {
                (low, high) for (low, m1) in closed for (m2, high) in closed if m1 == m2 == middle
            }
        key = frozenset(closed)
        if key in seen:
            continue
        seen.add(key)
        words = [str(element) for element in range(size)]
        words += [f"{low}<{high}" for low, high in sorted(closed)]
        yield ",".join(words)


def _poset_check(needs_greatest: bool):
    def check(settings: CheckSettings) -> Verdict:
        largest = 4 if settings.quick else 5

        def cases() -> Iterator[dict[str, Any]]:
            for size in range(1, largest + 1):
                for relations in labelled_posets(size):
                    yield {"elements": size, "relations": relations}

        def holds(case: Any) -> bool:
            game = PosetGame(case["relations"])
            if needs_greatest and not any(
                all(game.less_or_equal(other, top) for other in game.elements)
                for top in game.elements
            ):
                return True  # the statement says nothing about this poset
            return Solver(game).outcome(game.elements) is Outcome.N

        def explain(case: Any) -> dict[str, Any]:
            game = PosetGame(case["relations"])
            return {"outcome": Solver(game).outcome(game.elements).value}

        return check_exhaustive(
            cases(),
            holds,
            scope=f"bounded: every partial order on 1..{largest} elements (labelled)",
            explain=explain,
        )

    return check


THEOREMS = listing(
    section(CHOMP_SOURCE, game="chomp", tags=("chomp", "strategy", "mirroring", "z3", "unbounded")),
    theorem(
        "chomp-square-bite-and-mirror",
        "Chomp squares: bite (2,2), then mirror, for every n",
        "on an n x n Chomp board, for every n >= 2, the first player wins by biting "
        "(2,2), leaving an L, and then answering every bite on one arm by the same bite on the "
        "other.  Proved by machine for every n and every arm length k: the bite (2,2) is legal "
        "and leaves the L with "
        "arms n - 1; from the L with equal arms k every legal bite shortens one arm to some "
        "m < k, the mirror bite is legal and leaves arms m, m; from arms 0, 0 no bite is legal. "
        "These are the base and the step of an induction on k: the "
        "opponent is the player left without a move",
        r"\forall n \ge 2:\ \text{bite } (2,2) \text{ then mirror wins } n \times n",
        by_z3(prove_square_mirror, (2, 2)),
    ),
    mutant(
        "chomp-square-bite-1-2-and-mirror",
        "Mutant: Chomp squares are won by biting (1,2), then mirroring",
        "on an n x n board the first player wins by biting (1,2) and then mirroring.  "
        "The same Z3 argument, refuted and confirmed by playing the board it names.",
        r"n \ge 2 \implies \text{bite } (1,2) \text{ then mirror wins } n \times n",
        by_z3(prove_square_mirror, (1, 2)),
        tags=("chomp", "strategy", "mirroring", "z3"),
    ),
    theorem(
        "chomp-square-mirror-played-out",
        "Chomp squares: bite (2,2), then mirror, played out",
        "for 2 <= n <= 20 the strategy (bite (2,2), then mirror) is played on the "
        "n x n board against every reply of the opponent until the game ends, and wins "
        "(every board played out; for every n, see the square boards theorem)",
        r"2 \le n \le 20 \implies \text{bite } (2,2) \text{ then mirror wins } n \times n",
        _square_strategy((1, 1)),
        tags=("chomp", "strategy", "mirroring"),
        implied_by="chomp-square-bite-and-mirror",
    ),
    mutant(
        "chomp-square-bite-1-2-played-out",
        "Mutant: biting (1,2), then mirroring, played out on squares",
        "for 2 <= n <= 20 the strategy (bite (1,2), then mirror) wins n x n",
        r"2 \le n \le 20 \implies \text{bite } (1,2) \text{ then mirror wins } n \times n",
        _square_strategy((0, 1)),
    ),
    theorem(
        "chomp-rectangles-are-n",
        "Chomp rectangles of area > 1 are N (strategy stealing)",
        "every a x b rectangle with area > 1 is an N-position.  Proved by machine "
        "for every a and b: "
        "biting the top-right square (a, b) is legal, and every bite (r, c) legal after "
        "it is legal on the full rectangle and leaves the same position (it removes (a, b) "
        "too).  Then the slides' argument, argued on paper and not checked by machine: the "
        "bitten board is a finite game, so P or N; if P, the corner bite wins; if N, its "
        "winning reply is a winning first bite",
        r"\forall a, b \ge 1,\ ab > 1:\ a \times b \in \mathcal{N}",
        by_z3(prove_strategy_stealing),
        proof=STEALING_PROOF,
        tags=("chomp", "strategy-stealing", "z3", "unbounded"),
    ),
    mutant(
        "chomp-every-rectangle-is-n",
        "Mutant: every Chomp rectangle is an N-position",
        statement="the same argument for every rectangle, the single poisoned square 1 x 1 "
        "included",
        latex=r"h, w \ge 1 \implies h \times w \in \mathcal{N}",
        check=by_z3(prove_strategy_stealing, least_area=1),
        tags=("chomp", "strategy-stealing", "z3"),
    ),
    mutant(
        "chomp-stealing-next-to-poison",
        "Mutant: strategy stealing works with the bite next to the poison",
        "the same argument with the first bite (1, 2) in place of the top-right "
        "square: every position one bite away from what it leaves is one bite away from the "
        "full rectangle",
        r"a \times b - Q(1,2) \to X \implies a \times b \to X",
        by_z3(prove_strategy_stealing, "next-to-poison"),
        tags=("chomp", "strategy-stealing", "z3"),
    ),
    theorem(
        "chomp-rectangle-winning-bites",
        "Chomp rectangles: the winning bites",
        "every h x w rectangle with hw > 1 and h, w <= 11 is an N-position, and its winning "
        "bites are listed.  The exact solver lists them (for every size: strategy stealing, "
        "which does not find the bites).",
        r"h w > 1,\ h, w \le 11 \implies h \times w \in \mathcal{N}",
        _rectangle_check("next-player-wins"),
        tags=("chomp", "strategy-stealing"),
    ),
    mutant(
        "chomp-rectangle-unique-winning-bite",
        "Mutant: a Chomp rectangle has exactly one winning bite",
        "every rectangle of area > 1 has exactly one winning bite",
        r"h w > 1 \implies h \times w \text{ has exactly one winning bite}",
        _rectangle_check("unique-winning-bite"),
    ),
    mutant(
        "chomp-rectangle-bite-leaves-l",
        "Mutant: a winning bite on a Chomp rectangle always leaves an L",
        "every rectangle of area > 1 has a winning bite that leaves an L "
        "(a first row and a single column), as on squares",
        r"h w > 1 \implies \text{some winning bite on } h \times w \text{ leaves an L}",
        _rectangle_check("winning-bite-leaves-l"),
    ),
    theorem(
        "chomp-strategy-stealing",
        "Chomp: strategy stealing, move by move",
        "on every rectangle of area > 1, biting the top-right square either leaves "
        "a P-position, or every winning reply to that bite is also a first bite from the "
        "rectangle, leading to the same position",
        r"h w > 1:\ c = h \times w - \text{corner} \in \mathcal{P} \ \vee\ (c \to d \text{ "
        r"wins} \implies h \times w \to d)",
        _stealing_check(corner_always_wins=False),
        tags=("chomp", "strategy-stealing"),
        implied_by="chomp-rectangles-are-n",
    ),
    mutant(
        "chomp-corner-bite-wins",
        "Mutant: biting the top-right square always wins",
        "on every rectangle of area > 1, biting the top-right square leaves a P-position",
        r"h w > 1 \implies h \times w - \text{corner} \in \mathcal{P}",
        _stealing_check(corner_always_wins=True),
    ),
    section(BEER_CAN_SOURCE, game="beer-can", tags=("beer-can", "strategy", "mirroring")),
    theorem(
        "beer-can-centre-and-mirror",
        "Beer cans on a square board: centre, then reflect",
        "on a rows x columns table where a square beer can fits exactly in the middle "
        "(rows - side and columns - side even), the first player wins by placing that can "
        "and then answering every can by its reflection through the centre",
        r"r - d,\ c - d \text{ even} \implies \text{centre can, then reflection, wins the } "
        r"r \times c \text{ table}",
        _beer_can_check("centre", symmetric_only=True),
    ),
    mutant(
        "beer-can-mirror-any-board",
        "Mutant: the mirror strategy wins on every board",
        "on every rows x columns table, the first player wins by placing the most "
        "central can and then mirroring, even where no can fits exactly in the middle",
        r"\text{the most central can, then reflection, wins every } r \times c \text{ table}",
        _beer_can_check("centre", symmetric_only=False),
    ),
    mutant(
        "beer-can-corner-and-mirror",
        "Mutant: mirroring wins without the centre move",
        "on a table with a middle can, the first player also wins by opening in "
        "the corner and then mirroring",
        r"r - d,\ c - d \text{ even} \implies \text{corner can, then reflection, wins the } "
        r"r \times c \text{ table}",
        _beer_can_check("corner", symmetric_only=True),
    ),
    section(POSET_SOURCE, game="poset", tags=("poset", "strategy-stealing")),
    theorem(
        "poset-greatest-element-is-n",
        "Poset games with a greatest element are N-positions",
        "a finite poset with a greatest element is won by the first player "
        "(strategy stealing: taking the greatest element alone either wins, or its winning "
        "reply removes the greatest element too and is available as a first move)",
        r"\exists\, t \in X\ \forall x \in X:\ x \le t \implies X \in \mathcal{N}",
        _poset_check(needs_greatest=True),
    ),
    mutant(
        "poset-every-poset-is-n",
        "Mutant: every non-empty poset game is an N-position",
        "every finite non-empty poset is won by the first player",
        r"X \ne \emptyset \implies X \in \mathcal{N}",
        _poset_check(needs_greatest=False),
    ),
)
