"""Green Hackenbush and classics beyond the notes (Wythoff, Euclid, Moore,
misere Nim, Gale's Nim), each with a deliberately false mutant.

Every check derives values with the exact solver from the games' rules and compares
them with the statement; exhaustive checks enumerate a stated finite domain in a stated
order (so the first failure is the minimal counterexample), random checks draw pictures
with hypothesis from a recorded seed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from hypothesis import strategies as st

from grundy.games import Nim
from grundy.games.base import Part
from grundy.games.euclid import Euclid, euclid_first_player_wins
from grundy.games.gale_nim import GaleNim
from grundy.games.hackenbush import (
    GreenHackenbush,
    Picture,
    attach,
    find_cycle,
    format_edges,
    fuse,
    prune,
    snake,
)
from grundy.games.moore_nim import MooreNim, moore_p_position
from grundy.games.wythoff import Wythoff, wythoff_pair
from grundy.library import CheckSettings, Expectation, Theorem
from grundy.nimber import nim_sum
from grundy.solve import Outcome, Play, Solver
from grundy.verdict import Status, Verdict, combine_verdicts
from grundy.verify.exhaustive import Case, check_exhaustive, integer_cases
from grundy.verify.random_search import search_random

HACKENBUSH_SOURCE = "003 Hackenbush notes, Bonus I (every picture is equivalent to a snake)"


# -- Green Hackenbush -------------------------------------------------------------------------


class _WholePicture(GreenHackenbush):
    """Hackenbush searched as one game: no splitting at the ground.  Used to check sums
    and snakes without assuming the Sprague-Grundy theorem the statements are about."""

    def components(self, position: Picture) -> list[Part] | None:
        return None


def _values() -> Callable[[Picture], int]:
    solver = Solver(GreenHackenbush(""))
    return solver.grundy_value


def _whole_outcomes() -> Callable[[Picture], Outcome]:
    solver = Solver(_WholePicture(""))
    return solver.outcome


def _small_pictures(vertices: int, most_edges: int) -> Iterator[Picture]:
    """Every multigraph on vertices ``0..vertices`` (loops and parallel edges allowed) with
    at most ``most_edges`` edges, by number of edges, then lexicographically; pruned."""
    possible = [(u, v) for u in range(vertices + 1) for v in range(u, vertices + 1)]
    for count in range(most_edges + 1):
        for edges in itertools.combinations_with_replacement(possible, count):
            yield prune(edges)


def _pictures(max_vertex: int, max_edges: int) -> st.SearchStrategy[Picture]:
    ends = st.integers(0, max_vertex)
    edge = st.tuples(ends, ends).map(lambda e: (min(e), max(e)))
    return st.lists(edge, min_size=1, max_size=max_edges).map(prune)


def _hackenbush_sizes(settings: CheckSettings) -> tuple[int, int, int]:
    """(vertices, edges) of the exhaustive domain and the number of random examples."""
    if settings.quick:
        return 2, 3, 40
    return 3, 5, min(settings.random_examples, 300)


def _snake_check(wrong_value: Callable[[Picture, int], int] | None) -> Callable[..., Verdict]:
    """Every picture G with value g (the mex rule) satisfies: G + snake(g) is a second-player
    win and G + snake(j) is a first-player win for every other j <= g + 1, searched as one
    game.  ``wrong_value`` replaces g by a mutant's claimed length."""

    def check(settings: CheckSettings) -> Verdict:
        value, whole = _values(), _whole_outcomes()
        vertices, edges, examples = _hackenbush_sizes(settings)

        def claimed(picture: Picture) -> int:
            true = value(picture)
            return true if wrong_value is None else wrong_value(picture, true)

        def holds(case: Case) -> bool:
            picture = case["picture"]
            length = claimed(picture)
            for other in range(max(length, value(picture)) + 2):
                outcome = whole(attach(picture, 0, snake(other)))
                if (outcome is Outcome.P) != (other == length):
                    return False
            return True

        def explain(case: Case) -> dict[str, Any]:
            return {"edges": format_edges(case["picture"]), "value": value(case["picture"])}

        exhaustive = check_exhaustive(
            ({"picture": p} for p in _small_pictures(vertices, edges)),
            holds,
            scope=f"bounded: every multigraph on ground + {vertices} vertices, <= {edges} edges",
            explain=explain,
        )
        if exhaustive.status is Status.REFUTED or wrong_value is not None:
            return exhaustive
        randomised = search_random(
            st.fixed_dictionaries({"picture": _pictures(5, 7)}),
            holds,
            seed=settings.seed,
            examples=examples,
            scope="random: pictures on ground + 5 vertices, <= 7 edges",
            explain=explain,
        )
        return combine_verdicts([exhaustive, randomised])

    return check


def _sum_check(combine: Callable[[int, int], int]) -> Callable[[CheckSettings], Verdict]:
    """Two pictures side by side, searched as one game, have value ``combine(g1, g2)``."""

    def check(settings: CheckSettings) -> Verdict:
        value = _values()
        whole = Solver(_WholePicture(""))
        most = 2 if settings.quick else 3

        def holds(case: Case) -> bool:
            both = attach(case["left"], 0, case["right"])
            return whole.grundy_value(both) == combine(value(case["left"]), value(case["right"]))

        def explain(case: Case) -> dict[str, Any]:
            left, right = case["left"], case["right"]
            return {
                "left": format_edges(left),
                "right": format_edges(right),
                "values": [value(left), value(right)],
                "together": whole.grundy_value(attach(left, 0, right)),
                "edges": format_edges(attach(left, 0, right)),
            }

        small = list(_small_pictures(2, most))
        cases = ({"left": a, "right": b} for a, b in itertools.product(small, repeat=2))
        return check_exhaustive(
            cases,
            holds,
            scope=f"bounded: pairs of multigraphs on ground + 2 vertices, <= {most} edges each",
            explain=explain,
        )

    return check


def _colon_check(replacement: Callable[[Picture, int], Picture]) -> Callable[..., Verdict]:
    """Hanging a branch at a vertex, or ``replacement(branch, value)`` instead, gives
    pictures of equal value.  The colon principle's replacement is the snake of the
    branch's value."""

    def check(settings: CheckSettings) -> Verdict:
        value = _values()
        _, _, examples = _hackenbush_sizes(settings)

        def vertex_of(base: Picture, index: int) -> int:
            vertices = sorted({v for edge in base for v in edge} | {0})
            return vertices[index % len(vertices)]

        def holds(case: Case) -> bool:
            base, branch = case["base"], case["branch"]
            vertex = vertex_of(base, case["at"])
            other = replacement(branch, value(branch))
            return value(attach(base, vertex, branch)) == value(attach(base, vertex, other))

        def explain(case: Case) -> dict[str, Any]:
            base, branch = case["base"], case["branch"]
            vertex = vertex_of(base, case["at"])
            other = replacement(branch, value(branch))
            return {
                "base": format_edges(base),
                "vertex": vertex,
                "branch": format_edges(branch),
                "replacement": format_edges(other),
                "values": [value(attach(base, vertex, branch)), value(attach(base, vertex, other))],
                "edges": format_edges(attach(base, vertex, branch)),
            }

        most = 2 if settings.quick else 3
        bases = list(_small_pictures(2, most))
        branches = list(_small_pictures(2, most))
        cases = (
            {"base": base, "at": at, "branch": branch}
            for base in bases
            for branch in branches
            for at in range(1, 3)
        )
        exhaustive = check_exhaustive(
            cases,
            holds,
            scope=f"bounded: base and branch multigraphs on ground + 2 vertices, <= {most} "
            "edges each, hung at each base vertex",
            explain=explain,
        )
        if exhaustive.status is Status.REFUTED:
            return exhaustive  # the least counterexample in the stated order
        randomised = search_random(
            st.fixed_dictionaries(
                {"base": _pictures(4, 5), "at": st.integers(0, 9), "branch": _pictures(4, 5)}
            ),
            holds,
            seed=settings.seed,
            examples=examples,
            scope="random: base and branch on ground + 4 vertices, <= 5 edges each",
            explain=explain,
        )
        return combine_verdicts([exhaustive, randomised])

    return check


def _fusion(settings: CheckSettings) -> Verdict:
    """Fusing the vertices of a circuit (found by :func:`find_cycle`) keeps the value."""
    value = _values()
    vertices, edges, examples = _hackenbush_sizes(settings)

    def holds(case: Case) -> bool:
        cycle = find_cycle(case["picture"])
        return cycle is None or value(fuse(case["picture"], cycle)) == value(case["picture"])

    def explain(case: Case) -> dict[str, Any]:
        cycle = find_cycle(case["picture"]) or ()
        fused = fuse(case["picture"], cycle)
        return {
            "edges": format_edges(case["picture"]),
            "cycle": list(cycle),
            "fused": format_edges(fused),
            "values": [value(case["picture"]), value(fused)],
        }

    exhaustive = check_exhaustive(
        ({"picture": p} for p in _small_pictures(vertices, edges)),
        holds,
        scope=f"bounded: every multigraph on ground + {vertices} vertices, <= {edges} edges",
        explain=explain,
    )
    if exhaustive.status is Status.REFUTED:
        return exhaustive
    randomised = search_random(
        st.fixed_dictionaries({"picture": _pictures(6, 9)}),
        holds,
        seed=settings.seed,
        examples=examples,
        scope="random: pictures on ground + 6 vertices, <= 9 edges",
        explain=explain,
    )
    return combine_verdicts([exhaustive, randomised])


def _cycle_value_mutant(settings: CheckSettings) -> Verdict:
    """Mutant: a circuit of n edges through the ground has value n (it is n mod 2)."""
    value = _values()
    top = 6 if settings.quick else 10

    def circuit(n: int) -> Picture:
        return prune([(0, 1)] if n == 1 else [*snake(n - 1), (0, n - 1)])

    return check_exhaustive(
        ({"n": n} for n in range(1, top + 1)),
        lambda case: value(circuit(case["n"])) == case["n"],
        scope=f"bounded: circuits of 1..{top} edges through the ground",
        explain=lambda case: {
            "edges": format_edges(circuit(case["n"])),
            "value": value(circuit(case["n"])),
        },
    )


def _trees(most_edges: int) -> Iterator[Picture]:
    """Every rooted tree with up to ``most_edges`` edges, vertex i hung below one of
    0..i-1 (each shape appears, some more than once), by number of edges."""
    for count in range(most_edges + 1):
        for parents in itertools.product(*(range(i) for i in range(1, count + 1))):
            yield tuple(sorted((parent, child + 1) for child, parent in enumerate(parents)))


def _tree_edges_mutant(settings: CheckSettings) -> Verdict:
    """Mutant: a tree's value is its number of edges (true only for snakes)."""
    value = _values()
    most = 4 if settings.quick else 6
    return check_exhaustive(
        ({"tree": tree} for tree in _trees(most)),
        lambda case: value(case["tree"]) == len(case["tree"]),
        scope=f"bounded: rooted trees with <= {most} edges",
        explain=lambda case: {"edges": format_edges(case["tree"]), "value": value(case["tree"])},
    )


# -- Wythoff and Euclid -----------------------------------------------------------------------


def _wythoff_check(pair: Callable[[int], tuple[int, int]]) -> Callable[..., Verdict]:
    """(a, b) is P exactly when it is ``pair(k)`` or its mirror image for some k."""

    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(Wythoff())
        top = 25 if settings.quick else 70
        predicted: set[tuple[int, int]] = set()
        for k in range(2 * top + 2):
            low, high = pair(k)
            predicted |= {(low, high), (high, low)}

        def holds(case: Case) -> bool:
            position = (case["a"], case["b"])
            return (solver.outcome(position) is Outcome.P) == (position in predicted)

        return check_exhaustive(
            integer_cases({"a": (0, top), "b": (0, top)}),
            holds,
            scope=f"bounded: 0 <= a, b <= {top}",
            explain=lambda case: {
                "outcome": solver.outcome((case["a"], case["b"])).value,
                "formula_says_p": (case["a"], case["b"]) in predicted,
                "position": [case["a"], case["b"]],
            },
        )

    return check


class _PlainEuclid(Euclid):
    """Euclid's game searched move by move, without the chain formula of euclid_grundy."""

    def known_grundy(self, position: tuple[int, int]) -> int | None:
        return None

    def moves_to_value(
        self, position: tuple[int, int], target: int
    ) -> list[tuple[int, int]] | None:
        return None


def _euclid_check(ratio_beats: Callable[[int, int], bool]) -> Callable[..., Verdict]:
    """The player to move wins (a, b) exactly when the larger over the smaller is whole or
    ``ratio_beats(small, large)``."""

    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(_PlainEuclid())
        top = 30 if settings.quick else 120

        def predicted(a: int, b: int) -> bool:
            small, large = min(a, b), max(a, b)
            return large % small == 0 or ratio_beats(small, large)

        return check_exhaustive(
            integer_cases({"a": (1, top), "b": (1, top)}),
            lambda c: (solver.outcome((c["a"], c["b"])) is Outcome.N) == predicted(c["a"], c["b"]),
            scope=f"bounded: 1 <= a, b <= {top}",
            explain=lambda c: {
                "outcome": solver.outcome((c["a"], c["b"])).value,
                "position": [c["a"], c["b"]],
            },
        )

    return check


def _beats_phi(small: int, large: int) -> bool:
    # large / small > phi = (1 + sqrt 5) / 2, in integers (equality is impossible).
    return euclid_first_player_wins(small, large) and large % small != 0


# -- Moore's Nim, misere Nim, Gale's Nim ------------------------------------------------------


def _moore_check(modulus: Callable[[int], int]) -> Callable[..., Verdict]:
    """Nim_k: P exactly when every binary digit's count of ones is divisible by
    ``modulus(k)`` (Moore: k + 1)."""

    def check(settings: CheckSettings) -> Verdict:
        top = 3 if settings.quick else 5
        verdicts = []
        for k in (1, 2, 3):
            solver = Solver(MooreNim(k))
            names = [f"h{i + 1}" for i in range(k + 1)]

            def holds(case: Case, solver: Solver = solver, k: int = k) -> bool:
                heaps = tuple(case[name] for name in sorted(case) if name != "k")
                return (solver.outcome(heaps) is Outcome.P) == moore_p_position(
                    heaps, modulus(k) - 1
                )

            verdicts.append(
                check_exhaustive(
                    ({"k": k, **case} for case in integer_cases(dict.fromkeys(names, (0, top)))),
                    holds,
                    scope=f"bounded: k = {k}, {k + 1} heaps of 0..{top}",
                )
            )
            if verdicts[-1].status is Status.REFUTED:
                break
        return combine_verdicts(verdicts)

    return check


def _misere_rule(heaps: Sequence[int]) -> bool:
    """Misere Nim is P when some heap exceeds 1 and the nim-sum is 0, or when every heap
    is at most 1 and an odd number of them hold 1."""
    if max(heaps, default=0) <= 1:
        return sum(heaps) % 2 == 1
    return nim_sum(*heaps) == 0


def _misere_check(rule: Callable[[Sequence[int]], bool]) -> Callable[..., Verdict]:
    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(Nim())
        top = 4 if settings.quick else 7
        return check_exhaustive(
            integer_cases({"a": (0, top), "b": (0, top), "c": (0, top)}),
            lambda c: (
                (solver.outcome((c["a"], c["b"], c["c"]), Play.MISERE) is Outcome.P)
                == rule((c["a"], c["b"], c["c"]))
            ),
            scope=f"bounded: three heaps 0 <= a, b, c <= {top}",
            explain=lambda c: {
                "misere_outcome": solver.outcome((c["a"], c["b"], c["c"]), Play.MISERE).value,
                "position": [c["a"], c["b"], c["c"]],
            },
        )

    return check


def _gale_check(formula: Callable[[int, int], int]) -> Callable[..., Verdict]:
    """Gale's Nim stopping at one heap: two non-empty heaps have value formula(a, b)."""

    def check(settings: CheckSettings) -> Verdict:
        solver = Solver(GaleNim(n=1))
        top = 8 if settings.quick else 20
        return check_exhaustive(
            integer_cases({"a": (1, top), "b": (1, top)}),
            lambda c: solver.grundy_value((c["a"], c["b"])) == formula(c["a"], c["b"]),
            scope=f"bounded: 1 <= a, b <= {top}",
            explain=lambda c: {"value": solver.grundy_value((c["a"], c["b"]))},
        )

    return check


def _wythoff_with_two(k: int) -> tuple[int, int]:
    return wythoff_pair(k)[0], 2 * k


THEOREMS: list[Theorem] = [
    Theorem(
        id="hackenbush-snake",
        title="Every Green Hackenbush picture is equivalent to a snake",
        statement=(
            "For every picture G, with n the least number such that no move from G leads to a "
            "picture equivalent to the snake *n, the picture G + *n (searched as one game) is a "
            "second-player win, and G + *j is a first-player win for every other j."
        ),
        latex=r"\mathcal{G}(G) = \operatorname{mex}\{\mathcal{G}(G') : G \to G'\} = n \iff G + "
        r"{*n} \in \mathcal{P}",
        source=HACKENBUSH_SOURCE,
        check=_snake_check(None),
        game="hackenbush",
        tags=("hackenbush", "sprague-grundy", "snake"),
    ),
    Theorem(
        id="hackenbush-snake-edge-count",
        title="Mutant: a picture is equivalent to a snake as long as its number of edges",
        statement="Every picture G is equivalent to the snake whose length is G's number of edges.",
        latex=r"G \equiv {*\lvert E(G) \rvert}",
        source=HACKENBUSH_SOURCE,
        check=_snake_check(lambda picture, value: len(picture)),
        mutant_of="hackenbush-snake",
        expect=Expectation.FAILS,
        game="hackenbush",
        tags=("hackenbush", "mutant"),
    ),
    Theorem(
        id="hackenbush-sum-is-nim",
        title="Pictures side by side add like Nim heaps",
        statement=(
            "Two pictures drawn side by side (sharing only the ground) have the nim-sum of "
            "their values as value, found by searching the combined picture as one game."
        ),
        latex=r"\mathcal{G}(G \cup_0 H) = \mathcal{G}(G) \oplus \mathcal{G}(H)",
        source=HACKENBUSH_SOURCE + "; P+Q is the pictures side by side",
        check=_sum_check(lambda a, b: a ^ b),
        game="hackenbush",
        tags=("hackenbush", "sums", "nim-sum"),
    ),
    Theorem(
        id="hackenbush-sum-ordinary",
        title="Mutant: pictures side by side add their values as integers",
        statement="Two pictures side by side have the ordinary sum of their values as value.",
        latex=r"\mathcal{G}(G \cup_0 H) = \mathcal{G}(G) + \mathcal{G}(H)",
        source=HACKENBUSH_SOURCE,
        check=_sum_check(lambda a, b: a + b),
        mutant_of="hackenbush-sum-is-nim",
        expect=Expectation.FAILS,
        game="hackenbush",
        tags=("hackenbush", "mutant"),
    ),
    Theorem(
        id="hackenbush-colon-principle",
        title="Colon principle: a branch may be replaced by a snake of equal value",
        statement=(
            "Hanging a picture H at a vertex v of a picture G gives the same value as hanging "
            "the snake *g(H) at v instead."
        ),
        latex=r"G \cup_v H \equiv G \cup_v {*\mathcal{G}(H)}",
        source="beyond the notes: Winning Ways, colon principle (003 Hackenbush, Bonus I)",
        check=_colon_check(lambda branch, value: snake(value)),
        game="hackenbush",
        tags=("hackenbush", "colon-principle"),
    ),
    Theorem(
        id="hackenbush-tree-edge-count",
        title="Mutant: a tree's value is its number of edges",
        statement="Every tree rooted at the ground has value equal to its number of edges.",
        latex=r"T \text{ a tree} \implies \mathcal{G}(T) = \lvert E(T) \rvert",
        source="beyond the notes: Winning Ways, colon principle (003 Hackenbush, Bonus I)",
        check=_tree_edges_mutant,
        mutant_of="hackenbush-colon-principle",
        expect=Expectation.FAILS,
        game="hackenbush",
        tags=("hackenbush", "trees", "mutant"),
    ),
    Theorem(
        id="hackenbush-colon-edge-count",
        title="Mutant: a branch may be replaced by a snake as long as its number of edges",
        statement=(
            "Hanging a picture H at a vertex gives the same value as hanging a snake with as "
            "many edges as H."
        ),
        latex=r"G \cup_v H \equiv G \cup_v {*\lvert E(H) \rvert}",
        source="beyond the notes: Winning Ways, colon principle (003 Hackenbush, Bonus I)",
        check=_colon_check(lambda branch, value: snake(len(branch))),
        mutant_of="hackenbush-colon-principle",
        expect=Expectation.FAILS,
        game="hackenbush",
        tags=("hackenbush", "colon-principle", "mutant"),
    ),
    Theorem(
        id="hackenbush-fusion-principle",
        title="Fusion principle: the vertices of a circuit may be fused",
        statement=(
            "Merging all vertices of a circuit of a picture into one vertex (the ground if the "
            "circuit touches it), its edges becoming loops, does not change the value."
        ),
        latex=r"G \equiv G / C \quad (C \text{ a circuit fused to one vertex})",
        source="beyond the notes: Winning Ways, fusion principle (003 Hackenbush, Bonus I)",
        check=_fusion,
        game="hackenbush",
        tags=("hackenbush", "fusion-principle"),
    ),
    Theorem(
        id="hackenbush-cycle-length",
        title="Mutant: a circuit of n edges through the ground has value n",
        statement="A circuit of n edges through the ground is equivalent to the snake *n.",
        latex=r"C_n \text{ through the ground} \equiv {*n}",
        source="beyond the notes: Winning Ways, fusion principle (003 Hackenbush, Bonus I)",
        check=_cycle_value_mutant,
        mutant_of="hackenbush-fusion-principle",
        expect=Expectation.FAILS,
        game="hackenbush",
        tags=("hackenbush", "cycles", "mutant"),
    ),
    Theorem(
        id="wythoff-golden-pairs",
        title="Wythoff's P-positions are the golden-ratio pairs",
        statement=(
            "(a, b) is a P-position of Wythoff's game exactly when {a, b} = "
            "{floor(k phi), floor(k phi^2)} for some k >= 0, phi the golden ratio."
        ),
        latex=(
            r"(a,b) \in \mathcal{P} \iff \{a,b\} = "
            r"\{\lfloor k\varphi \rfloor, \lfloor k\varphi^2 \rfloor\}"
        ),
        source="beyond the notes: Wythoff (1907)",
        check=_wythoff_check(wythoff_pair),
        game="wythoff",
        tags=("wythoff", "golden-ratio"),
    ),
    Theorem(
        id="wythoff-phi-squared-is-two",
        title="Mutant: Wythoff's pairs with phi^2 replaced by 2",
        statement="(a, b) is P exactly when {a, b} = {floor(k phi), 2k} for some k >= 0.",
        latex=r"(a,b) \in \mathcal{P} \iff \{a,b\} = \{\lfloor k\varphi \rfloor, 2k\},\ k \ge 0",
        source="beyond the notes: Wythoff (1907)",
        check=_wythoff_check(_wythoff_with_two),
        mutant_of="wythoff-golden-pairs",
        expect=Expectation.FAILS,
        game="wythoff",
        tags=("wythoff", "mutant"),
    ),
    Theorem(
        id="euclid-golden-ratio",
        title="Euclid's game is won by the player to move iff b/a is whole or exceeds phi",
        statement=(
            "With 0 < a <= b, the player to move in Euclid's game wins exactly when b/a is an "
            "integer or b/a > phi (compared exactly, in integers)."
        ),
        latex=r"0 < a \le b:\ (a,b) \in \mathcal{N} \iff a \mid b \ \vee\ b > \varphi a",
        source="001 Legner, unsolved problems: Euclid's Nim (two numbers; Cole and Davie 1969)",
        check=_euclid_check(_beats_phi),
        game="euclid",
        tags=("euclid", "golden-ratio"),
    ),
    Theorem(
        id="euclid-ratio-two",
        title="Mutant: Euclid's game with 2 in place of phi",
        statement="With 0 < a <= b, the player to move wins exactly when b/a is whole or b > 2a.",
        latex=r"0 < a \le b:\ (a,b) \in \mathcal{N} \iff a \mid b \ \vee\ b > 2a",
        source="001 Legner, unsolved problems: Euclid's Nim",
        check=_euclid_check(lambda small, large: large > 2 * small),
        mutant_of="euclid-golden-ratio",
        expect=Expectation.FAILS,
        game="euclid",
        tags=("euclid", "mutant"),
    ),
    Theorem(
        id="moore-nim-digit-counts",
        title="Moore's theorem for Nim_k",
        statement=(
            "In Moore's Nim_k (take from up to k heaps at once) a position is P exactly when, "
            "for every binary digit, the number of heaps with a 1 there is divisible by k + 1."
        ),
        latex=r"(h_1, \ldots, h_r) \in \mathcal{P}_k \iff \forall t:\ (k+1) \mid \lvert\{i : h_i "
        r"\text{ has bit } t\}\rvert",
        source="beyond the notes: Moore (1910)",
        check=_moore_check(lambda k: k + 1),
        game="moore-nim",
        tags=("moore-nim", "nim-variants"),
    ),
    Theorem(
        id="moore-nim-mod-k",
        title="Mutant: Moore's theorem with counts modulo k",
        statement="Nim_k is P exactly when every binary digit's count of ones is divisible by k.",
        latex=r"(h_1, \ldots, h_r) \in \mathcal{P}_k \iff \forall t:\ k \mid \lvert\{i : h_i "
        r"\text{ has bit } t\}\rvert",
        source="beyond the notes: Moore (1910)",
        check=_moore_check(lambda k: k),
        mutant_of="moore-nim-digit-counts",
        expect=Expectation.FAILS,
        game="moore-nim",
        tags=("moore-nim", "mutant"),
    ),
    Theorem(
        id="misere-nim-rule",
        title="Misere Nim: play as in Nim until only heaps of 1 remain",
        statement=(
            "In misere Nim (the last mover loses) a position is P exactly when its nim-sum is "
            "0 and some heap exceeds 1, or every heap is at most 1 and an odd number hold 1."
        ),
        latex=r"h \in \mathcal{P}^{-} \iff (\max_i h_i > 1 \wedge \bigoplus_i h_i = 0) \vee "
        r"(\max_i h_i \le 1 \wedge \sum_i h_i \text{ odd})",
        source="beyond the notes: misere Nim (Bouton 1901)",
        check=_misere_check(_misere_rule),
        game="nim",
        tags=("nim", "misere"),
    ),
    Theorem(
        id="misere-nim-like-normal",
        title="Mutant: misere Nim is won exactly like normal Nim",
        statement="In misere Nim a position is P exactly when its nim-sum is 0.",
        latex=r"h \in \mathcal{P}^{-} \iff \bigoplus_i h_i = 0",
        source="beyond the notes: misere Nim (Bouton 1901)",
        check=_misere_check(lambda heaps: nim_sum(*heaps) == 0),
        mutant_of="misere-nim-rule",
        expect=Expectation.FAILS,
        game="nim",
        tags=("nim", "misere", "mutant"),
    ),
    Theorem(
        id="gale-nim-two-heaps",
        title="Gale's Nim stopping at one heap: two heaps have value ((a-1) xor (b-1)) + 1",
        statement=(
            "In Gale's Nim that ends once at most one heap is non-empty, two non-empty heaps "
            "a, b have Grundy value ((a - 1) xor (b - 1)) + 1."
        ),
        latex=r"a, b \ge 1 \implies \mathcal{G}(a,b) = ((a-1) \oplus (b-1)) + 1",
        source=(
            "001 Legner, unsolved problems: Gale's Nim (two-heap case as noted by T. Plambeck, "
            "math-fun list, 2004)"
        ),
        check=_gale_check(lambda a, b: ((a - 1) ^ (b - 1)) + 1),
        game="gale-nim",
        tags=("gale-nim", "open-problem"),
    ),
    Theorem(
        id="gale-nim-two-heaps-plain-xor",
        title="Mutant: Gale's Nim two heaps have value a xor b",
        statement="Two non-empty heaps of Gale's Nim stopping at one heap have value a xor b.",
        latex=r"a, b \ge 1 \implies \mathcal{G}(a,b) = a \oplus b",
        source="001 Legner, unsolved problems: Gale's Nim",
        check=_gale_check(lambda a, b: a ^ b),
        mutant_of="gale-nim-two-heaps",
        expect=Expectation.FAILS,
        game="gale-nim",
        tags=("gale-nim", "mutant"),
    ),
]
