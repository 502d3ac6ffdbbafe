"""What one evaluation of a claim expression reads: the values of the claim's variables
for one case (and of the names its comprehensions bind), the facts about positions it may
ask for, and the work its comprehensions have done so far."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from grundy.budget import Meter
from grundy.claims.values import Value
from grundy.games.base import Game

__all__ = ["MAX_SHOWN", "Facts", "Run", "Scope"]

MAX_SHOWN = 40
"""Most values of ``g(...)`` and ``outcome_of(...)`` one evaluation records for a
counterexample: a comprehension may ask thousands, and a counterexample lists the first."""


class Facts(Protocol):
    """What an expression may ask about positions of the claim's game."""

    def grundy(self) -> int | str: ...  # text 'inf{...}': a loopy game's infinite value
    def outcome(self) -> str: ...
    def moves(self) -> tuple[Value, ...]: ...
    def winning_moves(self) -> tuple[Value, ...]: ...
    def grundy_of(self, position: Value) -> int | str: ...
    def outcome_of(self, position: Value) -> str: ...
    def grundy_in(self, game: Game, position: Value) -> int | str: ...
    def outcome_in(self, game: Game, position: Value) -> str: ...


@dataclass(slots=True)
class Scope:
    """The values of the claim's variables for one case, and its position facts.

    ``steps`` counts the values every comprehension's ``for`` has taken in this
    evaluation (a one-item list, shared with the scopes the comprehensions make), so
    nested comprehensions share one limit; ``meter``, when given, is the claim's budget,
    which a comprehension ticks at every step (one step may build a list of 100,000
    items, so the step limit alone does not bound the time).
    """

    values: Mapping[str, Value]
    facts: Facts | None = None
    used: dict[str, Value] = field(default_factory=dict)
    steps: list[int] = field(default_factory=lambda: [0])
    meter: Meter | None = None

    def show(self, label: str, value: Value) -> None:
        """Record a value asked for, to be shown with a counterexample (the first
        :data:`MAX_SHOWN` only)."""
        if len(self.used) < MAX_SHOWN or label in self.used:
            self.used[label] = value

    def with_values(self, values: Mapping[str, Value]) -> Scope:
        """The same evaluation (facts, values shown, steps) with other variable values."""
        return Scope(values, self.facts, self.used, self.steps, self.meter)


Run = Callable[[Scope], Value]
