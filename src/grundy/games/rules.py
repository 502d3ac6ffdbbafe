"""The rules of each catalogue game in prose, as a lecturer states them to a class.

The catalogue's one-line summaries speak to someone at a terminal (they name options and
codes); these say how the game is played, for the handout's definitions part.  Keyed by
catalogue name; a game with no entry here has no rules in prose yet.
"""

from __future__ import annotations

__all__ = ["RULES", "rules_of"]

RULES: dict[str, str] = {
    "nim": (
        "Nim is played on a few heaps of counters. On a turn a player chooses one heap "
        "and takes away as many counters from it as they like, at least one and at most "
        "the whole heap."
    ),
    "subtraction": (
        "A subtraction game S(s₁, ..., sₖ) is played on heaps of counters. On a turn a "
        "player takes exactly s counters from one heap, where s is one of the numbers "
        "s₁, ..., sₖ and the heap holds at least s counters."
    ),
    "take-away": (
        "The take-away game starts from a pile of chips (21 in the slides). The players "
        "take turns removing 1, 2 or 3 chips from the pile."
    ),
    "kayles": (
        "Kayles is played on rows of pins standing side by side. On a turn a player "
        "knocks down either one pin or two pins next to each other; a row may be split "
        "into two shorter rows."
    ),
    "dawsons-kayles": (
        "Dawson's Kayles is played on rows of pins. On a turn a player knocks down two "
        "pins next to each other, which may split a row into two."
    ),
    "dawsons-chess": (
        "Dawson's chess, played on heaps: a player may take a heap of 1 away, take 2 "
        "from a heap leaving at most one heap, or take 3 from a heap and split what is "
        "left into at most two heaps."
    ),
    "grundys-game": (
        "Grundy's game is played on heaps of counters. On a turn a player splits one "
        "heap into two non-empty heaps of different sizes; heaps of 1 and 2 can no longer "
        "be split."
    ),
    "chomp": (
        "Chomp is played on a rectangular bar of chocolate whose top-left square is "
        "poisoned. On a turn a player picks a remaining square and eats it together with "
        "every square below it and to its right. The player who has to eat the poisoned "
        "square loses (equivalently: the poisoned square is never eaten, and the player "
        "left with it alone has no move)."
    ),
    "beer-can": (
        "In the beer-can game the players take turns placing a can on a free spot of a "
        "round table; cans may not overlap or hang over the edge."
    ),
    "hackenbush": (
        "Green Hackenbush is played on a picture of edges, some attached to the ground. "
        "On a turn a player erases one edge; every edge no longer connected to the "
        "ground falls away with it."
    ),
    "wythoff": (
        "Wythoff's game is played on two heaps. On a turn a player takes any number of "
        "counters from one heap, or the same number from both heaps."
    ),
    "euclid": (
        "Euclid's game starts from two positive whole numbers. On a turn a player "
        "subtracts a positive multiple of the smaller number from the larger one, "
        "leaving it non-negative; the player who reaches 0 wins."
    ),
    "lucky-nim": (
        "Lucky Nim is played on heaps of counters with two numbers m < n fixed in "
        "advance. On a turn the player to move names a heap; then both players, at the "
        "same time, write down a number between m and n, and the named heap loses the "
        "sum of the two numbers (or all its counters, if it has fewer)."
    ),
    "gale-nim": (
        "Gale's Nim is Nim that stops early: the game ends as soon as at most a fixed "
        "number of heaps are non-empty, and the player who made that happen wins."
    ),
    "moore-nim": (
        "Moore's Nim with parameter k: on a turn a player takes counters from at least "
        "one and at most k heaps at once, any number from each (k = 1 is Nim)."
    ),
    "staircase-nim": (
        "Staircase Nim is played with coins on the steps of a staircase. On a turn a "
        "player moves one or more coins from one step down to the next step; coins moved "
        "off the bottom step leave the game."
    ),
    "fibonacci-nim": (
        "Fibonacci Nim is played on one heap. The first player takes at least one "
        "counter but not the whole heap; after that each player takes at least one "
        "counter and at most twice what the other player just took."
    ),
    "poset": (
        "A poset game is played on a finite partially ordered set. On a turn a player "
        "removes one remaining element together with every element above it."
    ),
    "digraph": (
        "Tokens sit on the vertices of a directed graph, and on a turn a player slides "
        "one token along an arrow. The graph may have cycles, so a game need not end."
    ),
    "fair-shares": (
        "A move splits a heap into equal parts or joins two different heaps; moves can "
        "undo each other, so a game need not end."
    ),
}


def rules_of(name: str) -> str:
    """The rules of the catalogue game ``name`` in prose ('' when none are written).

    >>> rules_of("nim").startswith("Nim is played")
    True
    """
    return RULES.get(name, "")
