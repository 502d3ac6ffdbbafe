"""The misère quotient of a heap game restricted to heaps up to N.

For the sums of heaps of sizes ``0..N`` of a heap game (an octal code or a subtraction
set), two sums G and H are indistinguishable when G + X and H + X have the same misère
outcome for every such sum X.  The classes form a finite commutative monoid Q_N (the
partial misère quotient, Plambeck and Siegel), and a sum is a P-position exactly when its
class lies in the P-portion.  :func:`misere_quotient` adds the heaps one at a time, on
monoid elements (:mod:`grundy.solve.misere_extend`; the outcome learner of
:mod:`grundy.solve.misere_learner` with ``method="learner"``, or for a heap the element
construction fails on while the quotient is small), verifies each stage exactly for every
sum (not only small ones: :mod:`grundy.solve.misere_verify`), reduces it and writes its
presentation.

>>> from grundy.games.nim import Nim
>>> q = misere_quotient(Nim(), 3)
>>> q.size, q.relation_names, q.p_names
(6, ('a^2 = 1', 'b^3 = b'), ('a', 'b^2'))
>>> q.tame
2
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from grundy.budget import Meter
from grundy.errors import BudgetExceededError, InvalidParameterError, SearchLimitError
from grundy.solve.misere_arrays import Monoid, as_tuples
from grundy.solve.misere_extend import NoCandidate, Watch, extend
from grundy.solve.misere_learner import BipartiteMonoid, OracleAstray, learn_monoid, product
from grundy.solve.misere_monoid import Word, presentation, reduce, tame_rank, word_name
from grundy.solve.misere_outcomes import (
    POSITION_LIMIT,
    HeapRules,
    MisereOutcomes,
    Position,
    merge,
)
from grundy.solve.misere_periodic import HeapPeriodicity, heap_periodicity
from grundy.solve.misere_rules import quotient_rules

__all__ = ["MisereQuotient", "misere_quotient"]


@dataclass(frozen=True, slots=True)
class MisereQuotient:
    """A verified partial misère quotient Q_N, elements numbered by their normal forms
    (element 0 is the identity, the class of the empty sum)."""

    game: str
    kind: str
    rules: str
    upto: int
    generator_heaps: tuple[int, ...]
    normal_forms: tuple[Word, ...]
    relations: tuple[tuple[Word, Word], ...]
    table: tuple[tuple[int, ...], ...]
    p_portion: tuple[int, ...]
    heap_map: tuple[int, ...]
    tame: int | None
    heap_period: tuple[int, int] | None
    positions_searched: int
    exact_stages: int
    learner_stages: int = 0
    """Heaps the element-level construction left to the outcome learner."""

    @property
    def size(self) -> int:
        """|Q|, the number of classes."""
        return len(self.table)

    @property
    def lemma_id(self) -> str:
        """How an answer read from this quotient names it in ``assumes`` (the solver's and
        the claim method's alike; report/words.py reads it back into words)."""
        return f"misere-quotient of {self.game}, heaps 0..{self.upto}, |Q| = {self.size}"

    @property
    def element_names(self) -> tuple[str, ...]:
        return tuple(word_name(w) for w in self.normal_forms)

    @property
    def p_names(self) -> tuple[str, ...]:
        return tuple(self.element_names[x] for x in self.p_portion)

    @property
    def relation_names(self) -> tuple[str, ...]:
        return tuple(f"{word_name(lhs)} = {word_name(rhs)}" for lhs, rhs in self.relations)

    @property
    def generator_names(self) -> tuple[str, ...]:
        return tuple(
            word_name(tuple(int(i == j) for j in range(len(self.generator_heaps))))
            for i in range(len(self.generator_heaps))
        )

    @property
    def periodicity(self) -> HeapPeriodicity | None:
        """How the heap map repeats, and whether that proves the quotient for every heap
        size (see :mod:`grundy.solve.misere_periodic`)."""
        return heap_periodicity(self.kind, self.rules, self.heap_map)

    @property
    def scope(self) -> str:
        """Where the quotient is proved, in a mathematician's words (a handout reads it):
        every sum of heaps when the heap map's period proves it, else up to ``upto``."""
        found = self.periodicity
        if found is not None and found.proves_every_heap:
            return (
                "unbounded: every sum of heaps of any sizes, since the element of the "
                f"quotient a single heap gives repeats with period {found.period} from heap "
                f"{found.preperiod}"
            )
        return f"every sum of heaps of sizes 0..{self.upto}, of any number of heaps"

    @property
    def every_heap(self) -> bool:
        """Whether the quotient is proved for sums of heaps of every size, not only up to
        ``upto``."""
        found = self.periodicity
        return found is not None and found.proves_every_heap

    def image(self, heaps: tuple[int, ...] | list[int]) -> int:
        """The element of a sum of heaps (each at most ``upto``)."""
        x = 0
        for heap in heaps:
            x = self.table[x][self.heap_map[heap]]
        return x

    def is_p(self, heaps: tuple[int, ...] | list[int]) -> bool:
        """Whether a sum of heaps (each at most ``upto``) is a misère P-position."""
        return self.image(heaps) in self.p_portion


GUESS_DEPTHS = (1, 2, 3)
"""How deep the keys of the guessing tries look (see :func:`_learn_stage`)."""


def _learn_stage(
    oracle: MisereOutcomes,
    known: BipartiteMonoid,
    heap: int,
    tests: list[Position],
    max_size: int,
) -> BipartiteMonoid:
    """Q_heap, given the verified quotient ``known`` of the smaller heaps.

    The outcome search first remembers R + E (R the smaller heaps) under a key of R: its
    class and the classes of its options, ``depth`` moves deep.  That is a guess (sums
    with equal keys can differ once the new heap is added), but whatever the guesses,
    the learner returns only a verified monoid; when the guesses contradict themselves,
    a deeper key is tried, and last the exact search."""
    for depth in GUESS_DEPTHS:
        oracle.trust_below(heap, _judge(known), _guess_key(known, oracle.rules, depth))
        try:
            return learn_monoid(oracle, heap, tests, max_size=max_size)
        except BudgetExceededError:
            raise  # the budget, not the guess, ran out
        except (OracleAstray, SearchLimitError):
            continue
    oracle.exact_stages += 1
    oracle.trust_below(heap, _judge(known))
    return learn_monoid(oracle, heap, tests, max_size=max_size)


def _judge(monoid: BipartiteMonoid) -> Callable[[Position], bool]:
    table, heap_map, p = monoid.table, monoid.heap_map, monoid.p_portion

    def is_p(position: Position) -> bool:
        x = 0
        for heap in position:
            x = table[x][heap_map[heap]]
        return x in p

    return is_p


def _guess_key(
    monoid: BipartiteMonoid, rules: HeapRules, depth: int
) -> Callable[[Position], Hashable]:
    """The class of a sum of smaller heaps with the keys of its options, ``depth`` moves
    deep: the key under which a guessing try of the learner remembers outcomes."""
    table, heap_map = monoid.table, monoid.heap_map
    memo: dict[tuple[int, Position], Hashable] = {}

    def key(position: Position, level: int = depth) -> Hashable:
        found = memo.get((level, position))
        if found is not None:
            return found
        image = product(table, heap_map, position)
        if level == 0:
            return image
        below: set[Hashable] = set()
        for index, heap in enumerate(position):
            if index and position[index - 1] == heap:
                continue
            rest = position[:index] + position[index + 1 :]
            below.update(key(merge(rest, option), level - 1) for option in rules.options[heap])
        found = (image, frozenset(below))
        memo[(level, position)] = found
        return found

    return key


def heap_period(heap_map: tuple[int, ...]) -> tuple[int, int] | None:
    """The least (preperiod, period) with which the heap map repeats at least twice over.

    >>> heap_period((0, 1, 2, 3, 2, 3, 2, 3))
    (2, 2)
    """
    n = len(heap_map)
    for period in range(1, n // 2 + 1):
        for start in range(0, n - 2 * period + 1):
            if all(heap_map[h] == heap_map[h + period] for h in range(start, n - period)):
                return start, period
    return None


LEARNER_FALLBACK_SIZE = 64
"""Largest quotient from which a heap the element construction fails on is handed to the
outcome learner (past it the learner's search is out of reach: bench/QUOTIENTS.md)."""

METHODS = ("elements", "learner")
"""How each heap is added: on monoid elements (:mod:`grundy.solve.misere_extend`, the
learner only when it finds no candidate), or by the outcome learner alone."""


def misere_quotient(
    game: Any,
    upto: int,
    max_size: int = 4096,
    position_limit: int = POSITION_LIMIT,
    method: str = "elements",
    meter: Meter | None = None,
    watch: Watch | None = None,
) -> MisereQuotient:
    """The misère quotient of the sums of heaps ``0..upto`` of a heap game.

    Only a sum of independent heaps whose rule the certificate checker replays is taken
    (:func:`~grundy.solve.misere_rules.quotient_rules`; anything else raises
    :class:`~grundy.errors.InvalidParameterError`).

    Raises :class:`~grundy.errors.SearchLimitError` when the quotient would have more
    than ``max_size`` elements or the outcome search more than ``position_limit``
    positions, and :class:`~grundy.errors.BudgetExceededError` when ``meter`` (a running
    budget, ticked throughout the construction and its verifications) runs out.
    ``watch`` is told of each sum the element construction learns from
    (:class:`~grundy.solve.misere_extend.Lesson`)."""
    if method not in METHODS:
        raise InvalidParameterError(f"method must be one of {', '.join(METHODS)}")
    if isinstance(upto, bool) or not isinstance(upto, int) or upto < 0:
        raise InvalidParameterError(f"the largest heap must be a whole number, got {upto!r}")
    replayed = quotient_rules(game, upto)  # refuses what is not a sum of independent heaps
    rules = HeapRules.of(game, upto)
    oracle = MisereOutcomes(rules, position_limit)
    oracle.meter = meter
    tests: list[Position] = [()]
    learnt: Monoid = BipartiteMonoid(((0,),), frozenset(), (0,) * (upto + 1))
    learner_stages = 0
    for heap in rules.live_heaps:  # Q_n from Q_(n-1): smaller sums are then known exactly
        if meter is not None:
            meter.check()
        known = reduce(learnt)
        if method == "elements":
            try:
                learnt = extend(known, rules, heap, meter, watch)
            except BudgetExceededError:
                raise
            except (NoCandidate, SearchLimitError) as exc:
                if known.size > LEARNER_FALLBACK_SIZE:  # the learner would not finish
                    raise SearchLimitError(
                        f"no verified quotient found for heap {heap} of {rules.label} "
                        f"(|Q| = {known.size} up to heap {heap - 1}): {exc}"
                    ) from exc
                learner_stages += 1
            else:
                if learnt.size > max_size:
                    raise SearchLimitError(f"the quotient has more than {max_size:,} elements")
                continue
        learnt = _learn_stage(oracle, as_tuples(known), heap, tests, max_size)
    padding = (0,) * (upto + 1 - len(learnt.heap_map))
    # the element construction's tables stay arrays until here: converted once
    done = as_tuples(reduce(learnt))
    shown = presentation(BipartiteMonoid(done.table, done.p_portion, (*done.heap_map, *padding)))
    monoid = shown.monoid
    return MisereQuotient(
        game=rules.label,
        kind=replayed.kind,
        rules=replayed.rules,
        upto=upto,
        generator_heaps=shown.generator_heaps,
        normal_forms=shown.normal_forms,
        relations=shown.relations,
        table=monoid.table,
        p_portion=tuple(sorted(monoid.p_portion)),
        heap_map=monoid.heap_map,
        tame=tame_rank(monoid),
        heap_period=heap_period(monoid.heap_map),
        positions_searched=oracle.searched,
        exact_stages=oracle.exact_stages,
        learner_stages=learner_stages,
    )
