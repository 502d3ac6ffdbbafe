"""Green Hackenbush (notes 003, Bonus I): every picture is equivalent to a snake, pictures
side by side add like Nim heaps, and the colon and fusion principles (Winning Ways).

Every check derives values with the exact solver from the rules and compares them with
the statement.  Exhaustive checks enumerate every small picture in a stated order (so the
first failure is the least counterexample); random checks draw connected pictures larger
than any exhaustive one, with hypothesis from a recorded seed.  Each theorem that uses both
engines has a mutant only small pictures refute and one only larger pictures refute.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from hypothesis import strategies as st

from grundy.declare import Declaration, listing, mutant, section, theorem
from grundy.games.base import Part
from grundy.games.hackenbush import (
    GROUND,
    Edge,
    GreenHackenbush,
    Picture,
    attach,
    find_cycle,
    format_edges,
    fuse,
    prune,
    snake,
)
from grundy.library import CheckSettings
from grundy.solve import Outcome, Solver
from grundy.verdict import Status, Verdict, combine_verdicts
from grundy.verify.exhaustive import Case, check_exhaustive
from grundy.verify.random_search import search_random

# The proof a lecturer gives in class (Theorem.proof): the handout prints it.
COLON_PROOF = (
    "Let n = G(H), and compare G with H hung at v against G with the snake *n hung at v "
    "instead. Two games are equivalent exactly when their sum is a P-position, so it is "
    "enough to give the second player a winning strategy in the sum of the two pictures. "
    "Keep two things true after each of the second player's moves: the two copies of G "
    "are the same, and what is left of H and of the snake form a P-position when played "
    "side by side (true at the start, as H and *n have the same value n). A move in one "
    "copy of G is answered by the same move in the other; if it cuts v off the ground, "
    "both branches fall and the two pictures are identical. A move in H or in the snake "
    "is answered by a winning reply in the sum of H and the snake. The second player can "
    "always answer, so the second player makes the last move and wins."
)


HACKENBUSH_SOURCE = "003 Hackenbush notes, Bonus I (every picture is equivalent to a snake)"
COLON_SOURCE = "beyond the notes: Winning Ways, colon principle (003 Hackenbush, Bonus I)"
FUSION_SOURCE = "beyond the notes: Winning Ways, fusion principle (003 Hackenbush, Bonus I)"


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


def _connected_pictures(
    vertices: tuple[int, int], edges: tuple[int, int]
) -> st.SearchStrategy[Picture]:
    """Random pictures connected to the ground (nothing is pruned away): vertex v >= 1
    hangs from an earlier vertex (usually v - 1 or v - 2), then extra edges, loops and
    parallel edges allowed, bring the count into ``edges``."""

    @st.composite
    def build(draw: st.DrawFn) -> Picture:
        count = draw(st.integers(*vertices))
        tree = [(draw(st.integers(max(0, v - 2), v - 1)), v) for v in range(1, count + 1)]
        low, high = max(0, edges[0] - count), max(0, edges[1] - count)
        ends = st.integers(0, count)
        extra = draw(st.lists(st.tuples(ends, ends), min_size=low, max_size=high))
        return prune([*tree, *((min(e), max(e)) for e in extra)])

    return build()


def _hackenbush_sizes(settings: CheckSettings) -> tuple[int, int, int]:
    """(vertices, edges) of the exhaustive domain and the number of random examples."""
    if settings.quick:
        return 2, 3, 40
    return 3, 5, min(settings.random_examples, 300)


def _beyond(settings: CheckSettings) -> tuple[int, int]:
    """The random pictures' edge counts: just past the exhaustive domain."""
    _, edges, _ = _hackenbush_sizes(settings)
    return edges + 1, edges + 3


Window = tuple[int, int] | None
"""Mutants restricted to pictures whose edge count lies in a window (None: every picture)."""


def _in(window: Window, picture: Picture) -> bool:
    return window is None or window[0] <= len(picture) <= window[1]


def _ceiling(pictures: Iterator[Picture]) -> int:
    """One more than the largest value among ``pictures``: a value only larger pictures have."""
    value = _values()
    return 1 + max(value(picture) for picture in pictures)


def _snake_check(
    wrong_value: Callable[[Picture, int, int], int] | None, *, random_part: bool = True
) -> Callable[..., Verdict]:
    """Every picture G with value g (the mex rule) satisfies: G + snake(g) is a second-player
    win and G + snake(j) is a first-player win for every j != g, searched as one game for
    every j <= g + 1; for j > g + 1 the move cutting the snake down to g reaches the
    second-player win G + snake(g).  ``wrong_value(picture, g, ceiling)`` replaces g by a
    mutant's length; ``ceiling`` is one more than the largest value of the exhaustive
    domain."""

    def check(settings: CheckSettings) -> Verdict:
        value, whole = _values(), _whole_outcomes()
        vertices, edges, examples = _hackenbush_sizes(settings)

        ceiling = _ceiling(_small_pictures(vertices, edges))

        def claimed(picture: Picture) -> int:
            true = value(picture)
            return true if wrong_value is None else wrong_value(picture, true, ceiling)

        game = _WholePicture("")

        def cut_reaches(picture: Picture, longer: int, length: int) -> bool:
            """G + *longer has the move to G + *length (cutting the snake)."""
            target = game.canonical(attach(picture, 0, snake(length)))
            return any(
                game.canonical(option) == target
                for option in game.moves(attach(picture, 0, snake(longer)))
            )

        def holds(case: Case) -> bool:
            picture = case["picture"]
            length = claimed(picture)
            searched = max(length, value(picture)) + 2
            for other in range(searched):
                outcome = whole(attach(picture, 0, snake(other)))
                if (outcome is Outcome.P) != (other == length):
                    return False
            # beyond: every longer snake is cut to *length, a P-position; shown here for the
            # first length not searched (the same cut exists for every longer snake)
            return cut_reaches(picture, searched, length)

        def explain(case: Case) -> dict[str, Any]:
            return {"edges": format_edges(case["picture"]), "value": value(case["picture"])}

        exhaustive = check_exhaustive(
            ({"picture": p} for p in _small_pictures(vertices, edges)),
            holds,
            scope=f"bounded: every multigraph on ground + {vertices} vertices, <= {edges} edges",
            explain=explain,
        )
        if not random_part:
            return exhaustive
        low, high = _beyond(settings)
        randomised = search_random(
            st.fixed_dictionaries({"picture": _connected_pictures((3, 6), (low, high))}),
            holds,
            seed=settings.seed,
            examples=examples,
            scope=f"random: connected pictures on ground + 3 to 6 vertices, {low} to {high} edges",
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


def _colon_check(
    replacement: Callable[[Picture, int, int], Picture],
) -> Callable[..., Verdict]:
    """Hanging a branch at a vertex, or ``replacement(branch, value)`` instead, gives
    pictures of equal value.  The colon principle's replacement is the snake of the
    branch's value; ``replacement(branch, value, ceiling)`` also sees one more than the
    largest value of an exhaustive branch.  Exhaustive: small bases and branches; random:
    branches with more edges than any exhaustive one."""

    def check(settings: CheckSettings) -> Verdict:
        value = _values()
        _, _, examples = _hackenbush_sizes(settings)
        most = 2 if settings.quick else 3
        ceiling = _ceiling(_small_pictures(2, most))

        def vertex_of(base: Picture, index: int) -> int:
            vertices = sorted({v for edge in base for v in edge} | {0})
            return vertices[index % len(vertices)]

        def holds(case: Case) -> bool:
            base, branch = case["base"], case["branch"]
            vertex = vertex_of(base, case["at"])
            other = replacement(branch, value(branch), ceiling)
            return value(attach(base, vertex, branch)) == value(attach(base, vertex, other))

        def explain(case: Case) -> dict[str, Any]:
            base, branch = case["base"], case["branch"]
            vertex = vertex_of(base, case["at"])
            other = replacement(branch, value(branch), ceiling)
            return {
                "base": format_edges(base),
                "vertex": vertex,
                "branch": format_edges(branch),
                "replacement": format_edges(other),
                "values": [value(attach(base, vertex, branch)), value(attach(base, vertex, other))],
                "edges": format_edges(attach(base, vertex, branch)),
            }

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
        low, high = most + 1, most + 3
        randomised = search_random(
            st.fixed_dictionaries(
                {
                    "base": _connected_pictures((1, 3), (1, 4)),
                    "at": st.integers(0, 9),
                    "branch": _connected_pictures((2, 5), (low, high)),
                }
            ),
            holds,
            seed=settings.seed,
            examples=examples,
            scope=f"random: connected bases of 1 to 4 edges, connected branches of {low} to "
            f"{high} edges",
            explain=explain,
        )
        return combine_verdicts([exhaustive, randomised])

    return check


def _circuit_parts(picture: Picture, cycle: Sequence[int]) -> tuple[list[Edge], list[Edge], int]:
    """The edges with both ends on the circuit's vertices, the others, and the vertex the
    circuit fuses into."""
    on = set(cycle)
    inside = [edge for edge in picture if edge[0] in on and edge[1] in on]
    outside = [edge for edge in picture if not (edge[0] in on and edge[1] in on)]
    return inside, outside, (GROUND if GROUND in on else min(on))


def _fuse_circuit(picture: Picture, cycle: Sequence[int]) -> Picture:
    return fuse(picture, cycle)


def _circuit_to_snake(picture: Picture, cycle: Sequence[int]) -> Picture:
    """The mutant's fusion: the circuit's n edges become a snake of n edges, not n loops."""
    inside, outside, vertex = _circuit_parts(picture, cycle)
    return attach(fuse(outside, cycle), vertex, snake(len(inside)))


Fusion = Callable[[Picture, Sequence[int]], Picture]


def _circuit_dropped(small: bool) -> Callable[[CheckSettings], Fusion]:
    """The mutant's fusion, only in pictures no larger than the exhaustive domain's
    (``small``) or only in larger ones: the circuit's edges vanish instead of becoming
    loops."""

    def for_settings(settings: CheckSettings) -> Fusion:
        _, edges, _ = _hackenbush_sizes(settings)
        window = (0, edges) if small else (edges + 1, 1_000)

        def transform(picture: Picture, cycle: Sequence[int]) -> Picture:
            if not _in(window, picture):
                return fuse(picture, cycle)
            _, outside, _ = _circuit_parts(picture, cycle)
            return prune(fuse(outside, cycle))

        return transform

    return for_settings


def _fusion_check(fusion: Callable[[CheckSettings], Fusion]) -> Callable[..., Verdict]:
    """Fusing the vertices of a circuit (found by :func:`find_cycle`) keeps the value;
    ``fusion(settings)`` is the fusion (a mutant's replaces it).  Exhaustive: small pictures;
    random: connected pictures with more edges than any exhaustive one."""

    def check(settings: CheckSettings) -> Verdict:
        value = _values()
        vertices, edges, examples = _hackenbush_sizes(settings)
        transform = fusion(settings)

        def holds(case: Case) -> bool:
            cycle = find_cycle(case["picture"])
            return cycle is None or value(transform(case["picture"], cycle)) == value(
                case["picture"]
            )

        def explain(case: Case) -> dict[str, Any]:
            cycle = find_cycle(case["picture"]) or ()
            fused = transform(case["picture"], cycle)
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
        low, high = _beyond(settings)
        randomised = search_random(
            st.fixed_dictionaries({"picture": _connected_pictures((3, 6), (low, high + 2))}),
            holds,
            seed=settings.seed,
            examples=examples,
            scope=f"random: connected pictures on ground + 3 to 6 vertices, {low} to {high + 2} "
            "edges",
            explain=explain,
        )
        return combine_verdicts([exhaustive, randomised])

    return check


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


def _fusion_drops_circuits(small: bool) -> Declaration:
    """The mutant whose circuits vanish when fused, only in pictures no larger than the
    exhaustive domain's (``small``: only the random pictures could refute it, and they are
    all larger) or only in larger ones (the exhaustive domain cannot refute it)."""
    which, size, where, bound = (
        ("small", "small", "no more", r"\le") if small else ("large", "larger", "more", ">")
    )
    refuter = "the random pictures, all larger," if small else "the exhaustive domain"
    return mutant(
        f"hackenbush-fusion-drops-{which}-circuits",
        f"Mutant: in {size} pictures, a fused circuit's edges vanish",
        f"As the fusion principle, but in pictures with {where} than 5 edges the circuit's "
        "edges are deleted rather than turned into loops.  Five edges bound the exhaustive "
        f"domain (3 with quick settings): a statement about {size} pictures only, which "
        f"{refuter} cannot refute.",
        rf"\lvert E(G) \rvert {bound} 5 \implies G \equiv (G - C) / C",
        _fusion_check(_circuit_dropped(small)),
        tags=("hackenbush", "cycles", "mutant"),
    )


THEOREMS = listing(
    section(HACKENBUSH_SOURCE, game="hackenbush", tags=("hackenbush", "sprague-grundy", "snake")),
    theorem(
        "hackenbush-snake",
        "Every Green Hackenbush picture is equivalent to a snake",
        "For every picture G, with n the least number such that no move from G leads to a "
        "picture equivalent to the snake *n, the picture G + *n is a second-player win, and "
        "G + *j is a first-player win for every other j.  G + *j is searched as one game "
        "for j <= n + 1, and for j > n + 1 the move cutting *j down to *n wins.  Every "
        "multigraph on the ground and 3 more vertices with at most 5 edges (exhaustive), "
        "and random connected pictures of 6 to 8 edges.",
        r"\mathcal{G}(G) = \operatorname{mex}\{\mathcal{G}(G') : G \to G'\} = n \iff G + "
        r"{*n} \in \mathcal{P}",
        _snake_check(None),
    ),
    mutant(
        "hackenbush-snake-edge-count",
        "Mutant: a picture is equivalent to a snake as long as its number of edges",
        "Every picture G is equivalent to the snake whose length is G's number of edges.",
        r"G \equiv {*\lvert E(G) \rvert}",
        _snake_check(lambda picture, value, ceiling: len(picture), random_part=False),
        tags=("hackenbush", "mutant"),
    ),
    mutant(
        "hackenbush-snake-empty-is-one",
        "Mutant: the empty picture is equivalent to a snake of one edge",
        "Every picture G is equivalent to the snake *n of the mex rule, except the "
        "empty picture, taken as *1.  Only the empty picture refutes it; the random pictures "
        "all have edges.",
        r"\emptyset \equiv {*1}",
        _snake_check(lambda picture, value, ceiling: value if picture else 1),
        tags=("hackenbush", "mutant"),
    ),
    mutant(
        "hackenbush-snake-mod-ceiling",
        "Mutant: every picture is equivalent to the snake *(n mod c)",
        "Every picture is equivalent to the snake *(n mod c), where n is its mex value and "
        "c = 6.  c is one more than the largest value in the exhaustive domain (4 with quick "
        "settings): the same there, so only larger pictures refute it.",
        r"G \equiv {*(\mathcal{G}(G) \bmod c)}",
        _snake_check(lambda picture, value, ceiling: value % ceiling),
        tags=("hackenbush", "mutant"),
    ),
    section(
        HACKENBUSH_SOURCE + "; P+Q is the pictures side by side",
        game="hackenbush",
        tags=("hackenbush", "sums", "nim-sum"),
    ),
    theorem(
        "hackenbush-sum-is-nim",
        "Pictures side by side add like Nim heaps",
        "Two pictures drawn side by side (sharing only the ground) have the nim-sum of "
        "their values as value.  Found by searching the combined picture as one game: "
        "every pair of pictures on the ground and 2 more vertices, at most 3 edges each.",
        r"\mathcal{G}(G \cup_0 H) = \mathcal{G}(G) \oplus \mathcal{G}(H)",
        _sum_check(lambda a, b: a ^ b),
    ),
    mutant(
        "hackenbush-sum-ordinary",
        "Mutant: pictures side by side add their values as integers",
        "Two pictures side by side have the ordinary sum of their values as value.",
        r"\mathcal{G}(G \cup_0 H) = \mathcal{G}(G) + \mathcal{G}(H)",
        _sum_check(lambda a, b: a + b),
        source=HACKENBUSH_SOURCE,
        tags=("hackenbush", "mutant"),
    ),
    section(
        "beyond the notes: Winning Ways, colon principle (003 Hackenbush, Bonus I)",
        game="hackenbush",
        tags=("hackenbush", "colon-principle"),
    ),
    theorem(
        "hackenbush-colon-principle",
        "Colon principle: a branch may be replaced by a snake of equal value",
        "Hanging a picture H at a vertex v of a picture G gives the same value as hanging "
        "the snake *g(H) at v instead.  Every base and branch multigraph on the ground and 2 "
        "more vertices with at most 3 edges each (exhaustive), and random connected "
        "branches of 4 to 6 edges on small bases.",
        r"G \cup_v H \equiv G \cup_v {*\mathcal{G}(H)}",
        _colon_check(lambda branch, value, ceiling: snake(value)),
        proof=COLON_PROOF,
    ),
    mutant(
        "hackenbush-tree-edge-count",
        "Mutant: a tree's value is its number of edges",
        "Every tree rooted at the ground has value equal to its number of edges.",
        r"T \text{ a tree} \implies \mathcal{G}(T) = \lvert E(T) \rvert",
        _tree_edges_mutant,
        tags=("hackenbush", "trees", "mutant"),
    ),
    mutant(
        "hackenbush-colon-edge-count",
        "Mutant: a branch may be replaced by a snake as long as its number of edges",
        "Hanging a picture H at a vertex gives the same value as hanging a snake with as "
        "many edges as H.",
        r"G \cup_v H \equiv G \cup_v {*\lvert E(H) \rvert}",
        _colon_check(lambda branch, value, ceiling: snake(len(branch))),
        tags=("hackenbush", "colon-principle", "mutant"),
    ),
    mutant(
        "hackenbush-colon-empty-branch",
        "Mutant: an empty branch may be replaced by one edge",
        "As the colon principle, but a branch with no edges is replaced by a snake of "
        "one edge.  Only the empty branch refutes it; the random branches all have edges.",
        r"G \cup_v \emptyset \equiv G \cup_v {*1}",
        _colon_check(lambda branch, value, ceiling: snake(value) if branch else snake(1)),
        source=COLON_SOURCE,
        tags=("hackenbush", "colon-principle", "mutant"),
    ),
    mutant(
        "hackenbush-colon-mod-ceiling",
        "Mutant: a branch may be replaced by the snake of its value mod c",
        "Hanging H at v gives the value of hanging the snake *(g(H) mod c) instead, where "
        "c = 4.  c is one more than the largest value of an exhaustive branch (3 with quick "
        "settings): the same for every exhaustive branch, so only larger branches refute it.",
        r"G \cup_v H \equiv G \cup_v {*(\mathcal{G}(H) \bmod c)}",
        _colon_check(lambda branch, value, ceiling: snake(value % ceiling)),
        source=COLON_SOURCE,
        tags=("hackenbush", "colon-principle", "mutant"),
    ),
    section(FUSION_SOURCE, game="hackenbush", tags=("hackenbush", "fusion-principle")),
    theorem(
        "hackenbush-fusion-principle",
        "Fusion principle: the vertices of a circuit may be fused",
        "Merging all vertices of a circuit of a picture into one vertex (the ground if the "
        "circuit touches it), its edges becoming loops, does not change the value.  Every "
        "multigraph on the ground and 3 more vertices with at most 5 edges (exhaustive), "
        "and random connected pictures of 6 to 10 edges.",
        r"G \equiv G / C \quad (C \text{ a circuit fused to one vertex})",
        _fusion_check(lambda settings: _fuse_circuit),
    ),
    mutant(
        "hackenbush-cycle-length",
        "Mutant: fusing a circuit of n edges gives a snake of n edges",
        "As the fusion principle, but the n edges on the fused circuit's vertices "
        "become a snake *n at the fused vertex instead of n loops.",
        r"C_n \text{ fused} \equiv {*n}",
        _fusion_check(lambda settings: _circuit_to_snake),
        tags=("hackenbush", "cycles", "mutant"),
    ),
    _fusion_drops_circuits(small=True),
    _fusion_drops_circuits(small=False),
)
