"""Z3 encodings of Lucky Nim's block parity (seed 001), over unbounded integers.

With ``M = m + n``, Ω(0) = 0 and, for k ≥ 1, Ω(k) = 1 iff ⌈k / M⌉ is odd.  A turn names a
heap k; the mover's ``x`` and the opponent's ``y`` are revealed *together*, so a winning
number is one fixed before the other's is seen:

(a) the mover, on a heap with Ω = 1, has one x that leaves Ω = 0 whatever y is;
(b) the opponent, on any named heap, has one y that changes Ω whatever x is.

The earlier sequential reading of (b) ("for every x there is a y") lets the opponent see
x; ``sees_x=True`` builds that weaker reading, kept so that tests can show which
mutants it would wrongly let through.  Every builder returns an
:class:`~grundy.verify.z3engine.Encoding`, whose ``holds`` re-checks any model.
Symbolic builders state explicit choices (for example ``y = max(m, r - m)``, r the heap's
place in its block: 1 ≤ r ≤ M); a universally quantified number is a free variable.
For unknown m and n a heap is taken with its coordinates k = p·M + r, so that every
statement stays linear in the unknowns (:class:`_Heap`).

>>> lucky_opponent_flips(2, 4).prove(timeout_ms=10_000).status.value
'proved'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import z3

from grundy.verdict import UNBOUNDED
from grundy.verify.z3engine import Encoding, least_first

__all__ = [
    "block_parity_step",
    "boundary_numbers",
    "lucky_mover_wins",
    "lucky_mover_wins_symbolic",
    "lucky_omega",
    "lucky_opponent_flips",
    "lucky_opponent_flips_symbolic",
    "lucky_writes_n",
    "winning_numbers",
]

Case = Mapping[str, int]


def lucky_omega(heap: int, block: int) -> int:
    """Ω(k) for blocks of length ``block`` (= m + n): 1 iff k ≥ 1 and ⌈k / block⌉ is odd.

    Equivalently, with p the number such that p·M < k ≤ (p+1)·M, Ω(k) = 1 iff p is even.

    >>> [lucky_omega(k, 6) for k in (0, 1, 6, 7, 12, 13)]
    [0, 1, 1, 0, 0, 1]
    """
    return int(heap >= 1 and ((heap - 1) // block) % 2 == 0)


def _omega(heap: z3.ArithRef, block: z3.ArithRef | int) -> z3.BoolRef:
    """Ω(heap) = 1 as a Z3 condition.

    For a fixed block B it is written ``(k - 1) mod 2B < B``, the same condition as
    "``(k - 1) div B`` is even" with one remainder in place of a remainder of a quotient:
    with ``k - 1 = 2B·q + r``, ``0 <= r < 2B``, the quotient ``(k - 1) div B`` is
    ``2q + (r div B)``, even exactly when ``r < B`` (a test has Z3 prove the two equal).
    cvc5, the second solver, decides the one-remainder form at once and not the nested
    one (bench/SECOND_SOLVER.md).  For a block m + n of unknown numbers the statements
    read Ω off the heap's coordinates instead (:class:`_Heap`); only the boundary
    heap k = m + n, which cvc5 decides, still divides here.
    """
    if isinstance(block, int):
        return z3.And(heap >= 1, (heap - 1) % (2 * block) < block)
    return z3.And(heap >= 1, ((heap - 1) / block) % 2 == 0)


def _left(heap: z3.ArithRef, taken: z3.ArithRef | int) -> z3.ArithRef:
    return z3.If(heap - taken > 0, heap - taken, 0)


def _fixed_scope(low: int, high: int, numbers: Sequence[int]) -> str:
    shown = f"numbers {set(numbers)}" if list(numbers) != list(range(low, high + 1)) else ""
    return f"unbounded heap k, with m = {low}, n = {high}" + (f", {shown}" if shown else "")


# -- fixed m, n: every heap size ----------------------------------------------------------------


def lucky_mover_wins(low: int, high: int, block: int | None = None) -> Encoding:
    """(a) From Ω(k) = 1 the mover has x in [m, n] with Ω(max(k - x - y, 0)) = 0 for every
    y in [m, n].  ``block`` defaults to m + n (another value gives a mutant)."""
    block = low + high if block is None else block
    k = z3.Int("k")
    choices = range(low, high + 1)
    goal = z3.Implies(
        z3.And(k >= 0, _omega(k, block)),
        z3.Or(
            *[z3.And(*[z3.Not(_omega(_left(k, x + y), block)) for y in choices]) for x in choices]
        ),
    )

    def holds(case: Case) -> bool:
        heap = case["k"]
        if heap < 0 or not lucky_omega(heap, block):
            return True
        return any(
            all(not lucky_omega(max(heap - x - y, 0), block) for y in choices) for x in choices
        )

    return Encoding("lucky-mover", goal, (k,), holds, _fixed_scope(low, high, choices))


def lucky_writes_n(low: int, high: int) -> Encoding:
    """Mutant: from Ω(k) = 1, writing x = n always leaves Ω = 0 (the notes' overshoot)."""
    block = low + high
    k = z3.Int("k")
    choices = range(low, high + 1)
    goal = z3.Implies(
        z3.And(k >= 0, _omega(k, block)),
        z3.And(*[z3.Not(_omega(_left(k, high + y), block)) for y in choices]),
    )

    def holds(case: Case) -> bool:
        heap = case["k"]
        if heap < 0 or not lucky_omega(heap, block):
            return True
        return all(not lucky_omega(max(heap - high - y, 0), block) for y in choices)

    return Encoding("lucky-writes-n", goal, (k,), holds, _fixed_scope(low, high, choices))


def lucky_opponent_flips(
    low: int, high: int, numbers: Sequence[int] | None = None, *, sees_x: bool = False
) -> Encoding:
    """(b) On every heap k ≥ 1 the opponent has one y that changes Ω whatever x is:
    ∃y ∀x Ω(max(k - x - y, 0)) ≠ Ω(k), over ``numbers`` (default [m, n]; blocks of m + n).

    ``sees_x`` swaps the quantifiers (∀x ∃y): the sequential reading, for tests only."""
    numbers = tuple(range(low, high + 1) if numbers is None else numbers)
    block = low + high
    k = z3.Int("k")

    def flips(x: int, y: int) -> z3.BoolRef:
        return _omega(_left(k, x + y), block) != _omega(k, block)

    if sees_x:
        body = z3.And(*[z3.Or(*[flips(x, y) for y in numbers]) for x in numbers])
    else:
        body = z3.Or(*[z3.And(*[flips(x, y) for x in numbers]) for y in numbers])
    goal = z3.Implies(k >= 1, body)

    def holds(case: Case) -> bool:
        heap = case["k"]
        if heap < 1:
            return True
        before = lucky_omega(heap, block)

        def beats(x: int, y: int) -> bool:
            return lucky_omega(max(heap - x - y, 0), block) != before

        if sees_x:
            return all(any(beats(x, y) for y in numbers) for x in numbers)
        return any(all(beats(x, y) for x in numbers) for y in numbers)

    return Encoding("lucky-opponent", goal, (k,), holds, _fixed_scope(low, high, numbers))


# -- symbolic 1 <= m <= n ----------------------------------------------------------------------


def _symbolic(*names: str) -> tuple[z3.ArithRef, ...]:
    return tuple(z3.Int(name) for name in names)


@dataclass(frozen=True, slots=True)
class _Heap:
    """A named heap ``k`` ≥ 1 in the notes' coordinates, for blocks of unknown length M:
    k = p·M + r with p ≥ 0 and 1 ≤ r ≤ M (r is the heap's place in its block, and
    Ω(k) = 1 iff p is even).

    The statements for unknown m and n are written in these coordinates, not with
    ``(k - 1) div M``: the quotient by a sum of unknowns is non-linear integer
    arithmetic, which cvc5 (the second solver) does not decide and Z3 does.  What a move
    leaves is read off the coordinates alone: taking t counters with 0 ≤ t < 2M leaves
    k - t in block p, p - 1 or p - 2, whichever puts r - t + jM in [1, M]; a block
    below 0 means the heap is emptied (Ω = 0).  Every term is then linear in the
    unknowns; the one product, ``k = p·M + r``, only ties k to its coordinates (so that
    a counterexample names its heap), and the goals never need it.  Every k ≥ 1 has
    such coordinates, so nothing is lost; that the reading agrees with Ω computed by
    division is proved by Z3 in a test, and every model is re-checked by the plain twin.
    """

    k: z3.ArithRef
    p: z3.ArithRef
    r: z3.ArithRef
    block: z3.ArithRef

    @classmethod
    def named(cls, k: z3.ArithRef, block: z3.ArithRef) -> _Heap:
        return cls(k, z3.Int("p"), z3.Int("r"), block)

    def premises(self) -> list[z3.BoolRef]:
        return [
            self.p >= 0,
            self.r >= 1,
            self.r <= self.block,
            self.k == self.p * self.block + self.r,
        ]

    def omega_after(self, taken: z3.ArithRef | int) -> z3.BoolRef:
        """Ω(max(k - taken, 0)), for 0 ≤ taken < 2M (:meth:`within` says so)."""
        p, there = self.p, self.r - taken
        return z3.If(
            there >= 1,
            p % 2 == 0,
            z3.If(there >= 1 - self.block, z3.And(p >= 1, p % 2 == 1), z3.And(p >= 2, p % 2 == 0)),
        )

    def within(self, taken: z3.ArithRef | int) -> z3.BoolRef:
        """That :meth:`omega_after` reads ``taken`` right: 0 ≤ taken < 2M, from the
        place r.  Each goal proves it for the numbers it takes, so that a reading out of
        range cannot make a goal hold."""
        there = self.r - taken
        return z3.And(there <= self.block, there >= 1 - 2 * self.block)


def _plain_place(k: int, block: int) -> int:
    return k - ((k - 1) // block) * block


def _off_coordinates(case: Case, block: int) -> bool:
    """Whether the case's p and r are not the heap k's coordinates (k = p·M + r, p ≥ 0,
    1 ≤ r ≤ M): the statements speak only of true coordinates, so such a case holds."""
    vp, vr = case["p"], case["r"]
    return not (vp >= 0 and 1 <= vr <= block and case["k"] == vp * block + vr)


def _named_first(variables: tuple[z3.ArithRef, ...]) -> list[z3.ArithRef]:
    """The order of counterexamples: by the statement's own numbers (m, n, k, ...), the
    coordinates p and r following from k."""
    return least_first([v for v in variables if str(v) not in ("p", "r")])


def _zmax(a: z3.ArithRef, b: z3.ArithRef) -> z3.ArithRef:
    return z3.If(a > b, a, b)


def lucky_mover_wins_symbolic(*, subtract: str = "m") -> Encoding:
    """(a) for all 1 ≤ m ≤ n and every k with Ω(k) = 1: x = max(m, r - m) is in [m, n] and
    every reply y in [m, n] leaves Ω = 0.  ``subtract="n"`` gives the mutant
    x = max(m, r - n)."""
    m, n, k, y = _symbolic("m", "n", "k", "y")
    heap = _Heap.named(k, m + n)
    x = _zmax(m, heap.r - (m if subtract == "m" else n))
    goal = z3.Implies(
        z3.And(m >= 1, m <= n, k >= 1, *heap.premises(), heap.omega_after(0), y >= m, y <= n),
        z3.And(x >= m, x <= n, heap.within(x + y), z3.Not(heap.omega_after(x + y))),
    )

    def holds(case: Case) -> bool:
        vm, vn, vk, vy = case["m"], case["n"], case["k"], case["y"]
        if not (1 <= vm <= vn and vk >= 1 and vm <= vy <= vn and lucky_omega(vk, vm + vn)):
            return True
        if _off_coordinates(case, vm + vn):
            return True
        vx = max(vm, _plain_place(vk, vm + vn) - (vm if subtract == "m" else vn))
        return vm <= vx <= vn and not lucky_omega(max(vk - vx - vy, 0), vm + vn)

    variables = (m, n, k, y, heap.p, heap.r)
    return Encoding(
        "lucky-mover-symbolic", goal, variables, holds, UNBOUNDED, _named_first(variables)
    )


def lucky_opponent_flips_symbolic(*, guesses_x: bool = False, sees_x: bool = False) -> Encoding:
    """(b) for all 1 ≤ m ≤ n, every k ≥ 1 and every x in [m, n]: the answer
    y = max(m, r - m), fixed without knowing x, is in [m, n] and changes Ω.

    ``guesses_x`` gives the mutant that answers with the sequential reply
    y = max(m, r - g) to a guess g of x (any g in [m, n]); ``sees_x`` makes the guess
    right (g = x), the sequential reading under which that reply always works."""
    m, n, k, x, guess = _symbolic("m", "n", "k", "x", "g")
    heap = _Heap.named(k, m + n)
    known = x if sees_x else guess
    y = _zmax(m, heap.r - (known if guesses_x else m))
    ranges = [m >= 1, m <= n, k >= 1, *heap.premises(), x >= m, x <= n]
    if guesses_x and not sees_x:
        ranges += [guess >= m, guess <= n]
    changes = heap.omega_after(x + y) != heap.omega_after(0)
    goal = z3.Implies(z3.And(*ranges), z3.And(y >= m, y <= n, heap.within(x + y), changes))
    named = (m, n, k, x, guess) if guesses_x and not sees_x else (m, n, k, x)
    variables = (*named, heap.p, heap.r)

    def holds(case: Case) -> bool:
        vm, vn, vk, vx = case["m"], case["n"], case["k"], case["x"]
        vg = vx if sees_x else case.get("g", vm)
        if not (1 <= vm <= vn and vk >= 1 and vm <= vx <= vn and vm <= vg <= vn):
            return True
        if _off_coordinates(case, vm + vn):
            return True
        vy = max(vm, _plain_place(vk, vm + vn) - (vg if guesses_x else vm))
        block_k = vm + vn
        changed = lucky_omega(max(vk - vx - vy, 0), block_k) != lucky_omega(vk, block_k)
        return vm <= vy <= vn and changed

    return Encoding(
        "lucky-opponent-symbolic", goal, variables, holds, UNBOUNDED, _named_first(variables)
    )


def block_parity_step(
    *,
    guesses_x: bool = False,
    sees_x: bool = False,
    omega: Callable[[z3.ArithRef, z3.ArithRef], z3.BoolRef] | None = None,
) -> tuple[Encoding, ...]:
    """The induction step of block parity, for all 1 ≤ m ≤ n, as three goals over a named
    heap k ≥ 1 and the parity e of Ω over the other heaps:

    * if Ω(k) + e is odd and Ω(k) = 1 (an odd sum has such a heap), the mover's
      x = max(m, r - m) makes the sum even whatever y is;
    * if the sum is even, for whichever heap is named the opponent's y = max(m, r - m)
      makes it odd whatever x is;
    * every turn takes at least one counter from the named heap (so the induction on the
      number of counters is well founded).

    ``guesses_x``: the mutant whose opponent answers y = max(m, r - g) to a guess g of x;
    with ``sees_x`` the guess is right (g = x), the sequential reading, for tests.
    ``omega``, given, replaces Ω(heap, M) of what each move leaves (a test gives an
    arbitrary predicate, to show the premises alone do not make the goals hold); by
    default Ω is read off the named heap's coordinates (:class:`_Heap`).
    """
    m, n, k, e, x, y, guess = _symbolic("m", "n", "k", "e", "x", "y", "g")
    block = m + n
    heap = _Heap.named(k, block)
    chosen = _zmax(m, heap.r - m)
    if sees_x:
        guess = x
    answer = _zmax(m, heap.r - (guess if guesses_x else m))

    def reads(taken: z3.ArithRef | int) -> z3.BoolRef:
        """Ω of what taking ``taken`` counters leaves."""
        if omega is None:
            return heap.omega_after(taken)
        return omega(_left(k, taken), block)

    def within(taken: z3.ArithRef) -> z3.BoolRef:
        return heap.within(taken) if omega is None else z3.BoolVal(True)

    def odd(taken: z3.ArithRef | int) -> z3.BoolRef:
        return z3.If(reads(taken), 1, 0) + e == 1

    pre = [m >= 1, m <= n, k >= 1, *heap.premises(), z3.Or(e == 0, e == 1)]
    pre += [x >= m, x <= n, y >= m, y <= n]
    if guesses_x and not sees_x:
        pre += [guess >= m, guess <= n]
    goals = {
        "mover": z3.Implies(
            z3.And(odd(0), reads(0)),
            z3.And(chosen >= m, chosen <= n, within(chosen + y), z3.Not(odd(chosen + y))),
        ),
        "opponent": z3.Implies(
            z3.Not(odd(0)),
            z3.And(answer >= m, answer <= n, within(x + answer), odd(x + answer)),
        ),
        "progress": _left(k, x + y) < k,
    }
    guessing = guesses_x and not sees_x
    named = (m, n, k, e, x, y, guess) if guessing else (m, n, k, e, x, y)
    variables = (*named, heap.p, heap.r)

    def plain(part: str) -> Callable[[Case], bool]:
        def holds(case: Case) -> bool:
            vm, vn, vk, ve, vx, vy = (case[v] for v in ("m", "n", "k", "e", "x", "y"))
            vg = vx if sees_x else case.get("g", vm)
            ranges = 1 <= vm <= vn and vk >= 1 and ve in (0, 1)
            if not (ranges and vm <= vx <= vn and vm <= vy <= vn and vm <= vg <= vn):
                return True
            size = vm + vn
            if _off_coordinates(case, size):
                return True
            r = _plain_place(vk, size)

            def plain_odd(heap: int) -> bool:
                return lucky_omega(heap, size) + ve == 1

            if part == "mover":
                vc = max(vm, r - vm)
                return not (plain_odd(vk) and lucky_omega(vk, size)) or (
                    vm <= vc <= vn and not plain_odd(max(vk - vc - vy, 0))
                )
            if part == "opponent":
                va = max(vm, r - (vg if guesses_x else vm))
                return plain_odd(vk) or (vm <= va <= vn and plain_odd(max(vk - vx - va, 0)))
            return max(vk - vx - vy, 0) < vk

        return holds

    return tuple(
        Encoding(
            f"lucky-block-parity-step-{part}",
            z3.Implies(z3.And(*pre), goal),
            variables,
            plain(part),
            UNBOUNDED,
            _named_first(variables),
        )
        for part, goal in goals.items()
    )


# -- the winning numbers of both players -----------------------------------------------------


def winning_numbers(spread: str = "m") -> Encoding:
    """For all 1 ≤ m ≤ n and every heap k ≥ 1: a number z in [m, n] changes Ω(k) whatever
    the other player's number w in [m, n] is exactly when z is in F(k): z + m ≥ k if
    k ≤ M, r - m ≤ z ≤ r + m - 1 otherwise.  By block parity these are the mover's
    winning numbers on heap k in an N-position and the opponent's winning answers to
    heap k in a P-position (the statement is the same for both, as x + y is symmetric).
    A number outside F(k) is shown beaten by the other's m or n; one inside wins against
    a free w.  ``spread="n"``: the mutant F'(k) (z + n ≥ k, r - n ≤ z ≤ r + n - 1), the
    numbers that change Ω against *some* w, which a player who saw w could use."""
    m, n, k, z, w = _symbolic("m", "n", "k", "z", "w")
    heap = _Heap.named(k, m + n)
    r = heap.r
    width = m if spread == "m" else n
    # k <= M exactly in the first block (p = 0), where k = r
    admitted = z3.If(heap.p == 0, z + width >= r, z3.And(r - width <= z, z <= r + width - 1))

    def changes(total: z3.ArithRef) -> z3.BoolRef:
        return heap.omega_after(total) != heap.omega_after(0)

    goal = z3.Implies(
        z3.And(m >= 1, m <= n, k >= 1, *heap.premises(), z >= m, z <= n, w >= m, w <= n),
        z3.And(
            heap.within(z + w),
            heap.within(z + m),
            heap.within(z + n),
            z3.Implies(admitted, changes(z + w)),
            z3.Implies(z3.Not(admitted), z3.Or(z3.Not(changes(z + m)), z3.Not(changes(z + n)))),
        ),
    )

    def holds(case: Case) -> bool:
        vm, vn, vk, vz, vw = (case[v] for v in ("m", "n", "k", "z", "w"))
        if not (1 <= vm <= vn and vk >= 1 and vm <= vz <= vn and vm <= vw <= vn):
            return True
        size = vm + vn
        if _off_coordinates(case, size):
            return True
        place = _plain_place(vk, size)
        before = lucky_omega(vk, size)
        wins = all(
            lucky_omega(max(vk - vz - other, 0), size) != before for other in range(vm, vn + 1)
        )
        spread_v = vm if spread == "m" else vn
        rule = vz + spread_v >= vk if vk <= size else place - spread_v <= vz <= place + spread_v - 1
        return wins == rule

    variables = (m, n, k, z, w, heap.p, heap.r)
    return Encoding(
        "lucky-winning-numbers", goal, variables, holds, UNBOUNDED, _named_first(variables)
    )


def boundary_numbers(answers: str = "only-n") -> Encoding:
    """At a heap of exactly k = m + n (the case the notes' split k < m + n / k > m + n
    leaves out), for all 1 ≤ m ≤ n: the number n wins for either player (it empties the
    heap whatever the other shows) and any number below n is beaten by the other's m
    (it leaves n - number ≥ 1 counters, a heap with Ω = 1).  ``answers="every"``: the
    mutant that every answer wins there (each empties the heap when x = n)."""
    m, n, num, other = _symbolic("m", "n", "num", "other")
    k = m + n
    claimed_winner = num == n if answers == "only-n" else num >= m
    empties = _left(k, num + other) == 0
    beaten_by_m = _omega(_left(k, num + m), k)
    goal = z3.Implies(
        z3.And(m >= 1, m <= n, num >= m, num <= n, other >= m, other <= n),
        z3.And(
            z3.Implies(claimed_winner, empties), z3.Implies(z3.Not(claimed_winner), beaten_by_m)
        ),
    )

    def holds(case: Case) -> bool:
        vm, vn, vnum, vother = (case[v] for v in ("m", "n", "num", "other"))
        if not (1 <= vm <= vn and vm <= vnum <= vn and vm <= vother <= vn):
            return True
        size = vm + vn
        claimed = vnum == vn if answers == "only-n" else vnum >= vm
        if claimed:
            return max(size - vnum - vother, 0) == 0
        return bool(lucky_omega(max(size - vnum - vm, 0), size))

    return Encoding("lucky-boundary", goal, (m, n, num, other), holds, UNBOUNDED)
