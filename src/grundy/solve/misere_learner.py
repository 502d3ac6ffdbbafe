"""A candidate misère quotient from outcome experiments, and its exact verification.

The candidate is learnt the way a finite automaton is learnt from membership queries:
representative positions ``reps`` (pairwise told apart), experiments ``tests`` (positions
added to a representative), and the row of a position, its outcomes with every test
added.  A representative plus one heap has the row of exactly one representative: that is
the heap's action.  The actions generate a commutative monoid of maps on the
representatives, the candidate.  :func:`first_failure` then checks the candidate exactly
(see there); a failure gives a position whose outcome the candidate gets wrong, and the
tests grow by a suffix of it that tells two positions apart that the table had confused.
With exact outcomes the loop ends, since every round tells more positions apart and
there are at most as many rows as quotient elements.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from grundy.budget import Meter
from grundy.errors import SearchLimitError
from grundy.solve.misere_outcomes import MisereOutcomes, Position, merge

__all__ = ["BipartiteMonoid", "OracleAstray", "first_failure", "image", "learn_monoid", "product"]


class OracleAstray(Exception):
    """Raised when a guessing outcome oracle contradicts itself (see
    :meth:`MisereOutcomes.trust_below`): the learner cannot go on with it."""


@dataclass(frozen=True, slots=True)
class BipartiteMonoid:
    """A finite commutative monoid (element 0 the identity) with a P-portion and the
    image of each heap ``0..upto``."""

    table: tuple[tuple[int, ...], ...]
    p_portion: frozenset[int]
    heap_map: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.table)


def _pair_states(
    monoid: BipartiteMonoid,
    option_images: Sequence[frozenset[int]],
    limit: int,
    meter: Meter | None = None,
) -> Callable[[], tuple[Position, int, frozenset[int]] | None]:
    """A search over the pairs (image of G, images of G's options) for every sum G."""

    def search() -> tuple[Position, int, frozenset[int]] | None:
        table = monoid.table
        heaps = [h for h, images in enumerate(option_images) if images]
        start = (0, frozenset[int]())
        seen: dict[tuple[int, frozenset[int]], Position] = {start: ()}
        queue: list[tuple[int, frozenset[int]]] = [start]
        for x, moves in queue:
            if meter is not None:
                meter.tick()
            position = seen[(x, moves)]
            says_p = x in monoid.p_portion
            derived_p = bool(moves) and not (moves & monoid.p_portion)
            if says_p != derived_p:
                return position, x, moves
            for heap in heaps:
                a = monoid.heap_map[heap]
                row = table[x]
                state = (
                    row[a],
                    frozenset({table[w][a] for w in moves} | {row[o] for o in option_images[heap]}),
                )
                if state not in seen:
                    if len(seen) >= limit:
                        raise SearchLimitError(
                            f"the verification met more than {limit:,} (image, options) pairs"
                        )
                    seen[state] = (*position, heap)
                    queue.append(state)
        return None

    return search


def option_images(monoid: BipartiteMonoid, oracle: MisereOutcomes) -> list[frozenset[int]]:
    """For each heap, the images of the positions its moves leave."""
    return [frozenset(image(monoid, option) for option in moves) for moves in oracle.rules.options]


def image(monoid: BipartiteMonoid, position: Position) -> int:
    return product(monoid.table, monoid.heap_map, position)


def product(table: Sequence[Sequence[int]], heap_map: Sequence[int], position: Position) -> int:
    """The element a sum of heaps maps to: the product of its heaps' images in ``table``."""
    x = 0
    for heap in position:
        x = table[x][heap_map[heap]]
    return x


def first_failure(
    monoid: BipartiteMonoid, oracle: MisereOutcomes, largest: int, limit: int = 2_000_000
) -> Position | None:
    """A sum of heaps whose outcome the candidate gets wrong, or None when there is none.

    Every sum G has a pair (image of G, set of images of G's options); adding a heap h
    sends the pair (x, W) to (x h, h W + x O_h), O_h the images of h's options, so the
    pairs of all sums are found by a finite search from (1, {}).  When every pair has
    x in P exactly when W is non-empty and misses P, the candidate is right for every G,
    by induction on G (moves make heaps smaller).  Otherwise the witness G, or one of its
    options, is a position the candidate gets wrong.
    """
    images = option_images(monoid, oracle)
    images = [moves if h <= largest else frozenset() for h, moves in enumerate(images)]
    found = _pair_states(monoid, images, limit, oracle.meter)()
    if found is None:
        return None
    position = found[0]
    while True:  # descend to a position whose outcome disagrees with its image
        if oracle.is_p(position) != (image(monoid, position) in monoid.p_portion):
            return position
        wrong = [
            option
            for option in oracle.options(position)
            if oracle.is_p(option) != (image(monoid, option) in monoid.p_portion)
        ]
        if not wrong:  # only a guessing oracle can fail to be a game's outcomes
            raise OracleAstray(f"{position} has outcomes its options contradict")
        position = wrong[0]


ROUND_LIMIT = 100_000
"""Most rounds of the learner (each adds a test) before it gives up."""


class _Table:
    """The learner's table: representatives, tests, rows and the heaps' actions."""

    def __init__(self, oracle: MisereOutcomes, heaps: Sequence[int], max_size: int) -> None:
        self.oracle = oracle
        self.heaps = list(heaps)
        self.max_size = max_size
        self.reps: list[Position] = [()]
        self.tests: list[Position] = [()]
        self.action: dict[int, list[int]] = {}

    def row(self, position: Position) -> tuple[bool, ...]:
        return tuple(self.oracle.is_p(merge(position, test)) for test in self.tests)

    def close(self) -> None:
        """Add representatives until every representative plus a heap has a known row."""
        index = {self.row(rep): i for i, rep in enumerate(self.reps)}
        self.action = {h: [] for h in self.heaps}
        i = 0
        while i < len(self.reps):
            for heap in self.heaps:
                grown = merge(self.reps[i], (heap,))
                row = self.row(grown)
                if row not in index:
                    if len(self.reps) >= self.max_size:
                        raise SearchLimitError(
                            f"the quotient has more than {self.max_size:,} elements"
                        )
                    index[row] = len(self.reps)
                    self.reps.append(grown)
                self.action[heap].append(index[row])
            i += 1

    def non_commuting(self) -> Position | None:
        """A test that splits a confusion when two heaps' actions do not commute."""
        for h1 in self.heaps:
            for h2 in self.heaps:
                if h2 <= h1:
                    continue
                a1, a2 = self.action[h1], self.action[h2]
                for r in range(len(self.reps)):
                    s1, s2 = a2[a1[r]], a1[a2[r]]
                    if s1 == s2:
                        continue
                    return self._split(r, h1, h2, s1, s2)
        return None

    def _split(self, r: int, h1: int, h2: int, s1: int, s2: int) -> Position:
        rep = self.reps[r]
        for test in self.tests:
            if self.oracle.is_p(merge(self.reps[s1], test)) != self.oracle.is_p(
                merge(self.reps[s2], test)
            ):
                truth = self.oracle.is_p(merge(merge(rep, (h1, h2)), test))
                u1 = self.reps[self.action[h1][r]]
                if self.oracle.is_p(merge(merge(u1, (h2,)), test)) != truth:
                    return merge((h2,), test)
                return merge((h1,), test)
        raise AssertionError("distinct representatives have distinct rows")

    def monoid(self, upto: int) -> BipartiteMonoid:
        """The monoid of maps generated by the heaps' actions (maps as tuples)."""
        identity = tuple(range(len(self.reps)))
        generators = {h: tuple(self.action[h]) for h in self.heaps}
        elements = [identity]
        number = {identity: 0}
        for f in elements:
            for g in generators.values():
                composed = tuple(g[v] for v in f)
                if composed not in number:
                    if len(elements) >= self.max_size * 4:
                        raise SearchLimitError("the candidate monoid grew too large")
                    number[composed] = len(elements)
                    elements.append(composed)
        # x * y is "apply x, then y": both commute, so the order does not matter.
        table = tuple(tuple(number[tuple(y[v] for v in x)] for y in elements) for x in elements)
        p_reps = {i for i, rep in enumerate(self.reps) if self.oracle.is_p(rep)}
        p_portion = frozenset(i for i, f in enumerate(elements) if f[0] in p_reps)
        heap_map = tuple(number[generators[h]] if h in generators else 0 for h in range(upto + 1))
        return BipartiteMonoid(table, p_portion, heap_map)

    def add_test(self, test: Position) -> None:
        if test in self.tests:
            raise OracleAstray(f"test {test} is already in the table")
        self.tests.append(test)


def learn_monoid(
    oracle: MisereOutcomes,
    largest: int,
    tests: list[Position],
    max_size: int = 4096,
) -> BipartiteMonoid:
    """A verified bipartite monoid for the sums of heaps up to ``largest`` (possibly not
    reduced: see :func:`grundy.solve.misere_monoid.reduce`).  ``tests`` holds the tests
    of earlier rounds and gains this round's."""
    rules = oracle.rules
    heaps = [h for h in rules.live_heaps if h <= largest]
    table = _Table(oracle, heaps, max_size)
    table.tests = tests
    for _ in range(ROUND_LIMIT):
        table.close()
        test = table.non_commuting()
        if test is not None:
            table.add_test(test)
            continue
        monoid = table.monoid(rules.upto)
        wrong = first_failure(monoid, oracle, largest)
        if wrong is None:
            return monoid
        table.add_test(_splitting_suffix(table, monoid, wrong))
    raise SearchLimitError(f"the learner did not settle in {ROUND_LIMIT:,} rounds")


def _splitting_suffix(table: _Table, monoid: BipartiteMonoid, wrong: Position) -> Position:
    """The suffix of a wrongly judged position that splits a representative from a
    representative plus a heap (the step where the table's guess changes the outcome)."""
    oracle = table.oracle
    state = 0  # the representative reached after reading the first i heaps of ``wrong``
    verdicts = []
    states = [0]
    for heap in wrong:
        state = table.action[heap][state]
        states.append(state)
    for i in range(len(wrong) + 1):
        verdicts.append(oracle.is_p(merge(table.reps[states[i]], wrong[i:])))
    for i in range(len(wrong)):
        if verdicts[i] != verdicts[i + 1]:
            return wrong[i + 1 :]
    raise OracleAstray(f"{wrong} is judged right by every representative")
