"""Poset games: pick a remaining element and remove it with everything above it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from grundy.errors import InvalidParameterError, InvalidPositionError, brief
from grundy.games.base import parse_int_tokens
from grundy.games.labelled import LabelledGame
from grundy.games.params import Param, ParamKind
from grundy.validate import whole_from_text

__all__ = ["PosetGame", "parse_relations"]

Elements = tuple[int, ...]


class PosetGame(LabelledGame):
    """The game on a finite partially ordered set, given by relations ``a<b``.

    The option ``--relations "1<2,1<3,2<4"`` lists pairs ``a<b`` separated by commas
    (spaces are ignored); the order is the smallest one containing them (their transitive
    closure).  A bare label such as ``5`` adds an element related to nothing.  The
    elements are the whole numbers that appear.  Relations that form a cycle (``1<2,2<1``
    or ``1<1``) are rejected: they describe no partial order.

    A position is the set of elements still in play, written as their labels in any
    order (canonical: sorted, without repeats); the whole poset is the start, meant when no
    position is written (and by ``all`` on the command line).  Naming a number that is not
    an element is an error that lists it.  A move picks a remaining element ``x``
    and removes ``x`` and every remaining element above it.  The player who cannot move
    (nothing remains) loses in normal play.

    Chomp on an ``m x n`` board is the poset game on the product of two chains with its
    least element (the poisoned square) removed.

    >>> game = PosetGame("1<2, 1<3, 2<4")
    >>> sorted(game.moves((1, 2, 3, 4)))
    [(), (1, 2, 3), (1, 2, 4), (1, 3)]
    """

    name = "poset"
    summary = "remove a remaining element and everything above it in a finite partial order"
    position_help = "the remaining elements (none, or 'all': the whole poset)"
    params = (
        Param(
            "relations",
            ParamKind.TEXT,
            'relations a<b separated by commas (closed transitively), e.g. "1<2,1<3,2<4"',
            metavar='"A<B,..."',
        ),
    )

    def __init__(self, relations: str) -> None:
        self.relations_text = relations
        elements, pairs = parse_relations(relations)
        self.elements: Elements = elements
        above: dict[int, set[int]] = {element: {element} for element in elements}
        changed = True
        for low, high in pairs:
            above[low].add(high)
        while changed:  # transitive closure; tiny posets, so the simple loop is enough
            changed = False
            for element in elements:
                reach = set().union(*(above[other] for other in above[element]))
                if reach != above[element]:
                    above[element] = reach
                    changed = True
        for element in elements:
            for other in above[element]:
                if other != element and element in above[other]:
                    raise InvalidParameterError(
                        f"relations {brief(relations)} form a cycle through {element} and {other}, "
                        "so they are not a partial order"
                    )
        self.up_sets: dict[int, frozenset[int]] = {
            element: frozenset(reach) for element, reach in above.items()
        }

    def options(self) -> dict[str, Any]:
        return {"relations": self.relations_text}

    def less_or_equal(self, low: int, high: int) -> bool:
        """Whether ``low <= high`` in the order."""
        return high in self.up_sets[low]

    def labelled_moves(self, position: Elements) -> Iterator[tuple[Elements, str]]:
        remaining = frozenset(position)
        for element in sorted(remaining):
            removed = self.up_sets[element] & remaining
            yield tuple(sorted(remaining - removed)), f"take {element}"

    def canonical(self, position: Elements) -> Elements:
        return tuple(sorted(set(position)))

    def describe_move(self, position: Elements, option: Any) -> str:
        removed = set(position) - set(option)
        lowest = [
            x for x in removed if not any(y != x and self.less_or_equal(y, x) for y in removed)
        ]
        return (
            f"take {min(lowest)}" if len(lowest) == 1 else super().describe_move(position, option)
        )

    def start(self) -> Elements:
        """The whole poset: the position when none is written (or ``all``)."""
        return self.elements

    def parse(self, tokens: Sequence[str]) -> Elements:
        if not tokens or [str(token).strip().lower() for token in tokens] == ["all"]:
            return self.start()
        return self.from_value(parse_int_tokens(tokens))

    def from_value(self, value: Any) -> Elements:
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        if not isinstance(value, (list, tuple, set, frozenset)):
            raise InvalidPositionError(f"poset position must list elements, got {brief(value)}")
        for element in value:
            if isinstance(element, bool) or not isinstance(element, int):
                raise InvalidPositionError(
                    f"poset elements are whole numbers, got {brief(element)}"
                )
        strangers = sorted(set(value) - self.up_sets.keys())
        if strangers:
            shown = ", ".join(map(str, strangers[:10])) + (", ..." if len(strangers) > 10 else "")
            raise InvalidPositionError(
                f"{'these are not elements' if len(strangers) > 1 else 'this is not an element'}"
                f" of the poset: {shown} (its elements: {', '.join(map(str, self.elements))})"
            )
        return tuple(sorted(set(value)))

    def format(self, position: Elements) -> str:
        return "{" + ",".join(map(str, position)) + "}"

    def to_json(self, position: Elements) -> list[int]:
        return list(position)


MAX_ELEMENTS = 300
"""Most elements a poset may have (the transitive closure alone is cubic in it)."""


def parse_relations(text: str) -> tuple[Elements, list[tuple[int, int]]]:
    """The elements and the pairs ``(low, high)`` of a relations text.

    >>> parse_relations("1<2, 2<3, 7")
    ((1, 2, 3, 7), [(1, 2), (2, 3)])
    """
    elements: set[int] = set()
    pairs: list[tuple[int, int]] = []
    pieces = [piece.strip() for piece in str(text).split(",") if piece.strip()]
    if not pieces:
        raise InvalidParameterError('option --relations needs at least one element, e.g. "1<2"')
    for piece in pieces:
        labels = [label.strip() for label in piece.split("<")]
        if len(labels) > 2:
            raise InvalidParameterError(f"write one relation a<b per comma, got {brief(piece)}")
        read = [whole_from_text(x, "option --relations", InvalidParameterError) for x in labels]
        numbers = [number for number in read if number is not None]
        if len(numbers) != len(labels):
            raise InvalidParameterError(
                f"relation {brief(piece)} must be two whole numbers a<b (option --relations)"
            )
        if len(numbers) == 2:
            if numbers[0] == numbers[1]:
                raise InvalidParameterError(
                    f"relation {brief(piece)} puts an element below itself (option --relations)"
                )
            pairs.append((numbers[0], numbers[1]))
        elements.update(numbers)
        if len(elements) > MAX_ELEMENTS:
            raise InvalidParameterError(
                f"the poset has more than {MAX_ELEMENTS:,} elements, the most a poset game "
                "takes (its closure and positions grow far faster than its size)"
            )
    return tuple(sorted(elements)), pairs
