"""Outcomes of a loopy game in misère play, by retrograde analysis of its move graph.

In misère play the player who cannot move wins.  On a finite graph whose moves may form
cycles every position is then of one of three kinds, found backwards from the ends:

- a position without options is N (the player to move has no move, and so wins);
- a position with an option that is P is N (move there);
- a position all of whose options are N is P (every move hands the opponent a win);
- a position settled by none of these is D: neither player can force a win, and with best
  play the game goes on for ever.

Each position is settled at most once and each edge looked at once from its end, so the
analysis is linear in the size of the graph.  Grundy values are not defined here: a
misère game's outcome in a sum is not decided by values of its parts (even without
cycles), so a misère position of a loopy game has an outcome and no value.
"""

from __future__ import annotations

from collections.abc import Callable

from grundy.solve.loopy_values import LoopyOutcome

__all__ = ["NO_MISERE_VALUES", "misere_outcomes"]

NO_MISERE_VALUES = (
    "Grundy values are not defined for misère play of loopy games; only the outcome (P, N or D) is"
)


def misere_outcomes(
    successors: list[list[int]], check: Callable[[], None] | None = None
) -> tuple[LoopyOutcome, ...]:
    """P, N or D for every vertex of the graph in misère play (see the module's text);
    ``check`` (a budget's) is called every few thousand vertices settled.

    >>> [o.value for o in misere_outcomes([[1], []])]        # 0 -> 1, and 1 ends the game
    ['P', 'N']
    >>> [o.value for o in misere_outcomes([[1], [0], [0]])]  # a two-cycle and a way in
    ['D', 'D', 'D']
    """
    size = len(successors)
    options = [set(row) for row in successors]
    before: list[list[int]] = [[] for _ in range(size)]
    for vertex, row in enumerate(options):
        for option in row:
            before[option].append(vertex)
    outcome: list[LoopyOutcome | None] = [None] * size
    not_yet_n = [len(row) for row in options]  # options not yet known to be N
    settled = [v for v in range(size) if not options[v]]
    for vertex in settled:
        outcome[vertex] = LoopyOutcome.N
    done = 0
    while done < len(settled):
        vertex = settled[done]
        done += 1
        if check is not None and not done & 4095:
            check()
        for parent in before[vertex]:
            if outcome[parent] is not None:
                continue
            if outcome[vertex] is LoopyOutcome.P:
                outcome[parent] = LoopyOutcome.N
                settled.append(parent)
            else:
                not_yet_n[parent] -= 1
                if not not_yet_n[parent]:
                    outcome[parent] = LoopyOutcome.P
                    settled.append(parent)
    return tuple(LoopyOutcome.D if found is None else found for found in outcome)
